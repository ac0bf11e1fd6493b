package store

import (
	"context"
	"fmt"

	"noces/internal/model"
)

// What the public directory reads of venues: the cards and pages of the
// visible ones, their public photos, and their views.

// visibleVenue: published by its owner and validated by an admin, and its
// owner moderated and not deleted (part 2: an admin checks a venue before
// couples see it).
const visibleVenue = `v.is_published = TRUE AND v.is_validated = TRUE AND u.is_moderated = TRUE AND u.deleted_at IS NULL`

// VenueCardRow is what a venue's search card shows of its rows: every
// column of the venue but the two descriptions, which no card shows (the
// index keeps the cards of thousands of pages, and those texts run to
// pages), and its key image, else its first visible photo (nil without a
// visible photo).
type VenueCardRow struct {
	model.Venue
	Key *model.Image `db:"-"`
}

// ListVenueCardRows reads the card rows of the given venues, in no
// particular order; a venue deleted meanwhile has none.
func (s *Store) ListVenueCardRows(ctx context.Context, ids []string) ([]VenueCardRow, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	list, args := inList(ids, 0)
	var rows []model.Venue
	err := s.q.SelectContext(ctx, &rows, `SELECT `+venueColumns+` FROM venues WHERE id IN (`+list+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: search venues: %w", err)
	}
	keys, err := s.venueKeyImages(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]VenueCardRow, len(rows))
	for i, r := range rows {
		r.Description, r.DetailedDescription = "", ""
		out[i] = VenueCardRow{Venue: r, Key: keys[r.ID]}
	}
	return out, nil
}

// GetVisibleVenueBySlug returns a public venue, or ErrNotFound.
func (s *Store) GetVisibleVenueBySlug(ctx context.Context, slug string) (model.Venue, error) {
	var v model.Venue
	err := s.q.GetContext(ctx, &v, `SELECT `+prefixed("v", venueColumns)+` FROM venues v JOIN users u ON u.id = v.owner_id WHERE v.slug = $1 AND `+visibleVenue, slug)
	if err != nil {
		return v, fmt.Errorf("store: public venue: %w", notFound(err))
	}
	return v, nil
}

// venuePhotoOrder is the order of a venue's public gallery: the key image
// first, then the owner's order.
const venuePhotoOrder = `is_key_image DESC, position, created_at, id`

// ListPublicVenueImages returns the visible photos of a venue, the key
// image first then by position, with their alt texts and captions.
func (s *Store) ListPublicVenueImages(ctx context.Context, venueID string) ([]model.Image, error) {
	var out []model.Image
	err := s.q.SelectContext(ctx, &out, `SELECT `+venueImageColumns+` FROM images
		WHERE venue_id = $1 AND is_visible = TRUE ORDER BY `+venuePhotoOrder, venueID)
	if err != nil {
		return nil, fmt.Errorf("store: public venue images: %w", err)
	}
	return out, nil
}

// venueKeyImages returns, for each venue of ids that has a visible photo,
// its key image or else its first visible photo, in one query.
func (s *Store) venueKeyImages(ctx context.Context, ids []string) (map[string]*model.Image, error) {
	out := make(map[string]*model.Image, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	list, args := inList(ids, 0)
	var rows []model.Image
	// One row per venue, however many photos each has.
	err := s.q.SelectContext(ctx, &rows, `SELECT `+venueImageColumns+` FROM (SELECT `+venueImageColumns+`,
		ROW_NUMBER() OVER (PARTITION BY venue_id ORDER BY `+venuePhotoOrder+`) AS n
		FROM images WHERE venue_id IN (`+list+`) AND is_visible = TRUE) x WHERE n = 1`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: venue key images: %w", err)
	}
	for i := range rows {
		if id := rows[i].VenueID.String; out[id] == nil {
			out[id] = &rows[i]
		}
	}
	return out, nil
}

// RecordVenueView counts a visitor once per day per venue; it reports
// whether this view was new.
func (s *Store) RecordVenueView(ctx context.Context, venueID, day, visitor string) (bool, error) {
	res, err := s.exec(ctx, `INSERT INTO venue_views (venue_id, day, visitor) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, venueID, day, visitor)
	if err != nil {
		return false, fmt.Errorf("store: record venue view: %w", err)
	}
	return affected(res) == 1, nil
}
