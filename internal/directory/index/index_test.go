package index

import (
	"cmp"
	"database/sql"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"noces/internal/model"
)

// The index's tables (posting lists, grid, top-k) must answer every search
// as a plain pass over the ranked listings does. scanPlanners and
// scanVenues are that pass, as the index did it before the tables (commit
// 8a987d1, checked against SQL by TestSearchProvidersMatchesAnOracle):
// every listing of the country tested in rank order through its pointer,
// every match near a place sorted. The tests compare both on generated listings, and the benchmarks
// time both in the same run.

var indexNow = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

// indexCities are places listings gather around, with their weights.
var indexCities = []struct {
	lat, lng float64
	weight   int
}{
	{48.8566, 2.3522, 30}, {45.764, 4.8357, 10}, {43.2965, 5.3698, 9}, {43.6047, 1.4442, 7}, {43.7102, 7.262, 5},
	{47.2184, -1.5536, 5}, {48.5734, 7.7521, 4}, {44.8378, -0.5792, 6}, {50.6292, 3.0573, 5}, {48.1173, -1.6778, 4},
	{45.1885, 5.7245, 3}, {47.322, 5.0415, 2}, {43.6108, 3.8767, 4}, {49.2583, 4.0317, 2}, {46.5802, 0.3404, 1},
}

// indexServices and indexLanguages are the reference tables' ids.
var (
	indexServices  = map[string]int{"FULL_PLANNING": 4, "PARTIAL_PLANNING": 5, "DAY_COORDINATION": 3, "WEDDING_DESIGN": 9, "SECULAR_CEREMONY": 1}
	indexLanguages = map[string]int{"fr": 4, "en": 2, "es": 5, "it": 7, "de": 3, "nl": 6}
)

// genPremium returns a premium status that ends at various times around
// indexNow, or none.
func genPremium(rng *rand.Rand) premiumFacts {
	var p premiumFacts
	switch rng.IntN(10) {
	case 0:
		p.Status = model.PremiumActive
	case 1:
		p.Status = model.PremiumCancellation
		p.End = model.NullTime(indexNow.Add(time.Duration(rng.IntN(48)-24) * time.Hour))
	case 2:
		p.Status = model.PremiumActive
		p.End = model.NullTime(indexNow.Add(-time.Hour))
	default:
		p.Status = model.PremiumNone
	}
	p.settle()
	return p
}

// genPlace puts a listing around a city, or nowhere now and then.
func genPlace(rng *rand.Rand, spreadDeg float64) (sql.NullFloat64, sql.NullFloat64) {
	if rng.IntN(50) == 0 {
		return sql.NullFloat64{}, sql.NullFloat64{}
	}
	total := 0
	for _, c := range indexCities {
		total += c.weight
	}
	n := rng.IntN(total)
	c := indexCities[0]
	for _, x := range indexCities {
		if n < x.weight {
			c = x
			break
		}
		n -= x.weight
	}
	lat := c.lat + rng.NormFloat64()*spreadDeg
	lng := c.lng + rng.NormFloat64()*spreadDeg*1.4
	if rng.IntN(4) == 0 { // on a band's edge, to the precision of an address
		lat = math.Round(lat/bandDeg) * bandDeg
	}
	return sql.NullFloat64{Float64: lat, Valid: true}, sql.NullFloat64{Float64: lng, Valid: true}
}

// genPlanners makes n planners of France in rank order.
func genPlanners(rng *rand.Rand, n int, spreadDeg float64) []*plannerFacts {
	list := make([]*plannerFacts, n)
	services := []int{1, 3, 4, 5, 9}
	for i := range list {
		p := &plannerFacts{UserID: fmt.Sprintf("u%07d", i), Name: fmt.Sprintf("n%03d", rng.IntN(500)), Country: "FR",
			Score: 10 * rng.IntN(11), Premium: genPremium(rng)}
		p.Latitude, p.Longitude = genPlace(rng, spreadDeg)
		for _, id := range services {
			if rng.IntN(3) == 0 {
				p.services |= 1 << id
				if rng.IntN(4) > 0 {
					b := int64(300 * (1 + rng.IntN(20)))
					p.budgets = append(p.budgets, serviceBudget{id, b})
					if p.minBudget == 0 || b < p.minBudget {
						p.minBudget = b
					}
				}
			}
		}
		for _, id := range indexLanguages {
			if rng.IntN(4) == 0 {
				p.languages |= 1 << id
			}
		}
		// Reviews drawn from i, not rng: the other facts stay those the
		// benchmarks always had. Averages from 3 to 5; a seventh have none.
		count := int64(i % 7)
		p.reviews = newReviewFacts(count, 3*count+int64(i%13)%(2*count+1))
		p.busy = genBusy(i)
		list[i] = p
	}
	slices.SortFunc(list, rankPlanners)
	return list
}

// busyDates are the dates a generated listing may have taken: the first
// ten days of June 2027.
var busyDates = func() []string {
	out := make([]string, 10)
	for d := range out {
		out[d] = fmt.Sprintf("2027-06-%02d", d+1)
	}
	return out
}()

// genBusy returns the days the i-th generated listing has taken: two of
// busyDates, so a fifth of the listings are busy on each. Drawn from i, not
// rng, like the reviews.
func genBusy(i int) []int32 {
	var out []int32
	for d, date := range busyDates {
		if (i*7+d*13)%5 == 0 {
			day, _ := dayNumber(date)
			out = append(out, day)
		}
	}
	return out
}

// scanFree reports whether a listing's taken days leave date free.
func scanFree(busy []int32, date string) bool {
	day, ok := dayNumber(date)
	return !ok || !slices.Contains(busy, day)
}

// genVenues makes n venues of France in rank order.
func genVenues(rng *rand.Rand, n int, spreadDeg float64) []*venueFacts {
	list := make([]*venueFacts, n)
	for i := range list {
		v := &venueFacts{ID: fmt.Sprintf("v%07d", i), OwnerID: fmt.Sprintf("o%07d", i), Name: fmt.Sprintf("n%03d", rng.IntN(500)),
			Type: model.VenueTypes[rng.IntN(len(model.VenueTypes))], Country: "FR", Seated: 20 + 10*rng.IntN(40),
			MinPrice: 1000 * (1 + rng.IntN(20)), Premium: genPremium(rng)}
		if rng.IntN(3) > 0 {
			v.Bedrooms = sql.NullInt64{Int64: int64(rng.IntN(12)), Valid: true}
		}
		v.Latitude, v.Longitude = genPlace(rng, spreadDeg)
		for b := range model.VenueFeatures {
			if rng.IntN(2) == 0 {
				v.features |= 1 << b
			}
		}
		v.busy = genBusy(i + 3)
		list[i] = v
	}
	slices.SortFunc(list, rankVenues)
	return list
}

func newTestTables(planners []*plannerFacts, venues []*venueFacts) *snapshot {
	return &snapshot{version: 1, serviceIDs: indexServices, languageIDs: indexLanguages,
		planners: map[string]*plannerTable{"FR": newPlannerTable(planners)}, venues: map[string]*venueTable{"FR": newVenueTable(venues)}}
}

// scanHit is a scan's match.
type scanHit struct {
	rank    int
	premium bool
	dist2   float64
}

// scanPage sorts a scan's matches, premium first, then nearest, then by
// rank, and cuts the page.
func scanPage(hits []scanHit, near bool, limit, offset int) []scanHit {
	slices.SortFunc(hits, func(a, b scanHit) int {
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

// scanCollector gathers a scan's matches in rank order. Without a place it
// keeps the first of the premium matches and of the others, enough for the
// page, and counts the rest. Near a place it keeps every match, to be
// sorted by distance.
type scanCollector struct {
	area         area
	near         bool
	now          int64
	need         int
	hits, others []scanHit
	total        int
}

func (c *scanCollector) add(i int, premium *premiumFacts, lat, lng sql.NullFloat64) {
	h := scanHit{rank: i, premium: premium.at(c.now)}
	if c.near {
		if !lat.Valid || !lng.Valid {
			return
		}
		dy, dx := lat.Float64-c.area.lat, lng.Float64-c.area.lng
		if h.dist2 = dy*dy + dx*dx*c.area.cos2; !(h.dist2 <= c.area.max2) {
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

func newScanCollector(near bool, lat, lng, radiusKm float64, now time.Time, limit, offset int) *scanCollector {
	return &scanCollector{area: newArea(lat, lng, radiusKm), near: near, now: now.UnixNano(), need: max(offset+limit, 0)}
}

func (c *scanCollector) page(limit, offset int) []scanHit {
	return scanPage(append(c.hits, c.others...), c.near, limit, offset)
}

// scanOffers is the service and budget test of the scan.
func scanOffers(p *plannerFacts, id int, maxBudget int64) bool {
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

// scanPlanners is the search as one pass over the ranked planners.
func scanPlanners(list []*plannerFacts, q PlannerQuery) ([]scanHit, int) {
	service := -1
	if q.ServiceType != "" {
		id, ok := indexServices[q.ServiceType]
		if !ok {
			return nil, 0
		}
		service = id
	}
	var speaks uint64
	for _, code := range q.Languages {
		if id, ok := indexLanguages[code]; ok {
			speaks |= 1 << id
		}
	}
	if len(q.Languages) > 0 && speaks == 0 {
		return nil, 0
	}
	c := newScanCollector(q.Near, q.Lat, q.Lng, q.RadiusKm, q.Now, q.Limit, q.Offset)
	for i, p := range list {
		if (service >= 0 || q.MaxBudget > 0) && !scanOffers(p, service, q.MaxBudget) {
			continue
		}
		if speaks != 0 && p.languages&speaks == 0 {
			continue
		}
		if q.MinRating > 0 && (p.reviews.count == 0 || float64(p.reviews.rating) < float64(q.MinRating)) {
			continue
		}
		if !scanFree(p.busy, q.Date) {
			continue
		}
		c.add(i, &p.Premium, p.Latitude, p.Longitude)
	}
	return c.page(q.Limit, q.Offset), c.total
}

// scanVenues is the venue search as one pass over the ranked venues.
func scanVenues(list []*venueFacts, q VenueQuery) ([]scanHit, int) {
	wants, ok := FeatureMask(q.Features)
	if !ok {
		return nil, 0
	}
	c := newScanCollector(q.Near, q.Lat, q.Lng, q.RadiusKm, q.Now, q.Limit, q.Offset)
	for i, v := range list {
		if (q.Type != "" && v.Type != q.Type) || v.Seated < q.Guests || (q.MaxPrice > 0 && v.MinPrice > q.MaxPrice) ||
			v.features&wants != wants || (q.Accommodation && v.Bedrooms.Int64 < 1) || !scanFree(v.busy, q.Date) {
			continue
		}
		c.add(i, &v.Premium, v.Latitude, v.Longitude)
	}
	return c.page(q.Limit, q.Offset), c.total
}

// randomPlannerQuery draws a search of any kind, with the rare shapes too:
// several languages, unknown codes, a radius of nothing or of the whole
// country, a centre on a band's edge, far pages.
func randomPlannerQuery(rng *rand.Rand) PlannerQuery {
	q := PlannerQuery{Country: "FR", Limit: 1 + rng.IntN(25), Now: indexNow.Add(time.Duration(rng.IntN(72)-36) * time.Hour)}
	switch rng.IntN(4) {
	case 0:
		q.Offset = rng.IntN(3) * q.Limit
	case 1:
		q.Offset = rng.IntN(2000)
	}
	services := []string{"FULL_PLANNING", "PARTIAL_PLANNING", "DAY_COORDINATION", "WEDDING_DESIGN", "SECULAR_CEREMONY", "UNKNOWN"}
	if rng.IntN(2) == 0 {
		q.ServiceType = services[rng.IntN(len(services))]
	}
	langs := []string{"fr", "en", "es", "it", "de", "nl", "xx"}
	for range rng.IntN(4) / 2 * (1 + rng.IntN(2)) {
		q.Languages = append(q.Languages, langs[rng.IntN(len(langs))])
	}
	if rng.IntN(4) == 0 {
		q.MaxBudget = int64(300 * rng.IntN(25))
	}
	if rng.IntN(4) == 0 {
		q.MinRating = []int{0, 1, 30, 40, 45, 47, 50, 51}[rng.IntN(8)]
	}
	q.Date = randomDate(rng)
	if rng.IntN(3) > 0 {
		c := indexCities[rng.IntN(len(indexCities))]
		q.Near, q.Lat, q.Lng = true, c.lat+rng.NormFloat64()*0.3, c.lng+rng.NormFloat64()*0.3
		q.RadiusKm = []float64{0, 1, 5, 20, 50, 100, 100, 100, 300, 2000}[rng.IntN(10)]
		if rng.IntN(5) == 0 {
			q.Lat = math.Round(q.Lat/bandDeg) * bandDeg
		}
	}
	return q
}

// randomDate is no date half of the time, else mostly a date some
// listings have taken, sometimes one nobody has, or no date at all.
func randomDate(rng *rand.Rand) string {
	if rng.IntN(2) == 0 {
		return ""
	}
	return append(slices.Clone(busyDates), "2027-07-01", "2027-13-01", "soon")[rng.IntN(len(busyDates)+3)]
}

func randomVenueQuery(rng *rand.Rand) VenueQuery {
	q := VenueQuery{Country: "FR", Limit: 1 + rng.IntN(25), Now: indexNow.Add(time.Duration(rng.IntN(72)-36) * time.Hour)}
	if rng.IntN(3) == 0 {
		q.Offset = rng.IntN(500)
	}
	if rng.IntN(3) == 0 {
		q.Type = append(slices.Clone(model.VenueTypes), "spaceship")[rng.IntN(len(model.VenueTypes)+1)]
	}
	if rng.IntN(3) == 0 {
		q.Guests = 20 * rng.IntN(20)
	}
	if rng.IntN(4) == 0 {
		q.MaxPrice = 1000 * rng.IntN(20)
	}
	for range rng.IntN(3) {
		q.Features = append(q.Features, model.VenueFeatures[rng.IntN(len(model.VenueFeatures))])
	}
	q.Accommodation = rng.IntN(4) == 0
	q.Date = randomDate(rng)
	if rng.IntN(2) == 0 {
		c := indexCities[rng.IntN(len(indexCities))]
		q.Near, q.Lat, q.Lng = true, c.lat+rng.NormFloat64()*0.3, c.lng+rng.NormFloat64()*0.3
		q.RadiusKm = []float64{1, 20, 100, 100, 400}[rng.IntN(5)]
	}
	return q
}

func sameHits(got []hit, want []scanHit) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i].rank != want[i].rank || got[i].premium != want[i].premium || got[i].dist2 != want[i].dist2 {
			return false
		}
	}
	return true
}

// TestIndexMatchesAScan compares thousands of random searches, planners and
// venues, with the pass over every listing.
func TestIndexMatchesAScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 5))
	planners := genPlanners(rng, 4000, 0.4)
	venues := genVenues(rng, 1500, 0.4)
	// A stray (a latitude no band holds) and a listing at a pole are
	// still found.
	planners = append(planners, &plannerFacts{UserID: "stray", Name: "zz", Country: "FR",
		Latitude: sql.NullFloat64{Float64: 95, Valid: true}, Longitude: sql.NullFloat64{Float64: 2, Valid: true}})
	tables := newTestTables(planners, venues)
	for i := range 3000 {
		q := randomPlannerQuery(rng)
		_, got, total, _, _ := tables.searchPlanners(q)
		want, wantTotal := scanPlanners(planners, q)
		if total != wantTotal || !sameHits(got, want) {
			t.Fatalf("planner search %d %+v: total %d, want %d\n got %v\nwant %v", i, q, total, wantTotal, got, want)
		}
	}
	for _, q := range []PlannerQuery{
		{Country: "FR", Near: true, Lat: 93, Lng: 2, RadiusKm: 500, Limit: 5, Now: indexNow},
		{Country: "FR", Near: true, Lat: 89.99, Lng: 2, RadiusKm: 600, Limit: 5, Now: indexNow},
		{Country: "FR", Near: true, Lat: math.NaN(), Lng: 2, RadiusKm: 600, Limit: 5, Now: indexNow},
		{Country: "FR", Near: true, Lat: 46, Lng: 2, RadiusKm: -100, Limit: 5, Now: indexNow},
		{Country: "FR", Near: true, Lat: 46, Lng: 2, RadiusKm: 1e9, Limit: 5, Now: indexNow},
		{Country: "BE", Limit: 5, Now: indexNow},
	} {
		_, got, total, _, _ := tables.searchPlanners(q)
		want, wantTotal := scanPlanners(planners, q)
		if q.Country != "FR" {
			want, wantTotal = nil, 0
		}
		if total != wantTotal || !sameHits(got, want) {
			t.Errorf("planner search %+v: total %d, want %d\n got %v\nwant %v", q, total, wantTotal, got, want)
		}
	}
	for i := range 2000 {
		q := randomVenueQuery(rng)
		_, got, total, _, _ := tables.searchVenues(q)
		want, wantTotal := scanVenues(venues, q)
		if total != wantTotal || !sameHits(got, want) {
			t.Fatalf("venue search %d %+v: total %d, want %d\n got %v\nwant %v", i, q, total, wantTotal, got, want)
		}
	}
}

// TestSearchCacheHoldsWhileNothingChanges checks that a kept answer is
// given again only on the same version and while no premium begins or
// ends.
func TestSearchCacheHoldsWhileNothingChanges(t *testing.T) {
	end := indexNow.Add(time.Hour)
	premium := premiumFacts{Status: model.PremiumCancellation, End: model.NullTime(end)}
	premium.settle()
	planners := []*plannerFacts{
		{UserID: "a", Name: "a", Country: "FR", Score: 90},
		{UserID: "b", Name: "b", Country: "FR", Score: 10, Premium: premium},
	}
	tables := newTestTables(planners, nil)
	x := New(nil, DefaultCache)
	first := func(tables *snapshot, at time.Time) string {
		return x.searchPlanners(tables, PlannerQuery{Country: "FR", Limit: 1, Now: at}).planners[0].UserID
	}
	if got := first(tables, indexNow); got != "b" {
		t.Fatalf("premium first: got %s", got)
	}
	if got := first(tables, indexNow.Add(time.Minute)); got != "b" {
		t.Errorf("a minute later: got %s", got)
	}
	if got := first(tables, end); got != "a" {
		t.Errorf("once premium ended: got %s, the kept answer", got)
	}
	if got := first(tables, indexNow); got != "b" {
		t.Errorf("back before the end: got %s", got)
	}
	planners[1] = &plannerFacts{UserID: "c", Name: "c", Country: "FR", Score: 5, Premium: premium}
	changed := newTestTables(planners, nil)
	changed.version = 2
	if got := first(changed, indexNow); got != "c" {
		t.Errorf("after a change: got %s, the kept answer", got)
	}
	if got := first(tables, indexNow); got != "b" { // an older version is not kept over the newer
		t.Errorf("on the older tables: got %s", got)
	}
	if x.cache.version != 2 {
		t.Errorf("cache version %d, want 2", x.cache.version)
	}

	x.cache.resize(2) // the least recently used answer goes first
	for _, limit := range []int{1, 2, 1, 3} {
		x.searchPlanners(changed, PlannerQuery{Country: "FR", Limit: limit, Now: indexNow})
	}
	if x.cache.lru.Len() != 2 || x.cache.entries[string((&PlannerQuery{Country: "FR", Limit: 2}).key(nil))] != nil {
		t.Errorf("kept %d answers, the limit 2 one among them: %v", x.cache.lru.Len(), x.cache.entries)
	}
	x.cache.resize(0)
	x.searchPlanners(changed, PlannerQuery{Country: "FR", Limit: 1, Now: indexNow})
	if x.cache.lru.Len() != 0 {
		t.Error("a cache of size 0 keeps answers")
	}
}

// benchQueries are the searches of bench/load's rows, over the generated
// listings' cities.
var benchQueries = []struct {
	name string
	make func(rng *rand.Rand) PlannerQuery
}{
	{"country", func(*rand.Rand) PlannerQuery { return PlannerQuery{} }},
	{"service", func(rng *rand.Rand) PlannerQuery {
		return PlannerQuery{ServiceType: []string{"FULL_PLANNING", "DAY_COORDINATION", "WEDDING_DESIGN"}[rng.IntN(3)]}
	}},
	{"city", func(rng *rand.Rand) PlannerQuery {
		c := indexCities[rng.IntN(len(indexCities))]
		return PlannerQuery{Near: true, Lat: c.lat, Lng: c.lng, RadiusKm: 100}
	}},
	{"combined", func(rng *rand.Rand) PlannerQuery {
		c := indexCities[rng.IntN(len(indexCities))]
		return PlannerQuery{Near: true, Lat: c.lat, Lng: c.lng, RadiusKm: 100, ServiceType: "FULL_PLANNING",
			Languages: []string{"en"}, MaxBudget: 3000}
	}},
	{"language", func(rng *rand.Rand) PlannerQuery {
		return PlannerQuery{Languages: []string{"en", "es", "de"}[rng.IntN(3):][:1]}
	}},
	{"budget", func(rng *rand.Rand) PlannerQuery {
		return PlannerQuery{ServiceType: "DAY_COORDINATION", MaxBudget: int64(500 * (1 + rng.IntN(8)))}
	}},
	{"rating", func(rng *rand.Rand) PlannerQuery {
		return PlannerQuery{MinRating: []int{30, 40, 45}[rng.IntN(3)]}
	}},
	{"rating-city", func(rng *rand.Rand) PlannerQuery {
		c := indexCities[rng.IntN(len(indexCities))]
		return PlannerQuery{Near: true, Lat: c.lat, Lng: c.lng, RadiusKm: 100, MinRating: 45, Languages: []string{"en"}}
	}},
	{"deep", func(rng *rand.Rand) PlannerQuery { return PlannerQuery{Offset: 20 * (50 + rng.IntN(450))} }},
	{"city-deep", func(rng *rand.Rand) PlannerQuery {
		c := indexCities[rng.IntN(len(indexCities))]
		return PlannerQuery{Near: true, Lat: c.lat, Lng: c.lng, RadiusKm: 100, Offset: 20 * rng.IntN(50)}
	}},
	// The rows above with a wedding date: a fifth of the planners are
	// busy on each.
	{"country-date", func(rng *rand.Rand) PlannerQuery {
		return PlannerQuery{Date: busyDates[rng.IntN(len(busyDates))]}
	}},
	{"service-date", func(rng *rand.Rand) PlannerQuery {
		return PlannerQuery{ServiceType: []string{"FULL_PLANNING", "DAY_COORDINATION", "WEDDING_DESIGN"}[rng.IntN(3)],
			Date: busyDates[rng.IntN(len(busyDates))]}
	}},
	{"city-date", func(rng *rand.Rand) PlannerQuery {
		c := indexCities[rng.IntN(len(indexCities))]
		return PlannerQuery{Near: true, Lat: c.lat, Lng: c.lng, RadiusKm: 100, Date: busyDates[rng.IntN(len(busyDates))]}
	}},
	{"combined-date", func(rng *rand.Rand) PlannerQuery {
		c := indexCities[rng.IntN(len(indexCities))]
		return PlannerQuery{Near: true, Lat: c.lat, Lng: c.lng, RadiusKm: 100, ServiceType: "FULL_PLANNING",
			Languages: []string{"en"}, MaxBudget: 3000, Date: busyDates[rng.IntN(len(busyDates))]}
	}},
}

// BenchmarkSearchPlanners times each row's search over 63,000 planners
// (the visible planners of bench/load's 100,000 providers) two ways in the
// same run: scan, the pass over every listing the index made before its
// tables, and index, the tables without the cache. Compare them as
// ratios: go test -run '^$' -bench SearchPlanners ./internal/directory/index/
func BenchmarkSearchPlanners(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	planners := genPlanners(rng, 63000, 0.5)
	tables := newTestTables(planners, nil)
	for _, bq := range benchQueries {
		qs := make([]PlannerQuery, 256)
		for i := range qs {
			q := bq.make(rng)
			q.Country, q.Limit, q.Now = "FR", 20, indexNow
			qs[i] = q
		}
		b.Run(bq.name+"/scan", func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				scanPlanners(planners, qs[i%len(qs)])
			}
		})
		b.Run(bq.name+"/index", func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				tables.searchPlanners(qs[i%len(qs)])
			}
		})
	}
}

// BenchmarkSearchVenues is BenchmarkSearchPlanners for 20,000 venues.
func BenchmarkSearchVenues(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	venues := genVenues(rng, 20000, 0.5)
	tables := newTestTables(nil, venues)
	for _, bq := range []struct {
		name string
		make func() VenueQuery
	}{
		{"country", func() VenueQuery { return VenueQuery{} }},
		{"features-city", func() VenueQuery {
			c := indexCities[rng.IntN(len(indexCities))]
			return VenueQuery{Features: []string{"garden", "parking"}, Guests: 100, Near: true, Lat: c.lat, Lng: c.lng, RadiusKm: 100}
		}},
	} {
		qs := make([]VenueQuery, 256)
		for i := range qs {
			q := bq.make()
			q.Country, q.Limit, q.Now = "FR", 20, indexNow
			qs[i] = q
		}
		b.Run(bq.name+"/scan", func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				scanVenues(venues, qs[i%len(qs)])
			}
		})
		b.Run(bq.name+"/index", func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				tables.searchVenues(qs[i%len(qs)])
			}
		})
	}
}
