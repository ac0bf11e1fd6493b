package ratelimit

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/store/storetest"
)

func TestSlidingWindow(t *testing.T) {
	clk := clock.NewFixed(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC))
	l := New(storetest.New(t), clk)
	ctx := context.Background()
	rule := Rule{Max: 3, Window: 15 * time.Minute}
	for i := 0; i < 3; i++ {
		if err := l.Allow(ctx, "login:a", rule); err != nil {
			t.Fatalf("event %d refused: %v", i+1, err)
		}
		clk.Advance(time.Minute)
	}
	err := l.Allow(ctx, "login:a", rule)
	e, ok := apperr.As(err)
	if !ok || e.Kind != apperr.TooMany {
		t.Fatalf("the 4th event: %v", err)
	}
	// The first event was at 09:00; now is 09:03: it leaves the window at 09:15.
	if e.RetryAfter != 12*60 {
		t.Errorf("Retry-After %d s, want 720", e.RetryAfter)
	}
	if err := l.Allow(ctx, "login:b", rule); err != nil {
		t.Errorf("another bucket is limited too: %v", err)
	}
	clk.Advance(12*time.Minute + time.Second)
	if err := l.Allow(ctx, "login:a", rule); err != nil {
		t.Errorf("after the oldest event left the window: %v", err)
	}
	if err := l.Reset(ctx, "login:a"); err != nil {
		t.Fatal(err)
	}
	n, _, _ := l.store.CountRateEvents(ctx, "login:a", clk.Now().Add(-time.Hour))
	if n != 0 {
		t.Errorf("%d events after a reset", n)
	}
}

func retryAfter(t *testing.T, err error) int {
	t.Helper()
	if err == nil {
		return 0
	}
	e, ok := apperr.As(err)
	if !ok || e.Kind != apperr.TooMany {
		t.Fatalf("not a 429: %v", err)
	}
	return e.RetryAfter
}

func TestBackoffGrowsAndIsCapped(t *testing.T) {
	b := Backoff{Free: 3, Base: time.Second, Max: time.Minute, Window: time.Hour}
	var got []time.Duration
	for n := 0; n <= 12; n++ {
		got = append(got, b.Delay(n))
	}
	want := []time.Duration{0, 0, 0, 1 * time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second,
		16 * time.Second, 32 * time.Second, time.Minute, time.Minute, time.Minute, time.Minute}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("delays (-want +got):\n%s", diff)
	}
	if d := b.Delay(1 << 20); d != time.Minute {
		t.Errorf("a huge count waits %v", d)
	}
}

func TestCheckBackoff(t *testing.T) {
	clk := clock.NewFixed(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC))
	l := New(storetest.New(t), clk)
	ctx := context.Background()
	b := Backoff{Free: 2, Base: time.Second, Max: 4 * time.Second, Window: time.Hour}
	hit := func() {
		t.Helper()
		if err := l.Hit(ctx, "pair"); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 2; i++ {
		if ra := retryAfter(t, l.CheckBackoff(ctx, "pair", b)); ra != 0 {
			t.Fatalf("free event %d waits %d s", i+1, ra)
		}
		hit()
	}
	// Each further event waits twice as long as the one before, up to 4 s.
	for _, want := range []int{1, 2, 4, 4} {
		if ra := retryAfter(t, l.CheckBackoff(ctx, "pair", b)); ra != want {
			t.Fatalf("Retry-After %d s, want %d", ra, want)
		}
		clk.Advance(time.Duration(want)*time.Second - time.Millisecond)
		if ra := retryAfter(t, l.CheckBackoff(ctx, "pair", b)); ra != 1 {
			t.Fatalf("just before the delay ends: Retry-After %d", ra)
		}
		clk.Advance(time.Millisecond)
		if err := l.CheckBackoff(ctx, "pair", b); err != nil {
			t.Fatalf("after the delay: %v", err)
		}
		hit()
	}
	// Old events leave the window: the bucket is free again.
	clk.Advance(time.Hour)
	if err := l.CheckBackoff(ctx, "pair", b); err != nil {
		t.Errorf("an hour later: %v", err)
	}
}

func TestWaitOnceCannotBeRenewed(t *testing.T) {
	clk := clock.NewFixed(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC))
	l := New(storetest.New(t), clk)
	ctx := context.Background()
	if ra := retryAfter(t, l.WaitOnce(ctx, "wait:a", 3*time.Second, 15*time.Minute)); ra != 3 {
		t.Fatalf("the first call waits %d s, want 3", ra)
	}
	clk.Advance(2 * time.Second)
	if ra := retryAfter(t, l.WaitOnce(ctx, "wait:a", 3*time.Second, 15*time.Minute)); ra != 1 {
		t.Fatalf("a retry too early waits %d s, want the 1 s left", ra)
	}
	if ra := retryAfter(t, l.WaitOnce(ctx, "wait:b", 3*time.Second, 15*time.Minute)); ra != 3 {
		t.Fatalf("another caller waits %d s", ra)
	}
	clk.Advance(time.Second)
	for i := 0; i < 5; i++ {
		if err := l.WaitOnce(ctx, "wait:a", 3*time.Second, 15*time.Minute); err != nil {
			t.Fatalf("call %d after the wait: %v", i+1, err)
		}
		clk.Advance(time.Minute)
	}
	clk.Advance(15 * time.Minute)
	if ra := retryAfter(t, l.WaitOnce(ctx, "wait:a", 3*time.Second, 15*time.Minute)); ra != 3 {
		t.Errorf("a new window waits again: %d s", ra)
	}
}

func TestOnceAPeriod(t *testing.T) {
	clk := clock.NewFixed(time.Date(2026, 11, 22, 23, 0, 0, 0, time.UTC))
	l := New(storetest.New(t), clk)
	ctx := context.Background()
	once := func() bool {
		t.Helper()
		ok, err := l.Once(ctx, "alert:u1", 24*time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if !once() {
		t.Fatal("the first call of the day did not win")
	}
	clk.Advance(59 * time.Minute)
	if once() {
		t.Error("a second call the same day won")
	}
	if ok, _ := l.Once(ctx, "alert:u2", 24*time.Hour); !ok {
		t.Error("another bucket is not independent")
	}
	clk.Advance(2 * time.Minute) // 00:00 the next day
	if !once() {
		t.Error("the next day's first call did not win")
	}
}
