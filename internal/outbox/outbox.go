// Package outbox records every e-mail and SMS the product sends. With no relay
// configured it holds them (printed in the log, listed for admins); with one,
// it records and then delivers, keeping the outcome.
package outbox

import (
	"context"
	"fmt"
	"log/slog"

	"noces/internal/clock"
	"noces/internal/model"
	"noces/internal/platform/mail"
	"noces/internal/platform/sms"
	"noces/internal/store"
)

// Mail is a mail.Sender that writes through the outbox.
type Mail struct {
	store *store.Store
	clock clock.Clock
	log   *slog.Logger
	relay mail.Sender // nil: hold in the outbox
}

// NewMail returns the outbox sender; relay may be nil.
func NewMail(s *store.Store, c clock.Clock, log *slog.Logger, relay mail.Sender) *Mail {
	return &Mail{store: s, clock: c, log: log, relay: relay}
}

// Send records m, then hands it to the relay if there is one. A relay failure
// is recorded on the row and returned.
func (o *Mail) Send(ctx context.Context, m mail.Message) error {
	row := model.OutboxMessage{
		ID: model.NewID(), Channel: model.ChannelEmail, Recipient: m.To, Subject: m.Subject,
		BodyText: m.Text, BodyHTML: m.HTML, CreatedAt: o.clock.Now(),
	}
	if err := o.store.CreateOutboxMessage(ctx, row); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	if o.relay == nil {
		// No relay: the log is where a developer reads the message.
		o.log.InfoContext(ctx, "e-mail held in the outbox", "id", row.ID, "to", m.To, "subject", m.Subject, "text", m.Text)
		return nil
	}
	if err := o.relay.Send(ctx, m); err != nil {
		if rerr := o.store.SetOutboxResult(ctx, row.ID, nil, err.Error()); rerr != nil {
			o.log.ErrorContext(ctx, "outbox: record failure", "id", row.ID, "err", rerr.Error())
		}
		return fmt.Errorf("outbox: deliver: %w", err)
	}
	now := o.clock.Now()
	if err := o.store.SetOutboxResult(ctx, row.ID, &now, ""); err != nil {
		o.log.ErrorContext(ctx, "outbox: record delivery", "id", row.ID, "err", err.Error())
	}
	return nil
}

// SMS is an sms.Sender that writes through the outbox.
type SMS struct {
	store *store.Store
	clock clock.Clock
	log   *slog.Logger
	relay sms.Sender // nil: hold in the outbox
}

// NewSMS returns the outbox SMS sender; relay may be nil.
func NewSMS(s *store.Store, c clock.Clock, log *slog.Logger, relay sms.Sender) *SMS {
	return &SMS{store: s, clock: c, log: log, relay: relay}
}

// Send records m, then hands it to the gateway if there is one.
func (o *SMS) Send(ctx context.Context, m sms.Message) error {
	row := model.OutboxMessage{ID: model.NewID(), Channel: model.ChannelSMS, Recipient: m.To, BodyText: m.Text, CreatedAt: o.clock.Now()}
	if err := o.store.CreateOutboxMessage(ctx, row); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	if o.relay == nil {
		o.log.InfoContext(ctx, "SMS held in the outbox", "id", row.ID, "to", m.To)
		return nil
	}
	if err := o.relay.Send(ctx, m); err != nil {
		if rerr := o.store.SetOutboxResult(ctx, row.ID, nil, err.Error()); rerr != nil {
			o.log.ErrorContext(ctx, "outbox: record failure", "id", row.ID, "err", rerr.Error())
		}
		return fmt.Errorf("outbox: deliver SMS: %w", err)
	}
	now := o.clock.Now()
	if err := o.store.SetOutboxResult(ctx, row.ID, &now, ""); err != nil {
		o.log.ErrorContext(ctx, "outbox: record delivery", "id", row.ID, "err", err.Error())
	}
	return nil
}
