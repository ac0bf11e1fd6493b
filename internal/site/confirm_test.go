package site

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"noces/internal/eventreq"
	"noces/internal/eventreq/eventreqtest"
)

// confirm presses the button of the newest confirmation link e-mailed to
// email, as the couple does, and returns the page it lands on.
func (e *env) confirm(email string) resp {
	e.t.Helper()
	path := eventreq.ConfirmPath(eventreqtest.Token(e.t, e.store, email))
	r := e.postForm("fr.localhost", path, url.Values{})
	if r.status != http.StatusSeeOther || r.header.Get("Location") != path {
		e.t.Fatalf("confirm: %d %q\n%s", r.status, r.header.Get("Location"), r.body)
	}
	return e.get("fr.localhost", path)
}

// sendProject sends the general form and returns the "check your inbox"
// page's address.
func (e *env) sendProject(host, email string) string {
	e.t.Helper()
	r := e.get(host, "/project")
	tok := formToken(e.t.(*testing.T), r.body)
	e.clock.Advance(5 * time.Second)
	v := validProject(tok)
	v.Set("email", email)
	r = e.postForm(host, "/project", v)
	if r.status != http.StatusSeeOther {
		e.t.Fatalf("project: %d\n%s", r.status, r.body)
	}
	return r.header.Get("Location")
}

func TestTheConfirmationLinkShowsTheProjectAndOnlyTheButtonSendsIt(t *testing.T) {
	e := newEnv(t)
	s := seedDirectory(e)
	requests := func() int { return e.count(`SELECT COUNT(*) FROM event_requests`) }
	outbox := func() int { return e.count(`SELECT COUNT(*) FROM outbox`) }
	e.sendProject("fr.localhost", "camille@example.com")
	if n := outbox(); n != 1 {
		t.Fatalf("%d messages queued, want the couple's link only", n)
	}
	token := eventreqtest.Token(t, e.store, "camille@example.com")
	link := eventreq.ConfirmPath(token)
	if n := e.count(`SELECT COUNT(*) FROM project_confirmations WHERE token_hash = $1`, token); n != 0 {
		t.Error("the token is stored as is")
	}

	t.Run("opening the link (a scanner's prefetch) changes nothing", func(t *testing.T) {
		for range 3 {
			r := e.get("fr.localhost", link)
			if r.status != 200 || r.header.Get("Cache-Control") != "no-store" || !strings.Contains(r.body, `<meta name="robots" content="noindex`) {
				t.Fatalf("%d %q\n%s", r.status, r.header.Get("Cache-Control"), r.body)
			}
			for _, w := range []string{"Confirmez votre projet", `<form method="post" action="` + link + `">`, "Confirmer et envoyer mon projet",
				"Lyon", "Organisation complète", "camille@example.com", "Bohème", "12 septembre 2026"} {
				if !strings.Contains(r.body, w) {
					t.Errorf("the page lacks %q", w)
				}
			}
			checkPage(t, r)
		}
		if requests() != 0 || outbox() != 1 || e.count(`SELECT COUNT(*) FROM projects WHERE confirmed_at IS NULL`) != 1 {
			t.Errorf("a GET changed something: %d requests, %d messages", requests(), outbox())
		}
	})
	t.Run("a post from another site is refused", func(t *testing.T) {
		r := e.do(http.MethodPost, "fr.localhost", link, strings.NewReader(""), "application/x-www-form-urlencoded",
			"Sec-Fetch-Site", "cross-site", "Origin", "https://evil.example")
		if r.status != http.StatusForbidden || requests() != 0 {
			t.Errorf("%d, %d requests", r.status, requests())
		}
	})
	t.Run("the button sends it, and says to how many", func(t *testing.T) {
		r := e.confirm("camille@example.com")
		if !strings.Contains(r.body, "Votre projet est confirmé") || !strings.Contains(r.body, "Il a été envoyé à 2 professionnels.") ||
			strings.Contains(r.body, "<form") {
			t.Errorf("%s", r.body)
		}
		checkPage(t, r)
		if requests() != 2 || e.count(`SELECT COUNT(*) FROM event_requests WHERE provider_id IN ($1, $2)`, s.free, s.premium) != 2 {
			t.Errorf("%d requests", requests())
		}
		// The couple's summary, each provider's e-mail, the premium one's SMS.
		if n := outbox(); n != 1+1+2+1 {
			t.Errorf("%d messages", n)
		}
	})
	t.Run("confirming again shows the same result and sends nothing", func(t *testing.T) {
		before := outbox()
		r := e.confirm("camille@example.com")
		if !strings.Contains(r.body, "Il a été envoyé à 2 professionnels.") || requests() != 2 || outbox() != before {
			t.Errorf("%d requests, %d messages\n%s", requests(), outbox(), r.body)
		}
	})
	t.Run("a confirmed link stays confirmed past 48 hours", func(t *testing.T) {
		e.clock.Advance(eventreq.ConfirmTTL + time.Hour)
		if r := e.get("fr.localhost", link); r.status != 200 || !strings.Contains(r.body, "Votre projet est confirmé") {
			t.Errorf("%d", r.status)
		}
	})
}

func TestAnExpiredOrUnknownLinkChangesNothing(t *testing.T) {
	e := newEnv(t)
	seedDirectory(e)
	e.sendProject("de.localhost", "anna@example.com")
	link := eventreq.ConfirmPath(eventreqtest.Token(t, e.store, "anna@example.com"))
	e.clock.Advance(eventreq.ConfirmTTL)
	for _, method := range []string{http.MethodGet, http.MethodPost} {
		r := e.do(method, "de.localhost", link, strings.NewReader(""), "application/x-www-form-urlencoded")
		if r.status != http.StatusGone || !strings.Contains(r.body, "Dieser Link ist abgelaufen") || r.header.Get("Content-Language") != "de-DE" {
			t.Errorf("%s: %d %q\n%s", method, r.status, r.header.Get("Content-Language"), r.body)
		}
	}
	for _, path := range []string{"/confirm/unknown", "/confirm/" + strings.Repeat("a", 500)} {
		r := e.do(http.MethodPost, "fr.localhost", path, strings.NewReader(""), "application/x-www-form-urlencoded")
		if r.status != http.StatusNotFound || !strings.Contains(r.body, "Ce lien n&#39;est pas valable") {
			t.Errorf("%s: %d", path, r.status)
		}
	}
	if n := e.count(`SELECT COUNT(*) FROM projects WHERE confirmed_at IS NOT NULL`); n != 0 || e.count(`SELECT COUNT(*) FROM event_requests`) != 0 {
		t.Errorf("%d projects confirmed", n)
	}
}

func TestTheLinkCanBeSentAgainAFewTimes(t *testing.T) {
	e := newEnv(t)
	seedDirectory(e)
	sent := e.sendProject("fr.localhost", "lou@example.com")
	q, err := url.Parse(sent)
	if err != nil {
		t.Fatal(err)
	}
	form := url.Values{"p": {q.Query().Get("p")}, "k": {q.Query().Get("k")}}
	first := eventreqtest.Token(t, e.store, "lou@example.com")
	mails := func() int { return e.count(`SELECT COUNT(*) FROM outbox WHERE recipient = 'lou@example.com'`) }

	r := e.postForm("fr.localhost", "/project/resend", form)
	if r.status != http.StatusSeeOther || !strings.Contains(r.header.Get("Location"), "resent=1") {
		t.Fatalf("%d %q\n%s", r.status, r.header.Get("Location"), r.body)
	}
	if page := e.get("fr.localhost", r.header.Get("Location")); !strings.Contains(page.body, "Un nouvel e-mail est en route.") {
		t.Errorf("%s", page.body)
	}
	second := eventreqtest.Token(t, e.store, "lou@example.com")
	if second == first || mails() != 2 {
		t.Fatalf("%d mails, the token changed: %v", mails(), second != first)
	}
	if r := e.get("fr.localhost", eventreq.ConfirmPath(first)); r.status != http.StatusNotFound {
		t.Errorf("the replaced link answers %d", r.status)
	}
	if r := e.get("fr.localhost", eventreq.ConfirmPath(second)); r.status != 200 {
		t.Errorf("the new link answers %d", r.status)
	}

	t.Run("a forged key sends nothing", func(t *testing.T) {
		bad := url.Values{"p": form["p"], "k": {"forged"}}
		if r := e.postForm("fr.localhost", "/project/resend", bad); r.status != http.StatusNotFound || mails() != 2 {
			t.Errorf("%d, %d mails", r.status, mails())
		}
	})
	t.Run("past three resends the page says so", func(t *testing.T) {
		for range eventreq.MaxResends - 1 {
			if r := e.postForm("fr.localhost", "/project/resend", form); r.status != http.StatusSeeOther {
				t.Fatalf("%d", r.status)
			}
		}
		r := e.postForm("fr.localhost", "/project/resend", form)
		if r.status != http.StatusTooManyRequests || !strings.Contains(r.body, "trop de fois") || mails() != 1+eventreq.MaxResends {
			t.Errorf("%d, %d mails\n%s", r.status, mails(), r.body)
		}
		checkPage(t, r)
	})
	t.Run("once confirmed there is nothing to send again", func(t *testing.T) {
		e.confirm("lou@example.com")
		r := e.postForm("fr.localhost", "/project/resend", form)
		if r.status != http.StatusConflict || !strings.Contains(r.body, "déjà confirmé") {
			t.Errorf("%d", r.status)
		}
	})
}
