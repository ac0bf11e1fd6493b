-- +goose Up
-- Every message is delivered by a job of the queue (River) inserted in the
-- transaction of the change that causes it; the row keeps where delivery
-- stands for the admin's outbox. Rows of before this migration were sent
-- inline: a sent_at says sent, an error says failed, nothing says held.
ALTER TABLE outbox ADD COLUMN state TEXT NOT NULL DEFAULT 'queued'
    CHECK (state IN ('queued', 'retrying', 'sent', 'failed', 'held'));
ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN permanent BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE outbox ADD COLUMN updated_at TIMESTAMP NULL;
UPDATE outbox SET state = CASE WHEN sent_at IS NOT NULL THEN 'sent' WHEN error <> '' THEN 'failed' ELSE 'held' END,
    attempts = CASE WHEN sent_at IS NOT NULL OR error <> '' THEN 1 ELSE 0 END,
    updated_at = COALESCE(sent_at, created_at);
CREATE INDEX outbox_state ON outbox (state, created_at);

-- Files to remove from the media store: written in the transaction that
-- deletes what they belong to (a photo, a venue, an account), removed by the
-- periodic sweep, so that a rolled-back deletion keeps its files and a
-- committed one never leaves them behind.
CREATE TABLE blob_deletions (
    blob_key TEXT PRIMARY KEY,
    requested_at TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE blob_deletions;
DROP INDEX outbox_state;
ALTER TABLE outbox DROP COLUMN updated_at;
ALTER TABLE outbox DROP COLUMN permanent;
ALTER TABLE outbox DROP COLUMN attempts;
ALTER TABLE outbox DROP COLUMN state;
