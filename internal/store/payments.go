package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// Payment statuses.
const (
	PaymentPending    = "pending"
	PaymentProcessing = "processing"
	PaymentSucceeded  = "succeeded"
	PaymentFailed     = "failed"
	PaymentCanceled   = "canceled"
)

// Payment is one card payment of credits.
type Payment struct {
	ID          string    `db:"id"`
	UserID      string    `db:"user_id"`
	Provider    string    `db:"provider"`
	IntentID    string    `db:"intent_id"`
	Credits     int       `db:"credits"`
	AmountCents int64     `db:"amount_cents"`
	Currency    string    `db:"currency"`
	Status      string    `db:"status"`
	CreatedAt   time.Time `db:"created_at"`
	UpdatedAt   time.Time `db:"updated_at"`
}

const paymentColumns = `id, user_id, provider, intent_id, credits, amount_cents, currency, status, created_at, updated_at`

// CreatePayment records a payment. A payment whose intent is recorded
// already (a retried purchase) changes nothing and reports false.
func (s *Store) CreatePayment(ctx context.Context, p Payment) (bool, error) {
	res, err := s.q.ExecContext(ctx, `INSERT INTO payments (`+paymentColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (intent_id) DO NOTHING`,
		p.ID, p.UserID, p.Provider, p.IntentID, p.Credits, p.AmountCents, p.Currency, p.Status, p.CreatedAt, p.UpdatedAt)
	if err != nil {
		return false, fmt.Errorf("store: create payment: %w", err)
	}
	return affected(res) == 1, nil
}

// GetPaymentByIntent returns the payment of a processor's payment intent.
func (s *Store) GetPaymentByIntent(ctx context.Context, intentID string) (Payment, error) {
	var p Payment
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

// Subscription is a processor's subscription as last read.
type Subscription struct {
	ID                string     `db:"id"`
	UserID            string     `db:"user_id"`
	CustomerID        string     `db:"customer_id"`
	Plan              string     `db:"plan"`
	Status            string     `db:"status"`
	CancelAtPeriodEnd bool       `db:"cancel_at_period_end"`
	CancelAt          *time.Time `db:"cancel_at"`
	StartedAt         *time.Time `db:"started_at"`
	CurrentPeriodEnd  *time.Time `db:"current_period_end"`
	EndedAt           *time.Time `db:"ended_at"`
	EventAt           int64      `db:"event_at"`
	CreatedAt         time.Time  `db:"created_at"`
	UpdatedAt         time.Time  `db:"updated_at"`
}

const subscriptionColumns = `id, user_id, customer_id, plan, status, cancel_at_period_end, cancel_at, started_at,
	current_period_end, ended_at, event_at, created_at, updated_at`

// SaveSubscription writes a subscription's state unless a newer event was
// applied already (a stored event_at above sub.EventAt): events delivered
// out of order never take a subscription back. It reports whether it wrote.
func (s *Store) SaveSubscription(ctx context.Context, sub Subscription) (bool, error) {
	res, err := s.q.ExecContext(ctx, `INSERT INTO subscriptions (`+subscriptionColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
		ON CONFLICT (id) DO UPDATE SET plan = excluded.plan, status = excluded.status,
			cancel_at_period_end = excluded.cancel_at_period_end, cancel_at = excluded.cancel_at,
			started_at = excluded.started_at, current_period_end = excluded.current_period_end,
			ended_at = excluded.ended_at, event_at = excluded.event_at, updated_at = excluded.updated_at
		WHERE subscriptions.event_at <= excluded.event_at`,
		sub.ID, sub.UserID, sub.CustomerID, sub.Plan, sub.Status, sub.CancelAtPeriodEnd, sub.CancelAt, sub.StartedAt,
		sub.CurrentPeriodEnd, sub.EndedAt, sub.EventAt, sub.CreatedAt, sub.UpdatedAt)
	if err != nil {
		return false, fmt.Errorf("store: save subscription: %w", err)
	}
	return affected(res) == 1, nil
}

// GetSubscription returns a stored subscription.
func (s *Store) GetSubscription(ctx context.Context, id string) (Subscription, error) {
	var sub Subscription
	err := s.q.GetContext(ctx, &sub, `SELECT `+subscriptionColumns+` FROM subscriptions WHERE id = $1`, id)
	if err != nil {
		return sub, fmt.Errorf("store: get subscription: %w", notFound(err))
	}
	return sub, nil
}

// ListUserSubscriptions returns a user's subscriptions, the latest started first.
func (s *Store) ListUserSubscriptions(ctx context.Context, userID string) ([]Subscription, error) {
	var subs []Subscription
	err := s.q.SelectContext(ctx, &subs, `SELECT `+subscriptionColumns+` FROM subscriptions WHERE user_id = $1
		ORDER BY started_at DESC, id DESC`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: list subscriptions: %w", err)
	}
	return subs, nil
}

// LockUserBilling takes the user's row for the rest of the transaction, so
// two events about one user's premium are applied one after the other.
func (s *Store) LockUserBilling(ctx context.Context, userID string) error {
	res, err := s.q.ExecContext(ctx, `UPDATE users SET premium_plan = premium_plan WHERE id = $1`, userID)
	if err != nil {
		return fmt.Errorf("store: lock user: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: lock user: %w", ErrNotFound)
	}
	return nil
}

// SetUserPremium sets a user's premium state and plan (nil: none).
func (s *Store) SetUserPremium(ctx context.Context, userID, status string, start, end *time.Time, plan *string, now time.Time) error {
	return s.updateUser(ctx, userID, `premium_status = $2, premium_start_at = $3, premium_end_at = $4, premium_plan = $5, updated_at = $6`,
		status, start, end, plan, now)
}

// GetPremiumPlan returns the plan behind a user's premium state, or "".
func (s *Store) GetPremiumPlan(ctx context.Context, userID string) (string, error) {
	var plan sql.NullString
	err := s.q.GetContext(ctx, &plan, `SELECT premium_plan FROM users WHERE id = $1 AND deleted_at IS NULL`, userID)
	if err != nil {
		return "", fmt.Errorf("store: get premium plan: %w", notFound(err))
	}
	return plan.String, nil
}
