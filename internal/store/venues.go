package store

import (
	"context"
	"fmt"
	"time"

	"noces/internal/model"
)

const venueColumns = `id, owner_id, name, slug, type, email, phone, address, zipcode, city, country_code, latitude, longitude,
	description, detailed_description, seated_capacity, standing_capacity, bedrooms, min_price, max_price, website,
	sn_facebook, sn_instagram, contact_name, contact_role, is_published, is_validated, validated_at, created_at, updated_at`

// CreateVenue inserts a venue; a taken slug gives ErrConflict.
func (s *Store) CreateVenue(ctx context.Context, v model.Venue) error {
	_, err := s.exec(ctx, `INSERT INTO venues (`+venueColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
		$14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30)`,
		v.ID, v.OwnerID, v.Name, v.Slug, v.Type, v.Email, v.Phone, v.Address, v.Zipcode, v.City, v.CountryCode, v.Latitude, v.Longitude,
		v.Description, v.DetailedDescription, v.SeatedCapacity, v.StandingCapacity, v.Bedrooms, v.MinPrice, v.MaxPrice, v.Website,
		v.SnFacebook, v.SnInstagram, v.ContactName, v.ContactRole, v.IsPublished, v.IsValidated, v.ValidatedAt, v.CreatedAt, v.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store: create venue: %w", err)
	}
	return nil
}

// visibleVenue: published by its owner and validated by an admin, and its
// owner moderated and not deleted (part 2: an admin checks a venue before
// couples see it).
const visibleVenue = `v.is_published = TRUE AND v.is_validated = TRUE AND u.is_moderated = TRUE AND u.deleted_at IS NULL`

// VenueQuery filters the venues of the directory.
type VenueQuery struct {
	Country  string
	Type     string // "" for any
	Guests   int    // seats at least this many; 0 for any
	MaxPrice int    // a minimum price at most this; 0 for any
	// Features are model.VenueFeatures entries the venue must all offer.
	Features []string
	// Accommodation keeps the venues with at least one bedroom on site.
	Accommodation bool
	// Date (YYYY-MM-DD), when set, leaves out the venues whose own
	// calendar has it taken (as DirectoryQuery.Date).
	Date     string
	Near     bool
	Lat, Lng float64
	RadiusKm float64
	Limit    int
	Offset   int
	Now      time.Time
}

// VenueCard is one venue of the results. Its Venue has every column but
// the two descriptions, which no result shows: the cards of thousands of
// pages are kept (directory_index.go's searchCache), and those texts run
// to pages.
type VenueCard struct {
	model.Venue
	IsPremium  bool     `db:"is_premium"`
	DistanceKm *float64 `db:"-"`
	// Key is the venue's key image, else its first visible photo; nil
	// without a visible photo.
	Key *model.Image `db:"-"`
	// Reviews are the owner's approved reviews, from the index.
	Reviews ReviewFacts `db:"-"`
}

// SearchVenues is SearchVenuesPage's cards and total.
func (s *Store) SearchVenues(ctx context.Context, q VenueQuery) ([]VenueCard, int, error) {
	p, err := s.SearchVenuesPage(ctx, q)
	return p.Cards, p.Total, err
}

// SearchVenuesPage pages the visible venues, premium owners first, then
// nearest, then largest. The matches come from the directory's index
// (directory_index.go); only the page's rows are read from the database,
// and kept with the answer as SearchProvidersPage does.
func (s *Store) SearchVenuesPage(ctx context.Context, q VenueQuery) (SearchPage[VenueCard], error) {
	x, err := s.directory(ctx)
	if err != nil {
		return SearchPage[VenueCard]{}, err
	}
	page := s.dir.searchVenues(x, q)
	return answerPage(s, page, len(page.venues), &page.venueCards, func() ([]VenueCard, error) {
		ids := make([]string, len(page.venues))
		for i, v := range page.venues {
			ids[i] = v.ID
		}
		list, args := inList(ids, 0)
		var rows []model.Venue
		err := s.q.SelectContext(ctx, &rows, `SELECT `+venueColumns+` FROM venues WHERE id IN (`+list+`)`, args...)
		if err != nil {
			return nil, fmt.Errorf("store: search venues: %w", err)
		}
		byID := make(map[string]model.Venue, len(rows))
		for _, r := range rows {
			byID[r.ID] = r
		}
		keys, err := s.venueKeyImages(ctx, ids)
		if err != nil {
			return nil, err
		}
		cards := make([]VenueCard, 0, len(page.venues))
		for i, v := range page.venues {
			r, ok := byID[v.ID]
			if !ok {
				continue // deleted since the index was read
			}
			r.Description, r.DetailedDescription = "", ""
			c := VenueCard{Venue: r, IsPremium: page.hits[i].premium, Key: keys[v.ID],
				Reviews: ReviewFacts{Count: int(v.reviews.count), Tenths: int(v.reviews.rating)}}
			if q.Near && r.Latitude.Valid && r.Longitude.Valid {
				d := DistanceKm(q.Lat, q.Lng, r.Latitude.Float64, r.Longitude.Float64)
				c.DistanceKm = &d
			}
			cards = append(cards, c)
		}
		return cards, nil
	})
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

// venueImageColumns are what a public page shows of a venue's photo.
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
