package store

import (
	"context"
	"fmt"
	"time"
)

// SpendFormToken records that the form token id carried project projectID.
// It reports false, and changes nothing, when the token was already spent:
// call it in the project's transaction so a replay creates nothing.
func (s *Store) SpendFormToken(ctx context.Context, id, projectID string, issuedAt time.Time) (bool, error) {
	res, err := s.exec(ctx, `INSERT INTO spent_form_tokens (id, project_id, issued_at) VALUES ($1, $2, $3)
		ON CONFLICT DO NOTHING`, id, projectID, issuedAt.UTC())
	if err != nil {
		return false, fmt.Errorf("store: spend form token: %w", err)
	}
	return affected(res) == 1, nil
}

// DeleteSpentFormTokensBefore forgets tokens issued before before, which
// their age refuses anyway; it returns how many went.
func (s *Store) DeleteSpentFormTokensBefore(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.exec(ctx, `DELETE FROM spent_form_tokens WHERE issued_at < $1`, before.UTC())
	if err != nil {
		return 0, fmt.Errorf("store: prune spent form tokens: %w", err)
	}
	return affected(res), nil
}
