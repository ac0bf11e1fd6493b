package httpapi

import (
	"net/http"
	"noces/internal/model"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestEveryRouteIsDocumented(t *testing.T) {
	e := newEnv(t)
	doc := e.server.Doc()
	routed := map[string]bool{}
	for _, pattern := range e.server.Routes() {
		method, path, ok := strings.Cut(pattern, " ")
		if !ok {
			t.Errorf("route %q has no method", pattern)
			continue
		}
		routed[method+" "+path] = true
		item := doc.Paths.Value(path)
		if item == nil || item.GetOperation(method) == nil {
			t.Errorf("route %s is missing from api/openapi.yaml", pattern)
		}
	}
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			if !routed[method+" "+path] {
				t.Errorf("api/openapi.yaml documents %s %s, which the server does not route", method, path)
			}
		}
	}
}

func TestSessionAndErrorScenarios(t *testing.T) {
	e := newEnv(t)
	planner := e.login("planner")
	admin := e.login("admin")
	big := `{"username":"` + strings.Repeat("a", 1<<20) + `","password":"x"}`

	tests := []struct {
		name       string
		req        req
		wantStatus int
		wantJSON   map[string]any // keys compared; others ignored
		writes     bool           // whether the request may change the database
	}{
		{name: "the process is alive", req: req{method: "GET", path: "/healthz"}, wantStatus: 200,
			wantJSON: map[string]any{"status": "ok"}},
		{name: "ready when the database answers", req: req{method: "GET", path: "/readyz"}, wantStatus: 200,
			wantJSON: map[string]any{"status": "ok", "database": "up"}},
		{name: "sign-in with the right pair", req: req{method: "POST", path: "/api/login_check",
			body: map[string]string{"username": "Planner@Example.com ", "password": testPassword}}, wantStatus: 200, writes: true},
		{name: "sign-in with a wrong password is refused in French by default", req: req{method: "POST", path: "/api/login_check",
			body: map[string]string{"username": "planner@example.com", "password": "Wrong-123!"}}, wantStatus: 401,
			wantJSON: map[string]any{"error": "errors.invalid_credentials", "message": "Identifiants invalides."}},
		{name: "an unknown e-mail gets the same answer", req: req{method: "POST", path: "/api/login_check",
			body: map[string]string{"username": "nobody@example.com", "password": testPassword}}, wantStatus: 401,
			wantJSON: map[string]any{"error": "errors.invalid_credentials"}},
		{name: "Accept-Language picks the message language", req: req{method: "POST", path: "/api/login_check",
			body: map[string]string{"username": "nobody@example.com", "password": "x"}, headers: map[string]string{"Accept-Language": "de-DE,de;q=0.9"}},
			wantStatus: 401, wantJSON: map[string]any{"message": "Ungültige Anmeldedaten."}},
		{name: "the locale cookie wins over Accept-Language", req: req{method: "POST", path: "/api/login_check",
			body:    map[string]string{"username": "nobody@example.com", "password": "x"},
			headers: map[string]string{"Accept-Language": "de", "Cookie": "locale=pt"}},
			wantStatus: 401, wantJSON: map[string]any{"message": "Credenciais inválidas."}},
		{name: "a domain's host gives its language", req: req{method: "POST", path: "/api/login_check",
			body: map[string]string{"username": "nobody@example.com", "password": "x"}, headers: map[string]string{"Host": "pro.it.localhost:8080"}},
			wantStatus: 401, wantJSON: map[string]any{"message": "Credenziali non valide."}},
		{name: "malformed JSON is a 400", req: req{method: "POST", path: "/api/login_check", body: `{"username":`},
			wantStatus: 400, wantJSON: map[string]any{"error": "errors.malformed_json"}},
		{name: "two JSON values are a 400", req: req{method: "POST", path: "/api/login_check", body: `{"username":"a","password":"b"} {}`},
			wantStatus: 400, wantJSON: map[string]any{"error": "errors.malformed_json"}},
		{name: "a field of the wrong type is a 400 naming the field", req: req{method: "POST", path: "/api/login_check",
			body: `{"username": 42, "password": "x"}`}, wantStatus: 400,
			wantJSON: map[string]any{"error": "errors.malformed_json", "fields": map[string]any{"username": "validation.invalid_type"}}},
		{name: "an unknown field is a 400 naming the field", req: req{method: "POST", path: "/api/login_check",
			body: `{"username": "a@b.c", "password": "x", "admin": true}`}, wantStatus: 400,
			wantJSON: map[string]any{"error": "errors.malformed_json", "fields": map[string]any{"admin": "validation.unknown_field"}}},
		{name: "a form body is a 415", req: req{method: "POST", path: "/api/login_check", body: "username=a&password=b",
			contentType: "application/x-www-form-urlencoded"}, wantStatus: 415,
			wantJSON: map[string]any{"error": "errors.unsupported_media_type"}},
		{name: "a body over 1 MiB is a 413", req: req{method: "POST", path: "/api/login_check", body: big}, wantStatus: 413,
			wantJSON: map[string]any{"error": "errors.payload_too_large"}},
		{name: "me without a token is a 401", req: req{method: "GET", path: "/api/me"}, wantStatus: 401,
			wantJSON: map[string]any{"error": "errors.unauthorized"}},
		{name: "me with a forged token is a 401", req: req{method: "GET", path: "/api/me", token: planner.Access + "x"}, wantStatus: 401,
			wantJSON: map[string]any{"error": "errors.unauthorized"}},
		{name: "me with a token answers the signed-in user", req: req{method: "GET", path: "/api/me", token: planner.Access}, wantStatus: 200,
			wantJSON: map[string]any{"email": "planner@example.com", "roles": []any{"ROLE_PRESTATAIRE"}, "credits": float64(0),
				"isPremium": false, "premiumStatus": "none", "impersonatorId": nil}},
		{name: "the outbox is for admins", req: req{method: "GET", path: "/api/admin/outbox", token: admin.Access}, wantStatus: 200},
		{name: "a planner cannot read the outbox", req: req{method: "GET", path: "/api/admin/outbox", token: planner.Access}, wantStatus: 403,
			wantJSON: map[string]any{"error": "errors.forbidden"}},
		{name: "an unknown API path is a JSON 404", req: req{method: "GET", path: "/api/no-such-thing"}, wantStatus: 404,
			wantJSON: map[string]any{"error": "errors.not_found", "message": "Introuvable."}},
		{name: "a known path with the wrong method is a JSON 405", req: req{method: "GET", path: "/api/login_check"}, wantStatus: 405,
			wantJSON: map[string]any{"error": "errors.method_not_allowed"}},
		{name: "a refresh token that was never issued is refused", req: req{method: "POST", path: "/api/token/refresh",
			body: map[string]string{"refresh_token": "made-up"}}, wantStatus: 401,
			wantJSON: map[string]any{"error": "errors.session_expired"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := e.counts()
			r := e.do(tc.req)
			if r.status != tc.wantStatus {
				t.Fatalf("status %d, want %d: %s", r.status, tc.wantStatus, r.body)
			}
			if tc.wantJSON != nil {
				got := r.json(t)
				for k, want := range tc.wantJSON {
					if diff := cmp.Diff(want, got[k]); diff != "" {
						t.Errorf("%s (-want +got):\n%s", k, diff)
					}
				}
			}
			if r.status >= 400 && r.header.Get("Content-Type") != "application/json; charset=utf-8" {
				t.Errorf("an error answered %q, want JSON", r.header.Get("Content-Type"))
			}
			if !tc.writes {
				if diff := cmp.Diff(before, e.counts()); diff != "" {
					t.Errorf("the request changed the database (-before +after):\n%s", diff)
				}
			}
		})
	}
}

func TestWrongMethodNamesTheAllowedOnes(t *testing.T) {
	e := newEnv(t)
	r := e.do(req{method: "DELETE", path: "/api/me"})
	if r.status != http.StatusMethodNotAllowed || r.header.Get("Allow") != "GET" {
		t.Errorf("got %d with Allow %q, want 405 with Allow GET", r.status, r.header.Get("Allow"))
	}
}

func TestRefreshTokensRotateAndAReplayRevokesTheFamily(t *testing.T) {
	e := newEnv(t)
	first := e.login("planner")
	refresh := func(token string) resp {
		return e.do(req{method: "POST", path: "/api/token/refresh", body: map[string]string{"refresh_token": token}})
	}
	r := refresh(first.Refresh)
	if r.status != 200 {
		t.Fatalf("first refresh: %d %s", r.status, r.body)
	}
	second := r.json(t)
	next, _ := second["refresh_token"].(string)
	if next == "" || next == first.Refresh {
		t.Fatalf("the refresh token was not rotated: %v", second)
	}
	// The old token again: a replay. It fails, and so does the new one now.
	if r := refresh(first.Refresh); r.status != 401 {
		t.Errorf("a spent refresh token answered %d, want 401", r.status)
	}
	if r := refresh(next); r.status != 401 {
		t.Errorf("after a replay the family must be revoked, but the newest token answered %d", r.status)
	}
	// Another sign-in is another family, untouched.
	other := e.login("planner")
	if r := refresh(other.Refresh); r.status != 200 {
		t.Errorf("an unrelated session was revoked: %d", r.status)
	}
}

func TestLogoutRevokesTheSession(t *testing.T) {
	e := newEnv(t)
	s := e.login("venue")
	if r := e.do(req{method: "POST", path: "/api/logout", body: map[string]string{"refresh_token": s.Refresh}}); r.status != 204 {
		t.Fatalf("logout: %d %s", r.status, r.body)
	}
	if r := e.do(req{method: "POST", path: "/api/token/refresh", body: map[string]string{"refresh_token": s.Refresh}}); r.status != 401 {
		t.Errorf("a logged-out refresh token answered %d, want 401", r.status)
	}
}

func TestAccessTokensExpireAfterFifteenMinutes(t *testing.T) {
	e := newEnv(t)
	s := e.login("planner")
	e.clock.Advance(14 * 60e9)
	if r := e.do(req{method: "GET", path: "/api/me", token: s.Access}); r.status != 200 {
		t.Fatalf("a 14-minute-old token answered %d", r.status)
	}
	e.clock.Advance(2 * 60e9)
	if r := e.do(req{method: "GET", path: "/api/me", token: s.Access}); r.status != 401 {
		t.Errorf("a 16-minute-old token answered %d, want 401", r.status)
	}
}

func TestAdminsReadTheOutboxAndResendAFailedMessage(t *testing.T) {
	e := newEnv(t)
	ctx := t.Context()
	rows := []model.OutboxMessage{
		{Recipient: "ana@example.com", State: model.OutboxSent, Attempts: 1},
		{Recipient: "bob@example.com", State: model.OutboxFailed, Attempts: 1, Permanent: true, Error: "550 5.1.1 No such user"},
		{Recipient: "ana@example.com", State: model.OutboxRetrying, Attempts: 3, Error: "421 try later"},
	}
	for i := range rows {
		m := &rows[i]
		m.ID, m.Channel, m.Subject, m.BodyText, m.CreatedAt = model.NewID(), model.ChannelEmail, "Hello "+m.Recipient, "text", e.clock.Now()
		if err := e.store.CreateOutboxMessage(ctx, *m); err != nil {
			t.Fatal(err)
		}
	}
	admin := e.login("admin")
	r := e.do(req{method: "GET", path: "/api/admin/outbox?to=ana@example.com", token: admin.Access})
	body := r.json(t)
	if r.status != 200 || body["total"] != float64(2) {
		t.Fatalf("%d %s", r.status, r.body)
	}
	r = e.do(req{method: "GET", path: "/api/admin/outbox?state=failed", token: admin.Access})
	body = r.json(t)
	if r.status != 200 || body["total"] != float64(1) {
		t.Fatalf("%d %s", r.status, r.body)
	}
	failed := body["items"].([]any)[0].(map[string]any)
	if failed["to"] != "bob@example.com" || failed["state"] != "failed" || failed["permanent"] != true ||
		failed["attempts"] != float64(1) || failed["error"] != "550 5.1.1 No such user" || failed["sentAt"] != nil {
		t.Errorf("the failed message: %v", failed)
	}
	if r := e.do(req{method: "GET", path: "/api/admin/outbox?state=lost", token: admin.Access}); r.status != 422 {
		t.Errorf("an unknown state answered %d", r.status)
	}

	// Only a failed message can be sent again, by an admin.
	planner := e.login("planner")
	if r := e.do(req{method: "POST", path: "/api/admin/outbox/" + rows[1].ID + "/resend", token: planner.Access}); r.status != 403 {
		t.Errorf("a planner resending answered %d", r.status)
	}
	for _, tc := range []struct {
		id     string
		status int
	}{{rows[0].ID, 409}, {rows[2].ID, 409}, {"no-such-message", 404}} {
		if r := e.do(req{method: "POST", path: "/api/admin/outbox/" + tc.id + "/resend", token: admin.Access}); r.status != tc.status {
			t.Errorf("resending %s answered %d, want %d", tc.id, r.status, tc.status)
		}
	}
	countJobs := func() int {
		var n int
		if err := e.store.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM river_job WHERE kind = 'outbox_deliver'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	jobsBefore := countJobs()
	r = e.do(req{method: "POST", path: "/api/admin/outbox/" + rows[1].ID + "/resend", token: admin.Access})
	again := r.json(t)
	if r.status != 200 || again["state"] != "queued" || again["attempts"] != float64(0) || again["permanent"] != false || again["error"] != "" {
		t.Fatalf("%d %s", r.status, r.body)
	}
	if r := e.do(req{method: "POST", path: "/api/admin/outbox/" + rows[1].ID + "/resend", token: admin.Access}); r.status != 409 {
		t.Errorf("resending a queued message answered %d", r.status)
	}
	if n := countJobs() - jobsBefore; n != 1 {
		t.Errorf("%d delivery jobs for the resent message, want 1", n)
	}
}

// A wrong method gets the API's JSON 405 and its Allow header wherever it
// lands: a back-office page and an operational path as much as an API route.
func TestWrongMethodIsOneJSON405Everywhere(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct{ path, allow string }{
		{"/dashboard", "GET, HEAD"},
		{"/healthz", "GET"},
		{"/readyz", "GET"},
		{"/metrics", "GET"},
		{"/api/me", "GET"},
	} {
		r := e.do(req{method: "PUT", path: tc.path})
		if r.status != http.StatusMethodNotAllowed || r.header.Get("Allow") != tc.allow {
			t.Errorf("%s: got %d with Allow %q, want 405 with Allow %q", tc.path, r.status, r.header.Get("Allow"), tc.allow)
			continue
		}
		if got := r.json(t)["error"]; got != "errors.method_not_allowed" {
			t.Errorf("%s: error %v, want errors.method_not_allowed", tc.path, got)
		}
	}
	// "/api" itself and an unknown API path are JSON 404s, whatever the method.
	for _, m := range []string{"GET", "DELETE"} {
		for _, p := range []string{"/api", "/api/nothing-here"} {
			if r := e.do(req{method: m, path: p}); r.status != http.StatusNotFound || r.json(t)["error"] != "errors.not_found" {
				t.Errorf("%s %s: %d %s", m, p, r.status, r.body)
			}
		}
	}
}
