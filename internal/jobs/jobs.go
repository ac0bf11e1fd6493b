// Package jobs runs the work that happens off the request path (every e-mail
// and SMS, the periodic clean-ups, the daily reconciliation with the card
// processor) on River, a job queue kept in the application's own database:
// PostgreSQL in production, the SQLite file otherwise. A job is inserted in
// the transaction of the change that causes it, so a rolled-back change
// leaves no job and a committed one survives the server that made it. With
// several servers on one database, each job runs once: workers claim jobs
// with row locks, and only the elected leader schedules the periodic ones.
package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"noces/internal/store"
)

// Config tunes the queue.
type Config struct {
	// Workers is how many jobs this server works at once (0: 10).
	Workers int
	// PollInterval is how often an idle server looks for new jobs (0: 500 ms).
	// River's LISTEN/NOTIFY would wake it sooner on PostgreSQL, but it needs a
	// pgx pool of its own; polling works the same on both engines.
	PollInterval time.Duration
}

// Timeout bounds one attempt of a job whose worker sets none: its context is
// cancelled then. A job that needs longer says so (river.Worker's Timeout),
// and is never taken over before its own timeout has passed.
const Timeout = 30 * time.Second

// RescueAfter is how long a job may stay running before it is taken over: a
// server killed mid-job leaves its job running in the database, and River's
// rescuer, on the elected leader every 30 s, makes it retryable once it has
// run longer than this and than its own timeout. The 15 s above Timeout is
// for an attempt that has just been cancelled to record its end, so that a
// rescue never runs a job that is still live a second time. A job left by a
// killed server therefore goes again 45 to 75 s after its attempt began, plus
// the wait its worker's NextRetry asks for (the outbox asks for none) and up
// to 5 s for River's scheduler to make it available.
const RescueAfter = Timeout + 15*time.Second

// Queue inserts jobs and, once started, works them.
type Queue struct {
	client  *river.Client[*sql.Tx]
	workers *river.Workers
	pool    *sql.DB
	log     *slog.Logger
	mu      sync.Mutex
	started bool
	closed  bool
}

// New builds the queue on the store's database. Register the workers and the
// periodic jobs, then Start it on the servers that should work jobs; a queue
// that is never started still inserts.
func New(s *store.Store, cfg Config, log *slog.Logger) (*Queue, error) {
	if cfg.Workers <= 0 {
		cfg.Workers = 10
	}
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = 500 * time.Millisecond
	}
	conns := 4
	if s.Driver() == "sqlite" {
		// SQLite has one writer; River's own statements queue on one
		// connection instead of meeting "database is locked".
		conns = 1
	}
	pool, err := s.OpenPool(conns)
	if err != nil {
		return nil, err
	}
	workers := river.NewWorkers()
	client, err := river.NewClient(s.JobDriver(pool), &river.Config{
		Queues:               map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: cfg.Workers}},
		Workers:              workers,
		PollOnly:             true,
		FetchPollInterval:    cfg.PollInterval,
		FetchCooldown:        min(50*time.Millisecond, cfg.PollInterval),
		RescueStuckJobsAfter: RescueAfter,
		JobTimeout:           Timeout,
		// Completed jobs are kept a day for inspection; the outbox keeps the
		// message's own history.
		CompletedJobRetentionPeriod: 24 * time.Hour,
		// River's info lines are its own lifecycle (started, elected,
		// stopped), written from its goroutines at moments of their own:
		// after the demo accounts a person reads at start, for one. Its
		// warnings and errors are what an operator needs.
		Logger: slog.New(warnAndAbove{log.Handler()}).With("component", "jobs"),
	})
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("jobs: %w", err)
	}
	return &Queue{client: client, workers: workers, pool: pool, log: log}, nil
}

// warnAndAbove passes on what River logs at warning level or above.
type warnAndAbove struct{ slog.Handler }

func (h warnAndAbove) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= slog.LevelWarn && h.Handler.Enabled(ctx, l)
}

func (h warnAndAbove) WithAttrs(attrs []slog.Attr) slog.Handler {
	return warnAndAbove{h.Handler.WithAttrs(attrs)}
}

func (h warnAndAbove) WithGroup(name string) slog.Handler {
	return warnAndAbove{h.Handler.WithGroup(name)}
}

// Register adds a worker; call it before Start and before the first insert of
// its kind.
func Register[T river.JobArgs](q *Queue, w river.Worker[T]) {
	river.AddWorker(q.workers, w)
}

// Periodic is a job without arguments that the queue runs at an interval:
// a sweep, a clean-up, a reconciliation.
type Periodic struct {
	// Kind names the job in the queue. Stored jobs find their worker by it,
	// so a kind once used never changes.
	Kind string
	// Every is the interval; the first run is when the queue starts.
	Every time.Duration
	// Opts are each run's insert options (zero: River's defaults).
	Opts river.InsertOpts
	// Timeout bounds one attempt (0: the queue's Timeout).
	Timeout time.Duration
	// Run does the work once; an error makes River try again.
	Run func(ctx context.Context) error
}

// OneAtATime is the insert options of a periodic job that must never pile
// up: unique while it waits or runs, so a slow run puts no second one behind
// it and a leader change that schedules at once (RunOnStart) adds nothing
// when one is queued already; three attempts.
func OneAtATime() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByState: []rivertype.JobState{
		rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRunning,
		rivertype.JobStateRetryable, rivertype.JobStateScheduled}}}
}

// Schedule registers p's worker and schedules p every p.Every, first when
// the queue starts. Only the leader among the servers inserts the runs, so
// each runs once per interval.
func (q *Queue) Schedule(p Periodic) {
	args := periodicArgs{kind: p.Kind, opts: p.Opts}
	// The one args type serves every periodic job, so the kind is given
	// with the args rather than read from the type's zero value.
	river.AddWorkerArgs(q.workers, args, &periodicWorker{run: p.Run, timeout: p.Timeout})
	q.client.PeriodicJobs().Add(river.NewPeriodicJob(river.PeriodicInterval(p.Every),
		func() (river.JobArgs, *river.InsertOpts) { return args, nil },
		&river.PeriodicJobOpts{ID: p.Kind, RunOnStart: true}))
}

// periodicArgs are a periodic job's args: none in the queue (they encode as
// {}, as the empty structs each job had before did), the kind and insert
// options in memory.
type periodicArgs struct {
	kind string
	opts river.InsertOpts
}

// Kind names the job in the queue.
func (a periodicArgs) Kind() string { return a.kind }

// InsertOpts are the job's insert options.
func (a periodicArgs) InsertOpts() river.InsertOpts { return a.opts }

// periodicWorker runs a Periodic's Run. The args it decodes from the queue
// carry no kind, and it needs none.
type periodicWorker struct {
	river.WorkerDefaults[periodicArgs]
	run     func(ctx context.Context) error
	timeout time.Duration
}

func (w *periodicWorker) Work(ctx context.Context, _ *river.Job[periodicArgs]) error {
	return w.run(ctx)
}

func (w *periodicWorker) Timeout(*river.Job[periodicArgs]) time.Duration { return w.timeout }

// InsertTx inserts a job in the transaction of tx (a Store made by InTx).
func (q *Queue) InsertTx(ctx context.Context, tx *store.Store, args river.JobArgs, opts *river.InsertOpts) error {
	sqlTx := tx.SQLTx()
	if sqlTx == nil {
		return errors.New("jobs: insert outside a transaction")
	}
	if _, err := q.client.InsertTx(ctx, sqlTx, args, opts); err != nil {
		return fmt.Errorf("jobs: insert %s: %w", args.Kind(), err)
	}
	return nil
}

// Start works jobs until Stop.
func (q *Queue) Start(ctx context.Context) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if err := q.client.Start(ctx); err != nil {
		return fmt.Errorf("jobs: start: %w", err)
	}
	q.started = true
	return nil
}

// Stop lets running jobs finish (until ctx ends), then releases the pool.
// Stopping twice does nothing more.
func (q *Queue) Stop(ctx context.Context) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return nil
	}
	var err error
	if q.started {
		err = q.client.Stop(ctx)
		q.started = false
	}
	q.closed = true
	return errors.Join(err, q.pool.Close())
}

// Client exposes River's client, for tests that wait on its events.
func (q *Queue) Client() *river.Client[*sql.Tx] { return q.client }
