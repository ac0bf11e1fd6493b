-- +goose Up
-- Issue #18, conversations: the couple's private links, the conversation's
-- end, the providers' saved replies, the first answer for the answer rate and
-- the indexes of the unread counts. The messages table is 00024's.

-- The couple's links to a conversation. Each e-mail telling the couple of a
-- provider's message carries a fresh link; only its SHA-256 is kept, so the
-- database alone opens no conversation. A link opens its request only; it
-- expires with the request (conversation.TokenExpiry) and revoked_at ends it.
CREATE TABLE conversation_tokens (
    token_hash TEXT PRIMARY KEY,
    request_id TEXT NOT NULL REFERENCES event_requests (id),
    created_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP NULL
);
CREATE INDEX conversation_tokens_request ON conversation_tokens (request_id);

-- stopped_at: the couple (or an admin) ended the conversation: its links are
-- revoked and the provider can write no more. first_answer_at is the
-- provider's first message; answered_48h says it came within 48 hours of the
-- request, the dashboard's answer rate (a flag written once, so the rate is
-- a plain count on both engines).
ALTER TABLE event_requests ADD COLUMN conversation_stopped_at TIMESTAMP NULL;
ALTER TABLE event_requests ADD COLUMN first_answer_at TIMESTAMP NULL;
ALTER TABLE event_requests ADD COLUMN answered_48h BOOLEAN NOT NULL DEFAULT FALSE;

-- The unread counts read only the messages nobody has read yet.
CREATE INDEX messages_unread ON messages (request_id, sender) WHERE read_at IS NULL;

-- A provider's saved replies: a few (conversation.MaxTemplates), a name and
-- a body with {firstname} {date} {city} placeholders.
CREATE TABLE reply_templates (
    id TEXT PRIMARY KEY,
    provider_id TEXT NOT NULL REFERENCES users (id),
    name TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX reply_templates_provider ON reply_templates (provider_id, created_at);

-- +goose Down
DROP TABLE reply_templates;
DROP INDEX messages_unread;
ALTER TABLE event_requests DROP COLUMN answered_48h;
ALTER TABLE event_requests DROP COLUMN first_answer_at;
ALTER TABLE event_requests DROP COLUMN conversation_stopped_at;
DROP TABLE conversation_tokens;
