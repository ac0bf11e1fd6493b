package store

import (
	"cmp"
	"container/list"
	"context"
	"database/sql"
	"fmt"
	"maps"
	"math"
	"math/bits"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"noces/internal/model"
)

// directoryIndex holds what the public search filters and sorts on, for
// every visible planner and venue, so that a search over 100,000 providers
// is a pass over memory instead of queries whose cost grows with the
// matches: counting and sorting tens of thousands of rows took SQLite and
// PostgreSQL 60-600 ms (bench/README.md). Only the page's rows are then
// read from the database.
//
// It is loaded on first use and kept current from the change feed
// (directory_changes.go): before each search one small query, shared by
// the searches arriving meanwhile, reads the feed's counter, and when it moved, the users changed since are read
// again. A search therefore sees every write committed before it started,
// this server's or another's.
//
// The listings are kept twice. The master maps and ranked lists below are
// what a change updates, under sync. What searches read is a snapshot of
// flat tables per country (directoryTables), built from them after each
// change and published through an atomic pointer: 32 concurrent searches
// then share no lock, and a search walks arrays of values instead of
// following a pointer per listing (which cost half of a search's CPU).
type directoryIndex struct {
	sync sync.Mutex // one load or update at a time; guards the fields up to snap

	planners map[string]*plannerFacts   // by user id
	venues   map[string][]*venueFacts   // by owner id
	ranked   map[string][]*plannerFacts // per country, in the order without a place
	rankedV  map[string][]*venueFacts   // per country, in the order without a place
	// The reference tables: prestation types and langue codes to their ids.
	serviceIDs, languageIDs map[string]int

	snap atomic.Pointer[directoryTables] // nil until loaded

	cache searchCache
	reads versionReads // of the feed's counter
}

func newDirectoryIndex() *directoryIndex {
	x := &directoryIndex{}
	x.cache.size, x.cache.maxBytes = defaultSearchCache, DefaultSearchRenderBytes
	return x
}

// directoryTables is one version of the index as searches read it. Nothing
// in it changes once published: a change builds new tables.
type directoryTables struct {
	version                 int64
	serviceIDs, languageIDs map[string]int
	planners                map[string]*plannerTable // per country
	venues                  map[string]*venueTable   // per country
}

// plannerFacts is what a planner's listing is searched on. Every listing
// held is visible but for premium, which depends on the time of the search.
type plannerFacts struct {
	UserID    string          `db:"user_id"`
	Name      string          `db:"name"`
	Country   string          `db:"country_code"`
	Latitude  sql.NullFloat64 `db:"latitude"`
	Longitude sql.NullFloat64 `db:"longitude"`
	Score     int             `db:"profile_score"`
	Premium   premiumFacts    `db:"u"`
	// The services offered and the languages spoken, one bit per
	// prestation or langue id, and the lowest starting budget given: a
	// search tests tens of thousands of listings, and following a pointer
	// to a list for each costs more than the rest of the test.
	services, languages uint64
	minBudget           int64
	budgets             []serviceBudget // read only for a service within a budget
	// shownBudget is the lowest starting budget the planner shows (0:
	// none), the card's "from" price; minBudget, which the budget filter
	// reads, counts the hidden ones too, as it always has.
	shownBudget int64
	reviews     reviewFacts
	// busy are the days (dayNumber) of the planner's own calendar that are
	// booked or unavailable (availability_days, venue NULL), ascending.
	busy []int32
}

// reviewFacts are the approved reviews of a listing's owner: their count,
// and their average in tenths of a star, rounded (47 for 4.66). The
// rating filter and the card read the same rounded figure, so a card
// showing 4.5 is never left out of a search for 4.5 and more.
type reviewFacts struct {
	count  int32
	rating int16
}

// newReviewFacts returns the facts of count reviews whose ratings add up
// to sum.
func newReviewFacts(count, sum int64) reviewFacts {
	if count <= 0 {
		return reviewFacts{}
	}
	return reviewFacts{count: int32(min(count, math.MaxInt32)), rating: int16((sum*20 + count) / (2 * count))}
}

// serviceBudget is a service's starting budget (0: none given).
type serviceBudget struct {
	id     int
	budget int64
}

// maxCodeID bounds the prestation and langue ids a listing's bits hold;
// the reference tables of migration 00003 use 1 to 9.
const maxCodeID = 63

// venueFacts is what a venue's listing is searched on.
type venueFacts struct {
	ID        string          `db:"id"`
	OwnerID   string          `db:"owner_id"`
	Name      string          `db:"name"`
	Type      string          `db:"type"`
	Country   string          `db:"country_code"`
	Latitude  sql.NullFloat64 `db:"latitude"`
	Longitude sql.NullFloat64 `db:"longitude"`
	Seated    int             `db:"seated_capacity"`
	MinPrice  int             `db:"min_price"`
	Bedrooms  sql.NullInt64   `db:"bedrooms"`
	Premium   premiumFacts    `db:"u"`
	reviews   reviewFacts     // the owner's
	// features has bit i set when the venue offers model.VenueFeatures[i]:
	// a search with feature filters is then one AND per venue.
	features uint32
	// busy are the days (dayNumber) the venue's own calendar has taken,
	// ascending: its owner's own days do not close it (availability.go).
	busy []int32
}

// featureBit maps a feature name to its bit in venueFacts.features.
var featureBit = func() map[string]uint32 {
	if len(model.VenueFeatures) > 32 {
		panic("store: more venue features than bits in venueFacts.features")
	}
	m := make(map[string]uint32, len(model.VenueFeatures))
	for i, f := range model.VenueFeatures {
		m[f] = 1 << i
	}
	return m
}()

// FeatureMask returns the bits of the given features, and false when one
// of them is not a venue feature.
func FeatureMask(features []string) (uint32, bool) {
	var mask uint32
	for _, f := range features {
		bit, ok := featureBit[f]
		if !ok {
			return 0, false
		}
		mask |= bit
	}
	return mask, true
}

// premiumFacts is the owner's premium status and its end.
type premiumFacts struct {
	Status string       `db:"premium_status"`
	End    sql.NullTime `db:"premium_end_at"`
	// until is when premium stops being in force, in Unix nanoseconds: 0 for
	// never in force, math.MaxInt64 for no end. A search compares it with
	// its time for each of tens of thousands of listings.
	until int64
}

// settle computes until, by the rule of model.PremiumInForce.
func (p *premiumFacts) settle() {
	switch {
	case !model.PremiumInForce(p.Status, p.End, time.Time{}):
		p.until = 0 // not in force at the beginning of time: never
	case !p.End.Valid || p.End.Time.Year() >= 2262: // beyond what nanoseconds hold
		p.until = math.MaxInt64
	default:
		p.until = p.End.Time.UnixNano()
	}
}

// at reports whether premium is in force at now (Unix nanoseconds).
func (p *premiumFacts) at(now int64) bool { return now < p.until }

// rankPlanners is the order of planners without a place: most complete
// first, then by name and id so that every page is stable.
func rankPlanners(a, b *plannerFacts) int {
	if c := cmp.Compare(b.Score, a.Score); c != 0 {
		return c
	}
	if c := strings.Compare(a.Name, b.Name); c != 0 {
		return c
	}
	return strings.Compare(a.UserID, b.UserID)
}

// rankVenues is the order of venues without a place: largest first.
func rankVenues(a, b *venueFacts) int {
	if c := cmp.Compare(b.Seated, a.Seated); c != 0 {
		return c
	}
	if c := strings.Compare(a.Name, b.Name); c != 0 {
		return c
	}
	return strings.Compare(a.ID, b.ID)
}

// premiumColumns read into a facts' Premium field.
const premiumColumns = `u.premium_status AS "u.premium_status", u.premium_end_at AS "u.premium_end_at"`

// directory returns the index's tables, current with every write committed
// so far.
func (s *Store) directory(ctx context.Context) (*directoryTables, error) {
	x := s.dir
	version, pruned, err := s.directoryVersion(ctx)
	if err != nil {
		return nil, err
	}
	if t := x.snap.Load(); t != nil && t.version >= version {
		return t, nil
	}
	x.sync.Lock()
	defer x.sync.Unlock()
	t := x.snap.Load()
	if t != nil && t.version >= version { // another search brought it up to date meanwhile
		return t, nil
	}
	if t == nil || t.version < pruned {
		// The feed is pruned by the hourly clean-up job, not here.
		return s.loadDirectory(ctx, x, version)
	}
	ids, err := s.directoryChanges(ctx, t.version, version)
	if err != nil {
		return nil, err
	}
	planners, venues, err := s.readDirectory(ctx, ids)
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
	next := &directoryTables{version: version, serviceIDs: t.serviceIDs, languageIDs: t.languageIDs,
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

// loadDirectory reads every visible listing into x. The counter was read
// before the listings: a change committed meanwhile is read again on the
// next search, and reading a user twice is harmless.
func (s *Store) loadDirectory(ctx context.Context, x *directoryIndex, version int64) (*directoryTables, error) {
	planners, venues, err := s.readDirectory(ctx, nil)
	if err != nil {
		return nil, err
	}
	serviceIDs, languageIDs := map[string]int{}, map[string]int{}
	for _, ref := range []struct {
		query string
		ids   map[string]int
	}{{`SELECT type, id FROM prestations`, serviceIDs}, {`SELECT code, id FROM langues`, languageIDs}} {
		rows, err := s.db.QueryContext(ctx, ref.query)
		if err != nil {
			return nil, fmt.Errorf("store: read directory codes: %w", err)
		}
		for rows.Next() {
			var code string
			var id int
			if err := rows.Scan(&code, &id); err != nil {
				rows.Close()
				return nil, fmt.Errorf("store: read directory codes: %w", err)
			}
			ref.ids[code] = id
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("store: read directory codes: %w", err)
		}
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
	x.serviceIDs, x.languageIDs = serviceIDs, languageIDs
	t := &directoryTables{version: version, serviceIDs: serviceIDs, languageIDs: languageIDs,
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

// readDirectory reads the visible listings of the given users, or of all
// when users is nil.
func (s *Store) readDirectory(ctx context.Context, users []string) ([]*plannerFacts, []*venueFacts, error) {
	if users != nil && len(users) == 0 {
		return nil, nil, nil
	}
	var planners []*plannerFacts
	var venues []*venueFacts
	type service struct {
		UserID string        `db:"user_id"`
		ID     int           `db:"prestation_id"`
		Budget sql.NullInt64 `db:"budget_starting_from"`
		Shown  bool          `db:"is_budget_visible"`
	}
	type review struct {
		UserID string `db:"user_id"`
		Count  int64  `db:"n"`
		Sum    int64  `db:"total"`
	}
	type language struct {
		UserID string `db:"user_id"`
		ID     int    `db:"langue_id"`
	}
	type venueFeature struct {
		VenueID string `db:"venue_id"`
		Feature string `db:"feature"`
	}
	type busyDay struct {
		UserID  string         `db:"user_id"`
		VenueID sql.NullString `db:"venue_id"`
		Day     string         `db:"day"`
	}
	var busy []busyDay
	var services []service
	var languages []language
	var features []venueFeature
	var reviews []review
	// A few hundred users a query: placeholders are limited, and a long
	// list gains nothing.
	const chunk = 500
	for start := 0; start == 0 || start < len(users); start += chunk {
		var args []any
		in := func(col string) string { return "" }
		if users != nil {
			var list string
			list, args = inList(users[start:min(start+chunk, len(users))], 0)
			in = func(col string) string { return " AND " + col + " IN (" + list + ")" }
		}
		var p []*plannerFacts
		err := s.db.SelectContext(ctx, &p, `SELECT c.user_id, c.name, c.country_code, c.latitude, c.longitude, c.profile_score, `+
			premiumColumns+` FROM companies c JOIN users u ON u.id = c.user_id WHERE `+visibleProvider+in("c.user_id"), args...)
		if err != nil {
			return nil, nil, fmt.Errorf("store: read directory: %w", err)
		}
		planners = append(planners, p...)
		var sv []service
		err = s.db.SelectContext(ctx, &sv, `SELECT x.user_id, x.prestation_id, x.budget_starting_from, x.is_budget_visible
			FROM company_prestations x WHERE TRUE`+in("x.user_id"), args...)
		if err != nil {
			return nil, nil, fmt.Errorf("store: read directory services: %w", err)
		}
		services = append(services, sv...)
		var lg []language
		err = s.db.SelectContext(ctx, &lg, `SELECT x.user_id, x.langue_id FROM company_langues x WHERE TRUE`+in("x.user_id"), args...)
		if err != nil {
			return nil, nil, fmt.Errorf("store: read directory languages: %w", err)
		}
		languages = append(languages, lg...)
		var v []*venueFacts
		err = s.db.SelectContext(ctx, &v, `SELECT v.id, v.owner_id, v.name, v.type, v.country_code, v.latitude, v.longitude,
			v.seated_capacity, v.min_price, v.bedrooms, `+premiumColumns+` FROM venues v JOIN users u ON u.id = v.owner_id
			WHERE `+visibleVenue+in("v.owner_id"), args...)
		if err != nil {
			return nil, nil, fmt.Errorf("store: read directory venues: %w", err)
		}
		venues = append(venues, v...)
		var vf []venueFeature
		err = s.db.SelectContext(ctx, &vf, `SELECT f.venue_id, f.feature FROM venue_features f
			JOIN venues v ON v.id = f.venue_id WHERE TRUE`+in("v.owner_id"), args...)
		if err != nil {
			return nil, nil, fmt.Errorf("store: read directory venue features: %w", err)
		}
		features = append(features, vf...)
		var rv []review
		err = s.db.SelectContext(ctx, &rv, `SELECT x.provider_id AS user_id, COUNT(*) AS n, SUM(x.rating) AS total
			FROM reviews x WHERE x.status = 'approved'`+in("x.provider_id")+` GROUP BY x.provider_id`, args...)
		if err != nil {
			return nil, nil, fmt.Errorf("store: read directory reviews: %w", err)
		}
		reviews = append(reviews, rv...)
		// The taken days (migration 28), a change-feed table since 32: a
		// search with a date leaves out the listings busy on it.
		var bd []busyDay
		err = s.db.SelectContext(ctx, &bd, `SELECT x.user_id, x.venue_id, x.day FROM availability_days x WHERE TRUE`+in("x.user_id"), args...)
		if err != nil {
			return nil, nil, fmt.Errorf("store: read directory availability: %w", err)
		}
		busy = append(busy, bd...)
		if users == nil {
			break
		}
	}
	byUser := make(map[string]*plannerFacts, len(planners))
	for _, p := range planners {
		p.Premium.settle()
		byUser[p.UserID] = p
	}
	byVenue := make(map[string]*venueFacts, len(venues))
	for _, v := range venues {
		v.Premium.settle()
		byVenue[v.ID] = v
	}
	for _, f := range features {
		if v := byVenue[f.VenueID]; v != nil {
			v.features |= featureBit[f.Feature] // the table's CHECK keeps the names known
		}
	}
	byOwner := make(map[string][]*venueFacts, len(venues))
	for _, v := range venues {
		byOwner[v.OwnerID] = append(byOwner[v.OwnerID], v)
	}
	for _, r := range reviews {
		facts := newReviewFacts(r.Count, r.Sum)
		if p := byUser[r.UserID]; p != nil {
			p.reviews = facts
		}
		for _, v := range byOwner[r.UserID] {
			v.reviews = facts
		}
	}
	for _, b := range busy {
		day, ok := dayNumber(b.Day)
		if !ok {
			continue // the table's CHECK holds the length only; the service writes dates
		}
		if !b.VenueID.Valid {
			if p := byUser[b.UserID]; p != nil {
				p.busy = append(p.busy, day)
			}
		} else if v := byVenue[b.VenueID.String]; v != nil {
			v.busy = append(v.busy, day)
		}
	}
	for _, p := range planners {
		slices.Sort(p.busy)
	}
	for _, v := range venues {
		slices.Sort(v.busy)
	}
	for _, sv := range services {
		p := byUser[sv.UserID]
		if p == nil {
			continue
		}
		if sv.ID < 0 || sv.ID > maxCodeID {
			return nil, nil, fmt.Errorf("store: read directory: prestation id %d beyond %d", sv.ID, maxCodeID)
		}
		p.services |= 1 << sv.ID
		if b := sv.Budget.Int64; sv.Budget.Valid && b > 0 {
			p.budgets = append(p.budgets, serviceBudget{sv.ID, b})
			if p.minBudget == 0 || b < p.minBudget {
				p.minBudget = b
			}
			if sv.Shown && (p.shownBudget == 0 || b < p.shownBudget) {
				p.shownBudget = b
			}
		}
	}
	for _, l := range languages {
		p := byUser[l.UserID]
		if p == nil {
			continue
		}
		if l.ID < 0 || l.ID > maxCodeID {
			return nil, nil, fmt.Errorf("store: read directory: langue id %d beyond %d", l.ID, maxCodeID)
		}
		p.languages |= 1 << l.ID
	}
	return planners, venues, nil
}

// plannerRow is what a search tests of a planner: a value in an array, so
// that a pass over tens of thousands of them reads memory in order.
type plannerRow struct {
	lat, lng            float64 // NaN without a place
	services, languages uint64  // one bit per prestation or langue id
	minBudget           int64   // the lowest starting budget given; 0 for none
	until               int64   // premiumFacts.until
	rank                int32   // the listing's place in the order without a place
	rating              int16   // reviewFacts.rating: 0 without reviews
	// budgets[budgetFrom:budgetTo] of the table are the service budgets
	// given, read only for a service within a budget.
	budgetFrom, budgetTo int32
}

// plannerTable is one country's planners as searches read them.
type plannerTable struct {
	facts   []*plannerFacts // in rank order
	rows    []plannerRow    // in rank order
	budgets []serviceBudget
	// Posting lists: the ranks, ascending, of the planners offering each
	// service and speaking each language, and of those ever premium. A
	// search for one service walks its list instead of every planner.
	byService, byLanguage [maxCodeID + 1][]int32
	premium               []int32
	// rated are the ranks of the planners with approved reviews: a search
	// with a minimum rating walks them, most planners having none.
	rated []int32
	// serviceBudgets[id][j] is the starting budget (0: none given) of the
	// planner byService[id][j]: a search within a budget tests it without
	// reading the planner's row.
	serviceBudgets [maxCodeID + 1][]int64
	// grid orders the planners with a place by band of latitude, then
	// longitude; near[i] is the row of the grid's i-th entry.
	grid grid
	near []plannerRow
	// transitions are the times (Unix nanoseconds, ascending) at which a
	// planner's premium ends: between two of them, every search gives the
	// same answer, which the cache relies on.
	transitions []int64
	// busy are, per day (dayNumber), the ranks of the planners busy on it,
	// ascending. A search with a date turns that day's list into a bit set
	// (busySet): the rows stay as they were, so a search without a date
	// reads no more memory than before.
	busy map[int32][]int32
}

// newPlannerTable builds a country's table from its planners in rank order.
func newPlannerTable(list []*plannerFacts) *plannerTable {
	t := &plannerTable{facts: slices.Clone(list), rows: make([]plannerRow, len(list)), busy: map[int32][]int32{}}
	var places []place
	for i, p := range list {
		for _, day := range p.busy {
			t.busy[day] = append(t.busy[day], int32(i))
		}
		r := plannerRow{lat: math.NaN(), lng: math.NaN(), services: p.services, languages: p.languages,
			minBudget: p.minBudget, until: p.Premium.until, rank: int32(i), rating: p.reviews.rating, budgetFrom: int32(len(t.budgets))}
		t.budgets = append(t.budgets, p.budgets...)
		r.budgetTo = int32(len(t.budgets))
		if p.Latitude.Valid && p.Longitude.Valid {
			r.lat, r.lng = p.Latitude.Float64, p.Longitude.Float64
			places = append(places, place{lat: r.lat, lng: r.lng, rank: int32(i)})
		}
		t.rows[i] = r
		for id := range maxCodeID + 1 {
			if p.services&(1<<id) != 0 {
				t.byService[id] = append(t.byService[id], int32(i))
				var budget int64
				for _, b := range p.budgets {
					if b.id == id {
						budget = b.budget
					}
				}
				t.serviceBudgets[id] = append(t.serviceBudgets[id], budget)
			}
			if p.languages&(1<<id) != 0 {
				t.byLanguage[id] = append(t.byLanguage[id], int32(i))
			}
		}
		if r.until > 0 {
			t.premium = append(t.premium, int32(i))
			t.transitions = append(t.transitions, r.until)
		}
		if r.rating > 0 {
			t.rated = append(t.rated, int32(i))
		}
	}
	t.grid = newGrid(places)
	t.near = make([]plannerRow, len(t.grid.ranks))
	for i, rank := range t.grid.ranks {
		t.near[i] = t.rows[rank]
	}
	t.transitions = settleTransitions(t.transitions)
	return t
}

// settleTransitions sorts the premium ends and drops "never" and repeats.
func settleTransitions(ts []int64) []int64 {
	slices.Sort(ts)
	ts = slices.Compact(ts)
	if n := len(ts); n > 0 && ts[n-1] == math.MaxInt64 {
		ts = ts[:n-1]
	}
	return ts
}

// stable returns the span of time around now, [from, to) in Unix
// nanoseconds, in which no premium begins or ends.
func stable(transitions []int64, now int64) (from, to int64) {
	i, _ := slices.BinarySearch(transitions, now+1) // the first end after now
	from, to = math.MinInt64, int64(math.MaxInt64)
	if i > 0 {
		from = transitions[i-1]
	}
	if i < len(transitions) {
		to = transitions[i]
	}
	return from, to
}

// plannerFilter is a planner search's filters but the place.
type plannerFilter struct {
	service   int // a prestation id; -1 for any
	maxBudget int64
	speaks    uint64 // the langue bits asked for; 0 for any
	minRating int16  // in tenths of a star; 0 for any
	// busy has the bit of each rank busy on the date searched, busyRanks
	// lists them; nil when no date was asked or nobody is busy on it.
	busy      busySet
	busyRanks []int32
}

// busySet is a set of ranks, one bit each.
type busySet []uint64

// newBusySet is the set of ranks among n listings, nil when ranks is empty.
func newBusySet(ranks []int32, n int) busySet {
	if len(ranks) == 0 {
		return nil
	}
	b := make(busySet, (n+63)/64)
	for _, r := range ranks {
		b[r>>6] |= 1 << (r & 63)
	}
	return b
}

// has reports whether rank is in the set.
func (b busySet) has(rank int32) bool {
	return b != nil && b[rank>>6]&(1<<(rank&63)) != 0
}

// epochDay is the day dayNumber counts from.
var epochDay = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// dayNumber is a YYYY-MM-DD date as a count of days since 2000-01-01,
// and false when it is not such a date.
func dayNumber(date string) (int32, bool) {
	if len(date) != len(time.DateOnly) {
		return 0, false
	}
	t, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return 0, false
	}
	return int32(t.Sub(epochDay).Hours() / 24), true
}

// match reports whether r passes f: it offers the service (any when
// none asked) with a starting budget given and at most maxBudget (any
// budget when 0), speaks one of the languages, and is rated minRating or
// more.
func (t *plannerTable) match(r *plannerRow, f *plannerFilter) bool {
	if f.service >= 0 && r.services&(1<<f.service) == 0 {
		return false
	}
	if f.busy.has(r.rank) {
		return false
	}
	if r.rating < f.minRating {
		return false
	}
	if f.speaks != 0 && r.languages&f.speaks == 0 {
		return false
	}
	switch {
	case f.maxBudget <= 0:
		return true
	case f.service < 0:
		return r.minBudget > 0 && r.minBudget <= f.maxBudget
	}
	for _, b := range t.budgets[r.budgetFrom:r.budgetTo] {
		if b.id == f.service {
			return b.budget <= f.maxBudget
		}
	}
	return false
}

// area keeps the listings within a radius of a place: the squared
// distance in degrees of latitude, by the equirectangular approximation
// (under 1% off at these radii), at most the radius squared.
type area struct {
	lat, lng, cos2, max2 float64
}

func newArea(lat, lng, radiusKm float64) area {
	cos := math.Cos(lat * math.Pi / 180)
	d := radiusKm / kmPerDegree
	return area{lat: lat, lng: lng, cos2: cos * cos, max2: d * d}
}

// dist2 returns the squared distance to a point and whether it is within
// the area; a listing without coordinates (NaN) is not.
func (a *area) dist2(lat, lng float64) (float64, bool) {
	dy, dx := lat-a.lat, lng-a.lng
	d := dy*dy + dx*dx*a.cos2
	return d, d <= a.max2
}

// hit is one match of a search: its rank without a place, whether it is
// premium at the time of the search, and its squared distance.
type hit struct {
	rank    int
	premium bool
	dist2   float64
}

// before is the order of a page: premium first, then nearest (dist2 is 0
// without a place), then by rank.
func (a hit) before(b hit) bool {
	if a.premium != b.premium {
		return a.premium
	}
	if a.dist2 != b.dist2 {
		return a.dist2 < b.dist2
	}
	return a.rank < b.rank
}

// topK keeps the k first hits in page order among those offered, in a heap
// whose root is the last kept: a page needs k = offset+limit of them, not
// a sort of the tens of thousands of matches near a large city.
type topK struct {
	k    int
	heap []hit
}

func (h *topK) offer(x hit) {
	switch {
	case len(h.heap) < h.k:
		h.heap = append(h.heap, x)
		for i := len(h.heap) - 1; i > 0; { // sift up
			parent := (i - 1) / 2
			if !h.heap[parent].before(h.heap[i]) {
				break
			}
			h.heap[parent], h.heap[i] = h.heap[i], h.heap[parent]
			i = parent
		}
	case h.k > 0 && x.before(h.heap[0]):
		h.heap[0] = x
		for i, n := 0, len(h.heap); ; { // sift down
			last, l := i, 2*i+1
			if l < n && h.heap[last].before(h.heap[l]) {
				last = l
			}
			if r := l + 1; r < n && h.heap[last].before(h.heap[r]) {
				last = r
			}
			if last == i {
				break
			}
			h.heap[i], h.heap[last] = h.heap[last], h.heap[i]
			i = last
		}
	}
}

// sorted returns the kept hits in page order.
func (h *topK) sorted() []hit {
	slices.SortFunc(h.heap, func(a, b hit) int {
		if a.before(b) {
			return -1
		}
		return 1 // no two hits are equal: ranks differ
	})
	return h.heap
}

// cut returns the page of hits in page order.
func cut(hits []hit, limit, offset int) []hit {
	if offset >= len(hits) || limit <= 0 || offset < 0 {
		return nil
	}
	return hits[offset:min(offset+limit, len(hits))]
}

// ranked gathers the matches of a search without a place as its pass meets
// them, in rank order: the first premium matches and the first others,
// enough for the page, and the count.
type rankedHits struct {
	need          int
	premium, rest []hit
	total         int
}

func (c *rankedHits) add(rank int32, premium bool) {
	c.total++
	switch {
	case premium && len(c.premium) < c.need:
		c.premium = append(c.premium, hit{rank: int(rank), premium: true})
	case !premium && len(c.rest) < c.need:
		c.rest = append(c.rest, hit{rank: int(rank)})
	}
}

func (c *rankedHits) page(limit, offset int) []hit {
	return cut(append(c.premium, c.rest...), limit, offset)
}

// plannerFilter returns the filter of q, and false when nothing can match
// it (a service or languages unknown).
func (t *directoryTables) plannerFilter(q *DirectoryQuery) (plannerFilter, bool) {
	f := plannerFilter{service: -1, maxBudget: q.MaxBudget, minRating: int16(min(max(q.MinRating, 0), math.MaxInt16))}
	if q.ServiceType != "" {
		id, ok := t.serviceIDs[q.ServiceType]
		if !ok {
			return f, false // no such service: nobody offers it
		}
		f.service = id
	}
	for _, code := range q.Languages {
		if id, ok := t.languageIDs[code]; ok {
			f.speaks |= 1 << id
		}
	}
	return f, len(q.Languages) == 0 || f.speaks != 0
}

// searchPlanners returns the page's planners and the number of matches,
// and the span of time over which this answer holds.
func (t *directoryTables) searchPlanners(q DirectoryQuery) (found []*plannerFacts, hits []hit, total int, from, to int64) {
	from, to = math.MinInt64, math.MaxInt64
	f, ok := t.plannerFilter(&q)
	tab := t.planners[q.Country]
	if !ok || tab == nil {
		return nil, nil, 0, from, to
	}
	if day, ok := dayNumber(q.Date); ok {
		f.busyRanks = tab.busy[day]
		f.busy = newBusySet(f.busyRanks, len(tab.rows))
	}
	now := q.Now.UnixNano()
	from, to = stable(tab.transitions, now)
	need := max(q.Offset+q.Limit, 0)
	if q.Near {
		hits, total = nearHits(&tab.grid, tab.near, q.Lat, q.Lng, q.RadiusKm, now, q.Limit, q.Offset,
			func(r *plannerRow) bool { return tab.match(r, &f) })
	} else {
		hits, total = tab.searchRanked(&f, now, need, q.Limit, q.Offset)
	}
	found = make([]*plannerFacts, len(hits))
	for i, h := range hits {
		found[i] = tab.facts[h.rank]
	}
	return found, hits, total, from, to
}

// searchRanked pages the planners matching f in the order without a place.
// It walks the shortest posting list that f implies (every planner when
// none); when that list is f exactly, its length is the count, and the
// walk stops once the page is found: the premium matches come from the
// short list of premium planners.
func (t *plannerTable) searchRanked(f *plannerFilter, now int64, need, limit, offset int) ([]hit, int) {
	var source []int32  // nil: every planner
	var budgets []int64 // the budgets of source, when it is a service's list and a budget is asked
	exact := f.maxBudget <= 0 && f.minRating <= 0
	if f.service >= 0 {
		source = t.byService[f.service]
		if f.maxBudget > 0 {
			budgets = t.serviceBudgets[f.service]
		}
		exact = exact && f.speaks == 0
	}
	if f.speaks != 0 && f.speaks&(f.speaks-1) == 0 { // one language
		id := bits.TrailingZeros64(f.speaks)
		if l := t.byLanguage[id]; source == nil || len(l) < len(source) {
			source, budgets = l, nil
		}
		exact = exact && f.service < 0
	} else if f.speaks != 0 {
		exact = false
	}
	if f.minRating > 0 && (source == nil || len(t.rated) < len(source)) {
		source, budgets = t.rated, nil
	}
	if exact {
		total := len(t.rows)
		if source != nil {
			total = len(source)
		}
		// A date: the busy planners of the list are not counted, and the
		// walk below steps over them. Finding them costs a test per busy
		// planner, a fifth of them at most in practice, not a pass over all.
		switch {
		case f.busy != nil && source == nil:
			total -= len(f.busyRanks) // every planner is listed
		case f.busy != nil:
			rest := *f
			rest.busy = nil
			for _, rank := range f.busyRanks {
				if t.match(&t.rows[rank], &rest) {
					total--
				}
			}
		}
		if limit <= 0 || offset < 0 {
			return nil, total
		}
		// The page is premium matches from the offset-th, then others: only
		// its own hits are kept, however deep it is.
		var page []hit
		premium := 0
		for _, rank := range t.premium {
			if r := &t.rows[rank]; now < r.until && t.match(r, f) {
				if premium >= offset {
					page = append(page, hit{rank: int(rank), premium: true})
				}
				premium++
				if len(page) == limit {
					break // a page of premium listings: the others are not needed
				}
			}
		}
		skip := max(offset-premium, 0)
		rest := func(rank int32) bool { // false once the page is full
			if now < t.rows[rank].until || f.busy.has(rank) {
				return true
			}
			if skip > 0 {
				skip--
				return true
			}
			page = append(page, hit{rank: int(rank)})
			return len(page) < limit
		}
		if len(page) < limit {
			if source == nil {
				for i := range t.rows {
					if !rest(int32(i)) {
						break
					}
				}
			} else {
				for _, rank := range source {
					if !rest(rank) {
						break
					}
				}
			}
		}
		return page, total
	}
	c := rankedHits{need: need}
	if source == nil {
		for i := range t.rows {
			if r := &t.rows[i]; t.match(r, f) {
				c.add(r.rank, now < r.until)
			}
		}
	} else {
		for j, rank := range source {
			if budgets != nil && (budgets[j] == 0 || budgets[j] > f.maxBudget) {
				continue
			}
			if r := &t.rows[rank]; t.match(r, f) {
				c.add(rank, now < r.until)
			}
		}
	}
	return c.page(limit, offset), c.total
}

// bandDeg is the height of the grid's bands of latitude, about 5.6 km: a
// search within 100 km reads some 37 bands, each from the first longitude
// its circle can reach to the last, so it tests few listings beyond the
// circle.
const bandDeg = 0.05

// place is a listing's position, to build a grid.
type place struct {
	lat, lng float64
	rank     int32
}

// grid orders the listings with a place for searches near a place: by band
// of latitude, then by longitude, so that the listings of one band within
// a range of longitude are one run of the arrays, found by two binary
// searches. Every listing within the radius is visited, nearest or not:
// the count of matches needs them all, so visiting cells by distance would
// stop no sooner.
type grid struct {
	first  int     // the band of start[0]
	start  []int32 // band first+i holds entries start[i] to start[i+1]
	banded int     // the entries beyond are strays, visited by every search
	lngs   []float64
	ranks  []int32
}

// band returns the band of a latitude in [-90, 90].
func band(lat float64) int { return int(math.Floor(lat / bandDeg)) }

func newGrid(places []place) grid {
	var g grid
	inBands := func(p place) bool { return p.lat >= -90 && p.lat <= 90 && !math.IsInf(p.lng, 0) && !math.IsNaN(p.lng) }
	// Latitudes out of range (a bad import) make strays, tested by every
	// search as before: the grid changes no answer.
	slices.SortFunc(places, func(a, b place) int {
		ia, ib := inBands(a), inBands(b)
		switch {
		case ia != ib:
			if ia {
				return -1
			}
			return 1
		case !ia:
			return cmp.Compare(a.rank, b.rank)
		}
		if c := cmp.Compare(band(a.lat), band(b.lat)); c != 0 {
			return c
		}
		if c := cmp.Compare(a.lng, b.lng); c != 0 {
			return c
		}
		return cmp.Compare(a.rank, b.rank)
	})
	g.lngs = make([]float64, len(places))
	g.ranks = make([]int32, len(places))
	for i, p := range places {
		g.lngs[i], g.ranks[i] = p.lng, p.rank
		if inBands(p) {
			g.banded = i + 1
		}
	}
	if g.banded == 0 {
		return g
	}
	g.first = band(places[0].lat)
	last := band(places[g.banded-1].lat)
	g.start = make([]int32, last-g.first+2)
	b := g.first
	for i := range g.banded {
		for pb := band(places[i].lat); b < pb; b++ {
			g.start[b-g.first+1] = int32(i)
		}
	}
	for ; b <= last; b++ {
		g.start[b-g.first+1] = int32(g.banded)
	}
	return g
}

// visit calls fn with the runs of entries [lo, hi) that may lie within a:
// every entry within it is in one of them.
func (g *grid) visit(a *area, fn func(lo, hi int)) {
	if g.banded < len(g.ranks) {
		fn(g.banded, len(g.ranks))
	}
	if g.banded == 0 {
		return
	}
	r := math.Sqrt(a.max2)
	if math.IsNaN(a.lat) || math.IsNaN(a.lng) || math.IsInf(a.lat, 0) || math.IsInf(a.lng, 0) || !(r <= 180) ||
		!(a.cos2 > 1e-12) || a.lat < -270 || a.lat > 270 {
		fn(0, g.banded) // a place no band bounds (or near a pole): every entry
		return
	}
	// A margin of a millionth of a degree (a tenth of a metre) keeps
	// rounding from leaving out a listing on the edge.
	const eps = 1e-6
	last := g.first + len(g.start) - 2
	for b := max(band(a.lat-r-eps), g.first); b <= min(band(a.lat+r+eps), last); b++ {
		lo, hi := int(g.start[b-g.first]), int(g.start[b-g.first+1])
		if lo == hi {
			continue
		}
		south, north := float64(b)*bandDeg, float64(b+1)*bandDeg
		dy := 0.0 // from the centre to the band's nearest latitude
		if a.lat < south {
			dy = south - a.lat
		} else if a.lat > north {
			dy = a.lat - north
		}
		dy = max(dy-eps, 0)
		rem := a.max2 - dy*dy
		if rem < 0 {
			continue
		}
		w := math.Sqrt(rem/a.cos2)*(1+eps) + eps
		west, east := a.lng-w, a.lng+w
		run := g.lngs[lo:hi]
		i, _ := slices.BinarySearch(run, west)
		j := i + sort.Search(len(run)-i, func(k int) bool { return run[i+k] > east })
		if i < j {
			fn(lo+i, lo+j)
		}
	}
}

// spot is a row's place, its premium's end and its rank: what a search
// near a place reads of every row it meets.
func (r *plannerRow) spot() (lat, lng float64, until int64, rank int32) {
	return r.lat, r.lng, r.until, r.rank
}
func (r *venueRow) spot() (lat, lng float64, until int64, rank int32) {
	return r.lat, r.lng, r.until, r.rank
}

// nearHits pages the rows within radiusKm of (lat, lng) that pass match,
// premium first then nearest, with their count: near holds a table's rows
// in g's order. Planners and venues share it.
func nearHits[R any, P interface {
	*R
	spot() (lat, lng float64, until int64, rank int32)
}](g *grid, near []R, lat, lng, radiusKm float64, now int64, limit, offset int, match func(P) bool) ([]hit, int) {
	need := max(offset+limit, 0)
	a := newArea(lat, lng, radiusKm)
	top := topK{k: need}
	total := 0
	g.visit(&a, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			r := P(&near[i])
			rLat, rLng, until, rank := r.spot()
			d, in := a.dist2(rLat, rLng)
			if !in || !match(r) {
				continue
			}
			total++
			top.offer(hit{rank: int(rank), premium: now < until, dist2: d})
		}
	})
	return cut(top.sorted(), limit, offset), total
}

// venueRow is what a search tests of a venue.
type venueRow struct {
	lat, lng float64 // NaN without a place
	until    int64
	bedrooms int64
	seated   int
	minPrice int
	features uint32
	kind     int32 // the index of its type in the table's kinds
	rank     int32
}

// venueTable is one country's venues as searches read them.
type venueTable struct {
	facts       []*venueFacts // in rank order
	rows        []venueRow    // in rank order
	kinds       map[string]int32
	grid        grid
	near        []venueRow // in grid order
	transitions []int64
	busy        map[int32][]int32 // as plannerTable's
}

func newVenueTable(list []*venueFacts) *venueTable {
	t := &venueTable{facts: slices.Clone(list), rows: make([]venueRow, len(list)), kinds: map[string]int32{}, busy: map[int32][]int32{}}
	var places []place
	for i, v := range list {
		for _, day := range v.busy {
			t.busy[day] = append(t.busy[day], int32(i))
		}
		kind, ok := t.kinds[v.Type]
		if !ok {
			kind = int32(len(t.kinds))
			t.kinds[v.Type] = kind
		}
		r := venueRow{lat: math.NaN(), lng: math.NaN(), until: v.Premium.until, bedrooms: v.Bedrooms.Int64, seated: v.Seated,
			minPrice: v.MinPrice, features: v.features, kind: kind, rank: int32(i)}
		if v.Latitude.Valid && v.Longitude.Valid {
			r.lat, r.lng = v.Latitude.Float64, v.Longitude.Float64
			places = append(places, place{lat: r.lat, lng: r.lng, rank: int32(i)})
		}
		if r.until > 0 {
			t.transitions = append(t.transitions, r.until)
		}
		t.rows[i] = r
	}
	t.grid = newGrid(places)
	t.near = make([]venueRow, len(t.grid.ranks))
	for i, rank := range t.grid.ranks {
		t.near[i] = t.rows[rank]
	}
	t.transitions = settleTransitions(t.transitions)
	return t
}

// venueFilter is a venue search's filters but the place.
type venueFilter struct {
	kind          int32 // -1 for any
	guests        int
	maxPrice      int
	wants         uint32
	accommodation bool
	busy          busySet // as plannerFilter's
}

func (r *venueRow) match(f *venueFilter) bool {
	return (f.kind < 0 || r.kind == f.kind) && r.seated >= f.guests && (f.maxPrice <= 0 || r.minPrice <= f.maxPrice) &&
		r.features&f.wants == f.wants && (!f.accommodation || r.bedrooms >= 1) && !f.busy.has(r.rank)
}

// searchVenues returns the page's venues and the number of matches, and
// the span of time over which this answer holds.
func (t *directoryTables) searchVenues(q VenueQuery) (found []*venueFacts, hits []hit, total int, from, to int64) {
	from, to = math.MinInt64, math.MaxInt64
	wants, ok := FeatureMask(q.Features)
	tab := t.venues[q.Country]
	if !ok || tab == nil {
		return nil, nil, 0, from, to // no such feature: no venue offers it
	}
	f := venueFilter{kind: -1, guests: q.Guests, maxPrice: q.MaxPrice, wants: wants, accommodation: q.Accommodation}
	if q.Type != "" {
		kind, ok := tab.kinds[q.Type]
		if !ok {
			return nil, nil, 0, from, to
		}
		f.kind = kind
	}
	if day, ok := dayNumber(q.Date); ok {
		f.busy = newBusySet(tab.busy[day], len(tab.rows))
	}
	now := q.Now.UnixNano()
	from, to = stable(tab.transitions, now)
	need := max(q.Offset+q.Limit, 0)
	if q.Near {
		hits, total = nearHits(&tab.grid, tab.near, q.Lat, q.Lng, q.RadiusKm, now, q.Limit, q.Offset,
			func(r *venueRow) bool { return r.match(&f) })
	} else {
		c := rankedHits{need: need}
		for i := range tab.rows {
			if r := &tab.rows[i]; r.match(&f) {
				c.add(r.rank, now < r.until)
			}
		}
		hits, total = c.page(q.Limit, q.Offset), c.total
	}
	found = make([]*venueFacts, len(hits))
	for i, h := range hits {
		found[i] = tab.facts[h.rank]
	}
	return found, hits, total, from, to
}

// defaultSearchCache is how many result pages the index keeps: the pages
// people ask for most (a city's first page, a service's) are a few
// thousand, and one takes about a kilobyte.
const defaultSearchCache = 4096

// searchCache keeps the index's answers to recent searches (the page's
// listings and the count, and the cards once their rows are read): under
// load the same first pages are asked for again and again. An answer is
// tied to the version of the tables it was computed on, so any change to
// the directory drops them all, and to the span of time in which no
// premium begins or ends.
type searchCache struct {
	mu      sync.Mutex
	size    int // 0: no cache
	version int64
	entries map[string]*list.Element // of *cachedPage
	lru     list.List                // most recent first
	// maxBytes bounds the renderings kept with the answers (Renderings),
	// bytes is what they hold now: past the bound, the least recently
	// asked answers leave, renderings and all.
	maxBytes, bytes int
}

// cachedPage is one search's answer.
type cachedPage struct {
	key      string
	from, to int64 // Unix nanoseconds: the answer holds for searches at times in [from, to)
	planners []*plannerFacts
	venues   []*venueFacts
	hits     []hit
	total    int
	// The page's cards, once a search has read their rows: every write
	// that changes one raises the feed (migration 19), which drops the
	// page. Rows read after the counter are as new as it or newer, so a
	// search sharing them sees every write committed before it started.
	plannerCards atomic.Pointer[[]ProviderCard]
	venueCards   atomic.Pointer[[]VenueCard]
	// renders are the Renderings of the answer, guarded by the cache's mu;
	// renderBytes is their size.
	renders     map[string]any
	renderBytes int
}

// get returns the answer to the search of key at now on the given version.
func (c *searchCache) get(version int64, key []byte, now int64) *cachedPage {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.size <= 0 || c.version != version {
		return nil
	}
	e := c.entries[string(key)]
	if e == nil {
		return nil
	}
	p := e.Value.(*cachedPage)
	if now < p.from || now >= p.to {
		return nil
	}
	c.lru.MoveToFront(e)
	return p
}

// put keeps an answer computed on the given version; one on an older
// version than the cache's is dropped, and a newer one empties it.
func (c *searchCache) put(version int64, p *cachedPage) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.size <= 0 || version < c.version:
		return
	case version > c.version || c.entries == nil:
		c.version = version
		c.empty()
	}
	if e := c.entries[p.key]; e != nil {
		c.bytes -= e.Value.(*cachedPage).renderBytes
		e.Value = p
		c.lru.MoveToFront(e)
		return
	}
	c.entries[p.key] = c.lru.PushFront(p)
	for c.lru.Len() > c.size {
		c.evict(c.lru.Back())
	}
}

// empty drops every answer; the caller holds mu.
func (c *searchCache) empty() {
	c.entries = make(map[string]*list.Element, min(c.size, 1024))
	c.lru.Init()
	c.bytes = 0
}

// evict drops the answer of e; the caller holds mu.
func (c *searchCache) evict(e *list.Element) {
	p := e.Value.(*cachedPage)
	delete(c.entries, p.key)
	c.lru.Remove(e)
	c.bytes -= p.renderBytes
}

// resize sets how many answers are kept (0: none) and the bytes of their
// renderings (0: none), and empties the cache.
func (c *searchCache) resize(size, maxBytes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.size, c.maxBytes = max(size, 0), max(maxBytes, 0)
	c.empty()
}

// SetSearchCache sets how many answers of the directory's index are kept
// for searches asked again (0: none; 4096 by default), and how many bytes
// of renderings of them (Renderings) at most (0: none;
// DefaultSearchRenderBytes by default). Every Store of the pool shares
// them.
func (s *Store) SetSearchCache(entries, renderBytes int) {
	s.dir.cache.resize(entries, renderBytes)
}

// DefaultSearchRenderBytes is the default bound of the renderings kept
// with the search's answers: 32 MiB holds about three thousand pages of
// the public search (about 10 KB each without the style sheet every page
// shares), more than the first pages people ask for most.
const DefaultSearchRenderBytes = 32 << 20

// maxRenderings bounds the renderings of one answer: one per domain and
// per way of typing the same search (a city in capitals, the form's fields
// that do not change the answer), a few in practice.
const maxRenderings = 8

// Renderings keeps what a caller makes of one answer of the directory's
// search (the public search page's HTML), for the searches that get the
// same answer: they stay exactly as long as the answer, which any change
// to the directory drops (the feed), so a rendering made from the answer's
// cards is that of a fresh search. A nil Renderings keeps nothing.
type Renderings struct {
	cache *searchCache
	page  *cachedPage
}

// renderings is the Renderings of p, or nil inside a transaction, whose
// answers may show its writes before they are committed.
func (s *Store) renderings(p *cachedPage) *Renderings {
	if s.inTx {
		return nil
	}
	return &Renderings{cache: &s.dir.cache, page: p}
}

// Get returns the rendering kept under key, or nil.
func (r *Renderings) Get(key string) any {
	if r == nil {
		return nil
	}
	r.cache.mu.Lock()
	defer r.cache.mu.Unlock()
	return r.page.renders[key]
}

// Put keeps v, of size bytes, under key, unless the answer has left the
// cache, already has maxRenderings, or v alone is more than the bytes
// allowed; the least recently asked answers leave to make room. v must not
// change afterwards.
func (r *Renderings) Put(key string, v any, size int) {
	if r == nil {
		return
	}
	c, p := r.cache, r.page
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[p.key]
	if e == nil || e.Value.(*cachedPage) != p || len(p.renders) >= maxRenderings || size > c.maxBytes || p.renders[key] != nil {
		return
	}
	if p.renders == nil {
		p.renders = make(map[string]any, 1)
	}
	p.renders[key] = v
	p.renderBytes += size
	c.bytes += size
	c.lru.MoveToFront(e)
	for c.bytes > c.maxBytes {
		c.evict(c.lru.Back())
	}
}

// appendFloat adds the exact bits of a float to a cache key.
func appendFloat(b []byte, f float64) []byte {
	return strconv.AppendUint(append(b, ','), math.Float64bits(f), 36)
}

// key is the cache's key of a search, all of it but the time.
func (q *DirectoryQuery) key(b []byte) []byte {
	b = append(b, "p,"...)
	b = append(b, q.Country...)
	b = append(b, ',')
	b = append(b, q.ServiceType...)
	for _, l := range q.Languages {
		b = append(b, ',')
		b = append(b, l...)
	}
	b = append(b, ';')
	b = strconv.AppendInt(b, q.MaxBudget, 10)
	b = strconv.AppendInt(append(b, ','), int64(q.MinRating), 10)
	b = append(append(b, ','), q.Date...)
	b = strconv.AppendBool(append(b, ','), q.Near)
	if q.Near {
		b = appendFloat(appendFloat(appendFloat(b, q.Lat), q.Lng), q.RadiusKm)
	}
	b = strconv.AppendInt(append(b, ','), int64(q.Limit), 10)
	return strconv.AppendInt(append(b, ','), int64(q.Offset), 10)
}

// key is the cache's key of a search, all of it but the time.
func (q *VenueQuery) key(b []byte) []byte {
	b = append(b, "v,"...)
	b = append(b, q.Country...)
	b = append(b, ',')
	b = append(b, q.Type...)
	for _, f := range q.Features {
		b = append(b, ',')
		b = append(b, f...)
	}
	b = append(b, ';')
	b = strconv.AppendInt(b, int64(q.Guests), 10)
	b = strconv.AppendInt(append(b, ','), int64(q.MaxPrice), 10)
	b = strconv.AppendBool(append(b, ','), q.Accommodation)
	b = append(append(b, ','), q.Date...)
	b = strconv.AppendBool(append(b, ','), q.Near)
	if q.Near {
		b = appendFloat(appendFloat(appendFloat(b, q.Lat), q.Lng), q.RadiusKm)
	}
	b = strconv.AppendInt(append(b, ','), int64(q.Limit), 10)
	return strconv.AppendInt(append(b, ','), int64(q.Offset), 10)
}

// searchPlanners answers q from the cache, or from t and keeps the answer.
func (x *directoryIndex) searchPlanners(t *directoryTables, q DirectoryQuery) *cachedPage {
	var buf [128]byte
	key := q.key(buf[:0])
	now := q.Now.UnixNano()
	if p := x.cache.get(t.version, key, now); p != nil {
		return p
	}
	found, hits, total, from, to := t.searchPlanners(q)
	p := &cachedPage{key: string(key), from: from, to: to, planners: found, hits: hits, total: total}
	x.cache.put(t.version, p)
	return p
}

// searchVenues answers q from the cache, or from t and keeps the answer.
func (x *directoryIndex) searchVenues(t *directoryTables, q VenueQuery) *cachedPage {
	var buf [128]byte
	key := q.key(buf[:0])
	now := q.Now.UnixNano()
	if p := x.cache.get(t.version, key, now); p != nil {
		return p
	}
	found, hits, total, from, to := t.searchVenues(q)
	p := &cachedPage{key: string(key), from: from, to: to, venues: found, hits: hits, total: total}
	x.cache.put(t.version, p)
	return p
}
