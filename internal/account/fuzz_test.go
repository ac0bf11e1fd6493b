package account

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// FuzzSignerParse checks the access-token check with tokens an attacker
// writes: Parse accepts only a token whose signature is the HMAC-SHA256 of
// its header and claims under the key, written the one canonical way, with
// the HS256 header, a subject and an expiry still to come. A token signed
// with another key, or changed in any byte, is refused; a token it signed
// reads back as it was issued.
func FuzzSignerParse(f *testing.F) {
	key := []byte("fuzz-token-key-of-at-least-32-bytes!")
	s, err := NewSigner(key)
	if err != nil {
		f.Fatal(err)
	}
	other, _ := NewSigner([]byte("another-token-key-of-32-bytes-or-more"))
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	good, err := s.Sign(Claims{UserID: "0b6f9c1e-user", Role: "ROLE_ADMIN", SessionID: "sess"}, now)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good, "0b6f9c1e-user", "ROLE_PRESTATAIRE", "", uint16(0), byte('A'))
	// The same signature bytes written another way: the last character of
	// a 32-byte signature carries 2 bits, the other 4 must be zero.
	f.Add(good[:len(good)-1]+string(good[len(good)-1]^1), "u", "", "", uint16(0), byte(0))
	f.Add(good+"x", "u", "ROLE_ADMIN", "admin", uint16(len(good)-1), byte('B'))
	f.Add(strings.Replace(good, "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9", "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0", 1), "", "", "", uint16(5), byte('.'))
	f.Add("eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.", "x", "", "", uint16(3), byte(0))
	f.Add("..", "\xff", "", "", uint16(1), byte('='))
	f.Add("", "", "", "", uint16(0), byte(0))
	f.Fuzz(func(t *testing.T, token, userID, role, imp string, at uint16, b byte) {
		if c, err := s.Parse(token, now); err == nil {
			checkAccepted(t, key, token, now)
			if c.UserID == "" {
				t.Fatalf("Parse(%q) accepted a token without subject", token)
			}
		}
		if _, err := other.Parse(token, now); err == nil {
			if _, err := s.Parse(token, now); err == nil {
				t.Fatalf("Parse(%q) accepted under two keys", token)
			}
		}
		// Issue a token for the fuzzer's claims: it reads back as issued,
		// only with the key that signed it, only while it is valid, and
		// not at all once one byte is changed.
		in := Claims{UserID: userID, Role: role, ImpersonatorID: imp, SessionID: "sid"}
		tok, err := s.Sign(in, now)
		if err != nil {
			t.Fatalf("Sign(%+v): %v", in, err)
		}
		c, err := s.Parse(tok, now.Add(time.Minute))
		switch {
		case userID == "" && err == nil:
			t.Fatalf("Parse accepted a token without subject")
		case userID != "" && err != nil:
			t.Fatalf("Parse refused its own token for %+v: %v", in, err)
		case err == nil && utf8.ValidString(userID+role+imp) && c != in:
			t.Fatalf("Parse(Sign(%+v)) = %+v", in, c)
		}
		if _, err := other.Parse(tok, now); err == nil {
			t.Fatalf("a token signed with another key was accepted")
		}
		if _, err := s.Parse(tok, now.Add(AccessTTL+time.Second)); err == nil {
			t.Fatalf("an expired token was accepted")
		}
		i := int(at) % len(tok)
		if tok[i] != b {
			changed := tok[:i] + string([]byte{b}) + tok[i+1:]
			if _, err := s.Parse(changed, now); err == nil {
				t.Fatalf("Parse accepted %q, %q changed at %d", changed, tok, i)
			}
		}
	})
}

// checkAccepted fails t unless token is three segments whose signature is
// the canonical HMAC-SHA256 of the first two under key, with an HS256
// header and an expiry after now.
func checkAccepted(t *testing.T, key []byte, token string, now time.Time) {
	t.Helper()
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		t.Fatalf("Parse accepted %q, not three segments", token)
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(parts[0] + "." + parts[1]))
	if want := base64.RawURLEncoding.EncodeToString(mac.Sum(nil)); parts[2] != want {
		t.Fatalf("Parse accepted %q whose signature is not %q", token, want)
	}
	var header struct {
		Alg string `json:"alg"`
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[0])
	if err != nil || json.Unmarshal(raw, &header) != nil || header.Alg != "HS256" {
		t.Fatalf("Parse accepted %q with the header %q", token, raw)
	}
	var claims struct {
		Exp float64 `json:"exp"`
	}
	raw, err = base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil || json.Unmarshal(raw, &claims) != nil || claims.Exp <= float64(now.Unix()) {
		t.Fatalf("Parse accepted %q with the claims %q", token, raw)
	}
}
