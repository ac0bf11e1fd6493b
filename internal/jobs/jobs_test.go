package jobs_test

import (
	"context"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"noces/internal/jobs"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// legacySweepArgs is a periodic job as each package declared it before
// jobs.Periodic: an empty struct with its own kind and insert options.
type legacySweepArgs struct{}

func (legacySweepArgs) Kind() string                 { return "test_sweep" }
func (legacySweepArgs) InsertOpts() river.InsertOpts { return jobs.OneAtATime() }

func newQueue(t *testing.T, s *store.Store) *jobs.Queue {
	t.Helper()
	q, err := jobs.New(s, jobs.Config{PollInterval: 50 * time.Millisecond}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	storetest.Must(t, err)
	t.Cleanup(func() { _ = q.Stop(context.Background()) })
	return q
}

// waitRuns waits until runs reaches want.
func waitRuns(t *testing.T, runs *atomic.Int32, want int32) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for runs.Load() < want && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runs.Load(); n < want {
		t.Fatalf("ran %d times, want %d", n, want)
	}
}

// onlyJob returns the one job of kind in q's database.
func onlyJob(t *testing.T, q *jobs.Queue, kind string) *rivertype.JobRow {
	t.Helper()
	res, err := q.Client().JobList(t.Context(), river.NewJobListParams().Kinds(kind))
	storetest.Must(t, err)
	if len(res.Jobs) != 1 {
		t.Fatalf("%d jobs of kind %s, want 1", len(res.Jobs), kind)
	}
	return res.Jobs[0]
}

// A periodic job stores the row its hand-written declaration stored (kind,
// arguments, attempts, uniqueness), and a job that declaration queued is
// worked by the Periodic of its kind: a deploy leaves no job behind.
func TestAPeriodicJobIsStoredAndWorkedAsItsOldDeclaration(t *testing.T) {
	var legacyRuns, runs atomic.Int32

	// A database where the old declaration had queued one run.
	old := storetest.New(t)
	oq := newQueue(t, old)
	oq.Schedule(jobs.Periodic{Kind: "test_sweep", Every: time.Hour, Opts: jobs.OneAtATime(),
		Run: func(context.Context) error { legacyRuns.Add(1); return nil }})
	storetest.Must(t, old.InTx(t.Context(), func(tx *store.Store) error {
		return oq.InsertTx(t.Context(), tx, legacySweepArgs{}, nil)
	}))
	legacy := *onlyJob(t, oq, "test_sweep")
	storetest.Must(t, oq.Start(context.WithoutCancel(t.Context())))
	waitRuns(t, &legacyRuns, 1)

	// A fresh database, where the Periodic inserts its first run itself.
	nq := newQueue(t, storetest.New(t))
	nq.Schedule(jobs.Periodic{Kind: "test_sweep", Every: time.Hour, Opts: jobs.OneAtATime(),
		Run: func(context.Context) error { runs.Add(1); return nil }})
	storetest.Must(t, nq.Start(context.WithoutCancel(t.Context())))
	waitRuns(t, &runs, 1)
	fresh := *onlyJob(t, nq, "test_sweep")

	type stored struct {
		Kind         string
		Args         string
		MaxAttempts  int
		UniqueKey    []byte
		UniqueStates []rivertype.JobState
	}
	of := func(j rivertype.JobRow) stored {
		return stored{j.Kind, string(j.EncodedArgs), j.MaxAttempts, j.UniqueKey, j.UniqueStates}
	}
	if diff := cmp.Diff(of(legacy), of(fresh)); diff != "" {
		t.Errorf("stored row (-old declaration +Periodic):\n%s", diff)
	}
}

// A periodic job's Timeout bounds its attempts; without one, the queue's
// Timeout does.
func TestAPeriodicJobsTimeoutBoundsItsRun(t *testing.T) {
	q := newQueue(t, storetest.New(t))
	var runs atomic.Int32
	deadlines := make(chan time.Duration, 2)
	for kind, timeout := range map[string]time.Duration{"test_short": time.Minute, "test_default": 0} {
		q.Schedule(jobs.Periodic{Kind: kind, Every: time.Hour, Timeout: timeout, Run: func(ctx context.Context) error {
			if d, ok := ctx.Deadline(); ok {
				deadlines <- time.Until(d).Round(time.Second)
			} else {
				deadlines <- -1
			}
			runs.Add(1)
			return nil
		}})
	}
	storetest.Must(t, q.Start(context.WithoutCancel(t.Context())))
	waitRuns(t, &runs, 2)
	got := map[time.Duration]bool{<-deadlines: true, <-deadlines: true}
	want := map[time.Duration]bool{time.Minute: true, jobs.Timeout: true}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("deadlines (-want +got):\n%s", diff)
	}
}
