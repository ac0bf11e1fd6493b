package main

import (
	"net/url"
	"os"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSelectEndpointsKeepsTheBaseline(t *testing.T) {
	all := []endpoint{{name: baselineName}, {name: "healthz"}, {name: "me"}}
	names := func(eps []endpoint) []string {
		var out []string
		for _, e := range eps {
			out = append(out, e.name)
		}
		return out
	}
	tests := []struct {
		only string
		want []string
	}{
		{"", []string{baselineName, "healthz", "me"}},
		{"me", []string{baselineName, "me"}},
		{" healthz , me ", []string{baselineName, "healthz", "me"}},
	}
	for _, tt := range tests {
		got, err := selectEndpoints(all, tt.only)
		if err != nil {
			t.Fatalf("%q: %v", tt.only, err)
		}
		if diff := cmp.Diff(tt.want, names(got)); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tt.only, diff)
		}
	}
	if _, err := selectEndpoints(all, "login"); err == nil || !strings.Contains(err.Error(), "known: ") {
		t.Errorf("an unknown name should be refused with the known ones, got %v", err)
	}
}

func TestSampleSubjects(t *testing.T) {
	var all []subject
	for i := range 50 {
		all = append(all, subject{ID: string(rune('A' + i))})
	}
	got := sampleSubjects(all, 10, 1)
	seen := map[string]bool{}
	for _, s := range got {
		if seen[s.ID] {
			t.Errorf("%s sampled twice", s.ID)
		}
		seen[s.ID] = true
	}
	if len(got) != 10 {
		t.Errorf("got %d subjects, want 10", len(got))
	}
	if diff := cmp.Diff(got, sampleSubjects(all, 10, 1)); diff != "" {
		t.Errorf("the same seed sampled others:\n%s", diff)
	}
	if got := sampleSubjects(all[:3], 10, 1); len(got) != 3 {
		t.Errorf("asking for more than there are gave %d, want 3", len(got))
	}
}

func TestWithSearchPath(t *testing.T) {
	got, err := withSearchPath("postgres://postgres@127.0.0.1:5432/test?sslmode=disable", "bench_ab12")
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(got)
	q := u.Query()
	if q.Get("sslmode") != "disable" || q.Get("search_path") != "bench_ab12" || u.Host != "127.0.0.1:5432" || u.Path != "/test" {
		t.Errorf("got %s", got)
	}
}

func TestOptionsValidate(t *testing.T) {
	good := options{bin: "main.go", users: 1, batch: 1, tokens: 1, load: loadOptions{concurrency: 1, duration: 1}}
	if err := good.validate(); err != nil {
		t.Errorf("valid options refused: %v", err)
	}
	bad := good
	bad.bin = "does-not-exist"
	if err := bad.validate(); err == nil || !strings.Contains(err.Error(), "make go") {
		t.Errorf("a missing binary should say how to build it, got %v", err)
	}
	bad = good
	bad.load.concurrency = 0
	if err := bad.validate(); err == nil {
		t.Error("-c 0 should be refused")
	}
}

func TestDescribeBinaryOfANonGoFile(t *testing.T) {
	// Not a Go binary: the path and the build time, without a commit.
	got := describeBinary("main.go")
	if !strings.HasPrefix(got, "main.go, built ") || strings.Contains(got, "commit") {
		t.Errorf("got %q", got)
	}
}

func TestBuildDetails(t *testing.T) {
	tests := []struct {
		name     string
		settings []debug.BuildSetting
		want     string
	}{
		{"a VCS stamp names the commit", []debug.BuildSetting{
			{Key: "vcs.revision", Value: "5781577e7226b843f0420693b0028980b467648f"}, {Key: "vcs.modified", Value: "true"},
		}, ", commit 5781577e7226+changes"},
		{"a clean tree has no mark", []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}}, ", commit abc"},
		{"without a stamp, the version make go sets", []debug.BuildSetting{
			{Key: "-ldflags", Value: "-s -w -X noces/internal/app.Version=5781577-dirty"},
		}, ", version 5781577-dirty"},
		{"nothing known", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := buildDetails(tt.settings); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSelectEndpointsByPattern(t *testing.T) {
	all := []endpoint{{name: baselineName}, {name: "me"}, {name: "search"}, {name: "search-city"}, {name: "requests-huge"}}
	got, err := selectEndpoints(all, "search*,me")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range got {
		names = append(names, e.name)
	}
	if diff := cmp.Diff([]string{baselineName, "me", "search", "search-city"}, names); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if _, err := selectEndpoints(all, "requests-large*"); err == nil {
		t.Error("a pattern matching nothing should be refused")
	}
}

func TestWriteReportAppends(t *testing.T) {
	path := t.TempDir() + "/r.md"
	if err := writeReport(path, "one\n", false); err != nil {
		t.Fatal(err)
	}
	if err := writeReport(path, "two\n", true); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(path)
	if string(raw) != "one\n\ntwo\n" {
		t.Errorf("got %q", raw)
	}
	if err := writeReport(path, "three\n", false); err != nil {
		t.Fatal(err)
	}
	if raw, _ := os.ReadFile(path); string(raw) != "three\n" {
		t.Errorf("a new run should replace the file, got %q", raw)
	}
}
