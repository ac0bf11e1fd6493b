// Package conversation holds the conversations between a provider and a
// couple about one event request: the provider writes from the
// back-office, the couple reads and answers on the public site through a
// private link, /c/{token}, that an e-mail brings, and closes its project
// there with an outcome.
//
// Choices the spec leaves open:
//   - Every e-mail telling the couple of a provider's message carries a
//     fresh link; all the links of a conversation open it and only it. Only
//     their SHA-256 is stored.
//   - The links expire 60 days after the event date, or 30 days after the
//     couple closed its project (booked or postponed), whichever is first
//     (TokenExpiry). After that, and once the couple stopped the
//     conversation, the provider can write no more.
//   - The couple stops a conversation from its page: every link to it is
//     revoked at once. The provider cannot revoke a link.
//   - The e-mail to the couple does not carry the message: the couple reads
//     it on the page. Opening the link marks nothing, since mail scanners
//     fetch links (HEAD, or GET without running scripts) before anyone
//     reads them; a person marks the provider's messages read: the page's
//     script posts (MarkRead) on the reader's first gesture, and answering,
//     closing or stopping from the page do it too. So "read" means read,
//     and the 72-hour unread refund holds against a scanner.
package conversation

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/emails"
	"noces/internal/eventreq"
	"noces/internal/hosts"
	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/outbox"
	"noces/internal/platform/sms"
	"noces/internal/ratelimit"
	"noces/internal/refund"
	"noces/internal/store"
	"noces/internal/validate"
)

// Limits of a message.
const (
	MaxMessage = 5000
	// AnswerWindow is the answer rate's delay: a request is answered when
	// the provider's first message came within it.
	AnswerWindow = 48 * time.Hour
)

// Send rates: a provider writing to its couples by hand, a couple answering
// one provider; a script is stopped well before it floods an inbox.
var (
	providerRule = ratelimit.Rule{Max: 60, Window: time.Hour}
	coupleRule   = ratelimit.Rule{Max: 30, Window: time.Hour}
	coupleIPRule = ratelimit.Rule{Max: 100, Window: time.Hour}
)

// Outcomes the couple can close its project with, in the form's order.
var Outcomes = []string{model.ProjectOutcomeBookedProvider, model.ProjectOutcomeBookedOther,
	model.ProjectOutcomePostponed, model.ProjectOutcomeStillLooking}

// Service runs the conversations.
type Service struct {
	store   *store.Store
	clock   clock.Clock
	outbox  *outbox.Outbox
	emails  *emails.Renderer
	texts   *i18n.Bundle
	links   hosts.Links
	limiter *ratelimit.Limiter
	events  *eventreq.Service
	refunds RefundScheduler
	log     *slog.Logger
}

// Deps are the service's collaborators.
type Deps struct {
	Store   *store.Store
	Clock   clock.Clock
	Outbox  *outbox.Outbox
	Emails  *emails.Renderer
	Texts   *i18n.Bundle
	Links   hosts.Links
	Limiter *ratelimit.Limiter
	// Events unlocks a premium provider's request before it writes, so
	// that premium takes its place among the request's providers.
	Events *eventreq.Service
	// Refunds schedules, in the transaction of a first message or of an
	// outcome, the check that gives a credit back when the couple leaves
	// the message unread or had booked someone (nil: no checks).
	Refunds RefundScheduler
	Log     *slog.Logger
}

// RefundScheduler queues a refund check of a request at a time (zero: now)
// in tx; internal/refund's Service is one.
type RefundScheduler interface {
	ScheduleTx(ctx context.Context, tx *store.Store, requestID string, at time.Time) error
}

// NewService wires the service.
func NewService(d Deps) *Service {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{store: d.Store, clock: d.Clock, outbox: d.Outbox, emails: d.Emails, texts: d.Texts, links: d.Links,
		limiter: d.Limiter, events: d.Events, refunds: d.Refunds, log: d.Log}
}

// CheckBody trims a message and checks it: 1 to 5,000 characters of
// valid UTF-8 text, no control characters but line breaks and tabs, no
// bidirectional override (validate.Text). The code names the problem for
// the "body" field.
func CheckBody(body string) (string, string) {
	if !utf8.ValidString(body) {
		return "", "conversation.errors.body_invalid"
	}
	body = strings.ReplaceAll(strings.TrimSpace(body), "\r\n", "\n")
	n := utf8.RuneCountInString(body)
	switch {
	case n == 0:
		return "", "conversation.errors.body_required"
	case n > MaxMessage:
		return "", "conversation.errors.body_too_long"
	}
	body, code := validate.Text(body)
	if code != "" {
		return "", "conversation.errors.body_invalid"
	}
	return body, ""
}

func bodyError(code string) error {
	return apperr.Validation(map[string]string{"body": code})
}

// Thread is a conversation as one side sees it.
type Thread struct {
	Request  store.ConversationRequest
	Messages []model.Message
	// Open says whether messages can still be written: not stopped by the
	// couple, not expired.
	Open      bool
	ExpiresAt time.Time
	// CanWrite, in the provider's view, says whether its next message
	// would be accepted: open, and the request unlocked by it, or premium
	// with a place left under the cap for the unlock writing takes.
	CanWrite bool
	// Provider is who the couple talks to.
	Provider ProviderCard
}

// ProviderCard names the provider of a conversation and its public page.
type ProviderCard struct {
	Name, ProfileURL string
}

func expiry(r store.ConversationRequest) time.Time {
	p := r.Project
	return TokenExpiry(p.EventDate, p.Outcome.String, p.OutcomeAt.Time, p.Outcome.Valid)
}

func (s *Service) open(r store.ConversationRequest) bool {
	return !r.StoppedAt.Valid && !r.RejectedAt.Valid && s.clock.Now().Before(expiry(r))
}

// ProviderThread returns the conversation of one of the provider's
// requests, oldest message first, and marks the couple's messages read: the
// provider opened the request. Another provider's request is not found.
func (s *Service) ProviderThread(ctx context.Context, userID, requestID string) (Thread, error) {
	r, err := s.providerRequest(ctx, userID, requestID)
	if err != nil {
		return Thread{}, err
	}
	msgs, err := s.read(ctx, r.ID, model.MessageFromCouple)
	if err != nil {
		return Thread{}, err
	}
	can, err := s.canWrite(ctx, r)
	if err != nil {
		return Thread{}, err
	}
	return Thread{Request: r, Messages: msgs, Open: s.open(r), ExpiresAt: expiry(r), CanWrite: can}, nil
}

// canWrite tells whether Send would accept the provider's message on r now,
// by Send's own rules: a back-office that offers a composer only for a
// message that goes through never shows one that ends in a 409 or a 403.
func (s *Service) canWrite(ctx context.Context, r store.ConversationRequest) (bool, error) {
	if !s.open(r) {
		return false, nil
	}
	if r.UnlockedAt.Valid {
		return true, nil
	}
	u, err := s.store.GetUser(ctx, r.ProviderID)
	if err != nil {
		return false, err
	}
	if !u.IsModerated || !u.IsPremium(s.clock.Now()) || s.events == nil {
		return false, nil
	}
	// A premium provider's message unlocks the request first, which the cap
	// refuses once the project's places are taken by others.
	unlocks, err := s.store.CountProjectUnlocks(ctx, []string{r.ProjectID})
	if err != nil {
		return false, err
	}
	return unlocks[r.ProjectID] < s.events.UnlockCap(), nil
}

// providerRequest reads a request of the provider's; another's is not
// found, exactly like a missing one.
func (s *Service) providerRequest(ctx context.Context, userID, requestID string) (store.ConversationRequest, error) {
	r, err := s.store.GetConversationRequest(ctx, requestID)
	if err == nil && r.ProviderID != userID {
		err = store.ErrNotFound
	}
	if errors.Is(err, store.ErrNotFound) {
		return store.ConversationRequest{}, apperr.Wrap(apperr.NotFound, "event_request.errors.not_found", err)
	}
	return r, err
}

// Send writes the provider's message to the couple of one of its requests
// and e-mails the couple a link to the conversation. A free provider writes
// from an unlocked request; a premium one from any request not rejected,
// which it unlocks first (eventreq's Unlock, where premium takes its place).
func (s *Service) Send(ctx context.Context, userID, requestID, body string) (model.Message, error) {
	body, code := CheckBody(body)
	if code != "" {
		return model.Message{}, bodyError(code)
	}
	if err := s.limiter.Allow(ctx, "conversation:provider:"+userID, providerRule); err != nil {
		return model.Message{}, err
	}
	u, err := s.store.GetUser(ctx, userID)
	if err != nil {
		return model.Message{}, err
	}
	r, err := s.providerRequest(ctx, userID, requestID)
	if err != nil {
		return model.Message{}, err
	}
	switch {
	case r.RejectedAt.Valid:
		return model.Message{}, apperr.New(apperr.Conflict, "event_request.errors.rejected")
	case r.StoppedAt.Valid:
		return model.Message{}, apperr.New(apperr.Conflict, "conversation.errors.stopped")
	case !s.open(r):
		return model.Message{}, apperr.New(apperr.Conflict, "conversation.errors.expired")
	}
	if !r.UnlockedAt.Valid {
		if !u.IsModerated || !u.IsPremium(s.clock.Now()) {
			return model.Message{}, apperr.New(apperr.Forbidden, "conversation.errors.locked")
		}
		if _, err := s.events.Unlock(ctx, userID, requestID); err != nil {
			return model.Message{}, err
		}
	}
	name, _, err := s.providerCard(ctx, u, r)
	if err != nil {
		return model.Message{}, err
	}
	now := s.clock.Now()
	m := model.Message{ID: model.NewID(), RequestID: r.ID, Sender: model.MessageFromProvider, Body: body, CreatedAt: now}
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		token, hash := newToken()
		if err := tx.CreateConversationToken(ctx, store.ConversationToken{TokenHash: hash, RequestID: r.ID, CreatedAt: now}); err != nil {
			return err
		}
		d, _ := i18n.DomainByKey(r.Project.Domain)
		mail, err := s.emails.Render(d.Lang, emails.KindConversationMessage, map[string]string{
			"firstname": r.Project.Firstname, "providerName": name,
			"conversationUrl": s.links.PublicURL(r.Project.Domain, "/c/"+token)})
		if err != nil {
			return fmt.Errorf("conversation: render: %w", err)
		}
		mail.To = r.Project.Email
		id, err := s.outbox.EmailID(ctx, tx, mail)
		if err != nil {
			return err
		}
		m.OutboxID.String, m.OutboxID.Valid = id, true
		if err := tx.AddMessage(ctx, m); err != nil {
			return err
		}
		first, err := tx.RecordFirstAnswer(ctx, r.ID, now, now.Sub(r.CreatedAt) <= AnswerWindow)
		if err != nil || !first || s.refunds == nil {
			return err
		}
		// The credit comes back if the couple has not opened the first
		// message when its time is up; the sweep catches a lost job.
		return s.refunds.ScheduleTx(ctx, tx, r.ID, now.Add(refund.UnopenedAfter))
	})
	if err != nil {
		return model.Message{}, err
	}
	return m, nil
}

// providerCard names the provider of a request as couples know it: the
// venue for a venue's request, else the company, else the person; and its
// public page when it has one.
func (s *Service) providerCard(ctx context.Context, u model.User, r store.ConversationRequest) (string, string, error) {
	if r.VenueName.Valid {
		return r.VenueName.String, s.links.PublicURL(u.Domain, "/v/"+r.VenueSlug.String), nil
	}
	c, err := s.store.GetCompany(ctx, u.ID)
	if err == nil && strings.TrimSpace(c.Name) != "" {
		url := ""
		if c.Slug != "" {
			url = s.links.PublicURL(u.Domain, "/p/"+c.Slug)
		}
		return c.Name, url, nil
	}
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return "", "", err
	}
	return strings.TrimSpace(u.Firstname + " " + u.Lastname), "", nil
}

// linkNotFound is the answer to any link that opens nothing: unknown,
// malformed, revoked or expired alike, so a link tells nothing of others.
func linkNotFound() error {
	return apperr.New(apperr.NotFound, "conversation.errors.link_invalid")
}

// byToken reads the request a couple's link opens, if it still does.
func (s *Service) byToken(ctx context.Context, token string) (store.ConversationRequest, error) {
	hash, ok := ParseToken(token)
	if !ok {
		return store.ConversationRequest{}, linkNotFound()
	}
	t, err := s.store.GetConversationToken(ctx, hash)
	if errors.Is(err, store.ErrNotFound) {
		return store.ConversationRequest{}, linkNotFound()
	}
	if err != nil {
		return store.ConversationRequest{}, err
	}
	if t.RevokedAt.Valid {
		return store.ConversationRequest{}, linkNotFound()
	}
	r, err := s.store.GetConversationRequest(ctx, t.RequestID)
	if err != nil {
		return r, err
	}
	if !s.clock.Now().Before(expiry(r)) {
		return r, linkNotFound()
	}
	return r, nil
}

// read marks the messages of the other side (from) read, now, and lists
// the request's messages as the reader then sees them.
func (s *Service) read(ctx context.Context, requestID, from string) ([]model.Message, error) {
	if _, err := s.store.MarkMessagesRead(ctx, requestID, from, s.clock.Now()); err != nil {
		return nil, err
	}
	return s.store.ListMessages(ctx, requestID)
}

// CoupleThread opens the conversation of a couple's link. It marks
// nothing read: whatever fetched the link may be a mail scanner.
func (s *Service) CoupleThread(ctx context.Context, token string) (Thread, error) {
	r, err := s.byToken(ctx, token)
	if err != nil {
		return Thread{}, err
	}
	msgs, err := s.store.ListMessages(ctx, r.ID)
	if err != nil {
		return Thread{}, err
	}
	u, err := s.store.GetUser(ctx, r.ProviderID)
	if err != nil {
		return Thread{}, err
	}
	name, url, err := s.providerCard(ctx, u, r)
	if err != nil {
		return Thread{}, err
	}
	return Thread{Request: r, Messages: msgs, Open: s.open(r), ExpiresAt: expiry(r),
		Provider: ProviderCard{Name: name, ProfileURL: url}}, nil
}

// MarkRead marks the provider's messages of a couple's link read, now, and
// returns that time: a person is reading the page (its script posts on the
// reader's first gesture, never on loading).
func (s *Service) MarkRead(ctx context.Context, token string) (time.Time, error) {
	r, err := s.byToken(ctx, token)
	if err != nil {
		return time.Time{}, err
	}
	now := s.clock.Now()
	if _, err := s.store.MarkMessagesRead(ctx, r.ID, model.MessageFromProvider, now); err != nil {
		return time.Time{}, err
	}
	return now, nil
}

// Reply writes the couple's answer and e-mails the provider (and texts a
// premium one with a phone). Whoever answers read the provider's messages.
func (s *Service) Reply(ctx context.Context, token, body, clientIP string) (model.Message, error) {
	r, err := s.byToken(ctx, token)
	if err != nil {
		return model.Message{}, err
	}
	body, code := CheckBody(body)
	if code != "" {
		return model.Message{}, bodyError(code)
	}
	if err := s.limiter.Allow(ctx, "conversation:couple:ip:"+clientIP, coupleIPRule); err != nil {
		return model.Message{}, err
	}
	if err := s.limiter.Allow(ctx, "conversation:couple:"+r.ID, coupleRule); err != nil {
		return model.Message{}, err
	}
	if !s.open(r) {
		return model.Message{}, apperr.New(apperr.Conflict, "conversation.errors.stopped")
	}
	u, err := s.store.GetUser(ctx, r.ProviderID)
	if err != nil {
		return model.Message{}, err
	}
	now := s.clock.Now()
	m := model.Message{ID: model.NewID(), RequestID: r.ID, Sender: model.MessageFromCouple, Body: body, CreatedAt: now}
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		mail, err := s.emails.Render(u.Locale, emails.KindConversationReply, map[string]string{
			"firstname": u.Firstname, "coupleName": r.Project.Firstname,
			"requestUrl": s.links.ProURL(u.Domain, "/event-requests/"+r.ID)})
		if err != nil {
			return fmt.Errorf("conversation: render reply: %w", err)
		}
		mail.To = u.Email
		id, err := s.outbox.EmailID(ctx, tx, mail)
		if err != nil {
			return err
		}
		m.OutboxID.String, m.OutboxID.Valid = id, true
		if _, err := tx.MarkMessagesRead(ctx, r.ID, model.MessageFromProvider, now); err != nil {
			return err
		}
		if err := tx.AddMessage(ctx, m); err != nil {
			return err
		}
		if u.IsPremium(now) && u.Phone != "" {
			text := s.texts.T(u.Locale, "sms.conversation_reply", "name", r.Project.Firstname)
			return s.outbox.SMS(ctx, tx, sms.Message{To: u.Phone, Text: text})
		}
		return nil
	})
	if err != nil {
		return model.Message{}, err
	}
	return m, nil
}

// Close records the couple's outcome for its project from a conversation's
// link; "booked_provider" names this conversation's provider. The couple
// may change its mind: the last outcome counts. Whoever closes from the
// page read the provider's messages.
func (s *Service) Close(ctx context.Context, token, outcome string) error {
	if !slices.Contains(Outcomes, outcome) {
		return apperr.Validation(map[string]string{"outcome": "conversation.errors.outcome_required"})
	}
	r, err := s.byToken(ctx, token)
	if err != nil {
		return err
	}
	booked := ""
	if outcome == model.ProjectOutcomeBookedProvider {
		booked = r.ID
	}
	now := s.clock.Now()
	return s.store.InTx(ctx, func(tx *store.Store) error {
		if _, err := tx.MarkMessagesRead(ctx, r.ID, model.MessageFromProvider, now); err != nil {
			return err
		}
		if err := tx.SetProjectOutcome(ctx, r.ProjectID, outcome, booked, now); err != nil {
			return err
		}
		if s.refunds == nil {
			return nil
		}
		// Every provider of the project may now be owed its credit (a
		// couple that booked someone else within a day of an unlock), or
		// owe back one that came back (the couple booked it after all).
		ids, err := tx.ProjectRequestIDs(ctx, r.ProjectID)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if err := s.refunds.ScheduleTx(ctx, tx, id, time.Time{}); err != nil {
				return err
			}
		}
		return nil
	})
}

// Stop ends a conversation from the couple's link: every link to it is
// revoked, and the provider can write no more. Whoever stops it from the
// page read the provider's messages.
func (s *Service) Stop(ctx context.Context, token string) error {
	r, err := s.byToken(ctx, token)
	if err != nil {
		return err
	}
	now := s.clock.Now()
	return s.store.InTx(ctx, func(tx *store.Store) error {
		if _, err := tx.MarkMessagesRead(ctx, r.ID, model.MessageFromProvider, now); err != nil {
			return err
		}
		_, err := tx.StopConversation(ctx, r.ID, now)
		return err
	})
}

// UnreadMessages counts the couples' unread messages over the provider's
// requests.
func (s *Service) UnreadMessages(ctx context.Context, userID string) (int, error) {
	return s.store.UnreadMessages(ctx, userID)
}

// UnreadByRequest counts each listed request's unread messages. The ids
// are the provider's own (a page of its list).
func (s *Service) UnreadByRequest(ctx context.Context, ids []string) (map[string]int, error) {
	return s.store.UnreadByRequest(ctx, ids)
}
