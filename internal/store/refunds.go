package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// RefundFacts is what the refund rules of one request read: the request, its
// project's outcome, whether a credit was spent on it, and the provider's
// first message to the couple with the state of the e-mail that carried it.
type RefundFacts struct {
	ID         string       `db:"id"`
	ProviderID string       `db:"provider_id"`
	UnlockedAt sql.NullTime `db:"unlocked_at"`
	// RefundedAt is set while the credit is back with the provider, for
	// RefundReason.
	RefundedAt   sql.NullTime   `db:"refunded_at"`
	RefundReason sql.NullString `db:"refund_reason"`
	// RefundMoves counts the request's refund ledger rows so far (credits
	// back and taken back); RefundKeptAt is when a take-back found the
	// balance at zero, after which the refund moves no more.
	RefundMoves  int          `db:"refund_moves"`
	RefundKeptAt sql.NullTime `db:"refund_kept_at"`
	// BookedElsewhereAt is when the couple first said it booked someone
	// other than this request's provider.
	BookedElsewhereAt sql.NullTime `db:"booked_elsewhere_at"`
	// Spent counts the ledger rows of the unlock (0 or 1): a premium
	// provider's unlock wrote none.
	Spent            int            `db:"spent"`
	Outcome          sql.NullString `db:"outcome"`
	OutcomeRequestID sql.NullString `db:"outcome_request_id"`
	OutcomeAt        sql.NullTime   `db:"outcome_at"`
	// First is the provider's earliest message; Valid false when it wrote none.
	First FirstMessage `db:"-"`
}

// FirstMessage is the provider's earliest message of a request.
type FirstMessage struct {
	Valid     bool
	CreatedAt time.Time
	ReadAt    sql.NullTime
	// Bounced: its e-mail failed with the relay's permanent refusal.
	Bounced bool
}

// GetRefundFacts reads what the refund rules need about request id; spentRef
// is the ledger reference of its unlock.
func (s *Store) GetRefundFacts(ctx context.Context, id, spentRef string) (RefundFacts, error) {
	var f RefundFacts
	err := s.q.GetContext(ctx, &f, `SELECT r.id, r.provider_id, r.unlocked_at, r.refunded_at, r.refund_reason,
		r.refund_moves, r.refund_kept_at, r.booked_elsewhere_at,
		(SELECT COUNT(*) FROM credit_log c WHERE c.ref = $2) AS spent,
		p.outcome, p.outcome_request_id, p.outcome_at
		FROM event_requests r JOIN projects p ON p.id = r.project_id WHERE r.id = $1`, id, spentRef)
	if err != nil {
		return f, fmt.Errorf("store: refund facts: %w", notFound(err))
	}
	var m struct {
		CreatedAt time.Time      `db:"created_at"`
		ReadAt    sql.NullTime   `db:"read_at"`
		State     sql.NullString `db:"state"`
		Permanent sql.NullBool   `db:"permanent"`
	}
	err = s.q.GetContext(ctx, &m, `SELECT m.created_at, m.read_at, o.state, o.permanent
		FROM messages m LEFT JOIN outbox o ON o.id = m.outbox_id
		WHERE m.request_id = $1 AND m.sender = 'provider' ORDER BY m.created_at, m.id LIMIT 1`, id)
	switch {
	case err == sql.ErrNoRows:
		return f, nil
	case err != nil:
		return f, fmt.Errorf("store: refund facts, first message: %w", err)
	}
	f.First = FirstMessage{Valid: true, CreatedAt: m.CreatedAt, ReadAt: m.ReadAt,
		Bounced: m.State.String == "failed" && m.Permanent.Bool}
	return f, nil
}

// MarkEventRequestRefunded records that the credit spent on request id came
// back, for reason, unless it is back already, was kept, or none was spent
// (no ledger row spentRef), and counts the move. False when nothing
// changed: of two concurrent refunds only one goes on to credit the provider.
func (s *Store) MarkEventRequestRefunded(ctx context.Context, id, reason, spentRef string, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE event_requests SET refunded_at = $2, refund_reason = $3, refund_moves = refund_moves + 1
		WHERE id = $1 AND refunded_at IS NULL AND refund_kept_at IS NULL AND unlocked_at IS NOT NULL
		AND EXISTS (SELECT 1 FROM credit_log c WHERE c.ref = $4)`, id, now, reason, spentRef)
	if err != nil {
		return false, fmt.Errorf("store: mark refunded: %w", err)
	}
	return affected(res) == 1, nil
}

// MarkRefundTakenBack records that the credit that came back on request id
// was taken back, and counts the move. False when nothing changed (not back,
// or kept).
func (s *Store) MarkRefundTakenBack(ctx context.Context, id string) (bool, error) {
	res, err := s.exec(ctx, `UPDATE event_requests SET refunded_at = NULL, refund_reason = NULL, refund_moves = refund_moves + 1
		WHERE id = $1 AND refunded_at IS NOT NULL AND refund_kept_at IS NULL`, id)
	if err != nil {
		return false, fmt.Errorf("store: mark refund taken back: %w", err)
	}
	return affected(res) == 1, nil
}

// MarkRefundKept records that the provider keeps the credit that came back
// on request id: a take-back found its balance at zero.
func (s *Store) MarkRefundKept(ctx context.Context, id string, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE event_requests SET refund_kept_at = $2
		WHERE id = $1 AND refunded_at IS NOT NULL AND refund_kept_at IS NULL`, id, now)
	if err != nil {
		return false, fmt.Errorf("store: mark refund kept: %w", err)
	}
	return affected(res) == 1, nil
}

// RequestOfOutboxMessage returns the request whose provider message the
// outbox e-mail outboxID carried, or ErrNotFound for any other e-mail.
func (s *Store) RequestOfOutboxMessage(ctx context.Context, outboxID string) (string, error) {
	var id string
	err := s.q.GetContext(ctx, &id, `SELECT request_id FROM messages WHERE outbox_id = $1 AND sender = 'provider' LIMIT 1`, outboxID)
	if err != nil {
		return "", fmt.Errorf("store: request of outbox message: %w", notFound(err))
	}
	return id, nil
}

// RefundCandidates are the requests a refund sweep checks.
type RefundCandidates struct {
	// BouncedSince: provider messages whose e-mail, queued since then, failed
	// permanently.
	BouncedSince time.Time
	// UnreadFrom, UnreadTo: provider messages written in [from, to] and
	// still unread.
	UnreadFrom, UnreadTo time.Time
	// OutcomeSince: projects closed as booked since then, and those whose
	// outcome since then makes a credit that came back go again.
	OutcomeSince time.Time
	// Limit bounds each of the four lists.
	Limit int
}

// ListRefundCandidates returns the ids of unrefunded requests on which a
// credit was spent and one of the refund rules may hold, and of refunded
// ones whose last outcome takes the credit back: four queries, each read
// through its own index (migration 00027), each bounded by its window. The
// rules themselves are checked per request afterwards.
func (s *Store) ListRefundCandidates(ctx context.Context, c RefundCandidates) ([]string, error) {
	const spent = ` AND r.refunded_at IS NULL AND r.unlocked_at IS NOT NULL
		AND EXISTS (SELECT 1 FROM credit_log c WHERE c.ref = 'unlock:' || r.id)`
	queries := []struct {
		q    string
		args []any
	}{
		{`SELECT DISTINCT m.request_id FROM outbox o JOIN messages m ON m.outbox_id = o.id
			JOIN event_requests r ON r.id = m.request_id
			WHERE o.state = 'failed' AND o.permanent = TRUE AND o.created_at >= $1 AND m.sender = 'provider'` + spent + ` LIMIT $2`,
			[]any{c.BouncedSince, c.Limit}},
		{`SELECT DISTINCT m.request_id FROM messages m JOIN event_requests r ON r.id = m.request_id
			WHERE m.sender = 'provider' AND m.read_at IS NULL AND m.created_at >= $1 AND m.created_at <= $2` + spent + ` LIMIT $3`,
			[]any{c.UnreadFrom, c.UnreadTo, c.Limit}},
		{`SELECT r.id FROM projects p JOIN event_requests r ON r.project_id = p.id
			WHERE p.outcome_at IS NOT NULL AND p.outcome_at >= $1 AND r.booked_elsewhere_at IS NOT NULL
			AND (p.outcome = 'booked_other' OR (p.outcome = 'booked_provider' AND p.outcome_request_id <> r.id))` + spent + ` LIMIT $2`,
			[]any{c.OutcomeSince, c.Limit}},
		// The couple booked this provider (whatever brought the credit
		// back), or, the credit back for a booking elsewhere, booked nobody.
		{`SELECT r.id FROM projects p JOIN event_requests r ON r.project_id = p.id
			WHERE p.outcome_at IS NOT NULL AND p.outcome_at >= $1 AND r.refunded_at IS NOT NULL AND r.refund_kept_at IS NULL
			AND ((p.outcome = 'booked_provider' AND p.outcome_request_id = r.id)
				OR (r.refund_reason = 'booked' AND p.outcome IN ('postponed', 'still_looking'))) LIMIT $2`,
			[]any{c.OutcomeSince, c.Limit}},
	}
	seen := map[string]bool{}
	var ids []string
	for _, q := range queries {
		var got []string
		if err := s.q.SelectContext(ctx, &got, q.q, q.args...); err != nil {
			return nil, fmt.Errorf("store: refund candidates: %w", err)
		}
		for _, id := range got {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	return ids, nil
}
