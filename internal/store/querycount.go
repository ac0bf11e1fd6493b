package store

import (
	"context"
	"database/sql/driver"
	"sync/atomic"
)

// A store opened with CountQueries counts the statements run for a context
// marked by WithQueryCount, so a test can bound the queries of one request
// (GET /api/me runs one) whatever else the pool serves meanwhile. The count
// is taken in the driver: every statement that reaches the database, by
// whichever path (sqlx, database/sql, a prepared statement) is counted once
// when it runs; preparing one is not a query of its own.

// QueryCount is the number of statements run for the contexts it marks.
type QueryCount struct{ n atomic.Int64 }

// N is the count so far.
func (c *QueryCount) N() int64 { return c.n.Load() }

type queryCountKey struct{}

// WithQueryCount marks ctx: statements run with it, or with a context made
// from it, add to c.
func WithQueryCount(ctx context.Context, c *QueryCount) context.Context {
	return context.WithValue(ctx, queryCountKey{}, c)
}

func countQuery(ctx context.Context) {
	if c, ok := ctx.Value(queryCountKey{}).(*QueryCount); ok {
		c.n.Add(1)
	}
}

// Option changes how Open connects.
type Option func(*openOptions)

type openOptions struct {
	count bool
}

// CountQueries makes the store count statements for WithQueryCount, for
// tests; a store opened without it pays nothing for the feature.
func CountQueries() Option { return func(o *openOptions) { o.count = true } }

// countingConnector opens the engine's connections through countingConn.
type countingConnector struct {
	dsn string
	drv driver.Driver
}

func (c countingConnector) Connect(context.Context) (driver.Conn, error) {
	conn, err := c.drv.Open(c.dsn)
	if err != nil {
		return nil, err
	}
	return countingConn{conn}, nil
}

func (c countingConnector) Driver() driver.Driver { return c.drv }

// countingConn passes everything to the engine's connection and counts the
// statements it runs. Each optional interface answers as the engine's
// connection would without it (driver.ErrSkip, or the neutral answer), so
// database/sql behaves the same through the wrapper.
type countingConn struct{ c driver.Conn }

func (c countingConn) Prepare(query string) (driver.Stmt, error) {
	st, err := c.c.Prepare(query)
	if err != nil {
		return nil, err
	}
	return countingStmt{st, c.c}, nil
}

func (c countingConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	p, ok := c.c.(driver.ConnPrepareContext)
	if !ok {
		return c.Prepare(query)
	}
	st, err := p.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	return countingStmt{st, c.c}, nil
}

func (c countingConn) Close() error { return c.c.Close() }

func (c countingConn) Begin() (driver.Tx, error) { return c.c.Begin() } //nolint:staticcheck // the interface requires it

func (c countingConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	if b, ok := c.c.(driver.ConnBeginTx); ok {
		return b.BeginTx(ctx, opts)
	}
	return c.c.Begin() //nolint:staticcheck // the engine offers nothing else
}

func (c countingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	q, ok := c.c.(driver.QueryerContext)
	if !ok {
		return nil, driver.ErrSkip
	}
	rows, err := q.QueryContext(ctx, query, args)
	if err != driver.ErrSkip {
		countQuery(ctx)
	}
	return rows, err
}

func (c countingConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	x, ok := c.c.(driver.ExecerContext)
	if !ok {
		return nil, driver.ErrSkip
	}
	res, err := x.ExecContext(ctx, query, args)
	if err != driver.ErrSkip {
		countQuery(ctx)
	}
	return res, err
}

func (c countingConn) Ping(ctx context.Context) error {
	if p, ok := c.c.(driver.Pinger); ok {
		return p.Ping(ctx)
	}
	return nil
}

func (c countingConn) ResetSession(ctx context.Context) error {
	if r, ok := c.c.(driver.SessionResetter); ok {
		return r.ResetSession(ctx)
	}
	return nil
}

func (c countingConn) IsValid() bool {
	if v, ok := c.c.(driver.Validator); ok {
		return v.IsValid()
	}
	return true
}

func (c countingConn) CheckNamedValue(v *driver.NamedValue) error {
	if n, ok := c.c.(driver.NamedValueChecker); ok {
		return n.CheckNamedValue(v)
	}
	return driver.ErrSkip
}

// countingStmt counts the runs of a prepared statement of conn.
type countingStmt struct {
	s    driver.Stmt
	conn driver.Conn
}

func (s countingStmt) Close() error  { return s.s.Close() }
func (s countingStmt) NumInput() int { return s.s.NumInput() }

func (s countingStmt) Exec(args []driver.Value) (driver.Result, error) {
	return s.s.Exec(args) //nolint:staticcheck // the interface requires it
}

func (s countingStmt) Query(args []driver.Value) (driver.Rows, error) {
	return s.s.Query(args) //nolint:staticcheck // the interface requires it
}

func (s countingStmt) ExecContext(ctx context.Context, args []driver.NamedValue) (driver.Result, error) {
	countQuery(ctx)
	if x, ok := s.s.(driver.StmtExecContext); ok {
		return x.ExecContext(ctx, args)
	}
	return s.s.Exec(values(args)) //nolint:staticcheck // the engine offers nothing else
}

func (s countingStmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	countQuery(ctx)
	if q, ok := s.s.(driver.StmtQueryContext); ok {
		return q.QueryContext(ctx, args)
	}
	return s.s.Query(values(args)) //nolint:staticcheck // the engine offers nothing else
}

// CheckNamedValue asks the statement, else its connection, as database/sql
// does when the statement is not wrapped (pgx checks arguments on the
// connection only).
func (s countingStmt) CheckNamedValue(v *driver.NamedValue) error {
	if n, ok := s.s.(driver.NamedValueChecker); ok {
		return n.CheckNamedValue(v)
	}
	if n, ok := s.conn.(driver.NamedValueChecker); ok {
		return n.CheckNamedValue(v)
	}
	return driver.ErrSkip
}

func values(args []driver.NamedValue) []driver.Value {
	out := make([]driver.Value, len(args))
	for i, a := range args {
		out[i] = a.Value
	}
	return out
}
