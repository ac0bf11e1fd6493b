package availability

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	ical "github.com/emersion/go-ical"
)

// Bounds of an .ics import. Whatever a file of at most MaxImportBytes holds,
// reading it is linear in its size and expanding it costs at most
// maxSteps, checked as it goes: the attack files of
// TestParseICSResistsAttackFiles and bench/ics show the worst cost.
const (
	// MaxImportBytes is the largest file accepted.
	MaxImportBytes = 1 << 20
	// MaxImportEvents is how many VEVENTs a file may hold.
	MaxImportEvents = 5000
	// maxComponents bounds all BEGIN lines (events, alarms, time zones).
	maxComponents = 4 * MaxImportEvents
	// maxOccurrences bounds the occurrences one recurring event makes (a
	// rule with COUNT counts those before the window too);
	// maxTotalOccurrences the whole file's, RDATEs included.
	maxOccurrences      = 50000
	maxTotalOccurrences = 200000
	// maxSteps is the work one file may cost, in steps of about a day's
	// test by a rule (recur.go's costs): about 0.2 s of CPU here. It counts
	// work, not time, so a busy machine refuses no file a quiet one takes.
	maxSteps = 20_000_000
	// maxEventDays is the longest event: a longer one is clipped.
	maxEventDays = 400
	// maxWindowDays bounds the window asked for.
	maxWindowDays = 3700
	// earliestYear: a DTSTART before it is refused.
	earliestYear = 1900
)

// Errors of ParseICS; the service turns them into user errors. When ctx
// ends first, ParseICS returns its error.
var (
	ErrNotCalendar    = errors.New("availability: not an iCalendar file")
	ErrTooManyEvents  = errors.New("availability: too many events")
	ErrTooManyRepeats = errors.New("availability: recurring events expand to too many occurrences")
)

// Parsed is what an .ics file gives: the days its events take within the
// window, sorted, and how many events were read and skipped (cancelled,
// transparent, unreadable dates or rule, or a recurrence finer than daily).
type Parsed struct {
	Days    []string
	Events  int
	Skipped int
}

// window is the range of days an import keeps, both included, as dates at
// midnight UTC.
type window struct{ first, last time.Time }

func dayOf(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// budget is the work a file may still cost, in steps; it also ends with
// the request.
type budget struct {
	ctx   context.Context
	left  int
	since int // steps since ctx was last looked at
}

func (b *budget) spend(n int) error {
	b.left -= n
	if b.left < 0 {
		return ErrTooManyRepeats
	}
	if b.since += n; b.since >= 1<<16 {
		b.since = 0
		return b.ctx.Err()
	}
	return nil
}

// ParseICS reads an iCalendar file and returns the days its events take
// between first and last (YYYY-MM-DD, both included). All-day events take
// their dates (DTEND exclusive); timed events take each day they touch in
// their own time zone, UTC times being read in loc (the provider's). RRULE,
// RDATE and EXDATE are expanded, and an instance moved by RECURRENCE-ID
// takes its new day instead of the rule's.
func ParseICS(ctx context.Context, data []byte, first, last string, loc *time.Location) (p Parsed, err error) {
	f, err1 := time.Parse(time.DateOnly, first)
	l, err2 := time.Parse(time.DateOnly, last)
	if err1 != nil || err2 != nil || l.Before(f) || l.Sub(f) > maxWindowDays*24*time.Hour {
		return p, fmt.Errorf("availability: bad window %q..%q", first, last)
	}
	if len(data) > MaxImportBytes {
		return p, ErrTooManyEvents
	}
	defer func() {
		// Nothing here should panic; a file is never worth a crash.
		if r := recover(); r != nil {
			p, err = Parsed{}, fmt.Errorf("%w: %v", ErrNotCalendar, r)
		}
	}()
	events, err := decodeCalendar(ctx, data)
	switch {
	case errors.Is(err, ErrTooManyEvents) || ctx.Err() != nil:
		return p, err
	case err != nil:
		return p, fmt.Errorf("%w: %v", ErrNotCalendar, err)
	}
	days := int(l.Sub(f).Hours()/24) + 1
	x := expander{w: window{f, l}, loc: loc, zones: map[string]zoneOrError{}, marks: make([]int32, days+1),
		moved: map[string]*exclusions{}, b: budget{ctx: ctx, left: maxSteps}}
	p.Events = len(events)
	// Instances moved or cancelled by an override, by UID.
	for i := range events {
		e := &events[i]
		if e.recurrenceID == nil {
			continue
		}
		if t, _, err := x.when(e.recurrenceID); err == nil {
			ex := x.moved[e.uid]
			if ex == nil {
				ex = &exclusions{}
				x.moved[e.uid] = ex
			}
			ex.add(t, true)
		}
		if err := x.b.spend(costOccurrence); err != nil {
			return Parsed{}, err
		}
	}
	for i := range events {
		ok, err := x.event(&events[i])
		if err != nil {
			return Parsed{}, err
		}
		if !ok {
			p.Skipped++
		}
	}
	var sum int32
	for i := range days {
		if sum += x.marks[i]; sum > 0 {
			p.Days = append(p.Days, f.AddDate(0, 0, i).Format(time.DateOnly))
		}
	}
	return p, nil
}

type zoneOrError struct {
	loc *time.Location
	err error
}

type expander struct {
	w   window
	loc *time.Location
	// zones caches the TZIDs of the file, unknown ones too.
	zones map[string]zoneOrError
	// marks[i] counts the occurrences that begin on the window's day i,
	// less those that ended the day before: the days taken are where
	// their running sum is positive.
	marks []int32
	moved map[string]*exclusions
	b     budget
	total int
}

// exclusions are the instants an event leaves out (EXDATE, overridden
// instances), and the dates of those given as dates, which leave out the
// whole day.
type exclusions struct {
	instants map[int64]struct{}
	dates    map[int]struct{}
}

func (e *exclusions) add(t time.Time, byDate bool) {
	if e.instants == nil {
		e.instants, e.dates = map[int64]struct{}{}, map[int]struct{}{}
	}
	e.instants[t.Unix()] = struct{}{}
	if byDate {
		y, m, d := t.Date()
		e.dates[dayNumber(y, m, d)] = struct{}{}
	}
}

// has tells whether t is left out: its instant, or with byDate its date.
func (e *exclusions) has(t time.Time, byDate bool) bool {
	if e == nil || e.instants == nil {
		return false
	}
	if _, ok := e.instants[t.Unix()]; ok {
		return true
	}
	if !byDate || len(e.dates) == 0 {
		return false
	}
	y, m, d := t.Date()
	_, ok := e.dates[dayNumber(y, m, d)]
	return ok
}

// zone loads a TZID once per file; an unknown one is an error, and past
// maxTZIDs distinct names no more are looked up.
func (x *expander) zone(tzid string) (*time.Location, error) {
	if z, ok := x.zones[tzid]; ok {
		return z.loc, z.err
	}
	var z zoneOrError
	switch {
	case len(tzid) > 64:
		z.err = errors.New("availability: TZID too long")
	case len(x.zones) >= maxTZIDs:
		return nil, errors.New("availability: too many time zones")
	default:
		z.loc, z.err = time.LoadLocation(tzid)
	}
	x.zones[tzid] = z
	return z.loc, z.err
}

// when reads one DATE or DATE-TIME value: all-day values are midnight UTC;
// UTC times are moved to the provider's zone, floating ones read in it.
func (x *expander) when(p *prop) (time.Time, bool, error) {
	return x.whenValue(p, p.value)
}

func (x *expander) whenValue(p *prop, v string) (time.Time, bool, error) {
	v = strings.TrimSpace(v)
	if p.date || len(v) == 8 {
		t, err := time.Parse("20060102", v)
		return t, true, err
	}
	if strings.HasSuffix(v, "Z") {
		t, err := time.Parse("20060102T150405Z", v)
		return t.In(x.loc), false, err
	}
	loc := x.loc
	if p.tzid != "" {
		z, err := x.zone(p.tzid)
		if err != nil {
			return time.Time{}, false, err
		}
		loc = z
	}
	t, err := time.ParseInLocation("20060102T150405", v, loc)
	return t, false, err
}

// dates calls f with every value of (possibly comma-separated, repeated)
// EXDATE or RDATE properties, each paid for in the budget.
func (x *expander) dates(props []prop, f func(t time.Time, allDay bool)) error {
	for i := range props {
		p := &props[i]
		for v := p.value; v != ""; {
			var item string
			item, v, _ = strings.Cut(v, ",")
			if err := x.b.spend(costCandidate); err != nil {
				return err
			}
			if t, allDay, err := x.whenValue(p, item); err == nil {
				f(t, allDay)
			}
		}
	}
	return nil
}

// event adds the days of one VEVENT; false when it was skipped.
func (x *expander) event(e *vevent) (bool, error) {
	if err := x.b.spend(costOccurrence); err != nil {
		return false, err
	}
	if strings.EqualFold(e.status, "CANCELLED") || strings.EqualFold(e.transp, "TRANSPARENT") || e.start == nil {
		return false, nil
	}
	start, allDay, err := x.when(e.start)
	if err != nil || start.Year() < earliestYear {
		return false, nil
	}
	end := start
	if allDay {
		end = start.AddDate(0, 0, 1)
	}
	if e.end != nil {
		if end, _, err = x.when(e.end); err != nil {
			return false, nil
		}
	} else if e.duration != nil {
		d, err := (&ical.Prop{Name: ical.PropDuration, Params: ical.Params{}, Value: e.duration.value}).Duration()
		if err != nil {
			return false, nil
		}
		end = start.Add(d)
	}
	length := max(end.Sub(start), 0)
	if e.rule == nil || e.recurrenceID != nil {
		return true, x.occurrence(start, length, allDay)
	}
	text, err := parseRule(e.rule.value)
	if err != nil {
		return false, nil // unreadable, or finer than daily: not a day's booking
	}
	r, err := compile(text, start)
	if err != nil {
		return false, err
	}
	// Nothing after the window matters: the rule stops there, whatever
	// its COUNT or UNTIL say.
	if stop := x.w.last.AddDate(0, 0, 1); r.until.IsZero() || r.until.After(stop) {
		r.until = stop
	}
	var own exclusions
	if err := x.dates(e.exdates, func(t time.Time, d bool) { own.add(t, d) }); err != nil {
		return false, err
	}
	moved := x.moved[e.uid]
	// An EXDATE given as a date leaves out its day; an overridden instance
	// leaves out its day when the event is all-day, else its instant.
	excluded := func(t time.Time) bool { return own.has(t, true) || moved.has(t, allDay) }
	n := 0
	err = r.expand(start, x.w.first.AddDate(0, 0, -maxEventDays), &x.b, func(t time.Time) error {
		if n++; n > maxOccurrences {
			return ErrTooManyRepeats
		}
		if excluded(t) {
			return nil
		}
		return x.occurrence(t, length, allDay)
	})
	if err != nil {
		return false, err
	}
	var full error
	if err := x.dates(e.rdates, func(t time.Time, _ bool) {
		if full == nil && !excluded(t) {
			full = x.occurrence(t, length, allDay)
		}
	}); err != nil {
		return false, err
	}
	return true, full
}

// occurrence adds the days from start for length that fall in the window:
// an all-day event's end is exclusive; a timed one takes each day it
// touches, and a timed event ending at midnight does not take the next day.
func (x *expander) occurrence(start time.Time, length time.Duration, allDay bool) error {
	if x.total++; x.total > maxTotalOccurrences {
		return ErrTooManyRepeats
	}
	if err := x.b.spend(costOccurrence); err != nil {
		return err
	}
	first := dayOf(start)
	var last time.Time
	switch {
	case allDay:
		last = first.Add(length).AddDate(0, 0, -1)
	case length > 0:
		last = dayOf(start.Add(length - time.Nanosecond))
	default:
		last = first
	}
	if last.Before(first) {
		last = first
	}
	if limit := first.AddDate(0, 0, maxEventDays-1); last.After(limit) {
		last = limit
	}
	if first.Before(x.w.first) {
		first = x.w.first
	}
	if last.After(x.w.last) {
		last = x.w.last
	}
	if last.Before(first) {
		return nil
	}
	x.marks[int(first.Sub(x.w.first).Hours()/24)]++
	x.marks[int(last.Sub(x.w.first).Hours()/24)+1]--
	return nil
}
