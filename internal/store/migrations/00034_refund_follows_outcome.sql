-- +goose Up
-- A refund follows the couple's last outcome: a credit that came back
-- because the couple had booked someone else is taken back when the couple
-- then says it booked this provider (or has booked nobody after all), and
-- comes back again when it changes back. Every movement is its own ledger
-- row, once.

-- When the couple first said it booked someone other than this request's
-- provider: the 24-hour rule reads this first word, so a couple that
-- changes its mind and back again is judged by when it first said it,
-- whatever the order the checks ran in.
ALTER TABLE event_requests ADD COLUMN booked_elsewhere_at TIMESTAMP NULL;
UPDATE event_requests SET booked_elsewhere_at = (SELECT p.outcome_at FROM projects p
    WHERE p.id = event_requests.project_id
    AND (p.outcome = 'booked_other' OR (p.outcome = 'booked_provider' AND p.outcome_request_id <> event_requests.id)));

-- How many refund rows (credits back, credits taken back) the request's
-- ledger holds: the next one's reference is refund:<id>:<n+1>, the first
-- one's refund:<id> as before. The credit is back while refunded_at is set.
ALTER TABLE event_requests ADD COLUMN refund_moves INTEGER NOT NULL DEFAULT 0 CHECK (refund_moves >= 0);
UPDATE event_requests SET refund_moves = 1 WHERE refunded_at IS NOT NULL;

-- A take-back found the provider's balance at zero (it never goes below,
-- users.credits >= 0): the provider keeps that credit, and the request's
-- refund moves no more.
ALTER TABLE event_requests ADD COLUMN refund_kept_at TIMESTAMP NULL;

-- +goose Down
ALTER TABLE event_requests DROP COLUMN refund_kept_at;
ALTER TABLE event_requests DROP COLUMN refund_moves;
ALTER TABLE event_requests DROP COLUMN booked_elsewhere_at;
