package legal

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"noces/internal/i18n"
)

var testFacts = Facts{Company: "Exemple SAS", Address: "1 rue de la Paix, 75002 Paris", CompanyNumber: "RCS Paris 123 456 789",
	Email: "legal@example.test", Director: "Camille Martin", Host: "Hébergeur SA, 2 rue du Port, 59100 Roubaix"}

func load(t *testing.T, dir string) (*Library, error) {
	t.Helper()
	texts, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	return Load(texts, dir, testFacts)
}

func TestEveryPageOfEveryDomainInEveryLanguage(t *testing.T) {
	l, err := load(t, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range i18n.Domains {
		for _, lang := range Langs {
			titles := map[string]string{}
			for _, page := range Pages {
				doc, ok := l.Get(d.Key, lang, page)
				if !ok {
					t.Fatalf("%s/%s/%s missing", d.Key, lang, page)
				}
				if doc.Title == "" || len(doc.HTML) < 200 || doc.Lang != lang || doc.Page != page || !doc.Updated.Equal(DefaultsUpdated) {
					t.Errorf("%s/%s/%s: %+v", d.Key, lang, page, doc)
				}
				if strings.Contains(doc.HTML, "{{") || strings.Contains(doc.Title, "{{") {
					t.Errorf("%s/%s/%s: a placeholder is left: %s", d.Key, lang, page, doc.HTML)
				}
				if other, dup := titles[doc.Title]; dup {
					t.Errorf("%s/%s: %s and %s have the same title %q", d.Key, lang, page, other, doc.Title)
				}
				titles[doc.Title] = page
			}
			imprint, _ := l.Get(d.Key, lang, "imprint")
			for _, fact := range []string{"Exemple SAS", "75002 Paris", "123 456 789", "legal@example.test", "Camille Martin", "Roubaix"} {
				if !strings.Contains(imprint.HTML, fact) {
					t.Errorf("%s/%s imprint lacks %q", d.Key, lang, fact)
				}
			}
			privacy, _ := l.Get(d.Key, lang, "privacy")
			for _, fact := range []string{"Stripe", "S3", "argon2id", "legal@example.test", authorities[d.Key][:8]} {
				if !strings.Contains(privacy.HTML, fact) {
					t.Errorf("%s/%s privacy lacks %q", d.Key, lang, fact)
				}
			}
			cookies, _ := l.Get(d.Key, lang, "cookies")
			for _, fact := range []string{"<code>locale</code>", "<code>token</code>", "<code>refresh_token</code>", "SameSite=Lax", "<table>"} {
				if !strings.Contains(cookies.HTML, fact) {
					t.Errorf("%s/%s cookies lacks %q", d.Key, lang, fact)
				}
			}
			ranking, _ := l.Get(d.Key, lang, "ranking")
			if !strings.Contains(ranking.HTML, "2019/1150") || !strings.Contains(ranking.HTML, "Premium") || strings.Count(ranking.HTML, "<li>") != 4 {
				t.Errorf("%s/%s ranking: %s", d.Key, lang, ranking.HTML)
			}
		}
	}
	// The domain's country is written in the page's language.
	fr, _ := l.Get("uk", "fr", "terms")
	en, _ := l.Get("uk", "en", "terms")
	if !strings.Contains(fr.HTML, "au Royaume-Uni") || !strings.Contains(en.HTML, "in the United Kingdom") {
		t.Errorf("country: %s / %s", fr.HTML[:300], en.HTML[:300])
	}
}

func write(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestOperatorFilesReplaceTheDefaults(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "fr/terms.md", "# CGU de l'opérateur\n\nArticle **unique**.\n")
	when := time.Date(2026, 10, 3, 12, 0, 0, 0, time.UTC)
	if err := os.Chtimes(p, when, when); err != nil {
		t.Fatal(err)
	}
	write(t, dir, "fr/terms.en.md", "# Operator's terms\r\n\r\nOne article.\r\n")
	write(t, dir, "de/imprint.md", "\uFEFF# Impressum\n\nBetreiber GmbH, HRB 1234\n")
	write(t, dir, "de/.imprint.md.swp", "\xff\xfe editor junk")
	write(t, dir, ".git/HEAD", "ref: refs/heads/main\n")
	l, err := load(t, dir)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := l.Get("fr", "fr", "terms")
	if got.Title != "CGU de l'opérateur" || got.HTML != "<p>Article <strong>unique</strong>.</p>" || got.Lang != "fr" || !got.Updated.Equal(when) {
		t.Errorf("fr/fr: %+v", got)
	}
	// Without a translation of their own, the other languages show the
	// operator's text rather than a default that may say otherwise.
	got, _ = l.Get("fr", "it", "terms")
	if got.Title != "CGU de l'opérateur" || got.Lang != "fr" {
		t.Errorf("fr/it: %+v", got)
	}
	got, _ = l.Get("fr", "en", "terms")
	if got.Title != "Operator's terms" || got.Lang != "en" {
		t.Errorf("fr/en: %+v", got)
	}
	got, _ = l.Get("de", "de", "imprint")
	if got.Title != "Impressum" || !strings.Contains(got.HTML, "HRB 1234") {
		t.Errorf("de/de: %+v", got)
	}
	// Other pages and domains keep their defaults.
	got, _ = l.Get("be", "fr", "terms")
	if got.Title == "CGU de l'opérateur" || !got.Updated.Equal(DefaultsUpdated) {
		t.Errorf("be/fr: %+v", got)
	}
	got, _ = l.Get("fr", "fr", "privacy")
	if got.Title != "Politique de confidentialité" {
		t.Errorf("fr/fr privacy: %+v", got)
	}
}

func TestABadOperatorFileStopsTheStart(t *testing.T) {
	cases := map[string]struct {
		name, text, want string
	}{
		"not UTF-8":      {"fr/terms.md", "# Titre\n\ncaf\xe9\n", "not valid UTF-8"},
		"too large":      {"fr/terms.md", "# Titre\n\n" + strings.Repeat("a", MaxFileSize), "longer than"},
		"no title":       {"fr/privacy.md", "Texte sans titre\n", "first line must be the title"},
		"title only":     {"fr/privacy.md", "# Titre\n\n<script>x</script>\n", "no text after the title"},
		"unknown page":   {"fr/cgu.md", "# Titre\n\nTexte\n", "want <page>.md"},
		"unknown lang":   {"fr/terms.xx.md", "# Titre\n\nTexte\n", "want <page>.md"},
		"unknown domain": {"us/terms.md", "# Title\n\nText\n", "one folder per domain"},
		"nested":         {"fr/old/terms.md", "# Title\n\nText\n", "one folder per domain"},
		"loose file":     {"terms.md", "# Title\n\nText\n", "want <domain>/<page>.md"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, c.name, c.text)
			_, err := load(t, dir)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want %q", err, c.want)
			}
			if !strings.Contains(err.Error(), filepath.Join(dir, strings.Split(c.name, "/")[0])) {
				t.Errorf("the error does not name the file: %v", err)
			}
		})
	}
	if _, err := load(t, filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("a missing folder was accepted")
	}
}

func TestRenderStripsWhatCouldRun(t *testing.T) {
	src := "# Title <script>alert(1)</script>\n\n" +
		"<script>alert(2)</script>\n\n" +
		"<img src=x onerror=alert(3)>\n\n" +
		"[click](javascript:alert(4)) and <a href=\"https://example.test\" onclick=\"alert(5)\">raw</a>\n\n" +
		"![p](data:text/html;base64,PHNjcmlwdD4=)\n\n" +
		"<style>body{display:none}</style><iframe src=\"https://evil.test\"></iframe>\n\n" +
		"A [real link](https://example.test/x) and a table:\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
	doc, err := Render([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	low := strings.ToLower(doc.HTML)
	for _, bad := range []string{"<script", "onerror", "onclick", "javascript:", "<style", "<iframe", "data:text"} {
		if strings.Contains(low, bad) {
			t.Errorf("%q survived: %s", bad, doc.HTML)
		}
	}
	for _, good := range []string{`href="https://example.test/x"`, "<table>", "<td>1</td>"} {
		if !strings.Contains(doc.HTML, good) {
			t.Errorf("%q lost: %s", good, doc.HTML)
		}
	}
	// The title is text: the template escapes it.
	if doc.Title != "Title <script>alert(1)</script>" {
		t.Errorf("title %q", doc.Title)
	}
	if _, err := Render([]byte("# T\n\nx\x00y")); !errors.Is(err, ErrNotUTF8) {
		t.Errorf("NUL: %v", err)
	}
}
