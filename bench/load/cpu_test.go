package main

import (
	"math"
	"os"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestParseProcStat(t *testing.T) {
	raw := []byte("cpu  100 5 50 1000 20 3 2 0 7 0\ncpu0 50 2 25 500 10 1 1 0 0 0\n")
	busy, idle, err := parseProcStat(raw)
	if err != nil {
		t.Fatal(err)
	}
	// user+nice+system+irq+softirq+steal = 160 ticks; idle+iowait = 1020; guest left out.
	if math.Abs(busy-1.60) > 1e-9 || math.Abs(idle-10.20) > 1e-9 {
		t.Errorf("busy, idle = %v, %v; want 1.60, 10.20", busy, idle)
	}
	if _, _, err := parseProcStat([]byte("intr 1 2 3\n")); err == nil {
		t.Error("a file without the cpu line should fail")
	}
}

func TestParsePIDStat(t *testing.T) {
	// A command name with a space and a parenthesis, as /proc allows.
	raw := []byte("4242 (no ces) x) S 1 4242 4242 0 -1 4194560 1234 0 0 0 250 75 0 0 20 0 12 0 100 0 0\n")
	p, err := parsePIDStat(raw)
	if err != nil {
		t.Fatal(err)
	}
	if want := (procTime{name: "no ces) x", cpu: 3.25, start: 100}); p.name != want.name || math.Abs(p.cpu-want.cpu) > 1e-9 || p.start != want.start {
		t.Errorf("got %+v, want %+v (250+75 ticks)", p, want)
	}
	if _, err := parsePIDStat([]byte("garbage")); err == nil {
		t.Error("garbage should fail")
	}
}

func TestCPUShare(t *testing.T) {
	at := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	a := cpuSample{ok: true, at: at, idle: 100, self: 2, procs: map[int]procTime{
		1: {"noces", 10, 1}, 2: {"load", 20, 1}, 3: {"postgres", 1, 1}, 4: {"postgres", 2, 1}, 5: {"node", 50, 1},
		6: {"gone", 9, 1}, 8: {"kworker/0:2-events", 40, 1}, 9: {"cc", 30, 1},
	}}
	b := cpuSample{ok: true, at: at.Add(10 * time.Second), idle: 102, self: 2, procs: map[int]procTime{
		1: {"noces", 19, 1}, 2: {"load", 25, 1}, 3: {"postgres", 3, 1}, 4: {"postgres", 4, 1}, 5: {"node", 51, 1},
		7: {"go", 1.5, 2},                  // started during the run: all of its time counts
		8: {"kworker/0:2-virtio", 40.1, 1}, // renamed, same process
		9: {"cc", 0.4, 3},                  // a new process on a reused pid
	}}
	got := b.since(a, 1)
	want := cpuShare{OK: true, Server: 0.9, Bench: 0.5, Postgres: 0.4, Others: 0.3, Idle: 0.2} // others: 0.1+0.15+0.01+0.04
	for _, pair := range [][2]float64{{got.Server, want.Server}, {got.Bench, want.Bench},
		{got.Postgres, want.Postgres}, {got.Others, want.Others}, {got.Idle, want.Idle}} {
		if !got.OK || math.Abs(pair[0]-pair[1]) > 1e-9 {
			t.Errorf("got %+v, want %+v", got, want)
			break
		}
	}
	if diff := cmp.Diff([]string{"go[7] 0.15", "node[5] 0.10", "cc[9] 0.04"}, got.TopOthers); diff != "" {
		t.Errorf("top others (-want +got):\n%s", diff)
	}
	if (cpuSample{at: at.Add(time.Second)}).since(a, 1).OK {
		t.Error("a failed sample should give no share")
	}
}

func TestSampleCPUSeesThisProcess(t *testing.T) {
	s := sampleCPU()
	if !s.ok {
		t.Skip("no /proc here")
	}
	if _, ok := s.procs[os.Getpid()]; !ok {
		t.Errorf("this process (%d) is not in the sample", os.Getpid())
	}
}
