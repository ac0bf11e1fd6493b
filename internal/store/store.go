// Package store holds all SQL. One code path serves SQLite and PostgreSQL:
// portable SQL with $n placeholders, keys and times made in Go, and a small
// dialect seam where the engines truly differ.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"github.com/jmoiron/sqlx"
	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"noces/internal/config"
)

//go:embed migrations/*.sql
var migrations embed.FS

// migrationLock is the PostgreSQL advisory lock key of Migrate ("noces" in
// ASCII), distinct from River's and goose's own keys; it is mixed with the
// schema's name so that databases in different schemas migrate in parallel.
const migrationLock int64 = 0x6e6f636573

// ErrNotFound is returned when a row does not exist.
var ErrNotFound = errors.New("store: not found")

// ErrConflict is returned when a unique constraint refuses a write.
var ErrConflict = errors.New("store: conflict")

// querier is what both a pool and a transaction offer.
type querier interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
}

// Store runs queries on the database or, inside InTx, on one transaction.
type Store struct {
	db     *sqlx.DB
	q      querier
	driver string // "sqlite" or "postgres"
	inTx   bool
	// feed coalesces the reads of the directory's change feed, shared by
	// every Store of one pool (directory_changes.go).
	feed *versionReads
	// dsn opens more pools on the same database (OpenPool).
	dsn string
	// stmts are the hot statements, prepared on the pool (prepared.go),
	// shared by every Store of one pool.
	stmts *statements
}

// Open connects to the database named by a sqlite: or postgres:// URL.
func Open(ctx context.Context, databaseURL string, opts ...Option) (*Store, error) {
	var o openOptions
	for _, opt := range opts {
		opt(&o)
	}
	driver, dsn, err := config.ParseDatabaseURL(databaseURL)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	var db *sqlx.DB
	switch driver {
	case "sqlite":
		if dir := filepath.Dir(dsn); dir != "" {
			if err := os.MkdirAll(dir, 0o700); err != nil {
				return nil, fmt.Errorf("store: create %s: %w", dir, err)
			}
		}
		dsn = sqliteDSN(dsn)
		db, err = openDB("sqlite", dsn, o)
		if err != nil {
			return nil, fmt.Errorf("store: open sqlite: %w", err)
		}
		// WAL lets readers run beside the one writer; more connections than
		// this only queue on the write lock.
		db.SetMaxOpenConns(8)
		db.SetMaxIdleConns(8)
	case "postgres":
		db, err = openDB("pgx", dsn, o)
		if err != nil {
			return nil, fmt.Errorf("store: open postgres: %w", err)
		}
		db.SetMaxOpenConns(20)
		db.SetMaxIdleConns(20)
		db.SetConnMaxIdleTime(5 * time.Minute)
	}
	s := &Store{db: db, q: db, driver: driver, feed: &versionReads{}, dsn: dsn, stmts: &statements{}}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: connect: %w", err)
	}
	return s, nil
}

// openDB opens the pool of the named driver, through the query counter
// when o asks for it.
func openDB(name, dsn string, o openOptions) (*sqlx.DB, error) {
	if !o.count {
		return sqlx.Open(name, dsn)
	}
	probe, err := sql.Open(name, dsn)
	if err != nil {
		return nil, err
	}
	drv := probe.Driver()
	_ = probe.Close()
	return sqlx.NewDb(sql.OpenDB(countingConnector{dsn: dsn, drv: drv}), name), nil
}

// sqliteDSN adds the pragmas every connection needs: WAL for concurrent
// readers, a busy timeout instead of immediate "database is locked" errors,
// foreign keys, full fsync for the money tables, and write-locking
// transactions so two read-then-write transactions cannot deadlock.
func sqliteDSN(path string) string {
	q := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", "busy_timeout(10000)", "foreign_keys(1)", "synchronous(FULL)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	return "file:" + path + "?" + q.Encode()
}

// Driver names the engine: "sqlite" or "postgres".
func (s *Store) Driver() string { return s.driver }

// DB exposes the pool, for tools (benchmarks, tests) that need raw access.
func (s *Store) DB() *sql.DB { return s.db.DB }

// OpenPool opens another pool of at most maxConns connections on the same
// database, with the same settings: the job queue polls and works through a
// pool of its own so that it never waits behind, or starves, requests.
func (s *Store) OpenPool(maxConns int) (*sql.DB, error) {
	name := "pgx"
	if s.driver == "sqlite" {
		name = "sqlite"
	}
	db, err := sql.Open(name, s.dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open pool: %w", err)
	}
	db.SetMaxOpenConns(maxConns)
	db.SetMaxIdleConns(maxConns)
	return db, nil
}

// SQLTx is the transaction of a Store made by InTx (nil outside one), for the
// job queue to insert its jobs in the same transaction as the change.
func (s *Store) SQLTx() *sql.Tx {
	if tx, ok := s.q.(*sqlx.Tx); ok {
		return tx.Tx
	}
	return nil
}

// Close closes the prepared statements and the pool.
func (s *Store) Close() error {
	s.stmts.close()
	return s.db.Close()
}

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	var one int
	return s.db.QueryRowContext(ctx, "SELECT 1").Scan(&one)
}

// Migrate applies the embedded migrations that have not run yet. On
// PostgreSQL, servers starting together take turns: a session lock held for
// the whole run (ours, then the job queue's) keeps two from applying the same
// migration at once.
func (s *Store) Migrate(ctx context.Context) error {
	if s.driver == "postgres" {
		conn, err := s.db.Conn(ctx)
		if err != nil {
			return fmt.Errorf("store: migrate: %w", err)
		}
		defer conn.Close()
		if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1::bigint # hashtext(current_schema())::bigint)`, migrationLock); err != nil {
			return fmt.Errorf("store: migrate: lock: %w", err)
		}
		defer conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1::bigint # hashtext(current_schema())::bigint)`, migrationLock) //nolint:errcheck // closing the session releases it anyway
	}
	p, err := s.migrations()
	if err != nil {
		return err
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	return s.migrateJobs(ctx)
}

// migrations returns the migrations of this engine: the SQL files every
// engine shares, and the Go ones whose SQL differs by engine.
func (s *Store) migrations() (*goose.Provider, error) {
	dialect := goose.DialectSQLite3
	if s.driver == "postgres" {
		dialect = goose.DialectPostgres
	}
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return nil, fmt.Errorf("store: migrations: %w", err)
	}
	p, err := goose.NewProvider(dialect, s.db.DB, sub, goose.WithGoMigrations(directoryChangesMigration(s.driver), directoryRowsMigration(s.driver),
		directoryReviewsMigration(s.driver), meVersionMigration(s.driver), profileScoreMigration(s.driver),
		directoryAvailabilityMigration(s.driver)))
	if err != nil {
		return nil, fmt.Errorf("store: migrations: %w", err)
	}
	return p, nil
}

// InTx runs fn in one transaction: committed when fn returns nil, rolled back
// otherwise, so a failed request leaves the database as it was.
func (s *Store) InTx(ctx context.Context, fn func(tx *Store) error) error {
	if s.inTx {
		return fn(s)
	}
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	txs := &Store{db: s.db, q: tx, driver: s.driver, inTx: true, feed: s.feed, dsn: s.dsn, stmts: s.stmts}
	if err := fn(txs); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}

// notFound turns sql.ErrNoRows into ErrNotFound.
func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

// exec runs a write and maps a unique violation to ErrConflict.
func (s *Store) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	res, err := s.q.ExecContext(ctx, query, args...)
	if err != nil && isUniqueViolation(err) {
		return nil, fmt.Errorf("%w: %v", ErrConflict, err)
	}
	return res, err
}

// affected returns the rows a write changed.
func affected(res sql.Result) int64 {
	n, err := res.RowsAffected()
	if err != nil {
		return 0
	}
	return n
}

// EmailKey is the form of an e-mail address that uniqueness is checked on.
func EmailKey(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// inList makes "$n+1, $n+2, ..." placeholders for values after n others.
func inList(values []string, n int) (string, []any) {
	ph := make([]string, len(values))
	args := make([]any, len(values))
	for i, v := range values {
		ph[i] = fmt.Sprintf("$%d", n+i+1)
		args[i] = v
	}
	return strings.Join(ph, ", "), args
}

// prefixed qualifies a column list with a table alias: "a, b" -> "t.a, t.b".
func prefixed(alias, columns string) string {
	fields := strings.Fields(strings.ReplaceAll(columns, ",", " "))
	for i, f := range fields {
		fields[i] = alias + "." + f
	}
	return strings.Join(fields, ", ")
}

// likePattern makes a "contains" LIKE pattern of q, lowercased, with the
// LIKE wildcards escaped by a backslash (the queries say ESCAPE '\').
func likePattern(q string) string {
	q = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(q))
	return "%" + q + "%"
}
