//go:build unix

package availability

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"noces/internal/availability/icstest"
)

// filled repeats one event as often as a file of MaxImportBytes holds.
func filled(event ...string) []byte { return icstest.Filled(MaxImportBytes, MaxImportEvents, event...) }

type attack struct {
	name string
	data []byte
	// want is the refusal, nil for an import; days the days it gives.
	want error
	days int
	// cpu, when set, is a tighter bound than maxFileCPU.
	cpu time.Duration
}

func attacks() []attack {
	var rdates []string
	for i := range 100000 {
		rdates = append(rdates, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i%1400).Format("20060102"))
	}
	var zones []string
	for i := range 4000 {
		zones = append(zones, "BEGIN:VEVENT", fmt.Sprintf("DTSTART;TZID=Nowhere/City%d:20270301T180000", i), "END:VEVENT")
	}
	return []attack{
		{"the RRULE bomb (every second of every day, 657 bytes)", icstest.RuleBomb(), ErrTooManyRepeats, 0, 0},
		{"a parameter of 160 KB", icstest.LongParameter(160<<10, false), nil, 1, 0},
		{"a quoted parameter of 320 KB", icstest.LongParameter(320<<10, true), nil, 1, 0},
		{"a parameter of 879 KB", icstest.LongParameter(879<<10, false), nil, 1, 0},
		// Each date was compared with each occurrence: 0.46 s of CPU here
		// (4.8 s on the clock of a busy server), now a set's look-up.
		{"an EXDATE of 100,000 dates", icstest.ManyExdates(100000), nil, 57, 250 * time.Millisecond},
		{"an RDATE of 100,000 dates of 399 days each", calendar("BEGIN:VEVENT", "DTSTART;VALUE=DATE:20270101", "DURATION:P399D",
			"RRULE:FREQ=YEARLY;COUNT=1", "RDATE;VALUE=DATE:"+strings.Join(rdates, ","), "END:VEVENT"), nil, 1097, 0},
		{"1 MB of daily rules with COUNT since 1900 that never match", filled("BEGIN:VEVENT", "DTSTART;VALUE=DATE:19000101",
			"RRULE:FREQ=DAILY;COUNT=1000000;BYMONTH=2;BYMONTHDAY=30", "END:VEVENT"), ErrTooManyRepeats, 0, 0},
		{"1 MB of yearly rules with 24 times a day and every BYSETPOS", filled("BEGIN:VEVENT", "DTSTART:20270101T000000Z",
			"RRULE:FREQ=YEARLY;BYHOUR="+icstest.Numbers(0, 23)+";BYSETPOS="+icstest.Numbers(1, 366)+","+icstest.Numbers(-366, -1), "END:VEVENT"), nil, 3, 0},
		{"4,000 made-up time zones", calendar(zones...), nil, 0, 0},
		{"1 MB of empty properties", calendar(strings.Repeat("X:\r\n", 250000)), nil, 0, 0},
	}
}

// cpuTime is the CPU the process has used, all threads, user and system.
func cpuTime(t testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// measure runs f and returns the CPU it cost the process and the bytes it
// allocated (at least its extra memory at any moment).
func measure(t testing.TB, f func()) (time.Duration, uint64) {
	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	c0 := cpuTime(t)
	f()
	c1 := cpuTime(t)
	runtime.ReadMemStats(&m1)
	return c1 - c0, m1.TotalAlloc - m0.TotalAlloc
}

// Every file of at most 1 MB is refused or imported in under 1 s of CPU and
// under 32 MB of memory. CPU time, not the clock, so a loaded machine does
// not fail the test; on the library-based import the bomb took 109 s and
// 4.4 GB here, the 160 KB parameter 50 s.
const (
	maxFileCPU   = time.Second
	maxFileBytes = 32 << 20
)

func TestParseICSResistsAttackFiles(t *testing.T) {
	for _, a := range attacks() {
		t.Run(a.name, func(t *testing.T) {
			if len(a.data) > MaxImportBytes {
				t.Fatalf("%d bytes, over the limit", len(a.data))
			}
			var p Parsed
			var err error
			cpu, alloc := measure(t, func() { p, err = ParseICS(t.Context(), a.data, "2026-11-22", "2029-11-22", paris) })
			if !errors.Is(err, a.want) || (a.want == nil && err != nil) {
				t.Errorf("error %v, want %v", err, a.want)
			}
			if len(p.Days) != a.days {
				t.Errorf("%d days, want %d", len(p.Days), a.days)
			}
			limit := maxFileCPU
			if a.cpu > 0 {
				limit = a.cpu
			}
			if cpu > limit || alloc > maxFileBytes {
				t.Errorf("%d bytes: %v of CPU, %.1f MiB allocated; want under %v and %d MiB", len(a.data), cpu, float64(alloc)/(1<<20), limit, maxFileBytes>>20)
			}
			t.Logf("%d bytes: %v of CPU, %.1f MiB allocated", len(a.data), cpu, float64(alloc)/(1<<20))
		})
	}
}

// Six at once of each attack file cost six times one, at most: attacks
// from several accounts add up, they do not multiply.
func TestParseICSSixAttacksAtOnce(t *testing.T) {
	for _, a := range []attack{
		{"the RRULE bomb", icstest.RuleBomb(), ErrTooManyRepeats, 0, 0},
		{"a parameter of 320 KB", icstest.LongParameter(320<<10, false), nil, 1, 0},
		{"an EXDATE of 100,000 dates", icstest.ManyExdates(100000), nil, 57, 0},
	} {
		t.Run(a.name, func(t *testing.T) {
			errs := make([]error, 6)
			cpu, alloc := measure(t, func() {
				var wg sync.WaitGroup
				for i := range errs {
					wg.Go(func() { _, errs[i] = ParseICS(t.Context(), a.data, "2026-11-22", "2029-11-22", paris) })
				}
				wg.Wait()
			})
			for _, err := range errs {
				if !errors.Is(err, a.want) || (a.want == nil && err != nil) {
					t.Errorf("error %v, want %v", err, a.want)
				}
			}
			if cpu > 6*maxFileCPU || alloc > 6*maxFileBytes {
				t.Errorf("six: %v of CPU, %.1f MiB allocated", cpu, float64(alloc)/(1<<20))
			}
			t.Logf("six: %v of CPU, %.1f MiB allocated", cpu, float64(alloc)/(1<<20))
		})
	}
}

// An expansion stops when its request ends, well before its budget.
func TestParseICSStopsWithItsRequest(t *testing.T) {
	data := filled("BEGIN:VEVENT", "DTSTART;VALUE=DATE:19000101", "RRULE:FREQ=DAILY;COUNT=1000000;BYMONTH=2;BYMONTHDAY=30", "END:VEVENT")
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := ParseICS(ctx, data, "2026-11-22", "2029-11-22", paris); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled request: %v", err)
	}
	// Ended while it runs: the budget looks at the request every 65,536
	// steps, a fraction of a millisecond.
	ctx, cancel = context.WithCancel(t.Context())
	defer cancel()
	b := budget{ctx: ctx, left: maxSteps}
	spent := 0
	for b.spend(1) == nil {
		if spent++; spent == 1000 {
			cancel()
		}
	}
	if spent > 1000+1<<16 || !errors.Is(ctx.Err(), context.Canceled) {
		t.Errorf("%d steps after the end of the request", spent-1000)
	}
}
