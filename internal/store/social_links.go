package store

import (
	"context"
	"errors"
	"fmt"
	"noces/internal/model"
)

// GetSocialLinks returns a provider's links; none saved gives empty ones.
func (s *Store) GetSocialLinks(ctx context.Context, userID string) (model.SocialLinks, error) {
	l := model.SocialLinks{UserID: userID}
	err := s.q.GetContext(ctx, &l, `SELECT user_id, facebook, instagram, twitter, tiktok, linkedin, pinterest, updated_at
		FROM social_links WHERE user_id = $1`, userID)
	if err := notFound(err); err != nil && !errors.Is(err, ErrNotFound) {
		return l, fmt.Errorf("store: get social links: %w", err)
	}
	return l, nil
}

// SaveSocialLinks writes a provider's links.
func (s *Store) SaveSocialLinks(ctx context.Context, l model.SocialLinks) error {
	_, err := s.exec(ctx, `INSERT INTO social_links (user_id, facebook, instagram, twitter, tiktok, linkedin, pinterest, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (user_id) DO UPDATE SET facebook = excluded.facebook, instagram = excluded.instagram,
		twitter = excluded.twitter, tiktok = excluded.tiktok, linkedin = excluded.linkedin, pinterest = excluded.pinterest,
		updated_at = excluded.updated_at`,
		l.UserID, l.Facebook, l.Instagram, l.Twitter, l.TikTok, l.LinkedIn, l.Pinterest, l.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store: save social links: %w", err)
	}
	return nil
}
