// Package outboxtest builds the outbox on a test's store: its messages and
// delivery jobs are written as in production, and nothing delivers them
// unless the test starts the queue.
package outboxtest

import (
	"context"
	"log/slog"
	"testing"

	"noces/internal/clock"
	"noces/internal/jobs"
	"noces/internal/outbox"
	"noces/internal/store"
)

// New returns an outbox on s whose queue is stopped when the test ends.
func New(t testing.TB, s *store.Store, c clock.Clock) *outbox.Outbox {
	t.Helper()
	log := slog.New(slog.DiscardHandler)
	q, err := jobs.New(s, jobs.Config{}, log)
	if err != nil {
		t.Fatalf("outboxtest: %v", err)
	}
	jobs.Register(q, outbox.NewWorker(s, c, log, nil, nil))
	t.Cleanup(func() { _ = q.Stop(context.Background()) })
	return outbox.New(s, q, c)
}
