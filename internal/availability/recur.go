package availability

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Recurrence rules (RRULE), expanded by the import itself. The algorithm is
// python-dateutil's, as rrule-go ports it, for the frequencies of a day's
// booking (yearly to daily), with three differences that bound its cost:
// the rule's lists are checked, deduplicated and their product bounded
// before anything is generated; the expansion stops at the end of the
// window whether or not the rule still matches (a library's iterator
// searches to the year 9999 for a match it never finds); and every period
// is paid for in a budget checked as it goes. TestExpansionMatchesRRuleGo
// checks it against rrule-go.

type frequency int

const (
	yearly frequency = iota
	monthly
	weekly
	daily
)

// Bounds of a rule.
const (
	// maxListLen bounds one BY* list as written: the longest without
	// repetition is BYDAY with ordinals (7 x 106) or BYYEARDAY (732).
	maxListLen = 800
	// maxTimesPerDay bounds BYHOUR x BYMINUTE x BYSECOND: each is a time
	// of day the rule repeats at, and a day's booking needs few.
	maxTimesPerDay = 24
	// maxPeriodCandidates bounds the instants one period can make: its
	// days (at most 366, a year) times its times of day.
	maxPeriodCandidates = 366 * maxTimesPerDay
	// maxInterval: a larger INTERVAL is refused (it would overflow the
	// period arithmetic long after the window).
	maxInterval = 1_000_000
)

var (
	// errFiner is a rule finer than daily: not a day's booking.
	errFiner = errors.New("availability: a rule finer than daily")
	// errRule is a rule that does not read.
	errRule = errors.New("availability: unreadable RRULE")
)

type nthWeekday struct{ weekday, n int }

type timeOfDay struct{ h, m, s int }

// ruleText is an RRULE as written, checked against RFC 5545's ranges.
type ruleText struct {
	freq                                               frequency
	interval, count                                    int
	until                                              time.Time
	wkst                                               int
	bysetpos, bymonth, bymonthday, byyearday, byweekno []int
	byhour, byminute, bysecond                         []int
	byday                                              []nthWeekday
	hasFreq, hasByhour, hasByminute, hasBysecond       bool
}

// parseRule reads an RRULE value. Keys are case-insensitive and empty parts
// are ignored; an unknown key, a value out of its range or a list longer
// than maxListLen is errRule, a frequency finer than daily errFiner.
func parseRule(v string) (ruleText, error) {
	var r ruleText
	for v != "" {
		var part string
		part, v, _ = strings.Cut(v, ";")
		if part == "" {
			continue
		}
		key, val, ok := strings.Cut(part, "=")
		if !ok || val == "" || strings.Contains(val, "=") {
			return r, errRule
		}
		var err error
		switch strings.ToUpper(key) {
		case "FREQ":
			r.hasFreq = true
			switch strings.ToUpper(val) {
			case "YEARLY":
				r.freq = yearly
			case "MONTHLY":
				r.freq = monthly
			case "WEEKLY":
				r.freq = weekly
			case "DAILY":
				r.freq = daily
			case "HOURLY", "MINUTELY", "SECONDLY":
				err = errFiner
			default:
				err = errRule
			}
		case "INTERVAL":
			r.interval, err = boundedInt(val, 0, maxInterval)
		case "COUNT":
			r.count, err = boundedInt(val, 0, 1<<31-1)
		case "UNTIL":
			r.until, err = parseUntil(val)
		case "WKST":
			var w nthWeekday
			w, err = parseWeekday(val)
			r.wkst = w.weekday
		case "BYSETPOS":
			r.bysetpos, err = intList(val, 1, 366, true)
		case "BYMONTH":
			r.bymonth, err = intList(val, 1, 12, false)
		case "BYMONTHDAY":
			r.bymonthday, err = intList(val, 1, 31, true)
		case "BYYEARDAY":
			r.byyearday, err = intList(val, 1, 366, true)
		case "BYWEEKNO":
			r.byweekno, err = intList(val, 1, 53, true)
		case "BYHOUR":
			r.byhour, err = intList(val, 0, 23, false)
			r.hasByhour = true
		case "BYMINUTE":
			r.byminute, err = intList(val, 0, 59, false)
			r.hasByminute = true
		case "BYSECOND":
			r.bysecond, err = intList(val, 0, 59, false)
			r.hasBysecond = true
		case "BYDAY":
			r.byday, err = weekdayList(val)
		default:
			err = errRule
		}
		if err != nil {
			return r, err
		}
	}
	if !r.hasFreq {
		return r, errRule
	}
	return r, nil
}

func boundedInt(s string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi {
		return 0, errRule
	}
	return n, nil
}

// intList reads a comma-separated list of integers in [lo, hi] (or
// [-hi, -lo] too when signed), sorted and without repeats.
func intList(s string, lo, hi int, signed bool) ([]int, error) {
	if strings.Count(s, ",") >= maxListLen {
		return nil, errRule
	}
	out := make([]int, 0, strings.Count(s, ",")+1)
	for s != "" {
		var item string
		item, s, _ = strings.Cut(s, ",")
		n, err := strconv.Atoi(item)
		inRange := n >= lo && n <= hi || signed && n <= -lo && n >= -hi
		if err != nil || !inRange {
			return nil, errRule
		}
		out = append(out, n)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

var weekdayNames = [...]string{"MO", "TU", "WE", "TH", "FR", "SA", "SU"}

// parseWeekday reads "MO", "2MO", "+2MO" or "-1FR": Monday is 0.
func parseWeekday(s string) (nthWeekday, error) {
	if len(s) < 2 || len(s) > 5 {
		return nthWeekday{}, errRule
	}
	d := slices.Index(weekdayNames[:], strings.ToUpper(s[len(s)-2:]))
	if d < 0 {
		return nthWeekday{}, errRule
	}
	w := nthWeekday{weekday: d}
	if len(s) > 2 {
		n, err := strconv.Atoi(s[:len(s)-2])
		if err != nil || n < -53 || n > 53 {
			return nthWeekday{}, errRule
		}
		w.n = n
	}
	return w, nil
}

func weekdayList(s string) ([]nthWeekday, error) {
	if strings.Count(s, ",") >= maxListLen {
		return nil, errRule
	}
	var out []nthWeekday
	for s != "" {
		var item string
		item, s, _ = strings.Cut(s, ",")
		w, err := parseWeekday(item)
		if err != nil {
			return nil, errRule
		}
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out, nil
}

// parseUntil reads UNTIL as rrule-go does: a date or a floating time in
// UTC, or a UTC time.
func parseUntil(s string) (time.Time, error) {
	layout := "20060102T150405Z"
	switch len(s) {
	case 8:
		layout = "20060102"
	case 15:
		layout = "20060102T150405"
	}
	t, err := time.Parse(layout, s)
	if err != nil {
		return time.Time{}, errRule
	}
	return t, nil
}

// rule is a rule ready to expand from its DTSTART.
type rule struct {
	freq                                          frequency
	interval, count, wkst                         int
	until                                         time.Time
	bysetpos, byweekno                            []int
	months                                        []int
	bymonth                                       [13]bool
	bymonthday                                    [32]bool // 1..31
	bynmonthday                                   [32]bool // -1..-31, by their opposite
	byyearday                                     [367]bool
	bynyearday                                    [367]bool
	byweekday                                     [7]bool
	bynweekday                                    []nthWeekday
	times                                         []timeOfDay
	hasMonth, hasMonthday, hasYearday, hasWeekday bool
}

// compile applies DTSTART's defaults to t (a yearly rule repeats on
// DTSTART's month and day, a monthly one on its day, a weekly one on its
// weekday, all at its time) and bounds what one period can make:
// ErrTooManyRepeats past maxTimesPerDay or maxPeriodCandidates.
func compile(t ruleText, dtstart time.Time) (*rule, error) {
	r := &rule{freq: t.freq, interval: max(t.interval, 1), count: t.count, until: t.until, wkst: t.wkst,
		bysetpos: t.bysetpos, byweekno: t.byweekno}
	bymonth, bymonthday, byday := t.bymonth, t.bymonthday, t.byday
	if len(t.byweekno) == 0 && len(t.byyearday) == 0 && len(bymonthday) == 0 && len(byday) == 0 {
		switch r.freq {
		case yearly:
			if len(bymonth) == 0 {
				bymonth = []int{int(dtstart.Month())}
			}
			bymonthday = []int{dtstart.Day()}
		case monthly:
			bymonthday = []int{dtstart.Day()}
		case weekly:
			byday = []nthWeekday{{weekday: pyWeekday(dtstart.Weekday())}}
		}
	}
	r.months = bymonth
	for _, m := range bymonth {
		r.bymonth[m], r.hasMonth = true, true
	}
	for _, d := range bymonthday {
		if d > 0 {
			r.bymonthday[d] = true
		} else {
			r.bynmonthday[-d] = true
		}
		r.hasMonthday = true
	}
	for _, d := range t.byyearday {
		if d > 0 {
			r.byyearday[d] = true
		} else {
			r.bynyearday[-d] = true
		}
		r.hasYearday = true
	}
	for _, w := range byday {
		if w.n == 0 || r.freq > monthly {
			r.byweekday[w.weekday], r.hasWeekday = true, true
		} else {
			r.bynweekday = append(r.bynweekday, w)
		}
	}
	hours, minutes, seconds := t.byhour, t.byminute, t.bysecond
	if !t.hasByhour {
		hours = []int{dtstart.Hour()}
	}
	if !t.hasByminute {
		minutes = []int{dtstart.Minute()}
	}
	if !t.hasBysecond {
		seconds = []int{dtstart.Second()}
	}
	// The product is checked before it is made.
	n := len(hours) * len(minutes) * len(seconds)
	if n > maxTimesPerDay || periodDays[r.freq]*n > maxPeriodCandidates {
		return nil, ErrTooManyRepeats
	}
	r.times = make([]timeOfDay, 0, n)
	for _, h := range hours {
		for _, m := range minutes {
			for _, s := range seconds {
				r.times = append(r.times, timeOfDay{h, m, s})
			}
		}
	}
	return r, nil
}

// periodDays is the most days one period of each frequency holds.
var periodDays = [...]int{yearly: 366, monthly: 31, weekly: 7, daily: 1}

// Costs in the budget, in steps of about the time a day's test takes: a
// period's set-up, an instant made (a time.Date in the rule's zone), an
// occurrence kept (its exclusions and its days).
const (
	costPeriod     = 8
	costCandidate  = 16
	costOccurrence = 24
)

// expand calls emit with each occurrence of r from dtstart, in order, up to
// r.until (which the caller sets: the expansion stops there whether or not
// the rule still matches). A rule without COUNT starts at the first period
// that can reach from, a date: what comes before it cannot matter. Every
// period is paid for in b.
func (r *rule) expand(dtstart, from time.Time, b *budget, emit func(time.Time) error) error {
	loc := dtstart.Location()
	year, month, day := dtstart.Date()
	weekday := pyWeekday(dtstart.Weekday())
	if r.count == 0 {
		year, month, day, weekday = r.skipTo(from, year, month, day, weekday)
	}
	uy, um, ud := r.until.In(loc).Date()
	untilDay := dayNumber(uy, um, ud)
	var m masks
	if err := b.spend(m.rebuild(r, year, month)); err != nil {
		return err
	}
	count := r.count
	var defined []int
	var spans [][2]int
	var chosen []time.Time
	// put is the end of one instant of the rule: past until the expansion
	// ends (done), before DTSTART it is dropped, else it is an occurrence.
	put := func(t time.Time) (done bool, err error) {
		if t.After(r.until) {
			return true, nil
		}
		if t.Before(dtstart) {
			return false, nil
		}
		if err := emit(t); err != nil {
			return true, err
		}
		if count > 0 {
			count--
			if count == 0 {
				return true, nil
			}
		}
		return false, nil
	}
	for {
		first := dayNumber(year, month, day)
		switch r.freq {
		case yearly:
			first = dayNumber(year, time.January, 1)
		case monthly:
			first = dayNumber(year, month, 1)
		}
		if first > untilDay {
			return nil
		}
		spans = m.daySet(r, year, month, day, spans[:0])
		if err := b.spend(costPeriod); err != nil {
			return err
		}
		defined = defined[:0]
		for _, sp := range spans {
			if err := b.spend(sp[1] - sp[0]); err != nil {
				return err
			}
			for i := sp[0]; i < sp[1]; i++ {
				if m.keep(r, i) {
					defined = append(defined, i)
				}
			}
		}
		if len(r.bysetpos) > 0 {
			chosen = chosen[:0]
			if err := b.spend(costCandidate * len(r.bysetpos)); err != nil {
				return err
			}
			nt := len(r.times)
			for _, pos := range r.bysetpos {
				p := pos - 1
				if pos < 0 {
					p = pos
				}
				dayPos, timePos := floorDiv(p, nt), pymod(p, nt)
				if dayPos < 0 {
					dayPos += len(defined)
				}
				if dayPos < 0 || dayPos >= len(defined) {
					continue
				}
				chosen = append(chosen, m.at(defined[dayPos], r.times[timePos], year, loc))
			}
			slices.SortFunc(chosen, func(a, b time.Time) int { return a.Compare(b) })
			chosen = slices.CompactFunc(chosen, time.Time.Equal)
			for _, t := range chosen {
				if done, err := put(t); done {
					return err
				}
			}
		} else {
			if err := b.spend(costCandidate * len(defined) * len(r.times)); err != nil {
				return err
			}
			for _, i := range defined {
				for _, tod := range r.times {
					if done, err := put(m.at(i, tod, year, loc)); done {
						return err
					}
				}
			}
		}
		// The next period.
		switch r.freq {
		case yearly:
			year += r.interval
		case monthly:
			mi := year*12 + int(month) - 1 + r.interval
			year, month = mi/12, time.Month(mi%12+1)
		case weekly:
			day += -pymod(weekday-r.wkst, 7) + r.interval*7
			weekday = r.wkst
		case daily:
			day += r.interval
		}
		if day > 28 && r.freq >= weekly {
			year, month, day = time.Date(year, month, day, 0, 0, 0, 0, time.UTC).Date()
		}
		if year > 9999 {
			return nil
		}
		if err := b.spend(m.rebuild(r, year, month)); err != nil {
			return err
		}
	}
}

// skipTo moves the start of a rule without COUNT to its last period that
// begins at least a period before from, keeping the periods' alignment:
// whole INTERVALs of years, months, weeks (from the week of DTSTART, weeks
// starting on WKST) or days.
func (r *rule) skipTo(from time.Time, year int, month time.Month, day, weekday int) (int, time.Month, int, int) {
	fy, fm, fd := from.Date()
	switch r.freq {
	case yearly:
		if k := (fy - 1 - year) / r.interval; k > 0 {
			year += k * r.interval
		}
	case monthly:
		cur, target := year*12+int(month)-1, fy*12+int(fm)-2
		if k := (target - cur) / r.interval; k > 0 {
			cur += k * r.interval
			year, month = cur/12, time.Month(cur%12+1)
		}
	case weekly:
		w0 := dayNumber(year, month, day) - pymod(weekday-r.wkst, 7)
		if k := (dayNumber(fy, fm, fd) - 7 - w0) / (7 * r.interval); k > 0 {
			year, month, day = dateOf(w0 + k*7*r.interval)
			weekday = r.wkst
		}
	case daily:
		start := dayNumber(year, month, day)
		if k := (dayNumber(fy, fm, fd) - 1 - start) / r.interval; k > 0 {
			year, month, day = dateOf(start + k*r.interval)
		}
	}
	return year, month, day, weekday
}

// masks describe the days of one year (and 7 of the next, for weeks that
// cross it) as the rule's filters read them, indexed from 1 January.
type masks struct {
	year                 int
	month                time.Month
	yearlen, nextyearlen int
	yearweekday          int
	tab                  *yearTable
	wnomask              []bool
	nwdaymask            []bool
	hasNW                bool
}

// yearTable gives, for each day of a year and the first 7 of the next,
// its month, its day of the month and that day counted from the month's end
// (-1 the last).
type yearTable struct {
	month, mday, nmday []int
	mrange             [13]int
}

var yearTables = [2]*yearTable{makeYearTable(2001), makeYearTable(2000)}

func makeYearTable(year int) *yearTable {
	t := &yearTable{}
	n := 365 + isLeap(year) + 7
	for i := range n {
		d := time.Date(year, 1, 1+i, 0, 0, 0, 0, time.UTC)
		t.month = append(t.month, int(d.Month()))
		t.mday = append(t.mday, d.Day())
		t.nmday = append(t.nmday, d.Day()-daysIn(d.Month(), d.Year())-1)
	}
	for m := 1; m <= 12; m++ {
		t.mrange[m] = t.mrange[m-1] + daysIn(time.Month(m), year)
	}
	return t
}

func (m *masks) wday(i int) int { return (m.yearweekday + i) % 7 }

// rebuild prepares the masks of year (and month, for ordinal weekdays of a
// monthly rule) and returns its cost in steps.
func (m *masks) rebuild(r *rule, year int, month time.Month) int {
	cost := 1
	if year != m.year {
		m.yearlen, m.nextyearlen = 365+isLeap(year), 365+isLeap(year+1)
		m.yearweekday = pyWeekday(time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC).Weekday())
		m.tab = yearTables[isLeap(year)]
		if len(r.byweekno) > 0 {
			m.weekNumbers(r, year)
			cost += m.yearlen
		}
	}
	if len(r.bynweekday) > 0 && (month != m.month || year != m.year) {
		var ranges [][2]int
		switch r.freq {
		case yearly:
			if r.hasMonth {
				for _, mo := range r.months {
					ranges = append(ranges, [2]int{m.tab.mrange[mo-1], m.tab.mrange[mo]})
				}
			} else {
				ranges = [][2]int{{0, m.yearlen}}
			}
		case monthly:
			ranges = [][2]int{{m.tab.mrange[month-1], m.tab.mrange[month]}}
		}
		if len(ranges) > 0 {
			m.nwdaymask = slices.Grow(m.nwdaymask[:0], m.yearlen)[:m.yearlen]
			clear(m.nwdaymask)
			m.hasNW = true
			cost += m.yearlen
			for _, x := range ranges {
				first, last := x[0], x[1]-1
				for _, w := range r.bynweekday {
					var i int
					if w.n < 0 {
						if i = last + (w.n+1)*7; i < first {
							continue
						}
						i -= pymod(m.wday(i)-w.weekday, 7)
					} else {
						if i = first + (w.n-1)*7; i > last {
							continue
						}
						i += pymod(7-m.wday(i)+w.weekday, 7)
					}
					if first <= i && i <= last {
						m.nwdaymask[i] = true
					}
				}
			}
		}
	}
	m.year, m.month = year, month
	return cost
}

// weekNumbers marks the days of the ISO-like weeks BYWEEKNO lists (weeks
// start on WKST; week 1 is the first with at least 4 days of the year).
func (m *masks) weekNumbers(r *rule, year int) {
	m.wnomask = slices.Grow(m.wnomask[:0], m.yearlen+7)[:m.yearlen+7]
	clear(m.wnomask)
	mark := func(i int) {
		for j := 0; j < 7 && i < len(m.wnomask); j++ {
			m.wnomask[i] = true
			i++
			if m.wday(i) == r.wkst {
				break
			}
		}
	}
	firstwkst := pymod(7-m.yearweekday+r.wkst, 7)
	no1wkst := firstwkst
	var wyearlen int
	if no1wkst >= 4 {
		no1wkst = 0
		wyearlen = m.yearlen + pymod(m.yearweekday-r.wkst, 7)
	} else {
		wyearlen = m.yearlen - no1wkst
	}
	numweeks := wyearlen/7 + (wyearlen%7)/4
	for _, n := range r.byweekno {
		if n < 0 {
			n += numweeks + 1
		}
		if n <= 0 || n > numweeks {
			continue
		}
		i := no1wkst
		if n > 1 {
			i = no1wkst + (n-1)*7
			if no1wkst != firstwkst {
				i -= 7 - firstwkst
			}
		}
		mark(i)
	}
	if slices.Contains(r.byweekno, 1) {
		// Week 1 of the next year may begin in this one.
		i := no1wkst + numweeks*7
		if no1wkst != firstwkst {
			i -= 7 - firstwkst
		}
		if i < m.yearlen {
			mark(i)
		}
	}
	if no1wkst != 0 {
		// The days before week 1 belong to the last week of last year.
		lnumweeks := -1
		if !slices.Contains(r.byweekno, -1) {
			lyearweekday := pyWeekday(time.Date(year-1, 1, 1, 0, 0, 0, 0, time.UTC).Weekday())
			lno1wkst := pymod(7-lyearweekday+r.wkst, 7)
			lyearlen := 365 + isLeap(year-1)
			if lno1wkst >= 4 {
				lnumweeks = 52 + pymod(lyearlen+pymod(lyearweekday-r.wkst, 7), 7)/4
			} else {
				lnumweeks = 52 + pymod(m.yearlen-no1wkst, 7)/4
			}
		}
		if slices.Contains(r.byweekno, lnumweeks) {
			for i := 0; i < no1wkst; i++ {
				m.wnomask[i] = true
			}
		}
	}
}

// daySet appends the period's days to spans, as ranges [lo, hi) of
// indexes from 1 January of year. A yearly rule with BYMONTH has only the
// days of its months: the others would all be filtered out.
func (m *masks) daySet(r *rule, year int, month time.Month, day int, spans [][2]int) [][2]int {
	switch r.freq {
	case yearly:
		if !r.hasMonth {
			return append(spans, [2]int{0, m.yearlen})
		}
		for _, mo := range r.months {
			spans = append(spans, [2]int{m.tab.mrange[mo-1], m.tab.mrange[mo]})
		}
		return spans
	case monthly:
		return append(spans, [2]int{m.tab.mrange[month-1], m.tab.mrange[month]})
	}
	i := time.Date(year, month, day, 0, 0, 0, 0, time.UTC).YearDay() - 1
	if r.freq == daily {
		return append(spans, [2]int{i, i + 1})
	}
	lo, hi := i, i+1
	for range 7 {
		i++
		if m.wday(i) == r.wkst {
			break
		}
		hi = i + 1
	}
	return append(spans, [2]int{lo, hi})
}

// keep tells whether day i passes the rule's filters.
func (m *masks) keep(r *rule, i int) bool {
	if r.hasMonth && !r.bymonth[m.tab.month[i]] ||
		len(r.byweekno) > 0 && !m.wnomask[i] ||
		r.hasWeekday && !r.byweekday[m.wday(i)] ||
		m.hasNW && (i >= len(m.nwdaymask) || !m.nwdaymask[i]) ||
		r.hasMonthday && !r.bymonthday[m.tab.mday[i]] && !r.bynmonthday[-m.tab.nmday[i]] {
		return false
	}
	if r.hasYearday {
		if i < m.yearlen {
			return r.byyearday[i+1] || r.bynyearday[m.yearlen-i]
		}
		return r.byyearday[i+1-m.yearlen] || r.bynyearday[m.nextyearlen-(i-m.yearlen)]
	}
	return true
}

// at is day i of year's period at tod, in loc.
func (m *masks) at(i int, tod timeOfDay, year int, loc *time.Location) time.Time {
	if i >= m.yearlen {
		year++
	}
	return time.Date(year, time.Month(m.tab.month[i]), m.tab.mday[i], tod.h, tod.m, tod.s, 0, loc)
}

func isLeap(year int) int {
	if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
		return 1
	}
	return 0
}

func daysIn(m time.Month, year int) int {
	return time.Date(year, m+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// pyWeekday numbers weekdays from Monday (0), as RRULE's do.
func pyWeekday(d time.Weekday) int { return (int(d) + 6) % 7 }

// pymod is the modulo of a floored division (never negative for b > 0).
func pymod(a, b int) int {
	r := a % b
	if r < 0 {
		r += b
	}
	return r
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// dayNumber counts days from 1970-01-01; dateOf is its inverse.
func dayNumber(y int, m time.Month, d int) int {
	return int(time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400)
}

func dateOf(n int) (int, time.Month, int) {
	return time.Unix(int64(n)*86400, 0).UTC().Date()
}
