package site

import (
	"embed"
	"encoding/json"
	"encoding/xml"
	"net/http"
	"strconv"
	"strings"
	"time"

	"noces/internal/hosts"
	"noces/internal/i18n"
	"noces/internal/legal"
)

// What search engines and browsers read besides the pages: robots.txt, the
// sitemap, the icons and the web manifest, the social cards, and the rule
// that a listing's page lives on the domain of its country.

//go:embed static/*
var static embed.FS

// cacheStatic is the cache policy of the icons and the manifest: they
// change once in years, and a browser asks for the favicon on every site.
const cacheStatic = "public, max-age=2592000"

// staticFiles are the icons served at the root of every public domain,
// with their types.
var staticFiles = map[string]string{
	"favicon.ico":          "image/x-icon",
	"icon.svg":             "image/svg+xml",
	"apple-touch-icon.png": "image/png",
	"icon-192.png":         "image/png",
	"icon-512.png":         "image/png",
	"og.png":               "image/png",
}

// Size of the site's own social image (static/og.png), shown for the pages
// without a photo of their own.
const ogWidth, ogHeight = 1200, 630

// staticFile serves one of staticFiles.
func (s *Site) staticFile(name string) http.HandlerFunc {
	b, err := static.ReadFile("static/" + name)
	if err != nil {
		panic("site: no static file " + name) // the map and the directory are written together
	}
	typ := staticFiles[name]
	return func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Type", typ)
		h.Set("Cache-Control", cacheStatic)
		h.Set("Content-Length", strconv.Itoa(len(b)))
		h.Set("X-Content-Type-Options", "nosniff")
		w.WriteHeader(http.StatusOK)
		if r.Method != http.MethodHead {
			_, _ = w.Write(b)
		}
	}
}

// manifest is the web manifest of the request's domain, in its language.
func (s *Site) manifest(w http.ResponseWriter, r *http.Request) {
	d := i18n.DomainFrom(r.Context())
	type icon struct {
		Src   string `json:"src"`
		Sizes string `json:"sizes"`
		Type  string `json:"type"`
	}
	b, err := json.Marshal(struct {
		Name        string `json:"name"`
		ShortName   string `json:"short_name"`
		Description string `json:"description"`
		Lang        string `json:"lang"`
		StartURL    string `json:"start_url"`
		Display     string `json:"display"`
		ThemeColor  string `json:"theme_color"`
		Background  string `json:"background_color"`
		Icons       []icon `json:"icons"`
	}{
		Name: "Noces", ShortName: "Noces", Lang: d.Lang, StartURL: "/", Display: "browser",
		Description: s.Texts.T(d.Lang, "site.description", "country", s.Texts.T(d.Lang, "site.in_country."+strings.ToLower(d.Country))),
		ThemeColor:  themeColor, Background: "#fbf7f4",
		Icons: []icon{{"/icon-192.png", "192x192", "image/png"}, {"/icon-512.png", "512x512", "image/png"},
			{"/icon.svg", "any", "image/svg+xml"}},
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/manifest+json")
	h.Set("Cache-Control", cacheStatic)
	h.Set("Content-Length", strconv.Itoa(len(b)))
	_, _ = w.Write(b)
}

// themeColor is the layout's accent, the browser's colour for the site.
const themeColor = "#8c2f4a"

// robots allows every public page and keeps crawlers out of the forms,
// the review links (secrets of their providers) and the filtered searches,
// whose indexable form are the browse pages.
func (s *Site) robots(w http.ResponseWriter, r *http.Request) {
	d := i18n.DomainFrom(r.Context())
	body := "User-agent: *\nAllow: /\nDisallow: /project\nDisallow: /review/\nDisallow: /search?\nDisallow: /*/request\n\n" +
		"Sitemap: " + s.Hosts.PublicURL(d.Key, "/sitemap.xml") + "\n"
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("Cache-Control", cachePublic)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	_, _ = w.Write([]byte(body))
}

// MaxSitemapURLs is the most addresses one sitemap file may hold (the
// sitemaps protocol's limit); past it, /sitemap.xml is an index of
// /sitemap-1.xml, /sitemap-2.xml...
const MaxSitemapURLs = 50_000

// sitemapURL is one address of a sitemap.
type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

// sitemapURLs lists the domain's indexable pages: its home, every visible
// planner and venue of its country, every browse page, its legal pages. The listings come
// from the store's one definition of visible (store.PublicListings).
func (s *Site) sitemapURLs(r *http.Request) ([]sitemapURL, error) {
	ctx := r.Context()
	d := i18n.DomainFrom(ctx)
	ls, err := s.Directory.PublicListings(ctx, d.Country)
	if err != nil {
		return nil, err
	}
	cat, err := s.catalogue(ctx, d.Country)
	if err != nil {
		return nil, err
	}
	out := []sitemapURL{{Loc: s.Hosts.PublicURL(d.Key, "/")}}
	for _, l := range ls.Items {
		prefix := "/p/"
		if l.Kind == "venue" {
			prefix = "/v/"
		}
		u := sitemapURL{Loc: s.Hosts.PublicURL(d.Key, prefix+escapeSegment(l.Slug))}
		if !l.UpdatedAt.IsZero() {
			u.LastMod = l.UpdatedAt.UTC().Format(time.RFC3339)
		}
		out = append(out, u)
	}
	for _, kind := range browseKinds {
		for _, c := range cat.cities[kind] {
			out = append(out, sitemapURL{Loc: s.Hosts.PublicURL(d.Key, s.browsePath(d.Lang, kind, c.Slug))})
		}
	}
	if s.Legal != nil {
		for _, page := range legal.Pages {
			if doc, ok := s.Legal.Get(d.Key, d.Lang, page); ok {
				out = append(out, sitemapURL{Loc: s.Hosts.PublicURL(d.Key, "/legal/"+page),
					LastMod: doc.Updated.UTC().Format(time.RFC3339)})
			}
		}
	}
	return out, nil
}

// sitemap serves /sitemap.xml: the addresses, or an index of the files
// that hold them when there are more than one file may.
func (s *Site) sitemap(w http.ResponseWriter, r *http.Request) {
	urls, err := s.sitemapURLs(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	limit := s.sitemapLimit()
	if len(urls) <= limit {
		s.sendXML(w, urlSet{NS: sitemapNS, URLs: urls})
		return
	}
	d := i18n.DomainFrom(r.Context())
	idx := sitemapIndex{NS: sitemapNS}
	for i := 1; (i-1)*limit < len(urls); i++ {
		idx.Maps = append(idx.Maps, sitemapURL{Loc: s.Hosts.PublicURL(d.Key, "/sitemap-"+strconv.Itoa(i)+".xml")})
	}
	s.sendXML(w, idx)
}

// sitemapPart serves /sitemap-{n}.xml, one file of a split sitemap.
func (s *Site) sitemapPart(w http.ResponseWriter, r *http.Request, name string) {
	n, ok := sitemapPartNumber(name)
	if !ok {
		s.notFound(w, r)
		return
	}
	urls, err := s.sitemapURLs(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	limit := s.sitemapLimit()
	from := (n - 1) * limit
	if len(urls) <= limit || from >= len(urls) {
		s.notFound(w, r) // an unsplit sitemap has no parts
		return
	}
	s.sendXML(w, urlSet{NS: sitemapNS, URLs: urls[from:min(len(urls), from+limit)]})
}

// sitemapPartNumber reads the n of "sitemap-{n}.xml", written without
// leading zeros (one address per file); ok is false for any other name.
func sitemapPartNumber(name string) (n int, ok bool) {
	rest, found := strings.CutPrefix(name, "sitemap-")
	digits, isXML := strings.CutSuffix(rest, ".xml")
	if !found || !isXML || len(digits) > 9 {
		return 0, false
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n < 1 || strconv.Itoa(n) != digits {
		return 0, false
	}
	return n, true
}

func (s *Site) sitemapLimit() int {
	if s.sitemapMax > 0 {
		return s.sitemapMax
	}
	return MaxSitemapURLs
}

const sitemapNS = "http://www.sitemaps.org/schemas/sitemap/0.9"

type urlSet struct {
	XMLName xml.Name     `xml:"urlset"`
	NS      string       `xml:"xmlns,attr"`
	URLs    []sitemapURL `xml:"url"`
}

type sitemapIndex struct {
	XMLName xml.Name     `xml:"sitemapindex"`
	NS      string       `xml:"xmlns,attr"`
	Maps    []sitemapURL `xml:"sitemap"`
}

func (s *Site) sendXML(w http.ResponseWriter, doc any) {
	b, err := xml.Marshal(doc)
	if err != nil {
		http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
		return
	}
	b = append([]byte(xml.Header), b...)
	h := w.Header()
	h.Set("Content-Type", "application/xml; charset=utf-8")
	h.Set("Cache-Control", cachePublic)
	h.Set("Content-Length", strconv.Itoa(len(b)))
	_, _ = w.Write(b)
}

// escapeSegment escapes a slug for a path (slugs are ASCII already; this
// keeps an odd one from breaking the address).
func escapeSegment(s string) string {
	return strings.NewReplacer("%", "%25", "/", "%2F", "?", "%3F", "#", "%23", " ", "%20").Replace(s)
}

// socialCard is a page's Open Graph and Twitter card.
type socialCard struct {
	Type          string // website, business.business
	OGLocale      string // fr_FR
	Image         string // absolute
	Width, Height int    // 0 when not known
}

// setSocial gives v a social card: its title, description and canonical
// URL are the page's own; image is the page's key photo (absolute or
// same-site), or "" for the site's image.
func (s *Site) setSocial(v *view, typ, image string, width, height int) {
	c := &socialCard{Type: typ, OGLocale: strings.ReplaceAll(v.Locale, "-", "_")}
	if image == "" {
		image, width, height = "/og.png", ogWidth, ogHeight
	}
	c.Image, c.Width, c.Height = s.absolute(v, image), width, height
	v.Social = c
}

// onHomeDomain serves a listing's page (kind "planner" for /p/{slug}...,
// "venue" for /v/{slug}...) only on the domain of the listing's country:
// elsewhere a GET answers 301 to the same path and query there. A listing
// not visible goes on to its handler, which answers 404.
func (s *Site) onHomeDomain(kind string, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			country, err := s.Directory.ListingCountry(r.Context(), kind, r.PathValue("slug"))
			if err != nil {
				s.fail(w, r, err)
				return
			}
			if home, ok := hosts.HomeDomain(country); ok && home.Key != i18n.DomainFrom(r.Context()).Key {
				target := s.Hosts.PublicURL(home.Key, r.URL.EscapedPath())
				if r.URL.RawQuery != "" {
					target += "?" + r.URL.RawQuery
				}
				w.Header().Set("Cache-Control", cachePublic)
				http.Redirect(w, r, target, http.StatusMovedPermanently)
				return
			}
		}
		h(w, r)
	}
}
