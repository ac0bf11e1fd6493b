// Package maintenance holds the periodic jobs: the clean-ups that used to run
// on a request or at start (expired tokens and codes, old rate-limit rows,
// spent form tokens, revoked sessions, the directory's change feed), the
// removal of deleted media, the Instagram sync and the daily reconciliation
// with the card processor. Each is a job of the queue, scheduled by the
// leader among the servers, so it runs once however many servers there are.
package maintenance

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"noces/internal/account"
	"noces/internal/clock"
	"noces/internal/eventreq"
	"noces/internal/jobs"
	"noces/internal/platform/blob"
	"noces/internal/ratelimit"
	"noces/internal/store"
)

// Deps are what the jobs act on. Billing and Instagram are optional.
type Deps struct {
	Store *store.Store
	Clock clock.Clock
	Blobs blob.Store
	Log   *slog.Logger
	// Reconcile reads the processor's state of live subscriptions (nil: the
	// sandbox, whose state is ours already).
	Reconcile func(ctx context.Context) (int, error)
	// SyncInstagram refreshes the linked Instagram accounts (nil: off).
	SyncInstagram func(ctx context.Context) error
	// InstagramEvery is the sync's interval.
	InstagramEvery time.Duration
	// FlushPayments delivers the sandbox processor's pending events (nil: Stripe).
	FlushPayments func(ctx context.Context) error
}

// Register adds the workers and schedules to q.
func Register(q *jobs.Queue, d Deps) {
	jobs.Register(q, &cleanupWorker{d: d})
	q.Every(time.Hour, CleanupArgs{})
	jobs.Register(q, &blobSweepWorker{d: d})
	q.Every(10*time.Minute, BlobSweepArgs{})
	jobs.Register(q, &expireProjectsWorker{d: d})
	q.Every(ExpireProjectsEvery, ExpireProjectsArgs{})
	if d.Reconcile != nil {
		jobs.Register(q, &reconcileWorker{d: d})
		q.Every(24*time.Hour, ReconcileArgs{})
	}
	if d.SyncInstagram != nil && d.InstagramEvery > 0 {
		jobs.Register(q, &instagramWorker{d: d})
		q.Every(d.InstagramEvery, InstagramSyncArgs{})
	}
	if d.FlushPayments != nil {
		jobs.Register(q, &flushPaymentsWorker{d: d})
		q.Every(time.Minute, FlushPaymentsArgs{})
	}
}

// CleanupArgs is the hourly purge of rows that have served their purpose.
type CleanupArgs struct{}

// Kind names the job.
func (CleanupArgs) Kind() string { return "cleanup" }

// InsertOpts keeps one of it waiting at a time.
func (CleanupArgs) InsertOpts() river.InsertOpts { return uniqueOpts() }

type cleanupWorker struct {
	river.WorkerDefaults[CleanupArgs]
	d Deps
}

// Work deletes, each in its own statement, what nothing reads any more.
func (w *cleanupWorker) Work(ctx context.Context, _ *river.Job[CleanupArgs]) error {
	now := w.d.Clock.Now()
	steps := []struct {
		what string
		run  func() (int64, error)
	}{
		{"expired refresh tokens", func() (int64, error) { return w.d.Store.DeleteExpiredRefreshTokens(ctx, now) }},
		{"expired reset links", func() (int64, error) { return w.d.Store.DeleteExpiredPasswordResets(ctx, now.Add(-24*time.Hour)) }},
		{"expired phone codes", func() (int64, error) { return w.d.Store.DeleteExpiredPhoneCodes(ctx, now.Add(-24*time.Hour)) }},
		{"old rate-limit rows", func() (int64, error) { return w.d.Store.DeleteRateEventsBefore(ctx, now.Add(-ratelimit.Retention)) }},
		{"spent form tokens", func() (int64, error) {
			return w.d.Store.DeleteSpentFormTokensBefore(ctx, eventreq.SpentTokensKeptUntil(now))
		}},
		{"old session revocations", func() (int64, error) {
			return w.d.Store.DeleteSessionRevocationsBefore(ctx, account.RevocationsKeptUntil(now))
		}},
		{"directory change feed", func() (int64, error) { return 0, w.d.Store.PruneDirectoryChanges(ctx) }},
	}
	var errs []error
	for _, st := range steps {
		n, err := st.run()
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if n > 0 {
			w.d.Log.InfoContext(ctx, "cleanup: deleted", "what", st.what, "rows", n)
		}
	}
	return errors.Join(errs...)
}

// BlobSweepArgs removes the media files whose photos, venues or accounts
// were deleted.
type BlobSweepArgs struct{}

// Kind names the job.
func (BlobSweepArgs) Kind() string { return "blob_sweep" }

// InsertOpts keeps one of it waiting at a time.
func (BlobSweepArgs) InsertOpts() river.InsertOpts { return uniqueOpts() }

type blobSweepWorker struct {
	river.WorkerDefaults[BlobSweepArgs]
	d Deps
}

// Work deletes the files in batches; a file that cannot be deleted now stays
// listed for the next sweep.
func (w *blobSweepWorker) Work(ctx context.Context, _ *river.Job[BlobSweepArgs]) error {
	return blob.Sweep(ctx, w.d.Store, w.d.Blobs)
}

// ReconcileArgs is the daily reconciliation of premium states.
type ReconcileArgs struct{}

// Kind names the job.
func (ReconcileArgs) Kind() string { return "billing_reconcile" }

// InsertOpts keeps one of it waiting at a time.
func (ReconcileArgs) InsertOpts() river.InsertOpts { return uniqueOpts() }

type reconcileWorker struct {
	river.WorkerDefaults[ReconcileArgs]
	d Deps
}

func (w *reconcileWorker) Work(ctx context.Context, _ *river.Job[ReconcileArgs]) error {
	n, err := w.d.Reconcile(ctx)
	w.d.Log.InfoContext(ctx, "billing: reconciled with the processor", "subscriptions", n)
	return err
}

// Timeout allows a day's subscriptions to be read one by one.
func (w *reconcileWorker) Timeout(*river.Job[ReconcileArgs]) time.Duration { return 30 * time.Minute }

// InstagramSyncArgs refreshes the providers' Instagram posts.
type InstagramSyncArgs struct{}

// Kind names the job.
func (InstagramSyncArgs) Kind() string { return "instagram_sync" }

// InsertOpts keeps one of it waiting at a time.
func (InstagramSyncArgs) InsertOpts() river.InsertOpts { return uniqueOpts() }

type instagramWorker struct {
	river.WorkerDefaults[InstagramSyncArgs]
	d Deps
}

func (w *instagramWorker) Work(ctx context.Context, _ *river.Job[InstagramSyncArgs]) error {
	return w.d.SyncInstagram(ctx)
}

// Timeout leaves room for many accounts (each is bounded on its own).
func (w *instagramWorker) Timeout(*river.Job[InstagramSyncArgs]) time.Duration {
	return 30 * time.Minute
}

// FlushPaymentsArgs delivers the sandbox processor's pending events.
type FlushPaymentsArgs struct{}

// Kind names the job.
func (FlushPaymentsArgs) Kind() string { return "payments_flush" }

// InsertOpts keeps one of it waiting at a time.
func (FlushPaymentsArgs) InsertOpts() river.InsertOpts { return uniqueOpts() }

type flushPaymentsWorker struct {
	river.WorkerDefaults[FlushPaymentsArgs]
	d Deps
}

func (w *flushPaymentsWorker) Work(ctx context.Context, _ *river.Job[FlushPaymentsArgs]) error {
	return w.d.FlushPayments(ctx)
}

// uniqueOpts makes a periodic job unique while it waits or runs: a slow run
// never piles a second one behind it, and a leader change that schedules at
// once (RunOnStart) adds nothing when one is already queued.
func uniqueOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByState: []rivertype.JobState{
		rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRunning,
		rivertype.JobStateRetryable, rivertype.JobStateScheduled}}}
}
