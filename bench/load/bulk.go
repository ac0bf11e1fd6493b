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

// bulkInsert writes the rows of every table in one transaction, the fast way
// each engine offers: COPY on PostgreSQL, multi-row INSERTs on SQLite. One
// row at a time through the store would take minutes for a million requests
// (about 4,000 rows/s on PostgreSQL over loopback).
func bulkInsert(ctx context.Context, s *store.Store, tables ...*tableRows) error {
	if s.Driver() == "postgres" {
		return copyTables(ctx, s.DB(), tables)
	}
	return insertTables(ctx, s.DB(), tables)
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

func insertTables(ctx context.Context, db *sql.DB, tables []*tableRows) (err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	for _, t := range tables {
		if err := insertValues(ctx, tx, t); err != nil {
			return fmt.Errorf("insert %s: %w", t.table, err)
		}
	}
	return tx.Commit()
}

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

// insertSQL is an INSERT of n rows with $1... placeholders, as the store writes them.
func insertSQL(table string, cols []string, n int) string {
	var b strings.Builder
	b.WriteString("INSERT INTO " + table + " (" + strings.Join(cols, ", ") + ") VALUES ")
	k := 1
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('(')
		for j := range cols {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "$%d", k)
			k++
		}
		b.WriteByte(')')
	}
	return b.String()
}
