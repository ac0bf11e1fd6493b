// Command ics measures the .ics calendar import of the real noces binary
// against the files that made it a denial of service (package icstest):
// the RRULE bomb, parameters of 320 and 879 KB, an EXDATE of 100,000
// dates. Each is sent to POST /api/availability/import by a demo provider,
// alone (the median of -runs), then six at once from six accounts.
//
// For each: the answer, its latency, the server's CPU (from /proc, in
// ticks of 10 ms) and its peak extra memory (VmHWM during the requests
// minus VmRSS just before; the high-water mark is reset through
// /proc/<pid>/clear_refs). A small valid file gives the baseline. See
// bench/README.md.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"noces/bench/benchserve"
	"noces/internal/availability/icstest"
)

// accounts are the demo's onboarded providers; the venue owner names its
// first venue.
var accounts = []string{"planner@noces.test", "premium@noces.test", "sauge@noces.test", "lin@noces.test",
	"provence@noces.test", "venue@noces.test"}

type file struct {
	name string
	data []byte
}

func files(only string) []file {
	all := []file{
		{"small valid file (baseline)", icstest.Calendar("BEGIN:VEVENT", "UID:a@bench", "DTSTART;VALUE=DATE:20270612",
			"DTEND;VALUE=DATE:20270614", "END:VEVENT", "BEGIN:VEVENT", "UID:b@bench", "DTSTART;TZID=Europe/Paris:20270301T180000",
			"RRULE:FREQ=WEEKLY;COUNT=10", "END:VEVENT")},
		{"RRULE bomb", icstest.RuleBomb()},
		{"parameter of 320 KB", icstest.LongParameter(320<<10, false)},
		{"quoted parameter of 320 KB", icstest.LongParameter(320<<10, true)},
		{"parameter of 879 KB", icstest.LongParameter(879<<10, false)},
		{"EXDATE of 100,000 dates", icstest.ManyExdates(100000)},
	}
	if only == "" {
		return all
	}
	var out []file
	for _, f := range all {
		if strings.Contains(f.name, only) || f.name == all[0].name {
			out = append(out, f)
		}
	}
	return out
}

type account struct {
	token, venue string
}

func signIn(s *benchserve.Server, email string) (account, error) {
	tok, err := benchserve.Login(s.Base, email)
	if err != nil {
		return account{}, err
	}
	a := account{token: tok}
	if strings.HasPrefix(email, "venue@") {
		req, _ := http.NewRequest("GET", s.Base+"/api/availability?from=2027-01-01&to=2027-01-31", nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		r, err := http.DefaultClient.Do(req)
		if err != nil {
			return a, err
		}
		defer func() { _ = r.Body.Close() }()
		var cal struct {
			VenueID string `json:"venueId"`
		}
		if err := json.NewDecoder(r.Body).Decode(&cal); err != nil {
			return a, err
		}
		a.venue = cal.VenueID
	}
	return a, nil
}

type answer struct {
	status int
	body   string
	d      time.Duration
}

func post(s *benchserve.Server, a account, data []byte) answer {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	if a.venue != "" {
		_ = w.WriteField("venue", a.venue)
	}
	fw, _ := w.CreateFormFile("file", "calendar.ics")
	_, _ = fw.Write(data)
	_ = w.Close()
	req, _ := http.NewRequest("POST", s.Base+"/api/availability/import", &b)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+a.token)
	t0 := time.Now()
	r, err := http.DefaultClient.Do(req)
	if err != nil {
		return answer{body: err.Error(), d: time.Since(t0)}
	}
	reply, _ := io.ReadAll(r.Body)
	_ = r.Body.Close()
	return answer{status: r.StatusCode, body: string(reply), d: time.Since(t0)}
}

// round sends data from each of accs at once and returns the answers, the
// server's CPU and its peak extra memory in KiB.
func round(s *benchserve.Server, accs []account, data []byte) ([]answer, time.Duration, int, error) {
	time.Sleep(300 * time.Millisecond) // the previous round's garbage collected
	if err := s.ResetPeak(); err != nil {
		return nil, 0, 0, fmt.Errorf("reset the peak: %w", err)
	}
	rss, cpu := s.MemKB("VmRSS"), s.CPUTime()
	out := make([]answer, len(accs))
	var wg sync.WaitGroup
	for i, a := range accs {
		wg.Go(func() { out[i] = post(s, a, data) })
	}
	wg.Wait()
	return out, s.CPUTime() - cpu, s.MemKB("VmHWM") - rss, nil
}

// outcome is the answer in a few words: its status and code or days.
func outcome(a answer) string {
	var body struct {
		Error  string            `json:"error"`
		Fields map[string]string `json:"fields"`
		Days   *int              `json:"days"`
	}
	_ = json.Unmarshal([]byte(a.body), &body)
	switch {
	case body.Days != nil:
		return fmt.Sprintf("%d, %d days", a.status, *body.Days)
	case body.Fields["file"] != "":
		return fmt.Sprintf("%d `%s`", a.status, body.Fields["file"])
	case body.Error != "":
		return fmt.Sprintf("%d `%s`", a.status, body.Error)
	}
	return fmt.Sprintf("%d %.60s", a.status, a.body)
}

func main() {
	bin := flag.String("bin", "./bin/noces", "the noces binary to start")
	runs := flag.Int("runs", 3, "imports of each file alone (the median is reported)")
	only := flag.String("only", "", "only the files whose name holds this text (and the baseline)")
	six := flag.Bool("six", true, "also send each file six at once from six accounts")
	out := flag.String("out", "", "also write the Markdown report to this file")
	flag.Parse()
	if err := run(*bin, *runs, *only, *six, *out); err != nil {
		fmt.Fprintln(os.Stderr, "ics:", err)
		os.Exit(1)
	}
}

func run(bin string, runs int, only string, six bool, outPath string) error {
	s, err := benchserve.Start(bin)
	if err != nil {
		return err
	}
	defer s.Stop()
	var accs []account
	for _, email := range accounts {
		a, err := signIn(s, email)
		if err != nil {
			return fmt.Errorf("%s: %w", email, err)
		}
		accs = append(accs, a)
	}
	fs := files(only)
	// Warm-up: the baseline once, unmeasured.
	if a := post(s, accs[0], fs[0].data); a.status != http.StatusOK {
		return fmt.Errorf("baseline: %s", outcome(a))
	}
	var rep strings.Builder
	fmt.Fprintf(&rep, "## The .ics import against its attack files (%s)\n\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Fprintf(&rep, "%d CPUs, %s, `%s`; load average when done: %s. Alone: median of %d; CPU in ticks of 10 ms.\n\n",
		runtime.NumCPU(), runtime.Version(), bin, strings.Join(strings.Fields(string(load))[:3], " "), runs)
	fmt.Fprintf(&rep, "| file | bytes | answer | alone: latency | server CPU | peak extra memory | six at once: slowest | server CPU, all six | peak extra memory |\n")
	fmt.Fprintf(&rep, "|---|--:|---|--:|--:|--:|--:|--:|--:|\n")
	next := 0
	for _, f := range fs {
		fmt.Fprintf(os.Stderr, "%s...\n", f.name)
		var lat, cpu []time.Duration
		var mem []int
		var first answer
		for i := range runs {
			got, c, m, err := round(s, accs[next%len(accs):next%len(accs)+1], f.data)
			if err != nil {
				return err
			}
			next++
			if i == 0 {
				first = got[0]
			}
			lat, cpu, mem = append(lat, got[0].d), append(cpu, c), append(mem, m)
		}
		row := fmt.Sprintf("| %s | %d | %s | %s | %s | %.1f MiB |", f.name, len(f.data), outcome(first),
			benchserve.Ms(benchserve.Median(lat)), benchserve.Ms(benchserve.Median(cpu)), float64(benchserve.Median(mem))/1024)
		if six {
			got, c, m, err := round(s, accs, f.data)
			if err != nil {
				return err
			}
			var ds []time.Duration
			var outcomes []string
			for _, a := range got {
				ds = append(ds, a.d)
				if o := outcome(a); !slices.Contains(outcomes, o) {
					outcomes = append(outcomes, o)
				}
			}
			row += fmt.Sprintf(" %s (%s) | %s | %.1f MiB |", benchserve.Ms(slices.Max(ds)), strings.Join(outcomes, "; "), benchserve.Ms(c), float64(m)/1024)
		} else {
			row += " - | - | - |"
		}
		fmt.Fprintln(&rep, row)
	}
	fmt.Fprintf(&rep, "\nServer RSS at the end: %.1f MiB.\n", float64(s.MemKB("VmRSS"))/1024)
	fmt.Print(rep.String())
	if outPath != "" {
		f, err := os.OpenFile(outPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return err
		}
		if _, err := f.WriteString(rep.String() + "\n"); err != nil {
			_ = f.Close()
			return err
		}
		return f.Close()
	}
	return nil
}
