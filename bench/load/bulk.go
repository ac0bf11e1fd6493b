package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"noces/internal/store"
)

// tableRows are rows for one table, values in the order of cols.
type tableRows struct {
	table string
	cols  []string
	rows  [][]any
}

func (t *tableRows) add(values ...any) { t.rows = append(t.rows, values) }

// loader writes generated rows the fast way each engine offers: COPY on
// PostgreSQL, multi-row INSERTs on SQLite. One row at a time through the
// store would take minutes for a million requests (about 4,000 rows/s on
// PostgreSQL over loopback).
//
// On SQLite every insert goes into one transaction on one connection, with
// a large page cache and no fsync: each commit writes every page it changed
// to the WAL, and requests land all over the index by provider, so
// committing every 20,000 rows would write that whole index again each time
// (gigabytes for a million rows). On PostgreSQL each insert is its own
// transaction of COPYs.
type loader struct {
	s    *store.Store
	conn *sql.Conn // SQLite
	tx   *sql.Tx   // SQLite
}

// sqliteBulkCache is the page cache of the connection that loads the data,
// in KiB (the default is 2 MB).
const sqliteBulkCache = 256 << 10

func newLoader(ctx context.Context, s *store.Store) (*loader, error) {
	l := &loader{s: s}
	if s.Driver() == "postgres" {
		return l, nil
	}
	conn, err := s.DB().Conn(ctx)
	if err != nil {
		return nil, err
	}
	// Without fsyncs for the load itself: a crash would only lose generated
	// data, and settle checkpoints the WAL before anything is measured.
	if _, err := conn.ExecContext(ctx, fmt.Sprintf("PRAGMA cache_size = -%d; PRAGMA synchronous = OFF", sqliteBulkCache)); err != nil {
		conn.Close()
		return nil, err
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		l.conn = conn
		l.release(ctx)
		return nil, err
	}
	l.conn, l.tx = conn, tx
	return l, nil
}

// insert writes the rows of every table, in order.
func (l *loader) insert(ctx context.Context, tables ...*tableRows) error {
	if l.tx == nil {
		return copyTables(ctx, l.s.DB(), tables)
	}
	for _, t := range tables {
		if err := insertValues(ctx, l.tx, t); err != nil {
			return fmt.Errorf("insert %s: %w", t.table, err)
		}
	}
	return nil
}

// finish commits when err is nil, else rolls back, and returns the first error.
func (l *loader) finish(ctx context.Context, err error) error {
	if l.tx == nil {
		return err
	}
	if err == nil {
		err = l.tx.Commit()
	} else {
		_ = l.tx.Rollback()
	}
	l.release(ctx)
	return err
}

// release gives the connection back to the pool as the store set it up.
func (l *loader) release(ctx context.Context) {
	_, _ = l.conn.ExecContext(context.WithoutCancel(ctx), "PRAGMA cache_size = -2000; PRAGMA synchronous = FULL")
	l.conn.Close()
}

// sqlValue unwraps database/sql's nullable types, which COPY does not know.
func sqlValue(v any) any {
	switch x := v.(type) {
	case sql.NullTime:
		if x.Valid {
			return x.Time
		}
		return nil
	case sql.NullString:
		if x.Valid {
			return x.String
		}
		return nil
	case sql.NullInt64:
		if x.Valid {
			return x.Int64
		}
		return nil
	case sql.NullFloat64:
		if x.Valid {
			return x.Float64
		}
		return nil
	}
	return v
}

func copyTables(ctx context.Context, db *sql.DB, tables []*tableRows) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		sc, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("bulk insert: not a pgx connection: %T", dc)
		}
		tx, err := sc.Conn().Begin(ctx)
		if err != nil {
			return err
		}
		defer func() { _ = tx.Rollback(ctx) }()
		for _, t := range tables {
			if len(t.rows) == 0 {
				continue
			}
			rows := make([][]any, len(t.rows))
			for i, r := range t.rows {
				rows[i] = make([]any, len(r))
				for j, v := range r {
					rows[i][j] = sqlValue(v)
				}
			}
			if _, err := tx.CopyFrom(ctx, pgx.Identifier{t.table}, t.cols, pgx.CopyFromRows(rows)); err != nil {
				return fmt.Errorf("copy %s: %w", t.table, err)
			}
		}
		return tx.Commit(ctx)
	})
}

// sqliteMaxVars stays under SQLite's limit of bound parameters per statement
// (32,766 since 3.32).
const sqliteMaxVars = 30000

// insertValues inserts t's rows with statements of many rows each, each
// statement prepared once and reused for every full chunk.
func insertValues(ctx context.Context, tx *sql.Tx, t *tableRows) error {
	if len(t.cols) == 0 {
		return errors.New("no columns")
	}
	per := max(1, min(500, sqliteMaxVars/len(t.cols)))
	var stmt *sql.Stmt
	defer func() {
		if stmt != nil {
			stmt.Close()
		}
	}()
	args := make([]any, 0, per*len(t.cols))
	for lo := 0; lo < len(t.rows); lo += per {
		chunk := t.rows[lo:min(lo+per, len(t.rows))]
		args = args[:0]
		for _, r := range chunk {
			if len(r) != len(t.cols) {
				return fmt.Errorf("a row has %d values for %d columns", len(r), len(t.cols))
			}
			for _, v := range r {
				args = append(args, sqlValue(v))
			}
		}
		if len(chunk) < per { // the last, short chunk
			if _, err := tx.ExecContext(ctx, insertSQL(t.table, t.cols, len(chunk)), args...); err != nil {
				return err
			}
			continue
		}
		if stmt == nil {
			var err error
			if stmt, err = tx.PrepareContext(ctx, insertSQL(t.table, t.cols, per)); err != nil {
				return err
			}
		}
		if _, err := stmt.ExecContext(ctx, args...); err != nil {
			return err
		}
	}
	return nil
}

// insertSQL is an INSERT of n rows. Its placeholders are anonymous (?), not
// the store's numbered $1...: the SQLite driver looks each numbered one up
// by name in a list, which makes binding thousands of them quadratic.
func insertSQL(table string, cols []string, n int) string {
	row := "(" + strings.Repeat("?, ", len(cols)-1) + "?)"
	var b strings.Builder
	b.WriteString("INSERT INTO " + table + " (" + strings.Join(cols, ", ") + ") VALUES ")
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(row)
	}
	return b.String()
}
