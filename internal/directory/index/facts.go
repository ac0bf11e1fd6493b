package index

import (
	"cmp"
	"database/sql"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"noces/internal/model"
	"noces/internal/store"
)

// plannerFacts is what a planner's listing is searched on. Every listing
// held is visible but for premium, which depends on the time of the search.
type plannerFacts struct {
	UserID    string
	Name      string
	Country   string
	Latitude  sql.NullFloat64
	Longitude sql.NullFloat64
	Score     int
	Premium   premiumFacts
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
	ID        string
	OwnerID   string
	Name      string
	Type      string
	Country   string
	Latitude  sql.NullFloat64
	Longitude sql.NullFloat64
	Seated    int
	MinPrice  int
	Bedrooms  sql.NullInt64
	Premium   premiumFacts
	reviews   reviewFacts // the owner's
	// features has bit i set when the venue offers model.VenueFeatures[i]:
	// a search with feature filters is then one AND per venue.
	features uint32
	// busy are the days (dayNumber) the venue's own calendar has taken,
	// ascending: its owner's own days do not close it (store/availability.go).
	busy []int32
}

// featureBit maps a feature name to its bit in venueFacts.features.
var featureBit = func() map[string]uint32 {
	if len(model.VenueFeatures) > 32 {
		panic("index: more venue features than bits in venueFacts.features")
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
	Status string
	End    sql.NullTime
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

// factsOf turns the rows of store.ListDirectoryRows into the facts of
// their visible listings: the rows of services, languages, features,
// reviews and taken days join the planner or venue they belong to, and
// those of listings not visible are dropped.
func factsOf(rows store.DirectoryRows) ([]*plannerFacts, []*venueFacts, error) {
	planners := make([]*plannerFacts, len(rows.Planners))
	byUser := make(map[string]*plannerFacts, len(rows.Planners))
	for i, r := range rows.Planners {
		p := &plannerFacts{UserID: r.UserID, Name: r.Name, Country: r.Country, Latitude: r.Latitude, Longitude: r.Longitude,
			Score: r.Score, Premium: premiumFacts{Status: r.Premium.Status, End: r.Premium.End}}
		p.Premium.settle()
		planners[i], byUser[p.UserID] = p, p
	}
	venues := make([]*venueFacts, len(rows.Venues))
	byVenue := make(map[string]*venueFacts, len(rows.Venues))
	byOwner := make(map[string][]*venueFacts, len(rows.Venues))
	for i, r := range rows.Venues {
		v := &venueFacts{ID: r.ID, OwnerID: r.OwnerID, Name: r.Name, Type: r.Type, Country: r.Country, Latitude: r.Latitude,
			Longitude: r.Longitude, Seated: r.Seated, MinPrice: r.MinPrice, Bedrooms: r.Bedrooms,
			Premium: premiumFacts{Status: r.Premium.Status, End: r.Premium.End}}
		v.Premium.settle()
		venues[i], byVenue[v.ID] = v, v
		byOwner[v.OwnerID] = append(byOwner[v.OwnerID], v)
	}
	for _, f := range rows.Features {
		if v := byVenue[f.VenueID]; v != nil {
			v.features |= featureBit[f.Feature] // the table's CHECK keeps the names known
		}
	}
	for _, r := range rows.Reviews {
		facts := newReviewFacts(r.Count, r.Sum)
		if p := byUser[r.UserID]; p != nil {
			p.reviews = facts
		}
		for _, v := range byOwner[r.UserID] {
			v.reviews = facts
		}
	}
	for _, b := range rows.Busy {
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
	for _, sv := range rows.Services {
		p := byUser[sv.UserID]
		if p == nil {
			continue
		}
		if sv.ID < 0 || sv.ID > maxCodeID {
			return nil, nil, fmt.Errorf("index: read directory: prestation id %d beyond %d", sv.ID, maxCodeID)
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
	for _, l := range rows.Languages {
		p := byUser[l.UserID]
		if p == nil {
			continue
		}
		if l.ID < 0 || l.ID > maxCodeID {
			return nil, nil, fmt.Errorf("index: read directory: langue id %d beyond %d", l.ID, maxCodeID)
		}
		p.languages |= 1 << l.ID
	}
	return planners, venues, nil
}
