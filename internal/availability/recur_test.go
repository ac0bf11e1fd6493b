package availability

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/teambition/rrule-go"
)

// randomRule writes a valid RRULE of a day's frequency from rng: a few BY*
// lists with values in range and no repeats, sometimes COUNT, UNTIL,
// INTERVAL, WKST, BYSETPOS or times of day.
func randomRule(rng *rand.Rand) string {
	pick := func(lo, hi int, signed bool, most int) string {
		n := 1 + rng.IntN(most)
		seen := map[int]bool{}
		var out []string
		for range n {
			v := lo + rng.IntN(hi-lo+1)
			if signed && rng.IntN(3) == 0 {
				v = -v
			}
			if !seen[v] {
				seen[v] = true
				out = append(out, fmt.Sprint(v))
			}
		}
		return strings.Join(out, ",")
	}
	freq := []string{"YEARLY", "MONTHLY", "WEEKLY", "DAILY"}[rng.IntN(4)]
	parts := []string{"FREQ=" + freq}
	if rng.IntN(3) == 0 {
		parts = append(parts, fmt.Sprintf("INTERVAL=%d", 1+rng.IntN(4)))
	}
	switch rng.IntN(3) {
	case 0:
		parts = append(parts, fmt.Sprintf("COUNT=%d", 1+rng.IntN(60)))
	case 1:
		parts = append(parts, "UNTIL="+time.Date(2026+rng.IntN(3), time.Month(1+rng.IntN(12)), 1+rng.IntN(28), 0, 0, 0, 0, time.UTC).Format("20060102T150405Z"))
	}
	if rng.IntN(4) == 0 {
		parts = append(parts, "WKST="+weekdayNames[rng.IntN(7)])
	}
	if rng.IntN(4) == 0 {
		parts = append(parts, "BYMONTH="+pick(1, 12, false, 5))
	}
	if rng.IntN(4) == 0 {
		parts = append(parts, "BYMONTHDAY="+pick(1, 31, true, 5))
	}
	if rng.IntN(10) == 0 {
		parts = append(parts, "BYYEARDAY="+pick(1, 366, true, 8))
	}
	if rng.IntN(6) == 0 && freq == "YEARLY" {
		parts = append(parts, "BYWEEKNO="+pick(1, 53, true, 3))
	}
	if rng.IntN(3) == 0 {
		var days []string
		seen := map[string]bool{}
		for range 1 + rng.IntN(3) {
			d := weekdayNames[rng.IntN(7)]
			if (freq == "YEARLY" || freq == "MONTHLY") && rng.IntN(2) == 0 {
				n := 1 + rng.IntN(4)
				if freq == "YEARLY" {
					n = 1 + rng.IntN(53)
				}
				if rng.IntN(2) == 0 {
					n = -n
				}
				d = fmt.Sprint(n) + d
			}
			if !seen[d] {
				seen[d] = true
				days = append(days, d)
			}
		}
		parts = append(parts, "BYDAY="+strings.Join(days, ","))
	}
	if rng.IntN(6) == 0 {
		parts = append(parts, "BYSETPOS="+pick(1, 5, true, 2))
	}
	if rng.IntN(6) == 0 {
		parts = append(parts, "BYHOUR="+pick(0, 23, false, 3))
	}
	if rng.IntN(8) == 0 {
		parts = append(parts, "BYMINUTE="+pick(0, 59, false, 2))
	}
	rng.Shuffle(len(parts)-1, func(i, j int) { parts[i+1], parts[j+1] = parts[j+1], parts[i+1] })
	return strings.Join(parts, ";")
}

// libraryOccurrences expands text from dtstart up to until with rrule-go;
// ok is false where rrule-go refuses the rule or panics on it.
func libraryOccurrences(text string, dtstart, until time.Time) (out []time.Time, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	opt, err := rrule.StrToROption(text)
	if err != nil {
		return nil, false
	}
	opt.Dtstart = dtstart
	if opt.Until.IsZero() || opt.Until.After(until) {
		opt.Until = until
	}
	r, err := rrule.NewRRule(*opt)
	if err != nil {
		return nil, false
	}
	next := r.Iterator()
	for t, ok := next(); ok; t, ok = next() {
		out = append(out, t)
	}
	return out, true
}

func ourOccurrences(text string, dtstart, until, from time.Time) ([]time.Time, error) {
	rt, err := parseRule(text)
	if err != nil {
		return nil, err
	}
	r, err := compile(rt, dtstart)
	if err != nil {
		return nil, err
	}
	if r.until.IsZero() || r.until.After(until) {
		r.until = until
	}
	var out []time.Time
	b := budget{ctx: context.Background(), left: maxSteps}
	err = r.expand(dtstart, from, &b, func(t time.Time) error { out = append(out, t); return nil })
	return out, err
}

// TestExpansionMatchesRRuleGo expands 2,000 random rules with ours and with
// rrule-go (python-dateutil's algorithm), from DTSTART and from a later
// date (where a rule without COUNT skips whole periods): the same
// occurrences. rrule-go searches to the year 9999 for a rule that matches
// nothing, so those (a third) are compared for a second at most.
func TestExpansionMatchesRRuleGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 30))
	zones := []*time.Location{time.UTC, paris}
	empty, compared := 0, 0
	var emptyTime time.Duration
	for n := range 2000 {
		text := randomRule(rng)
		loc := zones[rng.IntN(2)]
		dtstart := time.Date(2024+rng.IntN(3), time.Month(1+rng.IntN(12)), 1+rng.IntN(28), 0, 0, 0, 0, loc)
		if rng.IntN(2) == 0 {
			dtstart = dtstart.Add(time.Duration(rng.IntN(24*60)) * time.Minute)
		}
		until := dtstart.AddDate(3, 0, 0)
		ours, err := ourOccurrences(text, dtstart, until, time.Time{})
		if err != nil {
			t.Errorf("%d %s from %v: %v", n, text, dtstart, err)
			continue
		}
		if len(ours) == 0 {
			if empty++; emptyTime > time.Second {
				continue
			}
		}
		t0 := time.Now()
		theirs, ok := libraryOccurrences(text, dtstart, until)
		if len(ours) == 0 {
			emptyTime += time.Since(t0)
		}
		if !ok {
			continue
		}
		compared++
		if diff := cmp.Diff(theirs, ours); diff != "" {
			t.Errorf("%d %s from %v (-rrule-go +ours):\n%s", n, text, dtstart, diff)
			continue
		}
		// From a later date: the same occurrences from that date on.
		from := dayOf(dtstart).AddDate(0, 0, 30+rng.IntN(700))
		later, err := ourOccurrences(text, dtstart, until, from)
		if err != nil {
			t.Fatal(err)
		}
		after := func(v []time.Time) []time.Time {
			return slices.DeleteFunc(slices.Clone(v), func(t time.Time) bool { return dayOf(t).Before(from) })
		}
		if diff := cmp.Diff(after(theirs), after(later), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%d %s from %v, skipped to %v (-rrule-go +ours):\n%s", n, text, dtstart, from.Format(time.DateOnly), diff)
		}
	}
	if compared < 1300 {
		t.Errorf("only %d rules compared", compared)
	}
	t.Logf("%d rules compared, %d gave nothing", compared, empty)
}
