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
		Gen:  genStats{Users: 10000, Planners: 8000, Venues: 2000, Insert: 2 * time.Second},
		Load: loadOptions{concurrency: 32, duration: 10 * time.Second, warmup: 2 * time.Second}, TokenUsers: 1000,
		Results: []result{
			{Name: baselineName, Method: "GET", Path: "/", Requests: 200000, Elapsed: 10 * time.Second,
				P50: time.Millisecond, P90: 2 * time.Millisecond, P99: 4 * time.Millisecond,
				CPU: cpuShare{OK: true, Server: 0, Bench: 1.9, Postgres: 0.01, Others: 0.02, Idle: 0.05}},
			{Name: "me", Method: "GET", Path: "/api/me", Requests: 50000, Errors: 3, Elapsed: 10 * time.Second,
				P50: 5 * time.Millisecond, P90: 8 * time.Millisecond, P99: 12 * time.Millisecond,
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
		"10000 users (8000 ROLE_PRESTATAIRE, 2000 ROLE_VENUE)",
		"(5000 users/s)",
		"32 keep-alive workers",
		"| hello (baseline) | 200000 | 0 | 20000 | 1.00 ms | 2.00 ms | 4.00 ms | 1.00× | 1.00× | 1.00× | – | – | 1.90 | 0.02 | 0.05 |",
		"| GET /api/me | 50000 | 3 | 5000 | 5.00 ms | 8.00 ms | 12.00 ms | 0.25× | 5.00× | 3.00× | 1.20 | – | 0.60 | 0.04 | 0.10 |",
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
	if md := rep.markdown(); !strings.Contains(md, "| GET /healthz | 10 | 0 | 10 | 0.00 ms | 0.00 ms | 0.00 ms | – | – | – | – | – | – | – | – |") {
		t.Errorf("unexpected row:\n%s", md)
	}
}
