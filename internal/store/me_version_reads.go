package store

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// On PostgreSQL the version read of GET /api/me (MeVersion) is a round trip
// to the server per request, and most of what the request costs once its
// answer is kept: database/sql's connection pool, its statement lookup per
// connection, the goroutine it starts per query to watch the request's
// context, pgx's stdlib adapter, and on the server a query's parse-bind-
// execute cycle. Two things cut it:
//
//   - the read goes through pgx's own pool (meVersionPool), not through
//     database/sql: pgx watches a context with context.AfterFunc (no
//     goroutine) and keeps the statement prepared per connection;
//   - requests that arrive while every read slot is busy share the next
//     read (meVersionReads): one `id = ANY($1)` query answers each of them
//     its own user's version.
//
// A request never takes a read that started before it arrived: a read under
// way may have taken its snapshot before a write the request must see (a
// write through another server, committed just before the request). It
// joins a read that has not started, so what it is told is at least as new
// as every write committed before it asked, as when it read alone.

// meVersionSlots is how many version reads run at once on one pool. The
// requests arriving while they all run wait for the first slot free and
// share one read; a read costs the server about as much for a few users as
// for one. A variable for tests.
var meVersionSlots = 2

// meVersionBatchMax bounds the users of one shared read; later arrivals
// start the next batch.
const meVersionBatchMax = 256

// meVersionTimeout bounds a shared read: the callers waiting on it give up
// with their own context, but the read itself runs without any one
// caller's cancellation (others share it), so a stalled network must end
// it somehow.
const meVersionTimeout = 10 * time.Second

// meVersionsQuery reads the versions of several users at once; a deleted
// or unknown user has no row.
const meVersionsQuery = `SELECT id, me_version FROM users WHERE id = ANY($1) AND deleted_at IS NULL`

// meVersionReads coalesces the version reads of the requests that arrive
// while every slot is busy.
type meVersionReads struct {
	// query reads the versions of ids, as one statement started after it
	// is called.
	query func(ctx context.Context, ids []string) (map[string]int64, error)
	// slots holds a token per read under way.
	slots   chan struct{}
	mu      sync.Mutex
	pending *meVersionBatch // not started yet: a request arriving now joins it
}

// meVersionBatch is one read, shared by the requests that joined it before
// it started.
type meVersionBatch struct {
	ids      []string
	done     chan struct{} // closed once versions and err are set
	versions map[string]int64
	err      error
}

func newMeVersionReads(slots int, query func(context.Context, []string) (map[string]int64, error)) *meVersionReads {
	return &meVersionReads{query: query, slots: make(chan struct{}, slots)}
}

// read returns userID's version as a read started after the call sees it;
// ErrNotFound when the user is gone.
func (f *meVersionReads) read(ctx context.Context, userID string) (int64, error) {
	f.mu.Lock()
	b, lead := f.pending, false
	if b == nil {
		b, lead = &meVersionBatch{done: make(chan struct{})}, true
		f.pending = b
	}
	b.ids = append(b.ids, userID)
	if len(b.ids) >= meVersionBatchMax {
		f.pending = nil // full: the next request starts another batch
	}
	f.mu.Unlock()
	if lead {
		f.run(ctx, b)
	} else {
		select {
		case <-b.done:
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	}
	if b.err != nil {
		return 0, b.err
	}
	v, ok := b.versions[userID]
	if !ok {
		return 0, ErrNotFound
	}
	return v, nil
}

// run waits for a slot, closes b to newcomers and reads its users'
// versions. It runs whatever the leader's context says: the others of the
// batch wait on it.
func (f *meVersionReads) run(ctx context.Context, b *meVersionBatch) {
	f.slots <- struct{}{}
	f.mu.Lock()
	if f.pending == b {
		f.pending = nil
	}
	ids := b.ids
	f.mu.Unlock()
	qctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), meVersionTimeout)
	b.versions, b.err = f.query(qctx, ids)
	cancel()
	<-f.slots
	close(b.done)
}

// openMeVersionPool opens the pgx pool the version reads of GET /api/me go
// through on PostgreSQL, as many connections as read slots, and the reads
// that share it.
func openMeVersionPool(ctx context.Context, dsn string) (*pgxpool.Pool, *meVersionReads, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, nil, fmt.Errorf("store: me version pool: %w", err)
	}
	cfg.MaxConns = int32(meVersionSlots)
	cfg.MaxConnIdleTime = 5 * time.Minute
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, nil, fmt.Errorf("store: me version pool: %w", err)
	}
	reads := newMeVersionReads(meVersionSlots, func(ctx context.Context, ids []string) (map[string]int64, error) {
		return queryMeVersions(ctx, pool, ids)
	})
	return pool, reads, nil
}

// queryMeVersions reads the versions of ids in one statement, which pgx
// prepares once per connection and then only binds and executes.
func queryMeVersions(ctx context.Context, pool *pgxpool.Pool, ids []string) (map[string]int64, error) {
	rows, err := pool.Query(ctx, meVersionsQuery, ids)
	if err != nil {
		return nil, fmt.Errorf("store: me versions: %w", err)
	}
	defer rows.Close()
	versions := make(map[string]int64, len(ids))
	for rows.Next() {
		var id string
		var v int64
		if err := rows.Scan(&id, &v); err != nil {
			return nil, fmt.Errorf("store: me versions: %w", err)
		}
		versions[id] = v
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: me versions: %w", err)
	}
	return versions, nil
}
