package availability

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	ical "github.com/emersion/go-ical"
	"github.com/teambition/rrule-go"
)

// Bounds of an .ics import.
const (
	// MaxImportBytes is the largest file accepted.
	MaxImportBytes = 1 << 20
	// MaxImportEvents is how many VEVENTs a file may hold.
	MaxImportEvents = 5000
	// maxComponents bounds all BEGIN lines (events, alarms, time zones), so
	// the decoder's nesting stays small whatever the file.
	maxComponents = 4 * MaxImportEvents
	// maxOccurrences bounds the occurrences one recurring event is expanded
	// to (those before the window count too: a daily rule since 1900 is
	// about 46,000); maxTotalOccurrences the whole file's. About a
	// microsecond each, so a file costs a fraction of a second at most.
	maxOccurrences      = 50000
	maxTotalOccurrences = 200000
	// maxEventDays is the longest event: a longer one is clipped.
	maxEventDays = 400
	// earliestYear: a DTSTART before it is refused, so a rule's expansion
	// never walks centuries before the window.
	earliestYear = 1900
)

// Errors of ParseICS; the service turns them into user errors.
var (
	ErrNotCalendar    = errors.New("availability: not an iCalendar file")
	ErrTooManyEvents  = errors.New("availability: too many events")
	ErrTooManyRepeats = errors.New("availability: recurring events expand to too many occurrences")
)

// Parsed is what an .ics file gives: the days its events take within the
// window, sorted, and how many events were read and skipped (cancelled,
// transparent, unreadable dates, or a recurrence finer than daily).
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

// ParseICS reads an iCalendar file and returns the days its events take
// between first and last (YYYY-MM-DD, both included). All-day events take
// their dates (DTEND exclusive); timed events take each day they touch in
// their own time zone, UTC times being read in loc (the provider's). RRULE,
// RDATE and EXDATE are expanded, and an instance moved by RECURRENCE-ID
// takes its new day instead of the rule's. Memory and time are bounded by
// the file size (the caller refuses more than MaxImportBytes),
// MaxImportEvents and the occurrence caps.
func ParseICS(data []byte, first, last string, loc *time.Location) (p Parsed, err error) {
	f, err1 := time.Parse(time.DateOnly, first)
	l, err2 := time.Parse(time.DateOnly, last)
	if err1 != nil || err2 != nil || l.Before(f) {
		return p, fmt.Errorf("availability: bad window %q..%q", first, last)
	}
	w := window{f, l}
	if len(data) > MaxImportBytes {
		return p, ErrTooManyEvents
	}
	upper := bytes.ToUpper(data)
	if bytes.Count(upper, []byte("BEGIN:VEVENT")) > MaxImportEvents {
		return p, ErrTooManyEvents
	}
	if bytes.Count(upper, []byte("BEGIN:")) > maxComponents {
		return p, ErrTooManyEvents
	}
	defer func() {
		// The decoder panics on a few malformed inputs it considers
		// impossible; a file is never worth a crash.
		if r := recover(); r != nil {
			p, err = Parsed{}, fmt.Errorf("%w: %v", ErrNotCalendar, r)
		}
	}()
	cal, err := ical.NewDecoder(bytes.NewReader(data)).Decode()
	if err != nil || cal.Name != ical.CompCalendar {
		return p, fmt.Errorf("%w: %v", ErrNotCalendar, err)
	}
	x := expander{w: w, loc: loc, days: map[time.Time]bool{}, zones: map[string]*time.Location{}}
	events := cal.Events()
	p.Events = len(events)
	// Instances moved or cancelled by an override: UID -> original starts.
	moved := map[string][]time.Time{}
	for _, e := range events {
		if rid := e.Props.Get(ical.PropRecurrenceID); rid != nil {
			if t, _, err := x.when(rid); err == nil {
				uid := propText(e.Component, ical.PropUID)
				moved[uid] = append(moved[uid], t)
			}
		}
	}
	for _, e := range events {
		ok, err := x.event(e, moved)
		if err != nil {
			return Parsed{}, err
		}
		if !ok {
			p.Skipped++
		}
	}
	for d := range x.days {
		p.Days = append(p.Days, d.Format(time.DateOnly))
	}
	slices.Sort(p.Days)
	return p, nil
}

func propText(c *ical.Component, name string) string {
	if prop := c.Props.Get(name); prop != nil {
		return prop.Value
	}
	return ""
}

type expander struct {
	w     window
	loc   *time.Location
	days  map[time.Time]bool
	zones map[string]*time.Location
	total int
}

// zone loads a TZID once per file; an unknown one is an error.
func (x *expander) zone(tzid string) (*time.Location, error) {
	if z, ok := x.zones[tzid]; ok {
		return z, nil
	}
	if len(tzid) > 64 {
		return nil, errors.New("availability: TZID too long")
	}
	z, err := time.LoadLocation(tzid)
	if err != nil {
		return nil, err
	}
	x.zones[tzid] = z
	return z, nil
}

// when reads one DATE or DATE-TIME value: all-day values are midnight UTC;
// UTC times are moved to the provider's zone, floating ones read in it.
func (x *expander) when(prop *ical.Prop) (time.Time, bool, error) {
	return x.whenValue(prop, prop.Value)
}

func (x *expander) whenValue(prop *ical.Prop, v string) (time.Time, bool, error) {
	v = strings.TrimSpace(v)
	if strings.EqualFold(prop.Params.Get(ical.ParamValue), "DATE") || len(v) == 8 {
		t, err := time.Parse("20060102", v)
		return t, true, err
	}
	if strings.HasSuffix(v, "Z") {
		t, err := time.Parse("20060102T150405Z", v)
		return t.In(x.loc), false, err
	}
	loc := x.loc
	if tzid := prop.Params.Get(ical.PropTimezoneID); tzid != "" {
		z, err := x.zone(tzid)
		if err != nil {
			return time.Time{}, false, err
		}
		loc = z
	}
	t, err := time.ParseInLocation("20060102T150405", v, loc)
	return t, false, err
}

// values reads every value of a (possibly comma-separated, repeated)
// EXDATE or RDATE property.
func (x *expander) values(c *ical.Component, name string) ([]time.Time, []bool) {
	var out []time.Time
	var allDay []bool
	for i := range c.Props[name] {
		prop := &c.Props[name][i]
		for _, v := range strings.Split(prop.Value, ",") {
			if t, d, err := x.whenValue(prop, v); err == nil {
				out = append(out, t)
				allDay = append(allDay, d)
			}
		}
	}
	return out, allDay
}

// event adds the days of one VEVENT; false when it was skipped.
func (x *expander) event(e ical.Event, moved map[string][]time.Time) (bool, error) {
	if strings.EqualFold(propText(e.Component, ical.PropStatus), "CANCELLED") ||
		strings.EqualFold(propText(e.Component, ical.PropTransparency), "TRANSPARENT") {
		return false, nil
	}
	startProp := e.Props.Get(ical.PropDateTimeStart)
	if startProp == nil {
		return false, nil
	}
	start, allDay, err := x.when(startProp)
	if err != nil || start.Year() < earliestYear {
		return false, nil
	}
	end := start
	if allDay {
		end = start.AddDate(0, 0, 1)
	}
	if endProp := e.Props.Get(ical.PropDateTimeEnd); endProp != nil {
		if end, _, err = x.when(endProp); err != nil {
			return false, nil
		}
	} else if durProp := e.Props.Get(ical.PropDuration); durProp != nil {
		d, err := durProp.Duration()
		if err != nil {
			return false, nil
		}
		end = start.Add(d)
	}
	length := end.Sub(start)
	if length < 0 {
		length = 0
	}
	ruleProp := e.Props.Get(ical.PropRecurrenceRule)
	if ruleProp == nil || e.Props.Get(ical.PropRecurrenceID) != nil {
		x.occurrence(start, length, allDay)
		return true, nil
	}
	opt, err := rrule.StrToROption(ruleProp.Value)
	if err != nil || opt.Freq > rrule.DAILY {
		return false, nil // finer than daily: not a day's booking
	}
	opt.Dtstart = start
	// Nothing after the window matters: the rule stops there, whatever
	// its COUNT or UNTIL say.
	stop := x.w.last.AddDate(0, 0, 1)
	if opt.Until.IsZero() || opt.Until.After(stop) {
		opt.Until = stop
	}
	rule, err := rrule.NewRRule(*opt)
	if err != nil {
		return false, nil
	}
	exTimes, exAllDay := x.values(e.Component, ical.PropExceptionDates)
	uid := propText(e.Component, ical.PropUID)
	exTimes = append(exTimes, moved[uid]...)
	for range moved[uid] {
		exAllDay = append(exAllDay, allDay)
	}
	excluded := func(t time.Time) bool {
		for i, ex := range exTimes {
			if (exAllDay[i] && dayOf(ex).Equal(dayOf(t))) || ex.Equal(t) {
				return true
			}
		}
		return false
	}
	next := rule.Iterator()
	for n := 0; ; n++ {
		t, ok := next()
		if !ok {
			break
		}
		if n >= maxOccurrences {
			return false, ErrTooManyRepeats
		}
		if x.total++; x.total > maxTotalOccurrences {
			return false, ErrTooManyRepeats
		}
		if !excluded(t) {
			x.occurrence(t, length, allDay)
		}
	}
	rdates, _ := x.values(e.Component, ical.PropRecurrenceDates)
	for _, t := range rdates {
		if !excluded(t) {
			x.occurrence(t, length, allDay)
		}
	}
	return true, nil
}

// occurrence adds the days from start for length that fall in the window:
// an all-day event's end is exclusive; a timed one takes each day it
// touches, and a timed event ending at midnight does not take the next day.
func (x *expander) occurrence(start time.Time, length time.Duration, allDay bool) {
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
	for d := first; !d.After(last); d = d.AddDate(0, 0, 1) {
		x.days[d] = true
	}
}
