package site

import (
	"context"
	"strings"
	"testing"
	"time"

	"noces/internal/store"
	"noces/internal/store/storetest"
)

// TestSearchAndPagesWithAWeddingDate checks the date on the public side:
// the search leaves out who has it taken and says "available" on the
// others, whose links keep the date; a page reached with it says whether
// it is free; a form to a taken page is refused with its date in the
// domain's language, and nothing is stored.
func TestSearchAndPagesWithAWeddingDate(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	taken := e.seedPlanner(planner{name: "Atelier Pris", slug: "atelier-pris", city: "Lyon", lat: 45.76, lng: 4.84})
	e.seedPlanner(planner{name: "Atelier Libre", slug: "atelier-libre", city: "Lyon", lat: 45.75, lng: 4.85})
	owner := e.seedVenue("Château Pris", "chateau-pris", "Tours", 47.39, 0.68, true, true)
	const date = "2026-09-12"
	mark := func(user, venue string) {
		storetest.Must(t, e.store.SetAvailabilityDay(ctx, store.AvailabilityDay{UserID: user, VenueID: venue, Day: date,
			Status: store.AvailabilityBooked, Source: store.AvailabilityManual, CreatedAt: testNow}))
	}
	// Searched once before, so that the kept answer and page must give way.
	if r := e.get("fr.localhost", "/search?kind=planner&date="+date); !strings.Contains(r.body, "Atelier Pris") {
		t.Fatalf("before the day was taken: %d", r.status)
	}
	mark(taken, "")
	mark(owner, e.venueID("chateau-pris"))

	t.Run("planners: the taken one is left out, the others are available on the date", func(t *testing.T) {
		r := e.get("fr.localhost", "/search?kind=planner&date="+date)
		if r.status != 200 || strings.Contains(r.body, "Atelier Pris") || !strings.Contains(r.body, "Atelier Libre") {
			t.Fatalf("%d\n%s", r.status, r.body)
		}
		for _, want := range []string{"Disponible le 12 septembre 2026", `href="/p/atelier-libre?date=2026-09-12"`,
			`name="date" type="date" value="2026-09-12"`} {
			if !strings.Contains(r.body, want) {
				t.Errorf("no %q", want)
			}
		}
	})
	t.Run("in the domain's language", func(t *testing.T) {
		r := e.get("uk.localhost", "/search?kind=planner&date="+date)
		// The planners are French: the British search finds none, but
		// its form keeps the date.
		if r.status != 200 || !strings.Contains(r.body, `value="2026-09-12"`) {
			t.Errorf("%d", r.status)
		}
	})
	t.Run("venues: the taken one is left out", func(t *testing.T) {
		r := e.get("fr.localhost", "/search?kind=venue&date="+date)
		if strings.Contains(r.body, "Château Pris") {
			t.Error("a venue taken on the date is listed")
		}
		if r := e.get("fr.localhost", "/search?kind=venue&date=2026-09-13"); !strings.Contains(r.body, "Château Pris") ||
			!strings.Contains(r.body, "Disponible le 13 septembre 2026") {
			t.Error("the venue is not listed, available, on another date")
		}
	})
	t.Run("without a date, or with one out of range, nobody is left out", func(t *testing.T) {
		for _, q := range []string{"", "&date=2020-01-01", "&date=2026-02-30", "&date=tomorrow", "&date=" + strings.Repeat("9", 5000)} {
			r := e.get("fr.localhost", "/search?kind=planner"+q)
			if r.status != 200 || !strings.Contains(r.body, "Atelier Pris") || strings.Contains(r.body, "Disponible le") {
				t.Errorf("%q: %d", q, r.status)
			}
		}
	})
	t.Run("a page reached with the date says whether it is free", func(t *testing.T) {
		r := e.get("fr.localhost", "/p/atelier-libre?date="+date)
		if !strings.Contains(r.body, "Disponible le 12 septembre 2026") || !strings.Contains(r.body, `value="2026-09-12"`) {
			t.Errorf("free planner's page:\n%s", r.body)
		}
		r = e.get("fr.localhost", "/p/atelier-pris?date="+date)
		if !strings.Contains(r.body, "Non disponible le 12 septembre 2026") ||
			!strings.Contains(r.body, `href="/search?date=2026-09-12&amp;kind=planner">Voir qui est libre ce jour-là`) {
			t.Error("the taken planner's page does not say so, or links to no search")
		}
		r = e.get("fr.localhost", "/v/chateau-pris?date="+date)
		if !strings.Contains(r.body, "Non disponible le 12 septembre 2026") {
			t.Error("the taken venue's page does not say so")
		}
		if r := e.get("fr.localhost", "/p/atelier-pris"); strings.Contains(r.body, "disponible le") {
			t.Error("a page without a date speaks of one")
		}
	})
	t.Run("a form to the taken page is refused, nothing stored", func(t *testing.T) {
		for _, path := range []string{"/p/atelier-pris", "/v/chateau-pris"} {
			tok := formToken(t, e.get("fr.localhost", path).body)
			e.clock.Advance(5 * time.Second)
			v := validProject(tok)
			if strings.HasPrefix(path, "/v/") {
				v.Set("serviceType", "VENUE")
			}
			r := e.postForm("fr.localhost", path+"/request", v)
			if r.status != 422 || !strings.Contains(r.body, "pas disponible à cette date") {
				t.Errorf("%s: %d\n%s", path, r.status, r.body)
			}
			if n := e.count(`SELECT COUNT(*) FROM projects`); n != 0 {
				t.Errorf("%s: %d projects stored", path, n)
			}
		}
	})
	t.Run("a form to a free page on that date is sent", func(t *testing.T) {
		tok := formToken(t, e.get("fr.localhost", "/p/atelier-libre").body)
		e.clock.Advance(5 * time.Second)
		r := e.postForm("fr.localhost", "/p/atelier-libre/request", validProject(tok))
		if r.status != 303 {
			t.Errorf("%d\n%s", r.status, r.body)
		}
	})
}
