package store

import (
	"context"
	"fmt"
	"time"

	"noces/internal/model"
)

const outboxColumns = `id, channel, recipient, subject, body_text, body_html, created_at, sent_at, error`

// CreateOutboxMessage stores an e-mail or SMS before it is handed on.
func (s *Store) CreateOutboxMessage(ctx context.Context, m model.OutboxMessage) error {
	_, err := s.exec(ctx, `INSERT INTO outbox (`+outboxColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		m.ID, m.Channel, m.Recipient, m.Subject, m.BodyText, m.BodyHTML, m.CreatedAt, m.SentAt, m.Error)
	if err != nil {
		return fmt.Errorf("store: create outbox message: %w", err)
	}
	return nil
}

// SetOutboxResult records the outcome of a delivery attempt.
func (s *Store) SetOutboxResult(ctx context.Context, id string, sentAt *time.Time, deliveryErr string) error {
	_, err := s.exec(ctx, `UPDATE outbox SET sent_at = $2, error = $3 WHERE id = $1`, id, sentAt, deliveryErr)
	if err != nil {
		return fmt.Errorf("store: outbox result: %w", err)
	}
	return nil
}

// ListOutbox returns messages newest first, optionally for one recipient,
// with the total count for paging.
func (s *Store) ListOutbox(ctx context.Context, recipient string, limit, offset int) ([]model.OutboxMessage, int, error) {
	where, args := "", []any{}
	if recipient != "" {
		where, args = "WHERE recipient = $1", append(args, recipient)
	}
	var total int
	if err := s.q.GetContext(ctx, &total, `SELECT COUNT(*) FROM outbox `+where, args...); err != nil {
		return nil, 0, fmt.Errorf("store: count outbox: %w", err)
	}
	n := len(args)
	var msgs []model.OutboxMessage
	err := s.q.SelectContext(ctx, &msgs, fmt.Sprintf(`SELECT %s FROM outbox %s ORDER BY created_at DESC, id DESC LIMIT $%d OFFSET $%d`,
		outboxColumns, where, n+1, n+2), append(args, limit, offset)...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: list outbox: %w", err)
	}
	return msgs, total, nil
}
