-- +goose Up
-- Issue #18: what the couple's confirmation, the conversations, the unlock
-- cap, the automatic refunds and the outcomes share. Each part's own tables
-- and indexes come in the migrations after this one.

-- A project reaches providers only once the couple has confirmed its
-- e-mail; projects sent before this migration reached them at once.
ALTER TABLE projects ADD COLUMN confirmed_at TIMESTAMP NULL;
UPDATE projects SET confirmed_at = created_at;

-- How the couple closed its project. booked_provider names the request of
-- the provider it booked (outcome_request_id); the others name none.
ALTER TABLE projects ADD COLUMN outcome TEXT NULL
    CHECK (outcome IN ('booked_provider', 'booked_other', 'postponed', 'still_looking'));
ALTER TABLE projects ADD COLUMN outcome_request_id TEXT NULL;
ALTER TABLE projects ADD COLUMN outcome_at TIMESTAMP NULL;

-- A credit spent on a request comes back by itself once, for one reason:
-- the couple's address refused the provider's first message (bounced), the
-- couple did not open it within 72 hours (unopened), or the couple said
-- within 24 hours of the unlock that it had booked someone (booked).
ALTER TABLE event_requests ADD COLUMN refunded_at TIMESTAMP NULL;
ALTER TABLE event_requests ADD COLUMN refund_reason TEXT NULL
    CHECK (refund_reason IN ('bounced', 'unopened', 'booked'));

-- A conversation is the messages of one request: the provider's and the
-- couple's, plain text stored once. read_at is when the other side first
-- read it; outbox_id the e-mail that told the other side of it, whose
-- delivery state says whether the couple's address refused it.
CREATE TABLE messages (
    id TEXT PRIMARY KEY,
    request_id TEXT NOT NULL REFERENCES event_requests (id),
    sender TEXT NOT NULL CHECK (sender IN ('provider', 'couple')),
    body TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    read_at TIMESTAMP NULL,
    outbox_id TEXT NULL
);
CREATE INDEX messages_request ON messages (request_id, created_at);

-- +goose Down
DROP TABLE messages;
ALTER TABLE event_requests DROP COLUMN refund_reason;
ALTER TABLE event_requests DROP COLUMN refunded_at;
ALTER TABLE projects DROP COLUMN outcome_at;
ALTER TABLE projects DROP COLUMN outcome_request_id;
ALTER TABLE projects DROP COLUMN outcome;
ALTER TABLE projects DROP COLUMN confirmed_at;
