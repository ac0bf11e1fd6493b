// Package ratelimit counts attempts in sliding windows, in the database, so
// every server instance enforces the same limits.
package ratelimit

import (
	"context"
	"math"
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
