package store

import (
	"context"
	"fmt"
	"noces/internal/model"
)

// ReplaceTextFingerprints sets the fingerprints of one source of a user's
// texts ("portrait.experience", "portfolio.<id>"). A fingerprint already held
// by any other source, of this user or another, gives ErrConflict: the text
// is a copy. Run it in a transaction so a refusal changes nothing.
func (s *Store) ReplaceTextFingerprints(ctx context.Context, userID, source string, fingerprints []string) error {
	if _, err := s.exec(ctx, `DELETE FROM text_fingerprints WHERE user_id = $1 AND source = $2`, userID, source); err != nil {
		return fmt.Errorf("store: fingerprints: %w", err)
	}
	for _, f := range fingerprints {
		if _, err := s.exec(ctx, `INSERT INTO text_fingerprints (fingerprint, user_id, source) VALUES ($1, $2, $3)`, f, userID, source); err != nil {
			return fmt.Errorf("store: fingerprint: %w", err)
		}
	}
	return nil
}

// FindTextFingerprints returns who uses each of the given fingerprints.
func (s *Store) FindTextFingerprints(ctx context.Context, fingerprints []string) (map[string]model.TextFingerprint, error) {
	out := map[string]model.TextFingerprint{}
	if len(fingerprints) == 0 {
		return out, nil
	}
	var rows []model.TextFingerprint
	in, args := inList(fingerprints, 0)
	if err := s.q.SelectContext(ctx, &rows, `SELECT fingerprint, user_id, source FROM text_fingerprints WHERE fingerprint IN (`+in+`)`, args...); err != nil {
		return nil, fmt.Errorf("store: find fingerprints: %w", err)
	}
	for _, r := range rows {
		out[r.Fingerprint] = r
	}
	return out, nil
}

// DeleteTextFingerprints forgets the fingerprints of one source, when its
// text is deleted.
func (s *Store) DeleteTextFingerprints(ctx context.Context, userID, source string) error {
	if _, err := s.exec(ctx, `DELETE FROM text_fingerprints WHERE user_id = $1 AND source = $2`, userID, source); err != nil {
		return fmt.Errorf("store: delete fingerprints: %w", err)
	}
	return nil
}
