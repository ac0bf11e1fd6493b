//go:build unix

package httpapi

import (
	"fmt"
	"net/http"
	"runtime"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"noces/internal/availability"
	"noces/internal/availability/icstest"
	"noces/internal/model"
)

// processCPU is the CPU the test process has used, all threads.
func processCPU(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// The attack files, six at once from six accounts, through the real
// handlers: each is answered (refused or imported) for under 1 s of CPU
// and 32 MB, the six together under six times that. On the library-based
// import one RRULE bomb took 24 s and 620 MB, six 176-204 s each.
func TestCalendarImportAttacksSixAtOnce(t *testing.T) {
	e := newEnv(t)
	tokens := make([]string, 6)
	for i := range tokens {
		key := fmt.Sprintf("importer%d", i)
		e.addUser(key, model.RolePlanner)
		tokens[i] = e.login(key).Access
	}
	for _, c := range []struct {
		name   string
		data   []byte
		status int
		days   float64 // of an import
	}{
		{"the RRULE bomb", icstest.RuleBomb(), http.StatusUnprocessableEntity, 0},
		{"a parameter of 320 KB", icstest.LongParameter(320<<10, false), http.StatusOK, 1},
		{"a quoted parameter of 320 KB", icstest.LongParameter(320<<10, true), http.StatusOK, 1},
		{"an EXDATE of 100,000 dates", icstest.ManyExdates(100000), http.StatusOK, 57},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctype, body := icsForm(t, c.data, nil)
			got := make([]resp, len(tokens))
			took := make([]time.Duration, len(tokens))
			runtime.GC()
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			cpu0 := processCPU(t)
			var wg sync.WaitGroup
			for i, tok := range tokens {
				wg.Go(func() {
					start := time.Now()
					got[i] = e.do(req{method: "POST", path: "/api/availability/import", token: tok, body: body, contentType: ctype,
						headers: map[string]string{"Accept-Language": "fr"}})
					took[i] = time.Since(start)
				})
			}
			wg.Wait()
			cpu := processCPU(t) - cpu0
			runtime.ReadMemStats(&m1)
			alloc := m1.TotalAlloc - m0.TotalAlloc
			for _, r := range got {
				if r.status != c.status {
					t.Fatalf("%d, want %d: %s", r.status, c.status, r.body)
				}
				if c.status == http.StatusOK {
					if d := r.json(t)["days"]; d != c.days {
						t.Errorf("days %v, want %v", d, c.days)
					}
				} else if f := field(t, r, "file"); f != "availability.errors.too_many_repeats" {
					t.Errorf("field %q", f)
				}
			}
			// The six bodies are read, parsed as multipart and copied: a few
			// times their size comes on top of the imports' own memory.
			bodies := uint64(6 * 4 * len(body))
			t.Logf("six of %d bytes: %v of CPU, %.1f MiB allocated, slowest %v", len(c.data), cpu, float64(alloc)/(1<<20), slices.Max(took))
			if cpu > 6*time.Second || alloc > 6*32<<20+bodies {
				t.Errorf("six imports cost %v of CPU and %d MiB", cpu, alloc>>20)
			}
			// The clock only catches a stall: the machine may be busy.
			if slices.Max(took) > 60*time.Second {
				t.Errorf("the slowest answer took %v", slices.Max(took))
			}
		})
	}
}

// An import waits for one of the process's slots and is refused with 503
// and Retry-After when none frees in time; only an onboarded provider
// imports.
func TestCalendarImportIsGatedAndNeedsOnboarding(t *testing.T) {
	e := newEnv(t)
	tok := e.login("planner").Access
	ctype, body := icsForm(t, []byte(importICS), nil)
	imp := req{method: "POST", path: "/api/availability/import", token: tok, body: body, contentType: ctype,
		headers: map[string]string{"Accept-Language": "fr"}}

	gate := availability.NewGate(1, 50*time.Millisecond)
	e.server.Availability.Gate = gate
	release, err := gate.Enter(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	r := e.do(imp)
	if r.status != http.StatusServiceUnavailable || r.header.Get("Retry-After") != fmt.Sprint(availability.BusyRetryAfter) ||
		r.json(t)["error"] != "availability.errors.busy" {
		t.Fatalf("with the slot taken: %d %v %s", r.status, r.header, r.body)
	}
	if got := e.takenDays(tok, "from=2027-03-01&to=2027-03-31"); len(got) != 0 {
		t.Errorf("a refused import wrote %v", got)
	}
	release()
	if r := e.do(imp); r.status != http.StatusOK {
		t.Fatalf("with the slot free: %d %s", r.status, r.body)
	}

	// Not onboarded: 403 in the user's language, nothing written.
	fresh := e.newAccount("fresh-importer@example.com", model.RolePlanner)
	imp.token = fresh.Access
	e.refused(t, imp, http.StatusForbidden, "availability.errors.onboarding_required", "", "")
}
