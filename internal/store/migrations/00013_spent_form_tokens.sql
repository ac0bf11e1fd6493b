-- +goose Up
-- A public form's anti-spam token is good for one project: the project's
-- transaction records the token here, and the primary key refuses a second
-- project carrying it, whatever the number of concurrent replays. issued_at
-- is when the form was served; a row older than the token's lifetime is
-- pruned, the token being refused by its age by then.
CREATE TABLE spent_form_tokens (
    id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL,
    issued_at TIMESTAMP NOT NULL
);
CREATE INDEX spent_form_tokens_issued ON spent_form_tokens (issued_at);

-- +goose Down
DROP TABLE spent_form_tokens;
