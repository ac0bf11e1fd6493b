package storetest

import (
	"os"
	"os/exec"
	"testing"
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
