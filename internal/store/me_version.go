package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/pressly/goose/v3"
)

// The version of GET /api/me's answer (migration 22). users.me_version
// changes in the same transaction as every write to a row the answer is
// read from, whichever code or tool makes it: triggers raise it on any
// update of the user's row and on any insert, update or delete of the
// user's rows in meVersionTables. A server may thus keep an answer it
// encoded and serve it again while the version it was read at is still
// the user's, which one narrow read by primary key tells (MeVersion),
// however many servers share the database.
//
// A user's version only grows, and users are never deleted (an account's
// deletion is an update of deleted_at), so a version is never given twice
// to different contents of the same user.

// meVersionTables names each table GetMe reads besides users, with the
// column holding the user its row belongs to. A table GetMe comes to read
// must be added here (TestMeVersionCoversMeQuery checks the list against
// meQuery).
var meVersionTables = []struct{ table, user string }{
	{"companies", "user_id"},
	{"portraits", "user_id"},
	{"company_prestations", "user_id"},
	{"images", "owner_id"},
	{"videos", "owner_id"},
}

// meVersionMigration adds users.me_version and its triggers, in each
// engine's own trigger language.
func meVersionMigration(driver string) *goose.Migration {
	up := []string{`ALTER TABLE users ADD COLUMN me_version BIGINT NOT NULL DEFAULT 0`}
	var down []string
	if driver == "postgres" {
		// A BEFORE trigger raises the version in the row being written,
		// unless the statement already did (the other triggers' UPDATE):
		// no second write of the row.
		up = append(up, `CREATE FUNCTION me_version_self() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.me_version = OLD.me_version THEN
        NEW.me_version := OLD.me_version + 1;
    END IF;
    RETURN NEW;
END $$`,
			`CREATE TRIGGER users_me_version BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION me_version_self()`)
		columns := map[string]bool{}
		for _, t := range meVersionTables {
			if !columns[t.user] {
				columns[t.user] = true
				// One function per column name: reading the column
				// by name from TG_ARGV would need the row as JSON.
				up = append(up, fmt.Sprintf(`CREATE FUNCTION me_version_by_%[1]s() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE users SET me_version = me_version + 1 WHERE id = NEW.%[1]s;
    ELSIF TG_OP = 'DELETE' THEN
        UPDATE users SET me_version = me_version + 1 WHERE id = OLD.%[1]s;
    ELSE
        UPDATE users SET me_version = me_version + 1 WHERE id = OLD.%[1]s OR id = NEW.%[1]s;
    END IF;
    RETURN NULL;
END $$`, t.user))
				down = append(down, fmt.Sprintf(`DROP FUNCTION me_version_by_%s()`, t.user))
			}
			up = append(up, fmt.Sprintf(`CREATE TRIGGER %[1]s_me_version AFTER INSERT OR UPDATE OR DELETE ON %[1]s FOR EACH ROW EXECUTE FUNCTION me_version_by_%[2]s()`,
				t.table, t.user))
			down = append([]string{fmt.Sprintf(`DROP TRIGGER %[1]s_me_version ON %[1]s`, t.table)}, down...)
		}
		down = append(down, `DROP TRIGGER users_me_version ON users`, `DROP FUNCTION me_version_self()`)
	} else {
		// SQLite cannot change NEW in a BEFORE trigger: the row is
		// written again after, unless the statement raised the version
		// itself (the WHEN, which also keeps the trigger from firing
		// on its own write were recursive triggers on).
		up = append(up, `CREATE TRIGGER users_me_version AFTER UPDATE ON users FOR EACH ROW
    WHEN NEW.me_version = OLD.me_version BEGIN
    UPDATE users SET me_version = OLD.me_version + 1 WHERE id = NEW.id;
END`)
		down = append(down, `DROP TRIGGER users_me_version`)
		for _, t := range meVersionTables {
			for ev, where := range map[string]string{
				"INSERT": "id = NEW." + t.user,
				"DELETE": "id = OLD." + t.user,
				"UPDATE": "id IN (OLD." + t.user + ", NEW." + t.user + ")",
			} {
				name := t.table + "_me_version_" + strings.ToLower(ev)
				up = append(up, fmt.Sprintf(`CREATE TRIGGER %s AFTER %s ON %s FOR EACH ROW BEGIN
    UPDATE users SET me_version = me_version + 1 WHERE %s;
END`, name, ev, t.table, where))
				down = append(down, `DROP TRIGGER `+name)
			}
		}
	}
	down = append(down, `ALTER TABLE users DROP COLUMN me_version`)
	return goose.NewGoMigration(22, runStatements(up), runStatements(down))
}

// meVersionQuery reads the version alone: the user's row by its primary
// key, one narrow column, where GetMe reads 30 columns of four tables.
const meVersionQuery = `SELECT me_version FROM users WHERE id = $1 AND deleted_at IS NULL`

// MeVersion reads the version of userID's GET /api/me answer;
// ErrNotFound when the user is gone.
func (s *Store) MeVersion(ctx context.Context, userID string) (int64, error) {
	row, err := s.hotRow(ctx, meVersionQuery, userID)
	if err != nil {
		return 0, fmt.Errorf("store: me version: %w", err)
	}
	var v int64
	if err := row.Scan(&v); err != nil {
		return 0, fmt.Errorf("store: me version: %w", notFound(err))
	}
	return v, nil
}
