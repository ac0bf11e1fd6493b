-- +goose Up
-- Issue #19, reviews couples and professionals trust: a request the provider
-- marks as booked, the couple's invitation to review 7 days after the event
-- (verified booking), and the provider's public reply to a review.

-- booked_at: the provider said the couple booked it (undone to NULL until
-- the invitation is sent).
ALTER TABLE event_requests ADD COLUMN booked_at TIMESTAMP NULL;
-- The invitation sweep reads booked requests by event date, from either
-- side: the provider's mark or the couple's outcome.
CREATE INDEX event_requests_booked ON event_requests (event_date) WHERE booked_at IS NOT NULL;
CREATE INDEX projects_booked_provider ON projects (event_date) WHERE outcome = 'booked_provider';

-- One invitation per request, ever: the primary key is what makes the
-- e-mail go once however many sweeps run at once. Only the SHA-256 of the
-- link's token is kept; used_at is when the couple wrote its review.
CREATE TABLE review_invitations (
    request_id TEXT PRIMARY KEY REFERENCES event_requests (id),
    provider_id TEXT NOT NULL REFERENCES users (id),
    token_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP NULL
);

-- request_id: the review came through the request's invitation, a verified
-- booking (NULL for the general link). One verified review per request.
ALTER TABLE reviews ADD COLUMN request_id TEXT NULL;
CREATE UNIQUE INDEX reviews_request ON reviews (request_id) WHERE request_id IS NOT NULL;
-- The provider's one public reply (empty: none), and an admin's hiding of it.
ALTER TABLE reviews ADD COLUMN reply TEXT NOT NULL DEFAULT '';
ALTER TABLE reviews ADD COLUMN replied_at TIMESTAMP NULL;
ALTER TABLE reviews ADD COLUMN reply_hidden_at TIMESTAMP NULL;

-- +goose Down
ALTER TABLE reviews DROP COLUMN reply_hidden_at;
ALTER TABLE reviews DROP COLUMN replied_at;
ALTER TABLE reviews DROP COLUMN reply;
DROP INDEX reviews_request;
ALTER TABLE reviews DROP COLUMN request_id;
DROP TABLE review_invitations;
DROP INDEX projects_booked_provider;
DROP INDEX event_requests_booked;
ALTER TABLE event_requests DROP COLUMN booked_at;
