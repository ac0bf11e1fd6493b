package availability

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// crlf joins lines as an .ics file does.
func crlf(lines ...string) []byte { return []byte(strings.Join(lines, "\r\n") + "\r\n") }

func calendar(events ...string) []byte {
	return crlf("BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", strings.Join(events, "\r\n"), "END:VCALENDAR")
}

var paris, _ = time.LoadLocation("Europe/Paris")

func TestParseICSGivesExactlyTheDaysTheEventsTake(t *testing.T) {
	data := calendar(
		// Weekly on Mondays at 18:00 in Paris, five times, the third
		// excepted; the last one is after the change to summer time.
		"BEGIN:VEVENT", "UID:weekly@test", "DTSTAMP:20261101T000000Z",
		"DTSTART;TZID=Europe/Paris:20270301T180000", "DTEND;TZID=Europe/Paris:20270301T200000",
		"RRULE:FREQ=WEEKLY;COUNT=5", "EXDATE;TZID=Europe/Paris:20270315T180000", "END:VEVENT",
		// Two whole days: DTEND is exclusive.
		"BEGIN:VEVENT", "UID:allday@test", "DTSTART;VALUE=DATE:20270612", "DTEND;VALUE=DATE:20270614", "END:VEVENT",
		// 23:00 to 01:00 in Paris, written in UTC: two days.
		"BEGIN:VEVENT", "UID:night@test", "DTSTART:20270701T210000Z", "DTEND:20270701T230000Z", "END:VEVENT",
		// Ends at midnight: the next day stays free.
		"BEGIN:VEVENT", "UID:evening@test", "DTSTART;TZID=Europe/Paris:20270801T200000",
		"DTEND;TZID=Europe/Paris:20270802T000000", "END:VEVENT",
		// Daily with two dates excepted in one EXDATE.
		"BEGIN:VEVENT", "UID:daily@test", "DTSTART;VALUE=DATE:20271101", "RRULE:FREQ=DAILY;UNTIL=20271105",
		"EXDATE;VALUE=DATE:20271102,20271104", "END:VEVENT",
		// A weekly series whose second instance moved to the Tuesday.
		"BEGIN:VEVENT", "UID:moved@test", "DTSTART;VALUE=DATE:20271004", "RRULE:FREQ=WEEKLY;COUNT=2", "END:VEVENT",
		"BEGIN:VEVENT", "UID:moved@test", "RECURRENCE-ID;VALUE=DATE:20271011", "DTSTART;VALUE=DATE:20271012", "END:VEVENT",
		// Skipped: cancelled, transparent (free time), finer than daily.
		"BEGIN:VEVENT", "UID:cancelled@test", "STATUS:CANCELLED", "DTSTART;VALUE=DATE:20270901", "END:VEVENT",
		"BEGIN:VEVENT", "UID:free@test", "TRANSP:TRANSPARENT", "DTSTART;VALUE=DATE:20270902", "END:VEVENT",
		"BEGIN:VEVENT", "UID:hourly@test", "DTSTART:20270903T100000Z", "RRULE:FREQ=HOURLY", "END:VEVENT",
		// Outside the window: read, but gives no day.
		"BEGIN:VEVENT", "UID:far@test", "DTSTART;VALUE=DATE:20300101", "END:VEVENT",
	)
	p, err := ParseICS(data, "2026-11-22", "2029-11-22", paris)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"2027-03-01", "2027-03-08", "2027-03-22", "2027-03-29",
		"2027-06-12", "2027-06-13",
		"2027-07-01", "2027-07-02",
		"2027-08-01",
		"2027-10-04", "2027-10-12",
		"2027-11-01", "2027-11-03", "2027-11-05",
	}
	if diff := cmp.Diff(want, p.Days); diff != "" {
		t.Errorf("days (-want +got):\n%s", diff)
	}
	if p.Events != 11 || p.Skipped != 3 {
		t.Errorf("events %d, skipped %d; want 11 and 3", p.Events, p.Skipped)
	}
}

func TestParseICSBounds(t *testing.T) {
	var many []string
	for range MaxImportEvents + 1 {
		many = append(many, "BEGIN:VEVENT", "DTSTART;VALUE=DATE:20270101", "END:VEVENT")
	}
	if _, err := ParseICS(calendar(many...), "2026-11-22", "2029-11-22", paris); !errors.Is(err, ErrTooManyEvents) {
		t.Errorf("%d events: %v", MaxImportEvents+1, err)
	}
	// A daily rule from 1900 with no end is expanded up to the window's
	// end only, within the occurrence budget.
	start := time.Now()
	p, err := ParseICS(calendar("BEGIN:VEVENT", "DTSTART;VALUE=DATE:19000101", "RRULE:FREQ=DAILY", "END:VEVENT"),
		"2026-11-22", "2026-12-01", paris)
	if err != nil || len(p.Days) != 10 {
		t.Errorf("daily since 1900: %d days, %v", len(p.Days), err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("daily since 1900 took %v", d)
	}
	// Past the total budget the whole file is refused.
	var daily []string
	for range 6 {
		daily = append(daily, "BEGIN:VEVENT", "DTSTART;VALUE=DATE:19000101", "RRULE:FREQ=DAILY", "END:VEVENT")
	}
	if _, err := ParseICS(calendar(daily...), "2026-11-22", "2029-11-22", paris); !errors.Is(err, ErrTooManyRepeats) {
		t.Errorf("six daily rules since 1900: %v", err)
	}
	for _, bad := range []string{"", "hello", "BEGIN:VCALENDAR\r\n", "BEGIN:VEVENT\r\nEND:VEVENT\r\n"} {
		if _, err := ParseICS([]byte(bad), "2026-11-22", "2029-11-22", paris); !errors.Is(err, ErrNotCalendar) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestFeedNames(t *testing.T) {
	secret, hash := newSecret()
	got, ok := ParseFeedName(secret + ".ics")
	if !ok || got != hash {
		t.Fatalf("a secret of ours was refused")
	}
	for _, bad := range []string{secret, secret[:42] + ".ics", secret + "=.ics", "../" + secret + ".ics", strings.ToUpper(secret) + "x.ics"} {
		if _, ok := ParseFeedName(bad); ok {
			t.Errorf("%q accepted", bad)
		}
	}
}
