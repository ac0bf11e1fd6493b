package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"noces/internal/model"
)

// RequestRow is an event request with its project, as the provider's list and
// detail show it.
type RequestRow struct {
	model.EventRequest
	Project model.Project `db:"p"`
	// VenueName and VenueSlug name the venue the request is for (VenueID);
	// all three are null for a planner's request.
	VenueName sql.NullString `db:"venue_name"`
	VenueSlug sql.NullString `db:"venue_slug"`
}

// RequestSort names a sortable column of the list.
type RequestSort string

// The sortable columns.
const (
	SortCreatedAt RequestSort = "createdAt"
	SortEventDate RequestSort = "eventDate"
)

const requestColumns = `r.id, r.project_id, r.provider_id, r.created_at, r.seen_at, r.unlocked_at, r.rejected_at, r.rejection_reason,
	r.refunded_at, r.refund_reason,
	vn.id AS venue_id, vn.name AS venue_name, vn.slug AS venue_slug,
	p.id AS "p.id", p.domain AS "p.domain", p.event_type AS "p.event_type", p.event_date AS "p.event_date",
	p.service_type AS "p.service_type", p.event_location AS "p.event_location", p.event_city AS "p.event_city",
	p.event_zipcode AS "p.event_zipcode", p.event_country AS "p.event_country", p.event_latitude AS "p.event_latitude",
	p.event_longitude AS "p.event_longitude", p.budget_range AS "p.budget_range", p.guest_range AS "p.guest_range",
	p.has_theme AS "p.has_theme", p.wedding_theme AS "p.wedding_theme", p.message AS "p.message",
	p.firstname AS "p.firstname", p.lastname AS "p.lastname", p.email AS "p.email", p.phone AS "p.phone",
	p.created_at AS "p.created_at", p.confirmed_at AS "p.confirmed_at", p.outcome AS "p.outcome",
	p.outcome_request_id AS "p.outcome_request_id", p.outcome_at AS "p.outcome_at"`

// requestVenueJoin reads the venue a request is for. Only a venue of the
// request's own provider is named: whatever wrote venue_id, another owner's
// venue never shows in a provider's inbox.
const requestVenueJoin = ` LEFT JOIN venues vn ON vn.id = r.venue_id AND vn.owner_id = r.provider_id`

// ListEventRequests returns one page of a provider's requests with the total
// and the number never opened.
//
// A provider may have thousands of requests, so every step reads an index
// made for it (migrations 00008 and 00009): the counts and the page of ids
// come from the provider's own requests' indexes alone (by date received, or
// by the event date copied from the project), and only the page's rows are
// read in full (a late join: OFFSET then skips index entries, not joined
// rows).
func (s *Store) ListEventRequests(ctx context.Context, providerID string, sort RequestSort, desc bool, limit, offset int) ([]RequestRow, int, int, error) {
	var counts struct {
		Total int `db:"total"`
		Seen  int `db:"seen"`
	}
	err := s.q.GetContext(ctx, &counts, `SELECT COUNT(*) AS total, COUNT(seen_at) AS seen FROM event_requests WHERE provider_id = $1`, providerID)
	if err != nil {
		return nil, 0, 0, fmt.Errorf("store: count requests: %w", err)
	}
	unseen := counts.Total - counts.Seen
	if offset >= counts.Total || limit <= 0 {
		return nil, counts.Total, unseen, nil
	}
	dir := "ASC"
	if desc {
		dir = "DESC"
	}
	col := "created_at"
	if sort == SortEventDate {
		col = "event_date"
	}
	var rows []RequestRow
	err = s.q.SelectContext(ctx, &rows, `SELECT `+requestColumns+` FROM (
			SELECT id, `+col+` AS sort_key FROM event_requests WHERE provider_id = $1
			ORDER BY `+col+` `+dir+`, id `+dir+` LIMIT $2 OFFSET $3) pg
		JOIN event_requests r ON r.id = pg.id JOIN projects p ON p.id = r.project_id`+requestVenueJoin+`
		ORDER BY pg.sort_key `+dir+`, pg.id `+dir, providerID, limit, offset)
	if err != nil {
		return nil, 0, 0, fmt.Errorf("store: list requests: %w", err)
	}
	if err := s.loadLanguages(ctx, rows); err != nil {
		return nil, 0, 0, err
	}
	return rows, counts.Total, unseen, nil
}

// loadLanguages fills the projects' languages in one query.
func (s *Store) loadLanguages(ctx context.Context, rows []RequestRow) error {
	if len(rows) == 0 {
		return nil
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ProjectID
	}
	in, args := inList(ids, 0)
	var langs []struct {
		ProjectID string `db:"project_id"`
		Code      string `db:"code"`
	}
	err := s.q.SelectContext(ctx, &langs, `SELECT project_id, code FROM project_languages WHERE project_id IN (`+in+`) ORDER BY code`, args...)
	if err != nil {
		return fmt.Errorf("store: project languages: %w", err)
	}
	for i := range rows {
		for _, l := range langs {
			if l.ProjectID == rows[i].ProjectID {
				rows[i].Project.Languages = append(rows[i].Project.Languages, l.Code)
			}
		}
	}
	return nil
}

// GetEventRequest returns one of a provider's requests; another provider's
// is ErrNotFound, exactly like a missing one.
func (s *Store) GetEventRequest(ctx context.Context, providerID, id string) (RequestRow, error) {
	var row RequestRow
	err := s.q.GetContext(ctx, &row, `SELECT `+requestColumns+` FROM event_requests r JOIN projects p ON p.id = r.project_id`+requestVenueJoin+`
		WHERE r.id = $1 AND r.provider_id = $2`, id, providerID)
	if err != nil {
		return row, fmt.Errorf("store: get request: %w", notFound(err))
	}
	rows := []RequestRow{row}
	if err := s.loadLanguages(ctx, rows); err != nil {
		return row, err
	}
	return rows[0], nil
}

// MarkEventRequestSeen records the first opening.
func (s *Store) MarkEventRequestSeen(ctx context.Context, id string, now time.Time) error {
	if _, err := s.exec(ctx, `UPDATE event_requests SET seen_at = $2 WHERE id = $1 AND seen_at IS NULL`, id, now); err != nil {
		return fmt.Errorf("store: mark seen: %w", err)
	}
	return nil
}

// UnlockEventRequest unlocks a locked, not rejected request of the
// provider; false when it was not (already unlocked, rejected, or not the
// provider's), so of two concurrent unlocks only one goes on to pay.
func (s *Store) UnlockEventRequest(ctx context.Context, providerID, id string, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE event_requests SET unlocked_at = $2, seen_at = COALESCE(seen_at, $2)
		WHERE id = $1 AND provider_id = $3 AND unlocked_at IS NULL AND rejected_at IS NULL`, id, now, providerID)
	if err != nil {
		return false, fmt.Errorf("store: unlock: %w", err)
	}
	return affected(res) == 1, nil
}

// RejectEventRequest rejects a request of the provider with a reason; false
// when it already was (or is not the provider's).
func (s *Store) RejectEventRequest(ctx context.Context, providerID, id, reason string, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE event_requests SET rejected_at = $2, rejection_reason = $3, seen_at = COALESCE(seen_at, $2)
		WHERE id = $1 AND provider_id = $4 AND rejected_at IS NULL`, id, now, reason, providerID)
	if err != nil {
		return false, fmt.Errorf("store: reject: %w", err)
	}
	return affected(res) == 1, nil
}

// CreateEventRequest sends a project to a provider, for one of its venues
// when VenueID is set; the same project twice
// to one provider gives ErrConflict, a project that does not exist
// ErrNotFound.
func (s *Store) CreateEventRequest(ctx context.Context, r model.EventRequest) error {
	// The event date is copied for the provider's list sorted by it
	// (migration 00009); a project's date never changes once sent.
	res, err := s.exec(ctx, `INSERT INTO event_requests (id, project_id, provider_id, created_at, event_date, venue_id)
		SELECT $1, p.id, $3, $4, p.event_date, $5 FROM projects p WHERE p.id = $2`,
		r.ID, r.ProjectID, r.ProviderID, r.CreatedAt, r.VenueID)
	if err != nil {
		return fmt.Errorf("store: create event request: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: create event request for project %s: %w", r.ProjectID, ErrNotFound)
	}
	return nil
}

// RequestCounts are a provider's event requests by outcome.
type RequestCounts struct {
	Total     int `db:"total"`
	Seen      int `db:"seen"`
	Unlocked  int `db:"unlocked"`
	Rejected  int `db:"rejected"`
	Answered  int `db:"answered"`   // a first message within 48 hours (migration 00026)
	SinceFrom int `db:"since_from"` // received since the "since" argument
}

// CountEventRequests counts a provider's requests in one pass.
func (s *Store) CountEventRequests(ctx context.Context, providerID string, since time.Time) (RequestCounts, error) {
	var c RequestCounts
	err := s.q.GetContext(ctx, &c, `SELECT COUNT(*) AS total,
		COALESCE(SUM(CASE WHEN seen_at IS NOT NULL THEN 1 ELSE 0 END), 0) AS seen,
		COALESCE(SUM(CASE WHEN unlocked_at IS NOT NULL THEN 1 ELSE 0 END), 0) AS unlocked,
		COALESCE(SUM(CASE WHEN rejected_at IS NOT NULL THEN 1 ELSE 0 END), 0) AS rejected,
		COALESCE(SUM(CASE WHEN answered_48h THEN 1 ELSE 0 END), 0) AS answered,
		COALESCE(SUM(CASE WHEN created_at >= $2 THEN 1 ELSE 0 END), 0) AS since_from
		FROM event_requests WHERE provider_id = $1`, providerID, since)
	if err != nil {
		return c, fmt.Errorf("store: count event requests: %w", err)
	}
	return c, nil
}
