package legal

import (
	"strings"
	"testing"
	"time"

	"noces/internal/account"
	"noces/internal/eventreq"
	"noces/internal/ratelimit"
)

// The defaults state the code's figures: when one changes, this fails and
// says which texts to change in every language.
func TestTheDefaultsSayWhatTheCodeDoes(t *testing.T) {
	l, err := load(t, "")
	if err != nil {
		t.Fatal(err)
	}
	facts := []struct {
		got, want time.Duration
		page      string
		text      string
	}{
		{account.AccessTTL, 15 * time.Minute, "cookies", "valid 15 minutes"},
		{account.RefreshTTL, 30 * 24 * time.Hour, "cookies", "valid 30 days"},
		{account.RefreshTTL, 30 * 24 * time.Hour, "privacy", "Sessions: 30 days from the last use"},
		{account.ResetTTL, time.Hour, "privacy", "A password reset link is valid one hour"},
		{account.PhoneCodeTTL, 10 * time.Minute, "privacy", "a phone code 10 minutes"},
		{ratelimit.Retention, 48 * time.Hour, "privacy", "is kept for 48 hours"},
		{time.Duration(eventreq.MaxMatches), 8, "privacy", "eight professionals at most"},
		{time.Duration(eventreq.MaxMatches), 8, "terms", "eight professionals at most"},
	}
	for _, f := range facts {
		doc, _ := l.Get("uk", "en", f.page)
		if f.got != f.want || !strings.Contains(doc.HTML, f.text) {
			t.Errorf("%s says %q, the code has %v: change internal/legal/defaults/*/%s.md in every language", f.page, f.text, f.got, f.page)
		}
	}
}
