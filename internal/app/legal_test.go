package app

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestABadLegalFileStopsTheStartNamingIt(t *testing.T) {
	env := testEnv(t)
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "fr"), 0o755); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "fr", "terms.md")
	if err := os.WriteFile(bad, []byte("No title line\n\nText.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env["NOCES_LEGAL_DIR"] = dir
	// Were the file not read, the server would start: the deadline ends it.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r := runMain(t, ctx, env, "serve")
	if r.err == nil || !strings.Contains(r.err.Error(), bad) || !strings.Contains(r.err.Error(), "title") {
		t.Fatalf("a bad legal file should stop the start naming it, got %v", r.err)
	}
}
