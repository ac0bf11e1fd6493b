// Package refund gives back, by itself, the credit a provider spent on a
// request when the request turned out worthless, so that a credit pays
// only for a lead worth it: the couple's
// address refused the provider's first message, the couple did not open it
// within 72 hours, or the couple said within 24 hours of the unlock that it
// had already booked someone. No ticket, no deadline: a job checks the rules
// of one request when something happens (a message bounced, 72 hours after
// a first message, an outcome), and a periodic sweep catches what a hook
// missed.
//
// The ledger follows the couple's last outcome. A request whose couple
// booked its provider was worth its credit, whatever else happened: a
// credit that came back is taken back then, and so is one that came back
// for a booking elsewhere when the couple then says it booked nobody
// (postponed, still looking). When the outcome changes back, the credit
// comes back again. The 24 hours count to the first time the couple said
// it booked someone else, so the order the checks run in changes nothing.
//
// Each movement happens once whatever the retries, redeliveries and
// concurrent runs: a check moves the ledger only inside a transaction that
// holds the project's lock (the one an outcome change takes too), so it
// reads the last outcome; the request is marked by a conditional UPDATE,
// and each ledger row has its own unique reference (refund:<id>, then
// refund:<id>:2, :3...), with the e-mail to the provider for a refund.
//
// The balance never goes below zero (users.credits >= 0): a take-back that
// finds it at zero takes nothing, the provider keeps that credit (it was
// already spent on another request), and the request's refund moves no
// more; no debt is carried to its next purchase.
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
	"noces/internal/hosts"
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

// TakenBack is what Check returns when it took a credit back.
const TakenBack = "taken_back"

// The credit history's rows of a take-back, by what the couple last said.
const (
	logTakenBackBooked = "credits.log.refund_taken_back_booked"
	logTakenBackOpen   = "credits.log.refund_taken_back_open"
)

// Ref is the ledger reference of the first refund of request id: unique, so
// the credit comes back at most once for it.
func Ref(requestID string) string { return MoveRef(requestID, 1) }

// MoveRef is the ledger reference of the n-th refund row of request id (1:
// the first credit back, 2: it taken back, 3: back again...): unique, so
// each movement happens once.
func MoveRef(requestID string, n int) string {
	if n <= 1 {
		return "refund:" + requestID
	}
	return fmt.Sprintf("refund:%s:%d", requestID, n)
}

// unlockRef is the ledger reference of the unlock of request id. It must be
// eventreq.UnlockRef (a test checks it); it is not imported because the
// conversation code, in or beside eventreq, schedules checks here.
func unlockRef(requestID string) string { return "unlock:" + requestID }

// Service checks and applies the refund rules.
type Service struct {
	store  *store.Store
	clock  clock.Clock
	queue  *jobs.Queue
	outbox *outbox.Outbox
	emails *emails.Renderer
	texts  *i18n.Bundle
	links  hosts.ProLinks
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
	Links  hosts.ProLinks
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
	q.Schedule(jobs.Periodic{Kind: "refund_sweep", Every: SweepEvery, Run: func(ctx context.Context) error {
		_, err := s.Sweep(ctx)
		return err
	}})
}

// Decide returns the reason the credit spent on the request is owed back at
// now, or "" when none is: no credit spent, or none of the rules holds by the
// couple's last outcome. Whether the credit is back already is Check's
// business. The rules are checked in a fixed order, so one request always
// gets the same reason.
func Decide(f store.RefundFacts, now time.Time) string {
	if f.Spent == 0 || !f.UnlockedAt.Valid {
		return ""
	}
	if bookedThis(f) {
		// The lead brought its provider a booking: it was worth its credit.
		return ""
	}
	if f.First.Valid && f.First.Bounced {
		return model.RefundBounced
	}
	if bookedElsewhere(f) && f.BookedElsewhereAt.Valid && f.BookedElsewhereAt.Time.Sub(f.UnlockedAt.Time) <= BookedWithin {
		return model.RefundBooked
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

// bookedThis: the couple's last outcome is a booking of this request's provider.
func bookedThis(f store.RefundFacts) bool {
	return f.Outcome.String == model.ProjectOutcomeBookedProvider && f.OutcomeRequestID.String == f.ID
}

// bookedElsewhere: the couple's last outcome is a booking of someone else.
func bookedElsewhere(f store.RefundFacts) bool {
	return f.Outcome.String == model.ProjectOutcomeBookedOther ||
		(f.Outcome.String == model.ProjectOutcomeBookedProvider && f.OutcomeRequestID.String != f.ID)
}

// move is what a check does to facts f at now: refund for a reason, take
// back, or nothing ("", false).
func move(f store.RefundFacts, now time.Time) (reason string, takeBack bool) {
	if f.RefundKeptAt.Valid {
		return "", false
	}
	owed := Decide(f, now)
	switch {
	case owed != "" && !f.RefundedAt.Valid:
		return owed, false
	case owed == "" && f.RefundedAt.Valid && f.Spent > 0:
		return "", true
	}
	return "", false
}

// Check applies the rules to request id now and moves the ledger to match:
// it returns the reason of a credit it gave back, TakenBack for one it took
// back, or "" when nothing changed (the ledger matches already, another run
// moved it first, or a take-back found the balance at zero). An unknown
// request is ErrNotFound.
func (s *Service) Check(ctx context.Context, requestID string) (string, error) {
	now := s.clock.Now()
	f, err := s.store.GetRefundFacts(ctx, requestID, unlockRef(requestID))
	if err != nil {
		return "", err
	}
	// Read without the lock, a check with nothing to do is done: an outcome
	// that changes that commits with a check of its own, which runs after.
	if reason, takeBack := move(f, now); reason == "" && !takeBack {
		return "", nil
	}
	made := ""
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		if _, _, err := tx.LockProjectOfRequest(ctx, f.ProviderID, requestID); err != nil {
			return err
		}
		f, err := tx.GetRefundFacts(ctx, requestID, unlockRef(requestID))
		if err != nil {
			return err
		}
		reason, takeBack := move(f, now)
		switch {
		case reason != "":
			made, err = s.giveBack(ctx, tx, f, reason, now)
		case takeBack:
			made, err = s.takeBack(ctx, tx, f, now)
		}
		return err
	})
	if err != nil {
		return "", err
	}
	switch made {
	case "":
	case TakenBack:
		s.log.InfoContext(ctx, "refund: credit taken back", "request", requestID)
	default:
		s.log.InfoContext(ctx, "refund: credit returned", "request", requestID, "reason", made)
	}
	return made, nil
}

// giveBack credits the provider for reason, in tx, and tells it.
func (s *Service) giveBack(ctx context.Context, tx *store.Store, f store.RefundFacts, reason string, now time.Time) (string, error) {
	ok, err := tx.MarkEventRequestRefunded(ctx, f.ID, reason, unlockRef(f.ID), now)
	if err != nil || !ok {
		return "", err
	}
	err = tx.AddCreditLog(ctx, model.CreditLog{ID: model.NewID(), UserID: f.ProviderID, CreatedAt: now,
		Description: texts[reason].log, Deposited: 1, Ref: sql.NullString{String: MoveRef(f.ID, f.RefundMoves+1), Valid: true}})
	if errors.Is(err, store.ErrDuplicateRef) {
		// The credit already came back (a row written by hand, say): the
		// request is marked, nothing is given twice, nobody told twice.
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return reason, s.tell(ctx, tx, f.ProviderID, f.ID, reason)
}

// takeBack withdraws, in tx, the credit that came back on f's request, with
// the couple's last word as its reason; at a zero balance the provider
// keeps it.
func (s *Service) takeBack(ctx context.Context, tx *store.Store, f store.RefundFacts, now time.Time) (string, error) {
	u, err := tx.GetUser(ctx, f.ProviderID)
	if err != nil {
		return "", err
	}
	if u.Credits < 1 {
		_, err := tx.MarkRefundKept(ctx, f.ID, now)
		if err == nil {
			s.log.InfoContext(ctx, "refund: credit kept, the balance is zero", "request", f.ID)
		}
		return "", err
	}
	ok, err := tx.MarkRefundTakenBack(ctx, f.ID)
	if err != nil || !ok {
		return "", err
	}
	desc := logTakenBackOpen
	if bookedThis(f) {
		desc = logTakenBackBooked
	}
	// A spend that took the last credit since the balance was read makes
	// this fail (store.ErrInsufficientCredits) and the transaction roll
	// back: the job's retry finds the balance at zero and keeps the credit.
	err = tx.AddCreditLog(ctx, model.CreditLog{ID: model.NewID(), UserID: f.ProviderID, CreatedAt: now,
		Description: desc, Withdrawn: 1, Ref: sql.NullString{String: MoveRef(f.ID, f.RefundMoves+1), Valid: true}})
	if errors.Is(err, store.ErrDuplicateRef) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return TakenBack, nil
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
// how many credits moved (back, or taken back).
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
