-- +goose Up
-- Issue #19, availability: the days a provider cannot take a wedding, and the
-- secret of its private calendar feed.

-- One row per day a company (a planner, or a venue owner for itself) or one
-- of its venues is taken. venue_id NULL is the company itself; each venue is
-- its own calendar. day is YYYY-MM-DD text, like event_requests.event_date,
-- so both engines compare it as text and a request's date joins it directly.
-- A free day has no row.
CREATE TABLE availability_days (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    venue_id TEXT NULL REFERENCES venues (id) ON DELETE CASCADE,
    day TEXT NOT NULL CHECK (length(day) = 10),
    status TEXT NOT NULL CHECK (status IN ('booked', 'unavailable')),
    source TEXT NOT NULL CHECK (source IN ('manual', 'import')),
    created_at TIMESTAMP NOT NULL
);
-- One row per calendar and day. NULLs are distinct in a UNIQUE constraint on
-- both engines, so the company's own calendar has its partial index; both
-- also serve a calendar's month.
CREATE UNIQUE INDEX availability_days_company ON availability_days (user_id, day) WHERE venue_id IS NULL;
CREATE UNIQUE INDEX availability_days_venue ON availability_days (user_id, venue_id, day) WHERE venue_id IS NOT NULL;
-- Matching: who is busy on day D.
CREATE INDEX availability_days_day ON availability_days (day, user_id, venue_id);

-- The private .ics feed: one per company, listing its own days and all its
-- venues'. Only the SHA-256 of the secret in the URL is kept, so the database
-- alone opens no feed; renewing replaces the row and the old URL is dead.
CREATE TABLE availability_feeds (
    user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE availability_feeds;
DROP INDEX availability_days_day;
DROP INDEX availability_days_venue;
DROP INDEX availability_days_company;
DROP TABLE availability_days;
