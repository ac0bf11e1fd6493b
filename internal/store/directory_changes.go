package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"sync"

	"github.com/pressly/goose/v3"
)

// The directory's change feed (migration 10). Every write that can change a
// search result, whichever code or tool makes it, records the user it
// concerns through a trigger: the in-memory search index of every server on
// the database (internal/directory/index) then reloads just those users.
//
// directory_version holds one counter. A transaction that changes the
// directory raises it once and records its changes under the new value.
// The counter's row stays locked until that transaction ends, so the values
// become visible in the order they were given: a reader that sees value v
// sees every change up to v, and none is ever skipped. pruned_through says
// how far old changes were deleted; a reader behind it loads everything.

// directoryTriggers names, per table, the column holding the user a row
// belongs to and the columns whose change matters ("" for any).
var directoryTriggers = []struct{ table, user, columns string }{
	{"users", "id", "role, is_moderated, deleted_at, premium_status, premium_end_at"},
	{"companies", "user_id", ""},
	{"company_prestations", "user_id", ""},
	{"company_langues", "user_id", ""},
	{"venues", "owner_id", ""},
	// Migration 19 adds users.avatar_key and the table images, migration
	// 21 the table reviews.
}

const directoryChangesTables = `
CREATE TABLE directory_version (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL,
    pruned_through BIGINT NOT NULL
);
INSERT INTO directory_version (id, version, pruned_through) VALUES (1, 0, 0);
CREATE TABLE directory_changes (
    version BIGINT NOT NULL,
    user_id TEXT NOT NULL
);
CREATE INDEX directory_changes_version ON directory_changes (version)`

// directoryChangesMigration creates the feed and its triggers, written in
// each engine's own trigger language.
func directoryChangesMigration(driver string) *goose.Migration {
	up := []string{directoryChangesTables}
	var down []string
	events := []string{"INSERT", "UPDATE", "DELETE"}
	if driver == "postgres" {
		// One raise of the counter per transaction, remembered in a setting
		// local to it: raising it for every row would leave one dead row
		// version per row written, which a bulk load would pile up.
		up = append(up, `CREATE FUNCTION directory_touch() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v BIGINT := NULLIF(current_setting('noces.directory_version', TRUE), '')::BIGINT;
    r JSONB;
BEGIN
    IF v IS NULL THEN
        UPDATE directory_version SET version = version + 1 WHERE id = 1 RETURNING version INTO v;
        PERFORM set_config('noces.directory_version', v::TEXT, TRUE);
    END IF;
    IF TG_OP = 'DELETE' THEN r := to_jsonb(OLD); ELSE r := to_jsonb(NEW); END IF;
    INSERT INTO directory_changes (version, user_id) VALUES (v, r ->> TG_ARGV[0]);
    RETURN NULL;
END $$`)
		for _, t := range directoryTriggers {
			on := strings.Join(events, " OR ")
			if t.columns != "" {
				on = "INSERT OR DELETE OR UPDATE OF " + t.columns
			}
			name := t.table + "_directory"
			up = append(up, fmt.Sprintf(`CREATE TRIGGER %s AFTER %s ON %s FOR EACH ROW EXECUTE FUNCTION directory_touch('%s')`,
				name, on, t.table, t.user))
			down = append(down, fmt.Sprintf(`DROP TRIGGER %s ON %s`, name, t.table))
		}
		down = append(down, `DROP FUNCTION directory_touch()`)
	} else {
		// SQLite has one writer at a time and updates rows in place: raising
		// the counter for every row costs nothing worth saving.
		for _, t := range directoryTriggers {
			for _, ev := range events {
				row, on := "NEW", ev
				if ev == "DELETE" {
					row = "OLD"
				}
				if ev == "UPDATE" && t.columns != "" {
					on = "UPDATE OF " + t.columns
				}
				name := t.table + "_directory_" + strings.ToLower(ev)
				up = append(up, sqliteDirectoryTrigger(name, on, t.table, row, t.user))
				down = append(down, `DROP TRIGGER `+name)
			}
		}
	}
	down = append(down, `DROP TABLE directory_changes`, `DROP TABLE directory_version`)
	return goose.NewGoMigration(10, runStatements(up), runStatements(down))
}

// sqliteDirectoryTrigger is the SQLite trigger named name that puts in the
// feed, after each of the on events of table, the user whose id is the
// column user of row (NEW or OLD): migrations 10 and 19 create them alike.
func sqliteDirectoryTrigger(name, on, table, row, user string) string {
	return fmt.Sprintf(`CREATE TRIGGER %s AFTER %s ON %s FOR EACH ROW BEGIN
    UPDATE directory_version SET version = version + 1 WHERE id = 1;
    INSERT INTO directory_changes (version, user_id) SELECT version, %s.%s FROM directory_version WHERE id = 1;
END`, name, on, table, row, user)
}

// directoryRowsMigration (migration 19) puts in the feed the last writes
// that change what a result shows without changing whether or where it is
// found: a planner's avatar and a venue's photos (its card shows the key
// image). The search then keeps a page's rows with its answer, as long as
// the feed has not moved (internal/directory/index).
func directoryRowsMigration(driver string) *goose.Migration {
	const usersBefore, usersAfter = "role, is_moderated, deleted_at, premium_status, premium_end_at",
		"role, is_moderated, deleted_at, premium_status, premium_end_at, avatar_key"
	var up, down []string
	if driver == "postgres" {
		usersTrigger := func(columns string) string {
			return `CREATE TRIGGER users_directory AFTER INSERT OR DELETE OR UPDATE OF ` + columns +
				` ON users FOR EACH ROW EXECUTE FUNCTION directory_touch('id')`
		}
		up = []string{`DROP TRIGGER users_directory ON users`, usersTrigger(usersAfter),
			`CREATE TRIGGER images_directory AFTER INSERT OR UPDATE OR DELETE ON images FOR EACH ROW EXECUTE FUNCTION directory_touch('owner_id')`}
		down = []string{`DROP TRIGGER images_directory ON images`, `DROP TRIGGER users_directory ON users`, usersTrigger(usersBefore)}
	} else {
		up = []string{`DROP TRIGGER users_directory_update`, sqliteDirectoryTrigger("users_directory_update", "UPDATE OF "+usersAfter, "users", "NEW", "id")}
		down = []string{`DROP TRIGGER users_directory_update`, sqliteDirectoryTrigger("users_directory_update", "UPDATE OF "+usersBefore, "users", "NEW", "id")}
		images, drop := sqliteFeedTriggers("images", "owner_id", "")
		up, down = append(up, images...), append(down, drop...)
	}
	return goose.NewGoMigration(19, runStatements(up), runStatements(down))
}

// directoryReviewsMigration (migration 21) puts the reviews in the feed:
// a card shows its listing's rating and count of approved reviews, and the
// rating filter reads them from the index, so approving, rejecting,
// editing or deleting a review must reach the next search. A new review
// is pending and changes nothing shown, but it is recorded too: reviews
// are written a few a day, and one trigger per event keeps both engines
// alike.
func directoryReviewsMigration(driver string) *goose.Migration {
	const columns = "status, rating, provider_id"
	var up, down []string
	if driver == "postgres" {
		up = []string{`CREATE TRIGGER reviews_directory AFTER INSERT OR DELETE OR UPDATE OF ` + columns +
			` ON reviews FOR EACH ROW EXECUTE FUNCTION directory_touch('provider_id')`}
		down = []string{`DROP TRIGGER reviews_directory ON reviews`}
	} else {
		up, down = sqliteFeedTriggers("reviews", "provider_id", columns)
	}
	return goose.NewGoMigration(21, runStatements(up), runStatements(down))
}

// sqliteFeedTriggers are the SQLite triggers named <table>_directory_<event>
// that put, after each insert, update (of columns only, when given) and
// delete of table, the user of its column user in the feed, and the
// statements that drop them.
func sqliteFeedTriggers(table, user, columns string) (up, down []string) {
	for _, ev := range []string{"INSERT", "UPDATE", "DELETE"} {
		row, on := "NEW", ev
		switch {
		case ev == "DELETE":
			row = "OLD"
		case ev == "UPDATE" && columns != "":
			on = "UPDATE OF " + columns
		}
		name := table + "_directory_" + strings.ToLower(ev)
		up = append(up, sqliteDirectoryTrigger(name, on, table, row, user))
		down = append(down, `DROP TRIGGER `+name)
	}
	return up, down
}

// runStatements runs a migration's statements in its transaction.
func runStatements(stmts []string) *goose.GoFunc {
	return &goose.GoFunc{RunTx: func(ctx context.Context, tx *sql.Tx) error {
		for _, q := range stmts {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return fmt.Errorf("%w in %.60q", err, q)
			}
		}
		return nil
	}}
}

// DirectoryFeed is where the change feed stands: its counter, and how far
// its changes were pruned (a reader behind that reads everything again).
type DirectoryFeed struct {
	Version, PrunedThrough int64
}

// GetDirectoryFeed reads the feed's counter and how far it was pruned.
// Searches that arrive together share one read: under load, reading the
// counter for each of them cost a query per page. A search never takes a
// read that started before it arrived, which could miss a write committed
// just before: it joins the next one, which starts once the read in
// flight ends. A search thus still sees every write committed before it
// started, and at most two reads run at a time however many searches wait.
func (s *Store) GetDirectoryFeed(ctx context.Context) (DirectoryFeed, error) {
	v, p, err := s.directoryVersion(ctx)
	return DirectoryFeed{Version: v, PrunedThrough: p}, err
}

// directoryVersion is GetDirectoryFeed's two figures.
func (s *Store) directoryVersion(ctx context.Context) (version, prunedThrough int64, err error) {
	return s.feed.read(ctx, s.readDirectoryVersion)
}

// readDirectoryVersion reads the counter on the pool, never in the
// caller's transaction, through a statement prepared once (prepared.go).
func (s *Store) readDirectoryVersion(ctx context.Context) (version, prunedThrough int64, err error) {
	stmt, err := s.stmts.get(ctx, s.db.DB, `SELECT version, pruned_through FROM directory_version WHERE id = 1`)
	if err == nil {
		err = stmt.QueryRowContext(ctx).Scan(&version, &prunedThrough)
	}
	if err != nil {
		return 0, 0, fmt.Errorf("store: directory version: %w", err)
	}
	return version, prunedThrough, nil
}

// versionReads coalesces the reads of the feed's counter.
type versionReads struct {
	mu      sync.Mutex
	running *versionRead // started: too late for a search arriving now
	waiting *versionRead // to start once running ends: every search arriving now joins it
}

// versionRead is one read of the counter, shared by the searches that
// joined it before it started.
type versionRead struct {
	done            chan struct{} // closed once the fields below are set
	version, pruned int64
	err             error
}

// read returns the counter as a read started after the call gives it.
func (f *versionReads) read(ctx context.Context, query func(context.Context) (int64, int64, error)) (int64, int64, error) {
	f.mu.Lock()
	r, after, lead := f.waiting, (*versionRead)(nil), false
	switch {
	case f.running == nil:
		r, lead = &versionRead{done: make(chan struct{})}, true
		f.running = r
	case r == nil:
		r, after, lead = &versionRead{done: make(chan struct{})}, f.running, true
		f.waiting = r
	}
	f.mu.Unlock()
	if !lead {
		select {
		case <-r.done:
			return r.version, r.pruned, r.err
		case <-ctx.Done():
			return 0, 0, ctx.Err()
		}
	}
	if after != nil {
		<-after.done // promoted r to running before closing
	}
	// Others wait on this read: the caller giving up must not fail them.
	r.version, r.pruned, r.err = query(context.WithoutCancel(ctx))
	f.mu.Lock()
	f.running, f.waiting = f.waiting, nil
	f.mu.Unlock()
	close(r.done)
	return r.version, r.pruned, r.err
}

// ListDirectoryChanges returns the users changed after version from, up
// to version to.
func (s *Store) ListDirectoryChanges(ctx context.Context, from, to int64) ([]string, error) {
	var ids []string
	err := s.db.SelectContext(ctx, &ids, `SELECT DISTINCT user_id FROM directory_changes WHERE version > $1 AND version <= $2`, from, to)
	if err != nil {
		return nil, fmt.Errorf("store: directory changes: %w", err)
	}
	return ids, nil
}

// directoryKeep is how many versions of changes are kept for servers that
// are behind; one further behind reloads the whole directory. A variable
// for tests.
var directoryKeep int64 = 50_000

// pruneDirectoryChanges deletes the changes older than directoryKeep
// versions before version, once there are twice as many.
func (s *Store) pruneDirectoryChanges(ctx context.Context, version, prunedThrough int64) error {
	through := version - directoryKeep
	if through-prunedThrough < directoryKeep {
		return nil
	}
	return s.InTx(ctx, func(tx *Store) error {
		if _, err := tx.exec(ctx, `UPDATE directory_version SET pruned_through = $1 WHERE id = 1 AND pruned_through < $1`, through); err != nil {
			return fmt.Errorf("store: prune directory changes: %w", err)
		}
		if _, err := tx.exec(ctx, `DELETE FROM directory_changes WHERE version <= $1`, through); err != nil {
			return fmt.Errorf("store: prune directory changes: %w", err)
		}
		return nil
	})
}

// directoryAvailabilityMigration (migration 32) puts the taken days of
// migration 28 in the feed: a search with a date, and matching, read them
// from the index, so a day marked or freed, by hand or by an import, must
// reach the next search. An import writes a few hundred rows in one
// transaction: PostgreSQL raises the counter once for it, SQLite once a
// row, which its one writer makes cheap (as migration 10 says).
func directoryAvailabilityMigration(driver string) *goose.Migration {
	var up, down []string
	if driver == "postgres" {
		up = []string{`CREATE TRIGGER availability_days_directory AFTER INSERT OR DELETE OR UPDATE
			ON availability_days FOR EACH ROW EXECUTE FUNCTION directory_touch('user_id')`}
		down = []string{`DROP TRIGGER availability_days_directory ON availability_days`}
	} else {
		up, down = sqliteFeedTriggers("availability_days", "user_id", "")
	}
	return goose.NewGoMigration(32, runStatements(up), runStatements(down))
}
