package httpapi

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"noces/internal/model"
)

var conversationLink = regexp.MustCompile(`/c/([A-Za-z0-9_-]{43})`)

// TestConversationsAPIAndPage runs a conversation through the API and the
// couple's page: send, the e-mail's link, the page's headers and read
// marks, the answer, the unread counts, the outcome in the request JSON, and
// another provider's 404s.
func TestConversationsAPIAndPage(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	planner := e.users["planner"]
	ids := e.sendRequests(planner.ID, 2)
	if _, err := e.store.UnlockEventRequest(ctx, planner.ID, ids[0], e.clock.Now()); err != nil {
		t.Fatal(err)
	}
	s := e.login("planner")
	base := "/api/event-requests/" + ids[0] + "/messages"

	if r := e.do(req{method: "POST", path: base, token: s.Access, body: map[string]string{"body": "  "},
		headers: map[string]string{"Accept-Language": "fr"}}); r.status != 422 || !strings.Contains(string(r.body), `"body":"conversation.errors.body_required"`) {
		t.Errorf("empty message: %d %s", r.status, r.body)
	}
	if r := e.do(req{method: "POST", path: "/api/event-requests/" + ids[1] + "/messages", token: s.Access, body: map[string]string{"body": "Hi"}}); r.status != 403 {
		t.Errorf("locked request: %d %s", r.status, r.body)
	}
	r := e.do(req{method: "POST", path: base, token: s.Access, body: map[string]string{"body": "Bonjour Inès <b>!</b>"}})
	if r.status != 201 {
		t.Fatalf("send: %d %s", r.status, r.body)
	}
	var outbox string
	if err := e.store.DB().QueryRow(`SELECT o.body_text FROM messages m JOIN outbox o ON o.id = m.outbox_id`).Scan(&outbox); err != nil {
		t.Fatal(err)
	}
	m := conversationLink.FindStringSubmatch(outbox)
	if m == nil {
		t.Fatalf("no link in %q", outbox)
	}
	page := "/c/" + m[1]
	pub := map[string]string{"Host": "fr.localhost"}

	got := e.do(req{method: "GET", path: page, headers: pub})
	if got.status != 200 || got.header.Get("Referrer-Policy") != "same-origin" || !strings.Contains(got.header.Get("Cache-Control"), "no-store") ||
		!strings.Contains(got.header.Get("X-Robots-Tag"), "noindex") {
		t.Fatalf("page: %d %v", got.status, got.header)
	}
	body := string(got.body)
	// Opening is not reading (conversation_read_test.go): the page's script
	// marks the message read.
	if !strings.Contains(body, "Bonjour Inès &lt;b&gt;!&lt;/b&gt;") || strings.Contains(body, "<b>!</b>") || strings.Contains(body, "Lu le ") {
		t.Errorf("the message is not escaped or marked read by opening:\n%s", body)
	}
	// A post from another site is refused and writes nothing.
	form := url.Values{"body": {"Forged"}}.Encode()
	if r := e.do(req{method: "POST", path: page, body: form, contentType: "application/x-www-form-urlencoded",
		headers: map[string]string{"Host": "fr.localhost", "Origin": "https://evil.example"}}); r.status != http.StatusForbidden {
		t.Errorf("cross-site post: %d", r.status)
	}
	// An empty answer comes back in French.
	if r := e.do(req{method: "POST", path: page, body: url.Values{"body": {" "}}.Encode(), contentType: "application/x-www-form-urlencoded",
		headers: pub}); r.status != 422 || !strings.Contains(string(r.body), "Écrivez un message.") {
		t.Errorf("empty answer: %d", r.status)
	}
	if r := e.do(req{method: "POST", path: page, body: url.Values{"body": {"Merci !"}}.Encode(), contentType: "application/x-www-form-urlencoded",
		headers: pub}); r.status != http.StatusSeeOther {
		t.Fatalf("answer: %d %s", r.status, r.body)
	}

	list := e.do(req{method: "GET", path: "/api/event-requests", token: s.Access}).json(t)
	if list["unreadMessages"] != float64(1) {
		t.Errorf("unread %v, want 1", list["unreadMessages"])
	}
	for _, it := range list["eventRequests"].([]any) {
		item := it.(map[string]any)
		want := float64(0)
		if item["uuid"] == ids[0] {
			want = 1
		}
		if item["unreadMessages"] != want {
			t.Errorf("row %v unread %v", item["uuid"], item["unreadMessages"])
		}
	}
	msgs := e.do(req{method: "GET", path: base, token: s.Access}).json(t)
	if items := msgs["messages"].([]any); len(items) != 2 || items[1].(map[string]any)["sender"] != "couple" || msgs["canWrite"] != true {
		t.Errorf("messages %v", msgs)
	}
	if list := e.do(req{method: "GET", path: "/api/event-requests", token: s.Access}).json(t); list["unreadMessages"] != float64(0) {
		t.Errorf("unread after reading: %v", list["unreadMessages"])
	}

	// The couple closes: booked with this provider, in the request JSON.
	if r := e.do(req{method: "POST", path: page + "/close", body: url.Values{"outcome": {model.ProjectOutcomeBookedProvider}}.Encode(),
		contentType: "application/x-www-form-urlencoded", headers: pub}); r.status != http.StatusSeeOther {
		t.Fatalf("close: %d", r.status)
	}
	d := e.do(req{method: "GET", path: "/api/event-requests/" + ids[0], token: s.Access}).json(t)
	if d["outcome"] != model.ProjectOutcomeBookedProvider || d["bookedThisProvider"] != true || d["outcomeAt"] == nil {
		t.Errorf("detail outcome %v %v %v", d["outcome"], d["bookedThisProvider"], d["outcomeAt"])
	}

	// Another provider: 404 for the conversation and the templates.
	other := e.addUser("other", model.RolePlanner)
	_ = other
	o := e.login("other")
	for _, method := range []string{"GET", "POST"} {
		if r := e.do(req{method: method, path: base, token: o.Access, body: map[string]string{"body": "Hi"}}); r.status != 404 {
			t.Errorf("%s another's messages: %d", method, r.status)
		}
	}
	tpl := e.do(req{method: "POST", path: "/api/reply-templates", token: s.Access, body: map[string]string{"name": "Hello", "body": "Hello {firstname}"}})
	if tpl.status != 201 {
		t.Fatalf("template: %d %s", tpl.status, tpl.body)
	}
	id := tpl.json(t)["id"].(string)
	if r := e.do(req{method: "PUT", path: "/api/reply-templates/" + id, token: o.Access, body: map[string]string{"name": "x", "body": "y"}}); r.status != 404 {
		t.Errorf("PUT another's template: %d", r.status)
	}
	if r := e.do(req{method: "DELETE", path: "/api/reply-templates/" + id, token: o.Access}); r.status != 404 {
		t.Errorf("DELETE another's template: %d", r.status)
	}
	if l := e.do(req{method: "GET", path: "/api/reply-templates", token: o.Access}).json(t); len(l["templates"].([]any)) != 0 {
		t.Errorf("another sees %v", l)
	}
	if r := e.do(req{method: "PUT", path: "/api/reply-templates/" + id, token: s.Access, body: map[string]string{"name": "Hi", "body": "Hi {city}"}}); r.status != 200 {
		t.Errorf("PUT: %d %s", r.status, r.body)
	}
	if r := e.do(req{method: "DELETE", path: "/api/reply-templates/" + id, token: s.Access}); r.status != 204 {
		t.Errorf("DELETE: %d", r.status)
	}

	// Stopping: the link opens nothing any more.
	if r := e.do(req{method: "POST", path: page + "/stop", body: "", contentType: "application/x-www-form-urlencoded", headers: pub}); r.status != 200 {
		t.Errorf("stop: %d", r.status)
	}
	if r := e.do(req{method: "GET", path: page, headers: pub}); r.status != 404 {
		t.Errorf("a stopped link: %d", r.status)
	}
}

// The test server's conversations schedule refunds as the app's do: a
// provider's first message queues the check that gives the credit back
// if the couple never opens it.
func TestAFirstMessageQueuesItsRefundCheck(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	planner := e.users["planner"]
	id := e.sendRequests(planner.ID, 1)[0]
	if _, err := e.store.UnlockEventRequest(t.Context(), planner.ID, id, e.clock.Now()); err != nil {
		t.Fatal(err)
	}
	s := e.login("planner")
	if r := e.do(req{method: "POST", path: "/api/event-requests/" + id + "/messages", token: s.Access, body: map[string]string{"body": "Bonjour"}}); r.status != 201 {
		t.Fatalf("send: %d %s", r.status, r.body)
	}
	var n int
	if err := e.store.DB().QueryRowContext(t.Context(), `SELECT COUNT(*) FROM river_job WHERE kind = 'refund_check'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Errorf("%d refund checks queued by the first message, want 1", n)
	}
}
