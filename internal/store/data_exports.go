package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"noces/internal/model"
)

const dataExportColumns = `id, user_id, state, blob_key, byte_size, created_at, ready_at, expires_at`

// CreateDataExport records a pending export. It returns false, and writes
// nothing, when the user already has one pending: one export at a time is
// the partial unique index data_exports_one_pending, so two concurrent
// requests cannot both start one.
func (s *Store) CreateDataExport(ctx context.Context, e model.DataExport) (bool, error) {
	res, err := s.q.ExecContext(ctx, `INSERT INTO data_exports (`+dataExportColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
		e.ID, e.UserID, e.State, e.BlobKey, e.ByteSize, e.CreatedAt, e.ReadyAt, e.ExpiresAt)
	if err != nil {
		return false, fmt.Errorf("store: create data export: %w", err)
	}
	return affected(res) == 1, nil
}

// GetDataExport returns one export (ErrNotFound when missing).
func (s *Store) GetDataExport(ctx context.Context, id string) (model.DataExport, error) {
	var e model.DataExport
	err := s.q.GetContext(ctx, &e, `SELECT `+dataExportColumns+` FROM data_exports WHERE id = $1`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return e, ErrNotFound
	}
	if err != nil {
		return e, fmt.Errorf("store: get data export: %w", err)
	}
	return e, nil
}

// GetLatestDataExport returns the user's newest export (ErrNotFound when it
// has none).
func (s *Store) GetLatestDataExport(ctx context.Context, userID string) (model.DataExport, error) {
	var e model.DataExport
	err := s.q.GetContext(ctx, &e, `SELECT `+dataExportColumns+` FROM data_exports WHERE user_id = $1
		ORDER BY created_at DESC, id DESC LIMIT 1`, userID)
	if errors.Is(err, sql.ErrNoRows) {
		return e, ErrNotFound
	}
	if err != nil {
		return e, fmt.Errorf("store: latest data export: %w", err)
	}
	return e, nil
}

// MarkDataExportReady records the built zip of a pending export; false when
// it was no longer pending (another run finished it first, or it expired).
func (s *Store) MarkDataExportReady(ctx context.Context, id, key string, size int64, at, expires time.Time) (bool, error) {
	res, err := s.q.ExecContext(ctx, `UPDATE data_exports SET state = 'ready', blob_key = $2, byte_size = $3, ready_at = $4, expires_at = $5
		WHERE id = $1 AND state = 'pending'`, id, key, size, at, expires)
	if err != nil {
		return false, fmt.Errorf("store: data export ready: %w", err)
	}
	return affected(res) == 1, nil
}

// MarkDataExportFailed ends a pending export that could not be built, so the
// user may ask again.
func (s *Store) MarkDataExportFailed(ctx context.Context, id string) error {
	if _, err := s.q.ExecContext(ctx, `UPDATE data_exports SET state = 'failed' WHERE id = $1 AND state = 'pending'`, id); err != nil {
		return fmt.Errorf("store: data export failed: %w", err)
	}
	return nil
}

// ListDataExportsToDelete returns, oldest first, up to limit exports whose
// time is over (expires_at before now), those of closed accounts (their
// personal data is erased, the zip must go too), and the ready exports of
// userID other than keepID, which a newer export replaced. userID may be
// empty.
func (s *Store) ListDataExportsToDelete(ctx context.Context, now time.Time, userID, keepID string, limit int) ([]model.DataExport, error) {
	var out []model.DataExport
	err := s.q.SelectContext(ctx, &out, `SELECT `+dataExportColumns+` FROM data_exports e
		WHERE e.expires_at < $1 OR (e.user_id = $2 AND e.id <> $3 AND e.state <> 'pending')
			OR EXISTS (SELECT 1 FROM users u WHERE u.id = e.user_id AND u.deleted_at IS NOT NULL)
		ORDER BY e.expires_at, e.id LIMIT $4`, now, userID, keepID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: expired data exports: %w", err)
	}
	return out, nil
}

// DeleteDataExport removes an export's row; its file is listed for deletion
// by the caller in the same transaction.
func (s *Store) DeleteDataExport(ctx context.Context, id string) error {
	if _, err := s.q.ExecContext(ctx, `DELETE FROM data_exports WHERE id = $1`, id); err != nil {
		return fmt.Errorf("store: delete data export: %w", err)
	}
	return nil
}

// ExportSection is one table of a provider's data export: its columns and
// the query that reads only the provider's rows ($1 is the user's id).
type ExportSection struct {
	Name    string
	Columns []string
	query   string
}

// exportSections are the tables of an export, in the order of the zip. Each
// query filters on the owner: nothing of anyone else can come out. A couple's
// contact details are the provider's only once it unlocked the request, as
// in the inbox.
var exportSections = []ExportSection{
	{Name: "requests", Columns: []string{"request_id", "received_at", "seen_at", "unlocked_at", "rejected_at", "rejection_reason",
		"refunded_at", "refund_reason", "booked_at", "venue_id", "project_id", "event_type", "event_date", "service_type", "event_location",
		"event_city", "event_zipcode", "event_country", "budget_range", "guest_range", "languages", "has_theme", "wedding_theme",
		"message", "couple_firstname", "couple_lastname", "couple_email", "couple_phone"},
		query: `SELECT r.id, r.created_at, r.seen_at, r.unlocked_at, r.rejected_at, r.rejection_reason, r.refunded_at, r.refund_reason, r.booked_at,
			r.venue_id, p.id, p.event_type, p.event_date, p.service_type, p.event_location, p.event_city, p.event_zipcode,
			p.event_country, p.budget_range, p.guest_range, {{languages}}, CASE WHEN p.has_theme THEN 'true' ELSE 'false' END,
			p.wedding_theme, p.message, p.firstname,
			CASE WHEN r.unlocked_at IS NOT NULL THEN p.lastname ELSE '' END,
			CASE WHEN r.unlocked_at IS NOT NULL THEN p.email ELSE '' END,
			CASE WHEN r.unlocked_at IS NOT NULL THEN p.phone ELSE '' END
			FROM event_requests r JOIN projects p ON p.id = r.project_id
			WHERE r.provider_id = $1 ORDER BY r.created_at, r.id`},
	{Name: "conversations", Columns: []string{"request_id", "message_id", "sender", "body", "sent_at", "read_at"},
		query: `SELECT m.request_id, m.id, m.sender, m.body, m.created_at, m.read_at
			FROM messages m JOIN event_requests r ON r.id = m.request_id
			WHERE r.provider_id = $1 ORDER BY m.request_id, m.created_at, m.id`},
	{Name: "reviews", Columns: []string{"review_id", "rating", "title", "body", "reviewer_name", "reviewer_type", "wedding_date",
		"status", "received_at", "moderated_at", "verified_request_id", "reply", "replied_at", "reply_hidden_at"},
		query: `SELECT id, rating, title, body, reviewer_name, reviewer_type, wedding_date, status, created_at, moderated_at,
			request_id, reply, replied_at, reply_hidden_at
			FROM reviews WHERE provider_id = $1 ORDER BY created_at, id`},
	{Name: "credit_history", Columns: []string{"entry_id", "date", "description", "deposited", "withdrawn", "reference", "currency", "amount_cents"},
		query: `SELECT id, created_at, description, deposited, withdrawn, ref, currency, amount_cents
			FROM credit_log WHERE user_id = $1 ORDER BY created_at, id`},
	{Name: "payments", Columns: []string{"payment_id", "processor", "processor_id", "credits", "amount_cents", "currency", "status",
		"created_at", "updated_at"},
		query: `SELECT id, provider, intent_id, credits, amount_cents, currency, status, created_at, updated_at
			FROM payments WHERE user_id = $1 ORDER BY created_at, id`},
	{Name: "premium_invoices", Columns: []string{"invoice_id", "subscription_id", "amount_cents", "currency", "paid_at"},
		query: `SELECT id, subscription_id, amount_cents, currency, paid_at
			FROM premium_invoices WHERE user_id = $1 ORDER BY paid_at, id`},
	{Name: "account", Columns: []string{"firstname", "lastname", "email", "phone", "locale", "domain", "created_at"},
		query: `SELECT firstname, lastname, email, phone, locale, domain, created_at FROM users WHERE id = $1`},
	{Name: "company", Columns: []string{"name", "company_number", "website", "date_of_creation", "zipcode", "city", "country_code",
		"created_at", "updated_at"},
		query: `SELECT name, siret, website, date_of_creation, zipcode, city, country_code, created_at, updated_at
			FROM companies WHERE user_id = $1`},
	{Name: "profile", Columns: []string{"portrait", "experience", "service", "benefits", "updated_at"},
		query: `SELECT portrait, experience, service, benefits, updated_at FROM portraits WHERE user_id = $1`},
	{Name: "portfolios", Columns: []string{"portfolio_id", "title", "description", "wedding_date", "total_budget", "planner_budget",
		"number_of_guests", "location", "city", "postal_code", "country_code", "style", "published", "created_at"},
		query: `SELECT id, title, description, wedding_date, total_budget, planner_budget, number_of_guests, location, city,
			postal_code, country_code, style, CASE WHEN is_published THEN 'true' ELSE 'false' END, created_at
			FROM portfolios WHERE owner_id = $1 ORDER BY created_at, id`},
	{Name: "venues", Columns: []string{"venue_id", "name", "type", "email", "phone", "address", "zipcode", "city", "country_code",
		"description", "detailed_description", "seated_capacity", "standing_capacity", "min_price", "max_price", "website", "created_at"},
		query: `SELECT id, name, type, email, phone, address, zipcode, city, country_code, description, detailed_description,
			seated_capacity, standing_capacity, min_price, max_price, website, created_at
			FROM venues WHERE owner_id = $1 ORDER BY created_at, id`},
	{Name: "availability", Columns: []string{"day", "venue_id", "status", "source", "created_at"},
		query: `SELECT day, venue_id, status, source, created_at
			FROM availability_days WHERE user_id = $1 ORDER BY day, venue_id`},
	{Name: "photos", Columns: []string{"photo_id", "file", "venue_id", "title", "description", "width", "height", "bytes", "created_at"},
		query: `SELECT id, image_key, venue_id, title, description, width, height, byte_size, created_at
			FROM images WHERE owner_id = $1 ORDER BY created_at, id`},
}

// exportLanguages is a project's languages as one cell, "de en", by engine:
// the two spell a sorted string aggregate differently.
var exportLanguages = map[string]string{
	"sqlite":   `(SELECT group_concat(code, ' ') FROM (SELECT code FROM project_languages WHERE project_id = p.id ORDER BY code))`,
	"postgres": `(SELECT string_agg(code, ' ' ORDER BY code) FROM project_languages WHERE project_id = p.id)`,
}

// ExportSections lists the tables of a data export, in order.
func ExportSections() []ExportSection { return exportSections }

// StreamExportSection calls fn with each of the user's rows of section, one
// at a time from the open cursor: memory stays the same whatever the number
// of rows. Cells are text: "" and null=true for NULL, times in RFC 3339 UTC.
// fn must not keep the slices, which are reused.
func (s *Store) StreamExportSection(ctx context.Context, sec ExportSection, userID string, fn func(cells []string, null []bool) error) error {
	rows, err := s.q.QueryContext(ctx, strings.Replace(sec.query, "{{languages}}", exportLanguages[s.driver], 1), userID)
	if err != nil {
		return fmt.Errorf("store: export %s: %w", sec.Name, err)
	}
	defer rows.Close()
	raw := make([]any, len(sec.Columns))
	ptrs := make([]any, len(sec.Columns))
	for i := range raw {
		ptrs[i] = &raw[i]
	}
	cells := make([]string, len(sec.Columns))
	null := make([]bool, len(sec.Columns))
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return fmt.Errorf("store: export %s: %w", sec.Name, err)
		}
		for i, v := range raw {
			cells[i], null[i] = exportCell(v)
		}
		if err := fn(cells, null); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: export %s: %w", sec.Name, err)
	}
	return nil
}

// exportCell writes one scanned value as text, the same way on both engines.
func exportCell(v any) (string, bool) {
	switch x := v.(type) {
	case nil:
		return "", true
	case string:
		return x, false
	case []byte:
		return string(x), false
	case time.Time:
		return x.UTC().Format(time.RFC3339), false
	case int64:
		return strconv.FormatInt(x, 10), false
	case int32:
		return strconv.FormatInt(int64(x), 10), false
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64), false
	case bool:
		return strconv.FormatBool(x), false
	default:
		return fmt.Sprint(x), false
	}
}
