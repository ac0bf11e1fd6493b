package availability

import (
	"context"
	"strings"
	"testing"

	"noces/internal/secret"
)

// FuzzParseICS: no file makes the import crash, loop or return a day out of
// its window or out of order.
func FuzzParseICS(f *testing.F) {
	f.Add(calendar("BEGIN:VEVENT", "DTSTART;VALUE=DATE:20270612", "DTEND;VALUE=DATE:20270614", "END:VEVENT"))
	f.Add(calendar("BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Europe/Paris:20270301T180000", "RRULE:FREQ=WEEKLY;COUNT=5",
		"EXDATE;TZID=Europe/Paris:20270315T180000", "END:VEVENT"))
	f.Add(calendar("BEGIN:VEVENT", "UID:a", "RECURRENCE-ID;VALUE=DATE:20271011", "DTSTART:20271012T100000Z", "DURATION:P3D", "END:VEVENT"))
	f.Add(calendar("BEGIN:VEVENT", "DTSTART;TZID=Nowhere/City:20270301T180000", "RRULE:FREQ=MONTHLY;BYDAY=-1FR;BYSETPOS=1", "END:VEVENT"))
	f.Add([]byte("BEGIN:VCALENDAR\nBEGIN:VEVENT\nBEGIN:VALARM\nEND:VEVENT\nEND:VCALENDAR"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > MaxImportBytes {
			return
		}
		p, err := ParseICS(context.Background(), data, "2026-11-22", "2027-11-22", paris)
		if err != nil {
			return
		}
		prev := ""
		for _, d := range p.Days {
			if d < "2026-11-22" || d > "2027-11-22" || d <= prev {
				t.Fatalf("day %q after %q", d, prev)
			}
			prev = d
		}
	})
}

// FuzzParseFeedName: only a canonical secret of ours is ever looked up.
func FuzzParseFeedName(f *testing.F) {
	token, _ := secret.New()
	f.Add(token + ".ics")
	f.Add("x.ics")
	f.Add(strings.Repeat("A", 43) + ".ics")
	f.Fuzz(func(t *testing.T, name string) {
		hash, ok := ParseFeedName(name)
		if !ok {
			return
		}
		if len(hash) != 64 || !strings.HasSuffix(name, ".ics") || len(name) != secret.Len+4 {
			t.Fatalf("%q accepted as %q", name, hash)
		}
	})
}
