package site

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// seedDirectory is the data most tests share: planners around Lyon and in
// Berlin, a venue near Tours, reviews.
type seeded struct {
	free, premium, berlin, venueOwner string
	reviewToken                       string
}

func seedDirectory(e *env) seeded {
	e.t.Helper()
	var s seeded
	s.free = e.seedPlanner(planner{name: "Atelier Lumière", slug: "atelier-lumiere", city: "Lyon", lat: 45.76, lng: 4.84, since: "2016-05-01"})
	s.premium = e.seedPlanner(planner{name: "Maison Premium", slug: "maison-premium", city: "Vienne", lat: 45.52, lng: 4.87, premium: true})
	s.berlin = e.seedPlanner(planner{name: "Hochzeit Berlin", slug: "hochzeit-berlin", city: "Berlin", country: "DE", siret: model.SiretUnknown,
		lat: 52.52, lng: 13.40, langues: []int{1, 2}})
	s.venueOwner = e.seedVenue("Château de la Loire", "chateau-loire", "Tours", 47.39, 0.68, true, true)
	e.seedReview(s.free, 5, "Claire", model.ReviewApproved)
	e.seedReview(s.free, 4, "Marc", model.ReviewApproved)
	e.seedReview(s.free, 1, "Pending", model.ReviewPending)
	tok, err := e.site.Directory.ReviewFormToken(context.Background(), s.free)
	if err != nil {
		e.t.Fatal(err)
	}
	s.reviewToken = tok
	return s
}

func TestPagesInTwoLanguages(t *testing.T) {
	e := newEnv(t)
	s := seedDirectory(e)
	type page struct {
		name, path string
		status     int
		want       map[string][]string // host -> strings the page must contain
	}
	pages := []page{
		{"home", "/", 200, map[string][]string{
			"fr.localhost": {`<html lang="fr">`, "Les meilleurs professionnels du mariage en France", `name="kind" value="venue"`, "Organisation complète", "Château", "Les profils Premium sont mis en avant", `href="/project"`, `hreflang="de-DE" href="http://de.localhost:8080/"`},
			"de.localhost": {`<html lang="de">`, "Die besten Hochzeitsprofis in Deutschland", "Komplettplanung", "Schloss", "Premium-Einträge werden hervorgehoben", `href="/project"`},
		}},
		{"search", "/search?kind=planner&city=Lyon", 200, map[string][]string{
			"fr.localhost": {"Wedding planners près de Lyon", "2 résultats", "Maison Premium", "Atelier Lumière", `rel="canonical" href="http://fr.localhost:8080/search?city=Lyon&amp;kind=planner"`, "Premium"},
		}},
		{"search in Germany", "/search?kind=planner&city=Berlin", 200, map[string][]string{
			"de.localhost": {"Hochzeitsplaner in der Nähe von Berlin", "1 Ergebnis", "Hochzeit Berlin", "0 km"},
		}},
		{"planner", "/p/atelier-lumiere", 200, map[string][]string{
			"fr.localhost": {"<h1>Atelier Lumière</h1>", "Depuis 2016", "Organisation complète", "À partir de 1\u202f500\u00a0€", "Tout, du premier rendez-vous", "Français", "Anglais", "4,5 sur 5", "2 avis", "Claire (Mariés)", "mariage en juin 2025", `action="/p/atelier-lumiere/request"`, "Contacter Atelier Lumière", `"@type":"LocalBusiness"`},
		}},
		{"venue", "/v/chateau-loire", 200, map[string][]string{
			"fr.localhost": {"<h1>Château de la Loire</h1>", "Château · Tours", "180 invités", "250 invités", "De 5\u202f000\u00a0€ à 12\u202f000\u00a0€", "La salle des fêtes.", `action="/v/chateau-loire/request"`, `name="serviceType" value="VENUE"`, `"@type":"EventVenue"`},
		}},
		{"project form", "/project", 200, map[string][]string{
			"fr.localhost": {"<h1>Décrivez votre projet</h1>", `name="formToken"`, `name="website"`, `tabindex="-1"`, `aria-hidden="true"`, "Mariage civil", "Lieu de réception", "Moins de 50 invités", `name="languages" value="nl"`, `name="hasTheme"`, `name="weddingTheme"`, `autocomplete="given-name"`},
			"de.localhost": {"<h1>Beschreiben Sie Ihr Projekt</h1>", "Standesamtliche", "Vorname"},
		}},
		{"review form", "/review/" + s.reviewToken, 200, map[string][]string{
			"fr.localhost": {"Votre avis sur Atelier Lumière", `name="rating" value="5"`, `enctype="multipart/form-data"`, `type="file"`, "E-mail (non publié)", `content="noindex"`, "Parent des mariés"},
			"de.localhost": {"Ihre Bewertung von Atelier Lumière", "E-Mail (wird nicht veröffentlicht)"},
		}},
		{"check your inbox", "/project/sent", 200, map[string][]string{
			"fr.localhost": {"Vérifiez votre boîte e-mail pour confirmer", "Le lien est valable 48 heures."},
			"de.localhost": {"Prüfen Sie Ihr Postfach, um zu bestätigen", "Der Link gilt 48 Stunden."},
		}},
		{"an unknown confirmation link", "/confirm/nope", 404, map[string][]string{
			"fr.localhost": {"Ce lien n&#39;est pas valable"},
			"de.localhost": {"Dieser Link ist nicht gültig"},
		}},
		{"not found", "/nope", 404, map[string][]string{
			"fr.localhost": {"Page introuvable"},
			"de.localhost": {"Seite nicht gefunden"},
		}},
	}
	for _, pg := range pages {
		for host, wants := range pg.want {
			t.Run(pg.name+" on "+host, func(t *testing.T) {
				r := e.get(host, pg.path)
				if r.status != pg.status {
					t.Fatalf("status %d, want %d\n%s", r.status, pg.status, r.body)
				}
				for _, w := range wants {
					if !strings.Contains(r.body, w) {
						t.Errorf("the page lacks %q", w)
					}
				}
				checkPage(t, r)
			})
		}
	}
}

// checkPage holds for every HTML page: one h1, no script but JSON-LD, a CSP
// without scripts, a language, under 100 KB.
func checkPage(t *testing.T, r resp) {
	t.Helper()
	if ct := r.header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
		t.Errorf("content type %q", ct)
	}
	if n := len(h1Tag.FindAllString(r.body, -1)); n != 1 {
		t.Errorf("%d h1 elements", n)
	}
	for _, tag := range scriptTag.FindAllString(r.body, -1) {
		if tag != `<script type="application/ld+json">` {
			t.Errorf("a script: %s", tag)
		}
	}
	csp := r.header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "default-src 'none'") || strings.Contains(csp, "script-src") {
		t.Errorf("CSP %q", csp)
	}
	if r.header.Get("Content-Language") == "" || !strings.Contains(r.body, `<html lang="`) {
		t.Error("no language")
	}
	if len(r.body) >= 100_000 {
		t.Errorf("the page weighs %d bytes", len(r.body))
	}
	for _, landmark := range []string{"<header", "<main", "<footer", `<nav aria-label=`} {
		if !strings.Contains(r.body, landmark) {
			t.Errorf("no %s landmark", landmark)
		}
	}
	// Every field has a label: by its id, or around it for radios and
	// checkboxes.
	ids := regexp.MustCompile(`(<label class="choice">)?<(?:input|select|textarea)\b[^>]*\bid="([^"]+)"`).FindAllStringSubmatch(r.body, -1)
	for _, m := range ids {
		if m[1] == "" && !strings.Contains(r.body, `for="`+m[2]+`"`) {
			t.Errorf("the field %s has no label", m[2])
		}
	}
	inputs := regexp.MustCompile(`<(?:input|select|textarea)\b[^>]*>`).FindAllString(r.body, -1)
	for _, in := range inputs {
		labelled := strings.Contains(in, ` id="`) || strings.Contains(in, `type="hidden"`)
		if !labelled && !strings.Contains(in, `type="checkbox"`) && !strings.Contains(in, `type="radio"`) {
			t.Errorf("an input without id: %s", in)
		}
	}
}

func TestPageSizes(t *testing.T) {
	e := newEnv(t)
	s := seedDirectory(e)
	for i := range 25 {
		e.seedPlanner(planner{name: fmt.Sprintf("Planner %02d", i), slug: fmt.Sprintf("planner-%02d", i), city: "Lyon", lat: 45.7, lng: 4.8})
	}
	for _, path := range []string{"/", "/search?kind=planner", "/search?kind=venue", "/p/atelier-lumiere", "/v/chateau-loire", "/project",
		"/review/" + s.reviewToken, "/project/sent?n=1", "/nope"} {
		r := e.get("fr.localhost", path)
		t.Logf("%-28s %6d bytes", path, len(r.body))
		if len(r.body) >= 100_000 {
			t.Errorf("%s weighs %d bytes", path, len(r.body))
		}
	}
}

func TestHiddenProfilesAreNotFound(t *testing.T) {
	e := newEnv(t)
	e.seedPlanner(planner{name: "Not Moderated", slug: "not-moderated", city: "Lyon", lat: 45.7, lng: 4.8, hidden: true})
	e.seedPlanner(planner{name: "Unknown Siret", slug: "unknown-siret", city: "Lyon", lat: 45.7, lng: 4.8, siret: model.SiretUnknown})
	e.seedPlanner(planner{name: "Inactive Siret", slug: "inactive-siret", city: "Lyon", lat: 45.7, lng: 4.8, siret: model.SiretInactive})
	e.seedVenue("Draft Venue", "draft-venue", "Tours", 47.39, 0.68, false, true)
	e.seedVenue("Unmoderated Venue", "unmoderated-venue", "Tours", 47.39, 0.68, true, false)
	e.seedVenue("Unvalidated Venue", "unvalidated-venue", "Tours", 47.39, 0.68, true, true)
	if _, err := e.store.DB().Exec(`UPDATE venues SET is_validated = FALSE WHERE slug = 'unvalidated-venue'`); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/p/not-moderated", "/p/unknown-siret", "/p/inactive-siret", "/p/nobody", "/v/draft-venue",
		"/v/unmoderated-venue", "/v/unvalidated-venue", "/v/unvalidated-venue/photos", "/v/nothing", "/badge/not-moderated.svg", "/badge/unknown-siret.svg", "/review/no-such-token"} {
		t.Run(path, func(t *testing.T) {
			r := e.get("fr.localhost", path)
			if r.status != 404 || !strings.Contains(r.body, "Page introuvable") {
				t.Errorf("%d\n%s", r.status, r.body)
			}
		})
	}
	t.Run("hidden planners are not in the results", func(t *testing.T) {
		r := e.get("fr.localhost", "/search?kind=planner")
		if strings.Contains(r.body, "Not Moderated") || strings.Contains(r.body, "Unknown Siret") || !strings.Contains(r.body, "0 résultat") {
			t.Errorf("%s", r.body)
		}
	})
	t.Run("hidden venues are not in the results", func(t *testing.T) {
		r := e.get("fr.localhost", "/search?kind=venue")
		if strings.Contains(r.body, "Venue</a>") || !strings.Contains(r.body, "0 résultat") {
			t.Errorf("%s", r.body)
		}
	})
	t.Run("a request to an unvalidated venue is not found", func(t *testing.T) {
		r := e.postForm("fr.localhost", "/v/unvalidated-venue/request", url.Values{"eventType": {"wedding"}})
		if r.status != 404 {
			t.Errorf("%d", r.status)
		}
	})
	t.Run("a request to a hidden planner is not found", func(t *testing.T) {
		r := e.postForm("fr.localhost", "/p/not-moderated/request", url.Values{"eventType": {"wedding"}})
		if r.status != 404 {
			t.Errorf("%d", r.status)
		}
	})
}

func TestSearch(t *testing.T) {
	e := newEnv(t)
	seedDirectory(e)
	e.dressVenue("chateau-loire")
	e.seedVenue("Ferme du Lac", "ferme-lac", "Tours", 47.40, 0.70, true, true)
	ctx := context.Background()
	if _, err := e.store.DB().Exec(`UPDATE venues SET bedrooms = 0, min_price = 3000, seated_capacity = 120 WHERE slug = 'ferme-lac'`); err != nil {
		t.Fatal(err)
	}
	storetest.Must(t, e.store.SetVenueSets(ctx, e.venueID("ferme-lac"), store.VenueSets{Features: []string{"outdoorCeremony", "catering", "garden"}},
		e.clock.Now()))
	storetest.Must(t, e.store.SetVenueSets(ctx, e.venueID("chateau-loire"), store.VenueSets{
		Features: []string{"garden", "parking", "wheelchairAccessible", "catering"}}, e.clock.Now()))
	e.seedPlanner(planner{name: "Design Only", slug: "design-only", city: "Lyon", lat: 45.75, lng: 4.85,
		services: []model.CompanyPrestation{{PrestationID: 9}}, langues: []int{3}})
	tests := []struct {
		name, query string
		order       []string // names in this order
		absent      []string
		contains    []string
	}{
		{"premium first, then nearest", "kind=planner&city=Lyon", []string{"Maison Premium", "Design Only", "Atelier Lumière"}, nil,
			[]string{`class="result premium"`, `<span class="badge">Premium</span>`, "Vienne · 25 km", "Lyon · 1 km", "Les profils Premium sont mis en avant",
				// Atelier Lumière's card: two approved reviews (5 and 4; the pending 1 does not count), its service, languages, price.
				`<p class="rating"><span class="star" aria-hidden="true">★</span> <span aria-hidden="true"><strong>4,5</strong> (2)</span><span class="visually-hidden">4,5 sur 5, 2 avis</span></p>`,
				`<ul class="tags" aria-label="Prestations"><li>Organisation complète</li></ul>`,
				"<p class=\"langs\">Langues\u00a0: Anglais, Français</p>",
				`<p class="price">À partir de 1` + "\u202f" + `500` + "\u00a0" + `€</p>`,
				`<option value="100" selected>`}},
		{"a smaller radius", "kind=planner&city=Lyon&radius=10", []string{"Design Only", "Atelier Lumière"}, []string{"Maison Premium"},
			[]string{`rel="canonical" href="http://fr.localhost:8080/search?city=Lyon&amp;kind=planner&amp;radius=10"`, `<option value="10" selected>`}},
		{"a larger radius", "kind=planner&city=Lyon&radius=200", []string{"Maison Premium", "Design Only"}, nil,
			[]string{`rel="canonical" href="http://fr.localhost:8080/search?city=Lyon&amp;kind=planner&amp;radius=200"`}},
		{"the default radius is not in the address", "kind=planner&city=Lyon&radius=100", []string{"Maison Premium"}, nil,
			[]string{`rel="canonical" href="http://fr.localhost:8080/search?city=Lyon&amp;kind=planner"`}},
		{"an unknown radius is dropped", "kind=planner&city=Lyon&radius=33", []string{"Maison Premium"}, nil,
			[]string{`rel="canonical" href="http://fr.localhost:8080/search?city=Lyon&amp;kind=planner"`, `<option value="100" selected>`}},
		{"a radius without a city is dropped", "kind=planner&radius=10", []string{"Maison Premium"}, nil,
			[]string{`rel="canonical" href="http://fr.localhost:8080/search?kind=planner"`}},
		{"a minimum rating", "kind=planner&rating=4.5", []string{"Atelier Lumière"}, []string{"Maison Premium", "Design Only"},
			[]string{`rel="canonical" href="http://fr.localhost:8080/search?kind=planner&amp;rating=4.5"`, `<option value="4.5" selected>`, "1 résultat"}},
		{"a rating and a language", "kind=planner&rating=4&lang=en", []string{"Atelier Lumière"}, []string{"Maison Premium", "Design Only"},
			[]string{`rel="canonical" href="http://fr.localhost:8080/search?kind=planner&amp;lang=en&amp;rating=4"`}},
		{"a rating and a language no one has", "kind=planner&rating=3&lang=es", nil, []string{"Atelier Lumière", "Design Only"},
			[]string{"0 résultat"}},
		{"an unknown rating is dropped", "kind=planner&rating=5", []string{"Maison Premium", "Atelier Lumière"}, nil,
			[]string{`rel="canonical" href="http://fr.localhost:8080/search?kind=planner"`}},
		{"a venue search ignores the rating", "kind=venue&rating=4.5", []string{"Château de la Loire"}, nil,
			[]string{`rel="canonical" href="http://fr.localhost:8080/search?kind=venue"`}},
		{"a service", "kind=planner&city=Lyon&service=FULL_PLANNING", []string{"Maison Premium", "Atelier Lumière"}, []string{"Design Only"},
			[]string{"Wedding planners\u00a0: Organisation complète près de Lyon"}},
		{"a language", "kind=planner&lang=es", []string{"Design Only"}, []string{"Atelier Lumière"}, []string{"1 résultat"}},
		{"a budget", "kind=planner&budget=1000", nil, []string{"Atelier Lumière", "Design Only"}, []string{"0 résultat", "Aucun professionnel"}},
		{"an unknown city: no distance filter", "kind=planner&city=Xyzzyville", []string{"Maison Premium"}, nil,
			[]string{"Nous n&#39;avons pas trouvé «\u00a0Xyzzyville\u00a0»", "3 résultats"}},
		{"venues", "kind=venue&city=Tours&guests=150", []string{"Château de la Loire"}, []string{"Atelier Lumière"},
			[]string{"Lieux de réception près de Tours", "180 invités assis", "À partir de 5\u202f000\u00a0€", `href="/v/chateau-loire"`}},
		{"venues too small", "kind=venue&guests=500", nil, []string{"Château de la Loire"}, []string{"0 résultat"}},
		{"venues with features", "kind=venue&feature=parking&feature=garden&feature=accommodation", []string{"Château de la Loire"},
			[]string{"Ferme du Lac"}, []string{`rel="canonical" href="http://fr.localhost:8080/search?feature=garden&amp;feature=parking&amp;feature=accommodation&amp;kind=venue"`,
				`id="s-f-garden" checked`, `id="s-f-parking" checked`, `id="s-f-accommodation" checked`, `<label class="choice" for="s-f-catering"><input type="checkbox" name="feature" value="catering" id="s-f-catering">`,
				`<img class="photo" src="/media/venues/salle-thumb.jpg" srcset="/media/venues/salle-thumb.jpg 400w, /media/venues/salle.jpg 1600w" sizes="(max-width: 599px) 112px, 320px" alt="Vue : salle" width="400" height="267" decoding="async">`}},
		{"a feature only the farm has", "kind=venue&feature=outdoorCeremony", []string{"Ferme du Lac"}, []string{"Château de la Loire"}, nil},
		{"catering: both", "kind=venue&feature=catering", []string{"Château de la Loire", "Ferme du Lac"}, nil,
			[]string{`<span class="photo placeholder" aria-hidden="true"><span>F</span></span>`}},
		{"wheelchair access", "kind=venue&feature=wheelchairAccessible", []string{"Château de la Loire"}, []string{"Ferme du Lac"}, nil},
		{"accommodation on site: the farm has no bedroom", "kind=venue&feature=accommodation", []string{"Château de la Loire"}, []string{"Ferme du Lac"}, nil},
		{"a price ceiling", "kind=venue&budget=4000", []string{"Ferme du Lac"}, []string{"Château de la Loire"}, nil},
		{"unknown features are dropped", "kind=venue&feature=helipad&feature=garden&feature=garden", []string{"Château de la Loire", "Ferme du Lac"}, nil,
			[]string{`rel="canonical" href="http://fr.localhost:8080/search?feature=garden&amp;kind=venue"`}},
		{"a planner search ignores the venue filters", "kind=planner&feature=garden", []string{"Maison Premium"}, nil,
			[]string{`rel="canonical" href="http://fr.localhost:8080/search?kind=planner"`}},
		{"junk parameters are dropped", "kind=zzz&service=NOPE&page=-3&budget=abc&guests=x", []string{"Maison Premium"}, nil,
			[]string{`rel="canonical" href="http://fr.localhost:8080/search?kind=planner"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := e.get("fr.localhost", "/search?"+tc.query)
			if r.status != 200 {
				t.Fatalf("%d", r.status)
			}
			last := -1
			for _, n := range tc.order {
				i := strings.Index(r.body, ">"+n+"</a></h3>")
				if i < 0 || i < last {
					t.Errorf("%q missing or out of order", n)
				}
				last = i
			}
			for _, n := range tc.absent {
				if strings.Contains(r.body, ">"+n+"</a></h3>") {
					t.Errorf("%q should not be listed", n)
				}
			}
			for _, c := range tc.contains {
				if !strings.Contains(r.body, c) {
					t.Errorf("the page lacks %q", c)
				}
			}
			checkPage(t, r)
		})
	}
}

func TestSearchPaging(t *testing.T) {
	e := newEnv(t)
	for i := range 23 {
		e.seedPlanner(planner{name: fmt.Sprintf("Planner %02d", i), slug: fmt.Sprintf("planner-%02d", i), city: "Lyon", lat: 45.7, lng: 4.8})
	}
	r := e.get("fr.localhost", "/search?kind=planner&city=Lyon")
	for _, want := range []string{`<link rel="next" href="http://fr.localhost:8080/search?city=Lyon&amp;kind=planner&amp;page=2">`,
		`<a rel="next" href="/search?city=Lyon&amp;kind=planner&amp;page=2">`, "Page 1 sur 2", "23 résultats"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("page 1 lacks %q", want)
		}
	}
	if strings.Contains(r.body, `rel="prev"`) {
		t.Error("page 1 has a previous page")
	}
	r = e.get("fr.localhost", "/search?kind=planner&city=Lyon&page=2")
	for _, want := range []string{`<link rel="prev" href="http://fr.localhost:8080/search?city=Lyon&amp;kind=planner">`,
		`<a rel="prev"`, "Page 2 sur 2", `rel="canonical" href="http://fr.localhost:8080/search?city=Lyon&amp;kind=planner&amp;page=2"`} {
		if !strings.Contains(r.body, want) {
			t.Errorf("page 2 lacks %q", want)
		}
	}
	if strings.Contains(r.body, `rel="next"`) {
		t.Error("the last page has a next page")
	}
	if strings.Contains(r.body, `rel="alternate" hreflang`) {
		t.Error("a search, whose results are per country, has hreflang alternates")
	}
	if n := strings.Count(r.body, `<article class="result`); n != 3 {
		t.Errorf("%d cards on page 2", n)
	}
	// The filters stay in the paging links.
	r = e.get("fr.localhost", "/search?kind=planner&city=Lyon&radius=50&service=FULL_PLANNING")
	if want := `<a rel="next" href="/search?city=Lyon&amp;kind=planner&amp;page=2&amp;radius=50&amp;service=FULL_PLANNING">`; !strings.Contains(r.body, want) {
		t.Errorf("the filtered page 1 lacks %q", want)
	}
	r = e.get("fr.localhost", "/search?kind=planner&city=Lyon&radius=50&service=FULL_PLANNING&page=2")
	if want := `<a rel="prev" href="/search?city=Lyon&amp;kind=planner&amp;radius=50&amp;service=FULL_PLANNING">`; !strings.Contains(r.body, want) {
		t.Errorf("the filtered page 2 lacks %q", want)
	}
}

// A search page asked for again after a provider changed its card shows
// the change: the store keeps a page's rows until the directory changes.
func TestSearchShowsEveryChange(t *testing.T) {
	e := newEnv(t)
	id := e.seedPlanner(planner{name: "Atelier Lumière", slug: "atelier-lumiere", city: "Lyon", lat: 45.76, lng: 4.84})
	ctx := context.Background()
	page := func(step string, want, unwanted string) {
		t.Helper()
		for _, target := range []string{"/search?kind=planner", "/search?kind=planner&city=Lyon"} {
			body := e.get("fr.localhost", target).body
			if !strings.Contains(body, want) || (unwanted != "" && strings.Contains(body, unwanted)) {
				t.Fatalf("%s: %s lacks %q or has %q", step, target, want, unwanted)
			}
		}
	}
	page("first", `<span>A</span></span>`, "")
	storetest.Must(t, e.store.UpdateUserAvatar(ctx, id, "avatars/lumiere.jpg", e.clock.Now()))
	page("an avatar", `<img class="photo" src="/media/avatars/lumiere.jpg" alt="" width="480" height="360" decoding="async">`, `class="photo placeholder"`)
	_, err := e.store.DB().ExecContext(ctx, `UPDATE companies SET name = 'Studio Lumière' WHERE user_id = $1`, id)
	storetest.Must(t, err)
	page("renamed", ">Studio Lumière</a>", ">Atelier Lumière</a>")
	storetest.Must(t, e.store.SetUserModerated(ctx, id, false, e.clock.Now()))
	page("unmoderated", "0 résultat", "Studio Lumière</a>")
}

func TestJSONLD(t *testing.T) {
	e := newEnv(t)
	seedDirectory(e)
	ld := regexp.MustCompile(`(?s)<script type="application/ld\+json">(.*?)</script>`)
	t.Run("a planner with reviews", func(t *testing.T) {
		r := e.get("fr.localhost", "/p/atelier-lumiere")
		m := ld.FindStringSubmatch(r.body)
		if m == nil {
			t.Fatal("no JSON-LD")
		}
		var doc struct {
			Context string `json:"@context"`
			Type    string `json:"@type"`
			Name    string `json:"name"`
			URL     string `json:"url"`
			Address struct {
				Locality string `json:"addressLocality"`
				Country  string `json:"addressCountry"`
			} `json:"address"`
			Rating *struct {
				Value float64 `json:"ratingValue"`
				Count int     `json:"reviewCount"`
				Best  int     `json:"bestRating"`
			} `json:"aggregateRating"`
			Review []map[string]any `json:"review"`
		}
		if err := json.Unmarshal([]byte(m[1]), &doc); err != nil {
			t.Fatalf("%v\n%s", err, m[1])
		}
		if doc.Context != "https://schema.org" || doc.Type != "LocalBusiness" || doc.Name != "Atelier Lumière" ||
			doc.URL != "http://fr.localhost:8080/p/atelier-lumiere" || doc.Address.Locality != "Lyon" || doc.Address.Country != "FR" {
			t.Errorf("%+v", doc)
		}
		if doc.Rating == nil || doc.Rating.Value != 4.5 || doc.Rating.Count != 2 || doc.Rating.Best != 5 || len(doc.Review) != 2 {
			t.Errorf("rating %+v, %d reviews", doc.Rating, len(doc.Review))
		}
	})
	t.Run("a planner without reviews has no rating", func(t *testing.T) {
		r := e.get("fr.localhost", "/p/maison-premium")
		m := ld.FindStringSubmatch(r.body)
		var doc map[string]any
		if m == nil || json.Unmarshal([]byte(m[1]), &doc) != nil {
			t.Fatal("no JSON-LD")
		}
		if _, ok := doc["aggregateRating"]; ok {
			t.Error("an aggregateRating without reviews")
		}
	})
	t.Run("a name cannot close the script", func(t *testing.T) {
		e.seedPlanner(planner{name: "Evil </script><script>alert(1)</script>", slug: "evil", city: "Lyon", lat: 45.7, lng: 4.8})
		r := e.get("fr.localhost", "/p/evil")
		if strings.Contains(r.body, "<script>alert") {
			t.Fatal("the name broke out of the JSON-LD")
		}
		m := ld.FindStringSubmatch(r.body)
		var doc map[string]any
		if m == nil || json.Unmarshal([]byte(m[1]), &doc) != nil || doc["name"] != "Evil </script><script>alert(1)</script>" {
			t.Errorf("%v", doc)
		}
	})
}

func TestSimilarPlannersOnFreeProfilesOnly(t *testing.T) {
	e := newEnv(t)
	seedDirectory(e)
	r := e.get("fr.localhost", "/p/atelier-lumiere")
	if !strings.Contains(r.body, "Wedding planners similaires à proximité") || !strings.Contains(r.body, `href="/p/maison-premium"`) {
		t.Error("a free profile shows no similar planners")
	}
	r = e.get("fr.localhost", "/p/maison-premium")
	if strings.Contains(r.body, "similaires") || strings.Contains(r.body, `href="/p/atelier-lumiere"`) {
		t.Error("a premium profile shows competitors")
	}
	if !strings.Contains(r.body, `<span class="badge">Premium</span>`) {
		t.Error("no premium badge on a premium profile")
	}
}

func TestProfileViews(t *testing.T) {
	e := newEnv(t)
	s := seedDirectory(e)
	ctx := context.Background()
	views := func() int {
		n, err := e.store.CountProfileViews(ctx, s.free)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if r := e.do(http.MethodHead, "fr.localhost", "/p/atelier-lumiere", nil, ""); r.status != 200 {
		t.Fatalf("HEAD: %d", r.status)
	}
	if n := views(); n != 0 {
		t.Errorf("a HEAD counted %d views", n)
	}
	e.get("fr.localhost", "/p/atelier-lumiere")
	e.get("fr.localhost", "/p/atelier-lumiere")
	if n := views(); n != 1 {
		t.Errorf("two visits of one visitor on one day: %d views", n)
	}
	e.do(http.MethodGet, "fr.localhost", "/p/atelier-lumiere", nil, "", "User-Agent", "another browser")
	if n := views(); n != 2 {
		t.Errorf("a second visitor: %d views", n)
	}
}

// validProject is a general form a person would send.
func validProject(token string) url.Values {
	return url.Values{
		"formToken": {token}, "website": {""}, "eventType": {"wedding"}, "eventDate": {"2026-09-12"},
		"serviceType": {"FULL_PLANNING"}, "eventLocationCity": {"Lyon"}, "eventLocationZipcode": {"69002"},
		"budgetRange": {"20k_35k"}, "guestRange": {"100_150"}, "languages": {"fr", "en"}, "hasTheme": {"1"},
		"weddingTheme": {"Bohème"}, "message": {"Un mariage champêtre au bord de l'eau."},
		"firstname": {"Camille"}, "lastname": {"Martin"}, "email": {"camille@example.com"}, "phone": {"+33612345678"},
	}
}

func TestProjectForm(t *testing.T) {
	e := newEnv(t)
	s := seedDirectory(e)
	projects := func() int { return e.count(`SELECT COUNT(*) FROM projects`) }
	requestsTo := func(id string) int { return e.count(`SELECT COUNT(*) FROM event_requests WHERE provider_id = $1`, id) }
	fresh := func(host, path string) string {
		t.Helper()
		r := e.get(host, path)
		if r.status != 200 {
			t.Fatalf("GET %s: %d", path, r.status)
		}
		return formToken(t, r.body)
	}

	t.Run("a robot filling the honeypot is refused and nothing is written", func(t *testing.T) {
		tok := fresh("fr.localhost", "/project")
		e.clock.Advance(5 * time.Second)
		v := validProject(tok)
		v.Set("website", "http://spam.example")
		r := e.postForm("fr.localhost", "/project", v)
		if r.status != 400 || !strings.Contains(r.body, "Votre demande n&#39;a pas pu être envoyée") {
			t.Errorf("%d\n%s", r.status, r.body)
		}
		if strings.Contains(r.body, "spam.example") {
			t.Error("the honeypot's value came back")
		}
		if projects() != 0 {
			t.Error("a project was stored")
		}
	})
	t.Run("a form sent faster than a person can is refused", func(t *testing.T) {
		tok := fresh("fr.localhost", "/project")
		e.clock.Advance(time.Second)
		r := e.postForm("fr.localhost", "/project", validProject(tok))
		if r.status != 400 || projects() != 0 {
			t.Errorf("%d, %d projects", r.status, projects())
		}
		// The form comes back with the values and a new token.
		if !strings.Contains(r.body, `value="Camille"`) || formToken(t, r.body) == tok {
			t.Error("values or token not renewed")
		}
	})
	t.Run("a forged token is refused", func(t *testing.T) {
		e.clock.Advance(5 * time.Second)
		r := e.postForm("fr.localhost", "/project", validProject("1700000000.forged"))
		if r.status != 400 || projects() != 0 {
			t.Errorf("%d", r.status)
		}
	})
	t.Run("errors keep the values and show each field's message", func(t *testing.T) {
		for _, tc := range []struct{ host, email, phone, date string }{
			{"fr.localhost", "L&#39;adresse e-mail est obligatoire", "Numéro de téléphone invalide", "La date doit être dans le futur"},
			{"de.localhost", "", "", ""},
		} {
			tok := fresh(tc.host, "/project")
			e.clock.Advance(5 * time.Second)
			v := validProject(tok)
			v.Set("email", "")
			v.Set("phone", "12")
			v.Set("eventDate", "2020-01-01")
			v.Set("message", "Une <b>belle</b> fête")
			r := e.postForm(tc.host, "/project", v)
			if r.status != 422 {
				t.Fatalf("%s: %d", tc.host, r.status)
			}
			wants := []string{`value="Camille"`, `value="Martin"`, `value="Lyon"`, `value="Bohème"`, "Une &lt;b&gt;belle&lt;/b&gt; fête",
				`value="wedding" selected`, `value="FULL_PLANNING" selected`, `value="20k_35k" selected`, `name="languages" value="en" checked`,
				`name="hasTheme" value="1" checked`, `class="summary" role="alert"`, `<a href="#f-eventDate">`, `<a href="#f-email">`,
				`<a href="#f-phone">`, `id="f-email" name="email" value="" autocomplete="email" required aria-invalid="true" aria-describedby="e-email"`,
				`<p class="err" id="e-phone">`}
			if tc.email != "" {
				wants = append(wants, tc.email, tc.phone, tc.date, "<title>Erreur\u00a0: ")
			} else {
				wants = append(wants, e.site.Texts.T("de", "validation.email_required"), e.site.Texts.T("de", "validation.phone_invalid"), "<title>Fehler: ")
			}
			for _, w := range wants {
				if !strings.Contains(r.body, w) {
					t.Errorf("%s: the page lacks %q", tc.host, w)
				}
			}
			// The summary lists the fields in the form's order.
			if d, m := strings.Index(r.body, `href="#f-eventDate"`), strings.Index(r.body, `href="#f-email"`); d > m {
				t.Error("summary out of order")
			}
			// The token of the first display is kept, so no new wait is needed.
			if formToken(t, r.body) != tok {
				t.Error("the token changed")
			}
			checkPage(t, r)
		}
		if projects() != 0 {
			t.Error("a project was stored")
		}
	})
	t.Run("a valid general form is matched, stored and redirected", func(t *testing.T) {
		tok := fresh("fr.localhost", "/project")
		e.clock.Advance(5 * time.Second)
		r := e.postForm("fr.localhost", "/project", validProject(tok))
		if r.status != http.StatusSeeOther || !strings.HasPrefix(r.header.Get("Location"), "/project/sent?") {
			t.Fatalf("%d %q\n%s", r.status, r.header.Get("Location"), r.body)
		}
		// Nothing reaches a provider before the couple confirms.
		if projects() != 1 || requestsTo(s.free) != 0 || requestsTo(s.premium) != 0 {
			t.Errorf("before confirmation: %d projects, requests %d/%d", projects(), requestsTo(s.free), requestsTo(s.premium))
		}
		sent := e.get("fr.localhost", r.header.Get("Location"))
		if !strings.Contains(sent.body, "Vérifiez votre boîte e-mail pour confirmer") || !strings.Contains(sent.body, `action="/project/resend"`) ||
			sent.header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s", sent.body)
		}
		done := e.confirm("camille@example.com")
		if !strings.Contains(done.body, "Il a été envoyé à 2 professionnels.") {
			t.Errorf("%s", done.body)
		}
		if projects() != 1 || requestsTo(s.free) != 1 || requestsTo(s.premium) != 1 {
			t.Errorf("%d projects, requests %d/%d", projects(), requestsTo(s.free), requestsTo(s.premium))
		}
		var lat sql.NullFloat64
		var theme string
		err := e.store.DB().QueryRow(`SELECT event_latitude, wedding_theme FROM projects`).Scan(&lat, &theme)
		if err != nil || !lat.Valid || lat.Float64 < 45 || lat.Float64 > 46.5 || theme != "Bohème" {
			t.Errorf("the city was not located: %v %v %q", err, lat, theme)
		}
	})
	t.Run("a form on a planner's page goes to that planner only", func(t *testing.T) {
		tok := fresh("fr.localhost", "/p/atelier-lumiere")
		e.clock.Advance(5 * time.Second)
		before := requestsTo(s.premium)
		v := validProject(tok)
		v.Set("serviceType", "FULL_PLANNING")
		r := e.postForm("fr.localhost", "/p/atelier-lumiere/request", v)
		if r.status != http.StatusSeeOther || !strings.HasPrefix(r.header.Get("Location"), "/project/sent?") {
			t.Fatalf("%d %q\n%s", r.status, r.header.Get("Location"), r.body)
		}
		if done := e.confirm("camille@example.com"); !strings.Contains(done.body, "Il a été envoyé à 1 professionnel.") {
			t.Errorf("%s", done.body)
		}
		if requestsTo(s.free) != 2 || requestsTo(s.premium) != before {
			t.Errorf("requests %d/%d", requestsTo(s.free), requestsTo(s.premium))
		}
	})
	t.Run("a form on a planner's page with errors shows the page again", func(t *testing.T) {
		tok := fresh("fr.localhost", "/p/atelier-lumiere")
		e.clock.Advance(5 * time.Second)
		v := validProject(tok)
		v.Set("firstname", "")
		r := e.postForm("fr.localhost", "/p/atelier-lumiere/request", v)
		if r.status != 422 || !strings.Contains(r.body, "<h1>Atelier Lumière</h1>") || !strings.Contains(r.body, `<a href="#f-firstname">`) {
			t.Errorf("%d\n%s", r.status, r.body)
		}
		checkPage(t, r)
	})
	t.Run("a form on a venue's page goes to its owner", func(t *testing.T) {
		tok := fresh("fr.localhost", "/v/chateau-loire")
		e.clock.Advance(5 * time.Second)
		v := validProject(tok)
		v.Del("serviceType")
		v.Set("serviceType", "VENUE")
		v.Set("eventLocationCity", "Tours")
		v.Del("eventLocationZipcode")
		// A planner whose slug is the venue's must not get the venue's request.
		twin := e.seedPlanner(planner{name: "Twin Slug", slug: "chateau-loire", city: "Tours", lat: 47.39, lng: 0.68})
		r := e.postForm("fr.localhost", "/v/chateau-loire/request", v)
		e.confirm("camille@example.com")
		if r.status != http.StatusSeeOther || requestsTo(s.venueOwner) != 1 || requestsTo(twin) != 0 {
			t.Errorf("%d, %d requests, %d to the planner\n%s", r.status, requestsTo(s.venueOwner), requestsTo(twin), r.body)
		}
		if n := e.count(`SELECT COUNT(*) FROM event_requests WHERE provider_id = $1 AND venue_id = $2`, s.venueOwner, e.venueID("chateau-loire")); n != 1 {
			t.Errorf("the request does not name its venue: %d", n)
		}
	})
	t.Run("no match gets a kind thank-you", func(t *testing.T) {
		tok := fresh("fr.localhost", "/project")
		e.clock.Advance(5 * time.Second)
		v := validProject(tok)
		v.Set("serviceType", "CORPORATE_EVENTS")
		r := e.postForm("fr.localhost", "/project", v)
		if r.status != http.StatusSeeOther {
			t.Fatalf("%d %q", r.status, r.header.Get("Location"))
		}
		done := e.confirm("camille@example.com")
		if !strings.Contains(done.body, `data-matched="0"`) || !strings.Contains(done.body, "il n&#39;a été envoyé à personne") {
			t.Errorf("%s", done.body)
		}
	})
	t.Run("too many projects from one address get the too-many page", func(t *testing.T) {
		ctx := context.Background()
		for range 10 {
			storetest.Must(t, e.limiter.Hit(ctx, "project:ip:192.0.2.10"))
		}
		n := projects()
		tok := fresh("fr.localhost", "/project")
		e.clock.Advance(5 * time.Second)
		r := e.postForm("fr.localhost", "/project", validProject(tok))
		if r.status != http.StatusTooManyRequests || !strings.Contains(r.body, "Trop de demandes") || r.header.Get("Retry-After") == "" {
			t.Errorf("%d %q\n%s", r.status, r.header.Get("Retry-After"), r.body)
		}
		if projects() != n {
			t.Error("a project was stored")
		}
		checkPage(t, r)
	})
	t.Run("the check-your-inbox page offers no resend for a forged key", func(t *testing.T) {
		r := e.get("fr.localhost", "/project/sent?p=x&k=forged")
		if r.status != 200 || strings.Contains(r.body, `action="/project/resend"`) || !strings.Contains(r.body, "Vérifiez votre boîte e-mail") {
			t.Errorf("%d\n%s", r.status, r.body)
		}
	})
}

// multipartReview encodes a review form, with a photo when given.
func multipartReview(fields map[string]string, photo []byte) (io.Reader, string) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	if photo != nil {
		part, _ := w.CreateFormFile("photo", "photo.png")
		_, _ = part.Write(photo)
	}
	_ = w.Close()
	return &b, w.FormDataContentType()
}

func pngOf(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		for y := range h {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestReviewForm(t *testing.T) {
	e := newEnv(t)
	s := seedDirectory(e)
	path := "/review/" + s.reviewToken
	valid := func(email string) map[string]string {
		return map[string]string{"rating": "5", "title": "Parfait", "body": "Tout était parfait, du début à la fin de la journée.",
			"reviewerName": "Léa Dupont", "reviewerType": "couple", "weddingDate": "2025-09-20", "email": email}
	}
	pending := func() int {
		return e.count(`SELECT COUNT(*) FROM reviews WHERE provider_id = $1 AND status = 'pending'`, s.free)
	}
	tests := []struct {
		name     string
		host     string
		fields   map[string]string
		photo    []byte
		status   int
		contains []string
		stored   int // pending reviews after the request
	}{
		{"a valid review with a photo", "fr.localhost", valid("lea@example.com"), pngOf(t, 400, 300), http.StatusSeeOther, nil, 2},
		{"the same e-mail again", "fr.localhost", valid("LEA@example.com"), nil, 422,
			[]string{"Un avis de cette adresse e-mail existe déjà", `<a href="#f-email">`, `aria-describedby="h-email e-email" aria-invalid="true"`, `value="Léa Dupont"`}, 2},
		{"a rating out of range", "de.localhost", func() map[string]string { v := valid("max@example.com"); v["rating"] = "9"; return v }(), nil, 422,
			[]string{`<a href="#f-rating">`, e.site.Texts.T("de", "review.errors.rating"), `value="Parfait"`}, 2},
		{"no rating", "fr.localhost", func() map[string]string { v := valid("max@example.com"); delete(v, "rating"); return v }(), nil, 422,
			[]string{"Veuillez donner de 1 à 5 étoiles"}, 2},
		{"a photo too small", "fr.localhost", valid("small@example.com"), pngOf(t, 120, 120), 422,
			[]string{"La photo est trop petite", `<a href="#f-photo">`}, 2},
		{"a file that is no image", "fr.localhost", valid("text@example.com"), []byte("hello, not an image"), 422,
			[]string{"n&#39;est pas une image"}, 2},
		{"a review without photo", "de.localhost", valid("ohne@example.com"), nil, http.StatusSeeOther, nil, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body, ct := multipartReview(tc.fields, tc.photo)
			r := e.do(http.MethodPost, tc.host, path, body, ct)
			if r.status != tc.status {
				t.Fatalf("%d, want %d\n%s", r.status, tc.status, r.body)
			}
			if tc.status == http.StatusSeeOther && r.header.Get("Location") != path+"/sent" {
				t.Errorf("location %q", r.header.Get("Location"))
			}
			for _, c := range tc.contains {
				if !strings.Contains(r.body, c) {
					t.Errorf("the page lacks %q", c)
				}
			}
			if tc.status != http.StatusSeeOther {
				checkPage(t, r)
			}
			if n := pending(); n != tc.stored {
				t.Errorf("%d pending reviews, want %d", n, tc.stored)
			}
		})
	}
	t.Run("the photo is stored", func(t *testing.T) {
		if n := e.count(`SELECT COUNT(*) FROM reviews WHERE photo_key <> ''`); n != 1 {
			t.Errorf("%d photos", n)
		}
	})
	t.Run("the thank-you page", func(t *testing.T) {
		r := e.get("fr.localhost", path+"/sent")
		if r.status != 200 || !strings.Contains(r.body, "Merci pour votre avis") || !strings.Contains(r.body, "page de Atelier Lumière une fois vérifié") {
			t.Errorf("%d\n%s", r.status, r.body)
		}
		checkPage(t, r)
	})
	t.Run("pending reviews are not shown", func(t *testing.T) {
		r := e.get("fr.localhost", "/p/atelier-lumiere")
		if strings.Contains(r.body, "Léa Dupont") || !strings.Contains(r.body, "2 avis") {
			t.Error("a pending review is public")
		}
	})
	t.Run("an unknown token", func(t *testing.T) {
		body, ct := multipartReview(valid("x@example.com"), nil)
		if r := e.do(http.MethodPost, "fr.localhost", "/review/nope", body, ct); r.status != 404 {
			t.Errorf("%d", r.status)
		}
		if r := e.get("fr.localhost", "/review/nope/sent"); r.status != 404 {
			t.Errorf("%d", r.status)
		}
	})
}

func TestBadge(t *testing.T) {
	e := newEnv(t)
	s := seedDirectory(e)
	tests := []struct {
		name, host, query     string
		bg, width             string
		contains, notContains []string
	}{
		{"white and little by default", "fr.localhost", "", "#ffffff", `width="184"`, []string{"Recommandé sur", "Noces"}, []string{"Atelier Lumière</text>"}},
		{"black and big", "fr.localhost", "?theme=black&size=big", "#1d1719", `width="240"`, []string{"Recommandé sur", "Atelier Lumière</text>"}, nil},
		{"white and big in German", "de.localhost", "?theme=white&size=big", "#ffffff", `width="240"`, []string{"Empfohlen auf", "Atelier Lumière</text>"}, nil},
		{"black and little", "de.localhost", "?theme=black&size=little", "#1d1719", `width="184"`, []string{"Empfohlen auf"}, nil},
		{"invalid values fall back", "fr.localhost", "?theme=pink&size=huge", "#ffffff", `width="184"`, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := e.get(tc.host, "/badge/atelier-lumiere.svg"+tc.query)
			if r.status != 200 {
				t.Fatalf("%d", r.status)
			}
			if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "image/svg+xml") {
				t.Errorf("content type %q", ct)
			}
			if cc := r.header.Get("Cache-Control"); cc != "public, max-age=86400" {
				t.Errorf("cache %q", cc)
			}
			if csp := r.header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") || strings.Contains(csp, "script") {
				t.Errorf("CSP %q", csp)
			}
			if !strings.Contains(r.body, `fill="`+tc.bg+`"`) || !strings.Contains(r.body, tc.width) {
				t.Errorf("%s", r.body)
			}
			for _, c := range tc.contains {
				if !strings.Contains(r.body, c) {
					t.Errorf("the badge lacks %q", c)
				}
			}
			for _, c := range tc.notContains {
				if strings.Contains(r.body, c) {
					t.Errorf("the badge has %q", c)
				}
			}
			if strings.Contains(strings.ToLower(r.body), "<script") {
				t.Error("a script in the badge")
			}
			dec := xml.NewDecoder(strings.NewReader(r.body))
			for {
				if _, err := dec.Token(); err == io.EOF {
					break
				} else if err != nil {
					t.Fatalf("not well-formed XML: %v", err)
				}
			}
		})
	}
	t.Run("the approved reviews' average and count", func(t *testing.T) {
		// Atelier Lumière has two approved reviews (5 and 4) and a pending 1,
		// which counts for nothing.
		for _, tc := range []struct{ host, query, score, label, height string }{
			{"fr.localhost", "", "★ 4,5 · 2 avis", "4,5 sur 5 · 2 avis", `height="74"`},
			{"fr.localhost", "?size=big&theme=black", "★ 4,5 · 2 avis", "4,5 sur 5 · 2 avis", `height="142"`},
			{"uk.localhost", "", "★ 4.5 · 2 reviews", "4.5 out of 5 · 2 reviews", `height="74"`},
			{"de.localhost", "?size=big", "★ 4,5 · 2 Bewertungen", "4,5 von 5 · 2 Bewertungen", `height="142"`},
		} {
			r := e.get(tc.host, "/badge/atelier-lumiere.svg"+tc.query)
			if r.status != 200 || !strings.Contains(r.body, ">"+tc.score+"</text>") || !strings.Contains(r.body, tc.label+`"`) ||
				!strings.Contains(r.body, tc.height) {
				t.Errorf("%s%s: want %q, %q and %s in\n%s", tc.host, tc.query, tc.score, tc.label, tc.height, r.body)
			}
		}
		// A long word for "reviews" is squeezed into the little badge, not cut.
		r := e.get("de.localhost", "/badge/atelier-lumiere.svg")
		if !strings.Contains(r.body, `textLength="124" lengthAdjust="spacingAndGlyphs"`) {
			t.Errorf("the German score line is not fitted:\n%s", r.body)
		}
		// Without approved reviews there is no score line and no taller badge.
		r = e.get("fr.localhost", "/badge/maison-premium.svg")
		if r.status != 200 || strings.Contains(r.body, "★") || strings.Contains(r.body, " sur 5") || !strings.Contains(r.body, `height="56"`) {
			t.Errorf("a badge without reviews:\n%s", r.body)
		}
		// A review approved later shows (the badge is computed per request;
		// browsers and proxies keep their copy a day, as the header says).
		e.seedReview(s.premium, 3, "Zoé", model.ReviewApproved)
		r = e.get("fr.localhost", "/badge/maison-premium.svg?size=big")
		if !strings.Contains(r.body, ">★ 3,0 · 1 avis</text>") {
			t.Errorf("a first review is not on the badge:\n%s", r.body)
		}
	})
	t.Run("a name is escaped", func(t *testing.T) {
		e.seedPlanner(planner{name: `A&B <"Mariages">`, slug: "a-and-b", city: "Lyon", lat: 45.7, lng: 4.8})
		r := e.get("fr.localhost", "/badge/a-and-b.svg?size=big")
		if r.status != 200 || !strings.Contains(r.body, "A&amp;B &lt;&#34;Mariages&#34;&gt;") {
			t.Errorf("%d\n%s", r.status, r.body)
		}
	})
	for _, path := range []string{"/badge/nobody.svg", "/badge/atelier-lumiere.png", "/badge/.svg", "/badge/hochzeit-berlin"} {
		t.Run("404 for "+path, func(t *testing.T) {
			if r := e.get("fr.localhost", path); r.status != 404 {
				t.Errorf("%d", r.status)
			}
		})
	}
}

func TestMethods(t *testing.T) {
	e := newEnv(t)
	seedDirectory(e)
	for _, tc := range []struct {
		method, path string
		status       int
	}{
		{"HEAD", "/", 200},
		{"POST", "/", 404},
		{"DELETE", "/p/atelier-lumiere", 404},
		{"GET", "/p/atelier-lumiere/request", 404},
	} {
		if r := e.do(tc.method, "fr.localhost", tc.path, nil, ""); r.status != tc.status {
			t.Errorf("%s %s: %d, want %d", tc.method, tc.path, r.status, tc.status)
		}
	}
}

// A card's photo is the planner's avatar, else its first visible gallery
// photo with a srcset of the two files kept; the first cards load theirs
// at once, the others when scrolled to, and every image has its size so
// that nothing moves as they load.
func TestSearchCardPhotos(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	now := e.clock.Now()
	photo := func(owner, name string, position int, visible bool) {
		storetest.Must(t, e.store.CreateImage(ctx, model.Image{ID: model.NewID(), OwnerID: owner, Title: "Mariage " + name,
			IsVisible: visible, Position: position, ImageFile: model.ImageFile{ImageKey: "g/" + name + ".jpg", Width: 1200, Height: 800,
				ThumbKey: "g/" + name + "-t.jpg", ThumbWidth: 480, ThumbHeight: 320, ByteSize: 1000}, CreatedAt: now, UpdatedAt: now}))
	}
	for i := 1; i <= 6; i++ {
		id := e.seedPlanner(planner{name: fmt.Sprintf("P%d", i), slug: fmt.Sprintf("p%d", i), city: "Lyon", lat: 45.76, lng: 4.84})
		switch i {
		case 2:
			storetest.Must(t, e.store.UpdateUserAvatar(ctx, id, "avatars/p2.jpg", now))
			photo(id, "p2", 1, true)
		case 6:
			photo(id, "p6-hidden", 1, false)
			photo(id, "p6", 2, true)
		default:
			photo(id, fmt.Sprintf("p%d", i), 1, true)
		}
	}
	body := e.get("fr.localhost", "/search?kind=planner").body
	img := func(name string, eager bool) string {
		load := ` loading="lazy"`
		if eager {
			load = ""
		}
		return `<img class="photo" src="/media/g/` + name + `-t.jpg" srcset="/media/g/` + name + `-t.jpg 480w, /media/g/` + name +
			`.jpg 1200w" sizes="(max-width: 599px) 112px, 320px" alt="Mariage ` + name + `" width="480" height="320"` + load + ` decoding="async">`
	}
	for _, want := range []string{img("p1", true), `<img class="photo" src="/media/avatars/p2.jpg" alt="" width="480" height="360" decoding="async">`,
		img("p3", true), img("p4", true), img("p5", false), img("p6", false)} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if strings.Contains(body, "p6-hidden") || strings.Contains(body, `class="photo placeholder"`) {
		t.Error("a hidden photo or a placeholder is shown")
	}
	if eager, lazy := strings.Count(body, `<img class="photo"`)-strings.Count(body, `loading="lazy"`), strings.Count(body, `loading="lazy"`); eager != 4 || lazy != 2 {
		t.Errorf("%d photos load at once and %d lazily, want 4 and 2", eager, lazy)
	}
}

// A card is written in Go, not by the template: every text in it is
// still escaped.
func TestSearchCardEscapesItsTexts(t *testing.T) {
	e := newEnv(t)
	e.seedPlanner(planner{name: `Fleurs <b>&</b> "Co'"`, slug: "fleurs", city: `Lyon <i>`, lat: 45.76, lng: 4.84})
	body := e.get("fr.localhost", "/search?kind=planner").body
	for _, want := range []string{`>Fleurs &lt;b&gt;&amp;&lt;/b&gt; &#34;Co&#39;&#34;</a></h3>`, `<p class="where">Lyon &lt;i&gt;</p>`,
		`<span>F</span></span>`} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if strings.Contains(body, "<b>&</b>") || strings.Contains(body, "Lyon <i>") {
		t.Error("a text is not escaped")
	}
}
