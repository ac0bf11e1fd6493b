// Package i18n holds the server-side texts (API error messages, e-mails, SMS,
// public pages) in the seven interface languages, the seven domains, and the
// negotiation of a request's language.
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"

	"golang.org/x/text/language"
)

// Langs are the interface languages, in a stable order.
var Langs = []string{"de", "en", "es", "fr", "it", "nl", "pt"}

// DefaultLang is the language of the default domain, used when nothing else decides.
const DefaultLang = "fr"

//go:embed locales
var localeFS embed.FS

// Bundle holds every text of every language. It is read-only after Load.
type Bundle struct {
	texts map[string]map[string]string // lang -> key -> text
}

// Load reads the embedded locale files. It fails when a language is missing,
// so a broken build cannot start.
func Load() (*Bundle, error) {
	return loadFS(localeFS, "locales")
}

// MustLoad is Load for tests and package initialisation of tools.
func MustLoad() *Bundle {
	b, err := Load()
	if err != nil {
		panic(err)
	}
	return b
}

// loadFS reads dir/<area>/<lang>.json for every area folder: each area (api,
// email, site, ...) keeps its own files, and a key defined by two areas is an
// error.
func loadFS(fsys fs.FS, dir string) (*Bundle, error) {
	b := &Bundle{texts: map[string]map[string]string{}}
	areas, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("i18n: %w", err)
	}
	for _, lang := range Langs {
		flat := map[string]string{}
		for _, area := range areas {
			if !area.IsDir() {
				continue
			}
			raw, err := fs.ReadFile(fsys, path.Join(dir, area.Name(), lang+".json"))
			if err != nil {
				return nil, fmt.Errorf("i18n: read %s/%s: %w", area.Name(), lang, err)
			}
			var nested map[string]any
			if err := json.Unmarshal(raw, &nested); err != nil {
				return nil, fmt.Errorf("i18n: parse %s/%s: %w", area.Name(), lang, err)
			}
			if err := flatten("", nested, flat); err != nil {
				return nil, fmt.Errorf("i18n: %s/%s: %w", area.Name(), lang, err)
			}
		}
		b.texts[lang] = flat
	}
	return b, nil
}

// flatten turns {"a":{"b":"x"}} into {"a.b":"x"}, the form keys are used in.
func flatten(prefix string, in map[string]any, out map[string]string) error {
	for k, v := range in {
		key := k
		if prefix != "" {
			key = prefix + "." + k
		}
		switch t := v.(type) {
		case string:
			if _, dup := out[key]; dup {
				return fmt.Errorf("key %q is defined twice", key)
			}
			out[key] = t
		case map[string]any:
			if err := flatten(key, t, out); err != nil {
				return err
			}
		default:
			return fmt.Errorf("key %q: want a string or an object, got %T", key, v)
		}
	}
	return nil
}

// Has reports whether lang has a text for key.
func (b *Bundle) Has(lang, key string) bool {
	_, ok := b.texts[lang][key]
	return ok
}

// Keys lists the keys of lang, sorted.
func (b *Bundle) Keys(lang string) []string {
	keys := make([]string, 0, len(b.texts[lang]))
	for k := range b.texts[lang] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// T returns the text of key in lang with {name} placeholders replaced by the
// pairs in kv ("name", "value", ...). An unknown language falls back to the
// default one; an unknown key returns the key itself, which the key tests
// catch before it reaches a user.
func (b *Bundle) T(lang, key string, kv ...string) string {
	texts, ok := b.texts[lang]
	if !ok {
		texts = b.texts[DefaultLang]
	}
	s, ok := texts[key]
	if !ok {
		return key
	}
	if len(kv) == 0 {
		return s
	}
	pairs := make([]string, 0, len(kv))
	for i := 0; i+1 < len(kv); i += 2 {
		pairs = append(pairs, "{"+kv[i]+"}", kv[i+1])
	}
	return strings.NewReplacer(pairs...).Replace(s)
}

// IsLang reports whether s is one of the seven interface languages.
func IsLang(s string) bool { return slices.Contains(Langs, s) }

// matchOrder pairs the matcher's tags with our language codes; French first
// because the matcher falls back to its first tag.
var matchOrder = []string{"fr", "de", "en", "es", "it", "nl", "pt"}

var matcher = language.NewMatcher([]language.Tag{
	language.French, language.German, language.English, language.Spanish,
	language.Italian, language.Dutch, language.Portuguese,
})

// Negotiate picks the interface language: the locale cookie when it names one
// of the seven, then the best match of Accept-Language, then the domain's
// default language.
func Negotiate(cookie, acceptLanguage, domainDefault string) string {
	if c := normalize(cookie); IsLang(c) {
		return c
	}
	if acceptLanguage != "" {
		if tags, _, err := language.ParseAcceptLanguage(acceptLanguage); err == nil && len(tags) > 0 {
			if _, idx, conf := matcher.Match(tags...); conf != language.No {
				return matchOrder[idx]
			}
		}
	}
	if IsLang(domainDefault) {
		return domainDefault
	}
	return DefaultLang
}

// normalize turns "fr-FR", "fr_FR" or "FR" into "fr".
func normalize(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if i := strings.IndexAny(s, "-_"); i > 0 {
		s = s[:i]
	}
	return s
}
