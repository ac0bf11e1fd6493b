// Package ratelimit counts attempts in sliding windows, in the database, so
// every server instance enforces the same limits.
package ratelimit

import (
	"context"
	"math"
	"strconv"
	"time"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/store"
)

// Rule is a limit: at most Max events per Window.
type Rule struct {
	Max    int
	Window time.Duration
}

// Limiter checks and records events.
type Limiter struct {
	store *store.Store
	clock clock.Clock
}

// New returns a Limiter.
func New(s *store.Store, c clock.Clock) *Limiter { return &Limiter{store: s, clock: c} }

// Check returns a 429 error with Retry-After when bucket already holds Max
// events in the window, nil otherwise. It records nothing.
func (l *Limiter) Check(ctx context.Context, bucket string, r Rule) error {
	now := l.clock.Now()
	n, oldest, err := l.store.CountRateEvents(ctx, bucket, now.Add(-r.Window))
	if err != nil {
		return err
	}
	if n < r.Max {
		return nil
	}
	wait := oldest.Add(r.Window).Sub(now)
	return &apperr.Error{Kind: apperr.TooMany, Code: "errors.too_many_requests",
		RetryAfter: int(math.Max(1, math.Ceil(wait.Seconds())))}
}

// Hit records one event in bucket.
func (l *Limiter) Hit(ctx context.Context, bucket string) error {
	return l.store.CreateRateEvent(ctx, bucket, l.clock.Now())
}

// Allow is Check then Hit: the event counts whether or not it succeeds later.
func (l *Limiter) Allow(ctx context.Context, bucket string, r Rule) error {
	if err := l.Check(ctx, bucket, r); err != nil {
		return err
	}
	return l.Hit(ctx, bucket)
}

// Reset forgets bucket.
func (l *Limiter) Reset(ctx context.Context, bucket string) error {
	return l.store.DeleteRateEvents(ctx, bucket)
}

// Backoff is a growing delay between events: the first Free events of a
// Window pass at once; from then on, each must wait Base after the previous
// one, doubled for every event beyond Free, and never more than Max. Unlike a
// Rule it never shuts a bucket: whoever waits the delay gets another try.
type Backoff struct {
	Free   int
	Base   time.Duration
	Max    time.Duration
	Window time.Duration
}

// Delay is the wait that n events in the window ask after the last one.
func (b Backoff) Delay(n int) time.Duration {
	if n < b.Free {
		return 0
	}
	shift := n - b.Free
	if shift >= 62 || b.Base<<shift > b.Max || b.Base<<shift <= 0 {
		return b.Max
	}
	return b.Base << shift
}

// CheckBackoff returns a 429 with Retry-After when the last event of bucket
// is more recent than the delay its count in the window asks, nil otherwise.
// It records nothing: Hit records the events that count.
func (l *Limiter) CheckBackoff(ctx context.Context, bucket string, b Backoff) error {
	now := l.clock.Now()
	since := now.Add(-b.Window)
	n, _, err := l.store.CountRateEvents(ctx, bucket, since)
	if err != nil {
		return err
	}
	d := b.Delay(n)
	if d <= 0 {
		return nil
	}
	last, ok, err := l.store.NewestRateEvent(ctx, bucket, since)
	if err != nil || !ok {
		return err
	}
	return tooMany(last.Add(d).Sub(now))
}

// Count is the number of events of bucket in the last window, and the time
// of the oldest of them (zero when none).
func (l *Limiter) Count(ctx context.Context, bucket string, window time.Duration) (int, time.Time, error) {
	return l.store.CountRateEvents(ctx, bucket, l.clock.Now().Add(-window))
}

// WaitOnce is a delay a caller waits once per window: the first call of the
// window starts it and is refused for d; calls after it has run pass until
// the window ends, whatever happens elsewhere meanwhile. Nobody else can
// renew it, so it can slow a caller down but never keep them out.
func (l *Limiter) WaitOnce(ctx context.Context, bucket string, d, window time.Duration) error {
	now := l.clock.Now()
	n, started, err := l.store.CountRateEvents(ctx, bucket, now.Add(-window))
	if err != nil {
		return err
	}
	if n == 0 {
		if err := l.Hit(ctx, bucket); err != nil {
			return err
		}
		started = now
	}
	return tooMany(started.Add(d).Sub(now))
}

// tooMany is the 429 asking to wait d, or nil when d has passed.
func tooMany(d time.Duration) error {
	if d <= 0 {
		return nil
	}
	return &apperr.Error{Kind: apperr.TooMany, Code: "errors.too_many_requests",
		RetryAfter: int(math.Max(1, math.Ceil(d.Seconds())))}
}

// Once records an event in bucket if none was recorded in the current period
// (periods are aligned on UTC midnight for a day), and says whether this call
// did: of racing callers, exactly one wins.
func (l *Limiter) Once(ctx context.Context, bucket string, period time.Duration) (bool, error) {
	now := l.clock.Now()
	id := bucket + "@" + strconv.FormatInt(now.UTC().Truncate(period).Unix(), 10)
	return l.store.CreateRateEventOnce(ctx, id, bucket, now)
}

// Retention is how long rate-limit rows are kept: twice the longest window
// any rule uses (a day), so that no count ever misses a row it needs.
const Retention = 48 * time.Hour
