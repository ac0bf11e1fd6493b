package site

import (
	"net/http"
	"strings"
	"testing"

	"noces/internal/legal"
)

func TestTheLegalPagesOfEachDomainInItsLanguage(t *testing.T) {
	e := newEnv(t)
	cases := []struct {
		host, page, title, updated string
	}{
		{"fr.localhost", "terms", "Conditions générales d'utilisation pour les professionnels", "Mise à jour : 26 novembre 2026"},
		{"fr.localhost", "imprint", "Mentions légales", "Mise à jour : 26 novembre 2026"},
		{"de.localhost", "imprint", "Impressum", "Stand: 26. November 2026"},
		{"de.localhost", "privacy", "Datenschutzerklärung", "Stand: 26. November 2026"},
		{"uk.localhost", "ranking", "How ranking works", "Last updated: 26 November 2026"},
		{"be.localhost", "cookies", "Cookies", "Bijgewerkt op 26 november 2026"},
		{"es.localhost", "privacy", "Política de privacidad", "Actualizado el 26 de noviembre de 2026"},
		{"pt.localhost", "terms", "Termos de utilização para profissionais", "Atualizado em 26 de novembro de 2026"},
		{"it.localhost", "ranking", "Come funziona la classifica", "Aggiornato il 26 novembre 2026"},
	}
	for _, c := range cases {
		r := e.get(c.host, "/legal/"+c.page)
		if r.status != http.StatusOK {
			t.Fatalf("%s/%s: %d", c.host, c.page, r.status)
		}
		checkPage(t, r)
		for _, want := range []string{"<h1>" + htmlEscape(c.title) + "</h1>", htmlEscape(c.updated), `<time datetime="2026-11-26">`,
			`<link rel="canonical" href="http://` + c.host + `:8080/legal/` + c.page + `">`} {
			if !strings.Contains(r.body, want) {
				t.Errorf("%s/%s lacks %q", c.host, c.page, want)
			}
		}
		if strings.Contains(r.body, `hreflang="`+"de-DE") || strings.Contains(r.body, "<script") {
			t.Errorf("%s/%s: alternates or a script", c.host, c.page)
		}
		// The four other pages are listed after the text.
		others := r.body[strings.Index(r.body, `id="legal-others"`):]
		if n := strings.Count(others[:strings.Index(others, "</nav>")], "<li>"); n != 4 || strings.Contains(others[:strings.Index(others, "</nav>")], `href="/legal/`+c.page+`"`) {
			t.Errorf("%s/%s: %d other pages", c.host, c.page, n)
		}
		if r.header.Get("Content-Language") == "" || r.header.Get("Cache-Control") != cachePublic {
			t.Errorf("%s/%s headers %v", c.host, c.page, r.header)
		}
	}
	if r := e.get("fr.localhost", "/legal/imprint"); !strings.Contains(r.body, "Claire Dupont") || !strings.Contains(r.body, "RCS Paris 900 000 000") {
		t.Errorf("the imprint lacks the operator's facts: %s", r.body)
	}
	if r := e.get("fr.localhost", "/legal/cgu"); r.status != http.StatusNotFound {
		t.Errorf("unknown page: %d", r.status)
	}
}

func TestEveryPublicPageLinksTheLegalPages(t *testing.T) {
	e := newEnv(t)
	for _, target := range []string{"/", "/search", "/project", "/nowhere", "/legal/privacy"} {
		r := e.get("it.localhost", target)
		footer := r.body[strings.Index(r.body, "<footer>"):]
		for _, page := range legal.Pages {
			if !strings.Contains(footer, `href="/legal/`+page+`"`) {
				t.Errorf("%s: the footer does not link %s", target, page)
			}
		}
		if !strings.Contains(footer, `aria-label="Informazioni legali"`) || !strings.Contains(footer, ">Note legali</a>") {
			t.Errorf("%s: footer %s", target, footer)
		}
	}
}

func htmlEscape(s string) string { return strings.ReplaceAll(s, "'", "&#39;") }
