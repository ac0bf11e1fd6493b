package model

import (
	"database/sql"
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

// Subscription is a processor's subscription as last read.
type Subscription struct {
	ID                string       `db:"id"`
	UserID            string       `db:"user_id"`
	CustomerID        string       `db:"customer_id"`
	Plan              string       `db:"plan"`
	Status            string       `db:"status"`
	CancelAtPeriodEnd bool         `db:"cancel_at_period_end"`
	CancelAt          sql.NullTime `db:"cancel_at"`
	StartedAt         sql.NullTime `db:"started_at"`
	CurrentPeriodEnd  sql.NullTime `db:"current_period_end"`
	EndedAt           sql.NullTime `db:"ended_at"`
	EventAt           int64        `db:"event_at"`
	CreatedAt         time.Time    `db:"created_at"`
	UpdatedAt         time.Time    `db:"updated_at"`
}
