package store

import (
	"fmt"
	"strings"

	"github.com/pressly/goose/v3"
)

// The profile's completeness (migration 23): companies.profile_score, the
// directory's third ranking key after premium and distance, is the number
// of the profile checklist's seven steps a provider has done (the same
// steps as GET /api/me's checklist, meQuery): services offered, each with a
// description and a starting budget, photos, videos, a portrait, its
// experience and its benefits. The ranking page (internal/legal) tells
// couples so. Triggers keep it in the same transaction as every write to
// those rows, whoever writes; a company's own columns are not part of it,
// so its triggers never write the company they fire on again.

// profileScoreTables are the tables the score reads, with the column that
// holds the provider of a row.
var profileScoreTables = []struct{ table, user string }{
	{"company_prestations", "user_id"},
	{"images", "owner_id"},
	{"videos", "owner_id"},
	{"portraits", "user_id"},
}

// profileScoreOf is the score of the provider whose id the SQL expression
// uid gives.
func profileScoreOf(uid string) string {
	return strings.NewReplacer("UID", uid).Replace(`(CASE WHEN EXISTS (SELECT 1 FROM company_prestations cp WHERE cp.user_id = UID) THEN 1 ELSE 0 END
	+ CASE WHEN EXISTS (SELECT 1 FROM company_prestations cp WHERE cp.user_id = UID)
		AND NOT EXISTS (SELECT 1 FROM company_prestations cp WHERE cp.user_id = UID
			AND (cp.description = '' OR cp.budget_starting_from IS NULL)) THEN 1 ELSE 0 END
	+ CASE WHEN EXISTS (SELECT 1 FROM images i WHERE i.owner_id = UID AND i.venue_id IS NULL) THEN 1 ELSE 0 END
	+ CASE WHEN EXISTS (SELECT 1 FROM videos v WHERE v.owner_id = UID AND v.venue_id IS NULL) THEN 1 ELSE 0 END
	+ CASE WHEN EXISTS (SELECT 1 FROM portraits pt WHERE pt.user_id = UID AND pt.portrait <> '') THEN 1 ELSE 0 END
	+ CASE WHEN EXISTS (SELECT 1 FROM portraits pt WHERE pt.user_id = UID AND pt.experience <> '') THEN 1 ELSE 0 END
	+ CASE WHEN EXISTS (SELECT 1 FROM portraits pt WHERE pt.user_id = UID AND pt.benefits <> '') THEN 1 ELSE 0 END)`)
}

// rescore is the statement that sets uid's company's score, written only
// when it changes (a write there moves the directory's change feed).
func rescore(uid string) string {
	return fmt.Sprintf(`UPDATE companies SET profile_score = %[2]s WHERE user_id = %[1]s AND profile_score <> %[2]s`,
		uid, profileScoreOf(uid))
}

// profileScoreMigration computes every company's score and adds the
// triggers that keep it, in each engine's own trigger language.
func profileScoreMigration(driver string) *goose.Migration {
	up := []string{`UPDATE companies SET profile_score = ` + profileScoreOf("companies.user_id")}
	var down []string
	if driver == "postgres" {
		columns := map[string]bool{}
		for _, t := range append(profileScoreTables, struct{ table, user string }{"companies", "user_id"}) {
			if !columns[t.user] {
				columns[t.user] = true
				up = append(up, fmt.Sprintf(`CREATE FUNCTION profile_score_by_%[1]s() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        %[2]s;
    END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.%[1]s IS DISTINCT FROM OLD.%[1]s) THEN
        %[3]s;
    END IF;
    RETURN NULL;
END $$`, t.user, rescore("OLD."+t.user), rescore("NEW."+t.user)))
				down = append(down, fmt.Sprintf(`DROP FUNCTION profile_score_by_%s()`, t.user))
			}
			events := "INSERT OR UPDATE OR DELETE"
			if t.table == "companies" {
				events = "INSERT" // a new company starts from what its provider already has
			}
			up = append(up, fmt.Sprintf(`CREATE TRIGGER %[1]s_profile_score AFTER %[3]s ON %[1]s FOR EACH ROW EXECUTE FUNCTION profile_score_by_%[2]s()`,
				t.table, t.user, events))
			down = append([]string{fmt.Sprintf(`DROP TRIGGER %[1]s_profile_score ON %[1]s`, t.table)}, down...)
		}
	} else {
		add := func(name, event, table, body string) {
			up = append(up, fmt.Sprintf("CREATE TRIGGER %s AFTER %s ON %s FOR EACH ROW BEGIN\n    %s;\nEND", name, event, table, body))
			down = append(down, `DROP TRIGGER `+name)
		}
		for _, t := range profileScoreTables {
			add(t.table+"_profile_score_insert", "INSERT", t.table, rescore("NEW."+t.user))
			add(t.table+"_profile_score_delete", "DELETE", t.table, rescore("OLD."+t.user))
			add(t.table+"_profile_score_update", "UPDATE", t.table, rescore("OLD."+t.user)+";\n    "+rescore("NEW."+t.user))
		}
		add("companies_profile_score_insert", "INSERT", "companies", rescore("NEW.user_id"))
	}
	return goose.NewGoMigration(23, runStatements(up), runStatements(down))
}
