package refund_test

import (
	"context"
	"database/sql"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"noces/internal/clock"
	"noces/internal/emails"
	"noces/internal/eventreq"
	"noces/internal/i18n"
	"noces/internal/jobs"
	"noces/internal/model"
	"noces/internal/outbox"
	"noces/internal/platform/mail"
	"noces/internal/platform/mail/mailtest"
	"noces/internal/refund"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

var t0 = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

type links struct{}

func (links) ProURL(domain, path string) string { return "https://pro." + domain + ".test" + path }

// rig is the refund service on a fresh store, with the real outbox worker
// delivering through an SMTP relay in process, and the queue not started
// until a test asks.
type rig struct {
	s      *store.Store
	clk    *clock.Fixed
	queue  *jobs.Queue
	outbox *outbox.Outbox
	relay  *mailtest.Server
	svc    *refund.Service
	events *eventreq.Service
}

func newRig(t *testing.T) *rig {
	t.Helper()
	s := storetest.New(t)
	relay, err := mailtest.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { relay.Close() })
	smtp, err := mail.NewSMTP(mail.SMTPConfig{Host: relay.Host, Port: relay.Port, From: "Noces <hello@noces.test>",
		Security: mail.SecurityNone, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	q, err := jobs.New(s, jobs.Config{PollInterval: 20 * time.Millisecond}, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = q.Stop(context.Background()) })
	clk := clock.NewFixed(t0)
	deliver := outbox.NewWorker(s, clk, log, smtp, nil)
	deliver.Backoff, deliver.MaxBackoff = 20*time.Millisecond, 40*time.Millisecond
	jobs.Register(q, deliver)
	ob := outbox.New(s, q, clk)
	texts := i18n.MustLoad()
	renderer, err := emails.NewRenderer(texts)
	if err != nil {
		t.Fatal(err)
	}
	svc := refund.NewService(refund.Deps{Store: s, Clock: clk, Queue: q, Outbox: ob, Emails: renderer, Texts: texts,
		Links: links{}, Log: log})
	svc.Register(q)
	deliver.OnRefused = svc.OnRefused
	return &rig{s: s, clk: clk, queue: q, outbox: ob, relay: relay, svc: svc,
		events: eventreq.NewService(eventreq.Deps{Store: s, Clock: clk})}
}

func (r *rig) start(t *testing.T) {
	t.Helper()
	if err := r.queue.Start(context.WithoutCancel(t.Context())); err != nil {
		t.Fatal(err)
	}
}

// provider is a moderated planner with 5 credits, premium or not.
func (r *rig) provider(t *testing.T, email string, premium bool) model.User {
	t.Helper()
	u := model.User{ID: model.NewID(), Email: email, PasswordHash: "x", Role: model.RolePlanner, Firstname: "Paula",
		Lastname: "Q", Locale: "de", Domain: "de", IsModerated: true, PremiumStatus: model.PremiumNone, CreatedAt: t0, UpdatedAt: t0}
	if premium {
		u.PremiumStatus = model.PremiumActive
	}
	storetest.Must(t, r.s.CreateUser(t.Context(), u))
	storetest.Must(t, r.s.AddCreditLog(t.Context(), model.CreditLog{ID: model.NewID(), UserID: u.ID, CreatedAt: t0,
		Description: "credits.log.purchase", Deposited: 5, Ref: sql.NullString{String: "pay:" + u.ID, Valid: true}}))
	return u
}

// unlocked is a couple's project sent to each provider, unlocked by the
// first one through the inbox's own Unlock (so its ledger row is the real
// one), at the clock's time. It returns the requests' ids in order.
func (r *rig) unlocked(t *testing.T, couple string, providers ...model.User) []string {
	t.Helper()
	p := model.Project{ID: model.NewID(), Domain: "fr", EventType: "wedding", EventDate: "2027-06-12", ServiceType: "FULL_PLANNING",
		Firstname: "Ana", Lastname: "Lima", Email: couple, Phone: "+33611111111", CreatedAt: r.clk.Now(),
		ConfirmedAt: sql.NullTime{Time: r.clk.Now(), Valid: true}}
	storetest.Must(t, r.s.CreateProject(t.Context(), p))
	var ids []string
	for _, u := range providers {
		req := model.EventRequest{ID: model.NewID(), ProjectID: p.ID, ProviderID: u.ID, CreatedAt: r.clk.Now()}
		storetest.Must(t, r.s.CreateEventRequest(t.Context(), req))
		ids = append(ids, req.ID)
	}
	if _, err := r.events.Unlock(t.Context(), providers[0].ID, ids[0]); err != nil {
		t.Fatal(err)
	}
	return ids
}

// message writes a provider's message on request id, at the clock's time,
// with the e-mail that tells the couple of it queued in the same transaction.
func (r *rig) message(t *testing.T, requestID, couple string) string {
	t.Helper()
	id := model.NewID()
	err := r.s.InTx(t.Context(), func(tx *store.Store) error {
		if err := r.outbox.Email(t.Context(), tx, mail.Message{To: couple, Subject: "Paula vous a écrit", Text: "Bonjour"}); err != nil {
			return err
		}
		var outboxID string
		if err := tx.SQLTx().QueryRowContext(t.Context(), `SELECT id FROM outbox WHERE recipient = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
			couple).Scan(&outboxID); err != nil {
			return err
		}
		_, err := tx.SQLTx().ExecContext(t.Context(), `INSERT INTO messages (id, request_id, sender, body, created_at, outbox_id)
			VALUES ($1, $2, 'provider', 'Bonjour', $3, $4)`, id, requestID, r.clk.Now(), outboxID)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func (r *rig) read(t *testing.T, messageID string, at time.Time) {
	t.Helper()
	if _, err := r.s.DB().ExecContext(t.Context(), `UPDATE messages SET read_at = $2 WHERE id = $1`, messageID, at); err != nil {
		t.Fatal(err)
	}
}

// outcome records the couple's outcome for the project of request
// requestID at at, as the conversation's Close does (bookedRequest names the
// booked provider's request).
func (r *rig) outcome(t *testing.T, requestID, outcome, bookedRequest string, at time.Time) {
	t.Helper()
	var project string
	storetest.Must(t, r.s.DB().QueryRowContext(t.Context(), `SELECT project_id FROM event_requests WHERE id = $1`, requestID).Scan(&project))
	storetest.Must(t, r.s.SetProjectOutcome(t.Context(), project, outcome, bookedRequest, at))
}

// state is what a refund leaves behind for one provider and request.
type state struct {
	credits, ledger, refundRows, emails int
	reason                              string
}

func (r *rig) state(t *testing.T, u model.User, requestID string) state {
	t.Helper()
	ctx := t.Context()
	var st state
	got, err := r.s.GetUser(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	st.credits = got.Credits
	if st.ledger, err = r.s.GetLedgerBalance(ctx, u.ID); err != nil {
		t.Fatal(err)
	}
	db := r.s.DB()
	storetest.Must(t, db.QueryRowContext(ctx, `SELECT COUNT(*) FROM credit_log WHERE user_id = $1 AND ref = $2 AND deposited = 1`,
		u.ID, refund.Ref(requestID)).Scan(&st.refundRows))
	storetest.Must(t, db.QueryRowContext(ctx, `SELECT COUNT(*) FROM outbox WHERE recipient = $1`, u.Email).Scan(&st.emails))
	var reason sql.NullString
	storetest.Must(t, db.QueryRowContext(ctx, `SELECT refund_reason FROM event_requests WHERE id = $1`, requestID).Scan(&reason))
	st.reason = reason.String
	return st
}

// refunded is the state of a provider who spent one of 5 credits and got it back.
func refunded(reason string) state {
	return state{credits: 5, ledger: 5, refundRows: 1, emails: 1, reason: reason}
}

// spent is the state of a provider who spent one of 5 credits, not returned.
var spent = state{credits: 4, ledger: 4}

func (r *rig) waitRefunded(t *testing.T, requestID string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		var at sql.NullTime
		storetest.Must(t, r.s.DB().QueryRowContext(t.Context(), `SELECT refunded_at FROM event_requests WHERE id = $1`, requestID).Scan(&at))
		if at.Valid {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("request %s not refunded after 15 s", requestID)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestAFirstMessageTheRelayRefusesForGoodGivesTheCreditBackOnce(t *testing.T) {
	r := newRig(t)
	u := r.provider(t, "paula@example.com", false)
	ids := r.unlocked(t, "nobody@example.com", u)
	r.relay.Bounce("nobody@example.com")
	r.message(t, ids[0], "nobody@example.com")
	r.start(t)
	r.waitRefunded(t, ids[0])
	if got, want := r.state(t, u, ids[0]), refunded(model.RefundBounced); got != want {
		t.Errorf("after the bounce: %+v, want %+v", got, want)
	}
	// The job delivered again, a sweep and direct checks change nothing.
	storetest.Must(t, r.s.InTx(t.Context(), func(tx *store.Store) error { return r.svc.ScheduleTx(t.Context(), tx, ids[0], time.Time{}) }))
	if _, err := r.svc.Sweep(t.Context()); err != nil {
		t.Fatal(err)
	}
	if reason, err := r.svc.Check(t.Context(), ids[0]); err != nil || reason != "" {
		t.Errorf("a second check: %q, %v", reason, err)
	}
	time.Sleep(300 * time.Millisecond) // room for the redelivered job to run
	if got, want := r.state(t, u, ids[0]), refunded(model.RefundBounced); got != want {
		t.Errorf("after redelivery: %+v, want %+v", got, want)
	}
	// The provider is told in its own language, and the relay delivered it.
	rows, _, err := r.s.ListOutbox(t.Context(), store.OutboxFilter{Recipient: u.Email}, 5, 0)
	if err != nil || len(rows) != 1 {
		t.Fatalf("%d e-mails to the provider, %v", len(rows), err)
	}
	if rows[0].Subject != "Sie haben ein Guthaben zurückerhalten" || !strings.Contains(rows[0].BodyText, "/event-requests/"+ids[0]) ||
		!strings.Contains(rows[0].BodyText, "die E-Mail-Adresse des Paares hat Ihre erste Nachricht abgelehnt") {
		t.Errorf("the e-mail: %q\n%s", rows[0].Subject, rows[0].BodyText)
	}
	logs, err := r.s.ListCreditLogs(t.Context(), u.ID)
	if err != nil || logs[0].Description != "credits.log.refund_bounced" {
		t.Errorf("the newest ledger row: %+v, %v", logs[0], err)
	}
}

func TestATransientRefusalGivesNothingBack(t *testing.T) {
	r := newRig(t)
	u := r.provider(t, "paula@example.com", false)
	ids := r.unlocked(t, "slow@example.com", u)
	r.relay.RefuseUntil(time.Now().Add(time.Hour))
	msgID := r.message(t, ids[0], "slow@example.com")
	r.start(t)
	deadline := time.Now().Add(15 * time.Second)
	for {
		var attempts int
		var state string
		storetest.Must(t, r.s.DB().QueryRowContext(t.Context(), `SELECT o.attempts, o.state FROM outbox o JOIN messages m ON m.outbox_id = o.id
			WHERE m.id = $1`, msgID).Scan(&attempts, &state))
		if attempts >= 2 {
			if state != model.OutboxRetrying {
				t.Errorf("a message refused with 451 is %s", state)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the relay was not tried twice in 15 s")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if _, err := r.svc.Sweep(t.Context()); err != nil {
		t.Fatal(err)
	}
	if got := r.state(t, u, ids[0]); got != spent {
		t.Errorf("after 451s: %+v, want %+v", got, spent)
	}
}

func TestAFirstMessageUnreadFor72HoursGivesTheCreditBack(t *testing.T) {
	r := newRig(t)
	u := r.provider(t, "paula@example.com", false)
	unread := r.unlocked(t, "ana@example.com", u)[0]
	readLate := r.unlocked(t, "bea@example.com", u)[0]
	readInTime := r.unlocked(t, "cloe@example.com", u)[0]
	r.message(t, unread, "ana@example.com")
	late := r.message(t, readLate, "bea@example.com")
	inTime := r.message(t, readInTime, "cloe@example.com")
	// The provider's later messages do not move the 72 hours.
	r.clk.Advance(time.Hour)
	r.message(t, readInTime, "cloe@example.com")
	r.read(t, inTime, t0.Add(71*time.Hour))

	// The check the conversation schedules at +72 h is a queued job.
	at := t0.Add(refund.UnopenedAfter)
	storetest.Must(t, r.s.InTx(t.Context(), func(tx *store.Store) error { return r.svc.ScheduleTx(t.Context(), tx, unread, at) }))
	var scheduled time.Time
	storetest.Must(t, r.s.DB().QueryRowContext(t.Context(), `SELECT scheduled_at FROM river_job WHERE kind = 'refund_check'`).Scan(&scheduled))
	if !scheduled.Equal(at) {
		t.Errorf("the check is scheduled at %v, want %v", scheduled, at)
	}

	r.clk.Advance(70*time.Hour + 59*time.Minute) // 71:59 after the first messages
	for _, id := range []string{unread, readLate, readInTime} {
		if reason, err := r.svc.Check(t.Context(), id); err != nil || reason != "" {
			t.Errorf("at 71:59 the check of %s gives %q, %v", id, reason, err)
		}
	}
	r.clk.Advance(2 * time.Minute)
	r.read(t, late, t0.Add(72*time.Hour+time.Minute))
	n, err := r.svc.Sweep(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	// readLate was read at 72:01, so the sweep, which looks for unread
	// messages, does not list it; its own scheduled check does refund it.
	if reason, err := r.svc.Check(t.Context(), readLate); err != nil || reason != model.RefundUnopened {
		t.Errorf("the check of the message read at 72:01: %q, %v", reason, err)
	}
	if n != 1 {
		t.Errorf("the sweep refunded %d, want 1", n)
	}
	st := r.state(t, u, unread)
	if st.reason != model.RefundUnopened || st.refundRows != 1 {
		t.Errorf("the unread request: %+v", st)
	}
	st = r.state(t, u, readInTime)
	if st.reason != "" || st.refundRows != 0 {
		t.Errorf("the request read at 71 h: %+v", st)
	}
	// 5 bought, 3 spent, 2 back.
	if st.credits != 4 || st.ledger != 4 || st.emails != 2 {
		t.Errorf("balance %d, ledger %d, %d e-mails; want 4, 4, 2", st.credits, st.ledger, st.emails)
	}
}

func TestTheCoupleBookingSomeoneElseWithin24HoursGivesTheCreditBack(t *testing.T) {
	for _, tc := range []struct {
		name    string
		outcome string
		booked  int // index of the booked request, -1 for none
		after   time.Duration
		want    string
	}{
		{"booked someone else at 23 h", model.ProjectOutcomeBookedOther, -1, 23 * time.Hour, model.RefundBooked},
		{"booked someone else at exactly 24 h", model.ProjectOutcomeBookedOther, -1, 24 * time.Hour, model.RefundBooked},
		{"booked another provider of the platform at 2 h", model.ProjectOutcomeBookedProvider, 1, 2 * time.Hour, model.RefundBooked},
		{"booked someone else at 25 h", model.ProjectOutcomeBookedOther, -1, 25 * time.Hour, ""},
		{"booked this provider", model.ProjectOutcomeBookedProvider, 0, time.Hour, ""},
		{"postponed", model.ProjectOutcomePostponed, -1, time.Hour, ""},
		{"still looking", model.ProjectOutcomeStillLooking, -1, time.Hour, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t)
			u := r.provider(t, "paula@example.com", false)
			other := r.provider(t, "otto@example.com", false)
			ids := r.unlocked(t, "ana@example.com", u, other)
			booked := ""
			if tc.booked >= 0 {
				booked = ids[tc.booked]
			}
			r.clk.Advance(tc.after)
			r.outcome(t, ids[0], tc.outcome, booked, r.clk.Now())
			// The outcome's hook queues a check now; the worker runs it.
			storetest.Must(t, r.s.InTx(t.Context(), func(tx *store.Store) error {
				return r.svc.ScheduleTx(t.Context(), tx, ids[0], time.Time{})
			}))
			r.start(t)
			want := spent
			if tc.want != "" {
				r.waitRefunded(t, ids[0])
				want = refunded(tc.want)
			} else {
				waitJobs(t, r.s, "refund_check")
			}
			if got := r.state(t, u, ids[0]); got != want {
				t.Errorf("%+v, want %+v", got, want)
			}
			// The other provider spent nothing (it did not unlock): nothing back.
			if got := r.state(t, other, ids[1]); got != (state{credits: 5, ledger: 5}) {
				t.Errorf("the other provider: %+v", got)
			}
		})
	}
}

// waitJobs waits until no job of kind is left to run.
func waitJobs(t *testing.T, s *store.Store, kind string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		var left int
		storetest.Must(t, s.DB().QueryRowContext(t.Context(), `SELECT COUNT(*) FROM river_job WHERE kind = $1
			AND state NOT IN ('completed', 'cancelled', 'discarded')`, kind).Scan(&left))
		if left == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d %s jobs still to run after 15 s", left, kind)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestAPremiumProviderSpentNothingAndGetsNothing(t *testing.T) {
	r := newRig(t)
	u := r.provider(t, "paula@example.com", true)
	ids := r.unlocked(t, "nobody@example.com", u)
	r.relay.Bounce("nobody@example.com")
	r.message(t, ids[0], "nobody@example.com")
	r.outcome(t, ids[0], model.ProjectOutcomeBookedOther, "", t0.Add(time.Hour))
	r.start(t)
	waitJobs(t, r.s, "outbox_deliver")
	waitJobs(t, r.s, "refund_check")
	r.clk.Advance(100 * time.Hour)
	if _, err := r.svc.Sweep(t.Context()); err != nil {
		t.Fatal(err)
	}
	if reason, err := r.svc.Check(t.Context(), ids[0]); err != nil || reason != "" {
		t.Errorf("check: %q, %v", reason, err)
	}
	if got := r.state(t, u, ids[0]); got != (state{credits: 5, ledger: 5}) {
		t.Errorf("%+v, want 5 credits and no refund", got)
	}
}

func TestConcurrentChecksAndSweepsRefundOnce(t *testing.T) {
	r := newRig(t)
	u := r.provider(t, "paula@example.com", false)
	var ids []string
	for i := range 5 {
		ids = append(ids, r.unlocked(t, "couple"+string(rune('a'+i))+"@example.com", u)[0])
	}
	for i, id := range ids {
		r.message(t, id, "couple"+string(rune('a'+i))+"@example.com")
	}
	r.clk.Advance(73 * time.Hour)
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			if _, err := r.svc.Sweep(context.Background()); err != nil {
				t.Error(err)
			}
		})
	}
	for range 4 {
		for _, id := range ids {
			wg.Go(func() {
				if _, err := r.svc.Check(context.Background(), id); err != nil {
					t.Error(err)
				}
			})
		}
	}
	wg.Wait()
	for _, id := range ids {
		st := r.state(t, u, id)
		if st.refundRows != 1 || st.reason != model.RefundUnopened {
			t.Errorf("request %s: %+v", id, st)
		}
	}
	// 5 bought, 5 spent, 5 back, one e-mail each.
	if st := r.state(t, u, ids[0]); st.credits != 5 || st.ledger != 5 || st.emails != 5 {
		t.Errorf("balance %d, ledger %d, %d e-mails; want 5, 5, 5", st.credits, st.ledger, st.emails)
	}
}

func TestAnEmailThatCarriedNoMessageQueuesNoCheck(t *testing.T) {
	r := newRig(t)
	r.relay.Bounce("gone@example.com")
	storetest.Must(t, r.s.InTx(t.Context(), func(tx *store.Store) error {
		return r.outbox.Email(t.Context(), tx, mail.Message{To: "gone@example.com", Subject: "Bienvenue", Text: "Bonjour"})
	}))
	r.start(t)
	waitJobs(t, r.s, "outbox_deliver")
	var failed, checks int
	storetest.Must(t, r.s.DB().QueryRowContext(t.Context(), `SELECT COUNT(*) FROM outbox WHERE state = 'failed' AND permanent = TRUE`).Scan(&failed))
	storetest.Must(t, r.s.DB().QueryRowContext(t.Context(), `SELECT COUNT(*) FROM river_job WHERE kind = 'refund_check'`).Scan(&checks))
	if failed != 1 || checks != 0 {
		t.Errorf("%d bounced e-mails, %d checks queued; want 1 and 0", failed, checks)
	}
}

func TestTheUnlockReferenceIsTheInboxOne(t *testing.T) {
	// refund reads the unlock's ledger row by its reference without
	// importing eventreq; the inbox must write that same reference.
	if eventreq.UnlockRef("x") != "unlock:x" {
		t.Fatalf("eventreq.UnlockRef changed to %q: change refund's unlockRef with it", eventreq.UnlockRef("x"))
	}
}

func TestDecide(t *testing.T) {
	unlocked := sql.NullTime{Time: t0, Valid: true}
	base := store.RefundFacts{ID: "r1", ProviderID: "u", UnlockedAt: unlocked, Spent: 1}
	first := store.FirstMessage{Valid: true, CreatedAt: t0.Add(time.Hour)}
	due := t0.Add(time.Hour + refund.UnopenedAfter)
	with := func(f func(*store.RefundFacts)) store.RefundFacts {
		c := base
		f(&c)
		return c
	}
	for _, tc := range []struct {
		name string
		f    store.RefundFacts
		now  time.Time
		want string
	}{
		{"nothing happened", base, due.Add(time.Hour), ""},
		{"a bounced first message", with(func(f *store.RefundFacts) { f.First = first; f.First.Bounced = true }), t0, model.RefundBounced},
		{"no credit spent", with(func(f *store.RefundFacts) { f.Spent = 0; f.First = first; f.First.Bounced = true }), t0, ""},
		{"a bounced first message, then the couple booked this provider", with(func(f *store.RefundFacts) {
			f.First = first
			f.First.Bounced = true
			f.Outcome = sql.NullString{String: model.ProjectOutcomeBookedProvider, Valid: true}
			f.OutcomeRequestID = sql.NullString{String: "r1", Valid: true}
		}), t0, ""},
		{"unread at 72 h, then the couple booked this provider", with(func(f *store.RefundFacts) {
			f.First = first
			f.Outcome = sql.NullString{String: model.ProjectOutcomeBookedProvider, Valid: true}
			f.OutcomeRequestID = sql.NullString{String: "r1", Valid: true}
		}), due.Add(time.Hour), ""},
		{"booked elsewhere first at 2 h, elsewhere again at 40 h", with(func(f *store.RefundFacts) {
			f.Outcome = sql.NullString{String: model.ProjectOutcomeBookedOther, Valid: true}
			f.OutcomeAt = sql.NullTime{Time: t0.Add(40 * time.Hour), Valid: true}
			f.BookedElsewhereAt = sql.NullTime{Time: t0.Add(2 * time.Hour), Valid: true}
		}), t0.Add(40 * time.Hour), model.RefundBooked},
		{"booked another provider of the project, first at 2 h", with(func(f *store.RefundFacts) {
			f.Outcome = sql.NullString{String: model.ProjectOutcomeBookedProvider, Valid: true}
			f.OutcomeRequestID = sql.NullString{String: "r2", Valid: true}
			f.BookedElsewhereAt = sql.NullTime{Time: t0.Add(2 * time.Hour), Valid: true}
		}), t0.Add(3 * time.Hour), model.RefundBooked},
		{"booked elsewhere first at 25 h", with(func(f *store.RefundFacts) {
			f.Outcome = sql.NullString{String: model.ProjectOutcomeBookedOther, Valid: true}
			f.BookedElsewhereAt = sql.NullTime{Time: t0.Add(25 * time.Hour), Valid: true}
		}), t0.Add(25 * time.Hour), ""},
		{"booked elsewhere at 2 h, then still looking", with(func(f *store.RefundFacts) {
			f.Outcome = sql.NullString{String: model.ProjectOutcomeStillLooking, Valid: true}
			f.BookedElsewhereAt = sql.NullTime{Time: t0.Add(2 * time.Hour), Valid: true}
		}), t0.Add(3 * time.Hour), ""},
		{"unread just before 72 h", with(func(f *store.RefundFacts) { f.First = first }), due.Add(-time.Microsecond), ""},
		{"unread at 72 h", with(func(f *store.RefundFacts) { f.First = first }), due, model.RefundUnopened},
		{"read at 72 h exactly", with(func(f *store.RefundFacts) { f.First = first; f.First.ReadAt = sql.NullTime{Time: due, Valid: true} }),
			due.Add(time.Hour), ""},
		{"booked elsewhere before the unlock", with(func(f *store.RefundFacts) {
			f.Outcome = sql.NullString{String: model.ProjectOutcomeBookedOther, Valid: true}
			f.OutcomeAt = sql.NullTime{Time: t0.Add(-time.Hour), Valid: true}
			f.BookedElsewhereAt = f.OutcomeAt
		}), t0, model.RefundBooked},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := refund.Decide(tc.f, tc.now); got != tc.want {
				t.Errorf("Decide = %q, want %q", got, tc.want)
			}
		})
	}
}
