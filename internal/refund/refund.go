// Package refund gives back, by itself, the credit a provider spent on a
// request when the request turned out worthless (issue #18): the couple's
// address refused the provider's first message, the couple did not open it
// within 72 hours, or the couple said within 24 hours of the unlock that it
// had already booked someone. No ticket, no deadline: a job checks the rules
// of one request when something happens (a message bounced, 72 hours after
// a first message, an outcome), and a periodic sweep catches what a hook
// missed.
//
// A refund happens once whatever the retries, redeliveries and concurrent
// runs: the request is marked by a conditional UPDATE (refunded_at IS NULL)
// and the ledger row has its own unique reference, both in one transaction
// with the e-mail to the provider.
package refund

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"noces/internal/clock"
	"noces/internal/emails"
	"noces/internal/i18n"
	"noces/internal/jobs"
	"noces/internal/model"
	"noces/internal/outbox"
	"noces/internal/store"
)

// The rules' delays.
const (
	// UnopenedAfter is how long the couple has to read the provider's first
	// message before its credit comes back.
	UnopenedAfter = 72 * time.Hour
	// BookedWithin is how soon after the unlock the couple must say it
	// booked someone else for the credit to come back.
	BookedWithin = 24 * time.Hour
	// SweepEvery is how often the sweep looks for requests a hook missed.
	SweepEvery = 10 * time.Minute
	// SweepWindow is how far back the sweep looks: a hook missed for up to
	// a month is still caught, and the sweep never reads all history.
	SweepWindow = 30 * 24 * time.Hour
	// sweepLimit bounds each of the sweep's three lists per run; what is
	// left waits for the next run.
	sweepLimit = 500
)

// texts are the keys of each reason: the credit history's row, and the
// clause of the e-mail to the provider.
var texts = map[string]struct{ log, reason string }{
	model.RefundBounced:  {"credits.log.refund_bounced", "refund.reason.bounced"},
	model.RefundUnopened: {"credits.log.refund_unopened", "refund.reason.unopened"},
	model.RefundBooked:   {"credits.log.refund_booked", "refund.reason.booked"},
}

// Ref is the ledger reference of the refund of request id: unique, so the
// credit comes back at most once.
func Ref(requestID string) string { return "refund:" + requestID }

// unlockRef is the ledger reference of the unlock of request id. It must be
// eventreq.UnlockRef (a test checks it); it is not imported because the
// conversation code, in or beside eventreq, schedules checks here.
func unlockRef(requestID string) string { return "unlock:" + requestID }

// Links builds the URLs e-mails carry.
type Links interface {
	ProURL(domain, path string) string
}

// Service checks and applies the refund rules.
type Service struct {
	store  *store.Store
	clock  clock.Clock
	queue  *jobs.Queue
	outbox *outbox.Outbox
	emails *emails.Renderer
	texts  *i18n.Bundle
	links  Links
	log    *slog.Logger
}

// Deps are the service's collaborators.
type Deps struct {
	Store  *store.Store
	Clock  clock.Clock
	Queue  *jobs.Queue
	Outbox *outbox.Outbox
	Emails *emails.Renderer
	Texts  *i18n.Bundle
	Links  Links
	Log    *slog.Logger
}

// NewService wires the service.
func NewService(d Deps) *Service {
	return &Service{store: d.Store, clock: d.Clock, queue: d.Queue, outbox: d.Outbox, emails: d.Emails,
		texts: d.Texts, links: d.Links, log: d.Log}
}

// Register adds the check and sweep workers to q and schedules the sweep.
func (s *Service) Register(q *jobs.Queue) {
	jobs.Register(q, &CheckWorker{service: s})
	jobs.Register(q, &SweepWorker{service: s})
	q.Every(SweepEvery, SweepArgs{})
}

// Decide returns the reason the credit spent on the request comes back at
// now, or "" when none holds or nothing is to come back (no credit spent,
// already refunded). The rules are checked in a fixed order, so one request
// always gets the same reason.
func Decide(f store.RefundFacts, now time.Time) string {
	if f.Spent == 0 || f.RefundedAt.Valid || !f.UnlockedAt.Valid {
		return ""
	}
	if f.First.Valid && f.First.Bounced {
		return model.RefundBounced
	}
	if f.Outcome.Valid && f.OutcomeAt.Valid && f.OutcomeAt.Time.Sub(f.UnlockedAt.Time) <= BookedWithin {
		other := f.Outcome.String == model.ProjectOutcomeBookedOther ||
			(f.Outcome.String == model.ProjectOutcomeBookedProvider && f.OutcomeRequestID.String != f.ID)
		if other {
			return model.RefundBooked
		}
	}
	if f.First.Valid {
		due := f.First.CreatedAt.Add(UnopenedAfter)
		// Read after the 72 hours counts as unread: the answer does not
		// depend on how late the check runs.
		unread := !f.First.ReadAt.Valid || f.First.ReadAt.Time.After(due)
		if !now.Before(due) && unread {
			return model.RefundUnopened
		}
	}
	return ""
}

// Check applies the rules to request id now and refunds its credit when one
// holds. It returns the reason applied, or "" when nothing changed (no rule
// holds, or another run refunded it first). An unknown request is ErrNotFound.
func (s *Service) Check(ctx context.Context, requestID string) (string, error) {
	now := s.clock.Now()
	f, err := s.store.GetRefundFacts(ctx, requestID, unlockRef(requestID))
	if err != nil {
		return "", err
	}
	reason := Decide(f, now)
	if reason == "" {
		return "", nil
	}
	won := false
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		ok, err := tx.MarkEventRequestRefunded(ctx, requestID, reason, unlockRef(requestID), now)
		if err != nil || !ok {
			return err
		}
		err = tx.AddCreditLog(ctx, model.CreditLog{ID: model.NewID(), UserID: f.ProviderID, CreatedAt: now,
			Description: texts[reason].log, Deposited: 1, Ref: sql.NullString{String: Ref(requestID), Valid: true}})
		if errors.Is(err, store.ErrDuplicateRef) {
			// The credit already came back (a row written by hand, say):
			// the request is marked, nothing is given twice, nobody told twice.
			return nil
		}
		if err != nil {
			return err
		}
		won = true
		return s.tell(ctx, tx, f.ProviderID, requestID, reason)
	})
	if err != nil || !won {
		return "", err
	}
	s.log.InfoContext(ctx, "refund: credit returned", "request", requestID, "reason", reason)
	return reason, nil
}

// tell queues, in tx, the e-mail telling the provider why its credit came back.
func (s *Service) tell(ctx context.Context, tx *store.Store, providerID, requestID, reason string) error {
	u, err := tx.GetUser(ctx, providerID)
	if err != nil {
		return err
	}
	m, err := s.emails.Render(u.Locale, emails.KindCreditRefunded, map[string]string{
		"firstname":  u.Firstname,
		"reason":     s.texts.T(u.Locale, texts[reason].reason),
		"requestUrl": s.links.ProURL(u.Domain, "/event-requests/"+requestID),
	})
	if err != nil {
		return fmt.Errorf("refund: render e-mail: %w", err)
	}
	m.To = u.Email
	return s.outbox.Email(ctx, tx, m)
}

// ScheduleTx queues, in tx, a check of request id at at (now when zero). The
// conversation code calls it after the provider's first message (at + 72 h)
// and after the couple's outcome (now).
func (s *Service) ScheduleTx(ctx context.Context, tx *store.Store, requestID string, at time.Time) error {
	var opts *river.InsertOpts
	if !at.IsZero() {
		opts = &river.InsertOpts{ScheduledAt: at}
	}
	return s.queue.InsertTx(ctx, tx, CheckArgs{RequestID: requestID}, opts)
}

// OnRefused is the outbox worker's hook for an e-mail the relay refused for
// good: when it carried a provider's message, the request is checked at once,
// the job queued in the transaction that records the failure.
func (s *Service) OnRefused(ctx context.Context, tx *store.Store, m model.OutboxMessage) error {
	requestID, err := tx.RequestOfOutboxMessage(ctx, m.ID)
	if errors.Is(err, store.ErrNotFound) {
		return nil // any other e-mail
	}
	if err != nil {
		return err
	}
	return s.ScheduleTx(ctx, tx, requestID, time.Time{})
}

// Sweep checks every candidate request of the last SweepWindow and returns
// how many credits came back.
func (s *Service) Sweep(ctx context.Context) (int, error) {
	now := s.clock.Now()
	ids, err := s.store.ListRefundCandidates(ctx, store.RefundCandidates{
		BouncedSince: now.Add(-SweepWindow),
		UnreadFrom:   now.Add(-UnopenedAfter - SweepWindow), UnreadTo: now.Add(-UnopenedAfter),
		OutcomeSince: now.Add(-SweepWindow),
		Limit:        sweepLimit,
	})
	if err != nil {
		return 0, err
	}
	n := 0
	var errs []error
	for _, id := range ids {
		reason, err := s.Check(ctx, id)
		if err != nil {
			errs = append(errs, fmt.Errorf("refund: check %s: %w", id, err))
			continue
		}
		if reason != "" {
			n++
		}
	}
	return n, errors.Join(errs...)
}

// CheckArgs is the job that checks one request.
type CheckArgs struct {
	RequestID string `json:"request_id"`
}

// Kind names the job in the queue.
func (CheckArgs) Kind() string { return "refund_check" }

// CheckWorker runs Check.
type CheckWorker struct {
	river.WorkerDefaults[CheckArgs]
	service *Service
}

// Work checks the request; a request that no longer exists needs nothing.
func (w *CheckWorker) Work(ctx context.Context, job *river.Job[CheckArgs]) error {
	_, err := w.service.Check(ctx, job.Args.RequestID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	return err
}

// SweepArgs is the periodic job that sweeps.
type SweepArgs struct{}

// Kind names the job in the queue.
func (SweepArgs) Kind() string { return "refund_sweep" }

// SweepWorker runs Sweep.
type SweepWorker struct {
	river.WorkerDefaults[SweepArgs]
	service *Service
}

// Work sweeps once.
func (w *SweepWorker) Work(ctx context.Context, _ *river.Job[SweepArgs]) error {
	_, err := w.service.Sweep(ctx)
	return err
}
