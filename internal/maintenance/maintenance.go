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

// Register schedules the jobs on q.
func Register(q *jobs.Queue, d Deps) {
	q.Schedule(jobs.Periodic{Kind: "cleanup", Every: time.Hour, Opts: jobs.OneAtATime(),
		Run: func(ctx context.Context) error { return cleanup(ctx, d) }})
	// The media files whose photos, venues or accounts were deleted; a file
	// that cannot be deleted now stays listed for the next sweep.
	q.Schedule(jobs.Periodic{Kind: "blob_sweep", Every: 10 * time.Minute, Opts: jobs.OneAtATime(),
		Run: func(ctx context.Context) error { return blob.Sweep(ctx, d.Store, d.Blobs) }})
	q.Schedule(jobs.Periodic{Kind: "expire_unconfirmed_projects", Every: ExpireProjectsEvery, Opts: jobs.OneAtATime(),
		Run: func(ctx context.Context) error { return expireProjects(ctx, d) }})
	if d.Reconcile != nil {
		// The daily reconciliation of premium states; its timeout allows a
		// day's subscriptions to be read one by one.
		q.Schedule(jobs.Periodic{Kind: "billing_reconcile", Every: 24 * time.Hour, Opts: jobs.OneAtATime(),
			Timeout: 30 * time.Minute, Run: func(ctx context.Context) error {
				n, err := d.Reconcile(ctx)
				d.Log.InfoContext(ctx, "billing: reconciled with the processor", "subscriptions", n)
				return err
			}})
	}
	if d.SyncInstagram != nil && d.InstagramEvery > 0 {
		// The timeout leaves room for many accounts (each is bounded on its
		// own).
		q.Schedule(jobs.Periodic{Kind: "instagram_sync", Every: d.InstagramEvery, Opts: jobs.OneAtATime(),
			Timeout: 30 * time.Minute, Run: d.SyncInstagram})
	}
	if d.FlushPayments != nil {
		// The sandbox processor's pending events.
		q.Schedule(jobs.Periodic{Kind: "payments_flush", Every: time.Minute, Opts: jobs.OneAtATime(),
			Run: d.FlushPayments})
	}
}

// cleanup deletes, each in its own statement, the rows that have served
// their purpose and that nothing reads any more.
func cleanup(ctx context.Context, d Deps) error {
	now := d.Clock.Now()
	steps := []struct {
		what string
		run  func() (int64, error)
	}{
		{"expired refresh tokens", func() (int64, error) { return d.Store.DeleteExpiredRefreshTokens(ctx, now) }},
		{"expired reset links", func() (int64, error) { return d.Store.DeleteExpiredPasswordResets(ctx, now.Add(-24*time.Hour)) }},
		{"expired phone codes", func() (int64, error) { return d.Store.DeleteExpiredPhoneCodes(ctx, now.Add(-24*time.Hour)) }},
		{"old rate-limit rows", func() (int64, error) { return d.Store.DeleteRateEventsBefore(ctx, now.Add(-ratelimit.Retention)) }},
		{"spent form tokens", func() (int64, error) {
			return d.Store.DeleteSpentFormTokensBefore(ctx, eventreq.SpentTokensKeptUntil(now))
		}},
		{"old session revocations", func() (int64, error) {
			return d.Store.DeleteSessionRevocationsBefore(ctx, account.RevocationsKeptUntil(now))
		}},
		{"directory change feed", func() (int64, error) { return 0, d.Store.PruneDirectoryChanges(ctx) }},
	}
	var errs []error
	for _, st := range steps {
		n, err := st.run()
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if n > 0 {
			d.Log.InfoContext(ctx, "cleanup: deleted", "what", st.what, "rows", n)
		}
	}
	return errors.Join(errs...)
}
