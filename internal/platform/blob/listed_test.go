package blob_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"noces/internal/platform/blob"
)

// memList is a Deletions list in memory.
type memList struct{ keys map[string]bool }

func (l *memList) ListBlobDeletions(_ context.Context, limit int) ([]string, error) {
	var out []string
	for k := range l.keys {
		if len(out) == limit {
			break
		}
		out = append(out, k)
	}
	return out, nil
}

func (l *memList) BlobDeleted(_ context.Context, key string) error {
	delete(l.keys, key)
	return nil
}

// failing refuses every deletion, as a bucket that is down would.
type failing struct{ blob.Store }

func (failing) Delete(context.Context, string) error { return errors.New("bucket down") }

func TestRemoveOrphansDeletesEvenAfterTheRequestIsGone(t *testing.T) {
	s, err := blob.NewLocal(t.TempDir(), "/media/")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, k := range []string{"u/a.jpg", "u/b.jpg"} {
		if err := s.Put(ctx, k, strings.NewReader("x")); err != nil {
			t.Fatal(err)
		}
	}
	gone, cancel := context.WithCancel(ctx)
	cancel()
	var logs bytes.Buffer
	blob.RemoveOrphans(gone, slog.New(slog.NewTextHandler(&logs, nil)), s, "u/a.jpg", "", "u/b.jpg")
	for _, k := range []string{"u/a.jpg", "u/b.jpg"} {
		if _, err := s.Stat(ctx, k); !errors.Is(err, blob.ErrNotFound) {
			t.Errorf("%s after RemoveOrphans: %v, want ErrNotFound", k, err)
		}
	}
	if logs.Len() != 0 {
		t.Errorf("nothing failed, yet it logged: %s", logs.String())
	}

	logs.Reset()
	blob.RemoveOrphans(ctx, slog.New(slog.NewTextHandler(&logs, nil)), failing{s}, "u/c.jpg")
	if !strings.Contains(logs.String(), "u/c.jpg") || !strings.Contains(logs.String(), "bucket down") {
		t.Errorf("a failed deletion is logged with its key and reason; got %q", logs.String())
	}
}

func TestRemoveCommittedStrikesRemovedFilesAndKeepsFailedOnes(t *testing.T) {
	s, err := blob.NewLocal(t.TempDir(), "/media/")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := s.Put(ctx, "u/a.jpg", strings.NewReader("x")); err != nil {
		t.Fatal(err)
	}
	list := &memList{keys: map[string]bool{"u/a.jpg": true}}
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	blob.RemoveCommitted(ctx, log, list, s, "u/a.jpg")
	if _, err := s.Stat(ctx, "u/a.jpg"); !errors.Is(err, blob.ErrNotFound) {
		t.Errorf("file after RemoveCommitted: %v, want ErrNotFound", err)
	}
	if len(list.keys) != 0 || logs.Len() != 0 {
		t.Errorf("list %v, logs %q: want the file struck and nothing logged", list.keys, logs.String())
	}

	list.keys["u/b.jpg"] = true
	blob.RemoveCommitted(ctx, log, list, failing{s}, "u/b.jpg")
	if !list.keys["u/b.jpg"] {
		t.Error("a file that could not be removed must stay listed for the sweep")
	}
	if !strings.Contains(logs.String(), "sweep will retry") {
		t.Errorf("the failure is logged; got %q", logs.String())
	}
}
