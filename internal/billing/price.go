// Package billing holds what providers pay: the credit price, credit
// purchases and premium subscriptions.
package billing

import (
	"fmt"
	"math"
	"strings"

	"noces/internal/config"
	"noces/internal/i18n"
	"noces/internal/platform/payment"
)

// Credit quantities one purchase may buy.
const (
	MinCredits = 1
	MaxCredits = 50
)

// PriceCents is the price of n credits in cents of the currency whose one
// credit costs unitCents. One credit costs unitCents (u); for n >= 2 the
// price is u·n(1 - 0.5 ln(1+n)/ln(31)), never below u·n/2, rounded up to the
// next half unit (50 cents or pence): with u = 30 EUR, the formula of
// DECISIONS.md; any currency's packs save the same share.
func PriceCents(unitCents int64, n int) (int64, error) {
	if n < MinCredits || n > MaxCredits {
		return 0, fmt.Errorf("billing: %d credits is outside %d-%d", n, MinCredits, MaxCredits)
	}
	if unitCents <= 0 {
		return 0, fmt.Errorf("billing: a credit priced %d", unitCents)
	}
	if n == 1 {
		return unitCents, nil
	}
	u := float64(unitCents)
	raw := u * float64(n) * (1 - 0.5*math.Log(1+float64(n))/math.Log(31))
	raw = math.Max(raw, u*float64(n)/2)
	// Half units: ceil(raw/50)*50, with a tolerance so a float error just
	// above a half does not add 50 cents.
	halves := math.Ceil(raw/50 - 1e-9)
	return int64(halves) * 50, nil
}

// CurrencyOf is the currency a domain charges in (lower case), the default
// domain's for an unknown one.
func CurrencyOf(domain string) string {
	d, _ := i18n.DomainByKey(domain)
	return d.Currency
}

// Pricing is one currency's prices.
type Pricing struct {
	Currency string // ISO 4217, lower case
	config.Prices
}

// Pricing returns the prices of currency (any case); the default domain's
// when the server has none for it, which config.Validate rules out for
// every domain's currency.
func (s *Service) Pricing(currency string) Pricing {
	cur := strings.ToLower(currency)
	if p, ok := s.prices[cur]; ok {
		return Pricing{Currency: cur, Prices: p}
	}
	def := i18n.Domains[0].Currency
	return Pricing{Currency: def, Prices: s.prices[def]}
}

// PricingFor returns the prices of the domain a user signed up on.
func (s *Service) PricingFor(domain string) Pricing { return s.Pricing(CurrencyOf(domain)) }

// PlanCents are the premium prices per processor interval.
func (p Pricing) PlanCents() map[string]int64 {
	return map[string]int64{payment.IntervalMonth: p.MonthlyCents, payment.IntervalYear: p.YearlyCents}
}

// Credits lists the price of every quantity a purchase may buy.
func (p Pricing) Credits() []Price {
	out := make([]Price, 0, MaxCredits)
	for n := MinCredits; n <= MaxCredits; n++ {
		c, _ := PriceCents(p.CreditCents, n)
		out = append(out, Price{Credits: n, PriceCents: c})
	}
	return out
}

// PlanCents are the premium prices per currency and processor interval, as
// the sandbox's portal shows them.
func PlanCents(prices map[string]config.Prices) map[string]map[string]int64 {
	out := make(map[string]map[string]int64, len(prices))
	for cur, p := range prices {
		out[cur] = Pricing{Currency: cur, Prices: p}.PlanCents()
	}
	return out
}
