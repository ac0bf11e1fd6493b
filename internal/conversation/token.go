package conversation

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"time"
)

// A couple's link is /c/{token}: 32 random bytes (256 bits) in unpadded
// base64url, 43 characters. Only its SHA-256 is stored.
const (
	tokenBytes = 32
	tokenLen   = 43
)

// Link lifetime. A conversation's links expire 60 days after the event
// (the wedding is over, the provider has nothing more to discuss), or 30
// days after the couple closed its project with an outcome other than
// "still looking" (booked or postponed: a month to settle the details),
// whichever comes first.
const (
	AfterEvent  = 60 * 24 * time.Hour
	AfterClosed = 30 * 24 * time.Hour
)

// newToken returns a fresh link token and the hash stored for it.
func newToken() (token, hash string) {
	b := make([]byte, tokenBytes)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(b), hashOf(b)
}

func hashOf(raw []byte) string {
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

// ParseToken checks a link token from a URL and returns the hash it is
// stored under; ok is false for anything that is not a token this package
// could have issued (wrong length, alphabet, padding or a non-canonical
// encoding), which is then never looked up.
func ParseToken(s string) (hash string, ok bool) {
	if len(s) != tokenLen {
		return "", false
	}
	raw, err := base64.RawURLEncoding.Strict().DecodeString(s)
	if err != nil || len(raw) != tokenBytes {
		return "", false
	}
	return hashOf(raw), true
}

// TokenExpiry is when the links of a request whose event is on eventDate
// (YYYY-MM-DD) expire, given the project's outcome (closed at closedAt
// when closed is true).
func TokenExpiry(eventDate string, outcome string, closedAt time.Time, closed bool) time.Time {
	end, err := time.Parse(time.DateOnly, eventDate)
	if err != nil {
		// A project's date is validated on the way in; a broken one
		// leaves no link open.
		return time.Time{}
	}
	exp := end.Add(AfterEvent)
	if closed && outcome != "still_looking" {
		if c := closedAt.Add(AfterClosed); c.Before(exp) {
			exp = c
		}
	}
	return exp
}
