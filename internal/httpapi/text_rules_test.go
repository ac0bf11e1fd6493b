package httpapi

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"noces/internal/model"
)

// A couple's project whose one-line fields hold a line break, a control
// character or a bidirectional override is refused at the door, the field
// named by its code and the message in the couple's language, and nothing
// is stored; a message's own line breaks are kept, as "\n".
func TestProjectFieldsRefuseLineBreaksAndInvisibleCharacters(t *testing.T) {
	e := newEnv(t)
	e.visiblePlanner("someone", 45.76, 4.84, false, 4, 4)
	cases := []struct {
		name, field string
		value       any
		code        string
	}{
		{"a header after the city", "eventLocationCity", "Lyon\r\nBcc: x@y", "validation.line_break"},
		{"a line feed in the place", "eventLocation", "Salle des fêtes\nBcc: x@y", "validation.line_break"},
		{"a tab in the theme", "weddingTheme", "Champêtre\tchic", "validation.control_characters"},
		{"an escape in the city", "eventLocationCity", "Ly\x1bon", "validation.control_characters"},
		{"a right-to-left override in the city", "eventLocationCity", "Lyon \u202enoyL", "validation.control_characters"},
		{"an isolate in the theme", "weddingTheme", "\u2066Bohème\u2069", "validation.control_characters"},
		{"a NUL in the message", "message", "Bonjour\x00", "validation.control_characters"},
		{"a right-to-left override in the message", "message", "Bonjour, signé \u202eanA", "validation.control_characters"},
		{"a right-to-left override in the first name", "firstname", "In\u202esè", "validation.name_characters"},
		{"a line break in the last name", "lastname", "Moreau\r\nBcc: x@y", "validation.name_characters"},
		{"an override in the e-mail address", "email", "ines\u202e@example.com", "validation.email_invalid"},
	}
	for _, lang := range []string{"en", "de", "es"} {
		for _, tc := range cases {
			t.Run(lang+": "+tc.name, func(t *testing.T) {
				before := e.counts()
				r := e.do(req{method: "POST", path: "/api/public/projects", body: with(projectFor(e.formToken()), tc.field, tc.value),
					headers: map[string]string{"Accept-Language": lang}})
				if r.status != 422 {
					t.Fatalf("%d %s", r.status, r.body)
				}
				body := r.json(t)
				if got := body["fields"].(map[string]any)[tc.field]; got != tc.code {
					t.Errorf("%s: %v, want %s (%s)", tc.field, got, tc.code, r.body)
				}
				if diff := cmp.Diff(before, e.counts()); diff != "" {
					t.Errorf("written:\n%s", diff)
				}
				if want := e.server.Texts.T(lang, "errors.validation"); body["message"] != want {
					t.Errorf("message %q, want %q", body["message"], want)
				}
			})
		}
	}
	t.Run("a message's CRLF is kept as a line break", func(t *testing.T) {
		r := e.do(req{method: "POST", path: "/api/public/projects",
			body: with(projectFor(e.formToken()), "message", "Bonjour,\r\nnous cherchons une organisation complète.\r\n")})
		if r.status != 201 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		var msg string
		if err := e.store.DB().QueryRow(`SELECT message FROM projects WHERE id = $1`, r.json(t)["uuid"]).Scan(&msg); err != nil {
			t.Fatal(err)
		}
		if msg != "Bonjour,\nnous cherchons une organisation complète." {
			t.Errorf("stored %q", msg)
		}
	})
}

// The same rules hold for what providers write: a one-line field of the
// company's address, and a message to a couple.
func TestProviderTextsRefuseLineBreaksAndOverrides(t *testing.T) {
	e := newEnv(t)
	s := e.newAccount("lines@example.com", model.RolePlanner)
	if r := e.do(req{method: "POST", path: "/api/onboarding/finish", token: s.Access, body: onboardingBodyFor("FR", "69002", "73282932000074")}); r.status != 201 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	r := e.do(req{method: "POST", path: "/api/company/address", token: s.Access, body: map[string]any{
		"zipcode": "69002", "city": "Lyon\r\nBcc: x@y", "countryCode": "FR", "latitude": 45.76, "longitude": 4.84}})
	if r.status != 422 || r.json(t)["fields"].(map[string]any)["city"] != "validation.line_break" {
		t.Errorf("a city with a line break: %d %s", r.status, r.body)
	}
	planner := e.users["planner"]
	ids := e.sendRequests(planner.ID, 1)
	if _, err := e.store.UnlockEventRequest(context.Background(), planner.ID, ids[0], e.clock.Now()); err != nil {
		t.Fatal(err)
	}
	tok := e.login("planner")
	r = e.do(req{method: "POST", path: "/api/event-requests/" + ids[0] + "/messages", token: tok.Access,
		body: map[string]string{"body": "Bonjour Inès, à bientôt. \u202eanluaP"}})
	if r.status != 422 || r.json(t)["fields"].(map[string]any)["body"] != "conversation.errors.body_invalid" {
		t.Errorf("a message with an override: %d %s", r.status, r.body)
	}
	var n int
	if err := e.store.DB().QueryRow(`SELECT COUNT(*) FROM messages`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d messages stored, %v", n, err)
	}
}
