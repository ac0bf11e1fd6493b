-- +goose Up
-- Issue #18: a conversation is read oldest first, ties broken by id. With
-- the id in the index both engines read the rows in that order instead of
-- sorting them (SQLite's sorter on every opening of a long conversation).
CREATE INDEX messages_request_order ON messages (request_id, created_at, id);
DROP INDEX messages_request;

-- +goose Down
CREATE INDEX messages_request ON messages (request_id, created_at);
DROP INDEX messages_request_order;
