package maintenance

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"noces/internal/eventreq"
)

// ExpireProjectsEvery is how often the unconfirmed projects are looked for:
// a project is gone at most this long after its 48 hours.
const ExpireProjectsEvery = 10 * time.Minute

// ExpireProjectsArgs deletes the couples' projects never confirmed within
// eventreq.ConfirmTTL: nobody saw them, and an address that never confirmed
// is kept no longer than that.
type ExpireProjectsArgs struct{}

// Kind names the job.
func (ExpireProjectsArgs) Kind() string { return "expire_unconfirmed_projects" }

// InsertOpts keeps one of it waiting at a time.
func (ExpireProjectsArgs) InsertOpts() river.InsertOpts { return uniqueOpts() }

type expireProjectsWorker struct {
	river.WorkerDefaults[ExpireProjectsArgs]
	d Deps
}

// Work deletes the expired projects with their languages and confirmations.
func (w *expireProjectsWorker) Work(ctx context.Context, _ *river.Job[ExpireProjectsArgs]) error {
	n, err := w.d.Store.DeleteUnconfirmedProjectsBefore(ctx, w.d.Clock.Now().Add(-eventreq.ConfirmTTL))
	if err != nil {
		return err
	}
	if n > 0 {
		w.d.Log.InfoContext(ctx, "expire: unconfirmed projects deleted", "rows", n)
	}
	return nil
}
