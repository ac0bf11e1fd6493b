package store

import (
	"context"
	"fmt"
	"time"
)

// ListBookedWeddings returns when each couple that booked the provider
// (outcome booked_provider naming one of its requests) said so, since since,
// oldest first. It reads the provider's requests by its index and each
// project by its key.
func (s *Store) ListBookedWeddings(ctx context.Context, providerID string, since time.Time) ([]time.Time, error) {
	var at []time.Time
	err := s.q.SelectContext(ctx, &at, `SELECT p.outcome_at FROM event_requests r
		JOIN projects p ON p.id = r.project_id AND p.outcome_request_id = r.id
		WHERE r.provider_id = $1 AND p.outcome = 'booked_provider' AND p.outcome_at >= $2
		ORDER BY p.outcome_at`, providerID, since)
	if err != nil {
		return nil, fmt.Errorf("store: booked weddings: %w", err)
	}
	return at, nil
}

// UnlockSpend is what a provider spent on unlocks over a period, in credits.
type UnlockSpend struct {
	// Spent is the credits withdrawn by unlocks, Refunded those that came
	// back by themselves, net of those taken back when the couple's outcome
	// changed.
	Spent    int `db:"spent"`
	Refunded int `db:"refunded"`
}

// SumUnlockSpend sums a provider's unlock and refund ledger rows since since.
func (s *Store) SumUnlockSpend(ctx context.Context, userID string, since time.Time) (UnlockSpend, error) {
	var u UnlockSpend
	err := s.q.GetContext(ctx, &u, `SELECT
		COALESCE(SUM(CASE WHEN ref LIKE 'unlock:%' THEN withdrawn ELSE 0 END), 0) AS spent,
		COALESCE(SUM(CASE WHEN ref LIKE 'refund:%' THEN deposited - withdrawn ELSE 0 END), 0) AS refunded
		FROM credit_log WHERE user_id = $1 AND created_at >= $2`, userID, since)
	if err != nil {
		return u, fmt.Errorf("store: unlock spend: %w", err)
	}
	return u, nil
}

// CreditPurchases totals a provider's paid credit purchases in one currency.
type CreditPurchases struct {
	Currency    string `db:"currency"` // lower case
	Credits     int    `db:"credits"`
	AmountCents int64  `db:"amount_cents"`
}

// SumCreditPurchases totals the provider's succeeded credit payments per
// currency, over all time, by currency.
func (s *Store) SumCreditPurchases(ctx context.Context, userID string) ([]CreditPurchases, error) {
	var c []CreditPurchases
	err := s.q.SelectContext(ctx, &c, `SELECT LOWER(currency) AS currency, SUM(credits) AS credits, SUM(amount_cents) AS amount_cents
		FROM payments WHERE user_id = $1 AND status = 'succeeded' GROUP BY LOWER(currency) ORDER BY LOWER(currency)`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: credit purchases: %w", err)
	}
	return c, nil
}

// CurrencyCents is an amount in one currency.
type CurrencyCents struct {
	Currency    string `db:"currency"` // lower case
	AmountCents int64  `db:"amount_cents"`
}

// SumPremiumSpend totals the provider's premium invoices paid since since,
// per currency, by currency.
func (s *Store) SumPremiumSpend(ctx context.Context, userID string, since time.Time) ([]CurrencyCents, error) {
	var out []CurrencyCents
	err := s.q.SelectContext(ctx, &out, `SELECT LOWER(currency) AS currency, SUM(amount_cents) AS amount_cents FROM premium_invoices
		WHERE user_id = $1 AND paid_at >= $2 GROUP BY LOWER(currency) ORDER BY LOWER(currency)`, userID, since)
	if err != nil {
		return nil, fmt.Errorf("store: premium spend: %w", err)
	}
	return out, nil
}
