package main

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"noces/internal/account"
)

func TestEndpointsTableIsComplete(t *testing.T) {
	signer, err := account.NewSigner([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	venue := subject{ID: "u1", Role: "ROLE_VENUE", Email: "venue@example.com", Active: true, Requests: 2000}
	pool, err := newTokenPool(signer, []subject{venue})
	if err != nil {
		t.Fatal(err)
	}
	f := fixtures{tokens: pool, logins: []subject{venue}, bands: map[string]*tokenPool{"huge": pool}, cities: testCities(t), now: time.Now}
	eps := endpoints(targets{hello: "http://127.0.0.1:1", noces: "http://127.0.0.1:2"}, f)
	if len(eps) == 0 || eps[0].name != baselineName {
		t.Fatalf("the baseline must be the first row, got %+v", eps)
	}
	seen := map[string]bool{}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, ep := range eps {
		if seen[ep.name] {
			t.Errorf("%s: name used twice", ep.name)
		}
		seen[ep.name] = true
		req, err := ep.makeRequest(rng)
		if err != nil {
			t.Fatalf("%s: %v", ep.name, err)
		}
		if req.Method != ep.method || req.URL.Path != ep.path || ep.want == 0 {
			t.Errorf("%s: request %s %s, table says %s %s want %d", ep.name, req.Method, req.URL.Path, ep.method, ep.path, ep.want)
		}
		if ep.direct != nil {
			t.Errorf("%s: a direct call without a store", ep.name)
		}
		switch {
		case ep.path == "/api/me" || ep.path == "/api/event-requests":
			token, ok := strings.CutPrefix(req.Header.Get("Authorization"), "Bearer ")
			if !ok {
				t.Fatalf("%s without a bearer token: %q", ep.name, req.Header.Get("Authorization"))
			}
			c, err := signer.Parse(token, time.Now())
			if err != nil || c.UserID != "u1" || c.Role != "ROLE_VENUE" {
				t.Errorf("%s: token claims %+v, %v", ep.name, c, err)
			}
		case ep.path == "/search":
			if req.Host != publicHost || req.URL.Query().Get("kind") == "" {
				t.Errorf("%s: host %q, query %q", ep.name, req.Host, req.URL.RawQuery)
			}
		case ep.name == "login":
			var body map[string]string
			if err := json.NewDecoder(req.Body).Decode(&body); err != nil || body["username"] != "venue@example.com" || body["password"] != BenchPassword {
				t.Errorf("login body %v, %v", body, err)
			}
		}
	}
	for _, name := range []string{"me", "login", "search", "search-venue", "requests-huge", "requests-huge-deep", "requests-huge-event", "requests-huge-event-deep"} {
		if !seen[name] {
			t.Errorf("no %s row", name)
		}
	}
	if seen["requests-large"] {
		t.Error("a row for a band without providers")
	}
}

func TestRequestRowsAskForTheRightPages(t *testing.T) {
	signer, _ := account.NewSigner([]byte(strings.Repeat("k", 32)))
	pool, _ := newTokenPool(signer, []subject{{ID: "p", Role: "ROLE_PRESTATAIRE", Requests: 1000}})
	f := fixtures{tokens: pool, bands: map[string]*tokenPool{"huge": pool}, now: time.Now}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, ep := range endpoints(targets{noces: "http://127.0.0.1:2"}, f) {
		if !strings.HasPrefix(ep.name, "requests-") {
			continue
		}
		dirs := map[string]bool{}
		for range 50 {
			req, _ := ep.makeRequest(rng)
			q := req.URL.Query()
			page, _ := strconv.Atoi(q.Get("page"))
			deep := strings.HasSuffix(ep.name, "-deep")
			// 1,000 requests are 40 pages of 25: deep pages are 21 to 40.
			if (deep && (page < 21 || page > 40)) || (!deep && page != 1) || q.Get("pageSize") != "25" {
				t.Errorf("%s: %s", ep.name, req.URL.RawQuery)
			}
			if want := map[bool]string{true: "eventDate", false: "createdAt"}[strings.Contains(ep.name, "-event")]; q.Get("sortField") != want {
				t.Errorf("%s: sortField %q", ep.name, q.Get("sortField"))
			}
			dirs[q.Get("sortDirection")] = true
		}
		if !dirs["asc"] || !dirs["desc"] {
			t.Errorf("%s: directions %v, want both", ep.name, dirs)
		}
	}
}

func TestTokenPoolSpreadsOverUsers(t *testing.T) {
	signer, _ := account.NewSigner([]byte(strings.Repeat("k", 32)))
	var subs []subject
	for _, id := range []string{"a", "b", "c", "d"} {
		subs = append(subs, subject{ID: id, Role: "ROLE_PRESTATAIRE"})
	}
	pool, err := newTokenPool(signer, subs)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	users := map[string]bool{}
	for range 200 {
		c, err := signer.Parse(pool.random(rng), time.Now())
		if err != nil {
			t.Fatal(err)
		}
		users[c.UserID] = true
	}
	if len(users) != 4 {
		t.Errorf("tokens of %d users used, want 4", len(users))
	}
	// Re-minting later gives tokens that outlive the first ones.
	if err := pool.mint(time.Now().Add(10 * time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, err := signer.Parse(pool.random(rng), time.Now().Add(20*time.Minute)); err != nil {
		t.Errorf("a re-minted token should still be valid 20 minutes on: %v", err)
	}
	if _, err := newTokenPool(signer, nil); err == nil {
		t.Error("a pool without users should be refused")
	}
}

func TestMeasureAgainstTheBaselineServer(t *testing.T) {
	url, stop, err := startHello()
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	ep := endpoints(targets{hello: url}, fixtures{})[0]
	o := loadOptions{concurrency: 4, warmup: 50 * time.Millisecond, duration: 200 * time.Millisecond, seed: 1, timeout: 5 * time.Second}
	r, err := measure(context.Background(), ep, o, 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.Requests < 10 || r.Errors != 0 {
		t.Errorf("got %d requests, %d errors (%v)", r.Requests, r.Errors, r.FirstErrors)
	}
	if r.P50 <= 0 || r.P50 > r.P90 || r.P90 > r.P99 {
		t.Errorf("percentiles out of order: %v %v %v", r.P50, r.P90, r.P99)
	}
	if r.Elapsed < o.duration || r.Elapsed > o.duration+time.Second {
		t.Errorf("elapsed %v for a %v run", r.Elapsed, o.duration)
	}
}

func TestMeasureCountsWrongStatusesAsErrors(t *testing.T) {
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if calls.Add(1)%2 == 0 {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
	}))
	defer srv.Close()
	ep := endpoint{name: "flaky", method: http.MethodGet, path: "/", want: http.StatusOK,
		makeRequest: plain(http.MethodGet, srv.URL+"/")}
	o := loadOptions{concurrency: 2, duration: 100 * time.Millisecond, seed: 1, timeout: time.Second}
	// The first call (the check) succeeds; then half the answers are 503.
	r, err := measure(context.Background(), ep, o, 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.Errors == 0 || r.Errors > r.Requests || !strings.Contains(strings.Join(r.FirstErrors, " "), "status 503") {
		t.Errorf("got %d errors of %d requests: %v", r.Errors, r.Requests, r.FirstErrors)
	}
}

func TestCheckStopsOnAWrongStatus(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, `{"error":"errors.unauthorized"}`, http.StatusUnauthorized)
	}))
	defer srv.Close()
	ep := endpoint{name: "me", method: http.MethodGet, path: "/api/me", want: http.StatusOK,
		makeRequest: plain(http.MethodGet, srv.URL+"/api/me")}
	_, err := measure(context.Background(), ep, loadOptions{concurrency: 1, duration: time.Second, timeout: time.Second}, 0)
	if err == nil || !strings.Contains(err.Error(), "status 401") || !strings.Contains(err.Error(), "errors.unauthorized") {
		t.Errorf("got %v, want the 401 and its body", err)
	}
}

func TestBackgroundCountsOnlyTheMeasuredWindow(t *testing.T) {
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		time.Sleep(5 * time.Millisecond)
		if calls.Add(1)%10 == 0 {
			w.WriteHeader(http.StatusTooManyRequests)
		}
	}))
	defer srv.Close()
	ep := endpoint{name: "login", method: http.MethodPost, path: "/", want: http.StatusOK,
		makeRequest: plain(http.MethodPost, srv.URL+"/")}
	bg := startBackground(context.Background(), ep, 3, loadOptions{seed: 1, timeout: time.Second})
	time.Sleep(100 * time.Millisecond)
	from := time.Now()
	time.Sleep(200 * time.Millisecond)
	done := bg.stop()
	r := bg.within(done, from, 200*time.Millisecond)
	if r.Requests == 0 || r.Requests >= len(done) {
		t.Errorf("%d answers in the window of %d in all", r.Requests, len(done))
	}
	if r.Errors == 0 || !strings.Contains(strings.Join(r.FirstErrors, " "), "status 429") {
		t.Errorf("errors %d: %v", r.Errors, r.FirstErrors)
	}
	if r.P50 < 5*time.Millisecond || r.P99 < r.P50 {
		t.Errorf("latencies p50 %v p99 %v", r.P50, r.P99)
	}
	if n := calls.Load(); int(n) != len(done) {
		t.Errorf("the server answered %d, the background recorded %d: requests in flight were cut", n, len(done))
	}
}

func TestBackgroundComesBackAfterRetryAfter(t *testing.T) {
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		calls.Add(1)
		w.Header().Set("Retry-After", "1")
		w.WriteHeader(http.StatusTooManyRequests)
	}))
	defer srv.Close()
	ep := endpoint{name: "login", method: http.MethodPost, path: "/", want: http.StatusOK,
		makeRequest: plain(http.MethodPost, srv.URL+"/")}
	from := time.Now()
	bg := startBackground(context.Background(), ep, 2, loadOptions{seed: 1, timeout: time.Second})
	time.Sleep(500 * time.Millisecond)
	done := bg.stop()
	r := bg.within(done, from, time.Second)
	if calls.Load() != 2 || r.Requests != 2 || r.Refused != 2 || r.Errors != 0 {
		t.Errorf("%d calls, %d answers, %d refused, %d errors: each worker should have asked once and waited",
			calls.Load(), r.Requests, r.Refused, r.Errors)
	}
}
