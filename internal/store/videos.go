package store

import (
	"context"
	"fmt"
	"noces/internal/model"
	"time"
)

const videoColumns = `id, owner_id, venue_id, title, description, host, external_id, is_visible, position, created_at, updated_at`

// CountVideos counts a provider's own videos (venue videos aside).
func (s *Store) CountVideos(ctx context.Context, ownerID string) (int, error) {
	var n int
	if err := s.q.GetContext(ctx, &n, `SELECT COUNT(*) FROM videos WHERE owner_id = $1 AND venue_id IS NULL`, ownerID); err != nil {
		return 0, fmt.Errorf("store: count videos: %w", err)
	}
	return n, nil
}

// CreateVideo stores a video.
func (s *Store) CreateVideo(ctx context.Context, v model.Video) error {
	_, err := s.exec(ctx, `INSERT INTO videos (`+videoColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		v.ID, v.OwnerID, v.VenueID, v.Title, v.Description, v.Host, v.ExternalID, v.IsVisible, v.Position, v.CreatedAt, v.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store: create video: %w", err)
	}
	return nil
}

// ListVideos returns a provider's own videos, newest first.
func (s *Store) ListVideos(ctx context.Context, ownerID string) ([]model.Video, error) {
	var out []model.Video
	err := s.q.SelectContext(ctx, &out, `SELECT `+videoColumns+` FROM videos WHERE owner_id = $1 AND venue_id IS NULL
		ORDER BY created_at DESC, id DESC`, ownerID)
	if err != nil {
		return nil, fmt.Errorf("store: list videos: %w", err)
	}
	return out, nil
}

// SetVideoVisible shows or hides one of a provider's videos.
func (s *Store) SetVideoVisible(ctx context.Context, ownerID, id string, visible bool, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE videos SET is_visible = $3, updated_at = $4 WHERE id = $1 AND owner_id = $2 AND venue_id IS NULL`,
		id, ownerID, visible, now)
	if err != nil {
		return fmt.Errorf("store: set video visible: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: set video visible: %w", ErrNotFound)
	}
	return nil
}

// DeleteVideo removes one of a provider's videos.
func (s *Store) DeleteVideo(ctx context.Context, ownerID, id string) error {
	res, err := s.exec(ctx, `DELETE FROM videos WHERE id = $1 AND owner_id = $2 AND venue_id IS NULL`, id, ownerID)
	if err != nil {
		return fmt.Errorf("store: delete video: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: delete video: %w", ErrNotFound)
	}
	return nil
}

// ListVisibleVideos returns the videos a provider's public page shows.
func (s *Store) ListVisibleVideos(ctx context.Context, ownerID string) ([]model.Video, error) {
	var out []model.Video
	err := s.q.SelectContext(ctx, &out, `SELECT `+videoColumns+` FROM videos
		WHERE owner_id = $1 AND venue_id IS NULL AND is_visible = TRUE ORDER BY created_at DESC, id DESC`, ownerID)
	if err != nil {
		return nil, fmt.Errorf("store: visible videos: %w", err)
	}
	return out, nil
}

// ListVisibleVenueVideos returns the videos a venue's public page shows.
func (s *Store) ListVisibleVenueVideos(ctx context.Context, venueID string) ([]model.Video, error) {
	var out []model.Video
	err := s.q.SelectContext(ctx, &out, `SELECT `+videoColumns+` FROM videos
		WHERE venue_id = $1 AND is_visible = TRUE ORDER BY position, created_at, id`, venueID)
	if err != nil {
		return nil, fmt.Errorf("store: visible venue videos: %w", err)
	}
	return out, nil
}
