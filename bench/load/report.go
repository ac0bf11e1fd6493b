package main

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
)

// report is everything one run prints.
type report struct {
	Date        time.Time
	CPUs        int
	GoVersion   string
	Platform    string // GOOS/GOARCH
	Binary      string // which build of noces ran
	Engine      string // engine and version
	Postgres    bool   // the database runs in postgres processes, measured apart
	Gen         genStats
	Load        loadOptions
	TokenUsers  int
	Results     []result
	Direct      []result   // the database work alone, in process
	Bands       []bandInfo // providers by number of event requests
	Logins      int        // background sign-in workers
	Interrupted bool
	IdleBusy    float64 // cores busy on the machine just before the load, -1 when unknown
	// IdleMemory is the server's memory once ready and idle, before the load.
	IdleMemory procMemory
}

// markdown renders the report: the machine, the data, then one table row per
// endpoint with its ratios to the baseline row.
func (r report) markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "## Noces load figures, %s\n\n", r.Engine)
	fmt.Fprintf(&b, "- date: %s\n", r.Date.UTC().Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(&b, "- machine: %d CPUs, %s, %s; server, database and load generator share them\n", r.CPUs, r.Platform, r.GoVersion)
	if r.Binary != "" {
		fmt.Fprintf(&b, "- binary: %s\n", r.Binary)
	}
	g := r.Gen
	fmt.Fprintf(&b, "- data: %d providers (%d ROLE_PRESTATAIRE, %d of them shown by the public search; %d ROLE_VENUE with %d venue listings and %d venue features), "+
		"a company each, %d services, %d languages; migrations %s, one argon2id hash %s, inserts %s (%.0f providers/s)\n",
		g.Users, g.Planners, g.Searchable, g.Venues, g.Listings, g.VenueFeatures, g.Services, g.Langues, round(g.Migrate), round(g.Hash),
		round(g.Insert), perSecond(g.Users, g.Insert))
	if g.Requests > 0 {
		fmt.Fprintf(&b, "- event requests: %d from %d projects, inserted in %s (%.0f requests/s)\n",
			g.Requests, g.Projects, round(g.InsertRequests), perSecond(g.Requests, g.InsertRequests))
	}
	for _, bi := range r.Bands {
		fmt.Fprintf(&b, "- %s\n", bi)
	}
	fmt.Fprintf(&b, "- load: %d keep-alive workers on loopback, %s per endpoint after a %s warm-up; /api/me and sign-ins as %d random users\n",
		r.Load.concurrency, r.Load.duration, r.Load.warmup, r.TokenUsers)
	if r.Logins > 0 {
		fmt.Fprintf(&b, "- background: %d sign-ins kept running (each worker signs in again as soon as it is answered) while every row but the baseline is measured\n", r.Logins)
	}
	if r.IdleBusy >= 0 {
		fmt.Fprintf(&b, "- machine before the load: %.2f cores busy with other work%s\n", r.IdleBusy, busyNote(r.IdleBusy))
	}
	if m := r.IdleMemory; m.OK {
		fmt.Fprintf(&b, "- server memory once started, idle before the load: VmRSS %s (VmHWM %s since its start)\n", mib(m.RSS), mib(m.HWM))
	}
	var worst float64
	for _, res := range r.Results {
		worst = max(worst, res.CPU.Others)
	}
	if worst > busyThreshold {
		fmt.Fprintf(&b, "- other programs used up to %.2f cores during a run (**figures skewed: run again on a quiet machine**)\n", worst)
	}
	if r.Interrupted {
		b.WriteString("- interrupted: the figures below are incomplete\n")
	}
	b.WriteString("\n| endpoint | request | requests | errors | req/s | p50 | p90 | p95 | p99 | req/s vs hello | p50 vs hello | p99 vs hello | CPU noces | CPU postgres | CPU bench | CPU others | CPU idle | RSS max |\n")
	b.WriteString("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	var base *result
	for i := range r.Results {
		if r.Results[i].Name == baselineName {
			base = &r.Results[i]
		}
	}
	for _, res := range r.Results {
		req := res.Desc
		if req == "" {
			req = res.Method + " " + res.Path
		}
		if res.Name == baselineName {
			req = "GET / (net/http, no middleware)"
		}
		tput, p50, p99 := math.NaN(), math.NaN(), math.NaN()
		if base != nil {
			tput = ratio(res.Throughput(), base.Throughput())
			p50 = ratio(float64(res.P50), float64(base.P50))
			p99 = ratio(float64(res.P99), float64(base.P99))
		}
		cpu := [5]string{"–", "–", "–", "–", "–"}
		if c := res.CPU; c.OK {
			cpu = [5]string{cores(c.Server), cores(c.Postgres), cores(c.Bench), cores(c.Others), cores(c.Idle)}
			if res.Name == baselineName {
				cpu[0] = "–" // the baseline runs inside the bench process
			}
			if !r.Postgres {
				cpu[1] = "–" // SQLite runs inside noces
			}
		}
		rss := mib(res.RSSMax)
		if res.Name == baselineName {
			rss = "–" // the baseline runs inside the bench process
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %.0f | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			res.Name, req, res.Requests, res.Errors, res.Throughput(), ms(res.P50), ms(res.P90), ms(res.P95), ms(res.P99),
			times(tput), times(p50), times(p99), cpu[0], cpu[1], cpu[2], cpu[3], cpu[4], rss)
	}
	fmt.Fprintf(&b, "\nCPU columns are in cores (of %d) during the measured run: the noces process (SQLite included), "+
		"the PostgreSQL backends, the bench process (load generator, and the baseline server on its row), "+
		"other programs (anything above a few hundredths skews the figures), and idle. "+
		"Busy time charged to no process (kernel networking, tick-based accounting) is left out. "+
		"RSS max is the server's largest VmRSS, sampled every 100 ms through the row (warm-up and background sign-ins included).\n", r.CPUs)
	if r.Logins > 0 {
		fmt.Fprintf(&b, "\n### Background sign-ins during each row (%d at once)\n\n", r.Logins)
		b.WriteString("A worker answered 429 with Retry-After waits that long before signing in again, as the sign-in page asks a person to; " +
			"the percentiles are those of the other answers.\n\n")
		b.WriteString("| during | answers | signed in | 429 (come back later) | errors | sign-ins/s | p50 | p95 | p99 |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|\n")
		for _, res := range r.Results {
			if bg := res.Background; bg != nil {
				ok := bg.Requests - bg.Refused - bg.Errors
				fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %.1f | %s | %s | %s |\n", res.Name, bg.Requests, ok, bg.Refused, bg.Errors,
					float64(ok)/bg.Elapsed.Seconds(), ms(bg.P50), ms(bg.P95), ms(bg.P99))
			}
		}
	}
	if len(r.Direct) > 0 {
		b.WriteString("\n### The database work alone, in process\n\n")
		b.WriteString("Each row's store call (what the handler asks the database), one call at a time, before the server starts: no HTTP, no template, no load generator.\n\n")
		b.WriteString("| endpoint | calls | calls/s | p50 | p90 | p95 | p99 | CPU bench | CPU postgres | CPU others |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
		for _, res := range r.Direct {
			cpu := [3]string{"–", "–", "–"}
			if c := res.CPU; c.OK {
				cpu = [3]string{cores(c.Bench), cores(c.Postgres), cores(c.Others)}
				if !r.Postgres {
					cpu[1] = "–"
				}
			}
			fmt.Fprintf(&b, "| %s | %d | %.0f | %s | %s | %s | %s | %s | %s | %s |\n", res.Name, res.Requests, res.Throughput(),
				ms(res.P50), ms(res.P90), ms(res.P95), ms(res.P99), cpu[0], cpu[1], cpu[2])
		}
	}
	return b.String()
}

// bandInfo describes the providers of a requestBand.
type bandInfo struct {
	Name                string
	Providers           int
	Least, Median, Most int
}

func describeBand(b requestBand, members []subject) bandInfo {
	bi := bandInfo{Name: b.Name, Providers: len(members)}
	if len(members) == 0 {
		return bi
	}
	counts := make([]int, len(members))
	for i, m := range members {
		counts[i] = m.Requests
	}
	slices.Sort(counts)
	bi.Least, bi.Median, bi.Most = counts[0], counts[len(counts)/2], counts[len(counts)-1]
	return bi
}

func (bi bandInfo) String() string {
	if bi.Providers == 0 {
		return fmt.Sprintf("%s providers: none", bi.Name)
	}
	return fmt.Sprintf("%s providers: %d with %d to %d requests (median %d)", bi.Name, bi.Providers, bi.Least, bi.Most, bi.Median)
}

// busyThreshold is where other work on the machine starts to skew the figures.
const busyThreshold = 0.25

func busyNote(cores float64) string {
	if cores > busyThreshold {
		return " (**too busy: figures are skewed, run again on a quiet machine**)"
	}
	return ""
}

func cores(x float64) string { return fmt.Sprintf("%.2f", x) }

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond)) }

func times(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "–"
	}
	return fmt.Sprintf("%.2f×", x)
}

func round(d time.Duration) time.Duration {
	if d >= time.Second {
		return d.Round(10 * time.Millisecond)
	}
	return d.Round(time.Millisecond)
}

func perSecond(n int, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
}
