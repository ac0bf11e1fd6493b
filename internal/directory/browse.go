package directory

import (
	"context"
	"sync"

	"noces/internal/store"
)

// Listings are the visible planners and venues of one country at one
// version of the directory. Shared: callers must not change them.
type Listings struct {
	Version int64
	Items   []store.PublicListing
}

// listingsCache keeps the last answer of store.PublicListings while the
// directory's version does not move: browse pages, the home page's city
// links and the sitemap all read it, and reading every listing per page
// would cost a pass over the tables each time.
type listingsCache struct {
	mu        sync.Mutex
	version   int64
	loaded    bool
	byCountry map[string][]store.PublicListing
}

// PublicListings returns the visible listings of country, read again only
// when the directory changed since the last read.
func (s *Service) PublicListings(ctx context.Context, country string) (Listings, error) {
	c, err := s.currentListings(ctx)
	if err != nil {
		return Listings{}, err
	}
	defer c.mu.Unlock()
	return Listings{Version: c.version, Items: c.byCountry[country]}, nil
}

// ListingCountry returns the country of the visible planner (kind
// "planner") or venue ("venue") with that slug, or "" when none is
// visible. Read from its row, not from the listings kept for the browse
// pages: those are read again whole after any write, which every profile
// page would then wait for.
func (s *Service) ListingCountry(ctx context.Context, kind, slug string) (string, error) {
	return s.store.ListingCountry(ctx, kind, slug)
}

// currentListings brings the cache up to date and returns it locked.
func (s *Service) currentListings(ctx context.Context) (*listingsCache, error) {
	version, err := s.store.DirectoryVersion(ctx)
	if err != nil {
		return nil, err
	}
	c := &s.listings
	c.mu.Lock()
	if !c.loaded || c.version < version {
		all, err := s.store.PublicListings(ctx)
		if err != nil {
			c.mu.Unlock()
			return nil, err
		}
		by := map[string][]store.PublicListing{}
		for _, l := range all {
			by[l.Country] = append(by[l.Country], l)
		}
		c.byCountry, c.version, c.loaded = by, version, true
	}
	return c, nil
}
