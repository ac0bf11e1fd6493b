// Package billing holds what providers pay: the credit price, credit
// purchases and premium subscriptions.
package billing

import (
	"fmt"
	"math"
)

// Credit quantities one purchase may buy.
const (
	MinCredits = 1
	MaxCredits = 50
)

// UnitPriceCents is the price of a single credit: 30 EUR.
const UnitPriceCents = 3000

// PriceCents is the price of n credits in euro cents. One credit costs 30;
// for n >= 2 the price is 30n(1 - 0.5 ln(1+n)/ln(31)), never below 15n,
// rounded up to the next half euro.
func PriceCents(n int) (int64, error) {
	if n < MinCredits || n > MaxCredits {
		return 0, fmt.Errorf("billing: %d credits is outside %d-%d", n, MinCredits, MaxCredits)
	}
	if n == 1 {
		return UnitPriceCents, nil
	}
	raw := 30 * float64(n) * (1 - 0.5*math.Log(1+float64(n))/math.Log(31))
	raw = math.Max(raw, 15*float64(n))
	// Half euros: ceil(raw*2)/2, with a tolerance so a float error just
	// above a half does not add 50 cents.
	halves := math.Ceil(raw*2 - 1e-9)
	return int64(halves) * 50, nil
}
