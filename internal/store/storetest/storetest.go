// Package storetest gives each test a fresh, migrated database: SQLite in a
// temporary folder by default, or on PostgreSQL (the server named by
// TEST_DATABASE_URL) a schema of its own in that one database, reached
// through the URL's search_path, so one suite runs on both engines.
//
// Migrating costs about 0.7 s on PostgreSQL, far more than most tests, so a
// test's database is a copy of a template migrated once per test binary: a
// file copy on SQLite; on PostgreSQL, the schema pg_dump wrote out, applied in
// one statement (CREATE DATABASE ... TEMPLATE was no cheaper in all: each
// DROP DATABASE forces a checkpoint, up to minutes under load). Applying it
// is still about a second of the server's catalog work, and dropping it 0.2
// s more, so on PostgreSQL a finished test's schema is emptied back to the
// template's rows (about 10 ms) and handed to the process's next test; a
// new one is made ahead, while a test runs, for when none is free. Tests of
// the migrations themselves start from URL, an empty database, and migrate
// it for real.
package storetest

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

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
	dbURL := MigratedURL(t)
	s, err := store.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatalf("storetest: open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s, dbURL
}

// Open opens another pool on the database of dbURL (from NewWithURL), as a
// second server would: its index and caches are its own. It is closed at
// the end of the test.
func Open(t testing.TB, dbURL string) *store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatalf("storetest: open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// MigratedURL returns the URL of a fresh database that is already migrated,
// for tests that open it with options of their own; it is dropped at the end
// of the test.
func MigratedURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		return "sqlite:" + sqliteClone(t)
	}
	return postgresClone(t, base)
}

// URL returns the URL of a fresh, empty database: a file in the test's temp
// folder, or a new PostgreSQL schema dropped at the end of the test.
func URL(t testing.TB) string {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		return "sqlite:" + filepath.Join(t.TempDir(), "test.db")
	}
	base = unsynced(t, base)
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

// unsynced returns the PostgreSQL URL base with synchronous_commit off
// unless it names a value itself. A commit then returns before its WAL
// reaches the disk: nothing a test can see changes (the rows are committed
// and visible at once; only a crash of the database server could lose the
// last ones), and a suite of tiny transactions stops waiting on fsync.
// pgx sends a URL parameter it does not know as a run-time setting, so
// every connection of the test, the binary's included, has it.
func unsynced(t testing.TB, base string) string {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("storetest: TEST_DATABASE_URL: %v", err)
	}
	q := u.Query()
	if q.Has("synchronous_commit") {
		return base
	}
	q.Set("synchronous_commit", "off")
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

// templateMaxIdle is how long a template file nobody used may stay: they are
// named after the test binary, so each change of the code leaves one behind.
const templateMaxIdle = 6 * time.Hour

// template is the migrated template of this process, made on first use.
var template struct {
	sync.Mutex
	done bool
	name string // SQLite: the file; PostgreSQL: the script ("": migrate)
	err  error
}

// templateOnce runs make once per process and remembers its result, error
// included: a broken migration fails every test the same way, quickly.
func templateOnce(t testing.TB, make func() (string, error)) string {
	t.Helper()
	template.Lock()
	defer template.Unlock()
	if !template.done {
		template.name, template.err = make()
		template.done = true
	}
	if template.err != nil {
		t.Fatalf("storetest: migrated template: %v", template.err)
	}
	return template.name
}

// binaryDigest names what the template holds: the migrations are compiled
// into the test binary, so the same binary migrates to the same schema, and
// test processes of the same binary, in this run or the next, share one.
func binaryDigest() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// migrate opens dbURL, migrates it and closes it.
func migrate(dbURL string) error {
	ctx := context.Background()
	s, err := store.Open(ctx, dbURL)
	if err != nil {
		return err
	}
	if err := s.Migrate(ctx); err != nil {
		s.Close()
		return err
	}
	return s.Close()
}

// sqliteClone copies the migrated template file into the test's temp folder.
func sqliteClone(t testing.TB) string {
	t.Helper()
	tmpl := templateOnce(t, sqliteTemplate)
	src, err := os.Open(tmpl)
	if err != nil {
		t.Fatalf("storetest: %v", err)
	}
	defer src.Close()
	path := filepath.Join(t.TempDir(), "test.db")
	dst, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		t.Fatalf("storetest: %v", err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		t.Fatalf("storetest: copy template: %v", err)
	}
	if err := dst.Close(); err != nil {
		t.Fatalf("storetest: copy template: %v", err)
	}
	return path
}

// sqliteTemplate returns the migrated template file of this binary in the
// system's temp folder, migrating it first if no process did. Processes that
// race both migrate a file of their own and rename it into place: either
// result is whole.
func sqliteTemplate() (string, error) {
	digest, err := binaryDigest()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(os.TempDir(), "noces-storetest")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	path := filepath.Join(dir, digest+".db")
	now := time.Now()
	if err := os.Chtimes(path, now, now); err == nil {
		return path, nil
	}
	sweepFiles(dir, now)
	work, err := os.MkdirTemp(dir, "build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(work)
	built := filepath.Join(work, "template.db")
	if err := migrate("sqlite:" + built); err != nil {
		return "", err
	}
	// Closing the last connection folded the write-ahead log into the file:
	// the file alone is the whole database.
	if _, err := os.Stat(built + "-wal"); err == nil {
		return "", fmt.Errorf("%s-wal left after closing", built)
	}
	if err := os.Rename(built, path); err != nil {
		return "", err
	}
	return path, nil
}

// sweepFiles removes the template files no process used for templateMaxIdle.
func sweepFiles(dir string, now time.Time) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		info, err := e.Info()
		if err == nil && now.Sub(info.ModTime()) > templateMaxIdle {
			os.RemoveAll(filepath.Join(dir, e.Name()))
		}
	}
}

// schemaMark stands for the schema's name in the cached PostgreSQL script.
const schemaMark = "storetest_schema_mark"

// postgresClone returns the URL of a schema filled with the migrated
// template's script: one a finished test left, emptied back to the
// template's rows (recycleLater), else one made ahead of the test
// (aheadSchemas). Without a script (pg_dump missing or refused) it migrates a
// new schema.
func postgresClone(t testing.TB, base string) string {
	t.Helper()
	base = unsynced(t, base)
	script := templateOnce(t, func() (string, error) { return postgresTemplate(base) })
	if script == "" {
		dbURL := URL(t)
		if err := migrate(dbURL); err != nil {
			t.Fatalf("storetest: migrate: %v", err)
		}
		return dbURL
	}
	tmpl := splitTemplate(script)
	var schema string
	// A recycled schema first: taking the one made ahead costs a new one
	// (about a second of the database server's time).
	select {
	case schema = <-recycled:
	default:
		select {
		case schema = <-recycled:
		case made := <-aheadSchemas(base, tmpl.schema):
			if made.err != nil {
				t.Fatalf("storetest: apply the migrated schema (is TEST_DATABASE_URL right?): %v", made.err)
			}
			schema = made.schema
		}
	}
	t.Cleanup(func() {
		if tmpl.rows == "" {
			dropLater(base, schema)
		} else {
			recycleLater(base, schema, tmpl.rows)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("storetest: TEST_DATABASE_URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	// Every connection to the schema carries its name, so recycling can
	// tell that none of the test's is left (pg_stat_activity).
	q.Set("application_name", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// rowsMark separates, in the cached script, the schema's statements from
// the template's rows (a second pg_dump, of the data alone).
const rowsMark = "\n-- storetest: the template's rows\n"

// pgTemplate is the cached script in its two parts.
type pgTemplate struct {
	schema string // makes the schema, rows included
	rows   string // the rows alone (INSERTs and sequence values)
}

func splitTemplate(script string) pgTemplate {
	schema, rows, _ := strings.Cut(script, rowsMark)
	return pgTemplate{schema: schema, rows: rows}
}

// recycled holds the schemas of finished tests, back to the template's rows,
// for this process's next tests. Emptying a schema costs the server about 10
// ms; making one costs about a second, and dropping it 0.2 s more: on two
// cores that was most of the PostgreSQL half of the Go suite.
var recycled = make(chan string, 16)

// recycle is the one goroutine that empties finished tests' schemas in turn.
var recycle struct {
	once  sync.Once
	queue chan string
}

// recycleLater queues schema to be emptied back to the template's rows and
// handed to a later test. A test's end does not wait for it. A schema that a
// connection still uses once the test is over (a server the test did not
// stop), or that cannot be emptied, is dropped instead.
func recycleLater(base, schema, rows string) {
	recycle.once.Do(func() {
		recycle.queue = make(chan string, 4096)
		go func() {
			db, err := sql.Open("pgx", base)
			if err != nil {
				return
			}
			sweepOnce(db)
			var tables []string
			for schema := range recycle.queue {
				if err == nil && tables == nil {
					tables, err = tablesOf(db, schema)
				}
				if err == nil && idle(db, schema) && empty(db, schema, tables, rows) == nil {
					select {
					case recycled <- schema:
						continue
					default: // enough are waiting
					}
				}
				dropLater(base, schema)
			}
		}()
	})
	select {
	case recycle.queue <- schema:
	default:
		dropLater(base, schema)
	}
}

// tablesOf lists the tables of a cloned schema: every clone has the same.
func tablesOf(db *sql.DB, schema string) ([]string, error) {
	rows, err := db.Query(`SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') ORDER BY c.relname`, schema)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, err
		}
		names = append(names, name)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("storetest: no table in %s", schema)
	}
	return names, rows.Err()
}

// idle waits up to two seconds for the connections of a finished test to
// the schema to end: a closed pool's backends leave pg_stat_activity a
// moment after the client hung up.
func idle(db *sql.DB, schema string) bool {
	deadline := time.Now().Add(2 * time.Second)
	for {
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM pg_stat_activity WHERE application_name = $1`, schema).Scan(&n); err != nil {
			return false
		}
		if n == 0 {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// empty deletes every row of the schema and puts the template's rows and
// sequence values back, in one simple query, so one implicit transaction
// (as aheadSchemas applies the script): all of it or, on an error, none.
// Triggers (and so foreign keys) are off for it: they would only redo, row
// by row, what the template's rows already hold. That needs a superuser, as
// the suite's server has; an error sends the schema to be dropped.
func empty(db *sql.DB, schema string, tables []string, rows string) error {
	var b strings.Builder
	b.WriteString("SET LOCAL session_replication_role = replica;\n")
	for _, table := range tables {
		fmt.Fprintf(&b, "DELETE FROM %s.%s;\n", schema, table)
	}
	b.WriteString(strings.ReplaceAll(rows, schemaMark, schema))
	_, err := db.Exec(b.String())
	return err
}

// A cloned schema is named clonePrefix, the Unix second it was made, "_",
// random hex: the sweep (sweepSchemas) can tell a forgotten one by its age.
const clonePrefix = "tc_"

// forgottenAfter is the age past which a cloned schema belongs to no test
// still running: made ahead for a test that never came, left recycled when
// its process ended, or left to a background drop that the exit cut short.
// A schema is recycled for as long as its process lives, which the suite's
// -timeout=30m bounds.
const forgottenAfter = 45 * time.Minute

// madeSchema is a schema made ahead, or why it could not be.
type madeSchema struct {
	schema string
	err    error
}

// ahead hands out schemas filled ahead of the tests: applying the script is
// PostgreSQL's work (0.3 s quiet, 2 s under load, most of a short test's
// time), so it runs while the previous test runs, not after it.
var ahead struct {
	once sync.Once
	next chan madeSchema
}

// aheadSchemas starts, once per process, the goroutine that keeps one schema
// ready (the unbuffered channel: the next is made as soon as one is taken).
func aheadSchemas(base, script string) <-chan madeSchema {
	ahead.once.Do(func() {
		ahead.next = make(chan madeSchema)
		go func() {
			admin, err := sql.Open("pgx", base)
			for {
				made := madeSchema{err: err}
				if err == nil {
					made.schema = fmt.Sprintf("%s%d_%s", clonePrefix, time.Now().Unix(), strings.ReplaceAll(model.NewID(), "-", "")[:16])
					// Without arguments pgx sends the statements in one simple
					// query: one round trip and one implicit transaction, which
					// also creates the schema.
					_, made.err = admin.Exec("CREATE SCHEMA " + made.schema + ";\n" + strings.ReplaceAll(script, schemaMark, made.schema))
				}
				ahead.next <- made
			}
		}()
	})
	return ahead.next
}

// drops is the queue of schemas whose tests are over; one goroutine drops
// them in turn, after sweeping the schemas earlier processes forgot.
var drops struct {
	once  sync.Once
	queue chan string
}

// dropLater queues schema for dropping: a test's end does not wait for it
// (0.1 to 0.7 s each). What the process's exit cuts short, a later sweep drops.
func dropLater(base, schema string) {
	drops.once.Do(func() {
		drops.queue = make(chan string, 4096)
		go func() {
			db, err := sql.Open("pgx", base)
			if err != nil {
				return
			}
			sweepOnce(db)
			for schema := range drops.queue {
				db.Exec("DROP SCHEMA IF EXISTS " + schema + " CASCADE") //nolint:errcheck // a leftover is swept later
			}
		}()
	})
	select {
	case drops.queue <- schema:
	default: // a full queue: the sweep of a later run drops it
	}
}

// sweepOnce sweeps the schemas that earlier processes forgot, once per
// process, from whichever of the recycling or dropping goroutines starts
// first.
func sweepOnce(db *sql.DB) {
	sweep.Do(func() { sweepSchemas(db, time.Now()) })
}

var sweep sync.Once

// sweepSchemas drops the cloned schemas older than forgottenAfter.
func sweepSchemas(db *sql.DB, now time.Time) {
	rows, err := db.Query(`SELECT nspname FROM pg_namespace WHERE nspname LIKE $1`, clonePrefix+"%")
	if err != nil {
		return
	}
	var old []string
	for rows.Next() {
		var name string
		if rows.Scan(&name) != nil {
			continue
		}
		if made, ok := cloneTime(name); ok && now.Sub(made) > forgottenAfter {
			old = append(old, name)
		}
	}
	rows.Close()
	for _, name := range old {
		db.Exec("DROP SCHEMA IF EXISTS " + name + " CASCADE") //nolint:errcheck // another process may drop it first
	}
}

// cloneTime reads the time a cloned schema's name says it was made.
func cloneTime(name string) (time.Time, bool) {
	rest, ok := strings.CutPrefix(name, clonePrefix)
	if !ok {
		return time.Time{}, false
	}
	secs, _, ok := strings.Cut(rest, "_")
	if !ok {
		return time.Time{}, false
	}
	n, err := strconv.ParseInt(secs, 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.Unix(n, 0), true
}

// postgresTemplate returns the SQL script of the migrated schema, made by
// pg_dump from a schema migrated for real, with schemaMark for its name. The
// script is kept in the temp folder for the processes of the same binary and
// server version. Without pg_dump it returns "": each test then migrates.
func postgresTemplate(base string) (string, error) {
	digest, err := binaryDigest()
	if err != nil {
		return "", err
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", err
	}
	defer admin.Close()
	var version string
	if err := admin.QueryRow(`SHOW server_version_num`).Scan(&version); err != nil {
		return "", fmt.Errorf("is TEST_DATABASE_URL right? %w", err)
	}
	dir := filepath.Join(os.TempDir(), "noces-storetest")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	path := filepath.Join(dir, digest+"-pg"+version+".sql")
	if b, err := os.ReadFile(path); err == nil {
		now := time.Now()
		os.Chtimes(path, now, now) //nolint:errcheck // only the sweep reads it
		return string(b), nil
	}
	sweepFiles(dir, time.Now())
	dump, err := exec.LookPath("pg_dump")
	if err != nil {
		return "", nil
	}
	schema := "storetest_build_" + strings.ReplaceAll(model.NewID(), "-", "")
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		return "", err
	}
	defer admin.Exec("DROP SCHEMA " + schema + " CASCADE") //nolint:errcheck // a leftover schema harms no test
	u, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	if err := migrate(u.String()); err != nil {
		return "", err
	}
	// libpq (pg_dump) refuses URL parameters it does not know.
	q.Del("search_path")
	q.Del("synchronous_commit")
	u.RawQuery = q.Encode()
	dumped := func(args ...string) (string, error) {
		args = append([]string{"--dbname=" + u.String(), "--schema=" + schema, "--inserts", "--no-owner", "--no-privileges", "--no-comments"}, args...)
		out, err := exec.Command(dump, args...).Output()
		if err != nil {
			return "", err
		}
		var b strings.Builder
		for _, line := range strings.SplitAfter(string(out), "\n") {
			// psql's own commands (\restrict) and the schema, which URL creates.
			if strings.HasPrefix(line, `\`) || strings.HasPrefix(line, "CREATE SCHEMA ") {
				continue
			}
			b.WriteString(strings.ReplaceAll(line, schema, schemaMark))
		}
		return b.String(), nil
	}
	whole, err := dumped()
	if err != nil {
		// An older pg_dump refuses a newer server: migrating still works.
		return "", nil
	}
	rows, err := dumped("--section=data")
	if err != nil {
		return "", nil
	}
	var b strings.Builder
	b.WriteString(whole)
	b.WriteString(rowsMark)
	b.WriteString(rows)
	script := b.String()
	tmp, err := os.CreateTemp(dir, "build-")
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.WriteString(script); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Close(); err != nil {
		return "", err
	}
	return script, os.Rename(tmp.Name(), path)
}
