package store

import (
	"context"
	"fmt"
	"noces/internal/model"
	"time"
)

const subscriptionColumns = `id, user_id, customer_id, plan, status, cancel_at_period_end, cancel_at, started_at,
	current_period_end, ended_at, event_at, created_at, updated_at`

// SaveSubscription writes a subscription's state unless a newer event was
// applied already (a stored event_at above sub.EventAt): events delivered
// out of order never take a subscription back. It reports whether it wrote.
func (s *Store) SaveSubscription(ctx context.Context, sub model.Subscription) (bool, error) {
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
func (s *Store) GetSubscription(ctx context.Context, id string) (model.Subscription, error) {
	var sub model.Subscription
	err := s.q.GetContext(ctx, &sub, `SELECT `+subscriptionColumns+` FROM subscriptions WHERE id = $1`, id)
	if err != nil {
		return sub, fmt.Errorf("store: get subscription: %w", notFound(err))
	}
	return sub, nil
}

// ListUserSubscriptions returns a user's subscriptions, the latest started first.
func (s *Store) ListUserSubscriptions(ctx context.Context, userID string) ([]model.Subscription, error) {
	var subs []model.Subscription
	err := s.q.SelectContext(ctx, &subs, `SELECT `+subscriptionColumns+` FROM subscriptions WHERE user_id = $1
		ORDER BY started_at DESC, id DESC`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: list subscriptions: %w", err)
	}
	return subs, nil
}

// PremiumInvoice is one paid invoice of a premium subscription.
type PremiumInvoice struct {
	ID             string    `db:"id"`
	UserID         string    `db:"user_id"`
	SubscriptionID string    `db:"subscription_id"`
	AmountCents    int64     `db:"amount_cents"`
	Currency       string    `db:"currency"`
	PaidAt         time.Time `db:"paid_at"`
	CreatedAt      time.Time `db:"created_at"`
}

// RecordPremiumInvoice keeps a paid invoice once: a redelivered event finds
// its id taken and reports false.
func (s *Store) RecordPremiumInvoice(ctx context.Context, inv PremiumInvoice) (bool, error) {
	res, err := s.q.ExecContext(ctx, `INSERT INTO premium_invoices (id, user_id, subscription_id, amount_cents, currency, paid_at, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
		inv.ID, inv.UserID, inv.SubscriptionID, inv.AmountCents, inv.Currency, inv.PaidAt, inv.CreatedAt)
	if err != nil {
		return false, fmt.Errorf("store: record premium invoice: %w", err)
	}
	return affected(res) == 1, nil
}
