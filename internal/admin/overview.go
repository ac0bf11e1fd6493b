package admin

import (
	"cmp"
	"context"
	"slices"
	"time"
	// The overview counts days in the admin's own time zone, which the
	// binary must know wherever it runs (a container may have no zoneinfo).
	_ "time/tzdata"

	"noces/internal/apperr"
	"noces/internal/store"
)

// OverviewPeriods are the lengths, in days, the overview can cover.
var OverviewPeriods = []int{7, 30, 90}

// DefaultOverviewDays is the period of the overview when none is asked.
const DefaultOverviewDays = 30

// Money is an amount in one currency.
type Money struct {
	Currency string // lower case ISO 4217, as the processor writes it
	Cents    int64
}

// OverviewDay is what happened on one day of the admin's time zone.
type OverviewDay struct {
	Date           string // YYYY-MM-DD
	NewProviders   int
	Projects       int
	Requests       int
	Unlocks        int
	CreditsSold    int
	CreditRevenue  []Money
	PremiumRevenue []Money
}

// Overview is the admin's first screen: what waits for them now, and what
// happened over the period, day by day and in total.
type Overview struct {
	Days               int
	TimeZone           string
	AwaitingModeration int
	FailedMessages     int
	// RequestsReceived and RequestsUnlocked are the period's requests and
	// how many of them are unlocked by now.
	RequestsReceived int
	RequestsUnlocked int
	Series           []OverviewDay // oldest first, one per day, today last
	Total            OverviewDay   // the period's sums (Date empty)
}

// Overview reads the figures of the last days days (today included), days
// cut at midnight in the time zone tz (an IANA name; empty is UTC).
func (s *Service) Overview(ctx context.Context, days int, tz string) (Overview, error) {
	if days == 0 {
		days = DefaultOverviewDays
	}
	if !slices.Contains(OverviewPeriods, days) {
		return Overview{}, apperr.Validation(map[string]string{"days": "admin.overview.errors.period"})
	}
	if tz == "" {
		tz = "UTC"
	}
	if len(tz) > 64 {
		return Overview{}, apperr.Validation(map[string]string{"tz": "admin.overview.errors.time_zone"})
	}
	loc, err := time.LoadLocation(tz)
	if err != nil {
		return Overview{}, apperr.Validation(map[string]string{"tz": "admin.overview.errors.time_zone"})
	}
	now := s.clock.Now().In(loc)
	y, m, d := now.Date()
	from := time.Date(y, m, d-days+1, 0, 0, 0, 0, loc)
	to := time.Date(y, m, d+1, 0, 0, 0, 0, loc)

	out := Overview{Days: days, TimeZone: loc.String(), Series: make([]OverviewDay, days)}
	for i := range out.Series {
		out.Series[i].Date = time.Date(y, m, d-days+1+i, 0, 0, 0, 0, loc).Format(time.DateOnly)
	}
	// dayOf finds an event's day by its date in loc: days are not all 24
	// hours long where clocks change.
	dayOf := func(at time.Time) *OverviewDay {
		date := at.In(loc).Format(time.DateOnly)
		i, found := slices.BinarySearchFunc(out.Series, date, func(day OverviewDay, date string) int { return cmp.Compare(day.Date, date) })
		if !found {
			return nil
		}
		return &out.Series[i]
	}
	counts, err := s.store.CountOverview(ctx, from, to)
	if err != nil {
		return out, err
	}
	out.AwaitingModeration, out.FailedMessages = counts.AwaitingModeration, counts.FailedMessages
	out.RequestsReceived, out.RequestsUnlocked = counts.Received, counts.Unlocked

	tallies := []struct {
		series store.OverviewSeries
		add    func(*OverviewDay, store.OverviewEvent)
	}{
		{store.SeriesNewProviders, func(d *OverviewDay, _ store.OverviewEvent) { d.NewProviders++ }},
		{store.SeriesProjects, func(d *OverviewDay, _ store.OverviewEvent) { d.Projects++ }},
		{store.SeriesRequests, func(d *OverviewDay, _ store.OverviewEvent) { d.Requests++ }},
		{store.SeriesUnlocks, func(d *OverviewDay, _ store.OverviewEvent) { d.Unlocks++ }},
		{store.SeriesCreditSales, func(d *OverviewDay, e store.OverviewEvent) {
			d.CreditsSold += e.Credits
			d.CreditRevenue = addMoney(d.CreditRevenue, e.Currency, e.AmountCents)
		}},
		{store.SeriesPremiumInvoices, func(d *OverviewDay, e store.OverviewEvent) {
			d.PremiumRevenue = addMoney(d.PremiumRevenue, e.Currency, e.AmountCents)
		}},
	}
	for _, tally := range tallies {
		add := tally.add
		err := s.store.EachOverviewEvent(ctx, tally.series, from, to, func(e store.OverviewEvent) {
			if day := dayOf(e.At); day != nil {
				add(day, e)
				add(&out.Total, e)
			}
		})
		if err != nil {
			return out, err
		}
	}
	return out, nil
}

// addMoney adds cents in currency to a list kept sorted by currency.
func addMoney(list []Money, currency string, cents int64) []Money {
	i, found := slices.BinarySearchFunc(list, currency, func(m Money, c string) int { return cmp.Compare(m.Currency, c) })
	if found {
		list[i].Cents += cents
		return list
	}
	return slices.Insert(list, i, Money{Currency: currency, Cents: cents})
}
