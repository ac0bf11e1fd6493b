package conversation

import (
	"time"

	"noces/internal/linktoken"
)

// A couple's link is /c/{token}: a linktoken (256 random bits, 43
// characters), of which only the SHA-256 is stored.
const tokenBytes = linktoken.Bytes

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
func newToken() (token, hash string) { return linktoken.New() }

func hashOf(raw []byte) string { return linktoken.HashOf(raw) }

// ParseToken checks a link token from a URL and returns the hash it is
// stored under; ok is false for anything that is not a token this package
// could have issued, which is then never looked up.
func ParseToken(s string) (hash string, ok bool) { return linktoken.Parse(s) }

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
