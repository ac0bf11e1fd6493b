package main

import (
	"strings"
	"testing"
	"time"
)

func TestMarkdownComparesWithTheBaseline(t *testing.T) {
	rep := report{
		Date: time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC), CPUs: 2, GoVersion: "go1.26.8", Platform: "linux/amd64",
		Engine: "SQLite 3.51.0", Binary: "./bin/noces, built 2026-11-22 18:00 UTC, commit 5781577abcde+changes, go1.26.8",
		Gen: genStats{Users: 10000, Planners: 8000, Searchable: 6000, Venues: 2000, Listings: 2000, Services: 20000, Langues: 15000,
			Insert: 2 * time.Second, Projects: 300, Requests: 1000, InsertRequests: 500 * time.Millisecond},
		Bands: []bandInfo{{Name: "huge", Providers: 3, Least: 1000, Median: 1200, Most: 3000}, {Name: "large"}},
		Load:  loadOptions{concurrency: 32, duration: 10 * time.Second, warmup: 2 * time.Second}, TokenUsers: 1000,
		Results: []result{
			{Name: baselineName, Method: "GET", Path: "/", Requests: 200000, Elapsed: 10 * time.Second,
				P50: time.Millisecond, P90: 2 * time.Millisecond, P95: 3 * time.Millisecond, P99: 4 * time.Millisecond,
				CPU: cpuShare{OK: true, Server: 0, Bench: 1.9, Postgres: 0.01, Others: 0.02, Idle: 0.05}},
			{Name: "me", Method: "GET", Path: "/api/me", Requests: 50000, Errors: 3, Elapsed: 10 * time.Second,
				P50: 5 * time.Millisecond, P90: 8 * time.Millisecond, P95: 10 * time.Millisecond, P99: 12 * time.Millisecond,
				CPU: cpuShare{OK: true, Server: 1.2, Bench: 0.6, Postgres: 0.3, Others: 0.04, Idle: 0.1}},
		},
	}
	md := rep.markdown()
	rep.Postgres = true
	if pg := rep.markdown(); !strings.Contains(pg, "| 1.20 | 0.30 | 0.60 | 0.04 | 0.10 |") {
		t.Errorf("the PostgreSQL column is missing on PostgreSQL:\n%s", pg)
	}
	for _, want := range []string{
		"## Noces load figures, SQLite 3.51.0",
		"- date: 2026-11-22 18:00 UTC",
		"2 CPUs, linux/amd64, go1.26.8",
		"- binary: ./bin/noces, built 2026-11-22 18:00 UTC, commit 5781577abcde+changes, go1.26.8\n",
		"10000 providers (8000 ROLE_PRESTATAIRE, 6000 of them shown by the public search; 2000 ROLE_VENUE with 2000 venue listings and 0 venue features), a company each, 20000 services, 15000 languages",
		"(5000 providers/s)",
		"- event requests: 1000 from 300 projects, inserted in 500ms (2000 requests/s)\n",
		"- huge providers: 3 with 1000 to 3000 requests (median 1200)\n- large providers: none\n",
		"32 keep-alive workers",
		"| hello (baseline) | GET / (net/http, no middleware) | 200000 | 0 | 20000 | 1.00 ms | 2.00 ms | 3.00 ms | 4.00 ms | 1.00× | 1.00× | 1.00× | – | – | 1.90 | 0.02 | 0.05 |",
		"| me | GET /api/me | 50000 | 3 | 5000 | 5.00 ms | 8.00 ms | 10.00 ms | 12.00 ms | 0.25× | 5.00× | 3.00× | 1.20 | – | 0.60 | 0.04 | 0.10 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
}

func TestMarkdownFlagsABusyMachine(t *testing.T) {
	quiet := report{IdleBusy: 0.05}.markdown()
	if !strings.Contains(quiet, "0.05 cores busy with other work\n") {
		t.Errorf("quiet machine:\n%s", quiet)
	}
	if busy := (report{IdleBusy: 0.9}).markdown(); !strings.Contains(busy, "too busy") {
		t.Errorf("busy machine not flagged:\n%s", busy)
	}
	during := report{IdleBusy: 0.01, Results: []result{{Name: "me", CPU: cpuShare{OK: true, Others: 0.6}}}}.markdown()
	if !strings.Contains(during, "other programs used up to 0.60 cores") {
		t.Errorf("busy during the run not flagged:\n%s", during)
	}
	if unknown := (report{IdleBusy: -1}).markdown(); strings.Contains(unknown, "before the load") {
		t.Errorf("unknown load printed:\n%s", unknown)
	}
}

func TestMarkdownWithoutBaselineLeavesRatiosEmpty(t *testing.T) {
	rep := report{Results: []result{{Name: "healthz", Method: "GET", Path: "/healthz", Requests: 10, Elapsed: time.Second}}}
	if md := rep.markdown(); !strings.Contains(md, "| healthz | GET /healthz | 10 | 0 | 10 | 0.00 ms | 0.00 ms | 0.00 ms | 0.00 ms | – | – | – | – | – | – | – | – | – |") {
		t.Errorf("unexpected row:\n%s", md)
	}
}

func TestMarkdownBackgroundAndDirectTables(t *testing.T) {
	bg := result{Requests: 150, Errors: 1, Refused: 20, Elapsed: 10 * time.Second, P50: 3 * time.Second, P95: 4 * time.Second, P99: 5 * time.Second}
	rep := report{Logins: 50, Results: []result{
		{Name: baselineName, Requests: 10, Elapsed: time.Second},
		{Name: "me", Method: "GET", Path: "/api/me", Requests: 10, Elapsed: time.Second, Background: &bg},
	}, Direct: []result{{Name: "search", Requests: 500, Elapsed: 5 * time.Second, P50: time.Millisecond, P90: 2 * time.Millisecond,
		P95: 3 * time.Millisecond, P99: 4 * time.Millisecond, CPU: cpuShare{OK: true, Bench: 0.9, Postgres: 0.4, Others: 0.1}}}}
	md := rep.markdown()
	for _, want := range []string{
		"- background: 50 sign-ins kept running",
		"### Background sign-ins during each row (50 at once)",
		"| me | 150 | 129 | 20 | 1 | 12.9 | 3000.00 ms | 4000.00 ms | 5000.00 ms |",
		"### The database work alone, in process",
		"| search | 500 | 100 | 1.00 ms | 2.00 ms | 3.00 ms | 4.00 ms | 0.90 | – | 0.10 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "| hello (baseline) | 0 |") {
		t.Errorf("the baseline ran without background sign-ins:\n%s", md)
	}
	if strings.Contains(report{}.markdown(), "Background") || strings.Contains(report{}.markdown(), "in process") {
		t.Error("empty sections printed")
	}
}
