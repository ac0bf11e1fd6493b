package account

import (
	"encoding/base64"
	"hash"
	"time"
)

// hs256Header is the header segment Sign writes on every token:
// base64url of {"alg":"HS256","typ":"JWT"}. A token whose header is exactly
// this has its algorithm pinned without decoding anything.
const hs256Header = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"

// hs256SigLen is the length of an HMAC-SHA256 in unpadded base64url.
const hs256SigLen = 43

// strictB64 decodes segments as the JWT library does with strict decoding.
var strictB64 = base64.RawURLEncoding.Strict()

// tokenScratch is one parseOwn's working memory, reused through the
// Signer's pool.
type tokenScratch struct {
	mac  hash.Hash // HMAC-SHA256 under the Signer's key
	in   []byte    // the signing input: header.claims
	raw  []byte    // the decoded claims
	sum  [32]byte
	want [hs256SigLen]byte
}

// parseOwn accepts token when it is written exactly as Sign writes tokens
// and the JWT library would accept it with the same claims: the HS256
// header byte for byte, a signature that is the canonical encoding of the
// HMAC of the first two segments (checked before the claims are read), and
// claims that are one flat JSON object of the fields Sign writes, each at
// most once, texts in printable ASCII without escapes, times as plain
// integers, a subject, and an expiry after now (the library's rule:
// now before exp). It returns false for anything else, valid or not, and
// Parse then asks the library: this path only ever says yes.
func (s *Signer) parseOwn(token string, now time.Time) (Claims, bool) {
	if len(token) < len(hs256Header)+2+hs256SigLen || token[:len(hs256Header)] != hs256Header ||
		token[len(hs256Header)] != '.' || token[len(token)-hs256SigLen-1] != '.' {
		return Claims{}, false
	}
	input := token[:len(token)-hs256SigLen-1]
	sig := token[len(token)-hs256SigLen:]
	payload := input[len(hs256Header)+1:]
	sc := s.scratch.Get().(*tokenScratch)
	defer s.scratch.Put(sc)
	sc.in = append(sc.in[:0], input...)
	sc.mac.Reset()
	sc.mac.Write(sc.in)
	sc.mac.Sum(sc.sum[:0])
	// A strict decoding has one spelling per value, so comparing the text
	// with the expected MAC's encoding is comparing the MACs; in constant
	// time, as hmac.Equal does.
	base64.RawURLEncoding.Encode(sc.want[:], sc.sum[:])
	var diff byte
	for i := range hs256SigLen {
		diff |= sig[i] ^ sc.want[i]
	}
	if diff != 0 {
		return Claims{}, false
	}
	n := strictB64.DecodedLen(len(payload))
	if cap(sc.raw) < n {
		sc.raw = make([]byte, n)
	}
	n, err := strictB64.Decode(sc.raw[:n], sc.in[len(hs256Header)+1:])
	if err != nil {
		return Claims{}, false
	}
	c, exp, ok := readOwnClaims(sc.raw[:n])
	if !ok || c.UserID == "" || !now.Before(time.Unix(exp, 0)) {
		return Claims{}, false
	}
	return c, true
}

// readOwnClaims reads the claims Sign writes, {"role":..,"imp":..,"sid":..,
// "sub":..,"exp":..,"iat":..} in any order and with imp and sid optional,
// and declines (false) any other shape, where encoding/json's leniencies
// (case-insensitive keys, the last of duplicates, escapes, unknown fields,
// fractions) would have to be copied. The texts share one allocation.
func readOwnClaims(raw []byte) (c Claims, exp int64, ok bool) {
	text := string(raw)
	const (
		seenRole = 1 << iota
		seenImp
		seenSid
		seenSub
		seenExp
		seenIat
	)
	seen := 0
	i := 0
	if len(text) < 2 || text[0] != '{' {
		return Claims{}, 0, false
	}
	i++
	for {
		key, next, ok := readPlainString(text, i)
		if !ok || next >= len(text) || text[next] != ':' {
			return Claims{}, 0, false
		}
		i = next + 1
		var bit int
		switch key {
		case "role", "imp", "sid", "sub":
			v, next, ok := readPlainString(text, i)
			if !ok {
				return Claims{}, 0, false
			}
			i = next
			switch key {
			case "role":
				bit, c.Role = seenRole, v
			case "imp":
				bit, c.ImpersonatorID = seenImp, v
			case "sid":
				bit, c.SessionID = seenSid, v
			default:
				bit, c.UserID = seenSub, v
			}
		case "exp", "iat":
			v, next, ok := readPlainInt(text, i)
			if !ok {
				return Claims{}, 0, false
			}
			i = next
			if bit = seenIat; key == "exp" {
				bit, exp = seenExp, v
			}
		default:
			return Claims{}, 0, false
		}
		if seen&bit != 0 {
			return Claims{}, 0, false
		}
		seen |= bit
		if i >= len(text) {
			return Claims{}, 0, false
		}
		switch text[i] {
		case ',':
			i++
			continue
		case '}':
			if i != len(text)-1 || seen&seenExp == 0 {
				return Claims{}, 0, false
			}
			return c, exp, true
		}
		return Claims{}, 0, false
	}
}

// readPlainString reads a JSON string at text[i] made of printable ASCII
// without escapes, and returns it and the index after its closing quote.
func readPlainString(text string, i int) (string, int, bool) {
	if i >= len(text) || text[i] != '"' {
		return "", 0, false
	}
	for j := i + 1; j < len(text); j++ {
		switch b := text[j]; {
		case b == '"':
			return text[i+1 : j], j + 1, true
		case b < 0x20 || b > 0x7e || b == '\\':
			return "", 0, false
		}
	}
	return "", 0, false
}

// readPlainInt reads a JSON number at text[i] that is a non-negative integer
// of at most 15 digits (exact as the float64 the library reads it as), with
// no leading zero, and returns it and the index after it.
func readPlainInt(text string, i int) (int64, int, bool) {
	var v int64
	j := i
	for j < len(text) && text[j] >= '0' && text[j] <= '9' {
		v = v*10 + int64(text[j]-'0')
		j++
	}
	if j == i || j-i > 15 || (text[i] == '0' && j-i > 1) {
		return 0, 0, false
	}
	// A fraction or exponent would follow the digits: not ours.
	if j < len(text) && (text[j] == '.' || text[j] == 'e' || text[j] == 'E') {
		return 0, 0, false
	}
	return v, j, true
}
