package site

import (
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestFormsRefuseTextThatIsNotUTF8(t *testing.T) {
	e := newEnv(t)
	s := seedDirectory(e)
	message := e.site.Texts.T("fr", "validation.invalid_utf8")
	if message == "validation.invalid_utf8" || message == "" {
		t.Fatal("validation.invalid_utf8 has no French text")
	}
	escaped := strings.ReplaceAll(message, "'", "&#39;")

	t.Run("the project form", func(t *testing.T) {
		r := e.get("fr.localhost", "/project")
		tok := formToken(t, r.body)
		e.clock.Advance(5 * time.Second)
		v := validProject(tok)
		v.Set("message", "Un mariage \xff\xfe au bord de l'eau.")
		v.Set("firstname", "Cam\xc3\x28ille")
		r = e.postForm("fr.localhost", "/project", v)
		if r.status != http.StatusUnprocessableEntity {
			t.Fatalf("%d\n%s", r.status, r.body)
		}
		for _, want := range []string{`<a href="#f-message">`, `<a href="#f-firstname">`, escaped, `value="Martin"`} {
			if !strings.Contains(r.body, want) {
				t.Errorf("the page lacks %q", want)
			}
		}
		if !utf8.ValidString(r.body) {
			t.Error("the page sent the bad bytes back")
		}
		checkPage(t, r)
		if n := e.count(`SELECT COUNT(*) FROM projects`); n != 0 {
			t.Errorf("%d projects stored", n)
		}
	})

	t.Run("the review form", func(t *testing.T) {
		fields := map[string]string{"rating": "5", "title": "Parfait \xe9t\xe9", "body": "Tout était parfait, du début à la fin de la journée.",
			"reviewerName": "Léa Dupont", "reviewerType": "couple", "weddingDate": "2025-09-20", "email": "lea@example.com"}
		body, ct := multipartReview(fields, nil)
		r := e.do(http.MethodPost, "fr.localhost", "/review/"+s.reviewToken, body, ct)
		if r.status != http.StatusUnprocessableEntity {
			t.Fatalf("%d\n%s", r.status, r.body)
		}
		for _, want := range []string{`<a href="#f-title">`, escaped, `value="Léa Dupont"`} {
			if !strings.Contains(r.body, want) {
				t.Errorf("the page lacks %q", want)
			}
		}
		if !utf8.ValidString(r.body) {
			t.Error("the page sent the bad bytes back")
		}
		checkPage(t, r)
		if n := e.count(`SELECT COUNT(*) FROM reviews WHERE status = 'pending'`); n != 1 {
			t.Errorf("%d pending reviews, want the seeded one", n)
		}
	})
}
