package eventreq

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"time"

	"noces/internal/apperr"
	"noces/internal/emails"
	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/ratelimit"
	"noces/internal/store"
)

// The couple's confirmation: a project reaches providers only
// once the couple opened the link e-mailed to it and pressed confirm, so
// nobody pays for a request whose address was never real. Submit stores the
// project and sends the link; Confirm matches, creates the requests and
// tells the providers, once.

// ConfirmTTL is how long a project waits for its confirmation; past it the
// link answers "expired" and the periodic job deletes the project.
const ConfirmTTL = 48 * time.Hour

// MaxResends is how many times a couple may ask for the link again: enough
// for a mail that went to spam, too few to mail-bomb an address.
const MaxResends = 3

// resendRule bounds the resends a client address may ask for, whatever
// the projects.
var resendRule = ratelimit.Rule{Max: 10, Window: time.Hour}

// confirmTokenBytes is the entropy of a confirmation link's token.
const confirmTokenBytes = 32

// maxConfirmToken bounds a token read from a URL before it is hashed.
const maxConfirmToken = 64

// newConfirmToken returns a fresh link token and the hash that is stored.
func newConfirmToken() (token, hash string) {
	var b [confirmTokenBytes]byte
	if _, err := rand.Read(b[:]); err != nil {
		// crypto/rand never fails on the platforms Go supports.
		panic("eventreq: no randomness: " + err.Error())
	}
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, hashConfirmToken(token)
}

// hashConfirmToken is what is stored of a token: the database never holds
// a working link.
func hashConfirmToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// ConfirmPath is the public site's path of a confirmation link.
func ConfirmPath(token string) string { return "/confirm/" + url.PathEscape(token) }

// ResendKey is what the "check your inbox" page carries to ask for the link
// again for one project: a signature, so nobody can ask for another's.
func (s *Service) ResendKey(projectID string) string {
	m := hmac.New(sha256.New, s.tokens.key)
	m.Write([]byte("resend:" + projectID))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:16])
}

// ResendKeyValid reports whether key is projectID's resend key.
func (s *Service) ResendKeyValid(projectID, key string) bool {
	return len(key) < 64 && hmac.Equal([]byte(key), []byte(s.ResendKey(projectID)))
}

// sendConfirmLink queues, in tx, the e-mail carrying the confirmation link.
func (s *Service) sendConfirmLink(ctx context.Context, tx *store.Store, p model.Project, token string) error {
	d, _ := i18n.DomainByKey(p.Domain)
	m, err := s.emails.Render(d.Lang, emails.KindProjectConfirmLink, map[string]string{
		"firstname": p.Firstname, "confirmUrl": s.links.PublicURL(d.Key, ConfirmPath(token))})
	if err != nil {
		return fmt.Errorf("eventreq: render confirmation link: %w", err)
	}
	m.To = p.Email
	return s.outbox.Email(ctx, tx, m)
}

// Pending is a project waiting for, or past, its confirmation, as the
// confirmation page shows it.
type Pending struct {
	Project model.Project
	// ExpiresAt is when the link stops working.
	ExpiresAt time.Time
	// Confirmed is set once the couple confirmed; Matched is then how many
	// providers the project went to.
	Confirmed bool
	Matched   int
	// ToPage: the form was sent from a planner's or venue's page, rather
	// than the general form, matched.
	ToPage bool
}

// The answers for a link that never was, or is no longer, valid. Both are
// NotFound to the edges; the public site tells them apart by their code
// (404 and 410).
var (
	errUnknownLink = apperr.New(apperr.NotFound, "project.errors.confirm_unknown")
	errExpiredLink = apperr.New(apperr.NotFound, "project.errors.confirm_expired")
)

// IsExpiredLink reports whether err says a confirmation link expired.
func IsExpiredLink(err error) bool {
	e, ok := apperr.As(err)
	return ok && e.Code == errExpiredLink.Code
}

// Confirmation reads what a confirmation link stands for, changing nothing
// (an e-mail scanner may open it). An unknown token is NotFound; an
// expired, unconfirmed one IsExpiredLink.
func (s *Service) Confirmation(ctx context.Context, token string) (Pending, error) {
	if token == "" || len(token) > maxConfirmToken {
		return Pending{}, errUnknownLink
	}
	c, p, err := s.store.ConfirmationByTokenHash(ctx, hashConfirmToken(token))
	if errors.Is(err, store.ErrNotFound) {
		return Pending{}, errUnknownLink
	}
	if err != nil {
		return Pending{}, err
	}
	// matched is set in the confirming transaction with confirmed_at, and
	// read in one row with the rest of the confirmation: the project, read
	// by a second statement, may be newer.
	out := Pending{Project: p, ExpiresAt: c.ExpiresAt, Confirmed: c.Matched.Valid, Matched: int(c.Matched.Int64),
		ToPage: c.ProviderSlug != "" || c.VenueSlug != ""}
	if !out.Confirmed && !s.clock.Now().Before(c.ExpiresAt) {
		return Pending{}, errExpiredLink
	}
	return out, nil
}

// Confirm confirms the project of a link: in one transaction it marks it
// confirmed, creates its requests (to the page it was sent from, or to the
// matching providers) and queues the providers' e-mails and SMS. A second
// confirmation, even concurrent, changes and sends nothing and returns the
// first one's result.
func (s *Service) Confirm(ctx context.Context, token string) (Pending, error) {
	pend, err := s.Confirmation(ctx, token)
	if err != nil || pend.Confirmed {
		return pend, err
	}
	p := pend.Project
	c, err := s.store.ConfirmationOfProject(ctx, p.ID)
	if err != nil {
		return Pending{}, err
	}
	d, _ := i18n.DomainByKey(p.Domain)
	// Matching reads the directory as it is now; done before the
	// transaction, as Submit did, so the write lock is held briefly.
	providers, err := s.addressees(ctx, p, d, c)
	if err != nil {
		return Pending{}, err
	}
	now := s.clock.Now()
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		won, err := tx.ConfirmProject(ctx, p.ID, now)
		if err != nil || !won {
			return err
		}
		// Read again in the transaction, every calendar in one query: a
		// day marked taken since the search (or since the form, for a
		// page's planner or venue) gets no request.
		cals := make([]store.Calendar, len(providers))
		for i, to := range providers {
			cals[i] = store.Calendar{UserID: to.user, VenueID: to.venue}
		}
		busy, err := tx.BusyCalendars(ctx, p.EventDate, cals)
		if err != nil {
			return err
		}
		requests := make([]model.EventRequest, 0, len(providers))
		for i, to := range providers {
			if busy[cals[i]] {
				continue
			}
			r := model.EventRequest{ID: model.NewID(), ProjectID: p.ID, ProviderID: to.user, CreatedAt: now}
			if to.venue != "" {
				r.VenueID = sql.NullString{String: to.venue, Valid: true}
			}
			if err := tx.CreateEventRequest(ctx, r); err != nil {
				return err
			}
			requests = append(requests, r)
		}
		if err := tx.SetConfirmationMatched(ctx, p.ID, len(requests)); err != nil {
			return err
		}
		return s.notify(ctx, tx, p, requests, d)
	})
	if err != nil {
		return Pending{}, err
	}
	// Read again: a concurrent confirmation that won shows its own result.
	return s.Confirmation(ctx, token)
}

// addressees are the providers a confirmed project goes to: the planner or
// venue of the page it was sent from, if still visible, or the matching
// providers of the general form.
func (s *Service) addressees(ctx context.Context, p model.Project, d i18n.Domain, c store.ProjectConfirmation) ([]addressee, error) {
	switch {
	case c.VenueSlug != "":
		v, err := s.store.GetVisibleVenueBySlug(ctx, c.VenueSlug)
		if errors.Is(err, store.ErrNotFound) {
			return nil, nil // hidden since: the page says no provider got it
		}
		if err != nil {
			return nil, err
		}
		return []addressee{{user: v.OwnerID, venue: v.ID}}, nil
	case c.ProviderSlug != "":
		to, err := s.addressee(ctx, c.ProviderSlug)
		if e, ok := apperr.As(err); ok && e.Kind == apperr.NotFound {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		return []addressee{to}, nil
	}
	return s.match(ctx, p, d)
}

// Resend e-mails a new confirmation link for a project still waiting for
// it (the previous link stops working), at most MaxResends times, and not
// more than resendRule from one client address.
func (s *Service) Resend(ctx context.Context, projectID, key, clientIP string) error {
	if !s.ResendKeyValid(projectID, key) {
		return errUnknownLink
	}
	if err := s.limiter.Allow(ctx, "project:resend:"+clientIP, resendRule); err != nil {
		return err
	}
	p, err := s.store.GetProject(ctx, projectID)
	if errors.Is(err, store.ErrNotFound) {
		return errExpiredLink
	}
	if err != nil {
		return err
	}
	if p.ConfirmedAt.Valid {
		return apperr.New(apperr.Conflict, "project.errors.already_confirmed")
	}
	c, err := s.store.ConfirmationOfProject(ctx, projectID)
	if err != nil {
		return err
	}
	if !s.clock.Now().Before(c.ExpiresAt) {
		return errExpiredLink
	}
	token, hash := newConfirmToken()
	return s.store.InTx(ctx, func(tx *store.Store) error {
		ok, err := tx.RenewConfirmationToken(ctx, projectID, hash, MaxResends)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.New(apperr.TooMany, "project.errors.resend_limit")
		}
		return s.sendConfirmLink(ctx, tx, p, token)
	})
}
