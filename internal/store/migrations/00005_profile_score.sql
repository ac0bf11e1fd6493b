-- +goose Up
-- How complete a profile is (0-100), kept up to date by the services that
-- change it, so the directory can sort on it without joining everything.
ALTER TABLE companies ADD COLUMN profile_score INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE companies DROP COLUMN profile_score;
