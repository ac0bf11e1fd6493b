package site

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"noces/internal/i18n"
	"noces/internal/legal"
	"noces/internal/model"
	"noces/internal/textkey"
)

// Every kind has a slug in every language, read back to the same kind and
// city; no slug of one language is another kind's in the same language.
func TestBrowseSlugsBothWays(t *testing.T) {
	e := newEnv(t)
	s := e.site
	for _, lang := range i18n.Langs {
		seen := map[string]string{}
		for _, kind := range browseKinds {
			p := s.browsePath(lang, kind, "saint-etienne")
			slug := strings.Split(p, "/")[1]
			if slug == "" || textkey.Slug(slug) != slug {
				t.Errorf("%s %s: slug %q", lang, kind, slug)
			}
			if other, dup := seen[slug]; dup {
				t.Errorf("%s: %q is both %s and %s", lang, slug, other, kind)
			}
			seen[slug] = kind
			k, city, ok := s.parseBrowsePath(lang, p)
			if !ok || k != kind || city != "saint-etienne" {
				t.Errorf("%s: %q read back as %q %q %v", lang, p, k, city, ok)
			}
		}
	}
	want := map[string]string{"fr": "/organisateurs-de-mariage/lyon", "en": "/wedding-planners/lyon", "de": "/hochzeitsplaner/lyon"}
	for lang, p := range want {
		if got := s.browsePath(lang, "planner", "lyon"); got != p {
			t.Errorf("%s: %q, want %q", lang, got, p)
		}
	}
	if got := s.browsePath("fr", "venue", "lyon"); got != "/lieux-de-reception/lyon" {
		t.Errorf("fr venues: %q", got)
	}
	for _, p := range []string{"/", "/wedding-planners", "/wedding-planners/", "/wedding-planners/Lyon", "/wedding-planners/lyon/x",
		"/wedding-planners/ly%20on", "/nope/lyon", "wedding-planners/lyon", "/wedding-planners/-lyon", "/wedding-planners/lyon-"} {
		if k, c, ok := s.parseBrowsePath("en", p); ok {
			t.Errorf("%q read as %q %q", p, k, c)
		}
	}
	if _, _, ok := s.parseBrowsePath("fr", "/wedding-planners/lyon"); ok {
		t.Error("an English slug names a page of the French domain")
	}
}

func FuzzBrowsePath(f *testing.F) {
	for _, seed := range []string{"/wedding-planners/lyon", "/organisateurs-de-mariage/saint-etienne", "/", "//", "/a/b/c", "/wedding-venues/é",
		"/wedding-planners/" + strings.Repeat("a", 300)} {
		f.Add("en", seed)
	}
	e := newEnv(f)
	f.Fuzz(func(t *testing.T, lang, path string) {
		kind, city, ok := e.site.parseBrowsePath(lang, path)
		if !ok {
			return
		}
		if !slices.Contains(browseKinds, kind) || city == "" || textkey.Slug(city) != city {
			t.Fatalf("%q %q read as %q %q", lang, path, kind, city)
		}
		if back := e.site.browsePath(lang, kind, city); back != path {
			t.Fatalf("%q read as %q %q, written back %q", path, kind, city, back)
		}
	})
}

func FuzzSitemapPartNumber(f *testing.F) {
	for _, seed := range []string{"sitemap-1.xml", "sitemap-0.xml", "sitemap-01.xml", "sitemap-+1.xml", "sitemap-99999999999999999999.xml", "sitemap-.xml", "x"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, name string) {
		n, ok := sitemapPartNumber(name)
		if !ok {
			return
		}
		if n < 1 || name != "sitemap-"+strconv.Itoa(n)+".xml" {
			t.Fatalf("%q read as %d", name, n)
		}
	})
}

var breadcrumbLD = regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`)

func TestBrowsePages(t *testing.T) {
	e := newEnv(t)
	seedDirectory(e)
	// A city whose only planner is hidden has no page.
	e.seedPlanner(planner{name: "Caché", slug: "cache-marseille", city: "Marseille", lat: 43.3, lng: 5.37, hidden: true})

	r := e.get("fr.localhost", "/organisateurs-de-mariage/lyon")
	if r.status != 200 {
		t.Fatalf("%d\n%s", r.status, r.body)
	}
	for _, want := range []string{"<h1>Wedding planners à Lyon</h1>", "Comparez les wedding planners à Lyon et alentour",
		"Atelier Lumière", "Maison Premium", "2 résultats",
		`<link rel="canonical" href="http://fr.localhost:8080/organisateurs-de-mariage/lyon">`,
		`<a href="/organisateurs-de-mariage/lyon" aria-current="page">Lyon</a>`, `<a href="/">Accueil</a>`,
		`<meta property="og:url" content="http://fr.localhost:8080/organisateurs-de-mariage/lyon">`,
		`<input id="s-city" name="city" value="Lyon"`} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(r.body, `rel="alternate" hreflang`) {
		t.Error("a browse page, whose listings are per country, has hreflang alternates")
	}
	m := breadcrumbLD.FindStringSubmatch(r.body)
	if m == nil {
		t.Fatal("no JSON-LD")
	}
	var ld struct {
		Type  string `json:"@type"`
		Items []struct {
			Position int    `json:"position"`
			Name     string `json:"name"`
			Item     string `json:"item"`
		} `json:"itemListElement"`
	}
	if err := json.Unmarshal([]byte(m[1]), &ld); err != nil {
		t.Fatal(err)
	}
	if ld.Type != "BreadcrumbList" || len(ld.Items) != 3 || ld.Items[2].Position != 3 || ld.Items[2].Name != "Lyon" ||
		ld.Items[2].Item != "http://fr.localhost:8080/organisateurs-de-mariage/lyon" || ld.Items[0].Item != "http://fr.localhost:8080/" {
		t.Errorf("%+v", ld)
	}
	checkPage(t, r)

	for _, c := range []struct{ host, path, want string }{
		{"fr.localhost", "/organisation-complete/lyon", "<h1>Organisation complète à Lyon</h1>"},
		{"fr.localhost", "/organisateurs-de-mariage/vienne", "<h1>Wedding planners à Vienne</h1>"},
		{"fr.localhost", "/lieux-de-reception/tours", "<h1>Lieux de réception à Tours</h1>"},
		{"de.localhost", "/hochzeitsplaner/berlin", "<h1>Hochzeitsplaner in Berlin</h1>"},
	} {
		r := e.get(c.host, c.path)
		if r.status != 200 || !strings.Contains(r.body, c.want) {
			t.Errorf("%s%s: %d, lacks %q", c.host, c.path, r.status, c.want)
		}
	}
	for _, c := range []struct{ host, path string }{
		{"fr.localhost", "/organisateurs-de-mariage/paris"},     // nobody there
		{"fr.localhost", "/organisateurs-de-mariage/marseille"}, // only a hidden planner
		{"fr.localhost", "/lieux-de-reception/lyon"},            // planners, no venue
		{"fr.localhost", "/conseil-mariage/lyon"},               // nobody offers it
		{"fr.localhost", "/wedding-planners/lyon"},              // another language's slug
		{"fr.localhost", "/organisateurs-de-mariage/berlin"},    // another country's city
		{"uk.localhost", "/wedding-planners/lyon"},              // idem
		{"fr.localhost", "/mariage/lyon"},
		{"fr.localhost", "/organisateurs-de-mariage/lyon?page=1"},
		{"fr.localhost", "/organisateurs-de-mariage/lyon?page=2"},
		{"fr.localhost", "/organisateurs-de-mariage/lyon?page=x"},
	} {
		if r := e.get(c.host, c.path); r.status != 404 || !strings.Contains(r.body, `content="noindex"`) {
			t.Errorf("%s%s: %d", c.host, c.path, r.status)
		}
	}

	t.Run("paged with real links", func(t *testing.T) {
		for i := range 21 {
			e.seedPlanner(planner{name: fmt.Sprintf("Planner %02d", i), slug: fmt.Sprintf("planner-%02d", i), city: "Lyon", lat: 45.7, lng: 4.8})
		}
		r := e.get("fr.localhost", "/organisateurs-de-mariage/lyon")
		for _, want := range []string{`<a rel="next" href="/organisateurs-de-mariage/lyon?page=2">`,
			`<link rel="next" href="http://fr.localhost:8080/organisateurs-de-mariage/lyon?page=2">`, "23 résultats"} {
			if !strings.Contains(r.body, want) {
				t.Errorf("page 1 lacks %q", want)
			}
		}
		r = e.get("fr.localhost", "/organisateurs-de-mariage/lyon?page=2")
		for _, want := range []string{`<a rel="prev" href="/organisateurs-de-mariage/lyon">`,
			`<link rel="canonical" href="http://fr.localhost:8080/organisateurs-de-mariage/lyon?page=2">`, "Page 2 sur 2"} {
			if !strings.Contains(r.body, want) {
				t.Errorf("page 2 lacks %q", want)
			}
		}
		if r := e.get("fr.localhost", "/organisateurs-de-mariage/lyon?page=3"); r.status != 404 {
			t.Errorf("page 3: %d", r.status)
		}
	})

	t.Run("linked from the home page and the profiles", func(t *testing.T) {
		r := e.get("fr.localhost", "/")
		for _, want := range []string{"Parcourir par ville", `<a href="/organisateurs-de-mariage/lyon">Lyon</a>`,
			`<a href="/lieux-de-reception/tours">Tours</a>`} {
			if !strings.Contains(r.body, want) {
				t.Errorf("the home page lacks %q", want)
			}
		}
		if strings.Contains(r.body, "marseille") {
			t.Error("the home page links to a city of hidden planners only")
		}
		r = e.get("fr.localhost", "/p/atelier-lumiere")
		for _, want := range []string{`<a href="/organisateurs-de-mariage/lyon">Wedding planners à Lyon</a>`,
			`<a href="/organisation-complete/lyon">Organisation complète à Lyon</a>`} {
			if !strings.Contains(r.body, want) {
				t.Errorf("the profile lacks %q", want)
			}
		}
		r = e.get("fr.localhost", "/v/chateau-loire")
		if !strings.Contains(r.body, `<a href="/lieux-de-reception/tours">Lieux de réception à Tours</a>`) {
			t.Error("the venue links to no browse page")
		}
	})
}

// sitemapOf reads a sitemap or a sitemap index.
func sitemapOf(t *testing.T, e *env, host, path string) (urls, maps []sitemapURL) {
	t.Helper()
	r := e.get(host, path)
	if r.status != 200 || r.header.Get("Content-Type") != "application/xml; charset=utf-8" {
		t.Fatalf("%s%s: %d %q\n%s", host, path, r.status, r.header.Get("Content-Type"), r.body)
	}
	var doc struct {
		XMLName xml.Name
		URLs    []sitemapURL `xml:"url"`
		Maps    []sitemapURL `xml:"sitemap"`
	}
	if err := xml.Unmarshal([]byte(r.body), &doc); err != nil {
		t.Fatal(err)
	}
	return doc.URLs, doc.Maps
}

func locs(urls []sitemapURL) []string {
	out := make([]string, len(urls))
	for i, u := range urls {
		out[i] = u.Loc
	}
	return out
}

func TestSitemapListsVisibleListingsOnly(t *testing.T) {
	e := newEnv(t)
	seedDirectory(e)
	e.seedPlanner(planner{name: "Pas modéré", slug: "pas-modere", city: "Lyon", lat: 45.76, lng: 4.84, hidden: true})
	e.seedPlanner(planner{name: "Siret inactif", slug: "siret-inactif", city: "Lyon", lat: 45.76, lng: 4.84, siret: model.SiretInactive})
	e.seedPlanner(planner{name: "Siret inconnu", slug: "siret-inconnu", city: "Lyon", lat: 45.76, lng: 4.84, siret: model.SiretNotFound})
	e.seedPlanner(planner{name: "Siret non vérifié", slug: "siret-non-verifie", city: "Nice", lat: 43.7, lng: 7.26, siret: model.SiretUnknown})
	gone := e.seedPlanner(planner{name: "Supprimé", slug: "supprime", city: "Lyon", lat: 45.76, lng: 4.84})
	if _, err := e.store.DB().Exec(`UPDATE users SET deleted_at = updated_at WHERE id = $1`, gone); err != nil {
		t.Fatal(err)
	}
	e.seedVenue("Pas publiée", "pas-publiee", "Tours", 47.39, 0.68, false, true)
	e.seedVenue("Propriétaire pas modéré", "proprietaire-pas-modere", "Nantes", 47.21, -1.55, true, false)
	e.seedVenue("Pas validée", "pas-validee", "Tours", 47.39, 0.68, true, true)
	if _, err := e.store.DB().Exec(`UPDATE venues SET is_validated = FALSE WHERE slug = 'pas-validee'`); err != nil {
		t.Fatal(err)
	}

	urls, maps := sitemapOf(t, e, "fr.localhost", "/sitemap.xml")
	if len(maps) != 0 {
		t.Fatalf("an index for %d addresses", len(urls))
	}
	got := locs(urls)
	want := []string{"http://fr.localhost:8080/", "http://fr.localhost:8080/p/atelier-lumiere", "http://fr.localhost:8080/p/maison-premium",
		"http://fr.localhost:8080/v/chateau-loire", "http://fr.localhost:8080/organisateurs-de-mariage/lyon",
		"http://fr.localhost:8080/organisateurs-de-mariage/vienne", "http://fr.localhost:8080/organisation-complete/lyon",
		"http://fr.localhost:8080/organisation-complete/vienne", "http://fr.localhost:8080/lieux-de-reception/tours"}
	want = append(want, legalURLs("http://fr.localhost:8080")...)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("the French sitemap:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, u := range urls {
		if strings.Contains(u.Loc, "/p/") || strings.Contains(u.Loc, "/v/") {
			if u.LastMod != testNow.UTC().Format("2006-01-02T15:04:05Z") {
				t.Errorf("%s: lastmod %q", u.Loc, u.LastMod)
			}
		}
	}
	urls, _ = sitemapOf(t, e, "de.localhost", "/sitemap.xml")
	got = locs(urls)
	slices.Sort(got)
	want = []string{"http://de.localhost:8080/", "http://de.localhost:8080/hochzeitsplaner/berlin", "http://de.localhost:8080/komplettplanung/berlin",
		"http://de.localhost:8080/p/hochzeit-berlin"}
	want = append(want, legalURLs("http://de.localhost:8080")...)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("the German sitemap: %v", got)
	}

	t.Run("split into an index past its limit", func(t *testing.T) {
		e.site.sitemapMax = 4
		_, maps := sitemapOf(t, e, "fr.localhost", "/sitemap.xml")
		if !slices.Equal(locs(maps), []string{"http://fr.localhost:8080/sitemap-1.xml", "http://fr.localhost:8080/sitemap-2.xml",
			"http://fr.localhost:8080/sitemap-3.xml", "http://fr.localhost:8080/sitemap-4.xml"}) {
			t.Fatalf("%v", maps)
		}
		var all []string
		for i, m := range maps {
			part, _ := sitemapOf(t, e, "fr.localhost", strings.TrimPrefix(m.Loc, "http://fr.localhost:8080"))
			if len(part) == 0 || len(part) > 4 || (i < 3 && len(part) != 4) {
				t.Errorf("%s: %d addresses", m.Loc, len(part))
			}
			all = append(all, locs(part)...)
		}
		slices.Sort(all)
		if !slices.Equal(all, want9(e)) {
			t.Errorf("the parts hold %v", all)
		}
		for _, p := range []string{"/sitemap-5.xml", "/sitemap-0.xml", "/sitemap-01.xml", "/sitemap-x.xml", "/sitemap-1.txt"} {
			if r := e.get("fr.localhost", p); r.status != 404 {
				t.Errorf("%s: %d", p, r.status)
			}
		}
		e.site.sitemapMax = 0
		if r := e.get("fr.localhost", "/sitemap-1.xml"); r.status != 404 {
			t.Errorf("a part of an unsplit sitemap: %d", r.status)
		}
	})
}

// legalURLs are a domain's legal pages, which every sitemap lists.
func legalURLs(base string) []string {
	out := make([]string, len(legal.Pages))
	for i, page := range legal.Pages {
		out[i] = base + "/legal/" + page
	}
	return out
}

// want9 is the French sitemap of TestSitemapListsVisibleListingsOnly, read
// again unsplit.
func want9(e *env) []string {
	max := e.site.sitemapMax
	e.site.sitemapMax = 0
	defer func() { e.site.sitemapMax = max }()
	urls, _ := sitemapOf(e.t.(*testing.T), e, "fr.localhost", "/sitemap.xml")
	out := locs(urls)
	slices.Sort(out)
	return out
}

func TestSitemapFollowsChanges(t *testing.T) {
	e := newEnv(t)
	seedDirectory(e)
	urls, _ := sitemapOf(t, e, "fr.localhost", "/sitemap.xml")
	if !slices.Contains(locs(urls), "http://fr.localhost:8080/p/maison-premium") {
		t.Fatal("no maison-premium")
	}
	if _, err := e.store.DB().Exec(`UPDATE users SET is_moderated = FALSE WHERE id IN (SELECT user_id FROM companies WHERE slug = 'maison-premium')`); err != nil {
		t.Fatal(err)
	}
	urls, _ = sitemapOf(t, e, "fr.localhost", "/sitemap.xml")
	for _, u := range locs(urls) {
		if strings.Contains(u, "maison-premium") || strings.HasSuffix(u, "/vienne") {
			t.Errorf("after moderation was withdrawn: %s", u)
		}
	}
	if r := e.get("fr.localhost", "/organisateurs-de-mariage/vienne"); r.status != 404 {
		t.Errorf("the browse page of a city left empty: %d", r.status)
	}
}

func TestRobots(t *testing.T) {
	e := newEnv(t)
	for _, host := range []string{"fr.localhost", "uk.localhost"} {
		r := e.get(host, "/robots.txt")
		if r.status != 200 || r.header.Get("Content-Type") != "text/plain; charset=utf-8" {
			t.Fatalf("%d %q", r.status, r.header.Get("Content-Type"))
		}
		for _, want := range []string{"User-agent: *\n", "Allow: /\n", "Disallow: /project\n", "Disallow: /review/\n", "Disallow: /search?\n",
			"Sitemap: http://" + host + ":8080/sitemap.xml\n"} {
			if !strings.Contains(r.body, want) {
				t.Errorf("%s: robots.txt lacks %q\n%s", host, want, r.body)
			}
		}
		if strings.Contains(r.body, "Disallow: /p/") || strings.Contains(r.body, "Disallow: /\n") {
			t.Errorf("%s: the public pages are disallowed\n%s", host, r.body)
		}
	}
}

func TestAListingLivesOnItsCountrysDomain(t *testing.T) {
	e := newEnv(t)
	seedDirectory(e)
	for _, c := range []struct{ host, path, to string }{
		{"de.localhost", "/p/atelier-lumiere", "http://fr.localhost:8080/p/atelier-lumiere"},
		{"uk.localhost", "/p/atelier-lumiere?utm_source=x&a=%C3%A9", "http://fr.localhost:8080/p/atelier-lumiere?utm_source=x&a=%C3%A9"},
		{"it.localhost", "/p/atelier-lumiere/photos?page=2", "http://fr.localhost:8080/p/atelier-lumiere/photos?page=2"},
		{"be.localhost", "/p/atelier-lumiere/photos/some-id", "http://fr.localhost:8080/p/atelier-lumiere/photos/some-id"},
		{"es.localhost", "/p/atelier-lumiere/videos/v1", "http://fr.localhost:8080/p/atelier-lumiere/videos/v1"},
		{"pt.localhost", "/p/atelier-lumiere/portfolio/p1", "http://fr.localhost:8080/p/atelier-lumiere/portfolio/p1"},
		{"fr.localhost", "/p/hochzeit-berlin", "http://de.localhost:8080/p/hochzeit-berlin"},
		{"uk.localhost", "/v/chateau-loire", "http://fr.localhost:8080/v/chateau-loire"},
		{"de.localhost", "/v/chateau-loire/photos", "http://fr.localhost:8080/v/chateau-loire/photos"},
		{"de.localhost", "/v/chateau-loire/photos/x", "http://fr.localhost:8080/v/chateau-loire/photos/x"},
		{"de.localhost", "/v/chateau-loire/videos/x", "http://fr.localhost:8080/v/chateau-loire/videos/x"},
	} {
		r := e.get(c.host, c.path)
		if r.status != http.StatusMovedPermanently || r.header.Get("Location") != c.to {
			t.Errorf("%s%s: %d %q, want 301 %q", c.host, c.path, r.status, r.header.Get("Location"), c.to)
		}
	}
	if r := e.do(http.MethodHead, "de.localhost", "/p/atelier-lumiere", nil, ""); r.status != http.StatusMovedPermanently {
		t.Errorf("HEAD: %d", r.status)
	}
	// On its own domain the page is served, with its canonical URL there.
	r := e.get("fr.localhost", "/p/atelier-lumiere")
	if r.status != 200 || !strings.Contains(r.body, `<link rel="canonical" href="http://fr.localhost:8080/p/atelier-lumiere">`) ||
		strings.Contains(r.body, `rel="alternate" hreflang`) {
		t.Errorf("%d: canonical or alternates\n%s", r.status, r.body)
	}
	// A hidden or unknown listing is a 404 on any domain, not a redirect.
	e.seedPlanner(planner{name: "Caché", slug: "cache", city: "Lyon", lat: 45.7, lng: 4.8, hidden: true})
	for _, p := range []string{"/p/cache", "/p/nope", "/v/nope"} {
		if r := e.get("de.localhost", p); r.status != 404 {
			t.Errorf("%s: %d", p, r.status)
		}
	}
	// A listing moved to another country follows it.
	if _, err := e.store.DB().Exec(`UPDATE companies SET country_code = 'DE' WHERE slug = 'atelier-lumiere'`); err != nil {
		t.Fatal(err)
	}
	if r := e.get("fr.localhost", "/p/atelier-lumiere"); r.status != 301 || r.header.Get("Location") != "http://de.localhost:8080/p/atelier-lumiere" {
		t.Errorf("after the move: %d %q", r.status, r.header.Get("Location"))
	}
	r = e.get("de.localhost", "/p/atelier-lumiere")
	for _, want := range []string{"<h1>Atelier Lumière</h1>", "Seit 2016", "Komplettplanung", "Ab 1.500\u00a0€", "Französisch", "4,5 von 5",
		"2 Bewertungen", "Hochzeit im Juni 2025", "Atelier Lumière kontaktieren"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("de: the page lacks %q", want)
		}
	}
}

func TestCanonicalAndHreflang(t *testing.T) {
	e := newEnv(t)
	seedDirectory(e)
	alternate := regexp.MustCompile(`<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">`)
	for _, c := range []struct {
		path, canonical string
		alternates      int
	}{
		{"/", "http://fr.localhost:8080/", len(i18n.Domains)},
		{"/project", "http://fr.localhost:8080/project", len(i18n.Domains)},
		{"/search?kind=planner&city=Lyon", "http://fr.localhost:8080/search?city=Lyon&amp;kind=planner", 0},
		{"/organisateurs-de-mariage/lyon", "http://fr.localhost:8080/organisateurs-de-mariage/lyon", 0},
		{"/p/atelier-lumiere", "http://fr.localhost:8080/p/atelier-lumiere", 0},
		{"/v/chateau-loire", "http://fr.localhost:8080/v/chateau-loire", 0},
	} {
		r := e.get("fr.localhost", c.path)
		if !strings.Contains(r.body, `<link rel="canonical" href="`+c.canonical+`">`) {
			t.Errorf("%s: no canonical %s", c.path, c.canonical)
		}
		if n := len(alternate.FindAllString(r.body, -1)); n != c.alternates {
			t.Errorf("%s: %d alternates, want %d", c.path, n, c.alternates)
		}
	}
	r := e.get("fr.localhost", "/nope")
	if strings.Contains(r.body, `rel="canonical"`) {
		t.Error("the 404 page has a canonical address")
	}
	r = e.get("de.localhost", "/")
	if !strings.Contains(r.body, `<link rel="alternate" hreflang="fr-FR" href="http://fr.localhost:8080/">`) ||
		!strings.Contains(r.body, `<link rel="canonical" href="http://de.localhost:8080/">`) {
		t.Error("the German home page is not the French one's translation")
	}
}

func TestSocialCards(t *testing.T) {
	e := newEnv(t)
	seeds := seedDirectory(e)
	meta := func(body, prop string) string {
		m := regexp.MustCompile(`<meta (?:property|name)="` + regexp.QuoteMeta(prop) + `" content="([^"]*)">`).FindStringSubmatch(body)
		if m == nil {
			return ""
		}
		return m[1]
	}
	for _, c := range []struct {
		host, path, typ, title, image, locale string
	}{
		{"fr.localhost", "/", "website", "Noces", "http://fr.localhost:8080/og.png", "fr_FR"},
		{"uk.localhost", "/", "website", "Noces", "http://uk.localhost:8080/og.png", "en_GB"},
		{"fr.localhost", "/organisateurs-de-mariage/lyon", "website", "Wedding planners à Lyon", "http://fr.localhost:8080/og.png", "fr_FR"},
		{"fr.localhost", "/p/atelier-lumiere", "business.business", "Atelier Lumière", "http://fr.localhost:8080/og.png", "fr_FR"},
		{"fr.localhost", "/v/chateau-loire", "business.business", "Château de la Loire", "http://fr.localhost:8080/og.png", "fr_FR"},
	} {
		r := e.get(c.host, c.path)
		if got := meta(r.body, "og:type"); got != c.typ {
			t.Errorf("%s: og:type %q", c.path, got)
		}
		if got := meta(r.body, "og:title"); !strings.Contains(got, c.title) {
			t.Errorf("%s: og:title %q", c.path, got)
		}
		if got := meta(r.body, "og:image"); got != c.image {
			t.Errorf("%s: og:image %q", c.path, got)
		}
		if got := meta(r.body, "og:locale"); got != c.locale {
			t.Errorf("%s: og:locale %q", c.path, got)
		}
		if meta(r.body, "og:image:width") != "1200" || meta(r.body, "og:image:height") != "630" {
			t.Errorf("%s: no image size", c.path)
		}
		if meta(r.body, "og:description") == "" || meta(r.body, "twitter:card") != "summary_large_image" {
			t.Errorf("%s: no description or Twitter card", c.path)
		}
		if got := meta(r.body, "og:url"); !strings.HasPrefix(got, "http://"+c.host+":8080/") {
			t.Errorf("%s: og:url %q", c.path, got)
		}
	}
	if r := e.get("fr.localhost", "/project"); strings.Contains(r.body, "og:image") {
		t.Error("the project form has a social card")
	}

	t.Run("a profile's key photo, with its size", func(t *testing.T) {
		m := seedMedia(e, seeds)
		r := e.get("fr.localhost", "/p/maison-premium")
		img := meta(r.body, "og:image")
		if !strings.HasPrefix(img, "http://fr.localhost:8080/media/") || meta(r.body, "og:image:width") != "800" ||
			meta(r.body, "og:image:height") != "600" {
			t.Errorf("og:image %q %sx%s, want the photo %s", img, meta(r.body, "og:image:width"), meta(r.body, "og:image:height"), m.shown.ID)
		}
	})
}
