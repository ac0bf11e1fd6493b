package main

import (
	"context"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
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
	pool, err := newTokenPool(signer, []subject{{ID: "u1", Role: "ROLE_VENUE"}})
	if err != nil {
		t.Fatal(err)
	}
	eps := endpoints(targets{hello: "http://127.0.0.1:1", noces: "http://127.0.0.1:2"}, pool)
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
	}
	me := eps[len(eps)-1]
	req, _ := me.makeRequest(rng)
	token, ok := strings.CutPrefix(req.Header.Get("Authorization"), "Bearer ")
	if !ok {
		t.Fatalf("/api/me without a bearer token: %q", req.Header.Get("Authorization"))
	}
	c, err := signer.Parse(token, time.Now())
	if err != nil || c.UserID != "u1" || c.Role != "ROLE_VENUE" {
		t.Errorf("token claims %+v, %v", c, err)
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
	ep := endpoints(targets{hello: url}, nil)[0]
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
