package stats

import (
	"context"
	"slices"
	"strings"
	"time"

	"noces/internal/billing"
)

// BookedMonths is how many months the booked-weddings statistic covers, the
// current one included.
const BookedMonths = 12

// MonthBooked is one month of the booked-weddings chart.
type MonthBooked struct {
	Month  string // YYYY-MM, UTC
	Booked int
}

// Bookings is what a provider's weddings booked through Noces cost it over
// the last BookedMonths months.
type Bookings struct {
	Months []MonthBooked
	Booked int
	// CreditsSpent are the credits spent on unlocks in the period, net of
	// those that came back by themselves.
	CreditsSpent int
	// Costs are what the period cost in each currency the provider paid
	// in: its billing currency (its domain's) first, always there, then
	// the others it paid in by code. Amounts in two currencies are never
	// added up.
	Costs []Cost
}

// Cost is what the booked weddings cost in one currency.
type Cost struct {
	// Currency is ISO 4217, upper case.
	Currency string
	// CreditValueCents is what one credit bought in this currency cost:
	// the total paid over the number bought (0 when none was).
	CreditValueCents int64
	// SpentCents is this currency's share of the credits spent, plus the
	// premium invoices paid in it in the period.
	SpentCents int64
	// PerBookingCents is SpentCents over Booked; nil before a first booking.
	PerBookingCents *int64
}

// Bookings counts the weddings the provider was booked for (a couple closed
// its project with "booked with this provider", by month of that outcome)
// and what each cost it, per currency.
//
// The cost of the period is its credits spent on unlocks, net of refunds,
// plus the premium invoices paid in the period. Credits are interchangeable,
// so which purchase paid for which unlock is unknowable: the credits spent
// are shared among the currencies as the credits bought were, each valued at
// the average price paid in its currency (given credits cost nothing and
// lower an average only through purchases, never).
func (s *Service) Bookings(ctx context.Context, userID string) (Bookings, error) {
	now := s.clock.Now().UTC()
	first := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, -(BookedMonths - 1), 0)
	u, err := s.store.GetUser(ctx, userID)
	if err != nil {
		return Bookings{}, err
	}
	at, err := s.store.ListBookedWeddings(ctx, userID, first)
	if err != nil {
		return Bookings{}, err
	}
	b := Bookings{Months: make([]MonthBooked, BookedMonths), Booked: len(at)}
	index := map[string]int{}
	for i := range b.Months {
		m := first.AddDate(0, i, 0).Format("2006-01")
		b.Months[i].Month, index[m] = m, i
	}
	for _, t := range at {
		if i, ok := index[t.UTC().Format("2006-01")]; ok {
			b.Months[i].Booked++
		}
	}
	spend, err := s.store.SumUnlockSpend(ctx, userID, first)
	if err != nil {
		return Bookings{}, err
	}
	bought, err := s.store.SumCreditPurchases(ctx, userID)
	if err != nil {
		return Bookings{}, err
	}
	premium, err := s.store.SumPremiumSpend(ctx, userID, first)
	if err != nil {
		return Bookings{}, err
	}
	b.CreditsSpent = max(spend.Spent-spend.Refunded, 0)

	costs := map[string]*Cost{}
	cost := func(cur string) *Cost {
		if c, ok := costs[cur]; ok {
			return c
		}
		c := &Cost{Currency: strings.ToUpper(cur)}
		costs[cur] = c
		return c
	}
	home := billing.CurrencyOf(u.Domain)
	cost(home)
	total := 0
	for _, p := range bought {
		total += p.Credits
	}
	for _, p := range bought {
		if p.Credits <= 0 {
			continue
		}
		c := cost(p.Currency)
		c.CreditValueCents = roundDiv(p.AmountCents, int64(p.Credits))
		// One division for the total, so rounding the unit value does
		// not multiply into the sum: spent × (credits_c / total) × (amount_c / credits_c).
		c.SpentCents = roundDiv(int64(b.CreditsSpent)*p.AmountCents, int64(total))
	}
	for _, p := range premium {
		cost(p.Currency).SpentCents += p.AmountCents
	}
	others := make([]string, 0, len(costs))
	for cur := range costs {
		if cur != home {
			others = append(others, cur)
		}
	}
	slices.Sort(others)
	for _, cur := range append([]string{home}, others...) {
		c := *costs[cur]
		if b.Booked > 0 {
			per := roundDiv(c.SpentCents, int64(b.Booked))
			c.PerBookingCents = &per
		}
		b.Costs = append(b.Costs, c)
	}
	return b, nil
}

// roundDiv is a/b rounded half up, for a >= 0 and b > 0.
func roundDiv(a, b int64) int64 { return (2*a + b) / (2 * b) }
