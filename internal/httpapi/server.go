// Package httpapi is the HTTP edge: routes, middleware, JSON in and out, and
// the mapping of errors to statuses and localised messages. Business rules
// live in the services it calls.
package httpapi

import (
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"noces/internal/account"
	"noces/internal/admin"
	"noces/internal/apperr"
	"noces/internal/availability"
	"noces/internal/billing"
	"noces/internal/company"
	"noces/internal/conversation"
	"noces/internal/directory"
	"noces/internal/eventreq"
	"noces/internal/export"
	"noces/internal/hosts"
	"noces/internal/i18n"
	"noces/internal/instagram"
	"noces/internal/legal"
	"noces/internal/marketing"
	"noces/internal/media"
	"noces/internal/platform/blob"
	"noces/internal/platform/geo"
	"noces/internal/platform/logthrottle"
	"noces/internal/reviewinvite"
	"noces/internal/stats"
	"noces/internal/store"
	"noces/internal/venue"
)

// Deps are what the HTTP edge needs; app builds them.
type Deps struct {
	Store     *store.Store
	Accounts  *account.Service
	Company   *company.Service
	Stats     *stats.Service
	Marketing *marketing.Service
	Admin     *admin.Service
	Geo       geo.Geocoder
	Directory *directory.Service
	Events    *eventreq.Service
	// Conversations runs the messages with couples and the saved replies.
	Conversations *conversation.Service
	Billing       *billing.Service
	Texts         *i18n.Bundle
	Hosts         *hosts.Map
	Log           *slog.Logger
	// Web is the built back-office (index.html and assets/).
	Web fs.FS
	// Media holds uploaded files, streamed under /media/ from a folder or
	// a bucket.
	Media blob.Store
	// MediaService runs the rules of photos, videos, portfolios, portrait
	// and social links.
	MediaService *media.Service
	// Venues runs the rules of venue owners' listings.
	Venues *venue.Service
	// Exports builds and serves the providers' data exports.
	Exports *export.Service
	// Availability runs the providers' calendars and their .ics feeds.
	Availability *availability.Service
	// Instagram runs the Instagram sync; nil shows it as unavailable.
	Instagram *instagram.Service
	// Site serves the public directory's pages on public hosts.
	Site http.Handler
	// Sandbox serves the sandbox processor's test pages under /sandbox/ on
	// back-office hosts; nil with Stripe.
	Sandbox http.Handler
	// MapTilesURL is the map tile URL template handed to the browser.
	MapTilesURL string
	// OpenAPI is the API contract in YAML.
	OpenAPI []byte
	// SentryDSN is handed to the browser.
	SentryDSN string
	// PodcastURL is the dashboard's podcast player, handed to the browser.
	PodcastURL string
	Release    string
	Metrics    *prometheus.Registry
	// TrustedProxies are the reverse proxies whose forwarding headers give
	// the client's address (NOCES_TRUSTED_PROXIES); none: the peer is.
	TrustedProxies []netip.Prefix
	// MetricsToken lets a non-loopback scraper read /metrics with
	// "Authorization: Bearer <token>"; empty allows loopback peers only.
	MetricsToken string
	// FailedRequestsOnly logs only the requests answered 400 or above, or
	// slower than slowRequest, instead of a line for each: a person
	// reading the log of `make run` looks for what went wrong.
	FailedRequestsOnly bool
	// Legal holds the legal pages the back-office shows.
	Legal *legal.Library
	// Bookings marks requests booked and invites couples to review.
	Bookings *reviewinvite.Service
}

// Server is the HTTP edge.
type Server struct {
	Deps
	api     *http.ServeMux
	routes  []string
	metrics *metrics
	spa     *spa
	docs    *apiDocs
	// outage throttles the warnings of a database outage.
	outage *logthrottle.Warner
	// meAnswers keeps the answers of GET /api/me (me_cache.go).
	meAnswers *meCache
	// langs keeps the languages negotiated per request header (langs.go).
	langs *langCache
}

// New builds the server and its routes.
func New(d Deps) (*Server, error) {
	if d.Metrics == nil {
		d.Metrics = prometheus.NewRegistry()
	}
	if d.Log == nil {
		d.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if d.Legal == nil {
		return nil, errors.New("httpapi: the legal pages are required")
	}
	s := &Server{Deps: d, api: http.NewServeMux(), outage: logthrottle.New(d.Log, 10*time.Second),
		meAnswers: newMeCache(defaultMeCacheBytes), langs: newLangCache()}
	var err error
	if s.metrics, err = newMetrics(d.Metrics); err != nil {
		return nil, err
	}
	if s.docs, err = newAPIDocs(d.OpenAPI); err != nil {
		return nil, err
	}
	s.spa = newSPA(d.Web, d.SentryDSN, d.PodcastURL, d.Release)
	if d.Billing != nil {
		s.spa.payments.Provider, s.spa.payments.PublishableKey = d.Billing.Provider()
	}
	s.spa.tiles = d.MapTilesURL
	s.registerRoutes()
	return s, nil
}

// Routes lists every registered API pattern ("GET /api/me"), for the test
// that checks each is in the OpenAPI document.
func (s *Server) Routes() []string { return append([]string(nil), s.routes...) }

// route registers one API endpoint.
func (s *Server) route(pattern string, h http.Handler) {
	s.routes = append(s.routes, pattern)
	s.api.Handle(pattern, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		nameRoute(r, pattern)
		h.ServeHTTP(w, r)
	}))
}

// Handler is the whole server: the middleware chain around the dispatch of a
// request to the API, the public site or the back-office.
func (s *Server) Handler() http.Handler {
	dispatch := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case isAPIPath(r.URL.Path):
			s.serveAPI(w, r)
		case strings.HasPrefix(r.URL.Path, "/media/") && s.Media != nil:
			nameRoute(r, "media")
			s.serveMedia(w, r)
		case strings.HasPrefix(r.URL.Path, "/sandbox/") && s.Sandbox != nil && faceOf(r.Context()) == hosts.Pro:
			nameRoute(r, "sandbox")
			s.Sandbox.ServeHTTP(w, r)
		case strings.HasPrefix(r.URL.Path, "/calendar/") && s.Availability != nil:
			// The private feed answers on every host: calendar apps keep
			// the URL they were given.
			nameRoute(r, "calendar")
			s.serveCalendarFeed(w, r)
		case strings.HasPrefix(r.URL.Path, "/badge/") && s.Site != nil:
			// The badge also answers on back-office hosts, so the badge page's
			// preview loads from the back-office's own origin (its CSP allows
			// no other http origin).
			nameRoute(r, "site")
			s.Site.ServeHTTP(w, r)
		case faceOf(r.Context()) == hosts.Public && s.Site != nil:
			nameRoute(r, "site")
			s.Site.ServeHTTP(w, r)
		default:
			nameRoute(r, "spa")
			if r.Method != http.MethodGet && r.Method != http.MethodHead {
				s.fail(w, r, notAllowed(w, http.MethodGet, http.MethodHead))
				return
			}
			s.spa.ServeHTTP(w, r)
		}
	})
	return s.chain(dispatch)
}

// isAPIPath tells the JSON API (and the operational endpoints) from pages.
func isAPIPath(p string) bool {
	return strings.HasPrefix(p, "/api/") || p == "/api" || p == "/healthz" || p == "/readyz" || p == "/metrics"
}

// serveMedia streams uploaded files from the media store, a folder or a
// bucket alike, so media URLs stay the server's own. Every upload gets a new
// key, so a file never changes and may be cached for good; the CSP keeps an
// uploaded file from ever running as a page.
func (s *Server) serveMedia(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		s.fail(w, r, notAllowed(w, http.MethodGet, http.MethodHead))
		return
	}
	name := strings.TrimPrefix(r.URL.Path, "/media/")
	if strings.HasPrefix(name, export.Prefix) {
		// A provider's data export is served only to its owner.
		http.NotFound(w, r)
		return
	}
	f, info, err := s.Media.Open(r.Context(), name)
	switch {
	case errors.Is(err, blob.ErrNotFound) || errors.Is(err, blob.ErrBadKey):
		http.NotFound(w, r)
		return
	case err != nil:
		s.fail(w, r, apperr.Wrap(apperr.Unavailable, "errors.service_unavailable", err))
		return
	}
	defer f.Close()
	h := w.Header()
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	if info.ETag != "" {
		h.Set("ETag", `"`+info.ETag+`"`)
	}
	if info.ContentType != "" {
		h.Set("Content-Type", info.ContentType)
	}
	http.ServeContent(w, r, name, info.ModTime, f)
}
