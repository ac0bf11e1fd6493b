package site

import (
	"html"
	"net/http"
	"strings"
	"testing"
	"time"
)

// The public forms refuse a line break in a one-line field, and a control
// character or a bidirectional override in any, with the field's message
// in the page's language; nothing is stored.
func TestFormsRefuseLineBreaksAndInvisibleCharacters(t *testing.T) {
	e := newEnv(t)
	s := seedDirectory(e)
	message := func(lang, code string) string {
		t.Helper()
		m := e.site.Texts.T(lang, code)
		if m == code || m == "" {
			t.Fatalf("%s has no %s text", code, lang)
		}
		return html.EscapeString(m)
	}

	for _, host := range []string{"fr.localhost", "de.localhost", "it.localhost"} {
		lang := strings.TrimSuffix(host, ".localhost")
		t.Run("the project form on "+host, func(t *testing.T) {
			r := e.get(host, "/project")
			tok := formToken(t, r.body)
			e.clock.Advance(5 * time.Second)
			v := validProject(tok)
			v.Set("eventLocationCity", "Lyon\r\nBcc: x@example.com")
			v.Set("message", "Un mariage au bord de l'eau, signé \u202enitraM")
			r = e.postForm(host, "/project", v)
			if r.status != http.StatusUnprocessableEntity {
				t.Fatalf("%d\n%s", r.status, r.body)
			}
			for _, want := range []string{`<a href="#f-eventLocationCity">`, `<a href="#f-message">`, `<p class="err" id="e-eventLocationCity">`,
				message(lang, "validation.line_break"), message(lang, "validation.control_characters"), `value="Camille"`} {
				if !strings.Contains(r.body, want) {
					t.Errorf("the page lacks %q", want)
				}
			}
			checkPage(t, r)
			if n := e.count(`SELECT COUNT(*) FROM projects`); n != 0 {
				t.Errorf("%d projects stored", n)
			}
		})
	}

	t.Run("the review form", func(t *testing.T) {
		fields := map[string]string{"rating": "5", "title": "Parfait \u202etiafraP", "body": "Tout était parfait,\r\ndu début à la fin de la journée.",
			"reviewerName": "Léa\r\nBcc: x@example.com", "reviewerType": "couple", "weddingDate": "2025-09-20", "email": "lea@example.com"}
		body, ct := multipartReview(fields, nil)
		before := e.count(`SELECT COUNT(*) FROM reviews`)
		r := e.do(http.MethodPost, "fr.localhost", "/review/"+s.reviewToken, body, ct)
		if r.status != http.StatusUnprocessableEntity {
			t.Fatalf("%d\n%s", r.status, r.body)
		}
		for _, want := range []string{`<a href="#f-title">`, `<a href="#f-reviewerName">`, message("fr", "validation.control_characters")} {
			if !strings.Contains(r.body, want) {
				t.Errorf("the page lacks %q", want)
			}
		}
		if n := e.count(`SELECT COUNT(*) FROM reviews`); n != before {
			t.Errorf("%d reviews stored", n-before)
		}
	})
}
