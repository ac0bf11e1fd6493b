package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// The server's memory is read from /proc/<pid>/status (Linux; elsewhere the
// figures stay empty): VmRSS, what it holds now, and VmHWM, the most it has
// held since it started.

// procMemory is a reading of a process's memory, in bytes; ok is false when
// it could not be read.
type procMemory struct {
	OK       bool
	RSS, HWM int64
}

func readMemory(pid int) procMemory {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return procMemory{}
	}
	return parseStatusMemory(raw)
}

// parseStatusMemory reads VmRSS and VmHWM (in kB) from a status file.
func parseStatusMemory(raw []byte) procMemory {
	var m procMemory
	found := 0
	sc := bufio.NewScanner(bytes.NewReader(raw))
	for sc.Scan() {
		name, rest, ok := bytes.Cut(sc.Bytes(), []byte(":"))
		if !ok {
			continue
		}
		var dst *int64
		switch string(name) {
		case "VmRSS":
			dst = &m.RSS
		case "VmHWM":
			dst = &m.HWM
		default:
			continue
		}
		f := bytes.Fields(rest)
		if len(f) != 2 || string(f[1]) != "kB" {
			return procMemory{}
		}
		kb, err := strconv.ParseInt(string(f[0]), 10, 64)
		if err != nil {
			return procMemory{}
		}
		*dst = kb << 10
		found++
	}
	m.OK = found == 2
	return m
}

// watchRSS samples pid's VmRSS every interval until the returned function is
// called, which returns the largest value seen (0 when none could be read).
// VmHWM cannot tell one row from the others: it holds since the start.
func watchRSS(pid int, every time.Duration) (stop func() int64) {
	var most atomic.Int64
	sample := func() {
		if m := readMemory(pid); m.OK && m.RSS > most.Load() {
			most.Store(m.RSS)
		}
	}
	sample()
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				sample()
			}
		}
	})
	return func() int64 {
		close(done)
		wg.Wait()
		sample()
		return most.Load()
	}
}

// mib writes bytes in MiB, or – when unknown.
func mib(b int64) string {
	if b <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20))
}
