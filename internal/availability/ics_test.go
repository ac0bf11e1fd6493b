package availability

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"noces/internal/secret"
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
	p, err := ParseICS(t.Context(), data, "2026-11-22", "2029-11-22", paris)
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
	if _, err := ParseICS(t.Context(), calendar(many...), "2026-11-22", "2029-11-22", paris); !errors.Is(err, ErrTooManyEvents) {
		t.Errorf("%d events: %v", MaxImportEvents+1, err)
	}
	// A daily rule from 1900 with no end is expanded up to the window's
	// end only, within the occurrence budget.
	start := time.Now()
	p, err := ParseICS(t.Context(), calendar("BEGIN:VEVENT", "DTSTART;VALUE=DATE:19000101", "RRULE:FREQ=DAILY", "END:VEVENT"),
		"2026-11-22", "2026-12-01", paris)
	if err != nil || len(p.Days) != 10 {
		t.Errorf("daily since 1900: %d days, %v", len(p.Days), err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("daily since 1900 took %v", d)
	}
	// Past the total budget of occurrences the whole file is refused:
	// two hundred daily rules over a window of three years. (Rules with
	// no COUNT start near the window, so their years before it cost
	// nothing.)
	var daily []string
	for range 200 {
		daily = append(daily, "BEGIN:VEVENT", "DTSTART;VALUE=DATE:20170101", "RRULE:FREQ=DAILY", "END:VEVENT")
	}
	if _, err := ParseICS(t.Context(), calendar(daily...), "2026-11-22", "2029-11-22", paris); !errors.Is(err, ErrTooManyRepeats) {
		t.Errorf("two hundred daily rules: %v", err)
	}
	if _, err := ParseICS(t.Context(), calendar(daily[:4*60]...), "2026-11-22", "2029-11-22", paris); err != nil {
		t.Errorf("sixty daily rules: %v", err)
	}
	for _, bad := range []string{"", "hello", "BEGIN:VCALENDAR\r\n", "BEGIN:VEVENT\r\nEND:VEVENT\r\n"} {
		if _, err := ParseICS(t.Context(), []byte(bad), "2026-11-22", "2029-11-22", paris); !errors.Is(err, ErrNotCalendar) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestFeedNames(t *testing.T) {
	tok, hash := secret.New()
	got, ok := ParseFeedName(tok + ".ics")
	if !ok || got != hash {
		t.Fatalf("a secret of ours was refused")
	}
	for _, bad := range []string{tok, tok[:42] + ".ics", tok + "=.ics", "../" + tok + ".ics", strings.ToUpper(tok) + "x.ics"} {
		if _, ok := ParseFeedName(bad); ok {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestParseICSOldRules(t *testing.T) {
	// A weekly rule since 1950 (Mondays) and a yearly one since 1980 (a
	// birthday) give their days of the window, each started near it by
	// whole periods; a monthly rule that never matches (30 February) since
	// 1900 gives nothing, and a rule with COUNT since 1900 is followed
	// from its start (its 5,000 days ended in 1913).
	data := calendar(
		"BEGIN:VEVENT", "UID:mondays@test", "DTSTART;VALUE=DATE:19500102", "RRULE:FREQ=WEEKLY", "END:VEVENT",
		"BEGIN:VEVENT", "UID:birthday@test", "DTSTART;VALUE=DATE:19800317", "RRULE:FREQ=YEARLY", "END:VEVENT",
		"BEGIN:VEVENT", "UID:never@test", "DTSTART;VALUE=DATE:19000101", "RRULE:FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30", "END:VEVENT",
		"BEGIN:VEVENT", "UID:counted@test", "DTSTART;VALUE=DATE:19000101", "RRULE:FREQ=DAILY;COUNT=5000", "END:VEVENT",
	)
	p, err := ParseICS(t.Context(), data, "2027-03-01", "2027-03-31", paris)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"2027-03-01", "2027-03-08", "2027-03-15", "2027-03-17", "2027-03-22", "2027-03-29"}, p.Days); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if p.Skipped != 0 {
		t.Errorf("skipped %d, want 0", p.Skipped)
	}
	// Many rules that match nothing, each searched from a period before
	// the window to its end: past the work budget the file is refused.
	// (The clock only catches a hang: attack_test.go bounds the CPU.)
	var never []string
	for range MaxImportEvents {
		never = append(never, "BEGIN:VEVENT", "DTSTART;VALUE=DATE:20170301", "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30", "END:VEVENT")
	}
	start := time.Now()
	if _, err := ParseICS(t.Context(), calendar(never...), "2027-03-01", "2030-03-01", paris); !errors.Is(err, ErrTooManyRepeats) {
		t.Errorf("5,000 rules that match nothing: %v", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("5,000 rules that match nothing took %v", d)
	}
}
