package store

import (
	"context"
	"fmt"
	"time"

	"noces/internal/model"
)

const venueColumns = `id, owner_id, name, slug, type, email, phone, address, zipcode, city, country_code, latitude, longitude,
	description, detailed_description, seated_capacity, standing_capacity, bedrooms, min_price, max_price, website,
	is_published, is_validated, created_at, updated_at`

// CreateVenue inserts a venue; a taken slug gives ErrConflict.
func (s *Store) CreateVenue(ctx context.Context, v model.Venue) error {
	_, err := s.exec(ctx, `INSERT INTO venues (`+venueColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
		$14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25)`,
		v.ID, v.OwnerID, v.Name, v.Slug, v.Type, v.Email, v.Phone, v.Address, v.Zipcode, v.City, v.CountryCode, v.Latitude, v.Longitude,
		v.Description, v.DetailedDescription, v.SeatedCapacity, v.StandingCapacity, v.Bedrooms, v.MinPrice, v.MaxPrice, v.Website,
		v.IsPublished, v.IsValidated, v.CreatedAt, v.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store: create venue: %w", err)
	}
	return nil
}

// visibleVenue: published, and its owner moderated and not deleted.
const visibleVenue = `v.is_published = TRUE AND u.is_moderated = TRUE AND u.deleted_at IS NULL`

// VenueQuery filters the venues of the directory.
type VenueQuery struct {
	Country  string
	Type     string // "" for any
	Guests   int    // seats at least this many; 0 for any
	MaxPrice int    // a minimum price at most this; 0 for any
	Near     bool
	Lat, Lng float64
	RadiusKm float64
	Limit    int
	Offset   int
	Now      time.Time
}

// VenueCard is one venue of the results.
type VenueCard struct {
	model.Venue
	IsPremium  bool     `db:"is_premium"`
	DistanceKm *float64 `db:"-"`
}

// SearchVenues pages the visible venues, premium owners first, then
// nearest, then largest. The matches come from the directory's index
// (directory_index.go); only the page's rows are read from the database.
func (s *Store) SearchVenues(ctx context.Context, q VenueQuery) ([]VenueCard, int, error) {
	x, err := s.directory(ctx)
	if err != nil {
		return nil, 0, err
	}
	found, hits, total := x.searchVenues(q)
	if len(found) == 0 {
		return nil, total, nil
	}
	ids := make([]string, len(found))
	for i, v := range found {
		ids[i] = v.ID
	}
	list, args := inList(ids, 0)
	var rows []model.Venue
	err = s.q.SelectContext(ctx, &rows, `SELECT `+venueColumns+` FROM venues WHERE id IN (`+list+`)`, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: search venues: %w", err)
	}
	byID := make(map[string]model.Venue, len(rows))
	for _, r := range rows {
		byID[r.ID] = r
	}
	cards := make([]VenueCard, 0, len(found))
	for i, v := range found {
		r, ok := byID[v.ID]
		if !ok {
			continue // deleted since the index was read
		}
		c := VenueCard{Venue: r, IsPremium: hits[i].premium}
		if q.Near && r.Latitude.Valid && r.Longitude.Valid {
			d := DistanceKm(q.Lat, q.Lng, r.Latitude.Float64, r.Longitude.Float64)
			c.DistanceKm = &d
		}
		cards = append(cards, c)
	}
	return cards, total, nil
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
