package contentcoding

import (
	"strings"
	"testing"
)

func TestAccepts(t *testing.T) {
	for _, tc := range []struct {
		header, coding string
		want           bool
	}{
		{"gzip, br", "br", true},
		{"gzip", "br", false},
		{"br;q=0", "br", false},
		{"BR;Q=0.5", "br", true},
		{"*;q=0.1, gzip;q=0", "gzip", false},
		{"*", "br", true},
		{"br;q=bogus", "br", false},
		{"", "gzip", false},
		{"gzip, deflate, br, zstd", "gzip", true},
		{strings.Repeat("x, ", maxParts) + "gzip", "gzip", false},
	} {
		if got := Accepts(tc.header, tc.coding); got != tc.want {
			t.Errorf("Accepts(%q, %q) = %v", tc.header, tc.coding, got)
		}
	}
}

// FuzzAccepts: any header is read without a panic, and a coding the header
// neither names nor matches with "*" is never accepted.
func FuzzAccepts(f *testing.F) {
	for _, s := range []string{"gzip, br", "br;q=0", "*;q=0.1, gzip;q=0", "gzip;q=1e400", ";;,,", "GZIP;q=0.001"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, header string) {
		got := Accepts(header, "gzip")
		lower := strings.ToLower(header)
		if got && !strings.Contains(lower, "gzip") && !strings.Contains(lower, "*") {
			t.Fatalf("Accepts(%q, gzip) without gzip or *", header)
		}
	})
}
