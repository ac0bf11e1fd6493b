package eventreq

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strconv"
	"strings"
	"time"
)

// A form filled faster than MinFillTime is a robot's; a token older than
// MaxFormAge is a stale page.
const (
	MinFillTime = 3 * time.Second
	MaxFormAge  = 24 * time.Hour
)

// spentTokenMargin is kept beyond MaxFormAge before a spent token is
// forgotten, so servers whose clocks differ a little never accept a token
// another one has already pruned.
const spentTokenMargin = time.Hour

// nonceBytes is the randomness that makes two forms served in the same
// second carry different tokens, so spending one never spends the other.
const nonceBytes = 12

// formTokens sign the time a form was served and a random nonce, so its fill
// time can be checked without asking a third party. The signature proves the
// server issued it; the spent_form_tokens table makes it good for one
// project only.
type formTokens struct{ key []byte }

// formToken is a verified token: when its form was served and the key under
// which it is recorded once spent.
type formToken struct {
	IssuedAt time.Time
	// ID is the hex SHA-256 of the signed part: the token itself is never
	// stored, and the ID cannot be turned back into a usable token.
	ID string
}

func (f formTokens) issue(now time.Time) string {
	var b [nonceBytes]byte
	if _, err := rand.Read(b[:]); err != nil {
		// crypto/rand never fails on the platforms Go supports.
		panic("eventreq: no randomness: " + err.Error())
	}
	body := strconv.FormatInt(now.Unix(), 10) + "." + base64.RawURLEncoding.EncodeToString(b[:])
	return body + "." + f.sign(body)
}

func (f formTokens) sign(body string) string {
	m := hmac.New(sha256.New, f.key)
	m.Write([]byte("form:" + body))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:16])
}

// verify reports whether token is genuine and the form took a human's time,
// and returns what identifies it. It says nothing of whether the token was
// already spent: that is the store's unique key, in the project's
// transaction.
func (f formTokens) verify(token string, now time.Time) (formToken, bool) {
	// A genuine token is short; anything longer is not worth a hash.
	if len(token) > 128 {
		return formToken{}, false
	}
	cut := strings.LastIndexByte(token, '.')
	if cut < 0 {
		return formToken{}, false
	}
	body, sig := token[:cut], token[cut+1:]
	if !hmac.Equal([]byte(sig), []byte(f.sign(body))) {
		return formToken{}, false
	}
	ts, nonce, ok := strings.Cut(body, ".")
	if !ok || nonce == "" {
		return formToken{}, false
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return formToken{}, false
	}
	issued := time.Unix(sec, 0).UTC()
	age := now.Sub(issued)
	if age < MinFillTime || age > MaxFormAge {
		return formToken{}, false
	}
	sum := sha256.Sum256([]byte(body))
	return formToken{IssuedAt: issued, ID: hex.EncodeToString(sum[:])}, true
}
