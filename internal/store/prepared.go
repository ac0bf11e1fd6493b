package store

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
)

// statements are the hot statements of one pool, each prepared once on it:
// database/sql then prepares a statement on each connection the first time
// it runs there and keeps it until that connection closes, so the engine
// parses and plans the SQL once per connection instead of at every call.
// On SQLite (modernc) nothing else keeps a prepared statement between
// calls, and preparing was the largest part of GET /api/me's CPU; on
// PostgreSQL pgx's statement cache already does the same per connection
// (QueryExecModeCacheStatement), and a prepared statement skips its lookup
// by SQL text and the describe round trip of a connection's first call.
type statements struct {
	mu     sync.Mutex
	m      map[string]*sql.Stmt
	closed bool
}

// get returns the statement of query prepared on db, preparing it the
// first time. Two first calls at once may both prepare it; the loser's
// copy is closed.
func (st *statements) get(ctx context.Context, db *sql.DB, query string) (*sql.Stmt, error) {
	st.mu.Lock()
	stmt, ok := st.m[query]
	closed := st.closed
	st.mu.Unlock()
	if ok {
		return stmt, nil
	}
	if closed {
		return nil, fmt.Errorf("store: prepare: %w", sql.ErrConnDone)
	}
	prepared, err := db.PrepareContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("store: prepare: %w", err)
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if stmt, ok := st.m[query]; ok {
		_ = prepared.Close()
		return stmt, nil
	}
	if st.m == nil {
		st.m = map[string]*sql.Stmt{}
	}
	st.m[query] = prepared
	return prepared, nil
}

// close closes every statement, before the pool closes.
func (st *statements) close() {
	st.mu.Lock()
	defer st.mu.Unlock()
	for _, stmt := range st.m {
		_ = stmt.Close()
	}
	st.m, st.closed = nil, true
}

// rowScanner is one row of a query: *sql.Row or *sqlx.Row.
type rowScanner interface {
	Scan(dest ...any) error
}

// hotRow runs a hot query that returns one row through its prepared
// statement. Inside a transaction it runs as a plain query on the
// transaction's connection: no hot path runs in one, and a statement
// prepared for the transaction alone would be parsed again anyway.
//
// On SQLite the query does not watch ctx for cancellation. A request's
// context can always be cancelled (the client may hang up), and for such a
// context database/sql and the driver each start a goroutine per query to
// interrupt it, then wake it when the query ends: two goroutines, their
// channels and the threads woken to run them, on every request, for reads
// that take tens of microseconds and never wait (WAL readers take no lock
// a writer holds). On PostgreSQL the context stays: it is what ends a query
// stuck on a network that stopped answering.
func (s *Store) hotRow(ctx context.Context, query string, args ...any) (rowScanner, error) {
	if s.inTx {
		return s.q.QueryRowxContext(ctx, query, args...), nil
	}
	if s.driver == "sqlite" {
		ctx = context.WithoutCancel(ctx)
	}
	stmt, err := s.stmts.get(ctx, s.db.DB, query)
	if err != nil {
		return nil, err
	}
	return stmt.QueryRowContext(ctx, args...), nil
}
