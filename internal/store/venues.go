package store

import (
	"context"
	"fmt"
	"time"

	"noces/internal/model"
)

// The venue aggregate: a venue's row (migration 00016) and the sets kept
// beside it, from its creation through its owner's edits to its deletion.
// Every read and write of the owner's side names the owner, so another
// owner's venue is ErrNotFound, never someone else's data. Its photos and
// videos are in venues_media.go, the directory's reads in venues_public.go,
// the admin's lists and validation in venues_admin.go.

// venueColumns are every column of a venue row.
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

// VenueSets are the parts of a venue kept as sets beside its row
// (migration 00016): the features it offers, the services it sells and the
// details told of them.
type VenueSets struct {
	Features    []string // model.VenueFeatures entries, in that order
	Prestations []string // model.VenuePrestations entries, in that order
	Details     []model.VenuePrestationDetail
}

// GetVenueSets reads a venue's features, services and service details.
func (s *Store) GetVenueSets(ctx context.Context, venueID string) (VenueSets, error) {
	all, err := s.ListVenueSets(ctx, []string{venueID})
	if err != nil {
		return VenueSets{}, err
	}
	return all[venueID], nil
}

// ListVenueSets reads the sets of several venues in three queries, keyed by
// venue id; a venue without any has the zero VenueSets.
func (s *Store) ListVenueSets(ctx context.Context, venueIDs []string) (map[string]VenueSets, error) {
	out := make(map[string]VenueSets, len(venueIDs))
	if len(venueIDs) == 0 {
		return out, nil
	}
	list, args := inList(venueIDs, 0)
	var pairs []struct {
		VenueID string `db:"venue_id"`
		Value   string `db:"value"`
	}
	if err := s.q.SelectContext(ctx, &pairs, `SELECT venue_id, feature AS value FROM venue_features WHERE venue_id IN (`+list+`)`, args...); err != nil {
		return nil, fmt.Errorf("store: venue features: %w", err)
	}
	features := map[string]map[string]bool{}
	for _, p := range pairs {
		if features[p.VenueID] == nil {
			features[p.VenueID] = map[string]bool{}
		}
		features[p.VenueID][p.Value] = true
	}
	pairs = pairs[:0]
	if err := s.q.SelectContext(ctx, &pairs, `SELECT venue_id, prestation AS value FROM venue_prestations WHERE venue_id IN (`+list+`)`, args...); err != nil {
		return nil, fmt.Errorf("store: venue prestations: %w", err)
	}
	prestations := map[string]map[string]bool{}
	for _, p := range pairs {
		if prestations[p.VenueID] == nil {
			prestations[p.VenueID] = map[string]bool{}
		}
		prestations[p.VenueID][p.Value] = true
	}
	var details []model.VenuePrestationDetail
	err := s.q.SelectContext(ctx, &details, `SELECT id, venue_id, prestation, description, budget_starting_from,
		is_description_visible, is_budget_visible, position FROM venue_prestation_details
		WHERE venue_id IN (`+list+`) ORDER BY venue_id, position, id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: venue prestation details: %w", err)
	}
	for _, id := range venueIDs {
		var vs VenueSets
		for _, f := range model.VenueFeatures {
			if features[id][f] {
				vs.Features = append(vs.Features, f)
			}
		}
		for _, p := range model.VenuePrestations {
			if prestations[id][p] {
				vs.Prestations = append(vs.Prestations, p)
			}
		}
		out[id] = vs
	}
	for _, d := range details {
		vs := out[d.VenueID]
		vs.Details = append(vs.Details, d)
		out[d.VenueID] = vs
	}
	return out, nil
}

// SetVenueSets replaces a venue's features, services and details in one
// transaction. Each detail's Prestation must be among the services (the
// schema's foreign key refuses it otherwise); details are kept in the order
// given. The venue's updated_at is set to now, which also tells the
// directory's change feed that the owner's listings changed.
func (s *Store) SetVenueSets(ctx context.Context, venueID string, vs VenueSets, now time.Time) error {
	return s.InTx(ctx, func(tx *Store) error {
		res, err := tx.exec(ctx, `UPDATE venues SET updated_at = $2 WHERE id = $1`, venueID, now)
		if err != nil {
			return fmt.Errorf("store: touch venue: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("store: set venue sets: %w", ErrNotFound)
		}
		for _, table := range []string{"venue_prestation_details", "venue_prestations", "venue_features"} {
			if _, err := tx.exec(ctx, `DELETE FROM `+table+` WHERE venue_id = $1`, venueID); err != nil {
				return fmt.Errorf("store: clear %s: %w", table, err)
			}
		}
		for _, f := range vs.Features {
			if _, err := tx.exec(ctx, `INSERT INTO venue_features (venue_id, feature) VALUES ($1, $2)`, venueID, f); err != nil {
				return fmt.Errorf("store: add venue feature: %w", err)
			}
		}
		for _, p := range vs.Prestations {
			if _, err := tx.exec(ctx, `INSERT INTO venue_prestations (venue_id, prestation) VALUES ($1, $2)`, venueID, p); err != nil {
				return fmt.Errorf("store: add venue prestation: %w", err)
			}
		}
		for i, d := range vs.Details {
			if d.ID == "" {
				d.ID = model.NewID()
			}
			_, err := tx.exec(ctx, `INSERT INTO venue_prestation_details (id, venue_id, prestation, description, budget_starting_from,
				is_description_visible, is_budget_visible, position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
				d.ID, venueID, d.Prestation, d.Description, d.BudgetStartingFrom, d.IsDescriptionVisible, d.IsBudgetVisible, i)
			if err != nil {
				return fmt.Errorf("store: add venue prestation detail: %w", err)
			}
		}
		return nil
	})
}
