// Package admin holds the rules of the admin side: moderation of providers
// and reviews, the user search and credit adjustments, manual SIRET
// verification, the promotional messages and the audit log. Every action an
// admin takes is written to the audit log in the same transaction as the
// change it records.
package admin

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"

	"github.com/microcosm-cc/bluemonday"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/emails"
	"noces/internal/hosts"
	"noces/internal/model"
	"noces/internal/outbox"
	"noces/internal/platform/blob"
	"noces/internal/store"
)

// Page sizes of the admin lists.
const (
	ModerationPageSize = 50
	UsersPageSize      = 25
	ReviewsPageSize    = 25
	AuditPageSize      = 50
	OutboxPageSize     = 50
)

// Deps are the service's collaborators.
type Deps struct {
	Store *store.Store
	Clock clock.Clock
	Links hosts.Links
	// Outbox queues e-mails in the transactions they report.
	Outbox *outbox.Outbox
	Emails *emails.Renderer
	// Blobs gives review photos their URL; nil leaves photoUrl empty.
	Blobs blob.Store
	Log   *slog.Logger
}

// Service runs the admin rules.
type Service struct {
	store  *store.Store
	clock  clock.Clock
	links  hosts.Links
	outbox *outbox.Outbox
	emails *emails.Renderer
	blobs  blob.Store
	log    *slog.Logger
	// html keeps what a popup's description may contain: the user-generated
	// content policy (text formatting, lists, links, images), no scripts,
	// no event handlers, no styles.
	html  *bluemonday.Policy
	plain *bluemonday.Policy
}

// NewService wires the admin service.
func NewService(d Deps) *Service {
	log := d.Log
	if log == nil {
		log = slog.Default()
	}
	return &Service{store: d.Store, clock: d.Clock, links: d.Links, outbox: d.Outbox, emails: d.Emails, blobs: d.Blobs,
		log: log, html: bluemonday.UGCPolicy(), plain: bluemonday.StrictPolicy()}
}

// Page is one page of a list with the total count.
type Page[T any] struct {
	Items    []T
	Total    int
	Page     int
	PageSize int
}

func offset(page, size int) int {
	if page < 1 {
		page = 1
	}
	return (page - 1) * size
}

// Audit actions.
const (
	ActionApprove      = "moderation.approve"
	ActionReject       = "moderation.reject"
	ActionCredits      = "credits.adjust"
	ActionSiret        = "siret.verify"
	ActionReviewOK     = "review.approve"
	ActionReviewReject = "review.reject"
	ActionAlertCreate  = "alert.create"
	ActionAlertUpdate  = "alert.update"
	ActionAlertDelete  = "alert.delete"
	ActionPopupCreate  = "popup.create"
	ActionPopupUpdate  = "popup.update"
	ActionPopupDelete  = "popup.delete"
	ActionOutboxResend = "outbox.resend"
	ActionReplyHide    = "review.reply_hide"
	ActionReplyShow    = "review.reply_show"
)

// audit writes one audit row on st (the action's transaction).
func (s *Service) audit(ctx context.Context, st *store.Store, actorID, action, targetID string, details map[string]any) error {
	raw := ""
	if len(details) > 0 {
		b, err := json.Marshal(details)
		if err != nil {
			return err
		}
		raw = string(b)
	}
	return st.CreateAuditEntry(ctx, model.AuditEntry{ID: model.NewID(), ActorID: actorID, Action: action,
		TargetID: sql.NullString{String: targetID, Valid: targetID != ""}, Details: raw, CreatedAt: s.clock.Now()})
}

// provider loads a live planner or venue; anyone else is not found, so an
// admin account cannot be moderated, credited or verified.
func (s *Service) provider(ctx context.Context, id string) (model.User, error) {
	u, err := s.store.GetUser(ctx, id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && u.Role != model.RolePlanner && u.Role != model.RoleVenue) {
		return model.User{}, apperr.Wrap(apperr.NotFound, "admin.errors.user_not_found", err)
	}
	return u, err
}

// sendEmail renders kind in the user's language and queues it in tx, the
// transaction of the decision it reports: sent if and only if the decision
// is committed, once, whatever server delivers it.
func (s *Service) sendEmail(ctx context.Context, tx *store.Store, u model.User, kind string, data map[string]string) error {
	data["firstname"] = u.Firstname
	m, err := s.emails.Render(u.Locale, kind, data)
	if err != nil {
		return fmt.Errorf("admin: render %s: %w", kind, err)
	}
	m.To = u.Email
	return s.outbox.Email(ctx, tx, m)
}

// AuditLog returns one page of the audit log, newest first.
func (s *Service) AuditLog(ctx context.Context, page int) (Page[store.AuditRow], error) {
	rows, total, err := s.store.ListAuditLog(ctx, AuditPageSize, offset(page, AuditPageSize))
	if err != nil {
		return Page[store.AuditRow]{}, err
	}
	return Page[store.AuditRow]{Items: rows, Total: total, Page: page, PageSize: AuditPageSize}, nil
}

// Outbox returns one page of the recorded e-mails and SMS, newest first;
// a non-empty recipient or state keeps only the messages sent to that
// address or in that state.
func (s *Service) Outbox(ctx context.Context, f store.OutboxFilter, page int) (Page[model.OutboxMessage], error) {
	if f.State != "" && !slices.Contains(model.OutboxStates, f.State) {
		return Page[model.OutboxMessage]{}, apperr.Validation(map[string]string{"state": "admin.validation.outbox_state_invalid"})
	}
	msgs, total, err := s.store.ListOutbox(ctx, f, OutboxPageSize, offset(page, OutboxPageSize))
	if err != nil {
		return Page[model.OutboxMessage]{}, err
	}
	return Page[model.OutboxMessage]{Items: msgs, Total: total, Page: page, PageSize: OutboxPageSize}, nil
}

// ResendOutbox queues a failed message again.
func (s *Service) ResendOutbox(ctx context.Context, actorID, id string) (model.OutboxMessage, error) {
	m, err := s.outbox.Resend(ctx, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return m, apperr.Wrap(apperr.NotFound, "admin.outbox.errors.not_found", err)
	case errors.Is(err, outbox.ErrNotFailed):
		return m, apperr.Wrap(apperr.Conflict, "admin.outbox.errors.not_failed", err)
	case err != nil:
		return m, err
	}
	return m, s.audit(ctx, s.store, actorID, ActionOutboxResend, id, map[string]any{"to": m.Recipient})
}
