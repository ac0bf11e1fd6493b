package account

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/ratelimit"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// cheap keeps the argon2id code path with 1 MiB and one pass.
var cheap = HashParams{Time: 1, Memory: 1024, Threads: 1}

// holdLanes makes every hash of h wait in its lane until the returned
// function is called; entered receives a value as each one enters.
func holdLanes(h *Hasher) (entered chan struct{}, free func()) {
	entered = make(chan struct{}, 64)
	gate := make(chan struct{})
	h.inLane = func() {
		entered <- struct{}{}
		<-gate
	}
	var once sync.Once
	return entered, func() { once.Do(func() { close(gate) }) }
}

// A hash made with p=2 used to run its two lanes on two goroutines (x/crypto
// starts one per lane), whatever bound the hasher set: on 2 cores one
// sign-in took both. It now runs in the caller's goroutine.
func TestAHashRunsInOneGoroutineWhateverItsParallelism(t *testing.T) {
	h := NewHasher(DefaultHashParams, HasherOptions{Lanes: 1})
	stop := make(chan struct{})
	var peak atomic.Int64
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			if n := int64(runtime.NumGoroutine()); n > peak.Load() {
				peak.Store(n)
			}
			select {
			case <-stop:
				return
			default:
				runtime.Gosched()
			}
		}
	}()
	base := runtime.NumGoroutine() // the sampler included
	if _, err := h.Hash(context.Background(), "Demo-2026!"); err != nil {
		t.Fatal(err)
	}
	close(stop)
	<-sampled
	if p := peak.Load(); p > int64(base) {
		t.Fatalf("%d goroutines ran during a p=%d hash, %d before it", p, DefaultHashParams.Threads, base)
	}
}

func TestAtMostLanesHashAtOnce(t *testing.T) {
	h := NewHasher(cheap, HasherOptions{Lanes: 2, QueueWait: time.Minute})
	var now, most atomic.Int64
	h.inLane = func() {
		n := now.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		time.Sleep(20 * time.Millisecond)
		now.Add(-1)
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			var err error
			if i%2 == 0 {
				_, err = h.Hash(context.Background(), "Secret-123!")
			} else {
				_, err = h.Verify(context.Background(), "Secret-123!", h.DummyHash())
			}
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if most.Load() != 2 {
		t.Fatalf("%d hashes ran at once with 2 lanes", most.Load())
	}
}

func TestTheLanesDefaultToOneFewerThanTheCores(t *testing.T) {
	want := max(1, runtime.GOMAXPROCS(0)-1)
	if got := NewHasher(cheap, HasherOptions{}).Lanes(); got != want {
		t.Fatalf("%d lanes, want %d with GOMAXPROCS %d", got, want, runtime.GOMAXPROCS(0))
	}
}

func TestAHashThatFindsNoLaneInTimeIs429WithRetryAfter(t *testing.T) {
	h := NewHasher(cheap, HasherOptions{Lanes: 1, QueueWait: 50 * time.Millisecond})
	entered, free := holdLanes(h)
	defer free()
	first := make(chan error, 1)
	go func() {
		_, err := h.Hash(context.Background(), "Secret-123!")
		first <- err
	}()
	<-entered

	t0 := time.Now()
	_, err := h.Verify(context.Background(), "Secret-123!", h.DummyHash())
	waited := time.Since(t0)
	e, ok := apperr.As(err)
	if !ok || e.Kind != apperr.TooMany || e.Code != "errors.server_busy" || e.RetryAfter < 1 {
		t.Fatalf("got %#v, want a 429 errors.server_busy with Retry-After", err)
	}
	if waited < 50*time.Millisecond {
		t.Errorf("refused after %s, before the queue wait", waited)
	}
	if running, queued := h.Load(); running != 1 || queued != 0 {
		t.Errorf("load %d running, %d queued after the refusal", running, queued)
	}

	if err := h.Admit(); err != nil {
		t.Errorf("Admit refuses a line whose length is unknown: %v", err)
	}
	// A line expected to outlast the wait is refused at once, and told how
	// long the line should take.
	h.wait = 5 * time.Second
	h.avg.Store(int64(8 * time.Second))
	if e, ok := apperr.As(h.Admit()); !ok || e.Kind != apperr.TooMany || e.RetryAfter != 8 {
		t.Errorf("Admit: %#v, want a 429 with Retry-After 8", e)
	}
	t0 = time.Now()
	_, err = h.Hash(context.Background(), "Secret-123!")
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.TooMany || e.RetryAfter != 8 {
		t.Fatalf("got %#v, want a 429 with Retry-After 8", err)
	}
	if d := time.Since(t0); d > time.Second {
		t.Errorf("a hopeless wait was refused after %s", d)
	}

	// A caller that gives up leaves the line with its own error.
	h.avg.Store(0)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := h.Hash(ctx, "Secret-123!"); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}

	free()
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if _, err := h.Hash(context.Background(), "Secret-123!"); err != nil {
		t.Fatalf("once the lane is free: %v", err)
	}
}

func TestTheDummyHashCostsAHashButIsMadeAtNoCost(t *testing.T) {
	h := NewHasher(HashParams{Time: 2, Memory: 2048, Threads: 2}, HasherOptions{Lanes: 1})
	hashes := 0
	h.inLane = func() { hashes++ }
	svc, err := NewService(Deps{Hasher: h, Log: quiet})
	if err != nil {
		t.Fatal(err)
	}
	if hashes != 0 {
		t.Fatalf("building the service ran %d hashes", hashes)
	}
	if !strings.HasPrefix(svc.dummyHash, "$argon2id$v=19$m=2048,t=2,p=2$") || svc.dummyHash != h.DummyHash() {
		t.Fatalf("dummy hash %q does not carry the hasher's costs", svc.dummyHash)
	}
	for _, pw := range []string{"", "Secret-123!", "not a password: timing equaliser"} {
		if ok, err := h.Verify(context.Background(), pw, svc.dummyHash); ok || err != nil {
			t.Fatalf("%q matches the dummy hash (%v)", pw, err)
		}
	}
	if hashes != 3 {
		t.Fatalf("checking the dummy hash ran %d hashes for 3 checks", hashes)
	}
}

func TestTheLanesMemoryIsHandedBack(t *testing.T) {
	h := NewHasher(cheap, HasherOptions{Lanes: 2})
	if _, err := h.Hash(context.Background(), "Secret-123!"); err != nil {
		t.Fatal(err)
	}
	if n := h.ReleaseMemory(); n != 1<<20 {
		t.Fatalf("released %d bytes after one 1 MiB hash", n)
	}
	if n := h.ReleaseMemory(); n != 0 {
		t.Fatalf("released %d bytes twice", n)
	}
}

// A sign-in that finds no lane in time is a 429 that costs the account
// nothing: no failure is counted, and the same sign-in passes once the line
// has gone (on both engines).
func TestASignInPastTheQueueWaitIs429AndCountsNoFailure(t *testing.T) {
	ctx := context.Background()
	st := storetest.New(t)
	clk := clock.NewFixed(time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC))
	h := NewHasher(cheap, HasherOptions{Lanes: 1, QueueWait: 30 * time.Millisecond})
	signer, err := NewSigner([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	svc, err := NewService(Deps{Store: st, Clock: clk, Hasher: h, Signer: signer, Limiter: ratelimit.New(st, clk), Log: quiet})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.CreateUser(ctx, NewUser{Email: "planner@example.com", Password: "Secret-123!", Role: "ROLE_PRESTATAIRE",
		Firstname: "Test", Lastname: "User", Moderated: true, Onboarded: true}); err != nil {
		t.Fatal(err)
	}

	entered, free := holdLanes(h)
	defer free()
	busy := make(chan error, 1)
	go func() {
		_, err := h.Hash(ctx, "someone else's password")
		busy <- err
	}()
	<-entered
	for i := range 12 { // more than every throttle lets through
		// An unknown e-mail is refused alike, or a 401 among 429s would
		// tell which addresses have an account.
		email := []string{"planner@example.com", "nobody@example.com"}[i%2]
		_, err := svc.Login(ctx, email, "Secret-123!", "203.0.113.7")
		if e, ok := apperr.As(err); !ok || e.Kind != apperr.TooMany || e.Code != "errors.server_busy" || e.RetryAfter < 1 {
			t.Fatalf("%s with the lane taken: %#v, want a 429 errors.server_busy", email, err)
		}
	}
	free()
	if err := <-busy; err != nil {
		t.Fatal(err)
	}
	h.inLane = nil
	if err := h.Admit(); err != nil {
		t.Fatalf("a free lane is refused: %v", err)
	}
	if tok, err := svc.Login(ctx, "planner@example.com", "Secret-123!", "203.0.113.7"); err != nil || tok.Access == "" {
		t.Fatalf("once the line has gone: %v", err)
	}
	n, _, err := ratelimit.New(st, clk).Count(ctx, "login:account:"+store.EmailKey("planner@example.com"), loginAccount.Window)
	if err != nil || n != 0 {
		t.Fatalf("%d failures counted for refusals that checked no password (%v)", n, err)
	}
}
