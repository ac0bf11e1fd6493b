package conversation

import (
	"encoding/base64"
	"html"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

func FuzzParseToken(f *testing.F) {
	tok, _ := newToken()
	for _, s := range []string{tok, "", "x", tok + "=", tok[:42], strings.Repeat("_", 43), strings.Repeat("A", 43), "%2e%2e/" + tok} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		hash, ok := ParseToken(s)
		if !ok {
			if hash != "" {
				t.Fatal("a refused token has a hash")
			}
			return
		}
		// Only a canonical encoding of 32 bytes is accepted: one token,
		// one spelling, one hash.
		raw, err := base64.RawURLEncoding.DecodeString(s)
		if err != nil || len(raw) != tokenBytes || base64.RawURLEncoding.EncodeToString(raw) != s {
			t.Fatalf("accepted %q", s)
		}
		if hash != hashOf(raw) || len(hash) != 64 {
			t.Fatalf("hash %q", hash)
		}
	})
}

// anchor matches the only markup Linkify writes.
var anchor = regexp.MustCompile(`<a href="([^"<>]*)" rel="nofollow noopener noreferrer ugc">([^<>]*)</a>`)

func FuzzLinkify(f *testing.F) {
	for _, s := range []string{"", "see https://example.com/a?b=1&c=<2>.", "www.example.com)", "(https://x.fr/a_(b))",
		`<script>alert(1)</script> javascript:alert(1) https://"onmouseover=x`, "http://", "https://é.fr/ü", "a\nb https://x.y/\"'",
		"HTTPS://EXAMPLE.COM", "www.", "https://[::1]/", "https://a.b/%zz"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return // messages are valid UTF-8 (CheckBody)
		}
		out := string(Linkify(s))
		// Remove the links: what is left has no markup at all.
		plain := anchor.ReplaceAllStringFunc(out, func(a string) string {
			m := anchor.FindStringSubmatch(a)
			href := html.UnescapeString(m[1])
			if !strings.HasPrefix(href, "http://") && !strings.HasPrefix(href, "https://") {
				t.Fatalf("link to %q in %q", href, out)
			}
			return m[2]
		})
		if strings.ContainsAny(plain, "<>\"'") {
			t.Fatalf("markup left in %q (from %q)", plain, s)
		}
		// And the text reads exactly as written.
		if got := html.UnescapeString(plain); got != s {
			t.Fatalf("text %q became %q", s, got)
		}
	})
}
