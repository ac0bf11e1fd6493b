-- +goose Up
-- One card payment of credits. Credits are added by the processor's
-- "succeeded" event only, through the credit ledger with the payment intent
-- as reference, so a redelivered event adds nothing.
CREATE TABLE payments (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    provider TEXT NOT NULL CHECK (provider IN ('stripe', 'sandbox')),
    intent_id TEXT NOT NULL UNIQUE,
    credits INTEGER NOT NULL CHECK (credits BETWEEN 1 AND 50),
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    currency TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'processing', 'succeeded', 'failed', 'canceled')),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX payments_user ON payments (user_id, created_at);

-- The processor's customer of a provider, reused by every subscription.
CREATE TABLE billing_customers (
    user_id TEXT PRIMARY KEY REFERENCES users (id),
    customer_id TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL
);

-- The processor's subscriptions as last read. event_at is the creation time
-- (unix seconds) of the newest event applied, so an older event delivered
-- late never overwrites a newer state.
CREATE TABLE subscriptions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    customer_id TEXT NOT NULL,
    plan TEXT NOT NULL CHECK (plan IN ('monthly', 'yearly')),
    status TEXT NOT NULL,
    cancel_at_period_end BOOLEAN NOT NULL,
    cancel_at TIMESTAMP NULL,
    started_at TIMESTAMP NULL,
    current_period_end TIMESTAMP NULL,
    ended_at TIMESTAMP NULL,
    event_at BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX subscriptions_user ON subscriptions (user_id, started_at);

-- The plan of the subscription behind premium_status.
ALTER TABLE users ADD COLUMN premium_plan TEXT NULL CHECK (premium_plan IN ('monthly', 'yearly'));

-- +goose Down
ALTER TABLE users DROP COLUMN premium_plan;
DROP TABLE subscriptions;
DROP TABLE billing_customers;
DROP TABLE payments;
