package main

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Where the CPU goes during a run tells the bottleneck: the server, the
// PostgreSQL backends, the load generator (and the in-process baseline),
// other programs sharing the machine (they skew every figure), or nowhere
// (idle cores: the limit is not the CPU). It is read from /proc, so it is
// Linux only; elsewhere the columns stay empty. Busy time charged to no
// process (kernel networking, the difference between tick-based /proc/stat
// and per-process times) is left out: about half a core under load on the
// 2-core VM the README's figures come from.

// clockTicks is USER_HZ, the unit of /proc times; 100 on every Linux port Go runs on.
const clockTicks = 100

// cpuSample is a reading of cumulative CPU times, in seconds.
type cpuSample struct {
	ok    bool
	at    time.Time
	idle  float64          // idle time of all CPUs
	procs map[int]procTime // every process
	self  int              // this process's id
}

type procTime struct {
	name  string
	cpu   float64
	start uint64 // start time since boot, in ticks: tells a reused pid apart
}

// cpuShare is the CPU used during a run, in cores (1.0 = one core busy).
type cpuShare struct {
	OK bool
	// Server is noces, Bench this process, Postgres every process named
	// postgres, Others every other process, Idle the idle time of all CPUs.
	Server, Postgres, Bench, Others, Idle float64
	// TopOthers names the other processes that used the most, busiest first.
	TopOthers []string
}

func sampleCPU() cpuSample {
	s := cpuSample{at: time.Now(), self: os.Getpid()}
	raw, err := os.ReadFile("/proc/stat")
	if err != nil {
		return s
	}
	_, idle, err := parseProcStat(raw)
	if err != nil {
		return s
	}
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return s
	}
	s.procs = make(map[int]procTime, len(entries))
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		raw, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue // gone meanwhile
		}
		if p, err := parsePIDStat(raw); err == nil {
			s.procs[pid] = p
		}
	}
	s.ok, s.idle = true, idle
	return s
}

// since returns the cores used between a and b by serverPID and the rest. A
// process started in between counts whole; one that ended in between is lost.
func (b cpuSample) since(a cpuSample, serverPID int) cpuShare {
	wall := b.at.Sub(a.at).Seconds()
	if !a.ok || !b.ok || wall <= 0 {
		return cpuShare{}
	}
	c := cpuShare{OK: true, Idle: (b.idle - a.idle) / wall}
	type use struct {
		name  string
		cores float64
	}
	var others []use
	for pid, p := range b.procs {
		used := p.cpu
		// A kernel worker's name changes with its work: the start time, not
		// the name, says whether the pid is the same process.
		if before, ok := a.procs[pid]; ok && before.start == p.start {
			used -= before.cpu
		}
		used = max(0, used) / wall
		switch {
		case pid == serverPID:
			c.Server += used
		case pid == b.self:
			c.Bench += used
		case p.name == "postgres":
			c.Postgres += used
		default:
			c.Others += used
			if used >= 0.01 {
				others = append(others, use{fmt.Sprintf("%s[%d]", p.name, pid), used})
			}
		}
	}
	slices.SortFunc(others, func(x, y use) int { return cmp.Compare(y.cores, x.cores) })
	for _, o := range others[:min(3, len(others))] {
		c.TopOthers = append(c.TopOthers, fmt.Sprintf("%s %.2f", o.name, o.cores))
	}
	return c
}

// parseProcStat returns the busy and idle seconds of all CPUs from
// /proc/stat's first line; idle counts iowait.
func parseProcStat(raw []byte) (busy, idle float64, err error) {
	line, _, _ := bytes.Cut(raw, []byte("\n"))
	fields := strings.Fields(string(line))
	if len(fields) < 5 || fields[0] != "cpu" {
		return 0, 0, fmt.Errorf("unexpected /proc/stat line %q", line)
	}
	var b, i uint64
	for n, f := range fields[1:] {
		if n >= 8 { // guest times are already counted in user
			break
		}
		v, err := strconv.ParseUint(f, 10, 64)
		if err != nil {
			return 0, 0, err
		}
		if n == 3 || n == 4 { // idle, iowait
			i += v
		} else {
			b += v
		}
	}
	return float64(b) / clockTicks, float64(i) / clockTicks, nil
}

// parsePIDStat returns a process's command name, user+system seconds and
// start time from /proc/PID/stat.
func parsePIDStat(raw []byte) (procTime, error) {
	// The command name may hold spaces and parentheses: fields start after the last ')'.
	open, end := bytes.IndexByte(raw, '('), bytes.LastIndexByte(raw, ')')
	if open < 0 || end < open {
		return procTime{}, fmt.Errorf("unexpected stat %q", raw)
	}
	fields := strings.Fields(string(raw[end+1:]))
	// After the name: state is field 3 of the line, utime 14, stime 15, starttime 22.
	if len(fields) < 20 {
		return procTime{}, fmt.Errorf("unexpected stat %q", raw)
	}
	ut, err1 := strconv.ParseUint(fields[11], 10, 64)
	st, err2 := strconv.ParseUint(fields[12], 10, 64)
	start, err3 := strconv.ParseUint(fields[19], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil {
		return procTime{}, fmt.Errorf("unexpected stat %q", raw)
	}
	return procTime{name: string(raw[open+1 : end]), cpu: float64(ut+st) / clockTicks, start: start}, nil
}

// waitQuiet waits, at most limit, until fewer than busyThreshold cores have
// been busy for a second: the write-back of the freshly loaded data or a
// build running beside would otherwise land on the first endpoint. It returns
// the cores busy in the last second, or -1 when /proc is not readable.
func waitQuiet(ctx context.Context, limit time.Duration) float64 {
	deadline := time.Now().Add(limit)
	for {
		busy := machineBusy(ctx, time.Second)
		if busy < 0 || busy <= busyThreshold || time.Now().After(deadline) || ctx.Err() != nil {
			return busy
		}
	}
}

// machineBusy returns how many cores were busy during d. It returns -1 when
// /proc is not readable.
func machineBusy(ctx context.Context, d time.Duration) float64 {
	read := func() (float64, bool) {
		raw, err := os.ReadFile("/proc/stat")
		if err != nil {
			return 0, false
		}
		busy, _, err := parseProcStat(raw)
		return busy, err == nil
	}
	a, ok := read()
	if !ok {
		return -1
	}
	start := time.Now()
	select {
	case <-ctx.Done():
		return -1
	case <-time.After(d):
	}
	b, ok := read()
	if !ok {
		return -1
	}
	return (b - a) / time.Since(start).Seconds()
}
