package outbox

import (
	"strings"
	"testing"
	"time"

	"noces/internal/model"
	"noces/internal/platform/mail"
	"noces/internal/platform/mail/mailtest"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// Rows written before subjects were made one line: a couple's city with a
// line break in the subject of its provider's e-mail. Through the real
// SMTP client and an SMTP relay, each is delivered to its one recipient.
func TestAStoredSubjectWithALineBreakIsDelivered(t *testing.T) {
	s := storetest.New(t)
	relay, err := mailtest.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = relay.Close() })
	smtp, err := mail.NewSMTP(mail.SMTPConfig{Host: relay.Host, Port: relay.Port, From: "Noces <hello@noces.test>",
		Security: mail.SecurityNone, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	r := newRig(t, s, smtp, nil)
	const subject = "Nouvelle demande pour un mariage le 12 juin 2027 à Lyon\r\nBcc: x@example.com"
	legacy := func(to, state string) string {
		m := model.OutboxMessage{ID: model.NewID(), Channel: model.ChannelEmail, Recipient: to, Subject: subject,
			BodyText: "Bonjour", CreatedAt: now, State: state}
		if state == model.OutboxFailed {
			// As the relay client used to leave it: refused before dialling.
			m.Attempts, m.Permanent = 1, true
			m.Error = "mail: invalid message: the subject contains a line break"
		}
		err := s.InTx(t.Context(), func(tx *store.Store) error {
			if err := tx.CreateOutboxMessage(t.Context(), m); err != nil {
				return err
			}
			if state == model.OutboxQueued {
				return r.queue.InsertTx(t.Context(), tx, DeliverArgs{ID: m.ID}, nil)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return m.ID
	}
	queued := legacy("queued@pro.test", model.OutboxQueued)
	failed := legacy("failed@pro.test", model.OutboxFailed)
	r.start(t)
	r.waitFor(t, queued, model.OutboxSent)
	if _, err := r.outbox.Resend(t.Context(), failed); err != nil {
		t.Fatal(err)
	}
	r.waitFor(t, failed, model.OutboxSent)

	want := "Nouvelle demande pour un mariage le 12 juin 2027 à Lyon Bcc: x@example.com"
	got := relay.Messages()
	if len(got) != 2 {
		t.Fatalf("the relay accepted %d messages, want 2: %+v", len(got), got)
	}
	for _, m := range got {
		if m.To != "queued@pro.test" && m.To != "failed@pro.test" {
			t.Errorf("a message to %s", m.To)
		}
		if m.Subject != want || strings.ContainsAny(m.Subject, "\r\n") {
			t.Errorf("subject %q, want %q", m.Subject, want)
		}
	}
}

// What the outbox keeps of a new message is one line already, whoever
// built it.
func TestAQueuedSubjectIsOneLine(t *testing.T) {
	s := storetest.New(t)
	r := newRig(t, s, nil, nil)
	id := r.queueEmail(t, mail.Message{To: "pro@example.com", Subject: "Lyon\r\nBcc: x@example.com", Text: "Bonjour"})
	m, err := s.GetOutboxMessage(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != "Lyon Bcc: x@example.com" {
		t.Errorf("stored subject %q", m.Subject)
	}
}
