// Package clock gives time to the code that stores or compares it, so tests
// can fix it.
package clock

import (
	"sync"
	"time"
)

// Clock tells the current time, always in UTC and truncated to microseconds:
// both databases then store and return exactly the same instant.
type Clock interface {
	Now() time.Time
}

// System is the real clock.
type System struct{}

// Now returns the current UTC time to the microsecond.
func (System) Now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

// Fixed is a settable clock for tests.
type Fixed struct {
	mu sync.Mutex
	t  time.Time
}

// NewFixed returns a clock stopped at t.
func NewFixed(t time.Time) *Fixed { return &Fixed{t: t.UTC().Truncate(time.Microsecond)} }

// Now returns the clock's time.
func (f *Fixed) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.t
}

// Advance moves the clock forward by d.
func (f *Fixed) Advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.t = f.t.Add(d)
}
