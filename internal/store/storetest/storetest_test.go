package storetest

import (
	"database/sql"
	"fmt"
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
