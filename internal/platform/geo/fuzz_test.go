package geo

import (
	"context"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// FuzzFold checks the search key of names and queries: letters and digits in
// single-spaced words, a fixed point, and the same whichever of the three
// paths (ASCII, Latin table, full decomposition) computes it.
func FuzzFold(f *testing.F) {
	for _, s := range []string{"Saint-Étienne", "saint  etienne", "Köln", "Straße", "Œuvre", "  --Lyon 3e--  ", "ǅemal",
		"İstanbul", "Αθήνα", "東京", "\xff\xfe", "A\u0301", "K\u212a", "", "   ", "l'Haÿ-les-Roses", "Ærøskøbing", "ﬁnal"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Fold(s)
		if ref := foldNFD(s); out != ref {
			t.Fatalf("Fold(%q) = %q but the full decomposition gives %q", s, out, ref)
		}
		if again := Fold(out); again != out {
			t.Fatalf("Fold(%q) = %q, then %q", s, out, again)
		}
		if strings.HasPrefix(out, " ") || strings.HasSuffix(out, " ") || strings.Contains(out, "  ") {
			t.Fatalf("Fold(%q) = %q: not single-spaced words", s, out)
		}
		for _, r := range out {
			if r != ' ' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				t.Fatalf("Fold(%q) = %q keeps %U", s, out, r)
			}
			if unicode.Is(unicode.Mn, r) {
				t.Fatalf("Fold(%q) = %q keeps the mark %U", s, out, r)
			}
		}
		if v, ok := germanVariant(s); ok && Fold(v) != v {
			t.Fatalf("germanVariant(%q) = %q is not folded", s, v)
		}
	})
}

// FuzzGazetteerSearch checks the address search of the forms (the shipped
// gazetteer, anonymous input): no error, at most the limit, only the
// country asked for, postal codes that begin with the one typed, and a
// smaller limit giving the first results of a larger one.
func FuzzGazetteerSearch(f *testing.F) {
	for _, c := range []struct {
		q, country string
		limit      int
	}{
		{"paris", "FR", 10}, {"75001", "", 5}, {"lyon 69003", "fr", 3}, {"69003 Lyon", "FR", 0}, {"SW1A 1AA", "UK", 10},
		{"sw1", "gb", 50}, {"1000 001", "PT", 10}, {"Köln", "DE", 10}, {"koeln", "de", 10}, {"st etienne", "FR", 10},
		{"", "FR", 10}, {"   ", "", 10}, {"-", "", 10}, {"a", "XX", 10}, {"bruxelles", "BE", -1}, {"madrid", "ES", 1000},
		{strings.Repeat("é", 200), "", 10}, {"\xff\xfe", "IT", 10}, {"0", "", 51}, {"l'aquila", "IT", 10},
	} {
		f.Add(c.q, c.country, c.limit)
	}
	g := shipped // loaded once for every test of the package
	if err := g.Load(); err != nil {
		f.Fatal(err)
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, q, country string, limit int) {
		got, err := g.Search(ctx, q, country, limit)
		if err != nil {
			t.Fatalf("Search(%q, %q, %d): %v", q, country, limit, err)
		}
		if len(got) > clampLimit(limit) {
			t.Fatalf("Search(%q, %q, %d) gave %d places", q, country, limit, len(got))
		}
		want := NormalizeCountry(country)
		if strings.TrimSpace(country) != "" && want == "" && len(got) > 0 {
			t.Fatalf("Search(%q, %q) found places in a country not served", q, country)
		}
		for _, p := range got {
			if want != "" && p.CountryCode != want || !slices.Contains(Countries, p.CountryCode) {
				t.Fatalf("Search(%q, %q) found %+v", q, country, p)
			}
			if p.City == "" || p.Lat < -90 || p.Lat > 90 || p.Lng < -180 || p.Lng > 180 {
				t.Fatalf("Search(%q, %q) found %+v", q, country, p)
			}
		}
		cut := q
		if len(cut) > MaxQueryLen {
			cut = strings.ToValidUTF8(cut[:MaxQueryLen], "")
		}
		if name, code := splitQuery(cut); name == "" {
			pk := postKey(code)
			for _, p := range got {
				if !strings.HasPrefix(postKey(p.Zipcode), pk) {
					t.Fatalf("Search(%q) found %+v, whose code does not begin with %q", q, p, pk)
				}
			}
		}
		all, err := g.Search(ctx, q, country, MaxLimit)
		if err != nil || len(all) < len(got) || !slices.Equal(all[:len(got)], got) {
			t.Fatalf("Search(%q, %q, %d) = %v is not the start of the %d first: %v", q, country, limit, got, MaxLimit, all)
		}
	})
}
