package secret

import (
	"encoding/base64"
	"strings"
	"testing"
)

// FuzzParse: only the canonical text of 32 bytes is accepted, and its hash
// is the hash of those bytes.
func FuzzParse(f *testing.F) {
	tok, _ := New()
	for _, s := range []string{tok, "", "x", tok[:42] + "=", tok[:42], strings.Repeat("_", 43), strings.Repeat("A", 43), "%2e%2e/" + tok,
		strings.Repeat("é", 22), tok[:42] + "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		hash, ok := Parse(s)
		if !ok {
			return
		}
		raw, err := base64.RawURLEncoding.Strict().DecodeString(s)
		if err != nil || len(raw) != Bytes || base64.RawURLEncoding.EncodeToString(raw) != s || hash != Hash(raw) {
			t.Fatalf("%q accepted as %q", s, hash)
		}
	})
}

func TestNewIsParsedBack(t *testing.T) {
	s, hash := New()
	if got, ok := Parse(s); !ok || got != hash {
		t.Fatalf("Parse(New()) = %q, %v; want %q", got, ok, hash)
	}
	if other, _ := New(); other == s {
		t.Fatal("two secrets alike")
	}
}
