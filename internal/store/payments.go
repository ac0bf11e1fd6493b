package store

import (
	"context"
	"fmt"
	"noces/internal/model"
	"time"
)

const paymentColumns = `id, user_id, provider, intent_id, credits, amount_cents, currency, status, created_at, updated_at`

// CreatePayment records a payment. A payment whose intent is recorded
// already (a retried purchase) changes nothing and reports false.
func (s *Store) CreatePayment(ctx context.Context, p model.Payment) (bool, error) {
	res, err := s.q.ExecContext(ctx, `INSERT INTO payments (`+paymentColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (intent_id) DO NOTHING`,
		p.ID, p.UserID, p.Provider, p.IntentID, p.Credits, p.AmountCents, p.Currency, p.Status, p.CreatedAt, p.UpdatedAt)
	if err != nil {
		return false, fmt.Errorf("store: create payment: %w", err)
	}
	return affected(res) == 1, nil
}

// GetPaymentByIntent returns the payment of a processor's payment intent.
func (s *Store) GetPaymentByIntent(ctx context.Context, intentID string) (model.Payment, error) {
	var p model.Payment
	err := s.q.GetContext(ctx, &p, `SELECT `+paymentColumns+` FROM payments WHERE intent_id = $1`, intentID)
	if err != nil {
		return p, fmt.Errorf("store: get payment: %w", notFound(err))
	}
	return p, nil
}

// SetPaymentStatus moves a payment to status. A succeeded payment stays
// succeeded whatever arrives after, so a late failure event changes nothing;
// it reports whether the row changed.
func (s *Store) SetPaymentStatus(ctx context.Context, intentID, status string, now time.Time) (bool, error) {
	res, err := s.q.ExecContext(ctx, `UPDATE payments SET status = $2, updated_at = $3
		WHERE intent_id = $1 AND status <> 'succeeded' AND status <> $2`, intentID, status, now)
	if err != nil {
		return false, fmt.Errorf("store: set payment status: %w", err)
	}
	return affected(res) == 1, nil
}

// GetBillingCustomer returns the processor's customer id of a user.
func (s *Store) GetBillingCustomer(ctx context.Context, userID string) (string, error) {
	var id string
	err := s.q.GetContext(ctx, &id, `SELECT customer_id FROM billing_customers WHERE user_id = $1`, userID)
	if err != nil {
		return "", fmt.Errorf("store: get billing customer: %w", notFound(err))
	}
	return id, nil
}

// GetUserIDByCustomer returns the user a processor's customer belongs to.
func (s *Store) GetUserIDByCustomer(ctx context.Context, customerID string) (string, error) {
	var id string
	err := s.q.GetContext(ctx, &id, `SELECT user_id FROM billing_customers WHERE customer_id = $1`, customerID)
	if err != nil {
		return "", fmt.Errorf("store: get customer user: %w", notFound(err))
	}
	return id, nil
}

// CreateBillingCustomer links a user to a processor's customer. The first
// link wins: a user who has one keeps it, and it reports false.
func (s *Store) CreateBillingCustomer(ctx context.Context, userID, customerID string, now time.Time) (bool, error) {
	res, err := s.q.ExecContext(ctx, `INSERT INTO billing_customers (user_id, customer_id, created_at)
		VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, userID, customerID, now)
	if err != nil {
		return false, fmt.Errorf("store: create billing customer: %w", err)
	}
	return affected(res) == 1, nil
}
