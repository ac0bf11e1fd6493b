// Package legal holds the legal pages of every domain: the providers' terms
// of use, the privacy policy, the cookie statement, the legal notice
// (imprint) and how ranking works (EU regulation 2019/1150).
//
// Each page exists in the seven interface languages as an embedded Markdown
// default (defaults/<lang>/<page>.md) in which {{name}} placeholders take
// the operator's facts (company, address, company number, e-mail, director
// of publication, host) and the domain's own (the country as "in France", the data protection
// authority, site address). A domain's documents are in its language on the
// public pages; the back-office shows them in the interface language.
//
// The operator replaces any of them without rebuilding: in the folder
// NOCES_LEGAL_DIR, <domain>/<page>.md replaces the domain's page in the
// domain's language, and <domain>/<page>.<lang>.md its translation into
// another interface language. When only the first exists, the back-office
// shows it in every language rather than a default that may say something
// else: the operator's text is the one that binds. Every file is read and
// checked at start (size, UTF-8, a "# Title" first line, no unknown file; hidden files and folders such as .git are skipped);
// a bad one stops the start with a message naming it. An operator's file is
// dated by its modification time, the defaults by DefaultsUpdated.
//
// Markdown is rendered by goldmark (raw HTML is dropped) and the result is
// sanitized by bluemonday's user-content policy, the one the admin's rich
// texts use: an operator's file is outside input too.
package legal

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"noces/internal/i18n"
)

// Pages are the legal pages, in the order the footer lists them; each is
// also the last segment of its public URL (/legal/<page>).
var Pages = []string{"terms", "privacy", "cookies", "imprint", "ranking"}

// Langs are the languages the defaults are written in.
var Langs = []string{"fr", "nl", "en", "de", "it", "es", "pt"}

// MaxFileSize bounds an operator's file: the longest default is a few
// kilobytes, and the renderer's cost grows with the input.
const MaxFileSize = 256 << 10

// DefaultsUpdated is the date the embedded texts were last changed.
var DefaultsUpdated = time.Date(2026, time.November, 26, 0, 0, 0, 0, time.UTC)

//go:embed defaults
var defaults embed.FS

// Facts are the operator's facts written into the defaults.
type Facts struct {
	Company       string // the publisher's legal name and form
	Address       string // its registered office
	CompanyNumber string // its registration number (SIREN, HRB, CRN, ...)
	Email         string // where people write about their data and the service
	Director      string // the director of publication
	Host          string // the hosting provider: name and address
}

// Doc is one legal page, ready to show.
type Doc struct {
	Page  string
	Lang  string // the language the text is written in
	Title string
	// HTML is the sanitized body, without the title.
	HTML    string
	Updated time.Time
}

// Library holds every page of every domain in every language.
type Library struct {
	docs map[key]Doc
}

type key struct{ domain, lang, page string }

// Load renders the defaults with facts (and the domain's country as texts
// say it) and reads the operator's folder dir ("" for none). The error
// names the file at fault.
func Load(texts *i18n.Bundle, dir string, facts Facts) (*Library, error) {
	if texts == nil {
		return nil, errors.New("legal: texts are required")
	}
	l := &Library{docs: map[key]Doc{}}
	for _, d := range i18n.Domains {
		for _, lang := range Langs {
			for _, page := range Pages {
				src, err := defaults.ReadFile("defaults/" + lang + "/" + page + ".md")
				if err != nil {
					return nil, fmt.Errorf("legal: default %s/%s: %w", lang, page, err)
				}
				doc, err := Render(fill(src, facts, d, texts.T(lang, "site.in_country."+strings.ToLower(d.Country))))
				if err != nil {
					return nil, fmt.Errorf("legal: default %s/%s: %w", lang, page, err)
				}
				doc.Page, doc.Lang, doc.Updated = page, lang, DefaultsUpdated
				l.docs[key{d.Key, lang, page}] = doc
			}
		}
	}
	if dir == "" {
		return l, nil
	}
	if err := l.override(dir); err != nil {
		return nil, err
	}
	return l, nil
}

// override reads the operator's folder over the defaults.
func (l *Library) override(dir string) error {
	if st, err := os.Stat(dir); err != nil {
		return fmt.Errorf("legal: NOCES_LEGAL_DIR: %w", err)
	} else if !st.IsDir() {
		return fmt.Errorf("legal: NOCES_LEGAL_DIR: %s is not a folder", dir)
	}
	type file struct {
		domain i18n.Domain
		lang   string
		page   string
		path   string
	}
	var files []file
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if rel == "." {
			return nil
		}
		parts := strings.Split(filepath.ToSlash(rel), "/")
		if strings.HasPrefix(e.Name(), ".") {
			// A version-control folder, an editor's swap file: not a page.
			if e.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if e.IsDir() {
			if _, ok := domainOf(parts[0]); !ok || len(parts) > 1 {
				return fmt.Errorf("legal: %s: want one folder per domain (%s)", path, domainKeys())
			}
			return nil
		}
		if len(parts) != 2 {
			return fmt.Errorf("legal: %s: want <domain>/<page>.md or <domain>/<page>.<lang>.md", path)
		}
		d, _ := domainOf(parts[0])
		page, lang, ok := parseName(parts[1], d.Lang)
		if !ok {
			return fmt.Errorf("legal: %s: want <page>.md or <page>.<lang>.md, page one of %s, lang one of %s",
				path, strings.Join(Pages, ", "), strings.Join(Langs, ", "))
		}
		files = append(files, file{domain: d, lang: lang, page: page, path: path})
		return nil
	})
	if err != nil {
		return err
	}
	// The domain's own-language files first, so a translation read after
	// overrides what they spread to the other languages.
	slices.SortStableFunc(files, func(a, b file) int {
		return boolInt(a.lang != a.domain.Lang) - boolInt(b.lang != b.domain.Lang)
	})
	for _, f := range files {
		doc, err := readFile(f.path)
		if err != nil {
			return err
		}
		doc.Page, doc.Lang = f.page, f.lang
		if f.lang != f.domain.Lang {
			l.docs[key{f.domain.Key, f.lang, f.page}] = doc
			continue
		}
		for _, lang := range Langs {
			l.docs[key{f.domain.Key, lang, f.page}] = doc
		}
	}
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// readFile reads and renders one operator file.
func readFile(path string) (Doc, error) {
	f, err := os.Open(path)
	if err != nil {
		return Doc{}, fmt.Errorf("legal: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return Doc{}, fmt.Errorf("legal: %w", err)
	}
	if !st.Mode().IsRegular() {
		return Doc{}, fmt.Errorf("legal: %s: not a regular file", path)
	}
	// Read one byte past the limit, so a file grown since Stat is refused too.
	src, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return Doc{}, fmt.Errorf("legal: %s: %w", path, err)
	}
	doc, err := Render(src)
	if err != nil {
		return Doc{}, fmt.Errorf("legal: %s: %w", path, err)
	}
	doc.Updated = st.ModTime().UTC()
	return doc, nil
}

// parseName reads "<page>.md" (the domain's language) or
// "<page>.<lang>.md".
func parseName(name, domainLang string) (page, lang string, ok bool) {
	base, found := strings.CutSuffix(name, ".md")
	if !found {
		return "", "", false
	}
	page, lang, hasLang := strings.Cut(base, ".")
	if !hasLang {
		lang = domainLang
	}
	if !slices.Contains(Pages, page) || !slices.Contains(Langs, lang) {
		return "", "", false
	}
	return page, lang, true
}

func domainOf(k string) (i18n.Domain, bool) {
	d, ok := i18n.DomainByKey(k)
	return d, ok && d.Key == k
}

func domainKeys() string {
	keys := make([]string, len(i18n.Domains))
	for i, d := range i18n.Domains {
		keys[i] = d.Key
	}
	return strings.Join(keys, ", ")
}

// Get returns a domain's page in lang: the operator's file or the default.
func (l *Library) Get(domain, lang, page string) (Doc, bool) {
	d, ok := l.docs[key{domain, lang, page}]
	return d, ok
}

// Errors of Render.
var (
	ErrTooLarge = fmt.Errorf("longer than %d KiB", MaxFileSize>>10)
	ErrNotUTF8  = errors.New("not valid UTF-8")
	ErrNoTitle  = errors.New(`the first line must be the title, as "# Title"`)
	ErrEmpty    = errors.New("no text after the title")
)

var (
	markdown = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.Linkify))
	policy   = bluemonday.UGCPolicy()
)

// Render turns a Markdown page into its title and sanitized HTML. The first
// line is the title ("# Title"); raw HTML in the Markdown is dropped, and
// what the Markdown makes is sanitized again, so no script, style or event
// attribute survives whatever the input.
func Render(src []byte) (Doc, error) {
	if len(src) > MaxFileSize {
		return Doc{}, ErrTooLarge
	}
	if !utf8.Valid(src) || bytes.IndexByte(src, 0) >= 0 {
		return Doc{}, ErrNotUTF8
	}
	src = bytes.TrimPrefix(src, []byte("\uFEFF"))
	src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
	first, body, _ := bytes.Cut(src, []byte("\n"))
	title, ok := strings.CutPrefix(string(first), "# ")
	title = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(title), "#"))
	if !ok || title == "" || utf8.RuneCountInString(title) > 200 {
		return Doc{}, ErrNoTitle
	}
	var buf bytes.Buffer
	if err := markdown.Convert(body, &buf); err != nil {
		return Doc{}, err
	}
	html := strings.TrimSpace(policy.Sanitize(buf.String()))
	if html == "" {
		return Doc{}, ErrEmpty
	}
	return Doc{Title: title, HTML: html}, nil
}

// fill writes facts and the domain's own facts into a default text.
func fill(src []byte, f Facts, d i18n.Domain, inCountry string) []byte {
	r := strings.NewReplacer(
		"{{company}}", f.Company,
		"{{address}}", f.Address,
		"{{company_number}}", f.CompanyNumber,
		"{{email}}", f.Email,
		"{{director}}", f.Director,
		"{{host}}", f.Host,
		"{{in_country}}", inCountry,
		"{{authority}}", authorities[d.Key],
	)
	return []byte(r.Replace(string(src)))
}

// authorities are the data protection authorities a person of each domain's
// country complains to (GDPR article 77), by their own names.
var authorities = map[string]string{
	"fr": "Commission nationale de l'informatique et des libertés (CNIL), 3 place de Fontenoy, 75007 Paris, https://www.cnil.fr",
	"be": "Gegevensbeschermingsautoriteit / Autorité de protection des données, Drukpersstraat 35, 1000 Brussel, https://www.gegevensbeschermingsautoriteit.be",
	"uk": "Information Commissioner's Office (ICO), Wycliffe House, Water Lane, Wilmslow SK9 5AF, https://ico.org.uk",
	"de": "Die Bundesbeauftragte für den Datenschutz und die Informationsfreiheit (BfDI), Graurheindorfer Str. 153, 53117 Bonn, https://www.bfdi.bund.de, oder die Aufsichtsbehörde Ihres Bundeslandes",
	"it": "Garante per la protezione dei dati personali, Piazza Venezia 11, 00187 Roma, https://www.garanteprivacy.it",
	"es": "Agencia Española de Protección de Datos (AEPD), C/ Jorge Juan 6, 28001 Madrid, https://www.aepd.es",
	"pt": "Comissão Nacional de Proteção de Dados (CNPD), Av. D. Carlos I, 134, 1.º, 1200-651 Lisboa, https://www.cnpd.pt",
}
