package store

import (
	"context"
	"errors"
	"fmt"
	"noces/internal/model"
)

// GetPortrait returns a provider's portrait; a provider who never wrote one
// gets empty sections.
func (s *Store) GetPortrait(ctx context.Context, userID string) (model.Portrait, error) {
	p := model.Portrait{UserID: userID}
	err := s.q.GetContext(ctx, &p, `SELECT user_id, portrait, experience, service, benefits, updated_at FROM portraits WHERE user_id = $1`, userID)
	if err := notFound(err); err != nil && !errors.Is(err, ErrNotFound) {
		return p, fmt.Errorf("store: get portrait: %w", err)
	}
	return p, nil
}

// SavePortrait writes a provider's portrait.
func (s *Store) SavePortrait(ctx context.Context, p model.Portrait) error {
	_, err := s.exec(ctx, `INSERT INTO portraits (user_id, portrait, experience, service, benefits, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (user_id) DO UPDATE SET portrait = excluded.portrait, experience = excluded.experience,
		service = excluded.service, benefits = excluded.benefits, updated_at = excluded.updated_at`,
		p.UserID, p.Portrait, p.Experience, p.Service, p.Benefits, p.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store: save portrait: %w", err)
	}
	return nil
}
