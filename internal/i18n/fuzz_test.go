package i18n

import (
	"testing"
)

// FuzzNegotiate checks the choice of the interface language from a cookie
// and an Accept-Language header, both sent by anyone: it is always one of
// the seven, a cookie naming one of them wins, and the language chosen, set
// as the cookie, is chosen again.
func FuzzNegotiate(f *testing.F) {
	for _, c := range [][3]string{{"", "de-CH,de;q=0.9,en;q=0.8", "fr"}, {"fr_FR", "en", "nl"}, {"EN", "", "fr"},
		{"", "", "pt"}, {"", "", "xx"}, {"", "*", "de"}, {"", "zh-Hant-TW;q=1, ja;q=0.5", "it"}, {"", "pt-BR;q=0.1,es;q=0.2", "fr"},
		{"", "en;q=abc", "es"}, {"", ";;;,,,q=1", "fr"}, {"x-klingon", "nl-BE", "fr"}, {"", "i-klingon, x-foo", "nl"},
		{"", "de-u-co-phonebk-ka-shifted", "fr"}, {"", "en-GB;q=0.0", "pt"}, {"-fr", "", ""}} {
		f.Add(c[0], c[1], c[2])
	}
	f.Fuzz(func(t *testing.T, cookie, accept, domain string) {
		got := Negotiate(cookie, accept, domain)
		if !IsLang(got) {
			t.Fatalf("Negotiate(%q, %q, %q) = %q, not one of %v", cookie, accept, domain, got, Langs)
		}
		if again := Negotiate(cookie, accept, domain); again != got {
			t.Fatalf("Negotiate(%q, %q, %q) = %q then %q", cookie, accept, domain, got, again)
		}
		if c := normalize(cookie); IsLang(c) && got != c {
			t.Fatalf("Negotiate(%q, %q, %q) = %q, not the cookie's language", cookie, accept, domain, got)
		}
		if Negotiate(got, accept, domain) != got {
			t.Fatalf("Negotiate(%q, %q, %q) = %q, but not with that as the cookie", cookie, accept, domain, got)
		}
		if accept == "" && !IsLang(normalize(cookie)) {
			want := domain
			if !IsLang(domain) {
				want = DefaultLang
			}
			if got != want {
				t.Fatalf("Negotiate(%q, \"\", %q) = %q, want the domain's %q", cookie, domain, got, want)
			}
		}
		for _, l := range Langs {
			if Negotiate("", l, domain) != l {
				t.Fatalf("Negotiate(\"\", %q, %q) = %q", l, domain, Negotiate("", l, domain))
			}
		}
	})
}
