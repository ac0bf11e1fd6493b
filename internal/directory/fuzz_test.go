package directory

import (
	"encoding/base64"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func FuzzParseInvitationToken(f *testing.F) {
	tok, _ := NewInvitationToken()
	for _, s := range []string{tok, "", "x", tok + "=", tok[:42], strings.Repeat("_", 43), strings.Repeat("A", 43), "%2e%2e/" + tok,
		strings.Repeat("é", 22), tok[:42] + "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		hash, ok := ParseInvitationToken(s)
		if !ok {
			if hash != "" {
				t.Fatal("a refused token has a hash")
			}
			return
		}
		// Only the canonical encoding of 32 bytes: one token, one spelling,
		// one hash.
		raw, err := base64.RawURLEncoding.DecodeString(s)
		if err != nil || len(raw) != inviteTokenBytes || base64.RawURLEncoding.EncodeToString(raw) != s {
			t.Fatalf("accepted %q", s)
		}
		if hash != inviteHash(raw) || len(hash) != 64 {
			t.Fatalf("hash %q", hash)
		}
	})
}

func TestInvitationTokensAreFreshAndParse(t *testing.T) {
	a, ha := NewInvitationToken()
	b, _ := NewInvitationToken()
	if a == b || len(a) != inviteTokenLen {
		t.Fatalf("%q %q", a, b)
	}
	if h, ok := ParseInvitationToken(a); !ok || h != ha || h == a {
		t.Errorf("%q %v", h, ok)
	}
}

func FuzzCheckReply(f *testing.F) {
	for _, s := range []string{"", " ", "Merci !", "a\r\nb", "\x00", "é", strings.Repeat("é", MaxReplyRunes+1), "\xff", "\t x \n", "</script>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := checkReply(s)
		if err != nil {
			if out != "" {
				t.Fatal("a refused reply has a text")
			}
			return
		}
		if out == "" || out != strings.TrimSpace(out) || !utf8.ValidString(out) || utf8.RuneCountInString(out) > MaxReplyRunes ||
			strings.Contains(out, "\r\n") {
			t.Fatalf("accepted %q as %q", s, out)
		}
		for _, r := range out {
			if unicode.IsControl(r) && r != '\n' && r != '\t' && r != '\r' {
				t.Fatalf("control %U in %q", r, out)
			}
		}
	})
}
