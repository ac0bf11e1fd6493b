-- +goose Up
-- Indexes for the reads that grow with the data: a provider's list of event
-- requests (1,000,000 requests, providers with thousands) and the public
-- directory search (100,000 providers). bench/README.md has the figures.

-- A provider's requests: the counts (total, opened), the pages by date
-- received and the project of each come from this index alone. It starts
-- like event_requests_provider, which it replaces.
CREATE INDEX event_requests_provider_list ON event_requests (provider_id, created_at, id, project_id, seen_at);
DROP INDEX event_requests_provider;
-- Sorting a provider's requests by event date looks each project's date up here.
CREATE INDEX projects_id_event_date ON projects (id, event_date);

-- +goose Down
DROP INDEX projects_id_event_date;
CREATE INDEX event_requests_provider ON event_requests (provider_id, created_at);
DROP INDEX event_requests_provider_list;
