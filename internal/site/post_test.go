package site

import (
	"bytes"
	"context"
	"database/sql"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"noces/internal/directory"
	"noces/internal/eventreq"
	"noces/internal/eventreq/eventreqtest"
	"noces/internal/model"
	"noces/internal/store/storetest"
)

// writingForm is one public form that writes: how to make a fresh target
// for it (its path, and a valid body for that path) and how to count what
// it stores.
type writingForm struct {
	name string
	// prepare makes a fresh target; body gives a new copy of a valid
	// body each time it is called.
	prepare func(t *testing.T) (path string, body func() (io.Reader, string))
	stored  func() int
	// accepted is the status of a valid post from the form's own page.
	accepted int
	photo    bool
}

// urlencoded is a body of the values v, as a browser sends a form.
func urlencoded(v url.Values) func() (io.Reader, string) {
	return func() (io.Reader, string) {
		return strings.NewReader(v.Encode()), "application/x-www-form-urlencoded"
	}
}

// conversationToken makes an unlocked request of provider with a message
// from it and returns the couple's link token, read from the e-mail.
func (e *env) conversationToken(providerID string) string {
	e.t.Helper()
	ctx := context.Background()
	now := e.clock.Now()
	p := model.Project{ID: model.NewID(), Domain: "fr", EventType: "wedding", EventDate: "2027-06-12", ServiceType: "FULL_PLANNING",
		EventCity: "Lyon", Firstname: "Ana", Lastname: "Lima", Email: "ana-" + model.NewID() + "@example.com", Phone: "+33611111111",
		CreatedAt: now, ConfirmedAt: sql.NullTime{Time: now, Valid: true}}
	storetest.Must(e.t, e.store.CreateProject(ctx, p))
	r := model.EventRequest{ID: model.NewID(), ProjectID: p.ID, ProviderID: providerID, CreatedAt: now}
	storetest.Must(e.t, e.store.CreateEventRequest(ctx, r))
	if _, err := e.store.UnlockEventRequest(ctx, providerID, r.ID, now); err != nil {
		e.t.Fatal(err)
	}
	m, err := e.site.Conversations.Send(ctx, providerID, r.ID, "Bonjour Ana, merci pour votre demande.")
	storetest.Must(e.t, err)
	mail, err := e.store.GetOutboxMessage(ctx, m.OutboxID.String)
	storetest.Must(e.t, err)
	got := regexp.MustCompile(`/c/([A-Za-z0-9_-]{43})`).FindStringSubmatch(mail.BodyText)
	if got == nil {
		e.t.Fatalf("no conversation link in %q", mail.BodyText)
	}
	return got[1]
}

// invitationPath makes a booked request of provider with a review
// invitation and returns the invitation's page.
func (e *env) invitationPath(providerID string) string {
	e.t.Helper()
	ctx := context.Background()
	now := e.clock.Now()
	p := model.Project{ID: model.NewID(), Domain: "fr", EventType: "wedding", EventDate: "2026-02-14", ServiceType: "FULL_PLANNING",
		Firstname: "Ana", Lastname: "Lima", Email: "ana-" + model.NewID() + "@couple.test", Phone: "+33611111111", CreatedAt: now}
	storetest.Must(e.t, e.store.CreateProject(ctx, p))
	req := model.EventRequest{ID: model.NewID(), ProjectID: p.ID, ProviderID: providerID, CreatedAt: now}
	storetest.Must(e.t, e.store.CreateEventRequest(ctx, req))
	_, err := e.store.DB().ExecContext(ctx, `UPDATE event_requests SET unlocked_at = $2 WHERE id = $1`, req.ID, now)
	storetest.Must(e.t, err)
	if ok, err := e.store.MarkRequestBooked(ctx, providerID, req.ID, now); err != nil || !ok {
		e.t.Fatal(ok, err)
	}
	tok, hash := directory.NewInvitationToken()
	if ok, err := e.store.CreateReviewInvitation(ctx, req.ID, hash, now); err != nil || !ok {
		e.t.Fatal(ok, err)
	}
	return "/reviews/verified/" + tok
}

// writingForms are every public form that writes, on e's directory.
func (e *env) writingForms(s seeded) []writingForm {
	n := 0
	unique := func(prefix string) string {
		n++
		return prefix + "-" + strconv.Itoa(n) + "@example.com"
	}
	project := func(page, action string) func(t *testing.T) (string, func() (io.Reader, string)) {
		return func(t *testing.T) (string, func() (io.Reader, string)) {
			tok := formToken(t, e.get("fr.localhost", page).body)
			e.clock.Advance(5 * time.Second)
			v := validProject(tok)
			v.Set("email", unique("projet"))
			return action, urlencoded(v)
		}
	}
	review := func(path func() string) func(t *testing.T) (string, func() (io.Reader, string)) {
		return func(t *testing.T) (string, func() (io.Reader, string)) {
			p := path()
			fields := map[string]string{"rating": "5", "title": "Parfait", "body": "Tout était parfait, du début à la fin de la journée.",
				"reviewerName": "Léa Dupont", "reviewerType": "couple", "weddingDate": "2025-09-20", "email": unique("avis")}
			return p, func() (io.Reader, string) { return multipartReview(fields, nil) }
		}
	}
	conversationPost := func(suffix string, v url.Values) func(t *testing.T) (string, func() (io.Reader, string)) {
		return func(t *testing.T) (string, func() (io.Reader, string)) {
			return "/c/" + e.conversationToken(s.free) + suffix, urlencoded(v)
		}
	}
	count := func(q string) func() int { return func() int { return e.count(q) } }
	return []writingForm{
		{name: "the general project form", prepare: project("/project", "/project"),
			stored: count(`SELECT COUNT(*) FROM projects`), accepted: http.StatusSeeOther},
		{name: "a planner's request form", prepare: project("/p/atelier-lumiere", "/p/atelier-lumiere/request"),
			stored: count(`SELECT COUNT(*) FROM projects`), accepted: http.StatusSeeOther},
		{name: "a venue's request form", prepare: project("/v/chateau-loire", "/v/chateau-loire/request"),
			stored: count(`SELECT COUNT(*) FROM projects`), accepted: http.StatusSeeOther},
		{name: "the confirmation e-mail's resend", prepare: func(t *testing.T) (string, func() (io.Reader, string)) {
			sent, err := url.Parse(e.sendProject("fr.localhost", unique("resend")))
			if err != nil {
				t.Fatal(err)
			}
			q := sent.Query()
			return "/project/resend", urlencoded(url.Values{"p": {q.Get("p")}, "k": {q.Get("k")}})
		}, stored: count(`SELECT COUNT(*) FROM outbox`), accepted: http.StatusSeeOther},
		{name: "the confirmation link's button", prepare: func(t *testing.T) (string, func() (io.Reader, string)) {
			email := unique("confirm")
			e.sendProject("fr.localhost", email)
			return eventreq.ConfirmPath(eventreqtest.Token(t, e.store, email)), urlencoded(url.Values{})
		}, stored: count(`SELECT COUNT(*) FROM projects WHERE confirmed_at IS NOT NULL`), accepted: http.StatusSeeOther},
		{name: "the review form", prepare: review(func() string { return "/review/" + s.reviewToken }),
			stored: count(`SELECT COUNT(*) FROM reviews`), accepted: http.StatusSeeOther, photo: true},
		{name: "a couple's review invitation", prepare: review(func() string { return e.invitationPath(s.free) }),
			stored: count(`SELECT COUNT(*) FROM reviews`), accepted: http.StatusSeeOther, photo: true},
		{name: "the conversation's answer", prepare: conversationPost("", url.Values{"body": {"Merci, à mardi !"}}),
			stored: count(`SELECT COUNT(*) FROM messages WHERE sender = 'couple'`), accepted: http.StatusSeeOther},
		{name: "the conversation's outcome", prepare: conversationPost("/close", url.Values{"outcome": {model.ProjectOutcomeBookedProvider}}),
			stored: count(`SELECT COUNT(*) FROM projects WHERE outcome IS NOT NULL`), accepted: http.StatusSeeOther},
		{name: "stopping the conversation", prepare: conversationPost("/stop", url.Values{}),
			stored: count(`SELECT COUNT(*) FROM event_requests WHERE conversation_stopped_at IS NOT NULL`), accepted: http.StatusOK},
	}
}

func TestEveryFormRefusesPostsFromAnotherSitesPage(t *testing.T) {
	e := newEnv(t)
	s := seedDirectory(e)
	refused := []struct {
		name    string
		headers []string
	}{
		{"an Origin of another site", []string{"Origin", "http://evil.example"}},
		{"Origin null without Sec-Fetch-Site", []string{"Origin", "null"}},
		{"Sec-Fetch-Site cross-site", []string{"Sec-Fetch-Site", "cross-site"}},
		{"Sec-Fetch-Site cross-site with the page's own Origin", []string{"Sec-Fetch-Site", "cross-site", "Origin", "http://fr.localhost:8080"}},
		{"Sec-Fetch-Site same-site (a back-office page)", []string{"Sec-Fetch-Site", "same-site", "Origin", "http://pro.fr.localhost:8080"}},
		{"a page of another of the domains", []string{"Origin", "http://de.localhost:8080"}},
		{"the same host on another port", []string{"Origin", "http://fr.localhost:9090"}},
		{"an Origin that is no origin", []string{"Origin", "http://fr.localhost:8080/project"}},
	}
	heading := e.site.Texts.T("fr", "site.badrequest.heading")
	for _, f := range e.writingForms(s) {
		t.Run(f.name, func(t *testing.T) {
			path, body := f.prepare(t)
			before := f.stored()
			for _, c := range refused {
				rd, ct := body()
				r := e.do(http.MethodPost, "fr.localhost", path, rd, ct, c.headers...)
				if r.status != http.StatusForbidden || !strings.Contains(r.body, heading) {
					t.Errorf("%s: %d, want the 403 page", c.name, r.status)
				}
				if r.header.Get("Referrer-Policy") != "no-referrer" {
					t.Errorf("%s: Referrer-Policy %q: the refusal's links would carry its address", c.name, r.header.Get("Referrer-Policy"))
				}
				if n := f.stored(); n != before {
					t.Errorf("%s: stored (%d, was %d)", c.name, n, before)
				}
			}
			rd, ct := body()
			r := e.do(http.MethodPost, "fr.localhost", path, rd, ct, "Origin", "http://fr.localhost:8080", "Sec-Fetch-Site", "same-origin")
			if r.status != f.accepted || f.stored() != before+1 {
				t.Errorf("from its own page: %d (stored %d, was %d)\n%.600s", r.status, f.stored(), before, r.body)
			}
		})
	}

	t.Run("each domain's page posts to its own host", func(t *testing.T) {
		tok := formToken(t, e.get("de.localhost", "/project").body)
		e.clock.Advance(5 * time.Second)
		v := validProject(tok)
		v.Set("email", "hochzeit@example.com")
		before := e.count(`SELECT COUNT(*) FROM projects`)
		r := e.do(http.MethodPost, "de.localhost", "/project", strings.NewReader(v.Encode()), "application/x-www-form-urlencoded",
			"Origin", "http://fr.localhost:8080")
		if r.status != http.StatusForbidden || !strings.Contains(r.body, e.site.Texts.T("de", "site.badrequest.heading")) {
			t.Errorf("from the French page: %d", r.status)
		}
		r = e.do(http.MethodPost, "de.localhost", "/project", strings.NewReader(v.Encode()), "application/x-www-form-urlencoded",
			"Origin", "http://DE.localhost.:8080", "Sec-Fetch-Site", "same-origin")
		if r.status != http.StatusSeeOther || e.count(`SELECT COUNT(*) FROM projects`) != before+1 {
			t.Errorf("from its own page: %d\n%s", r.status, r.body)
		}
	})

	t.Run("a private page's Origin null is accepted when Sec-Fetch-Site vouches for it", func(t *testing.T) {
		path := "/c/" + e.conversationToken(s.free)
		page := e.get("fr.localhost", path)
		// same-origin, not no-referrer: a browser posts the page's forms
		// with its real Origin, which an old one without Sec-Fetch-Site
		// needs to be believed.
		if p := page.header.Get("Referrer-Policy"); p != "same-origin" {
			t.Errorf("the conversation's Referrer-Policy is %q", p)
		}
		r := e.do(http.MethodPost, "fr.localhost", path, strings.NewReader("body=Merci"), "application/x-www-form-urlencoded",
			"Origin", "null", "Sec-Fetch-Site", "same-origin")
		if r.status != http.StatusSeeOther {
			t.Errorf("%d", r.status)
		}
	})
}

func TestSameOrigin(t *testing.T) {
	cases := []struct {
		host    string
		headers map[string][]string
		want    bool
	}{
		{"fr.localhost:8080", nil, true},
		{"noces.fr", map[string][]string{"Origin": {"https://noces.fr"}}, true},
		{"noces.fr:443", map[string][]string{"Origin": {"https://noces.fr"}}, true},
		{"noces.fr", map[string][]string{"Origin": {"https://noces.fr:443"}}, true},
		{"Noces.FR", map[string][]string{"Origin": {"https://noces.fr."}}, true},
		{"noces.fr", map[string][]string{"Origin": {"https://noces.fr:8443"}}, false},
		{"noces.fr", map[string][]string{"Origin": {"https://noces.de"}}, false},
		{"noces.fr", map[string][]string{"Origin": {"https://pro.noces.fr"}}, false},
		{"noces.fr", map[string][]string{"Origin": {"https://noces.fr.evil.example"}}, false},
		{"noces.fr", map[string][]string{"Origin": {"noces.fr"}}, false},
		{"noces.fr", map[string][]string{"Origin": {"https://user@noces.fr"}}, false},
		{"noces.fr", map[string][]string{"Origin": {"null"}}, false},
		{"noces.fr", map[string][]string{"Origin": {"null"}, "Sec-Fetch-Site": {"same-origin"}}, true},
		{"noces.fr", map[string][]string{"Origin": {"null"}, "Sec-Fetch-Site": {"none"}}, true},
		{"noces.fr", map[string][]string{"Origin": {"https://noces.fr", "https://evil.example"}}, false},
		{"noces.fr", map[string][]string{"Sec-Fetch-Site": {"same-origin", "cross-site"}}, false},
		{"noces.fr", map[string][]string{"Sec-Fetch-Site": {"same-site"}}, false},
		{"noces.fr", map[string][]string{"Sec-Fetch-Site": {"whatever"}}, false},
		{"noces.fr", map[string][]string{"Sec-Fetch-Site": {"same-origin"}, "Origin": {"https://evil.example"}}, false},
		{"[::1]:8080", map[string][]string{"Origin": {"http://[::1]:8080"}}, true},
		{"[::1]:8080", map[string][]string{"Origin": {"http://[::1]:8081"}}, false},
	}
	for _, c := range cases {
		r := httptest.NewRequest(http.MethodPost, "/project", nil)
		r.Host = c.host
		for k, vs := range c.headers {
			for _, v := range vs {
				r.Header.Add(k, v)
			}
		}
		if got := sameOrigin(r); got != c.want {
			t.Errorf("Host %s, %v: %t, want %t", c.host, c.headers, got, c.want)
		}
	}
}

// chunkedBody hides a body's length, as a client streaming it would.
type chunkedBody struct{ r io.Reader }

func (c chunkedBody) Read(p []byte) (int, error) { return c.r.Read(p) }

// sendOverTCP posts body to the site served by srv, with or without its
// length.
func sendOverTCP(t *testing.T, srv *httptest.Server, host, path, contentType string, body []byte, withLength bool) resp {
	t.Helper()
	var rd io.Reader = bytes.NewReader(body)
	if !withLength {
		rd = chunkedBody{rd}
	}
	hr, err := http.NewRequest(http.MethodPost, srv.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if !withLength {
		hr.ContentLength = -1
	}
	hr.Host = host + ":8080"
	hr.Header.Set("Content-Type", contentType)
	res, err := srv.Client().Do(hr)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return resp{status: res.StatusCode, header: res.Header, body: string(raw)}
}

func TestEveryFormAnswers413OverItsLimitHoweverTheBodyComes(t *testing.T) {
	e := newEnv(t)
	s := seedDirectory(e)
	srv := httptest.NewServer(e.handler)
	t.Cleanup(srv.Close)

	big := bytes.Repeat([]byte("a"), 20<<20)
	text := append([]byte("body="), big...)
	var photo bytes.Buffer
	mw := multipart.NewWriter(&photo)
	_ = mw.WriteField("rating", "5")
	part, _ := mw.CreateFormFile("photo", "photo.png")
	_, _ = part.Write(big)
	_ = mw.Close()
	var parts bytes.Buffer
	pw := multipart.NewWriter(&parts)
	for range 1100 {
		_ = pw.WriteField("title", "x")
	}
	_ = pw.Close()
	bodies := []struct {
		name, contentType string
		data              []byte
		photo             bool // sent to the forms with a photo only
	}{
		{"a 20 MB form", "application/x-www-form-urlencoded", text, false},
		{"a 20 MB body of another type", "text/plain", big, false},
		{"a 20 MB photo", mw.FormDataContentType(), photo.Bytes(), true},
		{"1,100 parts", pw.FormDataContentType(), parts.Bytes(), true},
	}
	for _, f := range e.writingForms(s) {
		path, _ := f.prepare(t)
		before := f.stored()
		for _, b := range bodies {
			if b.photo && !f.photo {
				continue
			}
			for _, withLength := range []bool{true, false} {
				for _, host := range []string{"fr.localhost", "de.localhost"} {
					if host == "de.localhost" && !strings.HasPrefix(path, "/project") {
						continue // the other pages live on the French domain
					}
					lang := strings.TrimSuffix(host, ".localhost")
					r := sendOverTCP(t, srv, host, path, b.contentType, b.data, withLength)
					wantText := "site.toolarge.text"
					if f.photo {
						wantText = "site.toolarge.text_photo"
					}
					if r.status != http.StatusRequestEntityTooLarge ||
						!strings.Contains(r.body, e.site.Texts.T(lang, "site.toolarge.heading")) ||
						!strings.Contains(r.body, strings.ReplaceAll(e.site.Texts.T(lang, wantText), "'", "&#39;")) {
						t.Errorf("%s, %s on %s (Content-Length %t): %d\n%.600s", f.name, b.name, host, withLength, r.status, r.body)
						continue
					}
					checkPage(t, r)
					if r.header.Get("Referrer-Policy") != "no-referrer" {
						t.Errorf("%s: Referrer-Policy %q", f.name, r.header.Get("Referrer-Policy"))
					}
				}
			}
		}
		if n := f.stored(); n != before {
			t.Errorf("%s: an over-limit post stored something (%d, was %d)", f.name, n, before)
		}
	}
}

func TestAUsedInvitationPostedAgainIsTheAlreadyUsedPage(t *testing.T) {
	e := newEnv(t)
	pl := e.seedPlanner(planner{name: "Atelier Lumière", slug: "atelier-lumiere", city: "Lyon", lat: 45.76, lng: 4.84})
	path := e.invitationPath(pl)
	form := url.Values{"rating": {"5"}, "title": {"Une journée parfaite"}, "body": {"Tout était parfait, du début à la fin, merci !"},
		"reviewerName": {"Ana Lima"}}
	if r := e.postForm("fr.localhost", path, form); r.status != http.StatusSeeOther {
		t.Fatalf("first post: %d\n%s", r.status, r.body)
	}
	for _, host := range []string{"fr.localhost", "de.localhost"} {
		lang := strings.TrimSuffix(host, ".localhost")
		r := e.postForm(host, path, form)
		if r.status != http.StatusConflict || !strings.Contains(r.body, e.site.Texts.T(lang, "site.review.used.heading")) {
			t.Errorf("%s: %d, want the 409 page\n%.600s", host, r.status, r.body)
		}
		checkPage(t, r)
		if strings.Contains(e.logs.String(), "request failed") {
			t.Errorf("logged as a failure: %s", e.logs.String())
		}
	}
	if n := e.count(`SELECT COUNT(*) FROM reviews`); n != 1 {
		t.Errorf("%d reviews through one invitation", n)
	}
}
