-- +goose Up
-- Issue #19, leaving with your data: a provider's exports. The zip is built
-- by a job into blob storage (blob_key), downloaded through the API, and
-- deleted with its row when expires_at passes. The partial unique index is
-- "one export at a time": a second request while one is being prepared
-- inserts nothing.
CREATE TABLE data_exports (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    state TEXT NOT NULL CHECK (state IN ('pending', 'ready', 'failed')),
    blob_key TEXT NOT NULL DEFAULT '',
    byte_size BIGINT NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    ready_at TIMESTAMP NULL,
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX data_exports_user ON data_exports (user_id, created_at);
CREATE INDEX data_exports_expires ON data_exports (expires_at);
CREATE UNIQUE INDEX data_exports_one_pending ON data_exports (user_id) WHERE state = 'pending';

-- +goose Down
DROP TABLE data_exports;
