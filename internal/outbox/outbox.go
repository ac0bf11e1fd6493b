// Package outbox records every e-mail and SMS the product sends and delivers
// them off the request path. A message is a row of the outbox and a delivery
// job, both written in the transaction of the change that causes it: a
// rolled-back change sends nothing, a committed one is delivered even if the
// server dies right after. The job retries with backoff for at least 24
// hours, then marks the message failed; a relay's permanent refusal fails it
// at once. With no relay configured, messages are held: printed in the log
// and listed for admins.
package outbox

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"noces/internal/clock"
	"noces/internal/jobs"
	"noces/internal/model"
	"noces/internal/platform/mail"
	"noces/internal/platform/sms"
	"noces/internal/store"
)

// RetryWindow is how long a message refused for a transient reason is tried
// again before it is marked failed.
const RetryWindow = 24 * time.Hour

// Outbox writes messages and their delivery jobs.
type Outbox struct {
	store *store.Store
	queue *jobs.Queue
	clock clock.Clock
}

// New returns the outbox writing through s and queue.
func New(s *store.Store, queue *jobs.Queue, c clock.Clock) *Outbox {
	return &Outbox{store: s, queue: queue, clock: c}
}

// Email queues m in tx, the transaction of the change it reports, its
// subject made one line (mail.OneLine): a line break would fail it for good.
func (o *Outbox) Email(ctx context.Context, tx *store.Store, m mail.Message) error {
	return o.queueMessage(ctx, tx, model.OutboxMessage{Channel: model.ChannelEmail, Recipient: m.To, Subject: mail.OneLine(m.Subject),
		BodyText: m.Text, BodyHTML: m.HTML})
}

// SMS queues m in tx, the transaction of the change it reports.
func (o *Outbox) SMS(ctx context.Context, tx *store.Store, m sms.Message) error {
	return o.queueMessage(ctx, tx, model.OutboxMessage{Channel: model.ChannelSMS, Recipient: m.To, BodyText: m.Text})
}

func (o *Outbox) queueMessage(ctx context.Context, tx *store.Store, row model.OutboxMessage) error {
	row.ID, row.CreatedAt, row.State = model.NewID(), o.clock.Now(), model.OutboxQueued
	if err := tx.CreateOutboxMessage(ctx, row); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	return o.queue.InsertTx(ctx, tx, DeliverArgs{ID: row.ID}, nil)
}

// ErrNotFailed is returned by Resend for a message that is not failed.
var ErrNotFailed = errors.New("outbox: the message is not failed")

// Resend queues a failed message again with a fresh retry window.
func (o *Outbox) Resend(ctx context.Context, id string) (model.OutboxMessage, error) {
	var m model.OutboxMessage
	err := o.store.InTx(ctx, func(tx *store.Store) error {
		if _, err := tx.GetOutboxMessage(ctx, id); err != nil {
			return err
		}
		ok, err := tx.RequeueFailedOutbox(ctx, id, o.clock.Now())
		if err != nil {
			return err
		}
		if !ok {
			return ErrNotFailed
		}
		if err := o.queue.InsertTx(ctx, tx, DeliverArgs{ID: id}, nil); err != nil {
			return err
		}
		m, err = tx.GetOutboxMessage(ctx, id)
		return err
	})
	return m, err
}

// DeliverArgs is the job that delivers one outbox message.
type DeliverArgs struct {
	ID string `json:"id"`
}

// Kind names the job in the queue.
func (DeliverArgs) Kind() string { return "outbox_deliver" }

// InsertOpts lets the worker, not an attempt count, end the retries: the
// window is a duration (RetryWindow), and the backoff caps at an hour.
func (DeliverArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 1000} }

// Worker delivers outbox messages through the relays.
type Worker struct {
	river.WorkerDefaults[DeliverArgs]
	store   *store.Store
	clock   clock.Clock
	log     *slog.Logger
	relay   mail.Sender // nil: hold
	gateway sms.Sender  // nil: hold
	// Backoff is the wait after the first failed attempt, doubled after each
	// further one up to MaxBackoff.
	Backoff, MaxBackoff time.Duration
	// Window is RetryWindow; tests shorten it.
	Window time.Duration
	// OnRefused, when set, runs in the transaction that marks a message
	// failed for a permanent refusal, so what depends on it (a refund
	// check: a bounced first message gives the credit back) is queued
	// exactly when the failure is recorded.
	OnRefused func(ctx context.Context, tx *store.Store, m model.OutboxMessage) error
}

// NewWorker returns the delivery worker; relay and gateway may be nil.
func NewWorker(s *store.Store, c clock.Clock, log *slog.Logger, relay mail.Sender, gateway sms.Sender) *Worker {
	return &Worker{store: s, clock: c, log: log, relay: relay, gateway: gateway,
		Backoff: 30 * time.Second, MaxBackoff: time.Hour, Window: RetryWindow}
}

// Work makes one delivery attempt. It is safe to run twice for one message
// (a job rescued from a killed server): a sent or failed message is left as
// it is.
func (w *Worker) Work(ctx context.Context, job *river.Job[DeliverArgs]) error {
	m, err := w.store.GetOutboxMessage(ctx, job.Args.ID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if m.State == model.OutboxSent || m.State == model.OutboxFailed || m.State == model.OutboxHeld {
		return nil
	}
	out := store.OutboxOutcome{Attempts: m.Attempts + 1}
	var sendErr error
	switch {
	case m.Channel == model.ChannelEmail && w.relay != nil:
		// Named by the row, every try of the message (a retry after a lost
		// reply, a job taken over from a killed server) is one message to
		// whoever receives it: one Message-ID, one Idempotency-Key.
		sendErr = w.relay.Send(ctx, mail.Message{To: m.Recipient, Subject: m.Subject, Text: m.BodyText, HTML: m.BodyHTML, ID: m.ID})
	case m.Channel == model.ChannelSMS && w.gateway != nil:
		sendErr = w.gateway.Send(ctx, sms.Message{To: m.Recipient, Text: m.BodyText, ID: m.ID})
	default:
		// No relay: the log is where a developer reads the message.
		w.log.InfoContext(ctx, m.Channel+" held in the outbox", "id", m.ID, "to", m.Recipient, "subject", m.Subject, "text", m.BodyText)
		out.State, out.Attempts, out.At = model.OutboxHeld, m.Attempts, w.clock.Now()
		return w.store.SetOutboxOutcome(ctx, m.ID, out)
	}
	out.At = w.clock.Now()
	switch {
	case sendErr == nil:
		out.State = model.OutboxSent
	case mail.Permanent(sendErr) || errors.Is(sendErr, sms.ErrRefused):
		out.State, out.Error, out.Permanent = model.OutboxFailed, sendErr.Error(), true
	case time.Since(job.CreatedAt) >= w.Window:
		out.State, out.Error = model.OutboxFailed, sendErr.Error()
	default:
		out.State, out.Error = model.OutboxRetrying, sendErr.Error()
	}
	if err := w.setOutcome(ctx, m, out); err != nil {
		return err
	}
	switch out.State {
	case model.OutboxRetrying:
		w.log.WarnContext(ctx, "outbox: delivery failed, will retry", "id", m.ID, "attempt", out.Attempts, "err", sendErr.Error())
		return sendErr
	case model.OutboxFailed:
		w.log.ErrorContext(ctx, "outbox: delivery failed for good", "id", m.ID, "attempts", out.Attempts, "permanent", out.Permanent, "err", sendErr.Error())
		return river.JobCancel(sendErr)
	}
	return nil
}

// setOutcome records the attempt, with OnRefused in the same transaction
// when the relay refused the message for good.
func (w *Worker) setOutcome(ctx context.Context, m model.OutboxMessage, out store.OutboxOutcome) error {
	if !out.Permanent || w.OnRefused == nil {
		return w.store.SetOutboxOutcome(ctx, m.ID, out)
	}
	return w.store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.SetOutboxOutcome(ctx, m.ID, out); err != nil {
			return err
		}
		return w.OnRefused(ctx, tx, m)
	})
}

// NextRetry waits Backoff after the first failure, doubling up to MaxBackoff:
// 30 s, 1, 2, 4 ... 64 minutes, then hourly, about 30 attempts in 24 hours.
// A job taken over from a killed server goes again at once: its attempt was
// not refused, it was abandoned, and it has waited RescueAfter already.
// River's rescuer is the only caller to ask for an attempt that began that
// long ago, since an attempt of this worker ends within its Timeout.
func (w *Worker) NextRetry(job *river.Job[DeliverArgs]) time.Time {
	if job.AttemptedAt != nil && time.Since(*job.AttemptedAt) >= jobs.RescueAfter {
		return time.Now()
	}
	d := w.Backoff
	for i := 1; i < job.Attempt && d < w.MaxBackoff; i++ {
		d *= 2
	}
	return time.Now().Add(min(d, w.MaxBackoff))
}

// Timeout bounds one attempt: the relay's conversation has its own 15 s
// limit (the gateway's 10 s), and the outcome's write waits at most SQLite's
// 10 s busy timeout. It is jobs.Timeout, said here because NextRetry counts
// on it being under jobs.RescueAfter.
func (w *Worker) Timeout(*river.Job[DeliverArgs]) time.Duration { return jobs.Timeout }
