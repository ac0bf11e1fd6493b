package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Portrait is a provider's four rich-text sections (sanitised HTML).
type Portrait struct {
	UserID     string    `db:"user_id"`
	Portrait   string    `db:"portrait"`
	Experience string    `db:"experience"`
	Service    string    `db:"service"`
	Benefits   string    `db:"benefits"`
	UpdatedAt  time.Time `db:"updated_at"`
}

// GetPortrait returns a provider's portrait; a provider who never wrote one
// gets empty sections.
func (s *Store) GetPortrait(ctx context.Context, userID string) (Portrait, error) {
	p := Portrait{UserID: userID}
	err := s.q.GetContext(ctx, &p, `SELECT user_id, portrait, experience, service, benefits, updated_at FROM portraits WHERE user_id = $1`, userID)
	if err := notFound(err); err != nil && !errors.Is(err, ErrNotFound) {
		return p, fmt.Errorf("store: get portrait: %w", err)
	}
	return p, nil
}

// SavePortrait writes a provider's portrait.
func (s *Store) SavePortrait(ctx context.Context, p Portrait) error {
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

// TextFingerprint is who uses a text fingerprint.
type TextFingerprint struct {
	Fingerprint string `db:"fingerprint"`
	UserID      string `db:"user_id"`
	Source      string `db:"source"`
}

// FindTextFingerprints returns who uses each of the given fingerprints.
func (s *Store) FindTextFingerprints(ctx context.Context, fingerprints []string) (map[string]TextFingerprint, error) {
	out := map[string]TextFingerprint{}
	if len(fingerprints) == 0 {
		return out, nil
	}
	var rows []TextFingerprint
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

// SocialLinks are a provider's six network profiles, normalised URLs.
type SocialLinks struct {
	UserID    string    `db:"user_id"`
	Facebook  string    `db:"facebook"`
	Instagram string    `db:"instagram"`
	Twitter   string    `db:"twitter"`
	TikTok    string    `db:"tiktok"`
	LinkedIn  string    `db:"linkedin"`
	Pinterest string    `db:"pinterest"`
	UpdatedAt time.Time `db:"updated_at"`
}

// GetSocialLinks returns a provider's links; none saved gives empty ones.
func (s *Store) GetSocialLinks(ctx context.Context, userID string) (SocialLinks, error) {
	l := SocialLinks{UserID: userID}
	err := s.q.GetContext(ctx, &l, `SELECT user_id, facebook, instagram, twitter, tiktok, linkedin, pinterest, updated_at
		FROM social_links WHERE user_id = $1`, userID)
	if err := notFound(err); err != nil && !errors.Is(err, ErrNotFound) {
		return l, fmt.Errorf("store: get social links: %w", err)
	}
	return l, nil
}

// SaveSocialLinks writes a provider's links.
func (s *Store) SaveSocialLinks(ctx context.Context, l SocialLinks) error {
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

// MediaCounts tell what a provider's profile has, for the completion tasks.
type MediaCounts struct {
	Images int `db:"images"`
	Videos int `db:"videos"`
}

// CountMedia counts a provider's own photos and videos in one query.
func (s *Store) CountMedia(ctx context.Context, userID string) (MediaCounts, error) {
	var c MediaCounts
	err := s.q.GetContext(ctx, &c, `SELECT
		(SELECT COUNT(*) FROM images WHERE owner_id = $1 AND venue_id IS NULL) AS images,
		(SELECT COUNT(*) FROM videos WHERE owner_id = $1 AND venue_id IS NULL) AS videos`, userID)
	if err != nil {
		return c, fmt.Errorf("store: count media: %w", err)
	}
	return c, nil
}
