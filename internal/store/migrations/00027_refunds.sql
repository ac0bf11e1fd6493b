-- +goose Up
-- Issue #18, credits that come back by themselves: what the refund sweep
-- and hooks read. Each sweep query reads one of these, never a whole table.

-- The outbox hook and the "bounced" sweep go from a failed e-mail to the
-- message (and so the request) it told the couple about.
CREATE INDEX messages_outbox ON messages (outbox_id);

-- The "unopened" sweep: the provider's messages still unread, by age. Only
-- unread provider messages are indexed, so the index stays as small as the
-- backlog of unanswered first messages.
CREATE INDEX messages_provider_unread ON messages (created_at, request_id)
    WHERE sender = 'provider' AND read_at IS NULL;

-- The "booked" sweep: projects closed recently, by when.
CREATE INDEX projects_outcome_at ON projects (outcome_at) WHERE outcome_at IS NOT NULL;

-- The cost per booked wedding: a provider's premium invoices by date
-- (00020's index is by date alone, for the admin's totals).
CREATE INDEX premium_invoices_user ON premium_invoices (user_id, paid_at);

-- +goose Down
DROP INDEX premium_invoices_user;
DROP INDEX projects_outcome_at;
DROP INDEX messages_provider_unread;
DROP INDEX messages_outbox;
