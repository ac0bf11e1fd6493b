package stats

import (
	"context"
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
	// Currency is the provider's billing currency (ISO 4217, upper case).
	Currency string
	// CreditsSpent are the credits spent on unlocks in the period, net of
	// those that came back by themselves.
	CreditsSpent int
	// CreditValueCents is what one of the provider's credits cost it: the
	// total it paid for credits over the number it bought (0 when it never
	// bought any: its credits were given).
	CreditValueCents int64
	// SpentCents is the net credits valued at CreditValueCents plus the
	// premium invoices paid in the period.
	SpentCents int64
	// PerBookingCents is SpentCents over Booked; nil before a first booking.
	PerBookingCents *int64
}

// Bookings counts the weddings the provider was booked for (a couple closed
// its project with "booked with this provider", by month of that outcome)
// and what each cost it.
//
// The cost of the period is its credits spent on unlocks, net of refunds,
// each valued at the average price the provider paid per credit over all its
// purchases (credits are interchangeable, so which purchase paid for which
// unlock is unknowable; given credits cost nothing and lower the average
// only through purchases, never), plus the premium invoices paid in the
// period. Only amounts in the provider's billing currency count.
func (s *Service) Bookings(ctx context.Context, userID string) (Bookings, error) {
	now := s.clock.Now().UTC()
	first := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, -(BookedMonths - 1), 0)
	at, err := s.store.ListBookedWeddings(ctx, userID, first)
	if err != nil {
		return Bookings{}, err
	}
	b := Bookings{Months: make([]MonthBooked, BookedMonths), Booked: len(at), Currency: strings.ToUpper(billing.Currency)}
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
	bought, err := s.store.SumCreditPurchases(ctx, userID, billing.Currency)
	if err != nil {
		return Bookings{}, err
	}
	premium, err := s.store.SumPremiumSpend(ctx, userID, billing.Currency, first)
	if err != nil {
		return Bookings{}, err
	}
	b.CreditsSpent = max(spend.Spent-spend.Refunded, 0)
	if bought.Credits > 0 {
		b.CreditValueCents = roundDiv(bought.AmountCents, int64(bought.Credits))
		// One division for the total, so rounding the unit value does
		// not multiply into the sum.
		b.SpentCents = roundDiv(int64(b.CreditsSpent)*bought.AmountCents, int64(bought.Credits))
	}
	b.SpentCents += premium
	if b.Booked > 0 {
		per := roundDiv(b.SpentCents, int64(b.Booked))
		b.PerBookingCents = &per
	}
	return b, nil
}

// roundDiv is a/b rounded half up, for a >= 0 and b > 0.
func roundDiv(a, b int64) int64 { return (2*a + b) / (2 * b) }
