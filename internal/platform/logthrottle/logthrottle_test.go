package logthrottle

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"
)

func TestOneLinePerInterval(t *testing.T) {
	var buf bytes.Buffer
	w := New(slog.New(slog.NewTextHandler(&buf, nil)), 50*time.Millisecond)
	ctx := context.Background()
	written := 0
	for range 100 {
		if w.Warn(ctx, "database down", "err", "refused") {
			written++
		}
	}
	if written != 1 || strings.Count(buf.String(), "\n") != 1 {
		t.Fatalf("%d lines written for 100 warnings in a burst:\n%s", written, buf.String())
	}
	if !strings.Contains(buf.String(), "level=WARN") {
		t.Errorf("not a warning: %s", buf.String())
	}
	time.Sleep(60 * time.Millisecond)
	if !w.Warn(ctx, "database down") {
		t.Fatal("no line after the interval")
	}
	if !strings.Contains(buf.String(), "suppressed=99") {
		t.Errorf("the second line does not count the left-out ones:\n%s", buf.String())
	}
}
