// Package storetest gives each test a fresh, migrated database: SQLite in a
// temporary folder by default, or a schema of its own in the PostgreSQL
// server named by TEST_DATABASE_URL, so one suite runs on both engines.
package storetest

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver for the schema setup

	"noces/internal/model"
	"noces/internal/store"
)

// New returns a migrated store that is thrown away when the test ends.
func New(t testing.TB) *store.Store {
	t.Helper()
	s, _ := NewWithURL(t)
	return s
}

// NewWithURL is New that also returns the URL the store was opened with, for
// tests that start the whole binary or a second pool on the same database.
func NewWithURL(t testing.TB) (*store.Store, string) {
	t.Helper()
	ctx := context.Background()
	dbURL := URL(t)
	s, err := store.Open(ctx, dbURL)
	if err != nil {
		t.Fatalf("storetest: open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	if err := s.Migrate(ctx); err != nil {
		t.Fatalf("storetest: migrate: %v", err)
	}
	return s, dbURL
}

// URL returns the URL of a fresh, empty database: a file in the test's temp
// folder, or a new PostgreSQL schema dropped at the end of the test.
func URL(t testing.TB) string {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		return "sqlite:" + filepath.Join(t.TempDir(), "test.db")
	}
	schema := "t_" + strings.ReplaceAll(model.NewID(), "-", "")
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("storetest: %v", err)
	}
	defer admin.Close()
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatalf("storetest: create schema (is TEST_DATABASE_URL right?): %v", err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer db.Close()
		if _, err := db.Exec("DROP SCHEMA " + schema + " CASCADE"); err != nil {
			t.Logf("storetest: drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("storetest: TEST_DATABASE_URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// Engine names the engine the tests run on, for test names and logs.
func Engine() string {
	if os.Getenv("TEST_DATABASE_URL") != "" {
		return "postgres"
	}
	return "sqlite"
}

// Must fails the test on err; it keeps setup code short.
func Must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(fmt.Errorf("setup: %w", err))
	}
}
