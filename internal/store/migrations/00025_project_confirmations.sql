-- +goose Up
-- Issue #18, the couple's confirmation: a project reaches providers only
-- once the couple opened the link e-mailed to it and pressed confirm.

-- One confirmation per project. token_hash is the SHA-256 of the link's
-- token (the token itself is only in the e-mail); provider_slug or
-- venue_slug name the page the form was sent from (both empty: the general
-- form, matched at confirmation). matched is how many providers the
-- project went to, set when it was confirmed, so a second confirmation
-- shows the same result. resends counts the e-mails sent again.
CREATE TABLE project_confirmations (
    project_id TEXT PRIMARY KEY REFERENCES projects (id),
    token_hash TEXT NOT NULL UNIQUE,
    provider_slug TEXT NOT NULL DEFAULT '',
    venue_slug TEXT NOT NULL DEFAULT '',
    expires_at TIMESTAMP NOT NULL,
    resends INTEGER NOT NULL DEFAULT 0,
    matched INTEGER NULL
);

-- The expiry job reads the unconfirmed projects by age.
CREATE INDEX projects_unconfirmed ON projects (created_at) WHERE confirmed_at IS NULL;

-- +goose Down
DROP INDEX projects_unconfirmed;
DROP TABLE project_confirmations;
