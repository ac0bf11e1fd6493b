package store

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"noces/internal/i18n"
	"noces/internal/model"
)

// ErrInsufficientCredits is returned when a withdrawal would make a balance negative.
var ErrInsufficientCredits = errors.New("store: insufficient credits")

// ErrDuplicateRef is returned when a ledger row with the same idempotency
// reference exists: the operation was already applied.
var ErrDuplicateRef = errors.New("store: credit operation already applied")

// AddCreditLog writes one ledger row and moves the cached balance with it, in
// the caller's transaction or its own. A withdrawal is a conditional UPDATE
// (credits >= n), so concurrent spenders can never take the balance below
// zero; a row whose Ref exists already changes nothing and gives ErrDuplicateRef.
func (s *Store) AddCreditLog(ctx context.Context, l model.CreditLog) error {
	return s.InTx(ctx, func(tx *Store) error {
		if l.Currency == "" {
			var domain string
			if err := tx.q.GetContext(ctx, &domain, `SELECT domain FROM users WHERE id = $1`, l.UserID); err != nil {
				return fmt.Errorf("store: credit log currency: %w", notFound(err))
			}
			d, _ := i18n.DomainByKey(domain)
			l.Currency = d.Currency
		}
		res, err := tx.q.ExecContext(ctx, `INSERT INTO credit_log (id, user_id, created_at, description, deposited, withdrawn, ref, currency, amount_cents)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (ref) DO NOTHING`,
			l.ID, l.UserID, l.CreatedAt, l.Description, l.Deposited, l.Withdrawn, l.Ref, strings.ToLower(l.Currency), l.AmountCents)
		if err != nil {
			return fmt.Errorf("store: credit log: %w", err)
		}
		if affected(res) == 0 {
			return ErrDuplicateRef
		}
		delta := l.Deposited - l.Withdrawn
		res, err = tx.q.ExecContext(ctx, `UPDATE users SET credits = credits + $2 WHERE id = $1 AND credits + $2 >= 0`, l.UserID, delta)
		if err != nil {
			return fmt.Errorf("store: credit balance: %w", err)
		}
		if affected(res) == 0 {
			return ErrInsufficientCredits
		}
		return nil
	})
}

// ListCreditLogs returns a user's ledger, newest first.
func (s *Store) ListCreditLogs(ctx context.Context, userID string) ([]model.CreditLog, error) {
	var logs []model.CreditLog
	err := s.q.SelectContext(ctx, &logs, `SELECT id, user_id, created_at, description, deposited, withdrawn, ref, currency, amount_cents
		FROM credit_log WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: list credit logs: %w", err)
	}
	return logs, nil
}

// GetLedgerBalance sums a user's ledger: the balance by definition, which the
// cached users.credits must always equal.
func (s *Store) GetLedgerBalance(ctx context.Context, userID string) (int, error) {
	var n int
	err := s.q.GetContext(ctx, &n, `SELECT COALESCE(SUM(deposited) - SUM(withdrawn), 0) FROM credit_log WHERE user_id = $1`, userID)
	if err != nil {
		return 0, fmt.Errorf("store: ledger balance: %w", err)
	}
	return n, nil
}
