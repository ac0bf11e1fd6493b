package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"noces/internal/model"
)

// The admin's queries: the moderation queue, the user search, review
// moderation, the promotional messages and the audit log.

// providerRoles is the SQL list of the roles that have a public profile.
const providerRoles = `('ROLE_PRESTATAIRE', 'ROLE_VENUE')`

// ModerationItem is a provider waiting for moderation, with its company.
type ModerationItem struct {
	ID             string    `db:"id"`
	Email          string    `db:"email"`
	Firstname      string    `db:"firstname"`
	Lastname       string    `db:"lastname"`
	Role           string    `db:"role"`
	CompanyName    string    `db:"company_name"`
	City           string    `db:"city"`
	CountryCode    string    `db:"country_code"`
	Siret          string    `db:"siret"`
	SiretStatus    string    `db:"siret_status"`
	ModerationNote string    `db:"moderation_note"`
	CreatedAt      time.Time `db:"created_at"`
}

// ListModerationQueue returns the live providers that finished onboarding
// and are not moderated yet, oldest first, with the total.
func (s *Store) ListModerationQueue(ctx context.Context, limit, offset int) ([]ModerationItem, int, error) {
	const where = `u.deleted_at IS NULL AND u.role IN ` + providerRoles + `
		AND u.has_finished_onboarding = TRUE AND u.is_moderated = FALSE`
	var total int
	if err := s.q.GetContext(ctx, &total, `SELECT COUNT(*) FROM users u WHERE `+where); err != nil {
		return nil, 0, fmt.Errorf("store: count moderation queue: %w", err)
	}
	items := []ModerationItem{}
	err := s.q.SelectContext(ctx, &items, `SELECT u.id, u.email, u.firstname, u.lastname, u.role,
		COALESCE(c.name, '') AS company_name, COALESCE(c.city, '') AS city, COALESCE(c.country_code, '') AS country_code,
		COALESCE(c.siret, '') AS siret, COALESCE(c.siret_status, 'unknown') AS siret_status, u.moderation_note, u.created_at
		FROM users u LEFT JOIN companies c ON c.user_id = u.id
		WHERE `+where+` ORDER BY u.created_at, u.id LIMIT $1 OFFSET $2`, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("store: list moderation queue: %w", err)
	}
	return items, total, nil
}

// ApproveProvider marks a live, unmoderated provider moderated and clears any
// earlier refusal. It reports false when nothing matched (already moderated,
// not a provider, deleted or unknown), so approving twice changes nothing.
func (s *Store) ApproveProvider(ctx context.Context, id string, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE users SET is_moderated = TRUE, moderated_at = $2, moderation_note = '', updated_at = $2
		WHERE id = $1 AND deleted_at IS NULL AND role IN `+providerRoles+` AND is_moderated = FALSE`, id, now)
	if err != nil {
		return false, fmt.Errorf("store: approve provider: %w", err)
	}
	return affected(res) == 1, nil
}

// RejectProvider records why a live, unmoderated provider was refused; the
// provider stays unmoderated. It reports false when nothing matched.
func (s *Store) RejectProvider(ctx context.Context, id, note string, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE users SET moderation_note = $2, updated_at = $3
		WHERE id = $1 AND deleted_at IS NULL AND role IN `+providerRoles+` AND is_moderated = FALSE`, id, note, now)
	if err != nil {
		return false, fmt.Errorf("store: reject provider: %w", err)
	}
	return affected(res) == 1, nil
}

// AdminUser is one line of the admin's user search.
type AdminUser struct {
	ID            string    `db:"id"`
	Email         string    `db:"email"`
	Firstname     string    `db:"firstname"`
	Lastname      string    `db:"lastname"`
	Role          string    `db:"role"`
	Company       string    `db:"company"`
	IsModerated   bool      `db:"is_moderated"`
	PremiumStatus string    `db:"premium_status"`
	Credits       int       `db:"credits"`
	CreatedAt     time.Time `db:"created_at"`
}

// likePattern makes a "contains" LIKE pattern of q, lowercased, with the
// LIKE wildcards escaped by a backslash (the queries say ESCAPE '\').
func likePattern(q string) string {
	q = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(q))
	return "%" + q + "%"
}

// SearchUsers finds live users whose e-mail, names or company name contain
// q (ignoring case), newest first, with the total. An empty q lists everyone.
// LOWER is compared with a pattern lowercased in Go, which both engines
// agree on for ASCII; SQLite's LOWER leaves other letters as they are.
func (s *Store) SearchUsers(ctx context.Context, q string, limit, offset int) ([]AdminUser, int, error) {
	where, args := `u.deleted_at IS NULL`, []any{}
	if q = strings.TrimSpace(q); q != "" {
		where += ` AND (u.email_key LIKE $1 ESCAPE '\' OR LOWER(u.firstname) LIKE $1 ESCAPE '\'
			OR LOWER(u.lastname) LIKE $1 ESCAPE '\' OR LOWER(u.firstname || ' ' || u.lastname) LIKE $1 ESCAPE '\'
			OR LOWER(COALESCE(c.name, '')) LIKE $1 ESCAPE '\')`
		args = append(args, likePattern(q))
	}
	const from = ` FROM users u LEFT JOIN companies c ON c.user_id = u.id WHERE `
	var total int
	if err := s.q.GetContext(ctx, &total, `SELECT COUNT(*)`+from+where, args...); err != nil {
		return nil, 0, fmt.Errorf("store: count users: %w", err)
	}
	n := len(args)
	users := []AdminUser{}
	err := s.q.SelectContext(ctx, &users, `SELECT u.id, u.email, u.firstname, u.lastname, u.role, COALESCE(c.name, '') AS company,
		u.is_moderated, u.premium_status, u.credits, u.created_at`+from+where+
		fmt.Sprintf(` ORDER BY u.created_at DESC, u.id DESC LIMIT $%d OFFSET $%d`, n+1, n+2), append(args, limit, offset)...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: search users: %w", err)
	}
	return users, total, nil
}

// AdminReview is a review with the provider it is about, for moderation.
type AdminReview struct {
	ID            string         `db:"id"`
	ProviderID    string         `db:"provider_id"`
	ProviderName  string         `db:"provider_name"`
	ProviderEmail string         `db:"provider_email"`
	Rating        int            `db:"rating"`
	Title         string         `db:"title"`
	Body          string         `db:"body"`
	ReviewerName  string         `db:"reviewer_name"`
	ReviewerType  string         `db:"reviewer_type"`
	WeddingDate   sql.NullString `db:"wedding_date"`
	PhotoKey      string         `db:"photo_key"`
	Status        string         `db:"status"`
	CreatedAt     time.Time      `db:"created_at"`
	ModeratedAt   sql.NullTime   `db:"moderated_at"`
}

const adminReviewSelect = `SELECT r.id, r.provider_id,
	COALESCE(NULLIF(c.name, ''), TRIM(u.firstname || ' ' || u.lastname)) AS provider_name, u.email AS provider_email,
	r.rating, r.title, r.body, r.reviewer_name, r.reviewer_type, r.wedding_date, r.photo_key, r.status,
	r.created_at, r.moderated_at
	FROM reviews r JOIN users u ON u.id = r.provider_id LEFT JOIN companies c ON c.user_id = r.provider_id`

// ListReviewsByStatus returns the reviews of one status with their provider,
// oldest first for the pending queue and newest first otherwise, with the total.
func (s *Store) ListReviewsByStatus(ctx context.Context, status string, limit, offset int) ([]AdminReview, int, error) {
	var total int
	if err := s.q.GetContext(ctx, &total, `SELECT COUNT(*) FROM reviews WHERE status = $1`, status); err != nil {
		return nil, 0, fmt.Errorf("store: count reviews: %w", err)
	}
	order := `r.created_at DESC, r.id DESC`
	if status == "pending" {
		order = `r.created_at, r.id`
	}
	rs := []AdminReview{}
	err := s.q.SelectContext(ctx, &rs, adminReviewSelect+` WHERE r.status = $1 ORDER BY `+order+` LIMIT $2 OFFSET $3`, status, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("store: list reviews: %w", err)
	}
	return rs, total, nil
}

// GetReviewForModeration returns one review with its provider.
func (s *Store) GetReviewForModeration(ctx context.Context, id string) (AdminReview, error) {
	var r AdminReview
	if err := s.q.GetContext(ctx, &r, adminReviewSelect+` WHERE r.id = $1`, id); err != nil {
		return r, fmt.Errorf("store: get review: %w", notFound(err))
	}
	return r, nil
}

// SetReviewStatus moves a review to status unless it already has it: a
// conditional UPDATE, so two admins deciding at once take effect once. It
// reports false when nothing changed (already in that status, or unknown).
func (s *Store) SetReviewStatus(ctx context.Context, id, status string, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE reviews SET status = $2, moderated_at = $3 WHERE id = $1 AND status <> $2`, id, status, now)
	if err != nil {
		return false, fmt.Errorf("store: set review status: %w", err)
	}
	return affected(res) == 1, nil
}

// lockAudience serialises the writers of one table's audience inside a
// transaction, so "one active message per audience" holds even when two
// admins activate at once. SQLite transactions already take the write lock
// when they begin (_txlock=immediate); PostgreSQL takes an advisory lock
// released at commit.
func (s *Store) lockAudience(ctx context.Context, table, audience string) error {
	if s.driver != "postgres" {
		return nil
	}
	if _, err := s.q.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, table+":"+audience); err != nil {
		return fmt.Errorf("store: lock %s: %w", table, err)
	}
	return nil
}

// ListAlerts returns every promotional alert, newest first.
func (s *Store) ListAlerts(ctx context.Context) ([]model.PromotionalAlert, error) {
	as := []model.PromotionalAlert{}
	if err := s.q.SelectContext(ctx, &as, `SELECT `+alertColumns+` FROM promotional_alerts ORDER BY created_at DESC, id DESC`); err != nil {
		return nil, fmt.Errorf("store: list alerts: %w", err)
	}
	return as, nil
}

// GetAlert returns one promotional alert.
func (s *Store) GetAlert(ctx context.Context, id string) (model.PromotionalAlert, error) {
	var a model.PromotionalAlert
	if err := s.q.GetContext(ctx, &a, `SELECT `+alertColumns+` FROM promotional_alerts WHERE id = $1`, id); err != nil {
		return a, fmt.Errorf("store: get alert: %w", notFound(err))
	}
	return a, nil
}

// UpdateAlert replaces the editable fields of an alert.
func (s *Store) UpdateAlert(ctx context.Context, a model.PromotionalAlert) error {
	res, err := s.exec(ctx, `UPDATE promotional_alerts SET audience = $2, title = $3, description = $4, button_text = $5,
		button_link = $6, is_active = $7, updated_at = $8 WHERE id = $1`,
		a.ID, a.Audience, a.Title, a.Description, a.ButtonText, a.ButtonLink, a.IsActive, a.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store: update alert: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: update alert: %w", ErrNotFound)
	}
	return nil
}

// DeleteAlert removes an alert.
func (s *Store) DeleteAlert(ctx context.Context, id string) error {
	res, err := s.exec(ctx, `DELETE FROM promotional_alerts WHERE id = $1`, id)
	if err != nil {
		return fmt.Errorf("store: delete alert: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: delete alert: %w", ErrNotFound)
	}
	return nil
}

// SaveActiveAlert writes an alert (create, or update when it exists) in the
// caller's transaction or its own; when it is active, every other alert of
// its audience is deactivated first, so exactly one is active per audience.
func (s *Store) SaveActiveAlert(ctx context.Context, a model.PromotionalAlert, create bool) error {
	return s.InTx(ctx, func(tx *Store) error {
		if a.IsActive {
			if err := tx.lockAudience(ctx, "promotional_alerts", a.Audience); err != nil {
				return err
			}
			if _, err := tx.exec(ctx, `UPDATE promotional_alerts SET is_active = FALSE, updated_at = $3
				WHERE audience = $1 AND id <> $2 AND is_active = TRUE`, a.Audience, a.ID, a.UpdatedAt); err != nil {
				return fmt.Errorf("store: deactivate alerts: %w", err)
			}
		}
		if create {
			return tx.CreateAlert(ctx, a)
		}
		return tx.UpdateAlert(ctx, a)
	})
}

// ListPopups returns every promotional popup, newest first.
func (s *Store) ListPopups(ctx context.Context) ([]model.PromotionalPopup, error) {
	ps := []model.PromotionalPopup{}
	if err := s.q.SelectContext(ctx, &ps, `SELECT `+popupColumns+` FROM promotional_popups ORDER BY created_at DESC, id DESC`); err != nil {
		return nil, fmt.Errorf("store: list popups: %w", err)
	}
	return ps, nil
}

// GetPopup returns one promotional popup.
func (s *Store) GetPopup(ctx context.Context, id string) (model.PromotionalPopup, error) {
	var p model.PromotionalPopup
	if err := s.q.GetContext(ctx, &p, `SELECT `+popupColumns+` FROM promotional_popups WHERE id = $1`, id); err != nil {
		return p, fmt.Errorf("store: get popup: %w", notFound(err))
	}
	return p, nil
}

// UpdatePopup replaces the editable fields of a popup.
func (s *Store) UpdatePopup(ctx context.Context, p model.PromotionalPopup) error {
	res, err := s.exec(ctx, `UPDATE promotional_popups SET audience = $2, title = $3, description_html = $4, image_url = $5,
		button_text = $6, button_link = $7, show_once_per_user = $8, is_active = $9, updated_at = $10 WHERE id = $1`,
		p.ID, p.Audience, p.Title, p.DescriptionHTML, p.ImageURL, p.ButtonText, p.ButtonLink, p.ShowOncePerUser, p.IsActive, p.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store: update popup: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: update popup: %w", ErrNotFound)
	}
	return nil
}

// DeletePopup removes a popup.
func (s *Store) DeletePopup(ctx context.Context, id string) error {
	res, err := s.exec(ctx, `DELETE FROM promotional_popups WHERE id = $1`, id)
	if err != nil {
		return fmt.Errorf("store: delete popup: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: delete popup: %w", ErrNotFound)
	}
	return nil
}

// SaveActivePopup is SaveActiveAlert for popups.
func (s *Store) SaveActivePopup(ctx context.Context, p model.PromotionalPopup, create bool) error {
	return s.InTx(ctx, func(tx *Store) error {
		if p.IsActive {
			if err := tx.lockAudience(ctx, "promotional_popups", p.Audience); err != nil {
				return err
			}
			if _, err := tx.exec(ctx, `UPDATE promotional_popups SET is_active = FALSE, updated_at = $3
				WHERE audience = $1 AND id <> $2 AND is_active = TRUE`, p.Audience, p.ID, p.UpdatedAt); err != nil {
				return fmt.Errorf("store: deactivate popups: %w", err)
			}
		}
		if create {
			return tx.CreatePopup(ctx, p)
		}
		return tx.UpdatePopup(ctx, p)
	})
}

// AuditRow is an audit entry with the e-mails of its actor and, when the
// target is a user, of its target.
type AuditRow struct {
	model.AuditEntry
	ActorEmail  sql.NullString `db:"actor_email"`
	TargetEmail sql.NullString `db:"target_email"`
}

// ListAuditLog returns the audit log newest first, with the total.
func (s *Store) ListAuditLog(ctx context.Context, limit, offset int) ([]AuditRow, int, error) {
	var total int
	if err := s.q.GetContext(ctx, &total, `SELECT COUNT(*) FROM audit_log`); err != nil {
		return nil, 0, fmt.Errorf("store: count audit: %w", err)
	}
	rows := []AuditRow{}
	err := s.q.SelectContext(ctx, &rows, `SELECT l.id, l.actor_id, l.action, l.target_id, l.details, l.created_at,
		a.email AS actor_email, t.email AS target_email
		FROM audit_log l LEFT JOIN users a ON a.id = l.actor_id LEFT JOIN users t ON t.id = l.target_id
		ORDER BY l.created_at DESC, l.id DESC LIMIT $1 OFFSET $2`, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("store: list audit: %w", err)
	}
	return rows, total, nil
}
