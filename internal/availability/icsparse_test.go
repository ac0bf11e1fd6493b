package availability

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	ical "github.com/emersion/go-ical"
	"github.com/google/go-cmp/cmp"
)

// describe writes what the import reads of each event, one line each.
func describe(events []vevent) []string {
	one := func(p *prop) string {
		if p == nil {
			return "-"
		}
		return fmt.Sprintf("%q/%v/%q", p.value, p.date, p.tzid)
	}
	var out []string
	for _, e := range events {
		s := strings.Join([]string{one(e.start), one(e.end), one(e.duration), one(e.rule), one(e.recurrenceID),
			fmt.Sprintf("%q %q %q", e.uid, e.status, e.transp)}, " ")
		for _, p := range e.exdates {
			s += " EX" + one(&p)
		}
		for _, p := range e.rdates {
			s += " R" + one(&p)
		}
		out = append(out, s)
	}
	return out
}

// libraryEvents reads data with go-ical and describes its events as
// describe does; a panic of the decoder is an error.
func libraryEvents(data []byte) (out []string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	cal, err := ical.NewDecoder(bytes.NewReader(data)).Decode()
	if err != nil {
		return nil, err
	}
	var events []vevent
	for _, e := range cal.Events() {
		get := func(name string) *prop {
			p := e.Props.Get(name)
			if p == nil {
				return nil
			}
			return &prop{value: p.Value, date: strings.EqualFold(p.Params.Get(ical.ParamValue), "DATE"), tzid: p.Params.Get(ical.PropTimezoneID)}
		}
		all := func(name string) []prop {
			var out []prop
			for _, p := range e.Props[name] {
				out = append(out, prop{value: p.Value, date: strings.EqualFold(p.Params.Get(ical.ParamValue), "DATE"), tzid: p.Params.Get(ical.PropTimezoneID)})
			}
			return out
		}
		text := func(name string) string {
			if p := e.Props.Get(name); p != nil {
				return p.Value
			}
			return ""
		}
		events = append(events, vevent{start: get("DTSTART"), end: get("DTEND"), duration: get("DURATION"), rule: get("RRULE"),
			recurrenceID: get("RECURRENCE-ID"), uid: text("UID"), status: text("STATUS"), transp: text("TRANSP"),
			exdates: all("EXDATE"), rdates: all("RDATE")})
	}
	return describe(events), nil
}

// syntaxCases are files whose syntax is unusual but valid, or invalid.
var syntaxCases = []string{
	// Folded lines, with a space or a tab, anywhere, even in a name.
	"BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTST\r\n ART;VALUE=DA\r\n\tTE:2027\r\n 0612\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
	// LF alone, lower case, a BOM-less file with blank lines.
	"begin:vcalendar\n\nbegin:vevent\ndtstart;value=date:20270612\nrrule:freq=weekly;count=2\nend:vevent\nend:vcalendar\n",
	// Quoted parameters holding ':', ';' and ','; lists of values; repeated
	// parameters and properties (the first counts).
	"BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;X=\"a:b;c,d\";TZID=\"Europe/Paris\";TZID=UTC:20270301T230000\r\n" +
		"DTSTART:20280101T000000Z\r\nEXDATE;X=a,\"b\",c;VALUE=DATE,DATE-TIME:20270308,20270315\r\nEXDATE:20270322T230000\r\n" +
		"RDATE;VALUE=;TZID=:20270401T100000\r\nUID:a;b\r\nSTATUS:confirmed\r\nTRANSP:OPAQUE\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
	// Alarms, to-dos and time zones: their properties are not the event's.
	"BEGIN:VCALENDAR\r\nBEGIN:VTIMEZONE\r\nTZID:X\r\nBEGIN:STANDARD\r\nDTSTART:19701025T030000\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n" +
		"BEGIN:VTODO\r\nDTSTART:20270101T000000Z\r\nEND:VTODO\r\nBEGIN:VEVENT\r\nBEGIN:VALARM\r\nDTSTART:20200101T000000Z\r\nEND:VALARM\r\n" +
		"DTSTART:20270101T000000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\nBEGIN:VEVENT\r\nnot even a line\r\n",
	// Names and parameter names as go-ical reads them.
	"BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nX-A\"B;P\"Q=1:v\r\nDTSTART;A;B=1;VALUE=DATE:20270612\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
	// Empty values.
	"BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=:\r\nUID:\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
	// Refused: no colon, no name, a bad parameter, an unterminated quote,
	// a quote inside a value, text after a quote, no END, the wrong END,
	// not a calendar.
	"BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
	"BEGIN:VCALENDAR\r\n:x\r\nEND:VCALENDAR\r\n",
	"BEGIN:VCALENDAR\r\nX;=a:x\r\nEND:VCALENDAR\r\n",
	"BEGIN:VCALENDAR\r\nX;Y:x\r\nEND:VCALENDAR\r\n",
	"BEGIN:VCALENDAR\r\nX;Y=\"a:x\r\nEND:VCALENDAR\r\n",
	"BEGIN:VCALENDAR\r\nX;Y=a\"b:x\r\nEND:VCALENDAR\r\n",
	"BEGIN:VCALENDAR\r\nX;Y=\"a\"b:x\r\nEND:VCALENDAR\r\n",
	"BEGIN:VCALENDAR\r\nX;Y=a\r\nEND:VCALENDAR\r\n",
	"BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VCALENDAR\r\n",
	"BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
	"BEGIN:VEVENT\r\nEND:VEVENT\r\n",
	"VERSION:2.0\r\nBEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
	"",
}

// FuzzDecodeCalendarAgreesWithGoICal: our reader reads what go-ical reads
// (whose grammar it follows, without its quadratic parameters) and refuses
// what it refuses, on files small enough for go-ical. Only nesting deeper
// than maxDepth and a byte-order mark (which we skip) differ.
func FuzzDecodeCalendarAgreesWithGoICal(f *testing.F) {
	for _, c := range syntaxCases {
		f.Add([]byte(c))
	}
	f.Add(calendar("BEGIN:VEVENT", "UID:a", "DTSTART;TZID=Europe/Paris:20270301T180000", "RRULE:FREQ=WEEKLY;COUNT=5",
		"EXDATE;TZID=Europe/Paris:20270315T180000", "END:VEVENT"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 8<<10 || bytes.HasPrefix(data, []byte("\uFEFF")) || bytes.Count(data, []byte("BEGIN")) >= maxDepth {
			return
		}
		ours, ourErr := decodeCalendar(t.Context(), data)
		theirs, theirErr := libraryEvents(data)
		if (ourErr == nil) != (theirErr == nil) {
			t.Fatalf("ours: %v, go-ical: %v", ourErr, theirErr)
		}
		if ourErr == nil {
			if diff := cmp.Diff(theirs, describe(ours)); diff != "" {
				t.Fatalf("(-go-ical +ours):\n%s", diff)
			}
		}
	})
}

func TestDecodeCalendarReadsWhatTheImportNeeds(t *testing.T) {
	events, err := decodeCalendar(t.Context(), []byte(syntaxCases[2]))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`"20270301T230000"/false/"Europe/Paris" - - - - "a;b" "confirmed" "OPAQUE"` +
		` EX"20270308,20270315"/true/"" EX"20270322T230000"/false/"" R"20270401T100000"/false/""`}
	if diff := cmp.Diff(want, describe(events)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// A byte-order mark is skipped.
	if _, err := decodeCalendar(t.Context(), append([]byte("\uFEFF"), syntaxCases[0]...)); err != nil {
		t.Errorf("with a BOM: %v", err)
	}
	// Too deep, too many events or components.
	deep := strings.Repeat("BEGIN:X\r\n", maxDepth) + strings.Repeat("END:X\r\n", maxDepth)
	if _, err := decodeCalendar(t.Context(), []byte("BEGIN:VCALENDAR\r\n"+deep+"END:VCALENDAR\r\n")); !errors.Is(err, errSyntax) {
		t.Errorf("%d levels: %v", maxDepth+1, err)
	}
	many := "BEGIN:VCALENDAR\r\n" + strings.Repeat("BEGIN:VALARM\r\nEND:VALARM\r\n", maxComponents) + "END:VCALENDAR\r\n"
	if _, err := decodeCalendar(t.Context(), []byte(many)); !errors.Is(err, ErrTooManyEvents) {
		t.Errorf("%d components: %v", maxComponents+1, err)
	}
}
