package account

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"testing"
	"time"
)

// signRaw makes an HS256 token of any header and claims, the way an
// attacker holding the key, or a future Sign, might write one.
func signRaw(key []byte, header, claims string) string {
	in := base64.RawURLEncoding.EncodeToString([]byte(header)) + "." + base64.RawURLEncoding.EncodeToString([]byte(claims))
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(in))
	return in + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// sameAsLibrary fails t when Parse and the JWT library disagree on token:
// whether it is accepted, and with which claims; and when parseOwn accepts
// a token the library refuses.
func sameAsLibrary(t *testing.T, s *Signer, token string, now time.Time) (fast bool) {
	t.Helper()
	got, gotErr := s.Parse(token, now)
	want, wantErr := s.parseJWT(token, now)
	if (gotErr == nil) != (wantErr == nil) || got != want {
		t.Fatalf("Parse(%q) = %+v, %v; the library says %+v, %v", token, got, gotErr, want, wantErr)
	}
	own, ok := s.parseOwn(token, now)
	if ok && (wantErr != nil || own != want) {
		t.Fatalf("parseOwn(%q) accepted %+v; the library says %+v, %v", token, own, want, wantErr)
	}
	return ok
}

const (
	stdHeader = `{"alg":"HS256","typ":"JWT"}`
	testKey   = "token-key-of-at-least-32-bytes-long!"
)

func TestParseOwnAgreesWithLibrary(t *testing.T) {
	s, err := NewSigner([]byte(testKey))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	exp := now.Add(time.Minute).Unix()
	iat := now.Unix()
	own := []Claims{
		{UserID: "u1", Role: "ROLE_PRESTATAIRE", SessionID: "s1"},
		{UserID: "u2", Role: "ROLE_ADMIN", ImpersonatorID: "a1", SessionID: "s2"},
		{UserID: "u3"},
	}
	for _, c := range own {
		tok, err := s.Sign(c, now)
		if err != nil {
			t.Fatal(err)
		}
		if !sameAsLibrary(t, s, tok, now) {
			t.Errorf("Sign's own token %q took the library's path", tok)
		}
		sameAsLibrary(t, s, tok, now.Add(AccessTTL))             // expired at exp exactly
		sameAsLibrary(t, s, tok, now.Add(AccessTTL-time.Second)) // the last second
		sameAsLibrary(t, s, tok[:len(tok)-1]+"B", now)
		other, _ := NewSigner([]byte("another-token-key-of-32-bytes-or-more"))
		if _, err := other.Parse(tok, now); err == nil {
			t.Errorf("another key accepted %q", tok)
		}
	}
	e, i := itoa(exp), itoa(iat)
	for _, tc := range []struct{ header, claims string }{
		{stdHeader, `{"role":"R","sub":"u","exp":` + e + `,"iat":` + i + `}`},
		{stdHeader, `{"sub":"u","exp":` + e + `}`},
		{stdHeader, `{"exp":` + e + `,"sub":"u","sid":"s","imp":"i","role":"R","iat":` + i + `}`},
		{stdHeader, `{"role":"R","sub":"","exp":` + e + `}`},
		{stdHeader, `{"role":"R","sub":"u"}`},
		{stdHeader, `{"sub":"u","exp":` + itoa(iat) + `}`},
		{stdHeader, `{"sub":"u","exp":` + e + `.5}`},
		{stdHeader, `{"sub":"u","exp":` + e + `e0}`},
		{stdHeader, `{"sub":"u","exp":0` + e + `}`},
		{stdHeader, `{"sub":"u","exp":"` + e + `"}`},
		{stdHeader, `{"sub":"u","exp":` + e + `,"nbf":` + e + `}`},
		{stdHeader, `{"sub":"u","exp":` + e + `,"aud":"x"}`},
		{stdHeader, `{"sub":"u","sub":"v","exp":` + e + `}`},
		{stdHeader, `{"Sub":"u","exp":` + e + `}`},
		{stdHeader, `{"sub":"u","SUB":"v","exp":` + e + `}`},
		{stdHeader, `{"sub":"u\u0041","exp":` + e + `}`},
		{stdHeader, `{"sub":"u\"v","exp":` + e + `}`},
		{stdHeader, "{\"sub\":\"caf\xc3\xa9\",\"exp\":" + e + "}"},
		{stdHeader, "{\"sub\":\"\xff\",\"exp\":" + e + "}"},
		{stdHeader, `{ "sub":"u","exp":` + e + `}`},
		{stdHeader, `{"sub":"u","exp":` + e + `} `},
		{stdHeader, `{"sub":"u","exp":` + e + `,}`},
		{stdHeader, `{"sub":"u","exp":` + e + `}{}`},
		{stdHeader, `{"sub":"u","exp":` + e + `,"iat":null}`},
		{stdHeader, `{"sub":"u","exp":null}`},
		{stdHeader, `{"sub":null,"exp":` + e + `}`},
		{stdHeader, `{"sub":"u","exp":99999999999999999999}`},
		{stdHeader, `{"sub":"u","exp":-1}`},
		{stdHeader, `[]`},
		{stdHeader, ``},
		{`{"alg":"HS256"}`, `{"sub":"u","exp":` + e + `}`},
		{`{"alg":"HS384","typ":"JWT"}`, `{"sub":"u","exp":` + e + `}`},
		{`{"alg":"none","typ":"JWT"}`, `{"sub":"u","exp":` + e + `}`},
		{`{"typ":"JWT","alg":"HS256"}`, `{"sub":"u","exp":` + e + `}`},
	} {
		tok := signRaw([]byte(testKey), tc.header, tc.claims)
		sameAsLibrary(t, s, tok, now)
		sameAsLibrary(t, s, tok+"A", now)
		sameAsLibrary(t, s, tok[:len(tok)-1], now)
	}
	for _, tok := range []string{"", ".", "..", "a.b.c", hs256Header + ".." + string(make([]byte, hs256SigLen)),
		hs256Header + "." + hs256Header + "." + hs256Header} {
		sameAsLibrary(t, s, tok, now)
	}
}

// TestParseAllocatesLittle keeps the check of a signed-in request's token
// cheap: one allocation, the claims' text.
func TestParseAllocatesLittle(t *testing.T) {
	s, err := NewSigner([]byte(testKey))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	tok, err := s.Sign(Claims{UserID: "0b6f9c1e-2f1d-4c55-9d0e-5d8d3f2e7a10", Role: "ROLE_PRESTATAIRE",
		SessionID: "5d8d3f2e-7a10-4c55-9d0e-0b6f9c1e2f1d"}, now)
	if err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(100, func() {
		if _, err := s.Parse(tok, now); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 1 {
		t.Errorf("Parse allocates %v times per token, want at most 1", allocs)
	}
}

// FuzzParseOwn signs arbitrary claims with the key, so the fuzzer reaches
// the claims reader behind the signature: parseOwn may accept only what
// the JWT library accepts, with the same claims.
func FuzzParseOwn(f *testing.F) {
	s, err := NewSigner([]byte(testKey))
	if err != nil {
		f.Fatal(err)
	}
	now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	f.Add(stdHeader, `{"role":"R","sid":"s","sub":"u","exp":1795684500,"iat":1795682700}`)
	f.Add(stdHeader, `{"sub":"u","exp":1795684500,"sub":"v"}`)
	f.Add(stdHeader, `{"sub":"u","exp":1795684500,"Role":"x"}`)
	f.Add(`{"alg":"none"}`, `{"sub":"u","exp":1795684500}`)
	f.Fuzz(func(t *testing.T, header, claims string) {
		sameAsLibrary(t, s, signRaw([]byte(testKey), header, claims), now)
	})
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
