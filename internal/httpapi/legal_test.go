package httpapi

import (
	"net/http"
	"strings"
	"testing"

	"noces/internal/legal/legaltest"
)

func TestTheLegalPagesOfTheBackOfficeDomain(t *testing.T) {
	e := newEnv(t)
	cases := []struct {
		host, page, lang, accept, title, public string
	}{
		{"pro.fr.localhost", "terms", "fr", "", "Conditions générales d'utilisation pour les professionnels", "http://fr.localhost:8080/legal/terms"},
		{"pro.fr.localhost", "terms", "en", "en-GB,en;q=0.8", "Terms of use for professionals", "http://fr.localhost:8080/legal/terms"},
		{"pro.de.localhost", "privacy", "de", "fr;q=0.1,de", "Datenschutzerklärung", "http://de.localhost:8080/legal/privacy"},
		{"pro.be.localhost", "imprint", "nl", "", "Wettelijke vermeldingen", "http://be.localhost:8080/legal/imprint"},
	}
	for _, c := range cases {
		headers := map[string]string{"Host": c.host + ":8080"}
		if c.accept != "" {
			headers["Accept-Language"] = c.accept
		}
		r := e.do(req{method: http.MethodGet, path: "/api/legal/" + c.page, headers: headers})
		if r.status != http.StatusOK {
			t.Fatalf("%s %s: %d %s", c.host, c.page, r.status, r.body)
		}
		m := r.json(t)
		if m["title"] != c.title || m["lang"] != c.lang || m["page"] != c.page || m["updated"] != "2026-11-26" || m["publicUrl"] != c.public {
			t.Errorf("%s %s: %v", c.host, c.page, m)
		}
		if html, _ := m["html"].(string); !strings.HasPrefix(html, "<") || strings.Contains(html, "{{") || strings.Contains(html, "<script") {
			t.Errorf("%s %s: html %q", c.host, c.page, html)
		}
	}
	// The locale cookie wins over the browser's languages.
	r := e.do(req{method: http.MethodGet, path: "/api/legal/ranking", headers: map[string]string{"Host": "pro.uk.localhost:8080",
		"Accept-Language": "de", "Cookie": "locale=it"}})
	if m := r.json(t); m["title"] != "Come funziona la classifica" || m["lang"] != "it" {
		t.Errorf("cookie: %v", m)
	}
	r = e.do(req{method: http.MethodGet, path: "/api/legal/cgu", headers: map[string]string{"Host": "pro.fr.localhost:8080", "Accept-Language": "es"}})
	if m := r.json(t); r.status != http.StatusNotFound || m["error"] != "errors.not_found" || m["message"] == "" {
		t.Errorf("unknown page: %d %v", r.status, m)
	}
}

// The cookie statement names the back-office's only cookie as the server
// sets it: a change of name, lifetime or flags has to change the statement.
func TestTheCookieStatementSaysWhatTheServerSets(t *testing.T) {
	e := newEnv(t)
	s := e.login("planner")
	r := e.do(req{method: http.MethodPost, path: "/api/account/change-locale", token: s.Access, body: map[string]string{"locale": "en"}})
	cookies := (&http.Response{Header: r.header}).Cookies()
	if r.status != http.StatusOK || len(cookies) != 1 {
		t.Fatalf("%d %v", r.status, r.header)
	}
	c := cookies[0]
	if c.Name != "locale" || c.MaxAge != 365*24*3600 || c.Path != "/" || c.SameSite != http.SameSiteLaxMode || c.HttpOnly || c.Secure {
		t.Fatalf("the locale cookie changed: %+v: update internal/legal/defaults/*/cookies.md and this test", c)
	}
	doc, _ := legaltest.Library(t).Get("uk", "en", "cookies")
	row := "<td><code>locale</code></td>\n<td>the interface language you chose</td>\n<td>1 year</td>\n<td><code>Path=/</code>, <code>SameSite=Lax</code></td>"
	if !strings.Contains(doc.HTML, row) || strings.Count(doc.HTML, "<tr>") != 2 {
		t.Errorf("the statement's table is not the one cookie the server sets:\n%s", doc.HTML)
	}
	// The public directory sets none.
	for _, path := range []string{"/", "/search", "/legal/cookies"} {
		r := e.do(req{method: http.MethodGet, path: path, headers: map[string]string{"Host": "uk.localhost:8080"}})
		if r.status != http.StatusOK || r.header.Get("Set-Cookie") != "" {
			t.Errorf("%s: %d, Set-Cookie %q", path, r.status, r.header.Get("Set-Cookie"))
		}
	}
}
