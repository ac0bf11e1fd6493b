package index

import (
	"math"
	"math/bits"
	"slices"
	"time"
)

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

// plannerFilter returns the filter of q, and false when nothing can match
// it (a service or languages unknown).
func (t *snapshot) plannerFilter(q *PlannerQuery) (plannerFilter, bool) {
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
func (t *snapshot) searchPlanners(q PlannerQuery) (found []*plannerFacts, hits []hit, total int, from, to int64) {
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
