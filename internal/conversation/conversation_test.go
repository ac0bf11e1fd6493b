package conversation

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/config"
	"noces/internal/emails"
	"noces/internal/eventreq"
	"noces/internal/hosts"
	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/outbox/outboxtest"
	"noces/internal/ratelimit"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

var now = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

type env struct {
	svc     *Service
	store   *store.Store
	clock   *clock.Fixed
	refunds *scheduled
}

// scheduled records the refund checks the service queues.
type scheduled struct {
	mu     sync.Mutex
	checks []check
}

type check struct {
	requestID string
	at        time.Time
}

func (s *scheduled) ScheduleTx(ctx context.Context, tx *store.Store, requestID string, at time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.checks = append(s.checks, check{requestID, at})
	return nil
}

func (s *scheduled) taken() []check {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.checks
	s.checks = nil
	return out
}

func newEnv(t testing.TB) env {
	t.Helper()
	cfg, err := config.Load(func(k string) string { return map[string]string{"NOCES_ADDR": "127.0.0.1:8080"}[k] })
	storetest.Must(t, err)
	s := storetest.New(t)
	clk := clock.NewFixed(now)
	texts := i18n.MustLoad()
	renderer, err := emails.NewRenderer(texts)
	storetest.Must(t, err)
	ob := outboxtest.New(t, s, clk)
	limiter := ratelimit.New(s, clk)
	log := slog.New(slog.DiscardHandler)
	events := eventreq.NewService(eventreq.Deps{Store: s, Clock: clk, Outbox: ob, Emails: renderer, Texts: texts,
		Links: hosts.New(cfg), Limiter: limiter, FormKey: []byte("k"), Log: log})
	refunds := &scheduled{}
	svc := NewService(Deps{Store: s, Clock: clk, Outbox: ob, Emails: renderer, Texts: texts, Links: hosts.New(cfg),
		Limiter: limiter, Events: events, Refunds: refunds, Log: log})
	return env{svc: svc, store: s, clock: clk, refunds: refunds}
}

// provider creates a moderated provider with a company, premium or not.
func (e env) provider(t testing.TB, email string, premium bool) model.User {
	t.Helper()
	u := model.User{ID: model.NewID(), Email: email, PasswordHash: "x", Role: model.RolePlanner, Firstname: "Camille",
		Lastname: "Durand", Locale: "en", Domain: "fr", Phone: "+33622222222", IsModerated: true, PremiumStatus: model.PremiumNone,
		CreatedAt: now, UpdatedAt: now}
	if premium {
		u.PremiumStatus = model.PremiumActive
	}
	storetest.Must(t, e.store.CreateUser(context.Background(), u))
	return u
}

// request sends a new project (couple Ana, wedding on 2027-06-12) to the
// provider; unlocked says whether the provider unlocked it.
func (e env) request(t testing.TB, providerID string, unlocked bool) string {
	t.Helper()
	ctx := context.Background()
	p := model.Project{ID: model.NewID(), Domain: "fr", EventType: "wedding", EventDate: "2027-06-12", ServiceType: "FULL_PLANNING",
		EventCity: "Lyon", Firstname: "Ana", Lastname: "Lima", Email: "ana@example.com", Phone: "+33611111111", CreatedAt: now,
		ConfirmedAt: sql.NullTime{Time: now, Valid: true}}
	storetest.Must(t, e.store.CreateProject(ctx, p))
	r := model.EventRequest{ID: model.NewID(), ProjectID: p.ID, ProviderID: providerID, CreatedAt: e.clock.Now()}
	storetest.Must(t, e.store.CreateEventRequest(ctx, r))
	if unlocked {
		if _, err := e.store.UnlockEventRequest(ctx, providerID, r.ID, e.clock.Now()); err != nil {
			t.Fatal(err)
		}
	}
	return r.ID
}

var linkPatternInMail = regexp.MustCompile(`/c/([A-Za-z0-9_-]{43})`)

// tokenOf reads the couple's link from the e-mail of message m.
func (e env) tokenOf(t testing.TB, m model.Message) string {
	t.Helper()
	if !m.OutboxID.Valid {
		t.Fatal("the message has no e-mail")
	}
	mail, err := e.store.GetOutboxMessage(context.Background(), m.OutboxID.String)
	storetest.Must(t, err)
	got := linkPatternInMail.FindStringSubmatch(mail.BodyText)
	if got == nil {
		t.Fatalf("no conversation link in %q", mail.BodyText)
	}
	return got[1]
}

func code(err error) string {
	if e, ok := apperr.As(err); ok {
		if len(e.Fields) > 0 {
			for _, c := range e.Fields {
				return c
			}
		}
		return e.Code
	}
	if err == nil {
		return ""
	}
	return err.Error()
}

func count(t testing.TB, s *store.Store, q string, args ...any) int {
	t.Helper()
	var n int
	if err := s.DB().QueryRow(q, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestConversationBothWays(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	u := e.provider(t, "camille@example.com", false)
	id := e.request(t, u.ID, true)
	e.clock.Advance(time.Hour)
	m, err := e.svc.Send(ctx, u.ID, id, "  Hello Ana, see https://example.com/offer.  \r\n")
	storetest.Must(t, err)
	if m.Body != "Hello Ana, see https://example.com/offer." {
		t.Errorf("body %q, want it trimmed", m.Body)
	}
	mail, err := e.store.GetOutboxMessage(ctx, m.OutboxID.String)
	storetest.Must(t, err)
	if mail.Recipient != "ana@example.com" || !strings.Contains(mail.Subject, "Durand") && !strings.Contains(mail.Subject, "Camille") {
		t.Errorf("e-mail to %s, subject %q; want the couple, with the provider's name", mail.Recipient, mail.Subject)
	}
	// The project's domain is fr: the couple reads French.
	if !strings.Contains(mail.Subject, "vous a écrit") {
		t.Errorf("subject %q, want French", mail.Subject)
	}
	if strings.Contains(mail.BodyText, "offer") {
		t.Error("the e-mail carries the message: the couple would never open the page that marks it read")
	}
	token := e.tokenOf(t, m)
	if n := count(t, e.store, `SELECT COUNT(*) FROM event_requests WHERE id = $1 AND answered_48h`, id); n != 1 {
		t.Error("a first message within 48 hours is not counted as an answer")
	}

	e.clock.Advance(time.Hour)
	th, err := e.svc.CoupleThread(ctx, token)
	storetest.Must(t, err)
	if len(th.Messages) != 1 || th.Messages[0].ReadAt.Valid {
		t.Fatalf("couple's view %+v, want the message unread: opening is not reading", th.Messages)
	}
	at, err := e.svc.MarkRead(ctx, token)
	storetest.Must(t, err)
	if th, _ = e.svc.CoupleThread(ctx, token); !at.Equal(e.clock.Now()) || !th.Messages[0].ReadAt.Valid || !th.Messages[0].ReadAt.Time.Equal(at) {
		t.Fatalf("couple's view %+v after MarkRead at %v, want the message read then", th.Messages, at)
	}
	if th.Provider.Name != "Camille Durand" {
		t.Errorf("provider %q", th.Provider.Name)
	}

	_, err = e.svc.Reply(ctx, token, "Thanks! When can we meet?", "192.0.2.1")
	storetest.Must(t, err)
	_, err = e.svc.Reply(ctx, token, "Tuesday?", "192.0.2.1")
	storetest.Must(t, err)
	if n, _ := e.svc.UnreadMessages(ctx, u.ID); n != 2 {
		t.Errorf("unread %d, want 2", n)
	}
	per, err := e.svc.UnreadByRequest(ctx, []string{id})
	storetest.Must(t, err)
	if per[id] != 2 {
		t.Errorf("per request %v", per)
	}
	if n := count(t, e.store, `SELECT COUNT(*) FROM outbox WHERE recipient = $1 AND channel = 'email'`, u.Email); n != 2 {
		t.Errorf("%d e-mails to the provider, want one per answer", n)
	}
	pt, err := e.svc.ProviderThread(ctx, u.ID, id)
	storetest.Must(t, err)
	if len(pt.Messages) != 3 || pt.Messages[1].Sender != model.MessageFromCouple || !pt.Messages[2].ReadAt.Valid || !pt.Open {
		t.Errorf("provider's view %+v", pt)
	}
	if n, _ := e.svc.UnreadMessages(ctx, u.ID); n != 0 {
		t.Errorf("unread %d after opening, want 0", n)
	}
	// Stored once: three rows, whatever was read.
	if n := count(t, e.store, `SELECT COUNT(*) FROM messages WHERE request_id = $1`, id); n != 3 {
		t.Errorf("%d rows", n)
	}
}

func TestPremiumProviderIsTextedAndUnlocksByWriting(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	u := e.provider(t, "premium@example.com", true)
	id := e.request(t, u.ID, false)
	m, err := e.svc.Send(ctx, u.ID, id, "Hello")
	storetest.Must(t, err)
	if n := count(t, e.store, `SELECT COUNT(*) FROM event_requests WHERE id = $1 AND unlocked_at IS NOT NULL`, id); n != 1 {
		t.Error("a premium provider's message did not unlock the request")
	}
	if n := count(t, e.store, `SELECT COUNT(*) FROM credit_log WHERE user_id = $1`, u.ID); n != 0 {
		t.Errorf("%d credit rows for a premium provider", n)
	}
	_, err = e.svc.Reply(ctx, e.tokenOf(t, m), "Hi", "192.0.2.1")
	storetest.Must(t, err)
	if n := count(t, e.store, `SELECT COUNT(*) FROM outbox WHERE recipient = $1 AND channel = 'sms'`, u.Phone); n != 1 {
		t.Errorf("%d texts to the premium provider, want 1", n)
	}
}

func TestFreeProviderWritesOnlyFromAnUnlockedRequest(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	u := e.provider(t, "free@example.com", false)
	id := e.request(t, u.ID, false)
	if _, err := e.svc.Send(ctx, u.ID, id, "Hello"); code(err) != "conversation.errors.locked" {
		t.Errorf("got %v, want locked", err)
	}
	rejected := e.request(t, u.ID, true)
	_, err := e.store.RejectEventRequest(ctx, u.ID, rejected, "budget", now)
	storetest.Must(t, err)
	if _, err := e.svc.Send(ctx, u.ID, rejected, "Hello"); code(err) != "event_request.errors.rejected" {
		t.Errorf("got %v, want rejected", err)
	}
	if n := count(t, e.store, `SELECT COUNT(*) FROM messages`); n != 0 {
		t.Errorf("%d messages stored", n)
	}
}

func TestAnotherProvidersConversationIsNotFound(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	a := e.provider(t, "a@example.com", false)
	b := e.provider(t, "b@example.com", true) // premium: it would unlock anything it may
	id := e.request(t, a.ID, true)
	if _, err := e.svc.Send(ctx, b.ID, id, "Hello"); !apperr.IsKind(err, apperr.NotFound) {
		t.Errorf("send to another's request: %v", err)
	}
	if _, err := e.svc.ProviderThread(ctx, b.ID, id); !apperr.IsKind(err, apperr.NotFound) {
		t.Errorf("read another's conversation: %v", err)
	}
	tpl, err := e.svc.CreateTemplate(ctx, a.ID, TemplateInput{Name: "Hi", Body: "Hello {firstname}"})
	storetest.Must(t, err)
	if _, err := e.svc.UpdateTemplate(ctx, b.ID, tpl.ID, TemplateInput{Name: "x", Body: "y"}); !apperr.IsKind(err, apperr.NotFound) {
		t.Errorf("update another's template: %v", err)
	}
	if err := e.svc.DeleteTemplate(ctx, b.ID, tpl.ID); !apperr.IsKind(err, apperr.NotFound) {
		t.Errorf("delete another's template: %v", err)
	}
	if ts, _ := e.svc.Templates(ctx, b.ID); len(ts) != 0 {
		t.Errorf("b sees %v", ts)
	}
	if got, _ := e.store.GetReplyTemplate(ctx, a.ID, tpl.ID); got.Name != "Hi" {
		t.Errorf("a's template changed: %+v", got)
	}
}

func TestATokenOpensItsConversationOnly(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	a := e.provider(t, "a@example.com", false)
	b := e.provider(t, "b@example.com", false)
	ra, rb := e.request(t, a.ID, true), e.request(t, b.ID, true)
	ma, err := e.svc.Send(ctx, a.ID, ra, "From A")
	storetest.Must(t, err)
	mb, err := e.svc.Send(ctx, b.ID, rb, "From B")
	storetest.Must(t, err)
	ta, tb := e.tokenOf(t, ma), e.tokenOf(t, mb)
	for token, want := range map[string]string{ta: ra, tb: rb} {
		th, err := e.svc.CoupleThread(ctx, token)
		storetest.Must(t, err)
		if th.Request.ID != want || len(th.Messages) != 1 || th.Messages[0].RequestID != want {
			t.Errorf("token opened %s with %+v, want %s only", th.Request.ID, th.Messages, want)
		}
	}
	// A second message gives a second link to the same conversation only.
	ma2, err := e.svc.Send(ctx, a.ID, ra, "Again")
	storetest.Must(t, err)
	if ta2 := e.tokenOf(t, ma2); ta2 == ta {
		t.Error("two e-mails carry the same link")
	} else if th, _ := e.svc.CoupleThread(ctx, ta2); th.Request.ID != ra {
		t.Errorf("second link opened %s", th.Request.ID)
	}
	// Anything else opens nothing, and an answer through it writes nothing.
	flipped := []byte(ta)
	flipped[10] ^= 1
	for _, bad := range []string{"", "x", ta + "A", ta[:42], string(flipped), strings.ToUpper(ta), ta[:42] + "=", "../" + ta} {
		if _, err := e.svc.CoupleThread(ctx, bad); code(err) != "conversation.errors.link_invalid" {
			t.Errorf("token %q: %v", bad, err)
		}
		if _, err := e.svc.Reply(ctx, bad, "hi", "192.0.2.1"); !apperr.IsKind(err, apperr.NotFound) {
			t.Errorf("reply through %q: %v", bad, err)
		}
	}
	if n := count(t, e.store, `SELECT COUNT(*) FROM messages WHERE sender = 'couple'`); n != 0 {
		t.Errorf("%d answers stored", n)
	}
}

func TestStoppingRevokesEveryLink(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	u := e.provider(t, "p@example.com", false)
	id := e.request(t, u.ID, true)
	m1, err := e.svc.Send(ctx, u.ID, id, "One")
	storetest.Must(t, err)
	m2, err := e.svc.Send(ctx, u.ID, id, "Two")
	storetest.Must(t, err)
	t1, t2 := e.tokenOf(t, m1), e.tokenOf(t, m2)
	storetest.Must(t, e.svc.Stop(ctx, t1))
	for _, tok := range []string{t1, t2} {
		if _, err := e.svc.CoupleThread(ctx, tok); !apperr.IsKind(err, apperr.NotFound) {
			t.Errorf("a revoked link still opens: %v", err)
		}
	}
	if _, err := e.svc.Send(ctx, u.ID, id, "Three"); code(err) != "conversation.errors.stopped" {
		t.Errorf("provider writes after the stop: %v", err)
	}
	th, err := e.svc.ProviderThread(ctx, u.ID, id)
	storetest.Must(t, err)
	if th.Open || !th.Request.StoppedAt.Valid {
		t.Error("the provider's view does not say the conversation is stopped")
	}
}

func TestLinksExpireWithTheRequest(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	u := e.provider(t, "p@example.com", false)
	id := e.request(t, u.ID, true)
	m, err := e.svc.Send(ctx, u.ID, id, "Hello")
	storetest.Must(t, err)
	tok := e.tokenOf(t, m)
	// Booked: the link lives 30 more days.
	storetest.Must(t, e.svc.Close(ctx, tok, model.ProjectOutcomeBookedOther))
	e.clock.Advance(AfterClosed - time.Minute)
	if _, err := e.svc.CoupleThread(ctx, tok); err != nil {
		t.Fatalf("link closed too early: %v", err)
	}
	e.clock.Advance(2 * time.Minute)
	if _, err := e.svc.CoupleThread(ctx, tok); !apperr.IsKind(err, apperr.NotFound) {
		t.Errorf("link 30 days after closing: %v", err)
	}
	if _, err := e.svc.Send(ctx, u.ID, id, "Still there?"); code(err) != "conversation.errors.expired" {
		t.Errorf("send after expiry: %v", err)
	}
	// Otherwise 60 days after the event.
	exp := TokenExpiry("2027-06-12", "", time.Time{}, false)
	if want := time.Date(2027, 8, 11, 0, 0, 0, 0, time.UTC); !exp.Equal(want) {
		t.Errorf("expiry %v, want %v", exp, want)
	}
	if exp := TokenExpiry("2027-06-12", model.ProjectOutcomeStillLooking, now, true); !exp.Equal(time.Date(2027, 8, 11, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("still looking shortened the link: %v", exp)
	}
}

func TestMessageLimitsChangeNothing(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	u := e.provider(t, "p@example.com", false)
	id := e.request(t, u.ID, true)
	for body, want := range map[string]string{
		"":                                "conversation.errors.body_required",
		" \n\t ":                          "conversation.errors.body_required",
		strings.Repeat("é", MaxMessage+1): "conversation.errors.body_too_long",
		"bad \x00 byte":                   "conversation.errors.body_invalid",
		"bad \xff utf8":                   "conversation.errors.body_invalid",
	} {
		if _, err := e.svc.Send(ctx, u.ID, id, body); code(err) != want {
			t.Errorf("body %.20q: %v, want %s", body, err, want)
		}
	}
	if n := count(t, e.store, `SELECT COUNT(*) FROM messages`) + count(t, e.store, `SELECT COUNT(*) FROM outbox`); n != 0 {
		t.Errorf("%d rows written by refused messages", n)
	}
	m, err := e.svc.Send(ctx, u.ID, id, strings.Repeat("é", MaxMessage))
	storetest.Must(t, err)
	if _, err := e.svc.Reply(ctx, e.tokenOf(t, m), strings.Repeat("a", MaxMessage+1), "192.0.2.1"); code(err) != "conversation.errors.body_too_long" {
		t.Errorf("couple's long answer: %v", err)
	}
}

func TestSendsAreRateLimited(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	u := e.provider(t, "p@example.com", false)
	id := e.request(t, u.ID, true)
	var m model.Message
	for i := range providerRule.Max {
		var err error
		if m, err = e.svc.Send(ctx, u.ID, id, "Hello"); err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
	}
	if _, err := e.svc.Send(ctx, u.ID, id, "Hello"); !apperr.IsKind(err, apperr.TooMany) {
		t.Errorf("message over the limit: %v", err)
	}
	tok := e.tokenOf(t, m)
	for range coupleRule.Max {
		_, err := e.svc.Reply(ctx, tok, "Hi", "192.0.2.9")
		storetest.Must(t, err)
	}
	if _, err := e.svc.Reply(ctx, tok, "Hi", "192.0.2.9"); !apperr.IsKind(err, apperr.TooMany) {
		t.Errorf("answer over the limit: %v", err)
	}
}

func TestTheCoupleClosesItsProject(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	u := e.provider(t, "p@example.com", false)
	id := e.request(t, u.ID, true)
	m, err := e.svc.Send(ctx, u.ID, id, "Hello")
	storetest.Must(t, err)
	tok := e.tokenOf(t, m)
	if err := e.svc.Close(ctx, tok, "eloped"); code(err) != "conversation.errors.outcome_required" {
		t.Errorf("unknown outcome: %v", err)
	}
	storetest.Must(t, e.svc.Close(ctx, tok, model.ProjectOutcomeBookedProvider))
	row, err := e.store.GetEventRequest(ctx, u.ID, id)
	storetest.Must(t, err)
	p := row.Project
	if p.Outcome.String != model.ProjectOutcomeBookedProvider || p.OutcomeRequestID.String != id || !p.OutcomeAt.Time.Equal(now) {
		t.Errorf("outcome %+v %+v %+v", p.Outcome, p.OutcomeRequestID, p.OutcomeAt)
	}
	storetest.Must(t, e.svc.Close(ctx, tok, model.ProjectOutcomePostponed))
	row, _ = e.store.GetEventRequest(ctx, u.ID, id)
	if row.Project.Outcome.String != model.ProjectOutcomePostponed || row.Project.OutcomeRequestID.Valid {
		t.Errorf("changed outcome %+v %+v", row.Project.Outcome, row.Project.OutcomeRequestID)
	}
}

// The credit of an unlocked request comes back when the couple leaves the
// first message unread for 72 hours, or said within a day that it booked
// someone else: the first message queues the check for its 72nd hour, and
// an outcome queues one now for every provider of the project.
func TestFirstMessagesAndOutcomesQueueRefundChecks(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	a := e.provider(t, "a@example.com", false)
	b := e.provider(t, "b@example.com", false)
	first := e.request(t, a.ID, true)
	row, err := e.store.GetEventRequest(ctx, a.ID, first)
	storetest.Must(t, err)
	other := model.EventRequest{ID: model.NewID(), ProjectID: row.ProjectID, ProviderID: b.ID, CreatedAt: now}
	storetest.Must(t, e.store.CreateEventRequest(ctx, other))

	m, err := e.svc.Send(ctx, a.ID, first, "Hello Ana")
	storetest.Must(t, err)
	if got, want := e.refunds.taken(), []check{{first, now.Add(72 * time.Hour)}}; !slices.Equal(got, want) {
		t.Errorf("after the first message: checks %v, want %v", got, want)
	}
	e.clock.Advance(time.Hour)
	_, err = e.svc.Send(ctx, a.ID, first, "Are you there?")
	storetest.Must(t, err)
	if got := e.refunds.taken(); len(got) != 0 {
		t.Errorf("a second message queued %v: only the first one's reading counts", got)
	}

	storetest.Must(t, e.svc.Close(ctx, e.tokenOf(t, m), model.ProjectOutcomeBookedOther))
	got := e.refunds.taken()
	slices.SortFunc(got, func(x, y check) int { return strings.Compare(x.requestID, y.requestID) })
	want := []check{{first, time.Time{}}, {other.ID, time.Time{}}}
	slices.SortFunc(want, func(x, y check) int { return strings.Compare(x.requestID, y.requestID) })
	if !slices.Equal(got, want) {
		t.Errorf("after the outcome: checks %v, want one now for each request of the project %v", got, want)
	}
}

func TestAnswerRateCountsFirstMessagesWithin48Hours(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	u := e.provider(t, "p@example.com", false)
	fast, slow := e.request(t, u.ID, true), e.request(t, u.ID, true)
	e.request(t, u.ID, true) // never answered
	e.clock.Advance(47 * time.Hour)
	_, err := e.svc.Send(ctx, u.ID, fast, "Quick")
	storetest.Must(t, err)
	e.clock.Advance(2 * time.Hour)
	_, err = e.svc.Send(ctx, u.ID, slow, "Late")
	storetest.Must(t, err)
	_, err = e.svc.Send(ctx, u.ID, fast, "Second message, later")
	storetest.Must(t, err)
	c, err := e.store.CountEventRequests(ctx, u.ID, now)
	storetest.Must(t, err)
	if c.Answered != 1 || c.Total != 3 {
		t.Errorf("answered %d of %d, want 1 of 3", c.Answered, c.Total)
	}
}

func TestTemplates(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	u := e.provider(t, "p@example.com", false)
	for in, want := range map[TemplateInput]string{
		{Name: "", Body: "x"}:                        "conversation.errors.name_required",
		{Name: strings.Repeat("n", 81), Body: "x"}:   "conversation.errors.name_too_long",
		{Name: "a", Body: ""}:                        "conversation.errors.body_required",
		{Name: "a", Body: "Hello {prenom}"}:          "conversation.errors.placeholder_unknown",
		{Name: "a\x01", Body: "x"}:                   "conversation.errors.name_invalid",
		{Name: "a", Body: strings.Repeat("x", 5001)}: "conversation.errors.body_too_long",
	} {
		if _, err := e.svc.CreateTemplate(ctx, u.ID, in); code(err) != want {
			t.Errorf("%.30q: %v, want %s", in.Name+"|"+in.Body, err, want)
		}
	}
	// Concurrent additions stop at the limit exactly.
	var wg sync.WaitGroup
	var mu sync.Mutex
	refused := 0
	for range MaxTemplates + 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := e.svc.CreateTemplate(ctx, u.ID, TemplateInput{Name: " Welcome ", Body: "Hello {firstname}, {date} in {city}"})
			if err != nil {
				mu.Lock()
				defer mu.Unlock()
				if code(err) != "conversation.errors.too_many_templates" {
					t.Errorf("unexpected %v", err)
				}
				refused++
			}
		}()
	}
	wg.Wait()
	ts, err := e.svc.Templates(ctx, u.ID)
	storetest.Must(t, err)
	if len(ts) != MaxTemplates || refused != 5 || ts[0].Name != "Welcome" {
		t.Errorf("%d templates, %d refused", len(ts), refused)
	}
	got, err := e.svc.UpdateTemplate(ctx, u.ID, ts[0].ID, TemplateInput{Name: "Thanks", Body: "Thank you {firstname}"})
	storetest.Must(t, err)
	if got.Name != "Thanks" || got.Body != "Thank you {firstname}" {
		t.Errorf("updated %+v", got)
	}
	storetest.Must(t, e.svc.DeleteTemplate(ctx, u.ID, ts[0].ID))
	if err := e.svc.DeleteTemplate(ctx, u.ID, ts[0].ID); !apperr.IsKind(err, apperr.NotFound) {
		t.Errorf("second delete: %v", err)
	}
	if _, err := e.store.GetReplyTemplate(ctx, u.ID, ts[0].ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("deleted template still read: %v", err)
	}
}
