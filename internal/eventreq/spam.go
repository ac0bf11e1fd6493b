package eventreq

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
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

// formTokens sign the time a form was served, so its fill time can be checked
// without storing anything or asking a third party.
type formTokens struct{ key []byte }

func (f formTokens) issue(now time.Time) string {
	ts := strconv.FormatInt(now.Unix(), 10)
	return ts + "." + f.sign(ts)
}

func (f formTokens) sign(ts string) string {
	m := hmac.New(sha256.New, f.key)
	m.Write([]byte("form:" + ts))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:16])
}

// check reports whether token is genuine and the form took a human's time.
func (f formTokens) check(token string, now time.Time) bool {
	ts, sig, ok := strings.Cut(token, ".")
	if !ok || !hmac.Equal([]byte(sig), []byte(f.sign(ts))) {
		return false
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return false
	}
	age := now.Sub(time.Unix(sec, 0))
	return age >= MinFillTime && age <= MaxFormAge
}
