package imaging

import (
	"context"
	"errors"
	"sync/atomic"
	"time"

	"golang.org/x/sync/semaphore"
)

// Process-wide decoding budget: images are decoded only while the bytes they
// cost (checkDimensions' figure) fit in it, so any number of concurrent
// uploads holds at most this much decoded memory. Twice MaxImageBytes
// (384 MiB) lets two of the largest images accepted, or five 12-megapixel
// phone photos (65 MiB each), be decoded at once.
const (
	DecodeBudgetBytes = 2 * MaxImageBytes
	// DecodeWait is how long an image waits for room in the budget before
	// the upload is refused with ErrBusy.
	DecodeWait = 10 * time.Second
	// BusyRetryAfter is the Retry-After, in seconds, of an ErrBusy refusal.
	BusyRetryAfter = 5
)

// ErrBusy refuses an image that found no room in the decoding budget within
// the budget's wait: the client should send it again a little later.
var ErrBusy = errors.New("imaging: too many images being decoded, retry later")

// Budget is a weighted semaphore on the bytes decoding may hold at once.
type Budget struct {
	sem  *semaphore.Weighted
	size int64
	wait time.Duration
	used atomic.Int64
	peak atomic.Int64
}

// NewBudget returns a budget of size bytes; an image waits at most wait for
// room.
func NewBudget(size int64, wait time.Duration) *Budget {
	return &Budget{sem: semaphore.NewWeighted(size), size: size, wait: wait}
}

// defaultBudget is the budget of every Process call without its own.
var defaultBudget = NewBudget(DecodeBudgetBytes, DecodeWait)

// Size is the budget's capacity in bytes.
func (b *Budget) Size() int64 { return b.size }

// Peak is the most bytes held at once since the budget was made.
func (b *Budget) Peak() int64 { return b.peak.Load() }

// acquire waits for n bytes of room: ctx's error when ctx ends first,
// ErrBusy when the wait runs out.
func (b *Budget) acquire(ctx context.Context, n int64) error {
	if n > b.size {
		return ErrBusy // never happens with a limit below the size
	}
	wctx, cancel := context.WithTimeout(ctx, b.wait)
	defer cancel()
	if err := b.sem.Acquire(wctx, n); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return ErrBusy
	}
	used := b.used.Add(n)
	for {
		p := b.peak.Load()
		if used <= p || b.peak.CompareAndSwap(p, used) {
			break
		}
	}
	return nil
}

func (b *Budget) release(n int64) {
	b.used.Add(-n)
	b.sem.Release(n)
}
