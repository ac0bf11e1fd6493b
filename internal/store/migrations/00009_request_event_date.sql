-- +goose Up
-- A provider's requests sorted by event date (providers with thousands of
-- requests among 1,000,000): the date is copied from the project, which
-- never changes once sent, so the page's ids come from one index of the
-- provider's own requests instead of a lookup per project. bench/README.md
-- has the figures.
ALTER TABLE event_requests ADD COLUMN event_date TEXT NOT NULL DEFAULT '';
UPDATE event_requests SET event_date = (SELECT p.event_date FROM projects p WHERE p.id = event_requests.project_id);
CREATE INDEX event_requests_provider_event ON event_requests (provider_id, event_date, id);
DROP INDEX projects_id_event_date;

-- +goose Down
CREATE INDEX projects_id_event_date ON projects (id, event_date);
DROP INDEX event_requests_provider_event;
ALTER TABLE event_requests DROP COLUMN event_date;
