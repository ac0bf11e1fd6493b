package store

import (
	"context"
	"fmt"
	"time"

	"noces/internal/model"
)

const outboxColumns = `id, channel, recipient, subject, body_text, body_html, created_at, sent_at, error, state, attempts, permanent, updated_at`

// CreateOutboxMessage stores an e-mail or SMS, queued, in the transaction of
// the change it reports; its delivery job is inserted beside it.
func (s *Store) CreateOutboxMessage(ctx context.Context, m model.OutboxMessage) error {
	if m.State == "" {
		m.State = model.OutboxQueued
	}
	_, err := s.exec(ctx, `INSERT INTO outbox (`+outboxColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
		m.ID, m.Channel, m.Recipient, m.Subject, m.BodyText, m.BodyHTML, m.CreatedAt, m.SentAt, m.Error,
		m.State, m.Attempts, m.Permanent, m.CreatedAt)
	if err != nil {
		return fmt.Errorf("store: create outbox message: %w", err)
	}
	return nil
}

// GetOutboxMessage returns one message.
func (s *Store) GetOutboxMessage(ctx context.Context, id string) (model.OutboxMessage, error) {
	var m model.OutboxMessage
	err := s.q.GetContext(ctx, &m, `SELECT `+outboxColumns+` FROM outbox WHERE id = $1`, id)
	if err != nil {
		return m, fmt.Errorf("store: outbox message: %w", notFound(err))
	}
	return m, nil
}

// OutboxOutcome is the result of one delivery attempt.
type OutboxOutcome struct {
	State     string
	Attempts  int
	Error     string
	Permanent bool
	At        time.Time
}

// SetOutboxOutcome records an attempt's outcome, unless the message is
// already sent: a job delivered twice (a server killed between the relay's
// answer and the job's completion) never turns a sent message back.
func (s *Store) SetOutboxOutcome(ctx context.Context, id string, o OutboxOutcome) error {
	var sentAt any
	if o.State == model.OutboxSent {
		sentAt = o.At
	}
	_, err := s.exec(ctx, `UPDATE outbox SET state = $2, attempts = $3, error = $4, permanent = $5, updated_at = $6,
		sent_at = COALESCE($7, sent_at) WHERE id = $1 AND state <> 'sent'`,
		id, o.State, o.Attempts, o.Error, o.Permanent, o.At, sentAt)
	if err != nil {
		return fmt.Errorf("store: outbox outcome: %w", err)
	}
	return nil
}

// RequeueFailedOutbox puts a failed message back in the queue, its attempts
// counted from zero again; false when it is not failed (or unknown).
func (s *Store) RequeueFailedOutbox(ctx context.Context, id string, at time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE outbox SET state = 'queued', attempts = 0, permanent = FALSE, error = '', updated_at = $2
		WHERE id = $1 AND state = 'failed'`, id, at)
	if err != nil {
		return false, fmt.Errorf("store: requeue outbox: %w", err)
	}
	return affected(res) == 1, nil
}

// OutboxFilter narrows the admin's outbox list.
type OutboxFilter struct {
	Recipient string
	State     string
}

// ListOutbox returns messages newest first, optionally for one recipient or
// in one state, with the total count for paging.
func (s *Store) ListOutbox(ctx context.Context, f OutboxFilter, limit, offset int) ([]model.OutboxMessage, int, error) {
	where, args := "WHERE 1 = 1", []any{}
	if f.Recipient != "" {
		args = append(args, f.Recipient)
		where += fmt.Sprintf(" AND recipient = $%d", len(args))
	}
	if f.State != "" {
		args = append(args, f.State)
		where += fmt.Sprintf(" AND state = $%d", len(args))
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
