-- +goose Up
CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    email_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('ROLE_PRESTATAIRE', 'ROLE_VENUE', 'ROLE_ADMIN')),
    firstname TEXT NOT NULL,
    lastname TEXT NOT NULL,
    phone TEXT NOT NULL DEFAULT '',
    locale TEXT NOT NULL DEFAULT 'fr' CHECK (locale IN ('de', 'en', 'es', 'fr', 'it', 'nl', 'pt')),
    domain TEXT NOT NULL DEFAULT 'fr' CHECK (domain IN ('fr', 'be', 'uk', 'de', 'it', 'es', 'pt')),
    avatar_key TEXT NOT NULL DEFAULT '',
    credits INTEGER NOT NULL DEFAULT 0 CHECK (credits >= 0),
    is_moderated BOOLEAN NOT NULL DEFAULT FALSE,
    has_finished_onboarding BOOLEAN NOT NULL DEFAULT FALSE,
    premium_status TEXT NOT NULL DEFAULT 'none' CHECK (premium_status IN ('none', 'active', 'cancellation', 'canceled')),
    premium_start_at TIMESTAMP NULL,
    premium_end_at TIMESTAMP NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    deleted_at TIMESTAMP NULL
);
CREATE INDEX users_role_moderated ON users (role, is_moderated);

CREATE TABLE companies (
    user_id TEXT PRIMARY KEY REFERENCES users (id),
    name TEXT NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    siret TEXT NOT NULL DEFAULT '',
    siret_status TEXT NOT NULL DEFAULT 'unknown' CHECK (siret_status IN ('unknown', 'active', 'inactive', 'not_found')),
    website TEXT NOT NULL DEFAULT '',
    date_of_creation TEXT NULL,
    zipcode TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    country_code TEXT NOT NULL DEFAULT '',
    latitude DOUBLE PRECISION NULL,
    longitude DOUBLE PRECISION NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE credit_log (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    created_at TIMESTAMP NOT NULL,
    description TEXT NOT NULL,
    deposited INTEGER NOT NULL DEFAULT 0 CHECK (deposited >= 0),
    withdrawn INTEGER NOT NULL DEFAULT 0 CHECK (withdrawn >= 0),
    ref TEXT NULL UNIQUE,
    CHECK (deposited > 0 OR withdrawn > 0)
);
CREATE INDEX credit_log_user ON credit_log (user_id, created_at);

CREATE TABLE refresh_tokens (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    family_id TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    impersonator_id TEXT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP NULL,
    revoked_at TIMESTAMP NULL
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);

CREATE TABLE outbox (
    id TEXT PRIMARY KEY,
    channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL DEFAULT '',
    body_text TEXT NOT NULL,
    body_html TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    sent_at TIMESTAMP NULL,
    error TEXT NOT NULL DEFAULT ''
);
CREATE INDEX outbox_recipient ON outbox (recipient, created_at);
CREATE INDEX outbox_created ON outbox (created_at);

CREATE TABLE audit_log (
    id TEXT PRIMARY KEY,
    actor_id TEXT NOT NULL,
    action TEXT NOT NULL,
    target_id TEXT NULL,
    details TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX audit_log_created ON audit_log (created_at);

-- +goose Down
DROP TABLE audit_log;
DROP TABLE outbox;
DROP TABLE refresh_tokens;
DROP TABLE credit_log;
DROP TABLE companies;
DROP TABLE users;
