// Package site serves the public directory: server-rendered pages, one
// language per domain, no JavaScript but the conversation's read mark.
//
// Every page is an html/template page of templates/ wrapped in layout.html;
// the texts are the i18n bundle's keys of the site area (site.*), plus the
// api area's labels and error codes (prestations.*, langues.*, project.*,
// validation.*). A public domain speaks its own language whatever the
// browser says: search engines index one language per domain.
//
// Choices the spec leaves open:
//   - A planner's or venue's page (/p/{slug}, /v/{slug} and their photo,
//     video and portfolio pages) lives on the domain of its country only:
//     asked on another domain, a GET answers 301 to the same path and
//     query there (seo.go's onHomeDomain). One address per profile, in the
//     language of the couples who search that country, rather than seven
//     copies each with the home domain's canonical: crawlers and shared
//     links converge on one page. A listing not visible is a 404 anywhere.
//   - hreflang alternates link true translations only: the home page and
//     the project form, the same page in each domain's language. Profiles,
//     browse pages and searches list one country's listings: no other
//     domain has that content, so they have a canonical URL and no
//     alternates.
//   - Browse pages (browse.go), one per kind (every planner, a prestation
//     type, venues) and city with visible listings, at a path in the
//     domain's language (/organisateurs-de-mariage/lyon), are the indexable
//     form of a search near a city: robots.txt keeps crawlers out of
//     /search? and the sitemap lists them with every visible profile.
//   - A city the geocoder does not know gives results without a distance
//     filter (search) or a project without coordinates, matched in the whole
//     country (forms): a typing slip must not lose a couple's project.
//   - The forms post back to the page they are on; a post from another
//     site's page is refused (403), a body over the form's limit is 413
//     however it is sent (post.go); a refused form comes back
//     with its values, a summary linked to the fields and each field's
//     message (422), a robot's or a too-fast submission with a fresh token
//     (400); a sent one redirects (303), so a reload sends nothing twice.
//   - Contact details and websites of providers are not shown: couples reach
//     them through the request form.
package site

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/microcosm-cc/bluemonday"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/conversation"
	"noces/internal/directory"
	"noces/internal/eventreq"
	"noces/internal/hosts"
	"noces/internal/i18n"
	"noces/internal/instagram"
	"noces/internal/legal"
	"noces/internal/media"
	"noces/internal/platform/geo"
	"noces/internal/platform/logthrottle"
	"noces/internal/store"
)

//go:embed templates/*.html
var templates embed.FS

// Deps are what the public pages need; app builds them.
type Deps struct {
	Texts     *i18n.Bundle
	Hosts     *hosts.Map
	Directory *directory.Service
	Events    *eventreq.Service
	// Conversations serves the couples' conversation pages, /c/{token}.
	Conversations *conversation.Service
	Geo           geo.Geocoder
	// Cities places the listings' city names for the browse pages: the
	// offline gazetteer, since every distinct city of the directory is
	// asked once (nil uses Geo).
	Cities geo.Geocoder
	Media  *media.Service
	// Instagram gives a provider's synced posts; nil shows none.
	Instagram InstagramPosts
	Log       *slog.Logger
	Clock     clock.Clock
	// Legal holds the legal pages of every domain.
	Legal *legal.Library
	// SearchPageBytes bounds the rendered search pages kept for the
	// visitors who ask the same search (search_pages.go); 0 keeps none.
	SearchPageBytes int
}

// InstagramPosts are the synced Instagram posts a provider's page shows.
type InstagramPosts interface {
	PublicPosts(ctx context.Context, userID string) ([]instagram.PublicPost, error)
}

// Site is the public directory's handler.
type Site struct {
	Deps
	pages map[string]*template.Template
	mux   *http.ServeMux
	// rich cleans the portrait's HTML once more before it is shown.
	rich *bluemonday.Policy
	// outage throttles the warnings of a database outage.
	outage *logthrottle.Warner
	// searchPages are the rendered search pages kept; searchRenders
	// counts the search pages rendered rather than taken from them: the
	// tests read it.
	searchPages   searchPages
	searchRenders atomic.Int64
	// slugs are the browse pages' kinds in each language, browse their
	// cities (browse.go).
	slugs  kindSlugs
	browse browseState
	// sitemapMax, when set, is the most addresses of one sitemap file
	// (MaxSitemapURLs otherwise): the tests split small sitemaps.
	sitemapMax int
}

// pageFiles are the pages; each is parsed with the layout and the partials.
var pageFiles = []string{"home", "search", "browse", "provider", "venue", "project", "sent", "review", "review_sent", "message",
	"confirm", "confirm_problem",
	"photo", "photos", "video", "portfolio", "legal", "conversation"}

// New parses the page templates and registers the routes.
func New(d Deps) (*Site, error) {
	if d.Texts == nil || d.Hosts == nil || d.Media == nil || d.Legal == nil {
		return nil, errors.New("site: texts, hosts, media and legal pages are required")
	}
	if d.Log == nil {
		d.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if d.Clock == nil {
		d.Clock = clock.System{}
	}
	if d.Cities == nil {
		d.Cities = d.Geo
	}
	s := &Site{Deps: d, pages: map[string]*template.Template{}, rich: media.RichPolicy(),
		outage: logthrottle.New(d.Log, 10*time.Second)}
	s.searchPages.resize(d.SearchPageBytes)
	for _, name := range pageFiles {
		t, err := template.New(name).ParseFS(templates, "templates/layout.html", "templates/partials.html", "templates/media_partials.html", "templates/"+name+".html")
		if err != nil {
			return nil, fmt.Errorf("site: templates: %w", err)
		}
		s.pages[name] = t
	}
	var buf writeBuffer
	var err error
	if err = s.pages["message"].ExecuteTemplate(&buf, "layout", &view{texts: d.Texts, P: messagePage{}}); err != nil {
		return nil, fmt.Errorf("site: templates: %w", err)
	}
	if s.slugs, err = newKindSlugs(d.Texts); err != nil {
		return nil, err
	}
	s.routes()
	return s, nil
}

// routes registers every public page. GET patterns answer HEAD too; every
// POST reads its form through post.
func (s *Site) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /{$}", s.home)
	m.HandleFunc("GET /search", s.search)
	m.HandleFunc("GET /p/{slug}", s.onHomeDomain("planner", s.provider))
	m.HandleFunc("POST /p/{slug}/request", s.post(textLimit, s.providerRequest))
	m.HandleFunc("GET /p/{slug}/photos", s.onHomeDomain("planner", s.providerPhotos))
	m.HandleFunc("GET /p/{slug}/photos/{id}", s.onHomeDomain("planner", s.providerPhoto))
	m.HandleFunc("GET /p/{slug}/videos/{id}", s.onHomeDomain("planner", s.providerVideo))
	m.HandleFunc("GET /p/{slug}/portfolio/{id}", s.onHomeDomain("planner", s.providerPortfolio))
	m.HandleFunc("GET /v/{slug}", s.onHomeDomain("venue", s.venue))
	m.HandleFunc("GET /v/{slug}/photos", s.onHomeDomain("venue", s.venuePhotos))
	m.HandleFunc("GET /v/{slug}/photos/{id}", s.onHomeDomain("venue", s.venuePhoto))
	m.HandleFunc("GET /v/{slug}/videos/{id}", s.onHomeDomain("venue", s.venueVideo))
	m.HandleFunc("POST /v/{slug}/request", s.post(textLimit, s.venueRequest))
	m.HandleFunc("GET /project", s.project)
	m.HandleFunc("POST /project", s.post(textLimit, s.projectSubmit))
	m.HandleFunc("GET /project/sent", s.projectSent)
	m.HandleFunc("POST /project/resend", s.post(smallLimit, s.projectResend))
	m.HandleFunc("GET /confirm/{token}", s.confirm)
	m.HandleFunc("POST /confirm/{token}", s.post(smallLimit, s.confirmSubmit))
	m.HandleFunc("GET /review/{token}", s.review)
	m.HandleFunc("POST /review/{token}", s.post(reviewLimit, s.reviewSubmit))
	m.HandleFunc("GET /review/{token}/sent", s.reviewSent)
	m.HandleFunc("GET /reviews/verified/{token}", s.verifiedReview)
	m.HandleFunc("POST /reviews/verified/{token}", s.post(reviewLimit, s.verifiedReviewSubmit))
	m.HandleFunc("GET /reviews/verified/{token}/sent", s.verifiedReviewSent)
	m.HandleFunc("GET /c/{token}", s.conversation)
	m.HandleFunc("POST /c/{token}", s.post(textLimit, s.conversationReply))
	m.HandleFunc("POST /c/{token}/close", s.post(textLimit, s.conversationClose))
	m.HandleFunc("POST /c/{token}/stop", s.post(textLimit, s.conversationStop))
	m.HandleFunc("POST /c/{token}/read", s.post(smallLimit, s.conversationRead))
	m.HandleFunc("GET /badge/{file}", s.badge)
	m.HandleFunc("GET /robots.txt", s.robots)
	m.HandleFunc("GET /sitemap.xml", s.sitemap)
	m.HandleFunc("GET /site.webmanifest", s.manifest)
	for name := range staticFiles {
		m.HandleFunc("GET /"+name, s.staticFile(name))
	}
	s.legalRoutes(m)
	// Browse pages (/wedding-planners/lyon) have a first segment of each
	// language's own, and the split sitemap's files a name of their own:
	// both are read from what no other route takes.
	m.HandleFunc("/", s.browseOrNotFound)
	s.mux = m
}

// csp allows nothing but the page itself and its inline styles: public pages
// run no script (the JSON-LD block is data, never executed), but for the
// conversation's read mark, allowed by its hash on that page alone
// (conversation_read.go). manifest-src
// lets the browser read the web manifest; connect-src 'self' lets tools
// that fetch from the page's context (Lighthouse reads robots.txt so) reach
// the site's own files, and gives nothing to a page without scripts.
const csp = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https:; manifest-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// ServeHTTP renders the public pages of the request's domain.
// A write from another site's page is refused here, before any route
// (post.go).
func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !safeMethod(r.Method) && !sameOrigin(r) {
		refusalHeaders(w)
		s.message(w, r, http.StatusForbidden, "site.badrequest")
		return
	}
	s.mux.ServeHTTP(w, r)
}

// Cache policies of the pages.
const (
	cachePublic  = "public, max-age=300"
	cacheNoCache = "no-cache"
	cacheNoStore = "no-store"
)

// render writes page with status. The page is rendered into a buffer first,
// so a template failure becomes a clean 500 rather than half a page.
func (s *Site) render(w http.ResponseWriter, r *http.Request, status int, page string, v *view, cache string) {
	b, ok := s.execute(w, r, page, v)
	if ok {
		s.send(w, status, v, cache, b)
	}
}

// execute renders page; on a failure it answers the request and reports
// false.
func (s *Site) execute(w http.ResponseWriter, r *http.Request, page string, v *view) ([]byte, bool) {
	var buf writeBuffer
	if err := s.pages[page].ExecuteTemplate(&buf, "layout", v); err != nil {
		s.Log.ErrorContext(r.Context(), "site: render", "page", page, "err", err.Error())
		if page != "message" {
			s.fail(w, r, err)
		} else {
			http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
		}
		return nil, false
	}
	return buf.b, true
}

// send writes a rendered page, in parts, with the headers of v's page.
func (s *Site) send(w http.ResponseWriter, status int, v *view, cache string, parts ...[]byte) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	policy := csp
	if v.FrameSrc != "" {
		policy += "; frame-src " + v.FrameSrc
	}
	if v.ScriptSrc != "" {
		policy += "; script-src " + v.ScriptSrc
	}
	h.Set("Content-Security-Policy", policy)
	h.Set("Cache-Control", cache)
	h.Set("Content-Language", v.Locale)
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	h.Set("Content-Length", strconv.Itoa(n))
	w.WriteHeader(status)
	for _, p := range parts {
		_, _ = w.Write(p)
	}
}

type writeBuffer struct{ b []byte }

func (w *writeBuffer) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}

// message renders the page of a short message: not found, too many requests,
// an error.
func (s *Site) message(w http.ResponseWriter, r *http.Request, status int, prefix string) {
	s.messageText(w, r, status, prefix+".heading", prefix+".text")
}

// messageText is message with the keys of its heading and text.
func (s *Site) messageText(w http.ResponseWriter, r *http.Request, status int, heading, text string) {
	v := s.newView(r, s.T(r, heading))
	v.NoIndex = true
	v.Canonical = "" // an error is no page of its own
	v.P = messagePage{Heading: v.T(heading), Text: v.T(text)}
	cache := cacheNoStore
	if status == http.StatusNotFound {
		cache = cacheNoCache
	}
	s.render(w, r, status, "message", v, cache)
}

type messagePage struct {
	Heading, Text string
}

func (s *Site) notFound(w http.ResponseWriter, r *http.Request) {
	s.message(w, r, http.StatusNotFound, "site.notfound")
}

// fail answers an unexpected error: a 404 or 429 page when the error says so,
// a 503 page when the database cannot be reached, else a logged 500.
func (s *Site) fail(w http.ResponseWriter, r *http.Request, err error) {
	if e, ok := apperr.As(err); ok {
		switch e.Kind {
		case apperr.NotFound:
			s.notFound(w, r)
			return
		case apperr.TooMany:
			s.tooMany(w, r, e.RetryAfter)
			return
		case apperr.Unavailable:
			s.unavailable(w, r, err, e.RetryAfter)
			return
		}
	}
	switch {
	case errors.Is(err, context.Canceled) || r.Context().Err() != nil:
		// The visitor went away: nobody reads the page, and the database
		// error the cancellation caused is no failure worth a line.
		return
	case store.IsUnavailable(err):
		s.unavailable(w, r, err, 0)
		return
	}
	s.Log.ErrorContext(r.Context(), "site: request failed", "path", r.URL.Path, "err", err.Error())
	s.message(w, r, http.StatusInternalServerError, "site.error")
}

// OutageRetryAfter is the Retry-After, in seconds, of a page answered while
// the database cannot be reached: the pool reconnects by itself, so a
// visitor (or a crawler) may come back soon.
const OutageRetryAfter = 30

// unavailable answers while the database (or another dependency) is down: a
// 503 page in the domain's language that crawlers know to retry, after
// retryAfter seconds or OutageRetryAfter, and a warning at most every few
// seconds, since every visitor fails the same way until it is back.
func (s *Site) unavailable(w http.ResponseWriter, r *http.Request, err error, retryAfter int) {
	s.outage.Warn(r.Context(), "site: service unavailable", "path", r.URL.Path, "err", err.Error())
	if retryAfter <= 0 {
		retryAfter = OutageRetryAfter
	}
	w.Header().Set("Retry-After", strconv.Itoa(retryAfter))
	s.message(w, r, http.StatusServiceUnavailable, "site.unavailable")
}

func (s *Site) tooMany(w http.ResponseWriter, r *http.Request, retryAfter int) {
	if retryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(retryAfter))
	}
	s.message(w, r, http.StatusTooManyRequests, "site.toomany")
}

// T is a text of the request's domain language.
func (s *Site) T(r *http.Request, key string, kv ...string) string {
	return s.Texts.T(i18n.DomainFrom(r.Context()).Lang, key, kv...)
}

// templateNames lists the embedded template files, for tests.
func templateNames() ([]string, error) {
	return fs.Glob(templates, "templates/*.html")
}
