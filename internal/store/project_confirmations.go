package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"noces/internal/model"
)

// ProjectConfirmation is the confirmation a project waits for: the hash of
// the token e-mailed to the couple, the page the form was sent from, and,
// once confirmed, how many providers the project went to.
type ProjectConfirmation struct {
	ProjectID    string        `db:"project_id"`
	TokenHash    string        `db:"token_hash"`
	ProviderSlug string        `db:"provider_slug"`
	VenueSlug    string        `db:"venue_slug"`
	ExpiresAt    time.Time     `db:"expires_at"`
	Resends      int           `db:"resends"`
	Matched      sql.NullInt64 `db:"matched"`
}

// CreateProjectConfirmation stores the confirmation of a project just created.
func (s *Store) CreateProjectConfirmation(ctx context.Context, c ProjectConfirmation) error {
	_, err := s.exec(ctx, `INSERT INTO project_confirmations (project_id, token_hash, provider_slug, venue_slug, expires_at, resends)
		VALUES ($1, $2, $3, $4, $5, 0)`, c.ProjectID, c.TokenHash, c.ProviderSlug, c.VenueSlug, c.ExpiresAt)
	if err != nil {
		return fmt.Errorf("store: create project confirmation: %w", err)
	}
	return nil
}

// ConfirmationByTokenHash returns a confirmation with its project (and the
// project's languages); ErrNotFound for an unknown hash.
func (s *Store) ConfirmationByTokenHash(ctx context.Context, hash string) (ProjectConfirmation, model.Project, error) {
	var c ProjectConfirmation
	err := s.q.GetContext(ctx, &c, `SELECT project_id, token_hash, provider_slug, venue_slug, expires_at, resends, matched
		FROM project_confirmations WHERE token_hash = $1`, hash)
	if err != nil {
		return c, model.Project{}, fmt.Errorf("store: confirmation: %w", notFound(err))
	}
	p, err := s.GetProject(ctx, c.ProjectID)
	return c, p, err
}

// ConfirmationOfProject returns a project's confirmation; ErrNotFound when
// the project has none (or no longer exists).
func (s *Store) ConfirmationOfProject(ctx context.Context, projectID string) (ProjectConfirmation, error) {
	var c ProjectConfirmation
	err := s.q.GetContext(ctx, &c, `SELECT project_id, token_hash, provider_slug, venue_slug, expires_at, resends, matched
		FROM project_confirmations WHERE project_id = $1`, projectID)
	if err != nil {
		return c, fmt.Errorf("store: confirmation of project: %w", notFound(err))
	}
	return c, nil
}

// GetProject returns a project with its languages.
func (s *Store) GetProject(ctx context.Context, id string) (model.Project, error) {
	var p model.Project
	err := s.q.GetContext(ctx, &p, `SELECT id, domain, event_type, event_date, service_type, event_location, event_city,
		event_zipcode, event_country, event_latitude, event_longitude, budget_range, guest_range, has_theme, wedding_theme,
		message, firstname, lastname, email, phone, created_at, confirmed_at, outcome, outcome_request_id, outcome_at
		FROM projects WHERE id = $1`, id)
	if err != nil {
		return p, fmt.Errorf("store: get project: %w", notFound(err))
	}
	if err := s.q.SelectContext(ctx, &p.Languages, `SELECT code FROM project_languages WHERE project_id = $1 ORDER BY code`, id); err != nil {
		return p, fmt.Errorf("store: project languages: %w", err)
	}
	return p, nil
}

// ConfirmProject marks an unconfirmed project confirmed at now; false when
// it already was. Of two concurrent confirmations only one wins: on
// PostgreSQL the second waits for the first's commit and then finds the
// row confirmed; SQLite runs one writer at a time.
func (s *Store) ConfirmProject(ctx context.Context, id string, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE projects SET confirmed_at = $2 WHERE id = $1 AND confirmed_at IS NULL`, id, now)
	if err != nil {
		return false, fmt.Errorf("store: confirm project: %w", err)
	}
	return affected(res) == 1, nil
}

// SetConfirmationMatched records how many providers a confirmed project went to.
func (s *Store) SetConfirmationMatched(ctx context.Context, projectID string, matched int) error {
	if _, err := s.exec(ctx, `UPDATE project_confirmations SET matched = $2 WHERE project_id = $1`, projectID, matched); err != nil {
		return fmt.Errorf("store: confirmation matched: %w", err)
	}
	return nil
}

// RenewConfirmationToken replaces the token of an unconfirmed project's
// confirmation (the old link stops working) and counts the resend; false
// when the project is confirmed, gone, or was sent again max times already.
func (s *Store) RenewConfirmationToken(ctx context.Context, projectID, hash string, max int) (bool, error) {
	res, err := s.exec(ctx, `UPDATE project_confirmations SET token_hash = $2, resends = resends + 1
		WHERE project_id = $1 AND resends < $3 AND matched IS NULL
		AND EXISTS (SELECT 1 FROM projects p WHERE p.id = $1 AND p.confirmed_at IS NULL)`, projectID, hash, max)
	if err != nil {
		return false, fmt.Errorf("store: renew confirmation: %w", err)
	}
	return affected(res) == 1, nil
}

// DeleteUnconfirmedProjectsBefore deletes the projects created before
// cutoff and never confirmed, with their languages and confirmations. They
// have no requests: requests are created at confirmation.
func (s *Store) DeleteUnconfirmedProjectsBefore(ctx context.Context, cutoff time.Time) (int64, error) {
	var n int64
	err := s.InTx(ctx, func(tx *Store) error {
		const old = `SELECT id FROM projects WHERE confirmed_at IS NULL AND created_at < $1
			AND NOT EXISTS (SELECT 1 FROM event_requests r WHERE r.project_id = projects.id)`
		for _, q := range []string{
			`DELETE FROM project_confirmations WHERE project_id IN (` + old + `)`,
			`DELETE FROM project_languages WHERE project_id IN (` + old + `)`,
		} {
			if _, err := tx.exec(ctx, q, cutoff); err != nil {
				return fmt.Errorf("store: delete unconfirmed projects: %w", err)
			}
		}
		res, err := tx.exec(ctx, `DELETE FROM projects WHERE id IN (`+old+`)`, cutoff)
		if err != nil {
			return fmt.Errorf("store: delete unconfirmed projects: %w", err)
		}
		n = affected(res)
		return nil
	})
	return n, err
}

// LockProjectOfRequest takes, in a transaction, the lock that serialises
// the unlocks of one project (PostgreSQL: the project's row FOR UPDATE;
// SQLite runs one writer at a time, its transactions start IMMEDIATE), and
// returns the project's id and whether it is confirmed. ErrNotFound when
// the request is not the provider's.
func (s *Store) LockProjectOfRequest(ctx context.Context, providerID, requestID string) (string, bool, error) {
	lock := ""
	if s.driver == "postgres" {
		lock = " FOR UPDATE OF p"
	}
	var row struct {
		ID          string       `db:"id"`
		ConfirmedAt sql.NullTime `db:"confirmed_at"`
	}
	err := s.q.GetContext(ctx, &row, `SELECT p.id, p.confirmed_at FROM projects p JOIN event_requests r ON r.project_id = p.id
		WHERE r.id = $1 AND r.provider_id = $2`+lock, requestID, providerID)
	if err != nil {
		return "", false, fmt.Errorf("store: lock project: %w", notFound(err))
	}
	return row.ID, row.ConfirmedAt.Valid, nil
}

// CountProjectUnlocks counts the requests of projects unlocked by any
// provider, by project; projects without unlocks are absent.
func (s *Store) CountProjectUnlocks(ctx context.Context, projectIDs []string) (map[string]int, error) {
	out := map[string]int{}
	if len(projectIDs) == 0 {
		return out, nil
	}
	in, args := inList(projectIDs, 0)
	var rows []struct {
		ProjectID string `db:"project_id"`
		N         int    `db:"n"`
	}
	err := s.q.SelectContext(ctx, &rows, `SELECT project_id, COUNT(*) AS n FROM event_requests
		WHERE project_id IN (`+in+`) AND unlocked_at IS NOT NULL GROUP BY project_id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: count unlocks: %w", err)
	}
	for _, r := range rows {
		out[r.ProjectID] = r.N
	}
	return out, nil
}
