-- +goose Up
-- What premium brought in: one row per paid invoice of a subscription, from
-- the processor's invoice.paid events (the first period with the checkout,
-- then each renewal). The invoice id is the key, so a redelivered event
-- adds nothing.
CREATE TABLE premium_invoices (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    subscription_id TEXT NOT NULL,
    amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
    currency TEXT NOT NULL,
    paid_at TIMESTAMP NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX premium_invoices_paid ON premium_invoices (paid_at);

-- The admin's overview counts what happened in the last days: each count
-- reads only its window.
CREATE INDEX users_created ON users (created_at);
CREATE INDEX projects_created ON projects (created_at);
CREATE INDEX event_requests_created ON event_requests (created_at);
CREATE INDEX event_requests_unlocked ON event_requests (unlocked_at);
CREATE INDEX payments_status_updated ON payments (status, updated_at);

-- +goose Down
DROP INDEX payments_status_updated;
DROP INDEX event_requests_unlocked;
DROP INDEX event_requests_created;
DROP INDEX projects_created;
DROP INDEX users_created;
DROP TABLE premium_invoices;
