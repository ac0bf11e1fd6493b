package linktoken

import (
	"encoding/base64"
	"strings"
	"testing"
)

func FuzzParse(f *testing.F) {
	tok, _ := New()
	for _, s := range []string{tok, "", "x", tok + "=", tok[:42], strings.Repeat("_", 43), strings.Repeat("A", 43), "%2e%2e/" + tok,
		strings.Repeat("é", 22), tok[:42] + "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		hash, ok := Parse(s)
		if !ok {
			if hash != "" {
				t.Fatal("a refused token has a hash")
			}
			return
		}
		// Only the canonical encoding of 32 bytes: one token, one spelling,
		// one hash.
		raw, err := base64.RawURLEncoding.DecodeString(s)
		if err != nil || len(raw) != Bytes || base64.RawURLEncoding.EncodeToString(raw) != s {
			t.Fatalf("accepted %q", s)
		}
		if hash != HashOf(raw) || len(hash) != 64 {
			t.Fatalf("hash %q", hash)
		}
	})
}

func TestTokensAreFreshAndParse(t *testing.T) {
	a, ha := New()
	b, _ := New()
	if a == b || len(a) != Len {
		t.Fatalf("%q %q", a, b)
	}
	if h, ok := Parse(a); !ok || h != ha || h == a {
		t.Errorf("%q %v", h, ok)
	}
}
