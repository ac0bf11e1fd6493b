package billing

import "testing"

func TestPriceCents(t *testing.T) {
	tests := []struct {
		n    int
		want int64
	}{
		{1, 3000},
		// Expected values computed independently (Python's math module).
		{2, 5050},   // raw 50.40 -> 50.50
		{3, 7200},   // raw 71.83 -> 72.00
		{5, 11100},  // raw 110.87 -> 111.00
		{10, 19550}, // raw 195.26 -> 195.50
		{30, 45000}, // raw exactly 450 = the 15n floor
		{50, 75000}, // raw 641.2 < floor 750
	}
	for _, tc := range tests {
		got, err := PriceCents(tc.n)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("PriceCents(%d) = %d, want %d", tc.n, got, tc.want)
		}
	}
	for _, n := range []int{0, -1, 51} {
		if _, err := PriceCents(n); err == nil {
			t.Errorf("PriceCents(%d) accepted", n)
		}
	}
}

func TestPriceNeverFallsBelowHalfPriceAndGrows(t *testing.T) {
	prev := int64(0)
	for n := MinCredits; n <= MaxCredits; n++ {
		p, _ := PriceCents(n)
		if p < int64(n)*1500 {
			t.Errorf("%d credits cost %d, under 15 EUR each", n, p)
		}
		if p%50 != 0 {
			t.Errorf("%d credits cost %d, not a half euro", n, p)
		}
		if p <= prev {
			t.Errorf("%d credits cost %d, not more than %d for one fewer", n, p, prev)
		}
		prev = p
	}
}
