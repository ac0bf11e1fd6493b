package availability

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/store"
)

// A feed's secret is 32 random bytes (256 bits) in unpadded base64url, 43
// characters; only its SHA-256 is stored.
const (
	secretBytes = 32
	secretLen   = 43
)

// FeedPath is the path of the feed of secret.
func FeedPath(secret string) string { return "/calendar/" + secret + ".ics" }

func newSecret() (secret, hash string) {
	b := make([]byte, secretBytes)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(b), hashOf(b)
}

func hashOf(raw []byte) string {
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

// ParseFeedName checks the last segment of a feed URL ("<secret>.ics") and
// returns the hash the secret is stored under; ok is false for anything this
// package could not have issued, which is then never looked up.
func ParseFeedName(name string) (hash string, ok bool) {
	secret, found := strings.CutSuffix(name, ".ics")
	if !found || len(secret) != secretLen {
		return "", false
	}
	raw, err := base64.RawURLEncoding.Strict().DecodeString(secret)
	if err != nil || len(raw) != secretBytes {
		return "", false
	}
	return hashOf(raw), true
}

// RenewFeed makes a new secret for o's feed and returns the feed's URL,
// the only time it is shown: the previous URL stops working.
func (s *Service) RenewFeed(ctx context.Context, o Owner) (string, error) {
	if err := s.Limiter.Allow(ctx, "availability:renew:"+o.UserID, renewRule); err != nil {
		return "", err
	}
	u, err := s.Store.GetUser(ctx, o.UserID)
	if err != nil {
		return "", err
	}
	secret, hash := newSecret()
	if err := s.Store.SetAvailabilityFeed(ctx, o.UserID, hash, s.Clock.Now()); err != nil {
		return "", err
	}
	return s.Links.ProURL(u.Domain, FeedPath(secret)), nil
}

// Feed returns the .ics feed whose URL ends in name: the company's days
// (its own and its venues') from 90 days ago to the end of the write
// window, in the company's language. An unknown or renewed secret is
// NotFound. Reads are limited per client address.
func (s *Service) Feed(ctx context.Context, name, clientIP string) ([]byte, error) {
	if err := s.Limiter.Allow(ctx, "availability:feed:"+clientIP, feedRule); err != nil {
		return nil, err
	}
	hash, ok := ParseFeedName(name)
	if !ok {
		return nil, apperr.New(apperr.NotFound, "errors.not_found")
	}
	owner, err := s.Store.AvailabilityFeedOwner(ctx, hash)
	if errors.Is(err, store.ErrNotFound) {
		return nil, apperr.New(apperr.NotFound, "errors.not_found")
	}
	if err != nil {
		return nil, err
	}
	u, err := s.Store.GetUser(ctx, owner)
	if err != nil {
		return nil, err
	}
	_, hi := s.writeWindow()
	from := s.today().AddDate(0, 0, -90).Format(time.DateOnly)
	days, err := s.Store.ListCompanyAvailability(ctx, owner, from, hi)
	if err != nil {
		return nil, err
	}
	venues, err := s.Store.ListOwnedVenueNames(ctx, owner)
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	for _, v := range venues {
		names[v.ID] = v.Name
	}
	lang := u.Locale
	title := s.Texts.T(lang, "availability.feed.title")
	var b bytes.Buffer
	line := func(name, value string) { writeLine(&b, name+":"+value) }
	line("BEGIN", "VCALENDAR")
	line("VERSION", "2.0")
	line("PRODID", "-//Noces//Availability//EN")
	line("CALSCALE", "GREGORIAN")
	line("METHOD", "PUBLISH")
	line("X-WR-CALNAME", escapeText(title))
	stamp := s.Clock.Now().UTC().Format("20060102T150405Z")
	for _, d := range days {
		t, _ := time.Parse(time.DateOnly, d.Day)
		summary := s.Texts.T(lang, "availability.feed."+d.Status)
		calendar := "company"
		if d.VenueID != "" {
			calendar = d.VenueID
			summary += " — " + names[d.VenueID]
		}
		line("BEGIN", "VEVENT")
		line("UID", t.Format("20060102")+"-"+calendar+"@noces")
		line("DTSTAMP", stamp)
		line("DTSTART;VALUE=DATE", t.Format("20060102"))
		line("DTEND;VALUE=DATE", t.AddDate(0, 0, 1).Format("20060102"))
		line("SUMMARY", escapeText(summary))
		line("TRANSP", "OPAQUE")
		line("END", "VEVENT")
	}
	line("END", "VCALENDAR")
	return b.Bytes(), nil
}

// escapeText escapes a TEXT value (RFC 5545 3.3.11).
func escapeText(s string) string {
	return strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\r\n", `\n`, "\n", `\n`, "\r", `\n`).Replace(s)
}

// writeLine writes one content line folded at 75 octets, never inside a
// UTF-8 character, each line ending in CRLF.
func writeLine(b *bytes.Buffer, l string) {
	limit := 75
	for len(l) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(l[cut]) {
			cut--
		}
		b.WriteString(l[:cut])
		b.WriteString("\r\n ")
		l = l[cut:]
		limit = 74 // the leading space counts
	}
	b.WriteString(l)
	b.WriteString("\r\n")
}
