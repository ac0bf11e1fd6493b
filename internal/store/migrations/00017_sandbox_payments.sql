-- +goose Up
-- The sandbox card processor's state, kept here rather than in a file of one
-- server so that a payment made through one server can be paid on another's
-- /sandbox/ pages, and so that it survives a restart.
--
-- One table for every kind of object, each kept whole as JSON: the sandbox
-- only ever reads an object whole, by its id or as a customer's latest
-- subscription, and writes it whole. The columns hold only what the SQL
-- decides on: the idempotency key (unique per kind, so a retried call
-- through any server finds the first call's object), the customer (for the
-- portal), and a version that every change checks and bumps, so that of two
-- servers changing one object at once (two payments of one intent) only the
-- first succeeds and the other reads the object again.
CREATE TABLE sandbox_objects (
    kind TEXT NOT NULL CHECK (kind IN ('intent', 'customer', 'checkout', 'portal', 'subscription')),
    id TEXT NOT NULL,
    customer_id TEXT NOT NULL DEFAULT '',
    idempotency_key TEXT NOT NULL DEFAULT '',
    version INTEGER NOT NULL CHECK (version >= 1),
    object TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (kind, id)
);
CREATE UNIQUE INDEX sandbox_objects_key ON sandbox_objects (kind, idempotency_key) WHERE idempotency_key <> '';
CREATE INDEX sandbox_objects_customer ON sandbox_objects (kind, customer_id, created_at);

-- The signed events the sandbox has yet to hand to billing, written in the
-- transaction of the change they tell of. A server delivering one claims it
-- first (claim, claimed_until), so that several servers flushing at once
-- deliver each event once; a delivered event is deleted, a refused one is
-- released with its error and tried again. Delivered oldest first: by
-- created_at, then by id (UUIDv7, in the order they were made).
CREATE TABLE sandbox_events (
    id TEXT PRIMARY KEY,
    payload TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    claim TEXT NOT NULL DEFAULT '',
    claimed_until TIMESTAMP NULL,
    attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    last_error TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sandbox_events_order ON sandbox_events (created_at, id);

-- +goose Down
DROP TABLE sandbox_events;
DROP TABLE sandbox_objects;
