package store

import (
	"context"
	"fmt"
	"time"
)

// OverviewCounts are the admin overview's figures that are not a series
// of days.
type OverviewCounts struct {
	// AwaitingModeration is the moderation queue's length now.
	AwaitingModeration int `db:"awaiting_moderation"`
	// FailedMessages are the outbox's messages that gave up, now.
	FailedMessages int `db:"failed_messages"`
	// Received and Unlocked are the requests sent to providers in the
	// period, and how many of them are unlocked by now: the unlock rate.
	Received int `db:"received"`
	Unlocked int `db:"unlocked"`
}

// CountOverview reads the admin overview's counts in one query; the
// requests are those created in [from, to).
func (s *Store) CountOverview(ctx context.Context, from, to time.Time) (OverviewCounts, error) {
	var c OverviewCounts
	err := s.q.GetContext(ctx, &c, `SELECT
		(SELECT COUNT(*) FROM users u WHERE `+moderationQueueWhere+`) AS awaiting_moderation,
		(SELECT COUNT(*) FROM outbox WHERE state = 'failed') AS failed_messages,
		(SELECT COUNT(*) FROM event_requests WHERE created_at >= $1 AND created_at < $2) AS received,
		(SELECT COUNT(*) FROM event_requests WHERE created_at >= $1 AND created_at < $2 AND unlocked_at IS NOT NULL) AS unlocked`,
		from.UTC(), to.UTC())
	if err != nil {
		return c, fmt.Errorf("store: overview counts: %w", err)
	}
	return c, nil
}

// OverviewSeries names what the admin's overview counts over a period.
type OverviewSeries int

// The series of the admin's overview.
const (
	SeriesNewProviders    OverviewSeries = iota // providers who registered
	SeriesProjects                              // couples' projects, once confirmed
	SeriesRequests                              // requests sent to providers (a project reaches several)
	SeriesUnlocks                               // requests unlocked
	SeriesCreditSales                           // card payments of credits; Amount is the credits bought
	SeriesPremiumInvoices                       // premium invoices paid
)

// seriesQueries selects, for each series, a time in [$1, $2) per event, and
// for money the credits (or 0), the amount and its currency.
var seriesQueries = map[OverviewSeries]string{
	SeriesNewProviders: `SELECT created_at AS at, 0 AS credits, 0 AS amount_cents, '' AS currency FROM users
		WHERE created_at >= $1 AND created_at < $2 AND role IN ` + providerRoles,
	SeriesProjects: `SELECT created_at AS at, 0 AS credits, 0 AS amount_cents, '' AS currency FROM projects
		WHERE created_at >= $1 AND created_at < $2 AND confirmed_at IS NOT NULL`,
	SeriesRequests: `SELECT created_at AS at, 0 AS credits, 0 AS amount_cents, '' AS currency FROM event_requests
		WHERE created_at >= $1 AND created_at < $2`,
	SeriesUnlocks: `SELECT unlocked_at AS at, 0 AS credits, 0 AS amount_cents, '' AS currency FROM event_requests
		WHERE unlocked_at >= $1 AND unlocked_at < $2`,
	SeriesCreditSales: `SELECT updated_at AS at, credits, amount_cents, currency FROM payments
		WHERE status = 'succeeded' AND updated_at >= $1 AND updated_at < $2`,
	SeriesPremiumInvoices: `SELECT paid_at AS at, 0 AS credits, amount_cents, currency FROM premium_invoices
		WHERE paid_at >= $1 AND paid_at < $2`,
}

// OverviewEvent is one event of a series: when, and for money how much.
type OverviewEvent struct {
	At          time.Time `db:"at"`
	Credits     int       `db:"credits"`
	AmountCents int64     `db:"amount_cents"`
	Currency    string    `db:"currency"`
}

// EachOverviewEvent calls fn with every event of series in [from, to), one
// row at a time, so a busy month costs no more memory than a quiet one.
func (s *Store) EachOverviewEvent(ctx context.Context, series OverviewSeries, from, to time.Time, fn func(OverviewEvent)) error {
	q, ok := seriesQueries[series]
	if !ok {
		return fmt.Errorf("store: overview: no series %d", series)
	}
	rows, err := s.q.QueryxContext(ctx, q, from.UTC(), to.UTC())
	if err != nil {
		return fmt.Errorf("store: overview series %d: %w", series, err)
	}
	defer rows.Close()
	var ev OverviewEvent
	for rows.Next() {
		if err := rows.StructScan(&ev); err != nil {
			return fmt.Errorf("store: overview series %d: %w", series, err)
		}
		fn(ev)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: overview series %d: %w", series, err)
	}
	return nil
}
