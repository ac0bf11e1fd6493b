package outbox

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"noces/internal/clock"
	"noces/internal/platform/mail"
	"noces/internal/store/storetest"
)

type relayFunc func(ctx context.Context, m mail.Message) error

func (f relayFunc) Send(ctx context.Context, m mail.Message) error { return f(ctx, m) }

var msg = mail.Message{To: "ana@example.com", Subject: "Bienvenue", Text: "Bonjour Ana", HTML: "<p>Bonjour Ana</p>"}

func TestWithoutARelayMessagesAreHeld(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	o := NewMail(s, clock.NewFixed(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)), slog.New(slog.NewTextHandler(io.Discard, nil)), nil)
	if err := o.Send(ctx, msg); err != nil {
		t.Fatal(err)
	}
	rows, total, err := s.ListOutbox(ctx, "ana@example.com", 10, 0)
	if err != nil || total != 1 {
		t.Fatalf("%d rows, %v", total, err)
	}
	r := rows[0]
	if r.Subject != "Bienvenue" || r.BodyText != "Bonjour Ana" || r.BodyHTML != "<p>Bonjour Ana</p>" || r.Channel != "email" {
		t.Errorf("row %+v", r)
	}
	if r.SentAt.Valid {
		t.Error("a held message is marked sent")
	}
}

func TestWithARelayTheOutcomeIsRecorded(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	clk := clock.NewFixed(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC))
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	var got []mail.Message
	ok := NewMail(s, clk, log, relayFunc(func(_ context.Context, m mail.Message) error { got = append(got, m); return nil }))
	if err := ok.Send(ctx, msg); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != msg {
		t.Errorf("the relay got %+v", got)
	}
	refused := errors.New("550 mailbox unavailable")
	bad := NewMail(s, clk, log, relayFunc(func(context.Context, mail.Message) error { return refused }))
	second := msg
	second.To = "bob@example.com"
	if err := bad.Send(ctx, second); !errors.Is(err, refused) {
		t.Errorf("a relay failure was not returned: %v", err)
	}
	rows, total, err := s.ListOutbox(ctx, "", 10, 0)
	if err != nil || total != 2 {
		t.Fatalf("%d rows, %v", total, err)
	}
	for _, r := range rows {
		switch r.Recipient {
		case "ana@example.com":
			if !r.SentAt.Valid || r.Error != "" {
				t.Errorf("the delivered message: %+v", r)
			}
		case "bob@example.com":
			if r.SentAt.Valid || r.Error != "550 mailbox unavailable" {
				t.Errorf("the refused message: %+v", r)
			}
		}
	}
}
