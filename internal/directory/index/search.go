package index

import (
	"cmp"
	"context"
	"math"
	"math/bits"
	"slices"
	"sync/atomic"
	"time"

	"noces/internal/store"
)

// kmPerDegree is the length of a degree of latitude.
const kmPerDegree = 111.2

// PlannerQuery filters and pages the planners of the directory.
type PlannerQuery struct {
	Country     string
	ServiceType string   // a prestation type; "" for any
	Languages   []string // speaks at least one of these codes; empty for any
	MaxBudget   int64    // a starting budget at most this, in euros; 0 for any
	// MinRating keeps the planners whose approved reviews average this
	// many tenths of a star or more (45 for 4.5), rounded to a tenth as
	// the card shows it; 0 for any.
	MinRating int
	// Date (YYYY-MM-DD), when set, leaves out the planners whose own
	// calendar has it booked or unavailable (availability_days); a text
	// that is no date filters nothing.
	Date string
	// Near, when set, keeps listings within RadiusKm of (Lat, Lng).
	Near     bool
	Lat, Lng float64
	RadiusKm float64
	Limit    int
	Offset   int
	Now      time.Time
}

// VenueQuery filters and pages the venues of the directory.
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
	// calendar has it taken (as PlannerQuery.Date).
	Date     string
	Near     bool
	Lat, Lng float64
	RadiusKm float64
	Limit    int
	Offset   int
	Now      time.Time
}

// PlannerCard is one planner of the results: its rows, and what the
// index holds of it.
type PlannerCard struct {
	store.ProviderCardRow
	IsPremium  bool
	DistanceKm *float64 // nil without a place searched
	// The prestation types and langue codes, in the order of their ids;
	// the lowest starting budget shown (0: none); the approved reviews.
	Services  []string
	Languages []string
	MinBudget int64
	Reviews   ReviewFacts
}

// VenueCard is one venue of the results.
type VenueCard struct {
	store.VenueCardRow
	IsPremium  bool
	DistanceKm *float64
	// Reviews are the owner's approved reviews.
	Reviews ReviewFacts
}

// ReviewFacts are a listing's approved reviews as its card shows them.
type ReviewFacts struct {
	Count int
	// Tenths is the average rating in tenths of a star, rounded (47 for
	// 4.66): the figure the rating filter compares too.
	Tenths int
}

// Page is one page of a search: its cards and the number of matches.
// The cards are shared with the searches that get the same answer:
// callers must not change them.
type Page[C any] struct {
	Cards []C
	Total int
	// Answer names the answer the page was made from while the index
	// keeps it: two pages with the same Answer have the same cards and
	// total, and no page of another answer has it, so a caller may keep
	// what it makes of one page (the site its rendering) under it. 0 when
	// the answer is not kept.
	Answer uint64
}

// SearchPlanners returns one page of visible planners, premium first,
// then nearest (when a place is given), then most complete, with the
// total. Only the page's rows are read from the database, and kept with
// the answer for the searches that ask it again before the directory
// changes.
func (x *Index) SearchPlanners(ctx context.Context, q PlannerQuery) (Page[PlannerCard], error) {
	t, err := x.current(ctx)
	if err != nil {
		return Page[PlannerCard]{}, err
	}
	a := x.searchPlanners(t, q)
	return answerPage(a, len(a.planners), &a.plannerCards, func() ([]PlannerCard, error) {
		return readCards(ctx, a.planners, func(p *plannerFacts) string { return p.UserID }, x.src.ListProviderCardRows,
			func(r store.ProviderCardRow) string { return r.UserID },
			func(i int, p *plannerFacts, r store.ProviderCardRow) PlannerCard {
				c := PlannerCard{ProviderCardRow: r, IsPremium: a.hits[i].premium,
					Services: t.codes(t.serviceIDs, p.services), Languages: t.codes(t.languageIDs, p.languages),
					MinBudget: p.shownBudget, Reviews: ReviewFacts{Count: int(p.reviews.count), Tenths: int(p.reviews.rating)}}
				if q.Near && r.Latitude != nil && r.Longitude != nil {
					d := DistanceKm(q.Lat, q.Lng, *r.Latitude, *r.Longitude)
					c.DistanceKm = &d
				}
				return c
			})
	})
}

// SearchVenues pages the visible venues, premium owners first, then
// nearest, then largest, their rows read and kept as SearchPlanners does.
func (x *Index) SearchVenues(ctx context.Context, q VenueQuery) (Page[VenueCard], error) {
	t, err := x.current(ctx)
	if err != nil {
		return Page[VenueCard]{}, err
	}
	a := x.searchVenues(t, q)
	return answerPage(a, len(a.venues), &a.venueCards, func() ([]VenueCard, error) {
		return readCards(ctx, a.venues, func(v *venueFacts) string { return v.ID }, x.src.ListVenueCardRows,
			func(r store.VenueCardRow) string { return r.ID },
			func(i int, v *venueFacts, r store.VenueCardRow) VenueCard {
				c := VenueCard{VenueCardRow: r, IsPremium: a.hits[i].premium,
					Reviews: ReviewFacts{Count: int(v.reviews.count), Tenths: int(v.reviews.rating)}}
				if q.Near && r.Latitude.Valid && r.Longitude.Valid {
					d := DistanceKm(q.Lat, q.Lng, r.Latitude.Float64, r.Longitude.Float64)
					c.DistanceKm = &d
				}
				return c
			})
	})
}

// readCards reads the rows of a page's entries in one query and makes
// their cards in the page's order; an entry whose row is gone (deleted
// since the index was read) has no card.
func readCards[E, R, C any](ctx context.Context, entries []E, entryID func(E) string,
	list func(context.Context, []string) ([]R, error), rowID func(R) string, card func(int, E, R) C) ([]C, error) {
	ids := make([]string, len(entries))
	for i, e := range entries {
		ids[i] = entryID(e)
	}
	rows, err := list(ctx, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]R, len(rows))
	for _, r := range rows {
		byID[rowID(r)] = r
	}
	cards := make([]C, 0, len(entries))
	for i, e := range entries {
		if r, ok := byID[ids[i]]; ok {
			cards = append(cards, card(i, e, r))
		}
	}
	return cards, nil
}

// answerPage is the Page of an answer that found listings on its page:
// its cards are those kept in it, else those read, which it then keeps.
func answerPage[C any](a *answer, found int, kept *atomic.Pointer[[]C], read func() ([]C, error)) (Page[C], error) {
	out := Page[C]{Total: a.total, Answer: a.id}
	switch cards := kept.Load(); {
	case found == 0:
	case cards != nil:
		out.Cards = *cards
	default:
		cards, err := read()
		if err != nil {
			return Page[C]{}, err
		}
		kept.Store(&cards)
		out.Cards = cards
	}
	return out, nil
}

// DistanceKm is the great-circle distance between two points.
func DistanceKm(lat1, lng1, lat2, lng2 float64) float64 {
	const r = 6371.0
	p1, p2 := lat1*math.Pi/180, lat2*math.Pi/180
	dp, dl := (lat2-lat1)*math.Pi/180, (lng2-lng1)*math.Pi/180
	a := math.Sin(dp/2)*math.Sin(dp/2) + math.Cos(p1)*math.Cos(p2)*math.Sin(dl/2)*math.Sin(dl/2)
	return 2 * r * math.Asin(math.Sqrt(a))
}

// codes returns the codes of ids whose bit is set in set, in the order of
// their ids (the order of the reference tables).
func (t *snapshot) codes(ids map[string]int, set uint64) []string {
	if set == 0 {
		return nil
	}
	out := make([]string, 0, bits.OnesCount64(set))
	for code, id := range ids {
		if set&(1<<id) != 0 {
			out = append(out, code)
		}
	}
	slices.SortFunc(out, func(a, b string) int { return cmp.Compare(ids[a], ids[b]) })
	return out
}
