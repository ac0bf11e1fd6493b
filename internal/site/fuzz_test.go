package site

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"noces/internal/directory"
	"noces/internal/directory/index"
	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/platform/geo"
)

// FuzzParseFilters checks the reading of the public search's query string,
// which anyone writes: every filter kept is one the search knows, within
// its bounds, and the canonical address of a search reads back as the same
// search (one search, one address).
func FuzzParseFilters(f *testing.F) {
	for _, s := range []string{"kind=planner&service=DECORATION&lang=en&city=Lyon&budget=15%20000%20%E2%82%AC&page=2",
		"kind=venue&venueType=CHATEAU&guests=120&city=%20Saint-%C3%89tienne%20%20&page=3", "", "kind=VENUE&page=0",
		"guests=-5&budget=1.000.000.000&page=10001", "kind=venue&guests=100001&budget=0", "city=" + strings.Repeat("a", 101),
		"city=%FF%FE&lang=xx&service=VENUE", "kind=planner&kind=venue&page=2&page=3", "budget=12,5&guests=%2B12",
		"%zz=1&city=Paris;page=2", "page=9999999999999999999999", "city=a%0Ab%09c%C2%A0d",
		"kind=venue&feature=garden&feature=parking&feature=accommodation&guests=80", "kind=venue&feature=catering&feature=catering&feature=GARDEN",
		"kind=venue&feature=helipad&feature=&feature=outdoorCeremony&feature=wheelchairAccessible", "kind=planner&feature=garden",
		"kind=venue&" + strings.Repeat("feature=wifi&", 50) + "feature=garden", "budget=%C2%A31%2C500&kind=venue",
		"kind=planner&city=Lyon&radius=25&rating=4.5&lang=en", "city=Lyon&radius=100&rating=4", "radius=10&rating=3",
		"city=Nice&radius=33&rating=4.50", "city=Nice&radius=+10&rating=%204", "kind=venue&city=Tours&radius=200&rating=3",
		"city=Pau&radius=10&radius=200&rating=3&rating=4", "city=Pau&radius=99999999999999999999&rating=-4",
		"date=2027-06-12", "kind=venue&date=2027-02-30", "date=2027-6-1", "date=%2B2027-06-12", "date=2027-06-12T00:00:00Z&date=2027-06-13"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q, _ := url.ParseQuery(raw) // as r.URL.Query() reads it
		p := parseFilters(q)
		if p.Kind != "planner" && p.Kind != "venue" {
			t.Fatalf("parseFilters(%q): kind %q", raw, p.Kind)
		}
		if p.Service != "" && !slices.Contains(prestationTypes, p.Service) ||
			p.VenueType != "" && !slices.Contains(model.VenueTypes, p.VenueType) || p.Lang != "" && !i18n.IsLang(p.Lang) {
			t.Fatalf("parseFilters(%q) keeps an unknown value: %+v", raw, p)
		}
		if p.Guests < 0 || p.Guests > 100000 || p.Budget < 0 || p.Budget > 100_000_000 || p.Page < 1 || p.Page > 10000 {
			t.Fatalf("parseFilters(%q) keeps a number out of bounds: %+v", raw, p)
		}
		if utf8.RuneCountInString(p.City) > geo.MaxQueryLen || p.City != strings.Join(strings.Fields(p.City), " ") {
			t.Fatalf("parseFilters(%q) keeps the city %q", raw, p.City)
		}
		if p.Radius != 0 && (!slices.Contains(searchRadii, p.Radius) || p.Radius == int(directory.DefaultRadiusKm) || p.City == "") {
			t.Fatalf("parseFilters(%q) keeps the radius %d", raw, p.Radius)
		}
		if p.Rating != 0 && p.ratingValue() == "" {
			t.Fatalf("parseFilters(%q) keeps the rating %d", raw, p.Rating)
		}
		if _, err := time.Parse(time.DateOnly, p.Date); p.Date != "" && (err != nil || len(p.Date) != len(time.DateOnly)) {
			t.Fatalf("parseFilters(%q) keeps the date %q", raw, p.Date)
		}
		if len(p.Features) > len(venueFilters) {
			t.Fatalf("parseFilters(%q) keeps %d features", raw, len(p.Features))
		}
		for i, name := range p.Features {
			if !slices.Contains(venueFilters, name) || i > 0 && slices.Index(venueFilters, name) <= slices.Index(venueFilters, p.Features[i-1]) {
				t.Fatalf("parseFilters(%q) keeps the features %v: unknown, repeated or out of order", raw, p.Features)
			}
		}
		features, rooms := p.venueQuery()
		if _, ok := index.FeatureMask(features); !ok || rooms != slices.Contains(p.Features, accommodation) {
			t.Fatalf("the features %v make the query %v, %v", p.Features, features, rooms)
		}
		canonical := p.query(p.Page)
		back, err := url.ParseQuery(canonical)
		if err != nil {
			t.Fatalf("the address of %+v, %q, does not parse: %v", p, canonical, err)
		}
		p2 := parseFilters(back)
		if again := p2.query(p2.Page); again != canonical {
			t.Fatalf("parseFilters(%q) = %+v, written %q, read back as %+v, written %q", raw, p, canonical, p2, again)
		}
		if p.Kind == "venue" && !slices.Equal(p2.Features, p.Features) {
			t.Fatalf("parseFilters(%q) = %+v, read back from %q with the features %v", raw, p, canonical, p2.Features)
		}
		if p2.Kind != p.Kind || p2.City != p.City || p2.Radius != p.Radius || p2.Budget != p.Budget || p2.Page != p.Page ||
			p.Kind == "planner" && p2.Rating != p.Rating {
			t.Fatalf("parseFilters(%q) = %+v, read back from %q as %+v", raw, p, canonical, p2)
		}
	})
}

// FuzzSameOrigin checks the rule every public write goes through, fed any
// Host, Origin and Sec-Fetch-Site: a browser's word that the post comes
// from elsewhere is always refused, an accepted Origin always names the
// request's own host, and the same Origin sent to another host is refused.
// Seeds are in testdata/fuzz/FuzzSameOrigin.
func FuzzSameOrigin(f *testing.F) {
	f.Fuzz(func(t *testing.T, host, origin, fetchSite string) {
		r := httptest.NewRequest(http.MethodPost, "/project", nil)
		r.Host = host
		if origin != "" {
			r.Header.Set("Origin", origin)
		}
		if fetchSite != "" {
			r.Header.Set("Sec-Fetch-Site", fetchSite)
		}
		ok := sameOrigin(r)
		if fetchSite != "" && fetchSite != "same-origin" && fetchSite != "none" && ok {
			t.Fatalf("Sec-Fetch-Site %q accepted", fetchSite)
		}
		if !ok || origin == "" || origin == "null" {
			return
		}
		u, err := url.Parse(origin)
		if err != nil {
			t.Fatalf("an unreadable Origin %q accepted", origin)
		}
		if hostKey(u.Host, u.Scheme) != hostKey(host, "") {
			t.Fatalf("Origin %q accepted for Host %q", origin, host)
		}
		r.Host = "evil-" + host
		if sameOrigin(r) {
			t.Fatalf("Origin %q accepted for Host %q too", origin, r.Host)
		}
	})
}
