package store

import (
	"context"
	"fmt"
	"strings"
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

// SearchVenues pages the visible venues, premium owners first, then nearest,
// then largest.
func (s *Store) SearchVenues(ctx context.Context, q VenueQuery) ([]VenueCard, int, error) {
	args := []any{q.Country}
	where := []string{visibleVenue, `v.country_code = $1`}
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	if q.Type != "" {
		where = append(where, `v.type = `+arg(q.Type))
	}
	if q.Guests > 0 {
		where = append(where, `v.seated_capacity >= `+arg(q.Guests))
	}
	if q.MaxPrice > 0 {
		where = append(where, `v.min_price <= `+arg(q.MaxPrice))
	}
	order := ""
	if q.Near {
		order = nearWhere(&where, "v", q.Lat, q.Lng, q.RadiusKm, arg) + ", "
	}
	from := ` FROM venues v JOIN users u ON u.id = v.owner_id WHERE ` + strings.Join(where, " AND ")
	var total int
	if err := s.q.GetContext(ctx, &total, `SELECT COUNT(*)`+from, args...); err != nil {
		return nil, 0, fmt.Errorf("store: count venues: %w", err)
	}
	rank := premiumRank(arg(q.Now))
	limit, offset := arg(q.Limit), arg(q.Offset)
	cols := "v." + strings.ReplaceAll(strings.Join(strings.Fields(venueColumns), " "), ", ", ", v.")
	var cards []VenueCard
	err := s.q.SelectContext(ctx, &cards, `SELECT `+cols+`, `+rank+` = 1 AS is_premium`+from+`
		ORDER BY `+rank+` DESC, `+order+`v.seated_capacity DESC, v.name, v.id LIMIT `+limit+` OFFSET `+offset, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: search venues: %w", err)
	}
	for i := range cards {
		if q.Near && cards[i].Latitude.Valid {
			d := DistanceKm(q.Lat, q.Lng, cards[i].Latitude.Float64, cards[i].Longitude.Float64)
			cards[i].DistanceKm = &d
		}
	}
	return cards, total, nil
}

// GetVisibleVenueBySlug returns a public venue, or ErrNotFound.
func (s *Store) GetVisibleVenueBySlug(ctx context.Context, slug string) (model.Venue, error) {
	cols := "v." + strings.ReplaceAll(strings.Join(strings.Fields(venueColumns), " "), ", ", ", v.")
	var v model.Venue
	err := s.q.GetContext(ctx, &v, `SELECT `+cols+` FROM venues v JOIN users u ON u.id = v.owner_id WHERE v.slug = $1 AND `+visibleVenue, slug)
	if err != nil {
		return v, fmt.Errorf("store: public venue: %w", notFound(err))
	}
	return v, nil
}
