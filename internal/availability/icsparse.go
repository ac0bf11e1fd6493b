package availability

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// The reader of .ics files. It is ours rather than a library's because an
// import must cost time linear in the file whatever the file holds: the
// decoders at hand build parameter values a byte at a time (a 300 KB
// parameter took seconds) and keep every property of every component.
// This one reads each byte a bounded number of times, keeps only what the
// import uses (a few properties of each VEVENT, two parameters), and its
// strings are slices of one copy of the file, except unfolded lines.

// Bounds of the reader, past those of the import itself.
const (
	// maxDepth bounds the nesting of components (a calendar holds events
	// that hold alarms: three levels).
	maxDepth = 16
	// maxTZIDs bounds the distinct time zones a file may name: loading one
	// reads the zone database, so a file of thousands of made-up names
	// would be thousands of look-ups.
	maxTZIDs = 32
)

// errSyntax is a file that is not an iCalendar stream.
var errSyntax = errors.New("availability: malformed iCalendar")

// prop is one property the import reads: its raw value and the two
// parameters that change how the value reads (VALUE=DATE and TZID).
type prop struct {
	value string
	date  bool
	tzid  string
}

// vevent is what the import reads of one VEVENT. A property the import
// reads once keeps its first occurrence, as iCalendar readers do.
type vevent struct {
	start, end, duration, rule, recurrenceID *prop
	uid, status, transp                      string
	exdates, rdates                          []prop
}

// decodeCalendar reads the VEVENTs of one VCALENDAR in data (what follows
// its END is ignored). Content lines are unfolded (CRLF or LF, then a space
// or a tab); names and parameter names are case-insensitive; a malformed
// content line anywhere is errSyntax. More than MaxImportEvents events or
// maxComponents components is ErrTooManyEvents.
func decodeCalendar(ctx context.Context, data []byte) ([]vevent, error) {
	s := strings.TrimPrefix(string(data), "\uFEFF")
	var (
		stack  []string
		events []vevent
		cur    *vevent
		fold   []byte
		begins int
	)
	for n := 0; len(s) > 0; n++ {
		if n&4095 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var line string
		line, s = cutLine(s)
		if len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
			// A folded line: the pieces are joined into one buffer, each
			// byte copied once.
			fold = append(fold[:0], line...)
			for len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
				var more string
				more, s = cutLine(s[1:])
				fold = append(fold, more...)
			}
			line = string(fold)
		}
		if line == "" {
			continue
		}
		name, params, value, err := splitContentLine(line)
		if err != nil {
			return nil, err
		}
		switch {
		case strings.EqualFold(name, "BEGIN"):
			if len(stack) == 0 && !strings.EqualFold(value, "VCALENDAR") {
				return nil, fmt.Errorf("%w: the file does not begin with a VCALENDAR", errSyntax)
			}
			if begins++; begins > maxComponents {
				return nil, ErrTooManyEvents
			}
			if len(stack) == maxDepth {
				return nil, fmt.Errorf("%w: components nested too deep", errSyntax)
			}
			stack = append(stack, value)
			if len(stack) == 2 && strings.EqualFold(value, "VEVENT") {
				if len(events) == MaxImportEvents {
					return nil, ErrTooManyEvents
				}
				events = append(events, vevent{})
				cur = &events[len(events)-1]
			}
		case strings.EqualFold(name, "END"):
			if len(stack) == 0 || !strings.EqualFold(value, stack[len(stack)-1]) {
				return nil, fmt.Errorf("%w: END without its BEGIN", errSyntax)
			}
			stack = stack[:len(stack)-1]
			switch len(stack) {
			case 0:
				return events, nil
			case 1:
				cur = nil
			}
		case len(stack) == 0:
			return nil, fmt.Errorf("%w: the file does not begin with a VCALENDAR", errSyntax)
		case cur != nil && len(stack) == 2:
			cur.add(name, params, value)
		}
	}
	return nil, fmt.Errorf("%w: the calendar does not end", errSyntax)
}

// cutLine returns the first line of s without its CRLF or LF, and the rest.
// A last line without LF keeps a final CR, as bufio.Reader.ReadLine does.
func cutLine(s string) (line, rest string) {
	i := strings.IndexByte(s, '\n')
	if i < 0 {
		return s, ""
	}
	return strings.TrimSuffix(s[:i], "\r"), s[i+1:]
}

// add keeps a property of e that the import reads.
func (e *vevent) add(name, params, value string) {
	once := func(p **prop) {
		if *p == nil {
			*p = readParams(params, value)
		}
	}
	if len(name) > len("RECURRENCE-ID") {
		return
	}
	switch strings.ToUpper(name) {
	case "DTSTART":
		once(&e.start)
	case "DTEND":
		once(&e.end)
	case "DURATION":
		once(&e.duration)
	case "RRULE":
		once(&e.rule)
	case "RECURRENCE-ID":
		once(&e.recurrenceID)
	case "UID":
		if e.uid == "" {
			e.uid = value
		}
	case "STATUS":
		if e.status == "" {
			e.status = value
		}
	case "TRANSP":
		if e.transp == "" {
			e.transp = value
		}
	case "EXDATE":
		e.exdates = append(e.exdates, *readParams(params, value))
	case "RDATE":
		e.rdates = append(e.rdates, *readParams(params, value))
	}
}

// splitContentLine splits "NAME;PARAM=a,"b";P2=c:value" into its name, its
// parameters as written (";PARAM=a,"b";P2=c", already checked) and its
// value, in one pass over the line, with the grammar of go-ical's decoder
// (FuzzDecodeCalendarAgreesWithGoICal): a parameter's name runs to the
// next '='; quoted values may hold ';', ':' and ','; an unquoted one may
// not hold '"'.
func splitContentLine(line string) (name, params, value string, err error) {
	i := strings.IndexAny(line, ";:")
	switch {
	case i < 0:
		return "", "", "", fmt.Errorf("%w: a line without a colon", errSyntax)
	case i == 0:
		return "", "", "", fmt.Errorf("%w: a property without a name", errSyntax)
	}
	name = line[:i]
	j := i
	for j < len(line) && line[j] == ';' {
		j++
		eq := strings.IndexByte(line[j:], '=')
		if eq <= 0 {
			return "", "", "", fmt.Errorf("%w: a parameter without a name or '='", errSyntax)
		}
		j += eq + 1
		for {
			if j < len(line) && line[j] == '"' {
				q := strings.IndexByte(line[j+1:], '"')
				if q < 0 {
					return "", "", "", fmt.Errorf("%w: an unterminated quoted parameter", errSyntax)
				}
				j += q + 2
			} else {
				for j < len(line) && line[j] != ';' && line[j] != ':' && line[j] != ',' {
					if line[j] == '"' {
						return "", "", "", fmt.Errorf("%w: a double quote inside a parameter", errSyntax)
					}
					j++
				}
			}
			if j == len(line) || (line[j] != ',' && line[j] != ';' && line[j] != ':') {
				return "", "", "", fmt.Errorf("%w: a parameter not followed by ',', ';' or ':'", errSyntax)
			}
			if line[j] != ',' {
				break
			}
			j++
		}
	}
	if j == len(line) || line[j] != ':' {
		return "", "", "", fmt.Errorf("%w: a line without a colon", errSyntax)
	}
	return name, line[i:j], line[j+1:], nil
}

// readParams reads VALUE and TZID (their first values) from parameters
// splitContentLine checked; the others are skipped unread.
func readParams(params, value string) *prop {
	p := &prop{value: value}
	var gotValue, gotTZID bool
	for len(params) > 0 {
		params = params[1:] // the ';'
		eq := strings.IndexByte(params, '=')
		pname := params[:eq]
		params = params[eq+1:]
		// The first value, then up to the next parameter.
		var first string
		if params != "" && params[0] == '"' {
			q := strings.IndexByte(params[1:], '"')
			first, params = params[1:q+1], params[q+2:]
		} else {
			k := strings.IndexAny(params, ";,")
			if k < 0 {
				k = len(params)
			}
			first, params = params[:k], params[k:]
		}
		for len(params) > 0 && params[0] == ',' {
			params = params[1:]
			if params != "" && params[0] == '"' {
				q := strings.IndexByte(params[1:], '"')
				params = params[q+2:]
			} else if k := strings.IndexAny(params, ";,"); k >= 0 {
				params = params[k:]
			} else {
				params = ""
			}
		}
		switch {
		case !gotValue && strings.EqualFold(pname, "VALUE"):
			p.date, gotValue = strings.EqualFold(first, "DATE"), true
		case !gotTZID && strings.EqualFold(pname, "TZID"):
			p.tzid, gotTZID = first, true
		}
	}
	return p
}
