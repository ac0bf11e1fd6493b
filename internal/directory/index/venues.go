package index

import (
	"math"
	"slices"
)

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
func (t *snapshot) searchVenues(q VenueQuery) (found []*venueFacts, hits []hit, total int, from, to int64) {
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
