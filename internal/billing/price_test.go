package billing

import (
	"testing"

	"noces/internal/config"
)

func TestPriceCents(t *testing.T) {
	tests := []struct {
		unit int64
		n    int
		want int64
	}{
		// Euros, 30 a credit. Expected values computed independently
		// (Python's math module).
		{3000, 1, 3000},
		{3000, 2, 5050},   // raw 50.40 -> 50.50
		{3000, 3, 7200},   // raw 71.83 -> 72.00
		{3000, 5, 11100},  // raw 110.87 -> 111.00
		{3000, 10, 19550}, // raw 195.26 -> 195.50
		{3000, 30, 45000}, // raw exactly 450 = the 15n floor
		{3000, 50, 75000}, // raw 641.2 < floor 750
		// Pounds, 26 a credit: the same formula and rounding to 50 pence.
		{2600, 1, 2600},
		{2600, 2, 4400},   // raw 43.68 -> 44.00
		{2600, 5, 9650},   // raw 96.09 -> 96.50
		{2600, 10, 16950}, // raw 169.23 -> 169.50
		{2600, 30, 39000}, // the 13n floor
		{2600, 50, 65000}, // the 13n floor
	}
	for _, tc := range tests {
		got, err := PriceCents(tc.unit, tc.n)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("PriceCents(%d, %d) = %d, want %d", tc.unit, tc.n, got, tc.want)
		}
	}
	for _, n := range []int{0, -1, 51} {
		if _, err := PriceCents(3000, n); err == nil {
			t.Errorf("PriceCents(%d) accepted", n)
		}
	}
	if _, err := PriceCents(0, 3); err == nil {
		t.Error("a credit priced 0 accepted")
	}
}

func TestPriceNeverFallsBelowHalfPriceAndGrows(t *testing.T) {
	for cur, prices := range config.DefaultPrices {
		u := prices.CreditCents
		prev := int64(0)
		for n := MinCredits; n <= MaxCredits; n++ {
			p, _ := PriceCents(u, n)
			if p < int64(n)*u/2 {
				t.Errorf("%s: %d credits cost %d, under half price each", cur, n, p)
			}
			if p%50 != 0 {
				t.Errorf("%s: %d credits cost %d, not a half unit", cur, n, p)
			}
			if p <= prev {
				t.Errorf("%s: %d credits cost %d, not more than %d for one fewer", cur, n, p, prev)
			}
			prev = p
		}
	}
}

func TestEachDomainPaysInItsCurrency(t *testing.T) {
	svc := NewService(Deps{})
	for domain, want := range map[string]Pricing{
		"uk": {Currency: "gbp", Prices: config.Prices{CreditCents: 2600, MonthlyCents: 5900, YearlyCents: 59000}},
		"fr": {Currency: "eur", Prices: config.Prices{CreditCents: 3000, MonthlyCents: 6900, YearlyCents: 69000}},
		"be": {Currency: "eur", Prices: config.Prices{CreditCents: 3000, MonthlyCents: 6900, YearlyCents: 69000}},
		"":   {Currency: "eur", Prices: config.Prices{CreditCents: 3000, MonthlyCents: 6900, YearlyCents: 69000}},
	} {
		if got := svc.PricingFor(domain); got != want {
			t.Errorf("domain %q: %+v, want %+v", domain, got, want)
		}
	}
	gbp := svc.Pricing("GBP")
	// The yearly plan saves the same two months in both currencies.
	for _, p := range []Pricing{gbp, svc.Pricing("eur")} {
		if p.YearlyCents != 10*p.MonthlyCents {
			t.Errorf("%s: a year costs %d, not ten months of %d", p.Currency, p.YearlyCents, p.MonthlyCents)
		}
	}
	if got := gbp.Credits(); len(got) != MaxCredits || got[0].PriceCents != 2600 || got[9].PriceCents != 16950 {
		t.Errorf("the pound price list: %v", got[:10])
	}
	// Prices set in configuration are the ones charged.
	custom := NewService(Deps{Prices: map[string]config.Prices{"eur": config.DefaultPrices["eur"], "gbp": {CreditCents: 2000, MonthlyCents: 5000, YearlyCents: 50000}}})
	if p := custom.PricingFor("uk"); p.CreditCents != 2000 || p.Credits()[1].PriceCents != 3400 {
		t.Errorf("configured pounds: %+v %v", p, p.Credits()[1])
	}
}
