package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// PublicListing is a visible planner or venue as the browse pages and the
// sitemap list it: where it is and when it last changed.
type PublicListing struct {
	Kind      string    `db:"kind"` // "planner" or "venue"
	Slug      string    `db:"slug"`
	City      string    `db:"city"`
	Country   string    `db:"country_code"`
	UpdatedAt time.Time `db:"updated_at"`
	// Services are a planner's prestation types.
	Services []string `db:"-"`
}

// DirectoryVersion is the directory's change counter: it moves with every
// write that can change what the public directory shows, so anything
// computed from the visible listings stays right while it does not move.
// Concurrent callers share one read, as searches do.
func (s *Store) DirectoryVersion(ctx context.Context) (int64, error) {
	v, _, err := s.directoryVersion(ctx)
	return v, err
}

// PublicListings returns every visible planner and venue of every country,
// by the same predicates as the search (visibleProvider, visibleVenue), in
// three queries whatever their number. Callers keep the answer while
// DirectoryVersion does not move; read the version first, so a write
// landing in between makes the answer newer than its version, never older.
func (s *Store) PublicListings(ctx context.Context) ([]PublicListing, error) {
	var planners []struct {
		PublicListing
		UserID      string    `db:"user_id"`
		UserUpdated time.Time `db:"user_updated"`
	}
	// Either row's change shows on the page (the user row holds the
	// photo); each is read as a column, which both drivers scan as a time.
	err := s.q.SelectContext(ctx, &planners, `SELECT 'planner' AS kind, c.user_id, c.slug, c.city, c.country_code,
		c.updated_at, u.updated_at AS user_updated
		FROM companies c JOIN users u ON u.id = c.user_id WHERE `+visibleProvider+` ORDER BY c.slug`)
	if err != nil {
		return nil, fmt.Errorf("store: public listings: %w", err)
	}
	var services []struct {
		UserID string `db:"user_id"`
		Type   string `db:"type"`
	}
	err = s.q.SelectContext(ctx, &services, `SELECT x.user_id, p.type FROM company_prestations x
		JOIN prestations p ON p.id = x.prestation_id
		JOIN companies c ON c.user_id = x.user_id JOIN users u ON u.id = c.user_id WHERE `+visibleProvider+`
		ORDER BY x.user_id, p.type`)
	if err != nil {
		return nil, fmt.Errorf("store: public listings services: %w", err)
	}
	byUser := make(map[string]*PublicListing, len(planners))
	for i := range planners {
		byUser[planners[i].UserID] = &planners[i].PublicListing
	}
	for _, sv := range services {
		if p := byUser[sv.UserID]; p != nil {
			p.Services = append(p.Services, sv.Type)
		}
	}
	out := make([]PublicListing, 0, len(planners))
	for _, p := range planners {
		if p.UserUpdated.After(p.UpdatedAt) {
			p.UpdatedAt = p.UserUpdated
		}
		out = append(out, p.PublicListing)
	}
	var venues []PublicListing
	err = s.q.SelectContext(ctx, &venues, `SELECT 'venue' AS kind, v.slug, v.city, v.country_code, v.updated_at
		FROM venues v JOIN users u ON u.id = v.owner_id WHERE `+visibleVenue+` ORDER BY v.slug`)
	if err != nil {
		return nil, fmt.Errorf("store: public listings venues: %w", err)
	}
	return append(out, venues...), nil
}

// ListingCountry returns the country of the visible planner (kind
// "planner") or venue ("venue") with that slug, or "" when none is
// visible: one row by its unique slug, for each public page of a listing.
func (s *Store) ListingCountry(ctx context.Context, kind, slug string) (string, error) {
	q := `SELECT c.country_code FROM companies c JOIN users u ON u.id = c.user_id WHERE c.slug = $1 AND ` + visibleProvider
	if kind == "venue" {
		q = `SELECT v.country_code FROM venues v JOIN users u ON u.id = v.owner_id WHERE v.slug = $1 AND ` + visibleVenue
	}
	var country string
	err := s.q.GetContext(ctx, &country, q, slug)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("store: listing country: %w", err)
	}
	return country, nil
}
