package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"noces/internal/model"
)

// The venue owner's side of venues: their listings with every column of
// migration 00016, the photos and videos of each, and the counts of the
// owner's list. Every read and write names the owner, so another owner's
// venue is ErrNotFound, never someone else's data.

// venueColumns are every column of a venue row.
// venueImageColumns are every column of a venue photo.
const venueImageColumns = imageColumns + `, alt, caption, is_key_image`

// UpdateOwnedVenue writes a venue's editable fields (not its slug, owner,
// publication or validation) and its updated_at; another owner's venue is
// ErrNotFound.
func (s *Store) UpdateOwnedVenue(ctx context.Context, v model.Venue) error {
	res, err := s.exec(ctx, `UPDATE venues SET name = $3, type = $4, email = $5, phone = $6, address = $7, zipcode = $8,
		city = $9, country_code = $10, latitude = $11, longitude = $12, description = $13, detailed_description = $14,
		seated_capacity = $15, standing_capacity = $16, bedrooms = $17, min_price = $18, max_price = $19, website = $20,
		sn_facebook = $21, sn_instagram = $22, contact_name = $23, contact_role = $24, updated_at = $25
		WHERE id = $1 AND owner_id = $2`,
		v.ID, v.OwnerID, v.Name, v.Type, v.Email, v.Phone, v.Address, v.Zipcode, v.City, v.CountryCode, v.Latitude,
		v.Longitude, v.Description, v.DetailedDescription, v.SeatedCapacity, v.StandingCapacity, v.Bedrooms, v.MinPrice,
		v.MaxPrice, v.Website, v.SnFacebook, v.SnInstagram, v.ContactName, v.ContactRole, v.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store: update venue: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: update venue: %w", ErrNotFound)
	}
	return nil
}

// GetOwnedVenue returns one of an owner's venues; another owner's is
// ErrNotFound.
func (s *Store) GetOwnedVenue(ctx context.Context, ownerID, id string) (model.Venue, error) {
	var v model.Venue
	err := s.q.GetContext(ctx, &v, `SELECT `+venueColumns+` FROM venues WHERE id = $1 AND owner_id = $2`, id, ownerID)
	if err != nil {
		return v, fmt.Errorf("store: get venue: %w", notFound(err))
	}
	return v, nil
}

// LockOwnedVenue takes the write lock of one of an owner's venues for the
// rest of the transaction, so that two uploads to it count its photos one
// after the other; another owner's venue is ErrNotFound. Being an UPDATE of
// the venue, it also records the owner in the directory's change feed, so a
// change of the venue's photos (its key image) reaches the search index.
func (s *Store) LockOwnedVenue(ctx context.Context, ownerID, id string) error {
	res, err := s.exec(ctx, `UPDATE venues SET updated_at = updated_at WHERE id = $1 AND owner_id = $2`, id, ownerID)
	if err != nil {
		return fmt.Errorf("store: lock venue: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: lock venue: %w", ErrNotFound)
	}
	return nil
}

// CountOwnedVenues counts an owner's venues.
func (s *Store) CountOwnedVenues(ctx context.Context, ownerID string) (int, error) {
	var n int
	if err := s.q.GetContext(ctx, &n, `SELECT COUNT(*) FROM venues WHERE owner_id = $1`, ownerID); err != nil {
		return 0, fmt.Errorf("store: count venues: %w", err)
	}
	return n, nil
}

// VenueSlugTaken reports whether a venue already has slug.
func (s *Store) VenueSlugTaken(ctx context.Context, slug string) (bool, error) {
	var n int
	if err := s.q.GetContext(ctx, &n, `SELECT COUNT(*) FROM venues WHERE slug = $1`, slug); err != nil {
		return false, fmt.Errorf("store: venue slug: %w", err)
	}
	return n > 0, nil
}

// SetVenuePublished publishes or unpublishes one of an owner's venues.
func (s *Store) SetVenuePublished(ctx context.Context, ownerID, id string, published bool, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE venues SET is_published = $3, updated_at = $4 WHERE id = $1 AND owner_id = $2`,
		id, ownerID, published, now)
	if err != nil {
		return fmt.Errorf("store: publish venue: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: publish venue: %w", ErrNotFound)
	}
	return nil
}

// DeleteOwnedVenue removes one of an owner's venues; its photos', videos',
// sets' and views' rows go with it (ON DELETE CASCADE), its requests keep
// their rows without the venue (ON DELETE SET NULL). The caller deletes the
// photos' files, read before with ListVenueImages.
func (s *Store) DeleteOwnedVenue(ctx context.Context, ownerID, id string) error {
	res, err := s.exec(ctx, `DELETE FROM venues WHERE id = $1 AND owner_id = $2`, id, ownerID)
	if err != nil {
		return fmt.Errorf("store: delete venue: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: delete venue: %w", ErrNotFound)
	}
	return nil
}

// OwnedVenueCard is a venue of the owner's list with what its card shows.
type OwnedVenueCard struct {
	model.Venue
	KeyThumbKey  string `db:"key_thumb_key"` // "" without photos
	ImageCount   int    `db:"image_count"`
	Views30d     int    `db:"views_30d"`
	RequestCount int    `db:"request_count"`
}

// ListOwnedVenueCards returns an owner's venues, newest first, with their
// key image's thumbnail (the first photo when none is marked), photo count,
// views since viewsSince (a YYYY-MM-DD day) and requests, in one query.
func (s *Store) ListOwnedVenueCards(ctx context.Context, ownerID, viewsSince string) ([]OwnedVenueCard, error) {
	var out []OwnedVenueCard
	err := s.q.SelectContext(ctx, &out, `SELECT `+prefixed("v", venueColumns)+`,
		COALESCE((SELECT i.thumb_key FROM images i WHERE i.venue_id = v.id
			ORDER BY i.is_key_image DESC, i.position, i.created_at, i.id LIMIT 1), '') AS key_thumb_key,
		(SELECT COUNT(*) FROM images i WHERE i.venue_id = v.id) AS image_count,
		(SELECT COUNT(*) FROM venue_views w WHERE w.venue_id = v.id AND w.day >= $2) AS views_30d,
		(SELECT COUNT(*) FROM event_requests r WHERE r.venue_id = v.id) AS request_count
		FROM venues v WHERE v.owner_id = $1 ORDER BY v.created_at DESC, v.id DESC`, ownerID, viewsSince)
	if err != nil {
		return nil, fmt.Errorf("store: list venues: %w", err)
	}
	return out, nil
}

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
