package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"noces/internal/model"
)

// A venue's photos (rows of images with a venue_id) and videos, written by
// its owner.

// venueImageColumns are every column of a venue photo.
const venueImageColumns = imageColumns + `, alt, caption, is_key_image`

// venueGalleryOrder is the order of a venue's photos everywhere.
const venueGalleryOrder = `position, created_at, id`

// ListVenueImages returns a venue's photos in their order.
func (s *Store) ListVenueImages(ctx context.Context, venueID string) ([]model.Image, error) {
	var out []model.Image
	err := s.q.SelectContext(ctx, &out, `SELECT `+venueImageColumns+` FROM images WHERE venue_id = $1 ORDER BY `+venueGalleryOrder, venueID)
	if err != nil {
		return nil, fmt.Errorf("store: venue images: %w", err)
	}
	return out, nil
}

// CountVenueImages counts a venue's photos.
func (s *Store) CountVenueImages(ctx context.Context, venueID string) (int, error) {
	var n int
	if err := s.q.GetContext(ctx, &n, `SELECT COUNT(*) FROM images WHERE venue_id = $1`, venueID); err != nil {
		return 0, fmt.Errorf("store: count venue images: %w", err)
	}
	return n, nil
}

// CreateVenueImage stores a venue photo's row with its metadata; its files
// are already in blob storage. A second key image of the venue gives
// ErrConflict (the unique index of migration 00016).
func (s *Store) CreateVenueImage(ctx context.Context, im model.Image) error {
	_, err := s.exec(ctx, `INSERT INTO images (`+venueImageColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10,
		$11, $12, $13, $14, $15, $16, $17, $18, $19)`,
		im.ID, im.OwnerID, im.VenueID, im.Title, im.Description, im.IsVisible, im.Position, im.ImageKey, im.Width, im.Height,
		im.ThumbKey, im.ThumbWidth, im.ThumbHeight, im.ByteSize, im.CreatedAt, im.UpdatedAt, im.Alt, im.Caption, im.IsKeyImage)
	if err != nil {
		return fmt.Errorf("store: create venue image: %w", err)
	}
	return nil
}

// GetVenueImage returns one photo of one of an owner's venues; a photo of
// another venue or owner is ErrNotFound.
func (s *Store) GetVenueImage(ctx context.Context, ownerID, venueID, id string) (model.Image, error) {
	var im model.Image
	err := s.q.GetContext(ctx, &im, `SELECT `+venueImageColumns+` FROM images WHERE id = $1 AND venue_id = $2 AND owner_id = $3`,
		id, venueID, ownerID)
	if err != nil {
		return im, fmt.Errorf("store: get venue image: %w", notFound(err))
	}
	return im, nil
}

// UpdateVenueImage writes a venue photo's metadata, position and key flag.
func (s *Store) UpdateVenueImage(ctx context.Context, im model.Image) error {
	res, err := s.exec(ctx, `UPDATE images SET alt = $4, title = $5, description = $6, caption = $7, is_visible = $8,
		position = $9, is_key_image = $10, updated_at = $11 WHERE id = $1 AND venue_id = $2 AND owner_id = $3`,
		im.ID, im.VenueID, im.OwnerID, im.Alt, im.Title, im.Description, im.Caption, im.IsVisible, im.Position, im.IsKeyImage,
		im.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store: update venue image: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: update venue image: %w", ErrNotFound)
	}
	return nil
}

// ClearVenueKeyImage makes no photo of a venue its key image.
func (s *Store) ClearVenueKeyImage(ctx context.Context, venueID string, now time.Time) error {
	_, err := s.exec(ctx, `UPDATE images SET is_key_image = FALSE, updated_at = $2 WHERE venue_id = $1 AND is_key_image = TRUE`, venueID, now)
	if err != nil {
		return fmt.Errorf("store: clear key image: %w", err)
	}
	return nil
}

// SetVenueImagePositions numbers a venue's photos in the order of ids (0
// first).
func (s *Store) SetVenueImagePositions(ctx context.Context, venueID string, ids []string, now time.Time) error {
	for i, id := range ids {
		_, err := s.exec(ctx, `UPDATE images SET position = $3, updated_at = $4 WHERE id = $1 AND venue_id = $2 AND position <> $3`,
			id, venueID, i, now)
		if err != nil {
			return fmt.Errorf("store: venue image position: %w", err)
		}
	}
	return nil
}

// DeleteVenueImage removes one photo of one of an owner's venues.
func (s *Store) DeleteVenueImage(ctx context.Context, ownerID, venueID, id string) error {
	res, err := s.exec(ctx, `DELETE FROM images WHERE id = $1 AND venue_id = $2 AND owner_id = $3`, id, venueID, ownerID)
	if err != nil {
		return fmt.Errorf("store: delete venue image: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: delete venue image: %w", ErrNotFound)
	}
	return nil
}

// ListVenueVideos returns a venue's videos in their order.
func (s *Store) ListVenueVideos(ctx context.Context, venueID string) ([]model.Video, error) {
	var out []model.Video
	err := s.q.SelectContext(ctx, &out, `SELECT `+videoColumns+` FROM videos WHERE venue_id = $1 ORDER BY position, created_at, id`, venueID)
	if err != nil {
		return nil, fmt.Errorf("store: venue videos: %w", err)
	}
	return out, nil
}

// SetVenueVideos replaces a venue's videos by vs, in that order: a video
// whose id the venue has is updated in place (keeping its creation time),
// the others are inserted, and the venue's videos not in vs are deleted.
// Call it in a transaction.
func (s *Store) SetVenueVideos(ctx context.Context, venueID string, vs []model.Video, now time.Time) error {
	have, err := s.ListVenueVideos(ctx, venueID)
	if err != nil {
		return err
	}
	keep := map[string]bool{}
	for _, v := range vs {
		keep[v.ID] = true
	}
	for _, h := range have {
		if keep[h.ID] {
			continue
		}
		if _, err := s.exec(ctx, `DELETE FROM videos WHERE id = $1 AND venue_id = $2`, h.ID, venueID); err != nil {
			return fmt.Errorf("store: delete venue video: %w", err)
		}
	}
	existing := map[string]bool{}
	for _, h := range have {
		existing[h.ID] = true
	}
	for i, v := range vs {
		v.Position, v.UpdatedAt = i, now
		if existing[v.ID] {
			_, err := s.exec(ctx, `UPDATE videos SET title = $3, description = $4, host = $5, external_id = $6, is_visible = $7,
				position = $8, updated_at = $9 WHERE id = $1 AND venue_id = $2`,
				v.ID, venueID, v.Title, v.Description, v.Host, v.ExternalID, v.IsVisible, v.Position, now)
			if err != nil {
				return fmt.Errorf("store: update venue video: %w", err)
			}
			continue
		}
		v.VenueID, v.CreatedAt = sql.NullString{String: venueID, Valid: true}, now
		if err := s.CreateVideo(ctx, v); err != nil {
			return err
		}
	}
	return nil
}
