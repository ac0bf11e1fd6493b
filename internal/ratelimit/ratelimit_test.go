package ratelimit

import (
	"context"
	"testing"
	"time"

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
