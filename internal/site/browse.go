package site

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"noces/internal/i18n"
	"noces/internal/platform/geo"
	"noces/internal/textkey"
)

// Browse pages: one per kind of listing and city, at /{kind slug}/{city
// slug} in the domain's language (/organisateurs-de-mariage/lyon,
// /wedding-planners/lyon, /lieux-de-reception/lyon). A kind is every
// planner ("planner"), the planners of one prestation type, or the venues
// ("venue"). The cities are those of the visible listings of that kind in
// the domain's country, as the geocoder names them, made slugs as the
// listings' own (textkey.Slug); a page shows the search near that city.

// browseKinds are the kinds of browse pages, in the order they are listed.
var browseKinds = append(append([]string{"planner"}, prestationTypes...), "venue")

// kindSlugs are each language's path segment of each kind (the i18n keys
// site.browse.slug.*), both ways.
type kindSlugs struct {
	bySlug map[string]map[string]string // lang → slug → kind
	byKind map[string]map[string]string // lang → kind → slug
}

// newKindSlugs reads the slugs of every language and checks them: a slug
// is already in its slugified form, and no two kinds of one language share
// one, so a path names one page.
func newKindSlugs(texts *i18n.Bundle) (kindSlugs, error) {
	k := kindSlugs{bySlug: map[string]map[string]string{}, byKind: map[string]map[string]string{}}
	for _, lang := range i18n.Langs {
		k.bySlug[lang], k.byKind[lang] = map[string]string{}, map[string]string{}
		for _, kind := range browseKinds {
			slug := texts.T(lang, "site.browse.slug."+kind)
			if slug == "" || textkey.Slug(slug) != slug {
				return k, fmt.Errorf("site: the %s slug of %s is %q, not a slug", lang, kind, slug)
			}
			if other, dup := k.bySlug[lang][slug]; dup {
				return k, fmt.Errorf("site: the %s slug %q names both %s and %s", lang, slug, other, kind)
			}
			k.bySlug[lang][slug], k.byKind[lang][kind] = kind, slug
		}
	}
	return k, nil
}

// browsePath is the path of a kind's page in a city, in lang.
func (s *Site) browsePath(lang, kind, citySlug string) string {
	return "/" + s.slugs.byKind[lang][kind] + "/" + citySlug
}

// parseBrowsePath reads a browse page's path ("/wedding-planners/lyon")
// in lang: its kind and city slug, or ok false when it names none. It
// looks at the path only, at a bounded cost: nothing is looked up but
// one map entry.
func (s *Site) parseBrowsePath(lang, path string) (kind, city string, ok bool) {
	rest, found := strings.CutPrefix(path, "/")
	if !found || len(rest) > 200 {
		return "", "", false
	}
	first, city, found := strings.Cut(rest, "/")
	if !found || city == "" || textkey.Slug(city) != city {
		return "", "", false
	}
	kind, ok = s.slugs.bySlug[lang][first]
	return kind, city, ok
}

// browseCity is a city with visible listings of one kind.
type browseCity struct {
	Slug, Name string
	Lat, Lng   float64
	Count      int
}

// browseCatalogue is one country's cities per kind at one version of the
// directory, most listings first.
type browseCatalogue struct {
	version int64
	cities  map[string][]browseCity // kind → cities
}

// city finds a city of a kind by its slug.
func (c *browseCatalogue) city(kind, slug string) (browseCity, bool) {
	for _, bc := range c.cities[kind] {
		if bc.Slug == slug {
			return bc, true
		}
	}
	return browseCity{}, false
}

// browseState keeps each country's catalogue and the places the geocoder
// gave for the listings' city names, which do not change with the
// directory: a new version costs one pass over the listings and no
// geocoding of cities seen before.
type browseState struct {
	mu       sync.Mutex
	byCountr map[string]*browseCatalogue
	places   map[string]*geo.Place // country + folded name → place, nil: unknown
}

// maxKnownPlaces bounds the geocoder's answers kept: past it they are
// forgotten and asked again, a cost rather than an unbounded memory.
const maxKnownPlaces = 50_000

// catalogue returns the browse cities of country, built again when the
// directory changed.
func (s *Site) catalogue(ctx context.Context, country string) (*browseCatalogue, error) {
	ls, err := s.Directory.PublicListings(ctx, country)
	if err != nil {
		return nil, err
	}
	b := &s.browse
	b.mu.Lock()
	defer b.mu.Unlock()
	if c := b.byCountr[country]; c != nil && c.version == ls.Version {
		return c, nil
	}
	if b.places == nil || len(b.places) > maxKnownPlaces {
		b.places = map[string]*geo.Place{}
	}
	if b.byCountr == nil {
		b.byCountr = map[string]*browseCatalogue{}
	}
	counts := map[string]map[string]*browseCity{} // kind → slug → city
	add := func(kind string, p *geo.Place) {
		slug := textkey.Slug(p.City)
		if slug == "" {
			return
		}
		m := counts[kind]
		if m == nil {
			m = map[string]*browseCity{}
			counts[kind] = m
		}
		c := m[slug]
		if c == nil {
			c = &browseCity{Slug: slug, Name: p.City, Lat: p.Lat, Lng: p.Lng}
			m[slug] = c
		}
		c.Count++
	}
	for _, l := range ls.Items {
		key := country + "\x00" + geo.Fold(l.City)
		p, seen := b.places[key]
		if !seen {
			found, err := s.Cities.Search(ctx, l.City, country, 1)
			if err != nil {
				// Not kept: a geocoder that is down now may answer next time.
				s.Log.WarnContext(ctx, "site: geocode a listing's city", "err", err.Error())
				continue
			}
			if len(found) > 0 {
				p = &found[0]
			}
			b.places[key] = p
		}
		if p == nil {
			continue // a city the geocoder does not know has no page: its search would find nothing near
		}
		if l.Kind == "venue" {
			add("venue", p)
			continue
		}
		add("planner", p)
		for _, sv := range l.Services {
			if slices.Contains(prestationTypes, sv) {
				add(sv, p)
			}
		}
	}
	c := &browseCatalogue{version: ls.Version, cities: map[string][]browseCity{}}
	for kind, m := range counts {
		list := make([]browseCity, 0, len(m))
		for _, bc := range m {
			list = append(list, *bc)
		}
		slices.SortFunc(list, func(a, b browseCity) int {
			return cmp.Or(cmp.Compare(b.Count, a.Count), strings.Compare(a.Slug, b.Slug))
		})
		c.cities[kind] = list
	}
	b.byCountr[country] = c
	return c, nil
}

// browseLink is a link to a browse page.
type browseLink struct {
	URL, Label string
	Current    bool // the page itself, last of the breadcrumbs
}

// kindLabel names a kind's listings ("Wedding planners", "Full planning",
// "Wedding venues").
func kindLabel(v *view, kind string) string {
	switch kind {
	case "planner":
		return v.T("site.results.heading_planner")
	case "venue":
		return v.T("site.results.heading_venue")
	}
	return v.T("prestations." + kind)
}

// browseHeading is a browse page's heading and link text: "Wedding
// planners in Lyon".
func browseHeading(v *view, kind, city string) string {
	return v.T("site.browse.heading", "what", kindLabel(v, kind), "city", city)
}

// browseFilters are the search a browse page shows.
func browseFilters(kind, city string, page int) filters {
	f := filters{Kind: "planner", City: city, Page: page}
	switch kind {
	case "venue":
		f.Kind = "venue"
	case "planner":
	default:
		f.Service = kind
	}
	return f
}

// browseInfo is what makes a search a browse page.
type browseInfo struct {
	Kind   string
	City   browseCity
	Path   string // the page's path, without its page number
	Intro  string
	Crumbs []browseLink
}

// browsePage is a search page shown as a browse page.
type browsePage struct {
	searchPage
	Intro  string
	Crumbs []browseLink
}

// browseOrNotFound serves a browse page, or the 404 page for any other
// path the routes do not know.
func (s *Site) browseOrNotFound(w http.ResponseWriter, r *http.Request) {
	d := i18n.DomainFrom(r.Context())
	if strings.HasPrefix(r.URL.Path, "/sitemap-") && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
		s.sitemapPart(w, r, strings.TrimPrefix(r.URL.Path, "/"))
		return
	}
	kind, citySlug, ok := s.parseBrowsePath(d.Lang, r.URL.Path)
	if !ok || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		s.notFound(w, r)
		return
	}
	cat, err := s.catalogue(r.Context(), d.Country)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	city, ok := cat.city(kind, citySlug)
	if !ok {
		s.notFound(w, r)
		return
	}
	page := 1
	if raw, given := r.URL.Query()["page"]; given {
		n, err := strconv.Atoi(raw[0])
		if err != nil || n < 2 || n > 10000 {
			// page=1 and nonsense are not pages of their own: one address
			// per page.
			s.notFound(w, r)
			return
		}
		page = n
	}
	v := s.newView(r, "")
	b := &browseInfo{Kind: kind, City: city, Path: s.browsePath(d.Lang, kind, city.Slug)}
	what := kindLabel(v, kind)
	switch kind {
	case "planner":
		b.Intro = v.T("site.browse.intro_planner", "city", city.Name)
	case "venue":
		b.Intro = v.T("site.browse.intro_venue", "city", city.Name)
	default:
		b.Intro = v.T("site.browse.intro_service", "city", city.Name, "service", what)
	}
	b.Crumbs = []browseLink{{URL: "/", Label: v.T("site.browse.home")},
		{URL: "/search?" + browseFilters(kind, "", 1).query(1), Label: what},
		{URL: b.Path, Label: city.Name, Current: true}}
	s.searchWith(w, r, browseFilters(kind, city.Name, page), b)
}

// breadcrumbLD is a browse page's BreadcrumbList.
func (s *Site) breadcrumbLD(domainKey string, crumbs []browseLink) map[string]any {
	items := make([]map[string]any, len(crumbs))
	for i, c := range crumbs {
		items[i] = map[string]any{"@type": "ListItem", "position": i + 1, "name": c.Label,
			"item": s.Hosts.PublicURL(domainKey, c.URL)}
	}
	return map[string]any{"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": items}
}

// cityLinks are the links to the browse pages of a kind's first n cities
// (all when n <= 0).
func (s *Site) cityLinks(v *view, cat *browseCatalogue, kind string, n int) []browseLink {
	list := cat.cities[kind]
	if n > 0 && len(list) > n {
		list = list[:n]
	}
	out := make([]browseLink, 0, len(list))
	for _, c := range list {
		out = append(out, browseLink{URL: s.browsePath(v.Lang, kind, c.Slug), Label: c.Name})
	}
	return out
}

// homeBrowse is the home page's "browse by city": a kind's top cities.
type homeBrowse struct {
	Label string
	Links []browseLink
}

// homeCities is the number of cities per kind the home page links to.
const homeCities = 12

// homeBrowseLinks are the home page's city links: planners and venues.
func (s *Site) homeBrowseLinks(ctx context.Context, v *view) []homeBrowse {
	cat, err := s.catalogue(ctx, v.Domain.Country)
	if err != nil {
		// The home page shows without its city links rather than fail.
		s.Log.WarnContext(ctx, "site: browse cities", "err", err.Error())
		return nil
	}
	var out []homeBrowse
	for _, kind := range []string{"planner", "venue"} {
		if links := s.cityLinks(v, cat, kind, homeCities); len(links) > 0 {
			out = append(out, homeBrowse{Label: kindLabel(v, kind), Links: links})
		}
	}
	return out
}

// profileBrowseLinks are the browse pages a listing in city appears
// under: its kind's page and, for a planner, each of its services' pages,
// for those that exist.
func (s *Site) profileBrowseLinks(ctx context.Context, v *view, venue bool, city string, services []string) []browseLink {
	cat, err := s.catalogue(ctx, v.Domain.Country)
	if err != nil {
		s.Log.WarnContext(ctx, "site: browse cities", "err", err.Error())
		return nil
	}
	places, err := s.Cities.Search(ctx, city, v.Domain.Country, 1)
	if err != nil || len(places) == 0 {
		return nil
	}
	slug := textkey.Slug(places[0].City)
	kinds := []string{"venue"}
	if !venue {
		kinds = append([]string{"planner"}, services...)
	}
	var out []browseLink
	for _, kind := range kinds {
		if c, ok := cat.city(kind, slug); ok {
			out = append(out, browseLink{URL: s.browsePath(v.Lang, kind, c.Slug), Label: browseHeading(v, kind, c.Name)})
		}
	}
	return out
}
