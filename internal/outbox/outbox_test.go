package outbox

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"noces/internal/clock"
	"noces/internal/jobs"
	"noces/internal/model"
	"noces/internal/platform/mail"
	"noces/internal/platform/mail/mailtest"
	"noces/internal/platform/sms"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

type relayFunc func(ctx context.Context, m mail.Message) error

func (f relayFunc) Send(ctx context.Context, m mail.Message) error { return f(ctx, m) }

type gatewayFunc func(ctx context.Context, m sms.Message) error

func (f gatewayFunc) Send(ctx context.Context, m sms.Message) error { return f(ctx, m) }

var msg = mail.Message{To: "ana@example.com", Subject: "Bienvenue", Text: "Bonjour Ana", HTML: "<p>Bonjour Ana</p>"}

var now = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

// rig is an outbox and its queue on a fresh store, with a worker whose
// backoff is short enough for a test.
type rig struct {
	store  *store.Store
	outbox *Outbox
	queue  *jobs.Queue
	worker *Worker
}

func newRig(t *testing.T, s *store.Store, relay mail.Sender, gateway sms.Sender) rig {
	t.Helper()
	log := slog.New(slog.DiscardHandler)
	q, err := jobs.New(s, jobs.Config{PollInterval: 20 * time.Millisecond}, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = q.Stop(context.Background()) })
	w := NewWorker(s, clock.NewFixed(now), log, relay, gateway)
	w.Backoff, w.MaxBackoff = 20*time.Millisecond, 80*time.Millisecond
	jobs.Register(q, w)
	return rig{store: s, outbox: New(s, q, clock.NewFixed(now)), queue: q, worker: w}
}

// queue writes one e-mail in a transaction of its own.
func (r rig) queueEmail(t *testing.T, m mail.Message) string {
	t.Helper()
	if err := r.store.InTx(t.Context(), func(tx *store.Store) error { return r.outbox.Email(t.Context(), tx, m) }); err != nil {
		t.Fatal(err)
	}
	rows, _, err := r.store.ListOutbox(t.Context(), store.OutboxFilter{Recipient: m.To}, 1, 0)
	if err != nil || len(rows) != 1 {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
	return rows[0].ID
}

func (r rig) start(t *testing.T) {
	t.Helper()
	if err := r.queue.Start(context.WithoutCancel(t.Context())); err != nil {
		t.Fatal(err)
	}
}

// waitFor polls the message until it reaches state.
func (r rig) waitFor(t *testing.T, id, state string) model.OutboxMessage {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		m, err := r.store.GetOutboxMessage(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		if m.State == state {
			return m
		}
		if time.Now().After(deadline) {
			t.Fatalf("message %s is %s after 15 s (attempts %d, error %q), want %s", id, m.State, m.Attempts, m.Error, state)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestARolledBackChangeQueuesNothing(t *testing.T) {
	s := storetest.New(t)
	r := newRig(t, s, nil, nil)
	boom := errors.New("the change failed")
	err := s.InTx(t.Context(), func(tx *store.Store) error {
		if err := r.outbox.Email(t.Context(), tx, msg); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatal(err)
	}
	_, total, err := s.ListOutbox(t.Context(), store.OutboxFilter{}, 10, 0)
	if err != nil || total != 0 {
		t.Fatalf("%d messages after a rollback, %v", total, err)
	}
	var jobsLeft int
	if err := s.DB().QueryRowContext(t.Context(), `SELECT COUNT(*) FROM river_job`).Scan(&jobsLeft); err != nil || jobsLeft != 0 {
		t.Fatalf("%d jobs after a rollback, %v", jobsLeft, err)
	}
}

func TestWithoutARelayMessagesAreHeld(t *testing.T) {
	s := storetest.New(t)
	r := newRig(t, s, nil, nil)
	id := r.queueEmail(t, msg)
	if m, _ := s.GetOutboxMessage(t.Context(), id); m.State != model.OutboxQueued {
		t.Errorf("a new message is %s, want queued", m.State)
	}
	r.start(t)
	m := r.waitFor(t, id, model.OutboxHeld)
	if m.Subject != "Bienvenue" || m.BodyText != "Bonjour Ana" || m.BodyHTML != "<p>Bonjour Ana</p>" || m.Channel != "email" {
		t.Errorf("row %+v", m)
	}
	if m.SentAt.Valid || m.Attempts != 0 {
		t.Errorf("a held message: sent %v, %d attempts", m.SentAt.Valid, m.Attempts)
	}
}

func TestAMessageIsDeliveredOnceAfterTransientFailures(t *testing.T) {
	s := storetest.New(t)
	var calls, delivered atomic.Int32
	var got atomic.Value
	relay := relayFunc(func(_ context.Context, m mail.Message) error {
		if calls.Add(1) <= 3 {
			return errors.New("dial tcp: connection refused")
		}
		got.Store(m)
		delivered.Add(1)
		return nil
	})
	r := newRig(t, s, relay, nil)
	id := r.queueEmail(t, msg)
	r.start(t)
	m := r.waitFor(t, id, model.OutboxSent)
	time.Sleep(200 * time.Millisecond) // room for a duplicate to show up
	if delivered.Load() != 1 || calls.Load() != 4 {
		t.Errorf("%d deliveries in %d calls, want 1 in 4", delivered.Load(), calls.Load())
	}
	want := msg
	want.ID = id
	if g, _ := got.Load().(mail.Message); g != want {
		t.Errorf("the relay got %+v, want %+v", g, want)
	}
	if m.Attempts != 4 || !m.SentAt.Valid || m.Error != "" || m.Permanent {
		t.Errorf("the delivered message: %+v", m)
	}
}

func TestAPermanentRefusalFailsAtOnce(t *testing.T) {
	s := storetest.New(t)
	var calls atomic.Int32
	relay := relayFunc(func(context.Context, mail.Message) error {
		calls.Add(1)
		return fmt.Errorf("mail: send via relay: %w: 550 5.1.1 No such user", mail.ErrRefused)
	})
	r := newRig(t, s, relay, nil)
	id := r.queueEmail(t, msg)
	r.start(t)
	m := r.waitFor(t, id, model.OutboxFailed)
	time.Sleep(200 * time.Millisecond)
	if calls.Load() != 1 || !m.Permanent || m.Attempts != 1 || m.Error == "" {
		t.Errorf("%d calls; the message %+v", calls.Load(), m)
	}
}

func TestAnSMSRefusedByTheGatewayFailsAtOnce(t *testing.T) {
	s := storetest.New(t)
	var key atomic.Value
	r := newRig(t, s, nil, gatewayFunc(func(_ context.Context, m sms.Message) error {
		key.Store(m.ID)
		return fmt.Errorf("%w: gateway answered 400", sms.ErrRefused)
	}))
	if err := s.InTx(t.Context(), func(tx *store.Store) error {
		return r.outbox.SMS(t.Context(), tx, sms.Message{To: "+33612345678", Text: "Code 123456"})
	}); err != nil {
		t.Fatal(err)
	}
	rows, _, _ := s.ListOutbox(t.Context(), store.OutboxFilter{Recipient: "+33612345678"}, 1, 0)
	r.start(t)
	if m := r.waitFor(t, rows[0].ID, model.OutboxFailed); !m.Permanent || m.Channel != model.ChannelSMS {
		t.Errorf("%+v", m)
	}
	if k, _ := key.Load().(string); k != rows[0].ID {
		t.Errorf("the gateway was given the key %q, want the row's id %q", k, rows[0].ID)
	}
}

func TestPastTheRetryWindowAMessageFailsAndCanBeSentAgain(t *testing.T) {
	s := storetest.New(t)
	var down atomic.Bool
	down.Store(true)
	var delivered atomic.Int32
	relay := relayFunc(func(context.Context, mail.Message) error {
		if down.Load() {
			return errors.New("421 try again later")
		}
		delivered.Add(1)
		return nil
	})
	r := newRig(t, s, relay, nil)
	r.worker.Window = 150 * time.Millisecond
	id := r.queueEmail(t, msg)
	r.start(t)
	m := r.waitFor(t, id, model.OutboxFailed)
	if m.Permanent || m.Attempts < 1 || m.Error != "421 try again later" {
		t.Errorf("the message that gave up: %+v", m)
	}
	if _, err := r.outbox.Resend(t.Context(), "no-such-id"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("resending an unknown message: %v", err)
	}
	down.Store(false)
	again, err := r.outbox.Resend(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if again.State != model.OutboxQueued && again.State != model.OutboxSent {
		t.Errorf("a resent message is %s", again.State)
	}
	r.waitFor(t, id, model.OutboxSent)
	if _, err := r.outbox.Resend(t.Context(), id); !errors.Is(err, ErrNotFailed) {
		t.Errorf("resending a sent message: %v", err)
	}
	time.Sleep(200 * time.Millisecond)
	if delivered.Load() != 1 {
		t.Errorf("%d deliveries, want 1", delivered.Load())
	}
}

// A committed message outlives the server that queued it: another queue on
// the same database (a restarted or a second server) delivers it.
func TestACommittedMessageIsDeliveredByAnotherServer(t *testing.T) {
	s, dbURL := storetest.NewWithURL(t)
	first := newRig(t, s, nil, nil) // never started: it "dies" after the commit
	id := first.queueEmail(t, msg)

	s2, err := store.Open(t.Context(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s2.Close() })
	var mu sync.Mutex
	var got []string
	second := newRig(t, s2, relayFunc(func(_ context.Context, m mail.Message) error {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, m.To)
		return nil
	}), nil)
	second.start(t)
	second.waitFor(t, id, model.OutboxSent)
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 1 || got[0] != msg.To {
		t.Errorf("delivered %v", got)
	}
}

// smtpRig is a rig delivering through mail.SMTP to an SMTP relay in
// process, so what a receiving server sees is read off the wire.
func smtpRig(t *testing.T, s *store.Store) (rig, *mailtest.Server) {
	t.Helper()
	relay, err := mailtest.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = relay.Close() })
	sender, err := mail.NewSMTP(mail.SMTPConfig{Host: relay.Host, Port: relay.Port, From: "Noces <no-reply@noces.example>",
		Security: mail.SecurityNone, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return newRig(t, s, sender, nil), relay
}

// Delivery is at least once: a relay that took the message but whose reply
// was lost gets it again. Both copies carry one Message-ID, so the receiving
// server or the reader's client can drop the second; another message of the
// outbox has another.
func TestEveryDeliveryOfAMessageCarriesItsMessageID(t *testing.T) {
	s := storetest.New(t)
	r, relay := smtpRig(t, s)
	relay.LoseReplies(1)
	first := r.queueEmail(t, msg)
	r.start(t)
	if m := r.waitFor(t, first, model.OutboxSent); m.Attempts != 2 {
		t.Errorf("the message whose reply was lost was sent in %d attempts, want 2", m.Attempts)
	}
	other := msg
	other.To = "bruno@example.com"
	r.waitFor(t, r.queueEmail(t, other), model.OutboxSent)
	ids := map[string][]string{}
	for _, m := range relay.Messages() {
		ids[m.To] = append(ids[m.To], m.MessageID)
	}
	a, b := ids[msg.To], ids[other.To]
	if len(a) != 2 || len(b) != 1 {
		t.Fatalf("the relay took %d and %d copies, want 2 and 1: %v", len(a), len(b), ids)
	}
	if a[0] != a[1] {
		t.Errorf("the two copies of one message have the Message-IDs %s and %s", a[0], a[1])
	}
	if a[0] == b[0] {
		t.Errorf("two messages share the Message-ID %s", a[0])
	}
	for _, id := range []string{a[0], b[0]} {
		if !strings.HasPrefix(id, "<") || !strings.HasSuffix(id, "@noces.example>") {
			t.Errorf("Message-ID %q, want <...@noces.example>", id)
		}
	}
}

// A server killed mid-delivery leaves the job running in the database, the
// relay perhaps holding the message already. Once River's rescuer takes the
// job over (jobs.RescueAfter after its attempt began), it goes again at once,
// not after the first retry's 30 s: the kill was no refusal by the relay.
func TestAJobTakenOverFromAKilledServerGoesAgainAtOnce(t *testing.T) {
	s := storetest.New(t)
	r, relay := smtpRig(t, s)
	r.worker.Backoff, r.worker.MaxBackoff = 30*time.Second, time.Hour // production's
	id := r.queueEmail(t, msg)
	// What a killed server leaves: the job running, its attempt begun long
	// enough ago to be rescued at the rescuer's first run.
	began := time.Now().Add(-jobs.RescueAfter - time.Minute).UTC()
	var at any = began
	if s.Driver() == "sqlite" {
		at = began.Format("2006-01-02 15:04:05.000") // River's format of times in SQLite
	}
	res, err := s.DB().ExecContext(t.Context(),
		`UPDATE river_job SET state = 'running', attempt = 1, attempted_at = $1 WHERE kind = 'outbox_deliver'`, at)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		t.Fatalf("%d jobs made running, want 1", n)
	}
	start := time.Now()
	r.start(t)
	r.waitFor(t, id, model.OutboxSent)
	took := time.Since(start)
	t.Logf("delivered %.1f s after the queue started", took.Seconds())
	// The rescuer runs within a second or two of the start (an election, a
	// staggered start); River's scheduler makes the job available within 5 s
	// of its retry time. The first retry would be 30 s.
	if took > 15*time.Second {
		t.Errorf("the rescued job was delivered %s after the start, want under 15 s", took.Round(100*time.Millisecond))
	}
	if n := relay.Count(msg.To); n != 1 {
		t.Errorf("the relay took %d copies, want 1", n)
	}
}
