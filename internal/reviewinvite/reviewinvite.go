// Package reviewinvite turns a booked wedding into a verified review, one
// a real booking stands behind: the provider marks one of its unlocked requests as booked (or the
// couple's outcome "booked with this provider" names it), and 7 days after
// the event date a periodic job e-mails the couple a personal link to
// review. Reviews written through that link are "verified booking"
// (directory.SubmitVerifiedReview).
//
// The invitation goes once whatever the retries and concurrent runs: its row
// is inserted with ON CONFLICT DO NOTHING on the request's key, and the
// e-mail is queued in the same transaction only when the insert won.
package reviewinvite

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/directory"
	"noces/internal/emails"
	"noces/internal/hosts"
	"noces/internal/i18n"
	"noces/internal/jobs"
	"noces/internal/outbox"
	"noces/internal/store"
)

const (
	// After is how long after the event date the couple is invited: the
	// wedding is over, the memory is fresh.
	After = 7 * 24 * time.Hour
	// Window is how far back the sweep looks past After: a booking marked
	// late (or a sweep missed for weeks) still invites; older weddings do not.
	Window = 60 * 24 * time.Hour
	// SweepEvery is how often the sweep runs.
	SweepEvery = time.Hour
	// sweepLimit bounds one run; what is left waits for the next.
	sweepLimit = 500
)

// Service marks bookings and invites couples.
type Service struct {
	store  *store.Store
	clock  clock.Clock
	outbox *outbox.Outbox
	emails *emails.Renderer
	texts  *i18n.Bundle
	links  hosts.PublicLinks
	log    *slog.Logger
}

// Deps are the service's collaborators.
type Deps struct {
	Store  *store.Store
	Clock  clock.Clock
	Outbox *outbox.Outbox
	Emails *emails.Renderer
	Texts  *i18n.Bundle
	Links  hosts.PublicLinks
	Log    *slog.Logger
}

// NewService wires the service.
func NewService(d Deps) *Service {
	return &Service{store: d.Store, clock: d.Clock, outbox: d.Outbox, emails: d.Emails, texts: d.Texts, links: d.Links, log: d.Log}
}

// Register adds the sweep's worker to q and schedules it.
func (s *Service) Register(q *jobs.Queue) {
	q.Schedule(jobs.Periodic{Kind: "review_invitation_sweep", Every: SweepEvery, Run: func(ctx context.Context) error {
		_, err := s.Sweep(ctx)
		return err
	}})
}

// Booking is the state of one request's booking, as the provider sees it.
type Booking struct {
	// Booked: the provider marked it (ByProvider) or the couple's outcome
	// names it (ByCouple).
	ByProvider, ByCouple bool
	BookedAt             *time.Time
	// InvitedAt is when the couple was invited to review; the provider's
	// mark can be undone until then.
	InvitedAt *time.Time
	// InviteOn is the day the invitation is due (YYYY-MM-DD).
	InviteOn string
	// CanMark: the request is unlocked, so it can be marked.
	CanMark bool
}

// Get returns the booking state of one of the provider's requests.
func (s *Service) Get(ctx context.Context, providerID, requestID string) (Booking, error) {
	b, err := s.store.GetRequestBooking(ctx, providerID, requestID)
	if errors.Is(err, store.ErrNotFound) {
		return Booking{}, apperr.Wrap(apperr.NotFound, "event_request.errors.not_found", err)
	}
	if err != nil {
		return Booking{}, err
	}
	out := Booking{ByProvider: b.BookedAt.Valid, ByCouple: b.CoupleBooked, CanMark: b.UnlockedAt.Valid}
	if b.BookedAt.Valid {
		out.BookedAt = &b.BookedAt.Time
	}
	if b.InvitedAt.Valid {
		out.InvitedAt = &b.InvitedAt.Time
	}
	if d, err := time.Parse(time.DateOnly, b.EventDate); err == nil {
		out.InviteOn = d.Add(After).Format(time.DateOnly)
	}
	return out, nil
}

// Mark records that the couple booked the provider. Marking twice is the
// same as once; a locked request cannot be marked (the provider has not
// met the couple).
func (s *Service) Mark(ctx context.Context, providerID, requestID string) (Booking, error) {
	b, err := s.Get(ctx, providerID, requestID)
	if err != nil {
		return b, err
	}
	if !b.CanMark {
		return b, apperr.New(apperr.Conflict, "event_request.errors.booked_locked")
	}
	if _, err := s.store.MarkRequestBooked(ctx, providerID, requestID, s.clock.Now()); err != nil {
		return b, err
	}
	return s.Get(ctx, providerID, requestID)
}

// Unmark takes the provider's mark back, until the invitation is sent.
func (s *Service) Unmark(ctx context.Context, providerID, requestID string) (Booking, error) {
	b, err := s.Get(ctx, providerID, requestID)
	if err != nil {
		return b, err
	}
	if b.InvitedAt != nil && b.ByProvider {
		return b, apperr.New(apperr.Conflict, "event_request.errors.booked_invited")
	}
	if _, err := s.store.UnmarkRequestBooked(ctx, providerID, requestID); err != nil {
		return b, err
	}
	b, err = s.Get(ctx, providerID, requestID)
	if err == nil && b.ByProvider {
		// The sweep invited the couple between the two reads.
		return b, apperr.New(apperr.Conflict, "event_request.errors.booked_invited")
	}
	return b, err
}

// Sweep invites the couples of every booked request whose event was at
// least After ago (and at most After+Window), and returns how many it
// invited.
func (s *Service) Sweep(ctx context.Context) (int, error) {
	now := s.clock.Now().UTC()
	to := now.Add(-After).Format(time.DateOnly)
	from := now.Add(-After - Window).Format(time.DateOnly)
	ids, err := s.store.ListInvitationCandidates(ctx, from, to, sweepLimit)
	if err != nil {
		return 0, err
	}
	n := 0
	var errs []error
	for _, id := range ids {
		sent, err := s.Invite(ctx, id)
		if err != nil {
			errs = append(errs, fmt.Errorf("reviewinvite: %s: %w", id, err))
			continue
		}
		if sent {
			n++
		}
	}
	return n, errors.Join(errs...)
}

// Invite records the invitation of request id's couple and queues its
// e-mail, in one transaction; false when it was invited already or is no
// longer booked.
func (s *Service) Invite(ctx context.Context, requestID string) (bool, error) {
	now := s.clock.Now()
	token, hash := directory.NewInvitationToken()
	won := false
	err := s.store.InTx(ctx, func(tx *store.Store) error {
		ok, err := tx.CreateReviewInvitation(ctx, requestID, hash, now)
		if err != nil || !ok {
			return err
		}
		inv, err := tx.GetReviewInvitation(ctx, requestID)
		if err != nil {
			return err
		}
		d, _ := i18n.DomainByKey(inv.Domain)
		m, err := s.emails.Render(d.Lang, emails.KindReviewInvitation, map[string]string{
			"firstname":    inv.Firstname,
			"providerName": inv.ProviderName,
			"eventDate":    s.texts.DateISO(d.Lang, inv.EventDate),
			"reviewUrl":    s.links.PublicURL(inv.Domain, "/reviews/verified/"+token),
		})
		if err != nil {
			return fmt.Errorf("reviewinvite: render: %w", err)
		}
		m.To = inv.Email
		if err := s.outbox.Email(ctx, tx, m); err != nil {
			return err
		}
		won = true
		return nil
	})
	if err != nil || !won {
		return false, err
	}
	s.log.InfoContext(ctx, "reviewinvite: couple invited", "request", requestID)
	return true, nil
}
