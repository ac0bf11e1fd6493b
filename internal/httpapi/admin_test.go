package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"noces/internal/model"
)

// waitingProvider makes a provider who finished onboarding (with a company
// named company, unless empty) and waits for moderation, speaking locale on
// the domain of the same key.
func (e *env) waitingProvider(email, role, company, locale string) model.User {
	e.t.Helper()
	ctx := context.Background()
	now := e.clock.Now()
	domain := map[string]string{"en": "uk", "nl": "be"}[locale]
	if domain == "" {
		domain = locale
	}
	u := model.User{ID: model.NewID(), Email: email, PasswordHash: "x", Role: role, Firstname: "Jana", Lastname: "Keller",
		Locale: locale, Domain: domain, HasFinishedOnboarding: company != "", PremiumStatus: model.PremiumNone,
		CreatedAt: now, UpdatedAt: now}
	if err := e.store.CreateUser(ctx, u); err != nil {
		e.t.Fatal(err)
	}
	if company != "" {
		err := e.store.CreateCompany(ctx, model.Company{UserID: u.ID, Name: company, Slug: strings.ToLower(strings.ReplaceAll(company, " ", "-")),
			Siret: "73282932000074", SiretStatus: model.SiretUnknown, City: "Lyon", CountryCode: "FR", CreatedAt: now, UpdatedAt: now})
		if err != nil {
			e.t.Fatal(err)
		}
	}
	e.clock.Advance(time.Second) // lists are ordered by sign-up
	return u
}

// adminCounts is counts with the marketing tables.
func (e *env) adminCounts() map[string]int {
	e.t.Helper()
	out := e.counts()
	for _, table := range []string{"promotional_alerts", "promotional_popups"} {
		var n int
		if err := e.store.DB().QueryRow("SELECT COUNT(*) FROM " + table).Scan(&n); err != nil {
			e.t.Fatal(err)
		}
		out[table] = n
	}
	return out
}

// auditRows returns the audit log's actions on target, oldest first.
func (e *env) auditRows(target string) []string {
	e.t.Helper()
	rows, err := e.store.DB().Query(`SELECT action FROM audit_log WHERE target_id = $1 ORDER BY created_at, id`, target)
	if err != nil {
		e.t.Fatal(err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			e.t.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}

// refused runs r and checks it is refused with status, code and (when
// field is set) the field's code, having written nothing.
func (e *env) refused(t *testing.T, r req, status int, code, field, fieldCode string) {
	t.Helper()
	before := e.adminCounts()
	got := e.do(r)
	if got.status != status {
		t.Fatalf("status %d, want %d: %s", got.status, status, got.body)
	}
	body := got.json(t)
	if code != "" && body["error"] != code {
		t.Errorf("error %v, want %s", body["error"], code)
	}
	if field != "" {
		fields, _ := body["fields"].(map[string]any)
		if fields[field] != fieldCode {
			t.Errorf("fields %v, want %s: %s", fields, field, fieldCode)
		}
	}
	if msg, _ := body["message"].(string); msg == "" || msg == body["error"] {
		t.Errorf("message %q is not a text", msg)
	}
	if diff := cmp.Diff(before, e.adminCounts()); diff != "" {
		t.Errorf("a refused request wrote (-before +after):\n%s", diff)
	}
}

func TestAdminRoutesRefuseEveryoneButAdmins(t *testing.T) {
	e := newEnv(t)
	id := e.users["planner"].ID
	routes := []req{
		{method: "GET", path: "/api/admin/moderation"},
		{method: "POST", path: "/api/admin/users/" + id + "/approve"},
		{method: "POST", path: "/api/admin/users/" + id + "/reject", body: map[string]any{"reason": "Missing photos"}},
		{method: "GET", path: "/api/admin/users?q=a"},
		{method: "POST", path: "/api/admin/users/" + id + "/credits", body: map[string]any{"amount": 5, "reason": "gift"}},
		{method: "POST", path: "/api/admin/users/" + id + "/siret-verify", body: map[string]any{"isActive": true}},
		{method: "GET", path: "/api/admin/reviews?status=pending"},
		{method: "POST", path: "/api/admin/reviews/" + id + "/approve"},
		{method: "POST", path: "/api/admin/reviews/" + id + "/reject"},
		{method: "GET", path: "/api/admin/promotional-alerts"},
		{method: "POST", path: "/api/admin/promotional-alerts", body: map[string]any{"type": "planner", "title": "Promo", "description": "x", "isActive": true}},
		{method: "PUT", path: "/api/admin/promotional-alerts/" + id, body: map[string]any{"type": "planner", "title": "Promo", "description": "x"}},
		{method: "DELETE", path: "/api/admin/promotional-alerts/" + id},
		{method: "GET", path: "/api/admin/promotional-popups"},
		{method: "POST", path: "/api/admin/promotional-popups", body: map[string]any{"type": "planner", "title": "Promo", "description": "<p>x</p>"}},
		{method: "PUT", path: "/api/admin/promotional-popups/" + id, body: map[string]any{"type": "planner", "title": "Promo", "description": "<p>x</p>"}},
		{method: "DELETE", path: "/api/admin/promotional-popups/" + id},
		{method: "GET", path: "/api/admin/audit-log"},
		{method: "GET", path: "/api/admin/outbox"},
		{method: "GET", path: "/api/admin/overview"},
	}
	var table []scenario
	for _, r := range routes {
		for _, who := range []struct {
			name, as string
			status   int
			code     string
		}{
			{"a planner", "planner", http.StatusForbidden, "errors.forbidden"},
			{"a venue", "venue", http.StatusForbidden, "errors.forbidden"},
			{"an anonymous caller", "", http.StatusUnauthorized, "errors.unauthorized"},
		} {
			table = append(table, scenario{name: fmt.Sprintf("%s %s is refused to %s", r.method, r.path, who.name),
				method: r.method, path: r.path, body: r.body, as: who.as,
				wantStatus: who.status, wantCode: who.code, wantNoWrites: true})
		}
	}
	runScenarios(t, e, table)
}

func TestAdminModeration(t *testing.T) {
	e := newEnv(t)
	admin := e.login("admin")
	tok := admin.Access
	hans := e.waitingProvider("hans@example.com", model.RolePlanner, "Hochzeit Hans", "de")
	lea := e.waitingProvider("lea@example.com", model.RoleVenue, "Domaine Léa", "fr")
	early := e.waitingProvider("early@example.com", model.RolePlanner, "", "fr") // onboarding not finished

	t.Run("the queue lists the waiting providers, oldest first", func(t *testing.T) {
		r := e.do(req{method: "GET", path: "/api/admin/moderation", token: tok})
		if r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		body := r.json(t)
		items := body["items"].([]any)
		if body["total"] != float64(2) || len(items) != 2 || body["pageSize"] != float64(50) || body["page"] != float64(1) {
			t.Fatalf("%s", r.body)
		}
		first := items[0].(map[string]any)
		want := map[string]any{"id": hans.ID, "email": "hans@example.com", "firstname": "Jana", "lastname": "Keller",
			"role": "ROLE_PRESTATAIRE", "companyName": "Hochzeit Hans", "city": "Lyon", "country": "FR",
			"siret": "73282932000074", "siretStatus": "unknown", "moderationNote": "",
			"createdAt": hans.CreatedAt.Format(time.RFC3339)}
		if diff := cmp.Diff(want, first); diff != "" {
			t.Errorf("first item (-want +got):\n%s", diff)
		}
		if items[1].(map[string]any)["id"] != lea.ID {
			t.Errorf("second item %v", items[1])
		}
	})

	for _, tc := range []struct {
		name             string
		reason           any
		field, fieldCode string
		status           int
		code             string
		id               string
	}{
		{name: "a refusal without a reason", reason: nil, field: "reason", fieldCode: "validation.required", status: 422, code: "errors.validation"},
		{name: "a refusal with a blank reason", reason: "      ", field: "reason", fieldCode: "validation.required", status: 422, code: "errors.validation"},
		{name: "a refusal with a 4-character reason", reason: "  Non  ", field: "reason", fieldCode: "admin.validation.reject_reason_length", status: 422, code: "errors.validation"},
		{name: "a refusal with a 1001-character reason", reason: strings.Repeat("a", 1001), field: "reason", fieldCode: "admin.validation.reject_reason_length", status: 422, code: "errors.validation"},
		{name: "a reason that is not a string", reason: 42, field: "reason", fieldCode: "validation.invalid_type", status: 400, code: "errors.malformed_json"},
		{name: "a refusal of an unknown id", reason: "Missing photos", status: 404, code: "admin.errors.user_not_found", id: model.NewID()},
		{name: "a refusal of an admin", reason: "Missing photos", status: 404, code: "admin.errors.user_not_found", id: e.users["admin"].ID},
		{name: "a refusal of an approved provider", reason: "Missing photos", status: 409, code: "admin.errors.already_moderated", id: e.users["planner"].ID},
	} {
		t.Run(tc.name+" is refused and writes nothing", func(t *testing.T) {
			body := map[string]any{}
			if tc.reason != nil {
				body["reason"] = tc.reason
			}
			id := tc.id
			if id == "" {
				id = hans.ID
			}
			e.refused(t, req{method: "POST", path: "/api/admin/users/" + id + "/reject", token: tok, body: body}, tc.status, tc.code, tc.field, tc.fieldCode)
		})
	}

	t.Run("a refusal keeps the provider waiting and e-mails the reason in its language", func(t *testing.T) {
		r := e.do(req{method: "POST", path: "/api/admin/users/" + hans.ID + "/reject", token: tok, body: map[string]any{"reason": "  Bitte fügen Sie Fotos hinzu.  "}})
		if r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		if diff := cmp.Diff(map[string]any{"id": hans.ID, "isModerated": false, "moderatedAt": nil, "moderationNote": "Bitte fügen Sie Fotos hinzu."}, r.json(t)); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
		mails := e.outbox("hans@example.com")
		if len(mails) != 1 || mails[0].Subject != e.server.Texts.T("de", "email.moderation_rejected.subject") ||
			!strings.Contains(mails[0].BodyText, "Bitte fügen Sie Fotos hinzu.") || !strings.Contains(mails[0].BodyText, "Jana") {
			t.Errorf("e-mail %+v", mails)
		}
		if diff := cmp.Diff([]string{"moderation.reject"}, e.auditRows(hans.ID)); diff != "" {
			t.Errorf("audit (-want +got):\n%s", diff)
		}
		q := e.do(req{method: "GET", path: "/api/admin/moderation", token: tok}).json(t)
		first := q["items"].([]any)[0].(map[string]any)
		if q["total"] != float64(2) || first["id"] != hans.ID || first["moderationNote"] != "Bitte fügen Sie Fotos hinzu." {
			t.Errorf("queue after refusal %v", q)
		}
	})

	for _, tc := range []struct {
		name, id, code string
		status         int
	}{
		{"an approval of an unknown id", model.NewID(), "admin.errors.user_not_found", 404},
		{"an approval of an admin", e.users["admin"].ID, "admin.errors.user_not_found", 404},
		{"an approval of a provider still onboarding", early.ID, "admin.errors.not_onboarded", 409},
	} {
		t.Run(tc.name+" is refused and writes nothing", func(t *testing.T) {
			e.refused(t, req{method: "POST", path: "/api/admin/users/" + tc.id + "/approve", token: tok}, tc.status, tc.code, "", "")
		})
	}

	t.Run("an approval makes the profile public and e-mails its links in the owner's language", func(t *testing.T) {
		// The register confirmed the SIRET: approval is all the page lacks
		// (TestApprovalOfAPlannerTheSiretStillHides covers the other case).
		c, err := e.store.GetCompany(context.Background(), hans.ID)
		if err != nil {
			t.Fatal(err)
		}
		c.SiretStatus = model.SiretActive
		if err := e.store.UpdateCompanyDetails(context.Background(), c); err != nil {
			t.Fatal(err)
		}
		r := e.do(req{method: "POST", path: "/api/admin/users/" + hans.ID + "/approve", token: tok})
		if r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		body := r.json(t)
		if body["isModerated"] != true || body["moderatedAt"] != e.clock.Now().Format(time.RFC3339) || body["moderationNote"] != "" {
			t.Errorf("%v", body)
		}
		u, _ := e.store.GetUser(context.Background(), hans.ID)
		if !u.IsModerated {
			t.Error("not moderated")
		}
		var note string
		var at time.Time
		if err := e.store.DB().QueryRow(`SELECT moderation_note, moderated_at FROM users WHERE id = $1`, hans.ID).Scan(&note, &at); err != nil || note != "" || !at.Equal(e.clock.Now()) {
			t.Errorf("note %q moderated_at %v: %v", note, at, err)
		}
		mails := e.outbox("hans@example.com")
		publicURL := e.server.Hosts.ProfileURL("FR", "hochzeit-hans") // a French company: its page is on the French domain
		dashboard := e.server.Hosts.ProURL("de", "/dashboard")
		if len(mails) != 2 || mails[0].Subject != e.server.Texts.T("de", "email.moderation_approved.subject") ||
			!strings.Contains(mails[0].BodyText, publicURL) || !strings.Contains(mails[0].BodyText, dashboard) {
			t.Errorf("e-mail (want %s and %s): %+v", publicURL, dashboard, mails[0])
		}
		if diff := cmp.Diff([]string{"moderation.reject", "moderation.approve"}, e.auditRows(hans.ID)); diff != "" {
			t.Errorf("audit (-want +got):\n%s", diff)
		}
		q := e.do(req{method: "GET", path: "/api/admin/moderation", token: tok}).json(t)
		if q["total"] != float64(1) {
			t.Errorf("an approved provider is still waiting: %v", q)
		}
	})
	t.Run("approving twice is a conflict and writes nothing", func(t *testing.T) {
		e.refused(t, req{method: "POST", path: "/api/admin/users/" + hans.ID + "/approve", token: tok}, 409, "admin.errors.already_moderated", "", "")
	})
	t.Run("a venue owner's e-mail links to its venues", func(t *testing.T) {
		if r := e.do(req{method: "POST", path: "/api/admin/users/" + lea.ID + "/approve", token: tok}); r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		mails := e.outbox("lea@example.com")
		if len(mails) != 1 || mails[0].Subject != e.server.Texts.T("fr", "email.moderation_approved.subject") ||
			!strings.Contains(mails[0].BodyText, e.server.Hosts.ProURL("fr", "/venues")) {
			t.Errorf("e-mail %+v", mails)
		}
	})
}

func TestAdminUserSearch(t *testing.T) {
	e := newEnv(t)
	tok := e.login("admin").Access
	fleur := e.waitingProvider("Fleur.Martin@Example.com", model.RolePlanner, "Atelier Pivoine", "fr")
	underscore := e.waitingProvider("a_b@example.com", model.RoleVenue, "100% Mariage", "fr")
	for i := range 30 {
		e.waitingProvider(fmt.Sprintf("bulk%02d@example.com", i), model.RolePlanner, "", "fr")
	}
	if _, err := e.store.DB().Exec(`UPDATE users SET credits = 7, premium_status = 'active' WHERE id = $1`, fleur.ID); err != nil {
		t.Fatal(err)
	}
	search := func(query string) map[string]any {
		t.Helper()
		r := e.do(req{method: "GET", path: "/api/admin/users" + query, token: tok})
		if r.status != 200 {
			t.Fatalf("%s: %d %s", query, r.status, r.body)
		}
		return r.json(t)
	}
	ids := func(body map[string]any) []string {
		out := []string{}
		for _, it := range body["items"].([]any) {
			out = append(out, it.(map[string]any)["id"].(string))
		}
		return out
	}
	for _, tc := range []struct {
		name, query string
		want        []string
	}{
		{"by e-mail, whatever its case", "?q=FLEUR.martin", []string{fleur.ID}},
		{"by company name", "?q=pivoine", []string{fleur.ID}},
		{"an underscore is a letter, not a wildcard", "?q=a_b", []string{underscore.ID}},
		{"a percent sign is a letter, not a wildcard", "?q=100%25", []string{underscore.ID}},
		{"nothing matches", "?q=zzz", []string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := search(tc.query)
			if diff := cmp.Diff(tc.want, ids(body)); diff != "" || body["total"] != float64(len(tc.want)) {
				t.Errorf("total %v (-want +got):\n%s", body["total"], diff)
			}
		})
	}
	t.Run("a line has the spec's fields", func(t *testing.T) {
		got := search("?q=pivoine")["items"].([]any)[0].(map[string]any)
		want := map[string]any{"id": fleur.ID, "email": "Fleur.Martin@Example.com", "firstname": "Jana", "lastname": "Keller",
			"role": "ROLE_PRESTATAIRE", "company": "Atelier Pivoine", "moderated": false, "premium": "active",
			"credits": float64(7), "createdAt": fleur.CreatedAt.Format(time.RFC3339)}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
	})
	t.Run("names together, in pages of 25", func(t *testing.T) {
		first := search("?q=jana%20keller")
		second := search("?q=jana%20keller&page=2")
		if first["total"] != float64(32) || len(first["items"].([]any)) != 25 || len(second["items"].([]any)) != 7 || second["page"] != float64(2) {
			t.Errorf("total %v, pages of %d and %d", first["total"], len(first["items"].([]any)), len(second["items"].([]any)))
		}
	})
	t.Run("no query lists everyone, newest first", func(t *testing.T) {
		body := search("")
		if body["total"] != float64(35) || body["pageSize"] != float64(25) || ids(body)[0] == fleur.ID {
			t.Errorf("%v %v", body["total"], ids(body)[:1])
		}
	})
	t.Run("a query over 100 characters is refused", func(t *testing.T) {
		e.refused(t, req{method: "GET", path: "/api/admin/users?q=" + strings.Repeat("a", 101), token: tok}, 422, "errors.validation", "q", "validation.query_too_long")
	})
}

func TestAdminCredits(t *testing.T) {
	e := newEnv(t)
	tok := e.login("admin").Access
	p := e.waitingProvider("credits@example.com", model.RolePlanner, "Maison Crédit", "fr")
	path := "/api/admin/users/" + p.ID + "/credits"
	for _, tc := range []struct {
		name             string
		body             any
		status           int
		code             string
		field, fieldCode string
	}{
		{"no amount", map[string]any{"reason": "gift"}, 422, "errors.validation", "amount", "validation.required"},
		{"an amount of zero", map[string]any{"amount": 0, "reason": "gift"}, 422, "errors.validation", "amount", "admin.validation.amount_invalid"},
		{"an amount over 1000", map[string]any{"amount": 1001, "reason": "gift"}, 422, "errors.validation", "amount", "admin.validation.amount_invalid"},
		{"an amount under -1000", map[string]any{"amount": -1001, "reason": "gift"}, 422, "errors.validation", "amount", "admin.validation.amount_invalid"},
		{"a fractional amount", `{"amount": 1.5, "reason": "gift"}`, 400, "errors.malformed_json", "amount", "validation.invalid_type"},
		{"an amount as a string", `{"amount": "5", "reason": "gift"}`, 400, "errors.malformed_json", "amount", "validation.invalid_type"},
		{"no reason", map[string]any{"amount": 5}, 422, "errors.validation", "reason", "validation.required"},
		{"a blank reason", map[string]any{"amount": 5, "reason": "   "}, 422, "errors.validation", "reason", "validation.required"},
		{"a reason over 255 characters", map[string]any{"amount": 5, "reason": strings.Repeat("é", 256)}, 422, "errors.validation", "reason", "admin.validation.credit_reason_too_long"},
		{"an unknown field", map[string]any{"amount": 5, "reason": "gift", "free": true}, 400, "errors.malformed_json", "free", "validation.unknown_field"},
		{"a withdrawal below zero", map[string]any{"amount": -1, "reason": "oops"}, 409, "admin.errors.insufficient_credits", "amount", "admin.errors.insufficient_credits"},
	} {
		t.Run(tc.name+" is refused and writes nothing", func(t *testing.T) {
			e.refused(t, req{method: "POST", path: path, token: tok, body: tc.body}, tc.status, tc.code, tc.field, tc.fieldCode)
		})
	}
	t.Run("an unknown user and an admin are not found", func(t *testing.T) {
		for _, id := range []string{model.NewID(), e.users["admin"].ID} {
			e.refused(t, req{method: "POST", path: "/api/admin/users/" + id + "/credits", token: tok, body: map[string]any{"amount": 5, "reason": "gift"}},
				404, "admin.errors.user_not_found", "", "")
		}
	})

	adjust := func(amount int, reason string) resp {
		return e.do(req{method: "POST", path: path, token: tok, body: map[string]any{"amount": amount, "reason": reason}})
	}
	t.Run("a deposit and a withdrawal each write one ledger row and answer the balance", func(t *testing.T) {
		r := adjust(8, "  Geste commercial ")
		if r.status != 200 || r.json(t)["credits"] != float64(8) {
			t.Fatalf("%d %s", r.status, r.body)
		}
		r = adjust(-3, "Correction")
		if r.status != 200 || r.json(t)["credits"] != float64(5) {
			t.Fatalf("%d %s", r.status, r.body)
		}
		logs, err := e.store.ListCreditLogs(context.Background(), p.ID)
		if err != nil || len(logs) != 2 {
			t.Fatalf("%v %+v", err, logs)
		}
		got := []string{}
		for _, l := range logs {
			got = append(got, fmt.Sprintf("%s +%d -%d", l.Description, l.Deposited, l.Withdrawn))
		}
		if diff := cmp.Diff([]string{"Correction +0 -3", "Geste commercial +8 -0"}, got); diff != "" {
			t.Errorf("ledger (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]string{"credits.adjust", "credits.adjust"}, e.auditRows(p.ID)); diff != "" {
			t.Errorf("audit (-want +got):\n%s", diff)
		}
		var details string
		_ = e.store.DB().QueryRow(`SELECT details FROM audit_log WHERE target_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`, p.ID).Scan(&details)
		var d map[string]any
		if err := json.Unmarshal([]byte(details), &d); err != nil || d["amount"] != float64(-3) || d["reason"] != "Correction" || d["balance"] != float64(5) {
			t.Errorf("details %s", details)
		}
	})
	t.Run("20 concurrent withdrawals of one credit from 5 leave exactly 0", func(t *testing.T) {
		var wg sync.WaitGroup
		var mu sync.Mutex
		statuses := map[int]int{}
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := adjust(-1, "Concurrent")
				mu.Lock()
				statuses[r.status]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if diff := cmp.Diff(map[int]int{200: 5, 409: 15}, statuses); diff != "" {
			t.Errorf("statuses (-want +got):\n%s", diff)
		}
		u, _ := e.store.GetUser(context.Background(), p.ID)
		ledger, _ := e.store.GetLedgerBalance(context.Background(), p.ID)
		if u.Credits != 0 || ledger != 0 {
			t.Errorf("balance %d, ledger %d, want 0", u.Credits, ledger)
		}
		if n := len(e.auditRows(p.ID)); n != 7 {
			t.Errorf("%d audit rows, want 2 + 5", n)
		}
	})
}

func TestAdminSiretVerify(t *testing.T) {
	e := newEnv(t)
	tok := e.login("admin").Access
	p := e.waitingProvider("siret@example.com", model.RolePlanner, "Maison Siret", "fr")
	path := "/api/admin/users/" + p.ID + "/siret-verify"
	t.Run("bad input is refused and writes nothing", func(t *testing.T) {
		e.refused(t, req{method: "POST", path: path, token: tok, body: map[string]any{}}, 422, "errors.validation", "isActive", "validation.required")
		e.refused(t, req{method: "POST", path: path, token: tok, body: `{"isActive": "yes"}`}, 400, "errors.malformed_json", "isActive", "validation.invalid_type")
		e.refused(t, req{method: "POST", path: "/api/admin/users/" + model.NewID() + "/siret-verify", token: tok, body: map[string]any{"isActive": true}}, 404, "admin.errors.user_not_found", "", "")
		e.refused(t, req{method: "POST", path: "/api/admin/users/" + e.users["planner"].ID + "/siret-verify", token: tok, body: map[string]any{"isActive": true}}, 409, "admin.errors.not_onboarded", "", "")
	})
	for _, tc := range []struct {
		active bool
		want   string
	}{{true, "active"}, {false, "inactive"}} {
		t.Run("isActive "+fmt.Sprint(tc.active)+" sets the status "+tc.want, func(t *testing.T) {
			r := e.do(req{method: "POST", path: path, token: tok, body: map[string]any{"isActive": tc.active}})
			if r.status != 200 || r.json(t)["siretStatus"] != tc.want {
				t.Fatalf("%d %s", r.status, r.body)
			}
			c, _ := e.store.GetCompany(context.Background(), p.ID)
			if c.SiretStatus != tc.want {
				t.Errorf("stored %q", c.SiretStatus)
			}
		})
	}
	if diff := cmp.Diff([]string{"siret.verify", "siret.verify"}, e.auditRows(p.ID)); diff != "" {
		t.Errorf("audit (-want +got):\n%s", diff)
	}
}

// adminReview inserts a review of provider.
func (e *env) adminReview(providerID, reviewer string, created time.Time) string {
	e.t.Helper()
	id := model.NewID()
	_, err := e.store.DB().Exec(`INSERT INTO reviews (id, provider_id, rating, title, body, reviewer_name, reviewer_type, wedding_date, email_key, status, created_at)
		VALUES ($1, $2, 4, 'Très bien', 'Une équipe attentive', $3, 'couple', '2026-06-20', $4, 'pending', $5)`,
		id, providerID, reviewer, strings.ToLower(reviewer)+"@example.com", created)
	if err != nil {
		e.t.Fatal(err)
	}
	return id
}

func TestAdminReviews(t *testing.T) {
	e := newEnv(t)
	tok := e.login("admin").Access
	p := e.waitingProvider("reviewed@example.com", model.RolePlanner, "Maison Avis", "it")
	second := e.adminReview(p.ID, "Marco", e.clock.Now().Add(time.Hour))
	first := e.adminReview(p.ID, "Giulia", e.clock.Now())

	t.Run("pending reviews by default, oldest first, with their provider", func(t *testing.T) {
		r := e.do(req{method: "GET", path: "/api/admin/reviews", token: tok})
		body := r.json(t)
		items := body["items"].([]any)
		if r.status != 200 || body["total"] != float64(2) || len(items) != 2 || body["pageSize"] != float64(25) {
			t.Fatalf("%d %s", r.status, r.body)
		}
		got := items[0].(map[string]any)
		want := map[string]any{"id": first, "providerId": p.ID, "providerName": "Maison Avis", "providerEmail": "reviewed@example.com",
			"rating": float64(4), "title": "Très bien", "body": "Une équipe attentive", "reviewerName": "Giulia", "reviewerType": "couple",
			"weddingDate": "2026-06-20", "photoUrl": "", "status": "pending", "createdAt": e.clock.Now().Format(time.RFC3339), "moderatedAt": nil,
			"verified": false, "reply": "", "replyHidden": false}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
	})
	t.Run("an unknown status is refused", func(t *testing.T) {
		e.refused(t, req{method: "GET", path: "/api/admin/reviews?status=spam", token: tok}, 422, "errors.validation", "status", "admin.validation.review_status_invalid")
	})
	t.Run("unknown reviews are not found", func(t *testing.T) {
		for _, action := range []string{"approve", "reject"} {
			e.refused(t, req{method: "POST", path: "/api/admin/reviews/" + model.NewID() + "/" + action, token: tok}, 404, "admin.errors.review_not_found", "", "")
		}
	})
	t.Run("an approval publishes the review and e-mails the provider in its language", func(t *testing.T) {
		r := e.do(req{method: "POST", path: "/api/admin/reviews/" + first + "/approve", token: tok})
		body := r.json(t)
		if r.status != 200 || body["status"] != "approved" || body["moderatedAt"] != e.clock.Now().Format(time.RFC3339) {
			t.Fatalf("%d %s", r.status, r.body)
		}
		mails := e.outbox("reviewed@example.com")
		if len(mails) != 1 || mails[0].Subject != e.server.Texts.T("it", "email.review_received.subject") ||
			!strings.Contains(mails[0].BodyText, e.server.Hosts.ProURL("it", "/reviews")) {
			t.Errorf("e-mail %+v", mails)
		}
		approved := e.do(req{method: "GET", path: "/api/admin/reviews?status=approved", token: tok}).json(t)
		pending := e.do(req{method: "GET", path: "/api/admin/reviews?status=pending", token: tok}).json(t)
		if approved["total"] != float64(1) || pending["total"] != float64(1) || pending["items"].([]any)[0].(map[string]any)["id"] != second {
			t.Errorf("approved %v, pending %v", approved["total"], pending["total"])
		}
	})
	t.Run("approving twice is a conflict and writes nothing", func(t *testing.T) {
		e.refused(t, req{method: "POST", path: "/api/admin/reviews/" + first + "/approve", token: tok}, 409, "admin.errors.review_already_approved", "", "")
		if n := len(e.outbox("reviewed@example.com")); n != 1 {
			t.Errorf("%d e-mails", n)
		}
	})
	t.Run("a rejection withdraws it, once", func(t *testing.T) {
		r := e.do(req{method: "POST", path: "/api/admin/reviews/" + first + "/reject", token: tok})
		if r.status != 200 || r.json(t)["status"] != "rejected" {
			t.Fatalf("%d %s", r.status, r.body)
		}
		e.refused(t, req{method: "POST", path: "/api/admin/reviews/" + first + "/reject", token: tok}, 409, "admin.errors.review_already_rejected", "", "")
		if n := len(e.outbox("reviewed@example.com")); n != 1 {
			t.Errorf("a rejection sent an e-mail: %d", n)
		}
	})
	if diff := cmp.Diff([]string{"review.approve", "review.reject"}, e.auditRows(first)); diff != "" {
		t.Errorf("audit (-want +got):\n%s", diff)
	}
}

func validAlert() map[string]any {
	return map[string]any{"type": "planner", "isActive": true, "title": "Offre de printemps",
		"description": "-20 % sur les packs de crédits", "buttonText": "J'en profite", "buttonLink": "/credits"}
}

func TestAdminPromotionalAlerts(t *testing.T) {
	e := newEnv(t)
	tok := e.login("admin").Access
	planner := e.login("planner").Access
	for _, tc := range []struct {
		name             string
		body             map[string]any
		field, fieldCode string
	}{
		{"an unknown type", with(validAlert(), "type", "couple"), "type", "validation.audience_invalid"},
		{"no title", with(validAlert(), "title", nil), "title", "validation.required"},
		{"a one-letter title", with(validAlert(), "title", " A "), "title", "admin.validation.title_length"},
		{"a 121-character title", with(validAlert(), "title", strings.Repeat("t", 121)), "title", "admin.validation.title_length"},
		{"no description", with(validAlert(), "description", "  "), "description", "validation.required"},
		{"a description over 1000 characters", with(validAlert(), "description", strings.Repeat("d", 1001)), "description", "admin.validation.description_too_long"},
		{"a javascript link", with(validAlert(), "buttonLink", "javascript:alert(1)"), "buttonLink", "admin.validation.link_invalid"},
		{"a plain http link", with(validAlert(), "buttonLink", "http://example.com/promo"), "buttonLink", "admin.validation.link_invalid"},
		{"a protocol-relative link", with(validAlert(), "buttonLink", "//evil.example.com/x"), "buttonLink", "admin.validation.link_invalid"},
		{"a link with a backslash", with(validAlert(), "buttonLink", "/\\evil.example.com"), "buttonLink", "admin.validation.link_invalid"},
		{"a relative link without a slash", with(validAlert(), "buttonLink", "credits"), "buttonLink", "admin.validation.link_invalid"},
		{"a button text without a link", with(validAlert(), "buttonLink", ""), "buttonLink", "validation.required"},
		{"a link without a button text", with(validAlert(), "buttonText", ""), "buttonText", "validation.required"},
		{"a 61-character button text", with(validAlert(), "buttonText", strings.Repeat("b", 61)), "buttonText", "admin.validation.button_text_too_long"},
	} {
		t.Run(tc.name+" is refused and writes nothing", func(t *testing.T) {
			e.refused(t, req{method: "POST", path: "/api/admin/promotional-alerts", token: tok, body: tc.body}, 422, "errors.validation", tc.field, tc.fieldCode)
		})
	}

	create := func(body map[string]any) map[string]any {
		t.Helper()
		r := e.do(req{method: "POST", path: "/api/admin/promotional-alerts", token: tok, body: body})
		if r.status != 201 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		return r.json(t)
	}
	active := func(typ string) map[string]any {
		t.Helper()
		r := e.do(req{method: "GET", path: "/api/marketing/promotional-alert/active?type=" + typ, token: planner})
		if string(r.body) == "null\n" {
			return nil
		}
		return r.json(t)
	}
	first := create(validAlert())
	if first["type"] != "planner" || first["isActive"] != true || first["buttonLink"] != "/credits" || first["id"] == "" {
		t.Errorf("created %v", first)
	}
	venue := create(with(with(validAlert(), "type", "venue"), "buttonLink", "https://noces.example/venues?x=1"))
	second := create(with(validAlert(), "title", "  Offre d'été  "))

	t.Run("activating one deactivates the others of its type only", func(t *testing.T) {
		r := e.do(req{method: "GET", path: "/api/admin/promotional-alerts", token: tok})
		items := r.json(t)["items"].([]any)
		state := map[string]bool{}
		for _, it := range items {
			m := it.(map[string]any)
			state[m["id"].(string)] = m["isActive"].(bool)
		}
		want := map[string]bool{first["id"].(string): false, venue["id"].(string): true, second["id"].(string): true}
		if diff := cmp.Diff(want, state); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
		if items[0].(map[string]any)["id"] != second["id"] {
			t.Error("not newest first")
		}
		if a := active("planner"); a["title"] != "Offre d'été" {
			t.Errorf("the dashboard shows %v", a)
		}
	})
	t.Run("an update replaces the fields and may re-activate an old one", func(t *testing.T) {
		e.clock.Advance(time.Minute)
		body := with(with(validAlert(), "title", "Offre de printemps 2"), "buttonLink", "https://example.com/a")
		r := e.do(req{method: "PUT", path: "/api/admin/promotional-alerts/" + first["id"].(string), token: tok, body: body})
		got := r.json(t)
		if r.status != 200 || got["title"] != "Offre de printemps 2" || got["isActive"] != true || got["createdAt"] == got["updatedAt"] {
			t.Fatalf("%d %s", r.status, r.body)
		}
		if a := active("planner"); a["title"] != "Offre de printemps 2" {
			t.Errorf("the dashboard shows %v", a)
		}
		r = e.do(req{method: "PUT", path: "/api/admin/promotional-alerts/" + first["id"].(string), token: tok, body: with(validAlert(), "isActive", false)})
		if r.status != 200 || active("planner") != nil {
			t.Errorf("after deactivation: %d, active %v", r.status, active("planner"))
		}
	})
	t.Run("bad updates and unknown ids are refused", func(t *testing.T) {
		e.refused(t, req{method: "PUT", path: "/api/admin/promotional-alerts/" + first["id"].(string), token: tok, body: with(validAlert(), "title", "")}, 422, "errors.validation", "title", "validation.required")
		e.refused(t, req{method: "PUT", path: "/api/admin/promotional-alerts/" + model.NewID(), token: tok, body: validAlert()}, 404, "admin.errors.alert_not_found", "", "")
		e.refused(t, req{method: "DELETE", path: "/api/admin/promotional-alerts/" + model.NewID(), token: tok}, 404, "admin.errors.alert_not_found", "", "")
	})
	t.Run("delete", func(t *testing.T) {
		r := e.do(req{method: "DELETE", path: "/api/admin/promotional-alerts/" + venue["id"].(string), token: tok})
		if r.status != 204 || active("venue") != nil {
			t.Errorf("%d %s", r.status, r.body)
		}
	})
	id := first["id"].(string)
	if diff := cmp.Diff([]string{"alert.create", "alert.update", "alert.update"}, e.auditRows(id)); diff != "" {
		t.Errorf("audit (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"alert.create", "alert.delete"}, e.auditRows(venue["id"].(string))); diff != "" {
		t.Errorf("audit (-want +got):\n%s", diff)
	}
}

func validPopup() map[string]any {
	return map[string]any{"type": "venue", "isActive": true, "title": "Nouveau : les visites virtuelles",
		"description": "<p>Montrez votre lieu <strong>en 360°</strong>.</p>", "imageUrl": "https://cdn.example.com/360.jpg",
		"buttonText": "Découvrir", "buttonLink": "/venues"}
}

func TestAdminPromotionalPopups(t *testing.T) {
	e := newEnv(t)
	tok := e.login("admin").Access
	venue := e.login("venue").Access
	for _, tc := range []struct {
		name             string
		body             map[string]any
		field, fieldCode string
	}{
		{"an unknown type", with(validPopup(), "type", ""), "type", "validation.audience_invalid"},
		{"a one-letter title", with(validPopup(), "title", "x"), "title", "admin.validation.title_length"},
		{"no description", with(validPopup(), "description", nil), "description", "validation.required"},
		{"a description that is only a script", with(validPopup(), "description", "<script>alert(1)</script>"), "description", "validation.required"},
		{"an http image", with(validPopup(), "imageUrl", "http://cdn.example.com/a.jpg"), "imageUrl", "admin.validation.image_url_invalid"},
		{"a javascript image", with(validPopup(), "imageUrl", "javascript:alert(1)"), "imageUrl", "admin.validation.image_url_invalid"},
		{"a relative image", with(validPopup(), "imageUrl", "/media/a.jpg"), "imageUrl", "admin.validation.image_url_invalid"},
		{"a data link", with(validPopup(), "buttonLink", "data:text/html,<script>alert(1)</script>"), "buttonLink", "admin.validation.link_invalid"},
	} {
		t.Run(tc.name+" is refused and writes nothing", func(t *testing.T) {
			e.refused(t, req{method: "POST", path: "/api/admin/promotional-popups", token: tok, body: tc.body}, 422, "errors.validation", tc.field, tc.fieldCode)
		})
	}

	t.Run("the description's HTML is sanitised before it is saved", func(t *testing.T) {
		body := with(validPopup(), "description", `<p onclick="steal()">Bonjour <strong>à tous</strong> <a href="https://noces.example/offre" onmouseover="x()">voir</a></p>`+
			`<script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">bad</a><iframe src="https://evil.example"></iframe>`)
		r := e.do(req{method: "POST", path: "/api/admin/promotional-popups", token: tok, body: body})
		if r.status != 201 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		got := r.json(t)
		desc := got["description"].(string)
		for _, gone := range []string{"<script", "alert(1)", "onclick", "onmouseover", "onerror", "javascript:", "<iframe"} {
			if strings.Contains(desc, gone) {
				t.Errorf("%q survived: %s", gone, desc)
			}
		}
		for _, kept := range []string{"<p>", "<strong>à tous</strong>", `<a href="https://noces.example/offre"`, "voir</a>"} {
			if !strings.Contains(desc, kept) {
				t.Errorf("%q was lost: %s", kept, desc)
			}
		}
		stored, err := e.store.GetPopup(context.Background(), got["id"].(string))
		if err != nil || stored.DescriptionHTML != desc {
			t.Errorf("stored %q: %v", stored.DescriptionHTML, err)
		}
		if got["showOncePerUser"] != true {
			t.Error("showOncePerUser defaults to true")
		}
		shown := e.do(req{method: "GET", path: "/api/marketing/promotional-popup/active?type=venue", token: venue}).json(t)
		if shown["id"] != got["id"] || shown["description"] != desc {
			t.Errorf("the back-office shows %v", shown)
		}
	})
	t.Run("one active popup per type", func(t *testing.T) {
		planner := with(validPopup(), "type", "planner")
		r := e.do(req{method: "POST", path: "/api/admin/promotional-popups", token: tok, body: planner})
		newer := e.do(req{method: "POST", path: "/api/admin/promotional-popups", token: tok, body: with(validPopup(), "showOncePerUser", false)})
		if r.status != 201 || newer.status != 201 || newer.json(t)["showOncePerUser"] != false {
			t.Fatalf("%d %d %s", r.status, newer.status, newer.body)
		}
		items := e.do(req{method: "GET", path: "/api/admin/promotional-popups", token: tok}).json(t)["items"].([]any)
		active := map[string]int{}
		for _, it := range items {
			if m := it.(map[string]any); m["isActive"] == true {
				active[m["type"].(string)]++
			}
		}
		if len(items) != 3 || active["venue"] != 1 || active["planner"] != 1 {
			t.Errorf("%d popups, active %v", len(items), active)
		}
		shown := e.do(req{method: "GET", path: "/api/marketing/promotional-popup/active?type=venue", token: venue}).json(t)
		if shown["id"] != newer.json(t)["id"] {
			t.Errorf("the newest activation is not the one shown")
		}
	})
	t.Run("update, delete and unknown ids", func(t *testing.T) {
		created := e.do(req{method: "POST", path: "/api/admin/promotional-popups", token: tok, body: with(validPopup(), "isActive", false)}).json(t)
		id := created["id"].(string)
		r := e.do(req{method: "PUT", path: "/api/admin/promotional-popups/" + id, token: tok,
			body: with(with(validPopup(), "imageUrl", ""), "description", "<p>Nouveau <em>texte</em><script>x</script></p>")})
		got := r.json(t)
		if r.status != 200 || got["imageUrl"] != "" || got["description"] != "<p>Nouveau <em>texte</em></p>" || got["isActive"] != true || got["showOncePerUser"] != true {
			t.Fatalf("%d %s", r.status, r.body)
		}
		e.refused(t, req{method: "PUT", path: "/api/admin/promotional-popups/" + id, token: tok, body: with(validPopup(), "imageUrl", "ftp://x")}, 422, "errors.validation", "imageUrl", "admin.validation.image_url_invalid")
		e.refused(t, req{method: "PUT", path: "/api/admin/promotional-popups/" + model.NewID(), token: tok, body: validPopup()}, 404, "admin.errors.popup_not_found", "", "")
		if r := e.do(req{method: "DELETE", path: "/api/admin/promotional-popups/" + id, token: tok}); r.status != 204 {
			t.Errorf("delete: %d %s", r.status, r.body)
		}
		e.refused(t, req{method: "DELETE", path: "/api/admin/promotional-popups/" + id, token: tok}, 404, "admin.errors.popup_not_found", "", "")
		if diff := cmp.Diff([]string{"popup.create", "popup.update", "popup.delete"}, e.auditRows(id)); diff != "" {
			t.Errorf("audit (-want +got):\n%s", diff)
		}
	})
}

func TestAdminAuditLog(t *testing.T) {
	e := newEnv(t)
	tok := e.login("admin").Access
	p := e.waitingProvider("audited@example.com", model.RolePlanner, "Maison Audit", "fr")
	if r := e.do(req{method: "POST", path: "/api/admin/users/" + p.ID + "/credits", token: tok, body: map[string]any{"amount": 3, "reason": "Bienvenue"}}); r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	e.clock.Advance(time.Second)
	alert := e.do(req{method: "POST", path: "/api/admin/promotional-alerts", token: tok, body: validAlert()}).json(t)
	e.clock.Advance(time.Second)
	for i := range 50 {
		r := e.do(req{method: "POST", path: "/api/admin/users/" + p.ID + "/siret-verify", token: tok, body: map[string]any{"isActive": i%2 == 0}})
		if r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
	}

	r := e.do(req{method: "GET", path: "/api/admin/audit-log", token: tok})
	body := r.json(t)
	items := body["items"].([]any)
	if r.status != 200 || body["total"] != float64(52) || len(items) != 50 || body["pageSize"] != float64(50) {
		t.Fatalf("%d total %v, %d items", r.status, body["total"], len(items))
	}
	newest := items[0].(map[string]any)
	if newest["action"] != "siret.verify" || newest["actorId"] != e.users["admin"].ID || newest["actorEmail"] != "admin@example.com" ||
		newest["targetId"] != p.ID || newest["targetEmail"] != "audited@example.com" || newest["details"] != `{"siretStatus":"inactive"}` {
		t.Errorf("newest %v", newest)
	}
	older := e.do(req{method: "GET", path: "/api/admin/audit-log?page=2", token: tok}).json(t)["items"].([]any)
	if len(older) != 2 {
		t.Fatalf("page 2 has %d items", len(older))
	}
	a, c := older[0].(map[string]any), older[1].(map[string]any)
	if a["action"] != "alert.create" || a["targetId"] != alert["id"] || a["targetEmail"] != nil {
		t.Errorf("an alert is not a user: %v", a)
	}
	if c["action"] != "credits.adjust" || c["targetEmail"] != "audited@example.com" || !strings.Contains(c["details"].(string), `"reason":"Bienvenue"`) {
		t.Errorf("oldest %v", c)
	}
}

func TestAdminOverview(t *testing.T) {
	e := newEnv(t)
	tok := e.login("admin").Access
	overview := func() map[string]any {
		t.Helper()
		r := e.do(req{method: "GET", path: "/api/admin/overview?days=7&tz=Europe/Lisbon", token: tok})
		if r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		return r.json(t)
	}
	before := overview()
	e.waitingProvider("waiting@example.com", model.RolePlanner, "Maison Attente", "fr")
	body := overview()
	if body["days"] != float64(7) || body["timeZone"] != "Europe/Lisbon" ||
		body["awaitingModeration"] != before["awaitingModeration"].(float64)+1 {
		t.Errorf("overview %v", body)
	}
	series := body["series"].([]any)
	today := e.clock.Now().In(time.FixedZone("", 0)).Format(time.DateOnly)
	if len(series) != 7 || series[6].(map[string]any)["date"] != today {
		t.Errorf("series %v", series)
	}
	// The waiting provider registered today.
	newProviders := func(o map[string]any) any { return o["total"].(map[string]any)["newProviders"] }
	if newProviders(body) != newProviders(before).(float64)+1 || body["total"].(map[string]any)["date"] != "" {
		t.Errorf("total %v, before %v", body["total"], before["total"])
	}
	if d := e.do(req{method: "GET", path: "/api/admin/overview", token: tok}).json(t); d["days"] != float64(30) || d["timeZone"] != "UTC" {
		t.Errorf("defaults %v", d)
	}

	for _, tc := range []struct{ query, field, code string }{
		{"days=14", "days", "admin.overview.errors.period"},
		{"days=thirty", "days", "admin.overview.errors.period"},
		{"tz=Mars/Olympus", "tz", "admin.overview.errors.time_zone"},
		{"tz=" + strings.Repeat("A", 65), "tz", "admin.overview.errors.time_zone"},
	} {
		t.Run(tc.query, func(t *testing.T) {
			e.refused(t, req{method: "GET", path: "/api/admin/overview?" + tc.query, token: tok}, 422, "errors.validation", tc.field, tc.code)
		})
	}
}
