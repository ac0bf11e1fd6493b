package outbox

import (
	"context"
	"fmt"

	"noces/internal/model"
	"noces/internal/platform/mail"
	"noces/internal/store"
)

// EmailID is Email that returns the outbox message's id, for a row that
// keeps which e-mail told of it (messages.outbox_id): its delivery state
// says whether the address refused it.
func (o *Outbox) EmailID(ctx context.Context, tx *store.Store, m mail.Message) (string, error) {
	row := model.OutboxMessage{ID: model.NewID(), Channel: model.ChannelEmail, Recipient: m.To, Subject: mail.OneLine(m.Subject),
		BodyText: m.Text, BodyHTML: m.HTML, CreatedAt: o.clock.Now(), State: model.OutboxQueued}
	if err := tx.CreateOutboxMessage(ctx, row); err != nil {
		return "", fmt.Errorf("outbox: %w", err)
	}
	if err := o.queue.InsertTx(ctx, tx, DeliverArgs{ID: row.ID}, nil); err != nil {
		return "", err
	}
	return row.ID, nil
}
