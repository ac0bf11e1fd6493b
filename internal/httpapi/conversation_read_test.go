package httpapi

import (
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"noces/internal/emails"
	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/outbox/outboxtest"
	"noces/internal/refund"
	"noces/internal/store/storetest"
)

var inlineScript = regexp.MustCompile(`(?s)<script>(.*?)</script>`)

// readEnv is a planner's unlocked request (one credit spent) with its first
// message sent through the API, and the couple's page of it.
type readEnv struct {
	*env
	request, page string
	refunds       *refund.Service
}

func newReadEnv(t *testing.T) readEnv {
	t.Helper()
	e := newEnv(t)
	ctx := t.Context()
	planner := e.users["planner"]
	storetest.Must(t, e.store.AddCreditLog(ctx, model.CreditLog{ID: model.NewID(), UserID: planner.ID, CreatedAt: e.clock.Now(),
		Description: "test", Deposited: 1, Ref: sql.NullString{String: "t1", Valid: true}}))
	id := e.sendRequests(planner.ID, 1)[0]
	s := e.login("planner")
	if r := e.do(req{method: "POST", path: "/api/event-requests/" + id + "/unlock", token: s.Access}); r.status != 200 {
		t.Fatalf("unlock: %d %s", r.status, r.body)
	}
	if r := e.do(req{method: "POST", path: "/api/event-requests/" + id + "/messages", token: s.Access, body: map[string]string{"body": "Bonjour Inès"}}); r.status != 201 {
		t.Fatalf("send: %d %s", r.status, r.body)
	}
	var body string
	storetest.Must(t, e.store.DB().QueryRow(`SELECT o.body_text FROM messages m JOIN outbox o ON o.id = m.outbox_id`).Scan(&body))
	m := conversationLink.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no link in %q", body)
	}
	texts := i18n.MustLoad()
	renderer, err := emails.NewRenderer(texts)
	storetest.Must(t, err)
	refunds := refund.NewService(refund.Deps{Store: e.store, Clock: e.clock, Outbox: outboxtest.New(t, e.store, e.clock), Emails: renderer,
		Texts: texts, Links: e.server.Hosts, Log: slog.New(slog.DiscardHandler)})
	return readEnv{env: e, request: id, page: "/c/" + m[1], refunds: refunds}
}

func (e readEnv) readAt(t *testing.T) sql.NullTime {
	t.Helper()
	var at sql.NullTime
	storetest.Must(t, e.store.DB().QueryRow(`SELECT read_at FROM messages WHERE request_id = $1 AND sender = 'provider'`, e.request).Scan(&at))
	return at
}

// public are the headers of a request to the couple's domain, then pairs.
func public(kv ...string) map[string]string {
	h := map[string]string{"Host": "fr.localhost"}
	for i := 0; i+1 < len(kv); i += 2 {
		h[kv[i]] = kv[i+1]
	}
	return h
}

// A mail scanner fetches the link of the couple's e-mail (HEAD, a GET that
// runs no script, a post that does not come from the page): nothing is
// marked read, and 72 hours later the provider's credit comes back as for
// a message nobody opened.
func TestOpeningTheCouplesLinkIsNotReadingIt(t *testing.T) {
	e := newReadEnv(t)
	sent := e.clock.Now()

	if r := e.do(req{method: "HEAD", path: e.page, headers: public()}); r.status != 200 {
		t.Errorf("HEAD: %d", r.status)
	}
	got := e.do(req{method: "GET", path: e.page, headers: public("User-Agent", "Mozilla/5.0 (compatible; link-scanner)")})
	if got.status != 200 {
		t.Fatalf("GET: %d", got.status)
	}
	body := string(got.body)
	if !strings.Contains(body, "Pas encore lu") || strings.Contains(body, "Lu le ") {
		t.Errorf("the page says the message is read:\n%s", body)
	}
	// The page carries its one script, allowed by its hash and nothing else.
	scripts := inlineScript.FindAllStringSubmatch(body, -1)
	if len(scripts) != 1 {
		t.Fatalf("%d inline scripts", len(scripts))
	}
	sum := sha256.Sum256([]byte(scripts[0][1]))
	csp := got.header.Get("Content-Security-Policy")
	if want := "; script-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"; !strings.HasSuffix(csp, want) ||
		strings.Contains(csp, "unsafe-inline'; script") || !strings.Contains(csp, "default-src 'none'") {
		t.Errorf("CSP %q, want it to end with %q", csp, want)
	}
	if !strings.Contains(body, `data-read="`+e.page+`/read"`) || !strings.Contains(body, "data-unread") {
		t.Errorf("the page names no read address or unread mark:\n%s", body)
	}

	for _, tc := range []struct {
		name    string
		method  string
		headers map[string]string
		want    int
	}{
		{"a post that says nothing of where it comes from", "POST", public(), http.StatusForbidden},
		{"a post from another site", "POST", public("Sec-Fetch-Site", "cross-site", "Origin", "https://evil.example"), http.StatusForbidden},
		{"a post from a sibling site", "POST", public("Sec-Fetch-Site", "same-site"), http.StatusForbidden},
		{"a post from another origin without Sec-Fetch-Site", "POST", public("Origin", "https://evil.example"), http.StatusForbidden},
		{"a post from an opaque origin", "POST", public("Origin", "null"), http.StatusForbidden},
		{"a GET of the read address", "GET", public("Sec-Fetch-Site", "same-origin"), http.StatusNotFound},
		{"a HEAD of the read address", "HEAD", public("Sec-Fetch-Site", "same-origin"), http.StatusNotFound},
	} {
		if r := e.do(req{method: tc.method, path: e.page + "/read", headers: tc.headers}); r.status != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, r.status, tc.want)
		}
	}
	if at := e.readAt(t); at.Valid {
		t.Fatalf("the message was marked read at %v", at.Time)
	}

	e.clock.Advance(refund.UnopenedAfter - time.Minute)
	if reason, err := e.refunds.Check(t.Context(), e.request); err != nil || reason != "" {
		t.Errorf("at 71:59: %q, %v", reason, err)
	}
	e.clock.Advance(sent.Add(refund.UnopenedAfter).Sub(e.clock.Now()))
	if reason, err := e.refunds.Check(t.Context(), e.request); err != nil || reason != model.RefundUnopened {
		t.Errorf("at 72 h: %q, %v; want unopened", reason, err)
	}
}

// A person on the page: its script posts from the page (Sec-Fetch-Site
// same-origin, or an Origin of this host from an older browser); the
// message is read then, the page then says so and carries no script, and
// no credit comes back.
func TestThePersonReadingThePageMarksTheMessagesRead(t *testing.T) {
	for _, tc := range []struct {
		name    string
		headers map[string]string
	}{
		{"a browser that sends Sec-Fetch-Site", public("Sec-Fetch-Site", "same-origin", "Sec-Fetch-Mode", "cors", "Origin", "http://fr.localhost")},
		{"an older browser that sends only Origin", public("Origin", "http://fr.localhost")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newReadEnv(t)
			sent := e.clock.Now()
			e.do(req{method: "GET", path: e.page, headers: public()})
			e.clock.Advance(2 * time.Hour)
			r := e.do(req{method: "POST", path: e.page + "/read", headers: tc.headers})
			if r.status != 200 || string(r.body) != "Lu le 22 novembre 2026 à 12:00" ||
				!strings.HasPrefix(r.header.Get("Content-Type"), "text/plain") || r.header.Get("Cache-Control") != "no-store" ||
				r.header.Get("Referrer-Policy") != "same-origin" {
				t.Fatalf("read: %d %q %v", r.status, r.body, r.header)
			}
			if at := e.readAt(t); !at.Valid || !at.Time.Equal(sent.Add(2*time.Hour)) {
				t.Errorf("read at %v, want %v", at, sent.Add(2*time.Hour))
			}
			// Again: nothing left to mark, the first time stays.
			e.clock.Advance(time.Hour)
			if r := e.do(req{method: "POST", path: e.page + "/read", headers: tc.headers}); r.status != 200 {
				t.Errorf("read again: %d", r.status)
			}
			if at := e.readAt(t); !at.Time.Equal(sent.Add(2 * time.Hour)) {
				t.Errorf("read again moved the mark to %v", at.Time)
			}
			page := e.do(req{method: "GET", path: e.page, headers: public()})
			if body := string(page.body); !strings.Contains(body, "Lu le 22 novembre 2026 à 12:00") || strings.Contains(body, "<script>") ||
				strings.Contains(page.header.Get("Content-Security-Policy"), "script-src") {
				t.Errorf("the page once read: %s\n%s", page.header.Get("Content-Security-Policy"), body)
			}
			e.clock.Advance(sent.Add(refund.UnopenedAfter + time.Hour).Sub(e.clock.Now()))
			if reason, err := e.refunds.Check(t.Context(), e.request); err != nil || reason != "" {
				t.Errorf("a read message refunded: %q, %v", reason, err)
			}
		})
	}
	t.Run("an answer from the page, without the script", func(t *testing.T) {
		e := newReadEnv(t)
		e.clock.Advance(time.Hour)
		if r := e.do(req{method: "POST", path: e.page, body: url.Values{"body": {"Merci !"}}.Encode(), contentType: "application/x-www-form-urlencoded",
			headers: public()}); r.status != http.StatusSeeOther {
			t.Fatalf("answer: %d %s", r.status, r.body)
		}
		if at := e.readAt(t); !at.Valid || !at.Time.Equal(e.clock.Now()) {
			t.Errorf("read at %v after the answer", at)
		}
	})
	t.Run("a link that opens nothing", func(t *testing.T) {
		e := newReadEnv(t)
		if r := e.do(req{method: "POST", path: "/c/" + strings.Repeat("A", 43) + "/read", headers: public("Sec-Fetch-Site", "same-origin")}); r.status != 404 {
			t.Errorf("an unknown link: %d", r.status)
		}
	})
}
