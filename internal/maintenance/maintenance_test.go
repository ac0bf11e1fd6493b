package maintenance

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"noces/internal/clock"
	"noces/internal/jobs"
	"noces/internal/platform/blob"
	"noces/internal/ratelimit"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

var now = time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)

func TestCleanupDeletesWhatNothingReadsAndKeepsTheRest(t *testing.T) {
	s := storetest.New(t)
	ctx := t.Context()
	old, recent := now.Add(-ratelimit.Retention-time.Hour), now.Add(-time.Hour)
	for _, at := range []time.Time{old, recent} {
		storetest.Must(t, s.CreateRateEvent(ctx, "login:ip:198.51.100.7", at))
	}
	d := Deps{Store: s, Clock: clock.NewFixed(now), Log: slog.New(slog.DiscardHandler)}
	if err := cleanup(ctx, d); err != nil {
		t.Fatal(err)
	}
	n, _, err := s.CountRateEvents(ctx, "login:ip:198.51.100.7", now.Add(-10*ratelimit.Retention))
	if err != nil || n != 1 {
		t.Errorf("%d rate-limit rows left, want the recent one (%v)", n, err)
	}
}

func TestTheSweepRemovesListedFilesOnlyAfterTheirDeletionCommits(t *testing.T) {
	s := storetest.New(t)
	ctx := t.Context()
	dir := t.TempDir()
	blobs, err := blob.NewLocal(dir, "/media/")
	storetest.Must(t, err)
	for _, k := range []string{"images/u/a.jpg", "images/u/b.jpg", "images/u/kept.jpg"} {
		storetest.Must(t, blobs.Put(ctx, k, bytes.NewReader([]byte("jpeg"))))
	}
	// A deletion that rolls back lists nothing.
	boom := errors.New("rolled back")
	err = s.InTx(ctx, func(tx *store.Store) error {
		if err := tx.QueueBlobDeletions(ctx, []string{"images/u/kept.jpg"}, now); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatal(err)
	}
	storetest.Must(t, s.InTx(ctx, func(tx *store.Store) error {
		return tx.QueueBlobDeletions(ctx, []string{"images/u/a.jpg", "images/u/b.jpg", "images/u/missing.jpg", "../escape"}, now)
	}))
	if err := blob.Sweep(ctx, s, blobs); err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]bool{"images/u/a.jpg": false, "images/u/b.jpg": false, "images/u/kept.jpg": true} {
		_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(k)))
		if got := err == nil; got != want {
			t.Errorf("%s exists: %v, want %v", k, got, want)
		}
	}
	if left, err := s.ListBlobDeletions(ctx, 10); err != nil || len(left) != 0 {
		t.Errorf("still listed: %v (%v)", left, err)
	}
}

type failingBlobs struct {
	blob.Store
	fail atomic.Bool
}

func (f *failingBlobs) Delete(ctx context.Context, key string) error {
	if f.fail.Load() {
		return errors.New("bucket unreachable")
	}
	return f.Store.Delete(ctx, key)
}

func TestAFileThatCannotBeDeletedStaysListed(t *testing.T) {
	s := storetest.New(t)
	ctx := t.Context()
	local, err := blob.NewLocal(t.TempDir(), "/media/")
	storetest.Must(t, err)
	blobs := &failingBlobs{Store: local}
	blobs.fail.Store(true)
	storetest.Must(t, s.InTx(ctx, func(tx *store.Store) error {
		return tx.QueueBlobDeletions(ctx, []string{"images/u/a.jpg"}, now)
	}))
	if err := blob.Sweep(ctx, s, blobs); err == nil {
		t.Error("a failed removal was not reported")
	}
	if left, _ := s.ListBlobDeletions(ctx, 10); len(left) != 1 {
		t.Fatalf("listed after a failure: %v", left)
	}
	blobs.fail.Store(false)
	storetest.Must(t, blob.Sweep(ctx, s, blobs))
	if left, _ := s.ListBlobDeletions(ctx, 10); len(left) != 0 {
		t.Errorf("listed after the retry: %v", left)
	}
}

// With two servers on one database, a periodic job runs once per interval:
// only the elected leader schedules it.
func TestTwoServersRunAPeriodicJobOnce(t *testing.T) {
	s, dbURL := storetest.NewWithURL(t)
	s2, err := store.Open(t.Context(), dbURL)
	storetest.Must(t, err)
	t.Cleanup(func() { s2.Close() })
	var runs atomic.Int32
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, st := range []*store.Store{s, s2} {
		q, err := jobs.New(st, jobs.Config{PollInterval: 50 * time.Millisecond}, log)
		storetest.Must(t, err)
		Register(q, Deps{Store: st, Clock: clock.NewFixed(now), Blobs: nil, Log: log,
			FlushPayments: func(context.Context) error { runs.Add(1); return nil }})
		storetest.Must(t, q.Start(context.WithoutCancel(t.Context())))
		t.Cleanup(func() { _ = q.Stop(context.Background()) })
	}
	deadline := time.Now().Add(20 * time.Second)
	for runs.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(2 * time.Second) // time for a second, wrong run to show
	if n := runs.Load(); n != 1 {
		t.Errorf("the job ran %d times at start across two servers, want once", n)
	}
}
