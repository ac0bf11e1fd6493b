-- +goose Up
-- Attempts counted for rate limits (failed sign-ins, reset requests, SMS
-- codes). Kept in the database so every server instance sees the same counts.
CREATE TABLE rate_events (
    id TEXT PRIMARY KEY,
    bucket TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX rate_events_bucket ON rate_events (bucket, created_at);

-- Password reset requests: one row per request, for any address, so the
-- answer to a second request cannot reveal whether the address has an account.
CREATE TABLE password_resets (
    id TEXT PRIMARY KEY,
    email_key TEXT NOT NULL,
    user_id TEXT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP NULL
);
CREATE INDEX password_resets_email ON password_resets (email_key, created_at);

-- One-time codes sent by SMS to confirm a new phone number.
CREATE TABLE phone_codes (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    phone TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP NULL
);
CREATE INDEX phone_codes_user ON phone_codes (user_id, created_at);

-- Why accounts were closed; the person is gone, the reason stays for the product.
CREATE TABLE account_deletions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    role TEXT NOT NULL,
    reason TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE account_deletions;
DROP TABLE phone_codes;
DROP TABLE password_resets;
DROP TABLE rate_events;
