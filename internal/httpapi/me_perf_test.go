package httpapi

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"noces/internal/store/storetest"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/getsentry/sentry-go"
)

// discardWriter is a ResponseWriter that keeps nothing but its header map,
// made fresh for each request as net/http's own is.
type discardWriter struct{ h http.Header }

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w *discardWriter) WriteHeader(int)             {}

// quietChain is the server's middleware around h, logging at error as the
// bench and production do.
func quietChain(t *testing.T, h http.HandlerFunc) http.Handler {
	e := newEnv(t)
	e.server.Log = slog.New(slog.NewJSONHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelError}))
	return e.server.chain(h)
}

// TestChainAllocations bounds what the middleware every request goes
// through allocates around a handler that allocates nothing: each
// allocation is paid on every request the server answers, /api/me's
// included, and feeds the collector. It was 59 with a context copy per
// middleware, a Sentry hub cloned per request and the headers set one by
// one; the request below sends no Accept-Language, as the bench's client.
func TestChainAllocations(t *testing.T) {
	body := []byte(`{"ok":true}`)
	h := quietChain(t, func(w http.ResponseWriter, r *http.Request) {
		nameRoute(r, "GET /api/me")
		_, _ = w.Write(body)
	})
	r := httptest.NewRequest("GET", "http://localhost:8080/api/me", nil)
	r.Header.Set("Accept-Encoding", "gzip")
	r.Header.Set("Authorization", "Bearer x")
	w := &discardWriter{}
	n := testing.AllocsPerRun(200, func() {
		w.h = make(http.Header, 16)
		h.ServeHTTP(w, r)
	})
	t.Logf("allocations per request through the chain: %.0f", n)
	if n > 24 {
		t.Errorf("the chain allocates %.0f times per request, want at most 24", n)
	}
}

// TestNoSentryHubWithoutDSN: without Sentry set up, no request gets a hub
// of its own (the SDK's no-op client is not "a client").
func TestNoSentryHubWithoutDSN(t *testing.T) {
	if sentry.CurrentHub().Client().IsEnabled() {
		t.Skip("Sentry is set up in this test binary")
	}
	var hub *sentry.Hub
	h := quietChain(t, func(w http.ResponseWriter, r *http.Request) {
		hub = sentry.GetHubFromContext(r.Context())
	})
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "http://localhost:8080/api/me", nil))
	if hub != nil {
		t.Error("a request got a Sentry hub of its own without Sentry set up")
	}
}

// TestReportsToSentry tells a hub with a configured client from the SDK's
// default one.
func TestReportsToSentry(t *testing.T) {
	if reportsToSentry(sentry.NewHub(nil, sentry.NewScope())) {
		t.Error("a hub without a client reports")
	}
	c, err := sentry.NewClient(sentry.ClientOptions{Dsn: "http://key@127.0.0.1:9/1"})
	if err != nil {
		t.Fatal(err)
	}
	if !reportsToSentry(sentry.NewHub(c, sentry.NewScope())) {
		t.Error("a hub with a configured client does not report")
	}
}

// TestSharedHeaderValues: the headers every answer carries share their
// values between requests, so a handler adding to one must not change the
// next request's.
func TestSharedHeaderValues(t *testing.T) {
	h := quietChain(t, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, nil)
		if r.URL.Query().Get("add") != "" {
			for _, k := range []string{"X-Frame-Options", "Content-Type", "Cache-Control", "Vary", "Referrer-Policy"} {
				w.Header().Add(k, "added")
			}
		}
	})
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "http://localhost:8080/api/me?add=1", nil))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "http://localhost:8080/api/me", nil))
	want := map[string][]string{
		"X-Frame-Options": {"DENY"}, "Content-Type": {"application/json; charset=utf-8"},
		"Cache-Control": {"no-store"}, "Referrer-Policy": {"strict-origin-when-cross-origin"},
		"X-Content-Type-Options": {"nosniff"}, "Cross-Origin-Opener-Policy": {"same-origin"},
		"Content-Security-Policy": {"default-src 'none'; frame-ancestors 'none'"},
	}
	for k, v := range want {
		if got := rec.Header()[k]; !slices.Equal(got, v) {
			t.Errorf("%s: %q, want %q", k, got, v)
		}
	}
	if v := rec.Header().Values("Vary"); slices.Contains(v, "added") || !slices.Contains(v, varyLocale) {
		t.Errorf("Vary: %q", v)
	}
	if id := rec.Header().Get("X-Request-Id"); !requestIDPattern.MatchString(id) {
		t.Errorf("X-Request-Id: %q", id)
	}
}

// TestMeNotCompressed: the answer of GET /api/me (under 1 KB) goes out as
// it is even to a client that accepts gzip, as Go's http.Client always
// says it does: below gzhttp's threshold (1,024 bytes, about one packet
// with the headers) compressing costs CPU on both sides and saves no
// packet.
func TestMeNotCompressed(t *testing.T) {
	e := newEnv(t)
	e.meFixtures()
	tok := e.login("full").Access
	r := httptest.NewRequest("GET", "/api/me", nil)
	r.Header.Set("Authorization", "Bearer "+tok)
	r.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	e.handler.ServeHTTP(rec, r)
	if rec.Code != http.StatusOK {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if ce := rec.Header().Get("Content-Encoding"); ce != "" || rec.Body.Len() >= 1024 {
		t.Errorf("Content-Encoding %q, %d bytes", ce, rec.Body.Len())
	}
	// A large answer still is compressed: the threshold is not "never".
	rec = httptest.NewRecorder()
	big := quietChain(t, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, strings.Repeat("x", 4096))
	})
	r = httptest.NewRequest("GET", "http://localhost:8080/api/x", nil)
	r.Header.Set("Accept-Encoding", "gzip")
	big.ServeHTTP(rec, r)
	if ce := rec.Header().Get("Content-Encoding"); ce != "gzip" {
		t.Errorf("a 4 KB answer: Content-Encoding %q", ce)
	}
}

// TestMeCancellableBenchmark measures GET /api/me as TestMeBenchmark does,
// once with a request context that can be cancelled, as net/http's always
// can, and once with one that cannot, as httptest's: the database layers
// watch a cancellable context with a goroutine per query.
//
//	NOCES_BENCH_ME=1 go test -run TestMeCancellableBenchmark -v ./internal/httpapi
func TestMeCancellableBenchmark(t *testing.T) {
	if os.Getenv("NOCES_BENCH_ME") == "" {
		t.Skip("set NOCES_BENCH_ME=1 to measure GET /api/me")
	}
	e := newEnv(t)
	e.server.Log = slog.New(slog.NewJSONHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelError}))
	e.meFixtures()
	tok := e.login("full").Access
	for _, cancellable := range []bool{false, true, false, true} {
		res := testing.Benchmark(func(b *testing.B) {
			b.ReportAllocs()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if !cancellable {
				ctx = context.Background()
			}
			for b.Loop() {
				hr := httptest.NewRequestWithContext(ctx, "GET", "/api/me", nil)
				hr.Header.Set("Authorization", "Bearer "+tok)
				rec := httptest.NewRecorder()
				e.server.Handler().ServeHTTP(rec, hr)
				if rec.Code != 200 {
					b.Fatalf("%d %s", rec.Code, rec.Body)
				}
			}
		})
		t.Logf("GET /api/me on %s, cancellable context %v: %s %s", storetest.Engine(), cancellable, res, res.MemString())
	}
}
