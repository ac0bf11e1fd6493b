package store

import (
	"context"
	"fmt"
	"noces/internal/model"
	"time"
)

const imageColumns = `id, owner_id, venue_id, title, description, is_visible, position, image_key, width, height,
	thumb_key, thumb_width, thumb_height, byte_size, created_at, updated_at`

// ImageWithViews is a gallery photo with its view count.
type ImageWithViews struct {
	model.Image
	Views int `db:"views"`
}

// CountImages counts a provider's gallery photos (venue photos aside).
func (s *Store) CountImages(ctx context.Context, ownerID string) (int, error) {
	var n int
	if err := s.q.GetContext(ctx, &n, `SELECT COUNT(*) FROM images WHERE owner_id = $1 AND venue_id IS NULL`, ownerID); err != nil {
		return 0, fmt.Errorf("store: count images: %w", err)
	}
	return n, nil
}

// CreateImage stores a photo's row; its files are already in blob storage.
func (s *Store) CreateImage(ctx context.Context, im model.Image) error {
	_, err := s.exec(ctx, `INSERT INTO images (`+imageColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
		im.ID, im.OwnerID, im.VenueID, im.Title, im.Description, im.IsVisible, im.Position, im.ImageKey, im.Width, im.Height,
		im.ThumbKey, im.ThumbWidth, im.ThumbHeight, im.ByteSize, im.CreatedAt, im.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store: create image: %w", err)
	}
	return nil
}

// galleryOrder is the order of a provider's gallery everywhere, the owner's
// list and the public page alike; creation breaks ties, which only rows
// written before migration 00014 numbered them could have.
const galleryOrder = `position, created_at, id`

// ListImages returns a provider's gallery in the owner's order, with view counts.
func (s *Store) ListImages(ctx context.Context, ownerID string) ([]ImageWithViews, error) {
	var out []ImageWithViews
	err := s.q.SelectContext(ctx, &out, `SELECT `+prefixed("i", imageColumns)+`,
		(SELECT COUNT(*) FROM image_views v WHERE v.image_id = i.id) AS views
		FROM images i WHERE i.owner_id = $1 AND i.venue_id IS NULL ORDER BY i.position, i.created_at, i.id`, ownerID)
	if err != nil {
		return nil, fmt.Errorf("store: list images: %w", err)
	}
	return out, nil
}

// GetImage returns one of a provider's gallery photos; another owner's photo
// is ErrNotFound.
func (s *Store) GetImage(ctx context.Context, ownerID, id string) (ImageWithViews, error) {
	var im ImageWithViews
	err := s.q.GetContext(ctx, &im, `SELECT `+prefixed("i", imageColumns)+`,
		(SELECT COUNT(*) FROM image_views v WHERE v.image_id = i.id) AS views
		FROM images i WHERE i.id = $1 AND i.owner_id = $2 AND i.venue_id IS NULL`, id, ownerID)
	if err != nil {
		return im, fmt.Errorf("store: get image: %w", notFound(err))
	}
	return im, nil
}

// NextImagePosition is the position that puts a new photo last in a
// provider's gallery; call it in the transaction that holds LockUserMedia.
func (s *Store) NextImagePosition(ctx context.Context, ownerID string) (int, error) {
	var n int
	err := s.q.GetContext(ctx, &n, `SELECT COALESCE(MAX(position), 0) + 1 FROM images WHERE owner_id = $1 AND venue_id IS NULL`, ownerID)
	if err != nil {
		return 0, fmt.Errorf("store: next image position: %w", err)
	}
	return n, nil
}

// ListImageIDs returns the ids of a provider's gallery photos in their order.
func (s *Store) ListImageIDs(ctx context.Context, ownerID string) ([]string, error) {
	var out []string
	err := s.q.SelectContext(ctx, &out, `SELECT id FROM images WHERE owner_id = $1 AND venue_id IS NULL ORDER BY `+galleryOrder, ownerID)
	if err != nil {
		return nil, fmt.Errorf("store: list image ids: %w", err)
	}
	return out, nil
}

// SetImagePosition moves one of a provider's gallery photos; another
// owner's photo is ErrNotFound.
func (s *Store) SetImagePosition(ctx context.Context, ownerID, id string, position int, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE images SET position = $3, updated_at = $4 WHERE id = $1 AND owner_id = $2 AND venue_id IS NULL`,
		id, ownerID, position, now)
	if err != nil {
		return fmt.Errorf("store: set image position: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: set image position: %w", ErrNotFound)
	}
	return nil
}

// SetImageVisible shows or hides one of a provider's gallery photos.
func (s *Store) SetImageVisible(ctx context.Context, ownerID, id string, visible bool, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE images SET is_visible = $3, updated_at = $4 WHERE id = $1 AND owner_id = $2 AND venue_id IS NULL`,
		id, ownerID, visible, now)
	if err != nil {
		return fmt.Errorf("store: set image visible: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: set image visible: %w", ErrNotFound)
	}
	return nil
}

// UpdateImageText sets a gallery photo's title and description.
func (s *Store) UpdateImageText(ctx context.Context, ownerID, id, title, description string, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE images SET title = $3, description = $4, updated_at = $5
		WHERE id = $1 AND owner_id = $2 AND venue_id IS NULL`, id, ownerID, title, description, now)
	if err != nil {
		return fmt.Errorf("store: update image: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: update image: %w", ErrNotFound)
	}
	return nil
}

// DeleteImage removes a gallery photo's row (its views go with it).
func (s *Store) DeleteImage(ctx context.Context, ownerID, id string) error {
	res, err := s.exec(ctx, `DELETE FROM images WHERE id = $1 AND owner_id = $2 AND venue_id IS NULL`, id, ownerID)
	if err != nil {
		return fmt.Errorf("store: delete image: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: delete image: %w", ErrNotFound)
	}
	return nil
}

// ListVisibleImages returns the photos a provider's public page shows, in the
// owner's order.
func (s *Store) ListVisibleImages(ctx context.Context, ownerID string) ([]model.Image, error) {
	var out []model.Image
	err := s.q.SelectContext(ctx, &out, `SELECT `+imageColumns+` FROM images
		WHERE owner_id = $1 AND venue_id IS NULL AND is_visible = TRUE ORDER BY `+galleryOrder, ownerID)
	if err != nil {
		return nil, fmt.Errorf("store: visible images: %w", err)
	}
	return out, nil
}

// RecordImageView counts a visitor once per day per photo; it reports
// whether this view was new.
func (s *Store) RecordImageView(ctx context.Context, imageID, day, visitor string) (bool, error) {
	res, err := s.exec(ctx, `INSERT INTO image_views (image_id, day, visitor) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, imageID, day, visitor)
	if err != nil {
		return false, fmt.Errorf("store: record image view: %w", err)
	}
	return affected(res) == 1, nil
}

// GetVisibleImageByID returns a visible photo with nothing but its id, for
// the public view counter; hidden and missing photos are ErrNotFound.
func (s *Store) GetVisibleImageByID(ctx context.Context, id string) (model.Image, error) {
	var im model.Image
	err := s.q.GetContext(ctx, &im, `SELECT `+imageColumns+` FROM images WHERE id = $1 AND is_visible = TRUE`, id)
	if err != nil {
		return im, fmt.Errorf("store: visible image: %w", notFound(err))
	}
	return im, nil
}
