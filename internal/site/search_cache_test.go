package site

import (
	"bytes"
	"context"
	"database/sql"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/klauspost/compress/gzhttp"
	"github.com/klauspost/compress/gzip"

	"noces/internal/clock"
	"noces/internal/contentcoding"
	"noces/internal/model"
	"noces/internal/store/storetest"
)

// TestSearchPageKeptEqualsAFreshOne checks the search pages kept for the
// index's answers: after every kind of write that shows on a result, in
// every language, the page a second visitor gets from the cache is byte
// for byte the page a server without any cache renders from the database,
// and it did come from the cache.
func TestSearchPageKeptEqualsAFreshOne(t *testing.T) {
	ctx := context.Background()
	s, dbURL := storetest.NewWithURL(t)
	clk := clock.NewFixed(testNow)
	e := newEnvOn(t, s, clk)
	fresh := newEnvOn(t, storetest.Open(t, dbURL), clk)
	fresh.uncached()

	lumiere := e.seedPlanner(planner{name: "Atelier Lumière", slug: "atelier-lumiere", city: "Lyon", lat: 45.76, lng: 4.84})
	premium := e.seedPlanner(planner{name: "Maison Premium", slug: "maison-premium", city: "Vienne", lat: 45.52, lng: 4.87, premium: true})
	e.seedPlanner(planner{name: "Hochzeit Berlin", slug: "hochzeit-berlin", city: "Berlin", country: "DE", lat: 52.52, lng: 13.40})
	e.seedPlanner(planner{name: "Trouwen Brussel", slug: "trouwen-brussel", city: "Bruxelles", country: "BE", lat: 50.85, lng: 4.35})
	loireOwner := e.seedVenue("Château de la Loire", "chateau-loire", "Tours", 47.39, 0.68, true, true)
	venue := e.venueID("chateau-loire")
	pages := map[string][]string{
		"fr.localhost": {"/search?kind=planner", "/search?kind=planner&city=Lyon", "/search?kind=planner&city=LYON&guests=40",
			"/search?kind=venue", "/search?kind=venue&city=Tours&feature=garden", "/search?kind=planner&city=Nowhere%20Town",
			"/search?kind=planner&page=3", "/search?kind=planner&date=2027-01-16", "/search?kind=venue&date=2027-01-16"},
		"de.localhost": {"/search?kind=planner", "/search?kind=planner&city=Berlin"},
		"be.localhost": {"/search?kind=planner", "/search?kind=venue"},
		"uk.localhost": {"/search?kind=planner"},
	}
	exec := func(q string, args ...any) {
		t.Helper()
		_, err := s.DB().ExecContext(ctx, q, args...)
		storetest.Must(t, err)
	}
	check := func(step string) {
		t.Helper()
		for host, targets := range pages {
			for _, target := range targets {
				first := e.get(host, target)
				before := e.site.searchRenders.Load()
				kept := e.get(host, target)
				if e.site.searchRenders.Load() != before {
					t.Errorf("%s: %s%s: the second visitor's page was rendered again", step, host, target)
				}
				want := fresh.get(host, target)
				if first.status != want.status || first.body != want.body || kept.body != want.body {
					t.Fatalf("%s: %s%s differs from a fresh render (status %d, want %d)\n got %s\nwant %s",
						step, host, target, kept.status, want.status, kept.body, want.body)
				}
				for _, h := range []string{"Content-Type", "Content-Length", "Content-Language", "Content-Security-Policy", "Cache-Control"} {
					if got := kept.header.Get(h); got != want.header.Get(h) {
						t.Errorf("%s: %s%s: %s %q, want %q", step, host, target, h, got, want.header.Get(h))
					}
				}
			}
		}
	}
	check("first")
	storetest.Must(t, e.store.UpdateUserAvatar(ctx, lumiere, "avatars/lumiere.jpg", clk.Now()))
	check("an avatar")
	exec(`UPDATE users SET avatar_key = 'avatars/other.jpg' WHERE id = $1`, lumiere)
	check("an avatar changed in SQL")
	exec(`UPDATE companies SET name = 'Studio Lumière', city = 'Villeurbanne' WHERE user_id = $1`, lumiere)
	check("renamed and moved in SQL")
	exec(`UPDATE users SET premium_status = 'active', premium_end_at = $2 WHERE id = $1`, lumiere, clk.Now().AddDate(0, 6, 0))
	check("premium begins")
	clk.Advance(7 * 31 * 24 * time.Hour) // past the end of Lumière's premium, before Maison Premium's
	check("a premium ends with time")
	e.seedPlanner(planner{name: "Nouvelle Maison", slug: "nouvelle-maison", city: "Lyon", lat: 45.75, lng: 4.85})
	check("a new planner")
	storetest.Must(t, e.store.SetUserModerated(ctx, premium, false, clk.Now()))
	check("unmoderated")
	e.dressVenue("chateau-loire")
	check("photos of the venue")
	exec(`UPDATE images SET alt = 'La grande salle' WHERE venue_id = $1 AND is_key_image = TRUE`, venue)
	check("the key image's alt text changed in SQL")
	exec(`UPDATE images SET is_visible = FALSE WHERE venue_id = $1 AND is_key_image = TRUE`, venue)
	check("the key image hidden")
	exec(`UPDATE venues SET seated_capacity = 60, min_price = 0, type = 'farm' WHERE id = $1`, venue)
	check("the venue changed in SQL")
	storetest.Must(t, e.store.CreateVenue(ctx, model.Venue{ID: model.NewID(), OwnerID: lumiere, Name: "La Grange", Slug: "la-grange",
		Type: "farm", City: "Tours", CountryCode: "FR", Latitude: sql.NullFloat64{Float64: 47.4, Valid: true},
		Longitude: sql.NullFloat64{Float64: 0.7, Valid: true}, IsPublished: true, IsValidated: true, CreatedAt: clk.Now(), UpdatedAt: clk.Now()}))
	check("a new venue")
	exec(`INSERT INTO availability_days (user_id, venue_id, day, status, source, created_at) VALUES ($1, NULL, '2027-01-16', 'booked', 'manual', $2)`,
		lumiere, clk.Now())
	exec(`INSERT INTO availability_days (user_id, venue_id, day, status, source, created_at) VALUES ($1, $2, '2027-01-16', 'unavailable', 'import', $3)`,
		loireOwner, venue, clk.Now())
	check("days taken in SQL")
	exec(`DELETE FROM availability_days WHERE user_id = $1`, lumiere)
	check("a day freed in SQL")
	exec(`UPDATE venues SET is_published = FALSE WHERE id = $1`, venue)
	check("a venue unpublished")
}

// TestFiltersKeyHasEveryField checks that the key of the kept search pages
// holds every field of the form's state: a field left out would give one
// visitor's form to another.
func TestFiltersKeyHasEveryField(t *testing.T) {
	base := string(filters{}.key(nil))
	typ := reflect.TypeFor[filters]()
	for i := range typ.NumField() {
		var f filters
		field := reflect.ValueOf(&f).Elem().Field(i)
		switch field.Kind() {
		case reflect.String:
			field.SetString("x")
		case reflect.Int, reflect.Int64:
			field.SetInt(7)
		case reflect.Slice:
			field.Set(reflect.ValueOf([]string{"x"}))
		default:
			t.Fatalf("filters.%s: a %s the test does not know", typ.Field(i).Name, field.Kind())
		}
		if string(f.key(nil)) == base {
			t.Errorf("filters.%s is not in the key", typ.Field(i).Name)
		}
	}
	// Fields end where the next begins: moving a character across does
	// not give the same key.
	if string(filters{Service: "ab"}.key(nil)) == string(filters{Service: "a", VenueType: "b"}.key(nil)) {
		t.Error("two fields run together")
	}
	if string(filters{Features: []string{"a,b"}}.key(nil)) == string(filters{Features: []string{"a", "b"}}.key(nil)) {
		t.Error("features run together")
	}
}

// TestKeptPagesAreSentCompressed checks that a search page, rendered or
// kept, reaches a client that takes gzip compressed once (behind the
// server's own compression, which must leave it alone), and a client that
// does not as the same page in plain, with Vary telling caches apart.
func TestKeptPagesAreSentCompressed(t *testing.T) {
	e := newEnv(t)
	seedDirectory(e)
	chain := gzhttp.GzipHandler(e.handler)
	ask := func(target, acceptEncoding string) *httptest.ResponseRecorder {
		t.Helper()
		r := httptest.NewRequest(http.MethodGet, target, nil)
		r.Host = "fr.localhost:8080"
		if acceptEncoding != "" {
			r.Header.Set("Accept-Encoding", acceptEncoding)
		}
		w := httptest.NewRecorder()
		chain.ServeHTTP(w, r)
		if w.Code != http.StatusOK {
			t.Fatalf("%s: %d", target, w.Code)
		}
		if !slices.Contains(w.Header().Values("Vary"), "Accept-Encoding") {
			t.Errorf("%s (%q): Vary %q", target, acceptEncoding, w.Header().Values("Vary"))
		}
		return w
	}
	for _, target := range []string{"/search?kind=planner&city=Lyon", "/organisateurs-de-mariage/lyon"} {
		before := e.site.searchRenders.Load()
		var pages []string
		for i, ae := range []string{"gzip, deflate, br", "br;q=1, gzip;q=0.5", "", "br", "gzip;q=0"} {
			w := ask(target, ae)
			body := w.Body.Bytes()
			if contentcoding.Accepts(ae, "gzip") {
				if w.Header().Get("Content-Encoding") != "gzip" {
					t.Fatalf("%s, request %d (%q): Content-Encoding %q", target, i, ae, w.Header().Get("Content-Encoding"))
				}
				if n, _ := strconv.Atoi(w.Header().Get("Content-Length")); n != len(body) {
					t.Errorf("%s: Content-Length %d for %d bytes", target, n, len(body))
				}
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatalf("%s, request %d: %v", target, i, err)
				}
				if body, err = io.ReadAll(zr); err != nil {
					t.Fatal(err)
				}
			} else if ce := w.Header().Get("Content-Encoding"); ce != "" {
				t.Fatalf("%s, request %d (%q): Content-Encoding %q", target, i, ae, ce)
			}
			if !bytes.HasPrefix(body, []byte("<!doctype html>")) {
				t.Fatalf("%s, request %d (%q): not a page once decoded: %.40q", target, i, ae, body)
			}
			pages = append(pages, string(body))
		}
		for i, p := range pages[1:] {
			if p != pages[0] {
				t.Errorf("%s: request %d differs from the first", target, i+1)
			}
		}
		if n := e.site.searchRenders.Load() - before; n != 1 {
			t.Errorf("%s: rendered %d times", target, n)
		}
	}
}
