// Package logthrottle writes a log line at most once per interval: during a
// database outage every request fails the same way, and one line per
// request would bury the logs (and cost the disk) while saying nothing new.
package logthrottle

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// Warner logs warnings with at most one line per Every; the next line
// written says how many were left out since the last one.
type Warner struct {
	Log   *slog.Logger
	Every time.Duration

	mu      sync.Mutex
	last    time.Time
	skipped int
}

// New returns a Warner writing to log at most once per every.
func New(log *slog.Logger, every time.Duration) *Warner {
	return &Warner{Log: log, Every: every}
}

// Warn writes msg with args as a warning, unless one was written less than
// Every ago; it reports whether the line was written.
func (w *Warner) Warn(ctx context.Context, msg string, args ...any) bool {
	now := time.Now()
	w.mu.Lock()
	if !w.last.IsZero() && now.Sub(w.last) < w.Every {
		w.skipped++
		w.mu.Unlock()
		return false
	}
	skipped := w.skipped
	w.last, w.skipped = now, 0
	w.mu.Unlock()
	if skipped > 0 {
		args = append(args, "suppressed", skipped)
	}
	w.Log.WarnContext(ctx, msg, args...)
	return true
}
