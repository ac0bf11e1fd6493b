package httpapi

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/getsentry/sentry-go"
	"github.com/klauspost/compress/gzhttp"
	"github.com/prometheus/client_golang/prometheus"

	"noces/internal/account"
	"noces/internal/apperr"
	"noces/internal/clientip"
	"noces/internal/i18n"
	"noces/internal/model"
)

// chain wraps h in the middleware every request goes through, outermost first.
func (s *Server) chain(h http.Handler) http.Handler {
	h = securityHeaders(h)
	h = gzhttp.GzipHandler(h)
	h = s.observe(h)
	h = s.recoverPanics(h)
	// Before recovery, so even a panic is answered in the user's language.
	h = s.requestContext(h)
	// Once per request, so every limit and counter sees the same client.
	h = clientip.New(s.TrustedProxies).Middleware(h)
	return h
}

var requestIDPattern = regexp.MustCompile(`^[A-Za-z0-9._-]{8,64}$`)

// requestContext puts what the rest of the chain and the handlers ask of a
// request into its context in one copy of the request: its id (a sane
// X-Request-Id from a proxy, or a new one, echoed), the host's domain and
// face, and the interface language negotiated from the locale cookie, then
// Accept-Language, then the domain's language. Each r.WithContext copies
// the whole request, and each context value lengthens every lookup, on
// every request the server answers.
func (s *Server) requestContext(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if !requestIDPattern.MatchString(id) {
			id = model.NewID()
		}
		h := w.Header()
		h["X-Request-Id"] = []string{id}
		d, face := s.Hosts.Resolve(r.Host)
		cookie := ""
		if c, err := r.Cookie("locale"); err == nil {
			cookie = c.Value
		}
		lang := s.langs.negotiate(cookie, r.Header.Get("Accept-Language"), d.Lang)
		h["Vary"] = append(h["Vary"], varyLocale)
		info := &requestInfo{id: id, face: face}
		ctx := i18n.WithLocale(context.WithValue(r.Context(), keyRequest, info), d, lang)
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// varyLocale is the Vary of every answer: the language comes from
// Accept-Language or the locale cookie.
const varyLocale = "Accept-Language, Cookie"

// recoverPanics turns a panic into a logged, reported 500 instead of a dropped
// connection.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// A hub of its own lets a request's scope (tags, breadcrumbs) stay
		// its own; without Sentry (no DSN) nothing is ever sent, and the
		// clone would be a dozen allocations per request for nothing.
		hub := sentry.CurrentHub()
		if reportsToSentry(hub) {
			hub = hub.Clone()
			r = r.WithContext(sentry.SetHubOnContext(r.Context(), hub))
		}
		defer func() {
			rec := recover()
			if rec == nil {
				return
			}
			if rec == http.ErrAbortHandler {
				panic(rec) // the server's own signal to drop the connection
			}
			s.Log.ErrorContext(r.Context(), "panic", "request_id", requestIDOf(r.Context()),
				"panic", fmt.Sprint(rec), "stack", string(debug.Stack()))
			hub.RecoverWithContext(r.Context(), rec)
			s.fail(w, r, fmt.Errorf("panic: %v", rec))
		}()
		next.ServeHTTP(w, r)
	})
}

// reportsToSentry says whether hub sends what it captures: Sentry was set up
// with a DSN. The SDK never leaves a hub without a client (it binds a no-op
// one), so a nil check always passes.
func reportsToSentry(hub *sentry.Hub) bool {
	return hub.Client().IsEnabled()
}

// statusWriter records what a handler wrote, for logs and metrics.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// metrics are the Prometheus series of the HTTP server.
type metrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

func newMetrics(reg *prometheus.Registry) (*metrics, error) {
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "noces_http_requests_total", Help: "HTTP requests by route, method and status.",
		}, []string{"route", "method", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "noces_http_request_duration_seconds", Help: "HTTP request latency by route.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"route", "method"}),
	}
	for _, c := range []prometheus.Collector{m.requests, m.duration} {
		if err := reg.Register(c); err != nil {
			return nil, fmt.Errorf("httpapi: metrics: %w", err)
		}
	}
	return m, nil
}

// observe logs each request as one line (or only the failed and slow ones:
// Deps.FailedRequestsOnly) and counts it per route. The
// route is the matched pattern, never the raw path, so series stay bounded.
func (s *Server) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		elapsed := time.Since(start)
		if sw.status == 0 {
			sw.status = http.StatusOK
		}
		route := ""
		if info := requestInfoOf(r.Context()); info != nil {
			route = info.route
		}
		if route == "" {
			route = "unmatched"
		}
		method := methodLabel(r.Method)
		s.metrics.requests.WithLabelValues(route, method, strconv.Itoa(sw.status)).Inc()
		s.metrics.duration.WithLabelValues(route, method).Observe(elapsed.Seconds())
		if s.FailedRequestsOnly && sw.status < http.StatusBadRequest && elapsed < slowRequest {
			return
		}
		// Asked first: the arguments alone cost a dozen allocations, for a
		// line production (NOCES_LOG_LEVEL above info) drops.
		if ctx := r.Context(); s.Log.Enabled(ctx, slog.LevelInfo) {
			s.Log.InfoContext(ctx, "request", "request_id", requestIDOf(ctx),
				"method", r.Method, "path", r.URL.Path, "route", route, "host", r.Host,
				"status", sw.status, "bytes", sw.bytes, "duration_ms", float64(elapsed.Microseconds())/1000)
		}
	})
}

// slowRequest is the time past which a request is logged even when only
// failed requests are (Deps.FailedRequestsOnly): a second is what a person
// notices.
const slowRequest = time.Second

// methodLabel is the method as a metrics label: any token is a valid HTTP
// method, so one made up per request would add a series per request; the
// unknown ones share "OTHER".
func methodLabel(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions:
		return m
	}
	return "OTHER"
}

// nameRoute records the route of the request for logs and metrics: the
// innermost handler that knows what served the request (a route pattern,
// "site" or "spa") names it, since the mux matches on a copy of the request
// and its Pattern never reaches observe.
func nameRoute(r *http.Request, name string) {
	if info := requestInfoOf(r.Context()); info != nil {
		info.route = name
	}
}

// securityHeaders sets the headers every answer carries. Pages set their own
// Content-Security-Policy; this default covers the API and anything else.
// The keys are written in canonical form and the values are shared: Set
// would canonicalise each key and allocate each value on every request.
// Sharing is safe because a handler replaces a value (Set) or appends to a
// full slice (Add), which copies it, and never writes into it.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for _, kv := range defaultSecurityHeaders {
			h[kv.key] = kv.value
		}
		if r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" {
			h["Strict-Transport-Security"] = hstsValue
		}
		next.ServeHTTP(w, r)
	})
}

// headerValue is one header of every answer, its value shared (full: an
// append copies it).
type headerValue struct {
	key   string
	value []string
}

func sharedHeader(key, value string) headerValue {
	return headerValue{key: http.CanonicalHeaderKey(key), value: []string{value}[:1:1]}
}

var (
	defaultSecurityHeaders = []headerValue{
		sharedHeader("X-Content-Type-Options", "nosniff"),
		sharedHeader("Referrer-Policy", "strict-origin-when-cross-origin"),
		sharedHeader("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"),
		sharedHeader("X-Frame-Options", "DENY"),
		sharedHeader("Cross-Origin-Opener-Policy", "same-origin"),
	}
	hstsValue = sharedHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains").value
)

// authedFunc is an endpoint behind authentication: the guard checks the
// access token once and hands the caller's claims over, so no handler reads
// them back from the context.
type authedFunc func(w http.ResponseWriter, r *http.Request, c account.Claims) error

// authed runs h for a request with a valid access token.
func (s *Server) authed(h authedFunc) http.Handler {
	return s.handle(func(w http.ResponseWriter, r *http.Request) error {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || token == "" {
			return apperr.New(apperr.Unauthorized, "errors.unauthorized")
		}
		c, err := s.Accounts.Authenticate(r.Context(), token)
		if err != nil {
			return err
		}
		return h(w, r, c)
	})
}

// admin is authed for ROLE_ADMIN only; everyone else gets 403.
func (s *Server) admin(h authedFunc) http.Handler {
	return s.authed(func(w http.ResponseWriter, r *http.Request, c account.Claims) error {
		if c.Role != model.RoleAdmin {
			return apperr.New(apperr.Forbidden, "errors.forbidden")
		}
		return h(w, r, c)
	})
}

// provider is authed for planners and venues: the company, statistics and
// onboarding calls have no meaning for an admin's own account.
func (s *Server) provider(h authedFunc) http.Handler {
	return s.authed(func(w http.ResponseWriter, r *http.Request, c account.Claims) error {
		if c.Role != model.RolePlanner && c.Role != model.RoleVenue {
			return apperr.New(apperr.Forbidden, "errors.forbidden")
		}
		return h(w, r, c)
	})
}
