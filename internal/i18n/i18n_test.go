package i18n

import (
	"regexp"
	"slices"
	"testing"
)

var placeholder = regexp.MustCompile(`\{[a-zA-Z]+\}`)

func TestEveryLanguageHasEveryKey(t *testing.T) {
	b := MustLoad()
	ref := b.Keys(DefaultLang)
	if len(ref) == 0 {
		t.Fatal("the French locale has no keys")
	}
	all := map[string]bool{}
	for _, lang := range Langs {
		for _, k := range b.Keys(lang) {
			all[k] = true
		}
	}
	for _, lang := range Langs {
		for k := range all {
			text, ok := b.texts[lang][k]
			if !ok {
				t.Errorf("%s: missing key %q", lang, k)
				continue
			}
			if text == "" {
				t.Errorf("%s: key %q is empty", lang, k)
			}
			// A placeholder missing in one language would show raw data in another.
			want := placeholder.FindAllString(b.texts[DefaultLang][k], -1)
			got := placeholder.FindAllString(text, -1)
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(want, got) {
				t.Errorf("%s: key %q has placeholders %v, French has %v", lang, k, got, want)
			}
		}
	}
}

func TestTReplacesPlaceholdersAndFallsBack(t *testing.T) {
	b := &Bundle{texts: map[string]map[string]string{
		"fr": {"hello": "Bonjour {name}"},
		"en": {"hello": "Hello {name}"},
	}}
	if got := b.T("en", "hello", "name", "Ana"); got != "Hello Ana" {
		t.Errorf("T(en) = %q", got)
	}
	if got := b.T("xx", "hello", "name", "Ana"); got != "Bonjour Ana" {
		t.Errorf("an unknown language should fall back to French, got %q", got)
	}
	if got := b.T("en", "nope"); got != "nope" {
		t.Errorf("an unknown key should come back as itself, got %q", got)
	}
}

func TestNegotiate(t *testing.T) {
	tests := []struct {
		name, cookie, accept, domain, want string
	}{
		{"the cookie wins over everything", "de", "en-GB,en;q=0.9", "fr", "de"},
		{"a regional cookie counts", "pt-PT", "", "fr", "pt"},
		{"an unknown cookie is ignored", "ja", "es-ES,es;q=0.9", "fr", "es"},
		{"Accept-Language picks the best of the seven", "", "ja, nl-BE;q=0.8, en;q=0.5", "fr", "nl"},
		{"a language outside the seven falls to the domain", "", "ja, zh;q=0.8", "it", "it"},
		{"nothing at all gives the domain default", "", "", "uk", "fr"},
		{"nothing at all with a language default", "", "", "en", "en"},
		{"a malformed header falls to the domain", "", ";;;=", "de", "de"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Negotiate(tc.cookie, tc.accept, tc.domain); got != tc.want {
				t.Errorf("Negotiate(%q, %q, %q) = %q, want %q", tc.cookie, tc.accept, tc.domain, got, tc.want)
			}
		})
	}
}
