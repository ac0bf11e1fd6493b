package httpapi

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"noces/internal/account"
	"noces/internal/ratelimit"
	"noces/internal/store/storetest"
)

// A sign-in that waits for a password lane longer than the queue allows is
// answered 429 with Retry-After and a message in the user's language, like
// the throttles' 429s (on both engines).
func TestASignInPastThePasswordQueueIs429WithRetryAfter(t *testing.T) {
	// A hash of 32 passes keeps the only lane for a few hundred
	// milliseconds, far longer than the sign-in below takes to reach it.
	hasher := account.NewHasher(account.HashParams{Time: 32, Memory: 8 * 1024, Threads: 2},
		account.HasherOptions{Lanes: 1, QueueWait: 10 * time.Millisecond})
	e := newEnvWithStore(t, storetest.New(t), func(srv *Server) {
		signer, err := account.NewSigner([]byte(strings.Repeat("k", 32)))
		if err != nil {
			t.Fatal(err)
		}
		clk := clockOf(srv)
		if srv.Accounts, err = account.NewService(account.Deps{Store: srv.Store, Clock: clk, Hasher: hasher, Signer: signer,
			Links: srv.Hosts, Limiter: ratelimit.New(srv.Store, clk), Texts: srv.Texts, Log: srv.Log}); err != nil {
			t.Fatal(err)
		}
	})
	held := make(chan error, 1)
	go func() {
		_, err := hasher.Hash(context.Background(), "someone else's password")
		held <- err
	}()
	for running, _ := hasher.Load(); running == 0; running, _ = hasher.Load() {
		time.Sleep(time.Millisecond)
	}
	r := e.do(req{method: "POST", path: "/api/login_check", headers: map[string]string{"Accept-Language": "de"},
		body: map[string]string{"username": "nobody@example.com", "password": testPassword}})
	if err := <-held; err != nil {
		t.Fatal(err)
	}
	if r.status != 429 {
		t.Fatalf("status %d, want 429: %s", r.status, r.body)
	}
	if s, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || s < 1 {
		t.Errorf("Retry-After %q, want a number of seconds", r.header.Get("Retry-After"))
	}
	body := r.json(t)
	if body["error"] != "errors.server_busy" || !strings.Contains(body["message"].(string), "Sekunden") {
		t.Errorf("body %v, want errors.server_busy in German", body)
	}
}
