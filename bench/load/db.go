package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	"noces/internal/config"
	"noces/internal/store"
)

// database is where one run's data lives: a file in the temp folder, or a
// fresh schema in the PostgreSQL database given, dropped at the end.
type database struct {
	engine string // "sqlite" or "postgres"
	url    string // what the store and the server open
	drop   func(context.Context) error
}

// prepareDatabase returns the database of a run. An empty dbURL means SQLite
// in dir.
func prepareDatabase(ctx context.Context, dbURL, dir string) (database, error) {
	if dbURL == "" {
		return database{engine: "sqlite", url: "sqlite:" + filepath.Join(dir, "noces.db"),
			drop: func(context.Context) error { return nil }}, nil
	}
	driver, _, err := config.ParseDatabaseURL(dbURL)
	if err != nil {
		return database{}, err
	}
	if driver != "postgres" {
		return database{}, fmt.Errorf("-db takes a postgres:// URL (SQLite is the default), got %q", dbURL)
	}
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	schema := "bench_" + hex.EncodeToString(b)
	withSchema, err := withSearchPath(dbURL, schema)
	if err != nil {
		return database{}, err
	}
	admin, err := store.Open(ctx, dbURL)
	if err != nil {
		return database{}, err
	}
	if _, err := admin.DB().ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		admin.Close()
		return database{}, fmt.Errorf("create schema %s: %w", schema, err)
	}
	drop := func(ctx context.Context) error {
		defer admin.Close()
		if _, err := admin.DB().ExecContext(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			return fmt.Errorf("drop schema %s: %w", schema, err)
		}
		return nil
	}
	return database{engine: "postgres", url: withSchema, drop: drop}, nil
}

// withSearchPath adds search_path=schema to a postgres URL's query; pgx sends
// unknown query parameters as run-time parameters of every connection.
func withSearchPath(raw, schema string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("parse database URL: %w", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// generatedTables are the tables the generator fills.
var generatedTables = []string{"users", "companies", "company_prestations", "company_langues", "venues",
	"projects", "project_languages", "event_requests"}

// settle brings the freshly loaded tables to the state of a database that
// has been running a while, so the load does not land on the aftermath of
// the bulk insert. On PostgreSQL that is VACUUM ANALYZE (else autovacuum
// wakes up during the measurement) and a CHECKPOINT (else the kernel writes
// the dirty pages back during it); on SQLite, a WAL checkpoint.
func settle(ctx context.Context, s *store.Store) error {
	if s.Driver() != "postgres" {
		if _, err := s.DB().ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
			return fmt.Errorf("wal checkpoint: %w", err)
		}
		return nil
	}
	// Table names resolve through search_path: only this run's schema.
	if _, err := s.DB().ExecContext(ctx, "VACUUM ANALYZE "+strings.Join(generatedTables, ", ")); err != nil {
		return fmt.Errorf("vacuum analyze: %w", err)
	}
	// CHECKPOINT needs a superuser or pg_checkpoint; without them the wait
	// for a quiet machine that follows absorbs the write-back.
	_, _ = s.DB().ExecContext(ctx, "CHECKPOINT")
	return nil
}

// engineVersion names the engine and its version, for the report.
func engineVersion(ctx context.Context, s *store.Store) string {
	var v string
	switch s.Driver() {
	case "sqlite":
		if err := s.DB().QueryRowContext(ctx, "SELECT sqlite_version()").Scan(&v); err == nil {
			return "SQLite " + v + " (modernc.org/sqlite, WAL)"
		}
	case "postgres":
		if err := s.DB().QueryRowContext(ctx, "SHOW server_version").Scan(&v); err == nil {
			return "PostgreSQL " + strings.Fields(v)[0]
		}
	}
	return s.Driver()
}
