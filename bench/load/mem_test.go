package main

import (
	"os"
	"strings"
	"testing"
	"time"
)

func TestParseStatusMemory(t *testing.T) {
	status := "Name:\tnoces\nVmPeak:\t 2000000 kB\nVmHWM:\t  245964 kB\nVmRSS:\t   70856 kB\nThreads:\t9\n"
	if m := parseStatusMemory([]byte(status)); !m.OK || m.RSS != 70856<<10 || m.HWM != 245964<<10 {
		t.Fatalf("got %+v", m)
	}
	if m := parseStatusMemory([]byte("Name:\tkthreadd\n")); m.OK {
		t.Fatalf("a kernel thread has no memory lines, got %+v", m)
	}
}

func TestWatchRSSSeesThisProcess(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc here")
	}
	stop := watchRSS(os.Getpid(), time.Millisecond)
	time.Sleep(5 * time.Millisecond)
	if most := stop(); most <= 0 {
		t.Fatalf("largest RSS %d", most)
	}
	if md := (report{IdleMemory: procMemory{OK: true, RSS: 70 << 20, HWM: 240 << 20}}).markdown(); !strings.Contains(md, "VmRSS 70 MiB (VmHWM 240 MiB") {
		t.Fatalf("the idle memory is not reported:\n%s", md)
	}
}
