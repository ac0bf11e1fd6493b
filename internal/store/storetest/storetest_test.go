package storetest

import (
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"noces/internal/model"
)

// The schema's copy and every connection of a test commit without waiting
// for fsync on PostgreSQL, and the copy still comes from pg_dump's script
// (a URL parameter libpq does not know would make pg_dump fail, and each
// test would then migrate anew, several times slower).
func TestPostgresCommitsWithoutWaitingForTheDisk(t *testing.T) {
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("PostgreSQL only: set TEST_DATABASE_URL")
	}
	s := New(t)
	var setting string
	if err := s.DB().QueryRow("SHOW synchronous_commit").Scan(&setting); err != nil {
		t.Fatal(err)
	}
	if setting != "off" {
		t.Errorf("synchronous_commit = %q, want off", setting)
	}
	if _, err := exec.LookPath("pg_dump"); err != nil {
		t.Skip("no pg_dump: each test migrates")
	}
	script := templateOnce(t, func() (string, error) { return postgresTemplate(unsynced(t, base)) })
	if script == "" {
		t.Error("no pg_dump script of the migrated schema: every test migrates")
	}
}

// A value the URL names itself is kept.
func TestUnsyncedKeepsAnExplicitSetting(t *testing.T) {
	got := unsynced(t, "postgres://u@127.0.0.1:5432/db?sslmode=disable&synchronous_commit=on")
	if got != "postgres://u@127.0.0.1:5432/db?sslmode=disable&synchronous_commit=on" {
		t.Errorf("unsynced changed an explicit setting: %s", got)
	}
	got = unsynced(t, "postgres://u@127.0.0.1:5432/db?sslmode=disable")
	if got != "postgres://u@127.0.0.1:5432/db?sslmode=disable&synchronous_commit=off" {
		t.Errorf("unsynced = %s", got)
	}
}

// A cloned schema older than forgottenAfter is dropped by the sweep; a
// younger one (a test of another process may hold it) and any other schema
// are kept.
func TestSweepDropsOnlyForgottenClones(t *testing.T) {
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("PostgreSQL only: set TEST_DATABASE_URL")
	}
	db, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	now := time.Now()
	suffix := strings.ReplaceAll(model.NewID(), "-", "")[:16]
	forgotten := fmt.Sprintf("%s%d_%s", clonePrefix, now.Add(-forgottenAfter-time.Minute).Unix(), suffix)
	young := fmt.Sprintf("%s%d_%s", clonePrefix, now.Add(-time.Minute).Unix(), suffix)
	other := "tcx_" + suffix
	for _, name := range []string{forgotten, young, other} {
		if _, err := db.Exec("CREATE SCHEMA " + name + "; CREATE TABLE " + name + ".t (i int)"); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		for _, name := range []string{forgotten, young, other} {
			db.Exec("DROP SCHEMA IF EXISTS " + name + " CASCADE") //nolint:errcheck
		}
	})
	sweepSchemas(db, now)
	for name, want := range map[string]bool{forgotten: false, young: true, other: true} {
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM pg_namespace WHERE nspname = $1`, name).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if (n == 1) != want {
			t.Errorf("schema %s exists = %v after the sweep, want %v", name, n == 1, want)
		}
	}
}

// Two tests get two different schemas, each already migrated.
func TestClonesAreMigratedAndDistinct(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("PostgreSQL only: set TEST_DATABASE_URL")
	}
	a, b := MigratedURL(t), MigratedURL(t)
	if a == b {
		t.Fatalf("two clones share %s", a)
	}
	for _, dbURL := range []string{a, b} {
		s := Open(t, dbURL)
		var n int
		if err := s.DB().QueryRow(`SELECT count(*) FROM users`).Scan(&n); err != nil {
			t.Fatalf("%s: %v", dbURL, err)
		}
	}
}

// takeRecycled waits for the schema of dbURL to be recycled, or fails the
// test. Other tests' schemas recycled meanwhile are dropped.
func takeRecycled(t *testing.T, dbURL string) string {
	t.Helper()
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	want := u.Query().Get("search_path")
	base := unsynced(t, os.Getenv("TEST_DATABASE_URL"))
	deadline := time.After(10 * time.Second)
	for {
		select {
		case schema := <-recycled:
			if schema == want {
				t.Cleanup(func() { dropLater(base, schema) })
				return schema
			}
			dropLater(base, schema)
		case <-deadline:
			t.Fatalf("%s was not recycled within 10 s", want)
			return ""
		}
	}
}

// A finished test's schema comes back to the next test with the template's
// rows and sequence values only: nothing the test wrote, and nothing the
// template holds is missing.
func TestARecycledSchemaHoldsOnlyTheTemplatesRows(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("PostgreSQL only: set TEST_DATABASE_URL")
	}
	count := func(s interface {
		QueryRow(string, ...any) *sql.Row
	}, query string) int {
		t.Helper()
		var n int
		if err := s.QueryRow(query).Scan(&n); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		return n
	}
	const (
		languages  = `SELECT count(*) FROM langues`
		migrations = `SELECT count(*) FROM goose_db_version`
		users      = `SELECT count(*) FROM users`
		nextID     = `SELECT nextval('goose_db_version_id_seq')`
	)
	var used string
	var wantLanguages, wantMigrations, wantNextID int
	t.Run("a test writes", func(t *testing.T) {
		dbURL := MigratedURL(t)
		used = dbURL
		db := Open(t, dbURL).DB()
		wantLanguages, wantMigrations = count(db, languages), count(db, migrations)
		if wantLanguages == 0 || wantMigrations == 0 {
			t.Fatalf("the template has %d languages and %d migrations", wantLanguages, wantMigrations)
		}
		wantNextID = count(db, nextID)
		if _, err := db.Exec(`INSERT INTO users (id, email, email_key, password_hash, role, firstname, lastname, created_at, updated_at)
			VALUES ('u1', 'a@example.test', 'a@example.test', 'x', 'ROLE_PRESTATAIRE', 'A', 'B', now(), now())`); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(`DELETE FROM langues WHERE id = 4`); err != nil {
			t.Fatal(err)
		}
		for range 3 {
			count(db, nextID)
		}
	})
	takeRecycled(t, used)
	db := Open(t, used).DB()
	if n := count(db, users); n != 0 {
		t.Errorf("%d users left from the last test", n)
	}
	if n := count(db, languages); n != wantLanguages {
		t.Errorf("%d languages, want the template's %d", n, wantLanguages)
	}
	if n := count(db, migrations); n != wantMigrations {
		t.Errorf("%d migrations recorded, want the template's %d", n, wantMigrations)
	}
	if n := count(db, nextID); n != wantNextID {
		t.Errorf("the sequence goes on at %d, want the template's %d", n, wantNextID)
	}
}

// A schema a connection still uses after its test (a server left running)
// is never handed to another test: it is dropped.
func TestASchemaStillInUseIsDroppedNotRecycled(t *testing.T) {
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("PostgreSQL only: set TEST_DATABASE_URL")
	}
	var schema string
	var leftOpen *sql.DB
	t.Run("a test leaves a connection", func(t *testing.T) {
		dbURL := MigratedURL(t)
		u, _ := url.Parse(dbURL)
		schema = u.Query().Get("search_path")
		var err error
		if leftOpen, err = sql.Open("pgx", dbURL); err != nil {
			t.Fatal(err)
		}
		if err := leftOpen.Ping(); err != nil {
			t.Fatal(err)
		}
	})
	defer leftOpen.Close()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		select {
		case got := <-recycled:
			if got == schema {
				t.Fatalf("%s was recycled while a connection used it", schema)
			}
			dropLater(unsynced(t, base), got)
		default:
		}
		var n int
		if err := admin.QueryRow(`SELECT count(*) FROM pg_namespace WHERE nspname = $1`, schema).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s still exists 10 s after its test", schema)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
