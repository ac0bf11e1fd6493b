package geo

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

// shipped is the embedded gazetteer, loaded once for all tests.
var shipped = NewGazetteer()

func search(t testing.TB, q, country string, limit int) []Place {
	t.Helper()
	got, err := shipped.Search(context.Background(), q, country, limit)
	if err != nil {
		t.Fatalf("Search(%q, %q): %v", q, country, err)
	}
	return got
}

func TestGazetteerLoadsFast(t *testing.T) {
	g := NewGazetteer()
	if err := g.Load(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d rows loaded in %v", g.Len(), g.LoadTime())
	if g.Len() < 50_000 {
		t.Errorf("only %d rows", g.Len())
	}
	// the requirement is 300 ms; allow for a busy or instrumented (-race) run
	if d := g.LoadTime(); d > 2*time.Second {
		t.Errorf("load took %v", d)
	}
}

func TestGazetteerFirstUseFromManyGoroutines(t *testing.T) {
	g := NewGazetteer()
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			got, err := g.Search(context.Background(), "75001", "FR", 1)
			if err == nil && (len(got) != 1 || got[0].City != "Paris") {
				err = fmt.Errorf("found %v", got)
			}
			errs <- err
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

func TestGazetteerFindsKnownPlaces(t *testing.T) {
	tests := []struct {
		name, q, country string
		wantCity         string
		wantCountry      string
		wantZip          string // "" accepts any
		lat, lng         float64
	}{
		{"a Paris postal code", "75001", "FR", "Paris", "FR", "75001", 48.85, 2.35},
		{"a Paris postal code, all countries", "75001", "", "Paris", "FR", "75001", 48.85, 2.35},
		{"Lyon by name", "lyon", "FR", "Lyon", "FR", "69001", 45.76, 4.84},
		{"Lyon in capitals", "LYON", "", "Lyon", "FR", "69001", 45.76, 4.84},
		{"Saint-Étienne without accent nor hyphen", "saint etienne", "FR", "Saint-Étienne", "FR", "42000", 45.43, 4.39},
		{"Saint-Étienne as typed", "saint-etienne", "FR", "Saint-Étienne", "FR", "42000", 45.43, 4.39},
		{"Saint-Étienne the short way", "st etienne", "FR", "Saint-Étienne", "FR", "42000", 45.43, 4.39},
		{"a commune GeoNames lacks, by postal code", "01400", "FR", "", "FR", "01400", 46.1, 4.95},
		{"Lyon's third district", "lyon 69003", "FR", "Lyon", "FR", "69003", 45.76, 4.84},
		{"a code then its city", "69003 Lyon", "FR", "Lyon", "FR", "69003", 45.76, 4.84},
		{"a city with a code it lacks", "lyon 75001", "FR", "Lyon", "FR", "69001", 45.76, 4.84},
		{"Bruxelles", "Bruxelles", "BE", "Brussel", "BE", "", 50.85, 4.35},
		{"Brussel", "Brussel", "BE", "Brussel", "BE", "", 50.85, 4.35},
		{"Luik is Liège", "luik", "BE", "Liège", "BE", "", 50.63, 5.57},
		{"London", "London", "GB", "London", "GB", "", 51.51, -0.13},
		{"München", "München", "DE", "München", "DE", "80331", 48.14, 11.58},
		{"munchen", "munchen", "DE", "München", "DE", "80331", 48.14, 11.58},
		{"muenchen", "muenchen", "DE", "München", "DE", "80331", 48.14, 11.58},
		{"Munich in English", "munich", "", "München", "DE", "80331", 48.14, 11.58},
		{"koln", "koln", "DE", "Köln", "DE", "", 50.94, 6.95},
		{"Köln", "Köln", "DE", "Köln", "DE", "", 50.94, 6.95},
		{"a Berlin postal code", "10115", "DE", "Berlin", "DE", "10115", 52.52, 13.4},
		{"a Frankfurt postal code", "60311", "DE", "Frankfurt am Main", "DE", "60311", 50.11, 8.68},
		{"Milano", "Milano", "IT", "Milano", "IT", "", 45.46, 9.19},
		{"Milan in English", "milan", "IT", "Milano", "IT", "", 45.46, 9.19},
		{"Roma", "roma", "IT", "Roma", "IT", "", 41.89, 12.51},
		{"Sevilla", "Sevilla", "ES", "Sevilla", "ES", "", 37.38, -5.97},
		{"Madrid", "madrid", "ES", "Madrid", "ES", "", 40.42, -3.7},
		{"Lisboa", "Lisboa", "PT", "Lisboa", "PT", "", 38.72, -9.13},
		{"Porto", "porto", "PT", "Porto", "PT", "", 41.15, -8.61},
		{"the United Kingdom by its domain key", "london", "uk", "London", "GB", "", 51.51, -0.13},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := search(t, tc.q, tc.country, 5)
			if len(got) == 0 {
				t.Fatalf("Search(%q, %q) found nothing", tc.q, tc.country)
			}
			p := got[0]
			if tc.wantCity != "" && p.City != tc.wantCity || p.CountryCode != tc.wantCountry ||
				tc.wantZip != "" && p.Zipcode != tc.wantZip {
				t.Fatalf("Search(%q, %q)[0] = %+v, want %s %s %s", tc.q, tc.country, p, tc.wantZip, tc.wantCity, tc.wantCountry)
			}
			if math.Abs(p.Lat-tc.lat) > 0.1 || math.Abs(p.Lng-tc.lng) > 0.1 {
				t.Errorf("Search(%q)[0] at %v,%v, want about %v,%v", tc.q, p.Lat, p.Lng, tc.lat, tc.lng)
			}
			if p.Country != CountryName(p.CountryCode, "en") {
				t.Errorf("Country = %q", p.Country)
			}
		})
	}
}

func TestGazetteerRanking(t *testing.T) {
	t.Run("a name search gives each city once", func(t *testing.T) {
		got := search(t, "paris", "FR", 10)
		n := 0
		for _, p := range got {
			if p.City == "Paris" {
				n++
			}
		}
		if n != 1 {
			t.Errorf("Paris %d times in %v", n, got)
		}
	})
	t.Run("the exact name comes first, then the most populous", func(t *testing.T) {
		got := search(t, "nice", "FR", 5)
		if got[0].City != "Nice" {
			t.Errorf("first is %+v", got[0])
		}
		got = search(t, "mar", "FR", 3)
		if got[0].City != "Marseille" {
			t.Errorf("mar: first is %+v", got[0])
		}
	})
	t.Run("a postal code prefix lists that area's codes", func(t *testing.T) {
		got := search(t, "690", "FR", 20)
		if len(got) < 9 {
			t.Fatalf("690: %d places", len(got))
		}
		for _, p := range got {
			if !strings.HasPrefix(p.Zipcode, "690") {
				t.Errorf("690 found %+v", p)
			}
		}
		if got[0].City != "Lyon" {
			t.Errorf("690: first is %+v", got[0])
		}
	})
	t.Run("an exact postal code comes before longer ones", func(t *testing.T) {
		got := search(t, "75001", "", 10)
		if got[0].Zipcode != "75001" {
			t.Errorf("first is %+v", got[0])
		}
	})
	t.Run("a later word of a name finds it", func(t *testing.T) {
		got := search(t, "am main", "DE", 10)
		if !slices.ContainsFunc(got, func(p Place) bool { return p.City == "Frankfurt am Main" }) {
			t.Errorf("am main: %v", got)
		}
	})
	t.Run("the country filter holds", func(t *testing.T) {
		for _, p := range search(t, "san", "IT", 50) {
			if p.CountryCode != "IT" {
				t.Errorf("IT search found %+v", p)
			}
		}
	})
	t.Run("the limit holds", func(t *testing.T) {
		if got := search(t, "a", "", 3); len(got) != 3 {
			t.Errorf("%d places", len(got))
		}
		if got := search(t, "a", "", 0); len(got) != DefaultLimit {
			t.Errorf("limit 0: %d places", len(got))
		}
		if got := search(t, "a", "", 1000); len(got) != MaxLimit {
			t.Errorf("limit 1000: %d places", len(got))
		}
	})
	t.Run("nothing found is no places and no error", func(t *testing.T) {
		for _, q := range []string{"", "   ", "zzzzqqq", "99999", "!!!", "SW1A 1AA"} {
			if got := search(t, q, "", 10); len(got) != 0 {
				t.Errorf("%q found %v", q, got)
			}
		}
		if got := search(t, "paris", "US", 10); len(got) != 0 {
			t.Errorf("an unserved country found %v", got)
		}
	})
	t.Run("a very long query is cut, not refused", func(t *testing.T) {
		search(t, strings.Repeat("é", 500), "", 10)
	})
	t.Run("a cancelled context is an error", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := shipped.Search(ctx, "paris", "", 10); err == nil {
			t.Error("no error")
		}
	})
}

func TestGazetteerEveryCountryHasPlaces(t *testing.T) {
	if err := shipped.Load(); err != nil {
		t.Fatal(err)
	}
	for i, c := range Countries {
		n := len(shipped.index[i].names)
		t.Logf("%s: %d name keys, %d postal codes", c, n, len(shipped.index[i].posts))
		if n < 500 {
			t.Errorf("%s: %d name keys", c, n)
		}
	}
}

func TestGazetteerRejectsBadData(t *testing.T) {
	gz := func(s string) []byte {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write([]byte(s))
		w.Close()
		return b.Bytes()
	}
	for name, data := range map[string][]byte{
		"not gzip":          []byte("nope"),
		"empty":             gz("# nothing\n"),
		"unknown country":   gz("US\t10001\tNew York\t40.7\t-74\t1\t\n"),
		"bad coordinate":    gz("FR\t75001\tParis\tnorth\t2.35\t1\t\n"),
		"missing fields":    gz("FR\t75001\tParis\n"),
		"bad population":    gz("FR\t75001\tParis\t48.8\t2.35\tmany\t\n"),
		"truncated archive": gz("FR\t75001\tParis\t48.8\t2.35\t1\t\n")[:20],
	} {
		t.Run(name, func(t *testing.T) {
			g := newGazetteerFrom(data)
			if _, err := g.Search(context.Background(), "paris", "", 10); err == nil {
				t.Error("no error")
			}
		})
	}
}

// randomQueries mixes what people type: name prefixes of every length,
// whole names with or without accents, postal code prefixes, misses.
func randomQueries(n int) []string {
	if err := shipped.Load(); err != nil {
		panic(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	qs := make([]string, 0, n)
	for len(qs) < n {
		row := shipped.rows[r.IntN(len(shipped.rows))]
		switch k := r.IntN(10); {
		case k < 5: // a prefix of a name, as typed
			runes := []rune(row.city)
			qs = append(qs, string(runes[:1+r.IntN(len(runes))]))
		case k < 6:
			qs = append(qs, Fold(row.city))
		case k < 8 && row.zipcode != "":
			qs = append(qs, row.zipcode[:1+r.IntN(len(row.zipcode))])
		case k < 9:
			qs = append(qs, string(rune('a'+r.IntN(26))))
		default:
			qs = append(qs, "zq"+string(rune('a'+r.IntN(26))))
		}
	}
	return qs
}

var countryMix = []string{"", "FR", "FR", "DE", "BE", "GB", "IT", "ES", "PT"}

func TestSearchLatencyP99(t *testing.T) {
	qs := randomQueries(10_000)
	ctx := context.Background()
	durations := make([]time.Duration, len(qs))
	for i, q := range qs {
		start := time.Now()
		if _, err := shipped.Search(ctx, q, countryMix[i%len(countryMix)], 10); err != nil {
			t.Fatal(err)
		}
		durations[i] = time.Since(start)
	}
	sort.Slice(durations, func(i, j int) bool { return durations[i] < durations[j] })
	p50, p99, worst := durations[len(durations)/2], durations[len(durations)*99/100], durations[len(durations)-1]
	t.Logf("10000 searches: p50 %v, p99 %v, max %v", p50, p99, worst)
	if p99 >= 5*time.Millisecond {
		t.Errorf("p99 %v, want under 5ms", p99)
	}
}

func BenchmarkSearch(b *testing.B) {
	qs := randomQueries(4096)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := shipped.Search(ctx, qs[i%len(qs)], countryMix[i%len(countryMix)], 10); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if err := NewGazetteer().Load(); err != nil {
			b.Fatal(err)
		}
	}
}
