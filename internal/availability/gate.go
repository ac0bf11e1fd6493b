package availability

import (
	"context"
	"errors"
	"time"

	"golang.org/x/sync/semaphore"
)

// Process-wide bound on imports at once, as image decoding has its budget:
// an import costs up to about 0.2 s of one core and a few MB (maxSteps;
// TestParseICSResistsAttackFiles, bench/ics), so two at once leave the
// other requests a core however many accounts import together.
const (
	// ImportSlots is how many imports run at once in the process.
	ImportSlots = 2
	// ImportWait is how long an import waits for a slot before it is
	// refused with ErrBusy.
	ImportWait = 5 * time.Second
	// BusyRetryAfter is the Retry-After, in seconds, of an ErrBusy refusal.
	BusyRetryAfter = 5
)

// ErrBusy refuses an import that found no free slot within the gate's
// wait: the client should send it again a little later.
var ErrBusy = errors.New("availability: too many calendars being imported, retry later")

// Gate bounds the imports running at once.
type Gate struct {
	sem  *semaphore.Weighted
	wait time.Duration
}

// NewGate returns a gate of slots imports at once; an import waits at most
// wait for one.
func NewGate(slots int, wait time.Duration) *Gate {
	return &Gate{sem: semaphore.NewWeighted(int64(max(slots, 1))), wait: wait}
}

// defaultGate is the gate of every service built without its own, so all
// of a process's imports share it.
var defaultGate = NewGate(ImportSlots, ImportWait)

// Enter waits for a slot: ctx's error when ctx ends first, ErrBusy when the
// wait runs out. The caller calls release once done.
func (g *Gate) Enter(ctx context.Context) (release func(), err error) {
	wctx, cancel := context.WithTimeout(ctx, g.wait)
	defer cancel()
	if err := g.sem.Acquire(wctx, 1); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, ErrBusy
	}
	return func() { g.sem.Release(1) }, nil
}
