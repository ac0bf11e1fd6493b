package store_test

import (
	"context"
	"testing"

	"noces/internal/store/storetest"
)

// TestGetMeStartsNoWatcherOnSQLite: on SQLite, GetMe with a context that
// can be cancelled (every request's) costs what it costs with one that
// cannot. Watching it would mean a goroutine per query in database/sql and
// another in the driver, each with its channel: about eight more
// allocations, which this counts. On PostgreSQL the context is watched, and
// a cancelled one still ends the query.
func TestGetMeStartsNoWatcherOnSQLite(t *testing.T) {
	s := storetest.New(t)
	u := newUser(t, s, "watch@example.com")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	getMe := func(ctx context.Context) func() {
		return func() {
			if _, err := s.GetMe(ctx, u.ID); err != nil {
				t.Fatal(err)
			}
		}
	}
	getMe(ctx)() // prepares the statement
	plain := testing.AllocsPerRun(200, getMe(context.Background()))
	cancellable := testing.AllocsPerRun(200, getMe(ctx))
	t.Logf("allocations per GetMe on %s: %.0f, %.0f with a cancellable context", s.Driver(), plain, cancellable)
	if s.Driver() != "sqlite" {
		cancel()
		if _, err := s.GetMe(ctx, u.ID); err == nil {
			t.Error("GetMe with a cancelled context answered on PostgreSQL")
		}
		return
	}
	// A little room for a stray allocation of the test binary's other
	// goroutines, which AllocsPerRun counts too; the watchers cost 8.
	if cancellable > plain+2 {
		t.Errorf("a cancellable context costs %.0f more allocations per GetMe", cancellable-plain)
	}
}
