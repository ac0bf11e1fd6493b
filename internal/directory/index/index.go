// Package index is the public directory's search engine: it holds what
// the search filters and sorts on, for every visible planner and venue,
// so that a search over 100,000 providers is a pass over memory instead of
// queries whose cost grows with the matches (counting and sorting tens of
// thousands of rows took SQLite and PostgreSQL 60-600 ms before it).
// Only the page's rows are then read from the database.
//
// The index is built from store's reads (Source) and kept current from
// the directory's change feed (store/directory_changes.go): before each
// search one small query, shared by the searches arriving meanwhile,
// reads the feed's counter, and when it moved, the users changed since are
// read again. A search therefore sees every write committed before it
// started, this server's or another's.
//
// A filter lives here whole: its field in PlannerQuery or VenueQuery, the
// fact it tests (facts.go, from the row store reads), the test itself
// (planners.go, venues.go) and its part of the answers' key (cache.go).
package index

import (
	"context"
	"maps"
	"slices"
	"sync"
	"sync/atomic"

	"noces/internal/store"
)

// Source is what the index reads from the database; *store.Store is one.
type Source interface {
	// GetDirectoryFeed reads the change feed's counter.
	GetDirectoryFeed(ctx context.Context) (store.DirectoryFeed, error)
	// ListDirectoryChanges lists the users changed after one counter
	// value, up to another.
	ListDirectoryChanges(ctx context.Context, from, to int64) ([]string, error)
	// ListDirectoryRows reads the listings of some users, of all when nil.
	ListDirectoryRows(ctx context.Context, users []string) (store.DirectoryRows, error)
	// ListDirectoryCodes reads the prestation types and langue codes.
	ListDirectoryCodes(ctx context.Context) (store.DirectoryCodes, error)
	// ListProviderCardRows and ListVenueCardRows read a page's cards.
	ListProviderCardRows(ctx context.Context, ids []string) ([]store.ProviderCardRow, error)
	ListVenueCardRows(ctx context.Context, ids []string) ([]store.VenueCardRow, error)
}

// Index is the directory's search index, one per server: every search of
// the process shares it.
//
// The listings are kept twice. The master maps and ranked lists below are
// what a change updates, under sync. What searches read is a snapshot of
// flat tables per country (snapshot), built from them after each change and
// published through an atomic pointer: 32 concurrent searches then share
// no lock, and a search walks arrays of values instead of following a
// pointer per listing (which cost half of a search's CPU).
type Index struct {
	src Source

	sync sync.Mutex // one load or update at a time; guards the fields up to snap

	planners map[string]*plannerFacts   // by user id
	venues   map[string][]*venueFacts   // by owner id
	ranked   map[string][]*plannerFacts // per country, in the order without a place
	rankedV  map[string][]*venueFacts   // per country, in the order without a place
	// The reference tables: prestation types and langue codes to their ids.
	serviceIDs, languageIDs map[string]int

	snap atomic.Pointer[snapshot] // nil until loaded

	cache answers
}

// New returns the index of src's directory, loaded on the first search,
// keeping the answers of up to cache searches (0: none; DefaultCache is
// the server's default).
func New(src Source, cache int) *Index {
	x := &Index{src: src}
	x.cache.resize(cache)
	return x
}

// SetCache sets how many answers are kept for searches asked again (0:
// none), and drops those kept.
func (x *Index) SetCache(n int) { x.cache.resize(n) }

// snapshot is one version of the index as searches read it. Nothing in it
// changes once published: a change builds new tables.
type snapshot struct {
	version                 int64
	serviceIDs, languageIDs map[string]int
	planners                map[string]*plannerTable // per country
	venues                  map[string]*venueTable   // per country
}

// current returns the index's tables, current with every write committed
// so far.
func (x *Index) current(ctx context.Context) (*snapshot, error) {
	feed, err := x.src.GetDirectoryFeed(ctx)
	if err != nil {
		return nil, err
	}
	version := feed.Version
	if t := x.snap.Load(); t != nil && t.version >= version {
		return t, nil
	}
	x.sync.Lock()
	defer x.sync.Unlock()
	t := x.snap.Load()
	if t != nil && t.version >= version { // another search brought it up to date meanwhile
		return t, nil
	}
	if t == nil || t.version < feed.PrunedThrough {
		// The feed is pruned by the hourly clean-up job, not here.
		return x.load(ctx, version)
	}
	ids, err := x.src.ListDirectoryChanges(ctx, t.version, version)
	if err != nil {
		return nil, err
	}
	planners, venues, err := x.read(ctx, ids)
	if err != nil {
		return nil, err
	}
	// The countries whose tables are built again: a listing's old one and
	// its new one.
	changedP, changedV := map[string]bool{}, map[string]bool{}
	for _, id := range ids {
		if p := x.planners[id]; p != nil {
			changedP[p.Country] = true
			list := x.ranked[p.Country]
			if i, ok := slices.BinarySearchFunc(list, p, rankPlanners); ok {
				x.ranked[p.Country] = slices.Delete(list, i, i+1)
			}
			delete(x.planners, id)
		}
		for _, v := range x.venues[id] {
			changedV[v.Country] = true
			list := x.rankedV[v.Country]
			if i, ok := slices.BinarySearchFunc(list, v, rankVenues); ok {
				x.rankedV[v.Country] = slices.Delete(list, i, i+1)
			}
		}
		delete(x.venues, id)
	}
	for _, p := range planners {
		changedP[p.Country] = true
		x.planners[p.UserID] = p
		list := x.ranked[p.Country]
		i, _ := slices.BinarySearchFunc(list, p, rankPlanners)
		x.ranked[p.Country] = slices.Insert(list, i, p)
	}
	for _, v := range venues {
		changedV[v.Country] = true
		x.venues[v.OwnerID] = append(x.venues[v.OwnerID], v)
		list := x.rankedV[v.Country]
		i, _ := slices.BinarySearchFunc(list, v, rankVenues)
		x.rankedV[v.Country] = slices.Insert(list, i, v)
	}
	next := &snapshot{version: version, serviceIDs: t.serviceIDs, languageIDs: t.languageIDs,
		planners: maps.Clone(t.planners), venues: maps.Clone(t.venues)}
	for c := range changedP {
		next.planners[c] = newPlannerTable(x.ranked[c])
	}
	for c := range changedV {
		next.venues[c] = newVenueTable(x.rankedV[c])
	}
	x.snap.Store(next)
	return next, nil
}

// read returns the facts of the visible listings of the given users, or
// of all when users is nil.
func (x *Index) read(ctx context.Context, users []string) ([]*plannerFacts, []*venueFacts, error) {
	rows, err := x.src.ListDirectoryRows(ctx, users)
	if err != nil {
		return nil, nil, err
	}
	return factsOf(rows)
}

// load reads every visible listing. The counter was read before the
// listings: a change committed meanwhile is read again on the next search,
// and reading a user twice is harmless.
func (x *Index) load(ctx context.Context, version int64) (*snapshot, error) {
	planners, venues, err := x.read(ctx, nil)
	if err != nil {
		return nil, err
	}
	codes, err := x.src.ListDirectoryCodes(ctx)
	if err != nil {
		return nil, err
	}
	byUser := make(map[string]*plannerFacts, len(planners))
	ranked := map[string][]*plannerFacts{}
	for _, p := range planners {
		byUser[p.UserID] = p
		ranked[p.Country] = append(ranked[p.Country], p)
	}
	for _, list := range ranked {
		slices.SortFunc(list, rankPlanners)
	}
	byOwner := map[string][]*venueFacts{}
	rankedV := map[string][]*venueFacts{}
	for _, v := range venues {
		byOwner[v.OwnerID] = append(byOwner[v.OwnerID], v)
		rankedV[v.Country] = append(rankedV[v.Country], v)
	}
	for _, list := range rankedV {
		slices.SortFunc(list, rankVenues)
	}
	x.planners, x.venues, x.ranked, x.rankedV = byUser, byOwner, ranked, rankedV
	x.serviceIDs, x.languageIDs = codes.Services, codes.Languages
	t := &snapshot{version: version, serviceIDs: codes.Services, languageIDs: codes.Languages,
		planners: make(map[string]*plannerTable, len(ranked)), venues: make(map[string]*venueTable, len(rankedV))}
	for c, list := range ranked {
		t.planners[c] = newPlannerTable(list)
	}
	for c, list := range rankedV {
		t.venues[c] = newVenueTable(list)
	}
	x.snap.Store(t)
	return t, nil
}
