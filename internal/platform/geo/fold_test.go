package geo

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestFold(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Saint-Étienne", "saint etienne"},
		{"  saint   etienne ", "saint etienne"},
		{"Köln", "koln"},
		{"KÖLN", "koln"},
		{"Straßburg", "strassburg"},
		{"L'Haÿ-les-Roses", "l hay les roses"},
		{"Sant’Agata de’ Goti", "sant agata de goti"},
		{"Ærøskøbing", "aeroskobing"},
		{"Łódź", "lodz"},
		{"Halle (Saale)", "halle saale"},
		{"A Coruña", "a coruna"},
		{"75001", "75001"},
		{"--", ""},
		{"", ""},
	}
	for _, tc := range tests {
		if got := Fold(tc.in); got != tc.want {
			t.Errorf("Fold(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestGermanVariant(t *testing.T) {
	if got, ok := germanVariant("Köln"); !ok || got != "koeln" {
		t.Errorf("Köln: %q %v", got, ok)
	}
	if got, ok := germanVariant("Düsseldorf"); !ok || got != "duesseldorf" {
		t.Errorf("Düsseldorf: %q %v", got, ok)
	}
	if _, ok := germanVariant("Berlin"); ok {
		t.Error("Berlin has a variant")
	}
}

func TestSplitQuery(t *testing.T) {
	tests := []struct{ q, name, code string }{
		{"75001", "", "75001"},
		{" lyon ", "lyon", ""},
		{"lyon 69003", "lyon", "69003"},
		{"saint etienne 42", "saint etienne", "42"},
		{"SW1A 1AA", "", "SW1A 1AA"},
		{"sw1a", "", "sw1a"},
		{"EC1", "", "EC1"},
		{"Ay", "Ay", ""},
		{"Y", "Y", ""},
		{"1000-001", "", "1000-001"},
		{"1000 001", "", "1000 001"},
		{"75001 Paris", "Paris", "75001"},
		{"1000-001 Lisboa", "Lisboa", "1000-001"},
		{"", "", ""},
	}
	for _, tc := range tests {
		name, code := splitQuery(tc.q)
		if name != tc.name || code != tc.code {
			t.Errorf("splitQuery(%q) = %q, %q, want %q, %q", tc.q, name, code, tc.name, tc.code)
		}
	}
}

func TestCountryName(t *testing.T) {
	tests := []struct{ code, lang, want string }{
		{"FR", "fr", "France"},
		{"de", "de-DE", "Deutschland"},
		{"GB", "fr", "Royaume-Uni"},
		{"uk", "it", "Regno Unito"},
		{"BE", "nl-BE", "België"},
		{"ES", "pt", "Espanha"},
		{"PT", "xx", "Portugal"},
		{"IT", "", "Italy"},
		{"US", "en", ""},
	}
	for _, tc := range tests {
		if got := CountryName(tc.code, tc.lang); got != tc.want {
			t.Errorf("CountryName(%q, %q) = %q, want %q", tc.code, tc.lang, got, tc.want)
		}
	}
	for _, c := range Countries {
		for _, l := range Languages {
			if CountryName(c, l) == "" {
				t.Errorf("no name for %s in %s", c, l)
			}
		}
	}
}

func TestFoldShortcutsAgreeWithDecomposition(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 20_000 {
		var b strings.Builder
		for range 1 + r.IntN(12) {
			switch k := r.IntN(10); {
			case k < 2:
				b.WriteByte(" -'."[r.IntN(4)])
			case k < 5:
				b.WriteRune(rune(r.IntN(128)))
			default:
				b.WriteRune(rune(r.IntN(latinEnd)))
			}
		}
		s := b.String()
		if got, want := Fold(s), foldNFD(s); got != want {
			t.Fatalf("Fold(%q) = %q, foldNFD gives %q", s, got, want)
		}
	}
}
