package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"noces/internal/model"
)

// directoryIndex holds what the public search filters and sorts on, for
// every visible planner and venue, so that a search over 100,000 providers
// is a pass over memory (a few milliseconds) instead of queries whose cost
// grows with the matches: counting and sorting tens of thousands of rows
// took SQLite and PostgreSQL 60-600 ms (bench/README.md). Only the page's
// rows are then read from the database.
//
// It is loaded on first use and kept current from the change feed
// (directory_changes.go): before each search one small query reads the
// feed's counter, and when it moved, the users changed since are read
// again. A search therefore sees every write committed before it started,
// this server's or another's.
type directoryIndex struct {
	sync sync.Mutex // one load or update at a time

	mu       sync.RWMutex
	loaded   bool
	version  int64
	planners map[string]*plannerFacts   // by user id
	venues   map[string][]*venueFacts   // by owner id
	ranked   map[string][]*plannerFacts // per country, in the order without a place
	rankedV  map[string][]*venueFacts   // per country, in the order without a place
	// The reference tables: prestation types and langue codes to their ids.
	serviceIDs, languageIDs map[string]int
}

func newDirectoryIndex() *directoryIndex {
	return &directoryIndex{}
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
	// features has bit i set when the venue offers model.VenueFeatures[i]:
	// a search with feature filters is then one AND per venue.
	features uint32
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

// directory returns the index, current with every write committed so far.
func (s *Store) directory(ctx context.Context) (*directoryIndex, error) {
	x := s.dir
	version, pruned, err := s.directoryVersion(ctx)
	if err != nil {
		return nil, err
	}
	current := func() bool {
		x.mu.RLock()
		defer x.mu.RUnlock()
		return x.loaded && x.version >= version
	}
	if current() {
		return x, nil
	}
	x.sync.Lock()
	defer x.sync.Unlock()
	if current() { // another search brought it up to date meanwhile
		return x, nil
	}
	x.mu.RLock()
	from, loaded := x.version, x.loaded
	x.mu.RUnlock()
	if !loaded || from < pruned {
		// The feed is pruned by the hourly clean-up job, not here.
		if err := s.loadDirectory(ctx, x, version); err != nil {
			return nil, err
		}
		return x, nil
	}
	ids, err := s.directoryChanges(ctx, from, version)
	if err != nil {
		return nil, err
	}
	planners, venues, err := s.readDirectory(ctx, ids)
	if err != nil {
		return nil, err
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	for _, id := range ids {
		if p := x.planners[id]; p != nil {
			list := x.ranked[p.Country]
			if i, ok := slices.BinarySearchFunc(list, p, rankPlanners); ok {
				x.ranked[p.Country] = slices.Delete(list, i, i+1)
			}
			delete(x.planners, id)
		}
		for _, v := range x.venues[id] {
			list := x.rankedV[v.Country]
			if i, ok := slices.BinarySearchFunc(list, v, rankVenues); ok {
				x.rankedV[v.Country] = slices.Delete(list, i, i+1)
			}
		}
		delete(x.venues, id)
	}
	for _, p := range planners {
		x.planners[p.UserID] = p
		list := x.ranked[p.Country]
		i, _ := slices.BinarySearchFunc(list, p, rankPlanners)
		x.ranked[p.Country] = slices.Insert(list, i, p)
	}
	for _, v := range venues {
		x.venues[v.OwnerID] = append(x.venues[v.OwnerID], v)
		list := x.rankedV[v.Country]
		i, _ := slices.BinarySearchFunc(list, v, rankVenues)
		x.rankedV[v.Country] = slices.Insert(list, i, v)
	}
	x.version = version
	return x, nil
}

// loadDirectory reads every visible listing into x. The counter was read
// before the listings: a change committed meanwhile is read again on the
// next search, and reading a user twice is harmless.
func (s *Store) loadDirectory(ctx context.Context, x *directoryIndex, version int64) error {
	planners, venues, err := s.readDirectory(ctx, nil)
	if err != nil {
		return err
	}
	serviceIDs, languageIDs := map[string]int{}, map[string]int{}
	for _, ref := range []struct {
		query string
		ids   map[string]int
	}{{`SELECT type, id FROM prestations`, serviceIDs}, {`SELECT code, id FROM langues`, languageIDs}} {
		rows, err := s.db.QueryContext(ctx, ref.query)
		if err != nil {
			return fmt.Errorf("store: read directory codes: %w", err)
		}
		for rows.Next() {
			var code string
			var id int
			if err := rows.Scan(&code, &id); err != nil {
				rows.Close()
				return fmt.Errorf("store: read directory codes: %w", err)
			}
			ref.ids[code] = id
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("store: read directory codes: %w", err)
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
	x.mu.Lock()
	defer x.mu.Unlock()
	x.planners, x.venues, x.ranked, x.rankedV = byUser, byOwner, ranked, rankedV
	x.serviceIDs, x.languageIDs = serviceIDs, languageIDs
	x.version, x.loaded = version, true
	return nil
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
	}
	type language struct {
		UserID string `db:"user_id"`
		ID     int    `db:"langue_id"`
	}
	type venueFeature struct {
		VenueID string `db:"venue_id"`
		Feature string `db:"feature"`
	}
	var services []service
	var languages []language
	var features []venueFeature
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
		err = s.db.SelectContext(ctx, &sv, `SELECT x.user_id, x.prestation_id, x.budget_starting_from
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

// offers reports whether p offers the service of bit id (any when id < 0)
// with a starting budget given and at most maxBudget (any budget when 0).
func (p *plannerFacts) offers(id int, maxBudget int64) bool {
	switch {
	case id >= 0 && p.services&(1<<id) == 0:
		return false
	case maxBudget <= 0:
		return true
	case id < 0:
		return p.minBudget > 0 && p.minBudget <= maxBudget
	}
	for _, b := range p.budgets {
		if b.id == id {
			return b.budget <= maxBudget
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
// the area; a listing without coordinates is not.
func (a area) dist2(lat, lng sql.NullFloat64) (float64, bool) {
	if !lat.Valid || !lng.Valid {
		return 0, false
	}
	dy, dx := lat.Float64-a.lat, lng.Float64-a.lng
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

// page orders the hits, premium first, then nearest when near, then by
// rank, and cuts the page.
func page(hits []hit, near bool, limit, offset int) []hit {
	slices.SortFunc(hits, func(a, b hit) int {
		if a.premium != b.premium {
			if a.premium {
				return -1
			}
			return 1
		}
		if near {
			if c := cmp.Compare(a.dist2, b.dist2); c != 0 {
				return c
			}
		}
		return cmp.Compare(a.rank, b.rank)
	})
	if offset >= len(hits) || limit <= 0 {
		return nil
	}
	return hits[offset:min(offset+limit, len(hits))]
}

// collector gathers a search's matches as its pass meets them, in rank
// order. Without a place the order is already right: it keeps the first of
// the premium matches and of the others, enough for the page, and counts
// the rest. Near a place it keeps every match, to be sorted by distance.
type collector struct {
	area         area
	near         bool
	now          int64 // Unix nanoseconds
	need         int
	hits, others []hit
	total        int
}

func newCollector(near bool, lat, lng, radiusKm float64, now time.Time, limit, offset int) *collector {
	return &collector{area: newArea(lat, lng, radiusKm), near: near, now: now.UnixNano(), need: max(offset+limit, 0)}
}

// add takes the listing of rank i, which passed the search's filters but
// the place.
func (c *collector) add(i int, premium *premiumFacts, lat, lng sql.NullFloat64) {
	h := hit{rank: i, premium: premium.at(c.now)}
	if c.near {
		var in bool
		if h.dist2, in = c.area.dist2(lat, lng); !in {
			return
		}
	}
	c.total++
	switch {
	case c.near || h.premium && len(c.hits) < c.need:
		c.hits = append(c.hits, h)
	case !h.premium && len(c.others) < c.need:
		c.others = append(c.others, h)
	}
}

// page returns the hits of the page.
func (c *collector) page(limit, offset int) []hit {
	return page(append(c.hits, c.others...), c.near, limit, offset)
}

// searchPlanners returns the page's planners and the number of matches.
func (x *directoryIndex) searchPlanners(q DirectoryQuery) ([]*plannerFacts, []hit, int) {
	x.mu.RLock()
	defer x.mu.RUnlock()
	service := -1
	if q.ServiceType != "" {
		id, ok := x.serviceIDs[q.ServiceType]
		if !ok {
			return nil, nil, 0 // no such service: nobody offers it
		}
		service = id
	}
	var speaks uint64
	for _, code := range q.Languages {
		if id, ok := x.languageIDs[code]; ok {
			speaks |= 1 << id
		}
	}
	if len(q.Languages) > 0 && speaks == 0 {
		return nil, nil, 0
	}
	list := x.ranked[q.Country]
	c := newCollector(q.Near, q.Lat, q.Lng, q.RadiusKm, q.Now, q.Limit, q.Offset)
	for i, p := range list {
		if (service >= 0 || q.MaxBudget > 0) && !p.offers(service, q.MaxBudget) {
			continue
		}
		if speaks != 0 && p.languages&speaks == 0 {
			continue
		}
		c.add(i, &p.Premium, p.Latitude, p.Longitude)
	}
	hits := c.page(q.Limit, q.Offset)
	found := make([]*plannerFacts, len(hits))
	for i, h := range hits {
		found[i] = list[h.rank]
	}
	return found, hits, c.total
}

// searchVenues returns the page's venues and the number of matches.
func (x *directoryIndex) searchVenues(q VenueQuery) ([]*venueFacts, []hit, int) {
	x.mu.RLock()
	defer x.mu.RUnlock()
	wants, ok := FeatureMask(q.Features)
	if !ok {
		return nil, nil, 0 // no such feature: no venue offers it
	}
	list := x.rankedV[q.Country]
	c := newCollector(q.Near, q.Lat, q.Lng, q.RadiusKm, q.Now, q.Limit, q.Offset)
	for i, v := range list {
		if (q.Type != "" && v.Type != q.Type) || v.Seated < q.Guests || (q.MaxPrice > 0 && v.MinPrice > q.MaxPrice) ||
			v.features&wants != wants || (q.Accommodation && v.Bedrooms.Int64 < 1) {
			continue
		}
		c.add(i, &v.Premium, v.Latitude, v.Longitude)
	}
	hits := c.page(q.Limit, q.Offset)
	found := make([]*venueFacts, len(hits))
	for i, h := range hits {
		found[i] = list[h.rank]
	}
	return found, hits, c.total
}
