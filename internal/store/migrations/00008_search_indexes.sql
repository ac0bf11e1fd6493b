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

-- The directory search (store.SearchProviders). Each index holds every
-- column its step reads, so counting tens of thousands of matches reads no
-- table row.
-- Visible planners by id, with what premium depends on: counts start here,
-- and every company row met on a walk is checked here. Replaces
-- users_role_moderated, its prefix.
CREATE INDEX users_directory ON users (role, is_moderated, deleted_at, id, premium_status, premium_end_at);
DROP INDEX users_role_moderated;
-- A provider's company, looked up by user: country, SIRET, rank.
CREATE INDEX companies_directory ON companies (country_code, user_id, siret_status, profile_score, name);
-- The directory's order without a place: walked from the top for a page.
CREATE INDEX companies_rank ON companies (country_code, profile_score DESC, name, user_id, siret_status);
-- A band of latitude around a place, then the rest of the distance and the
-- rank. Replaces companies_geo, its prefix.
CREATE INDEX companies_near ON companies (country_code, latitude, longitude, siret_status, user_id, profile_score, name);
DROP INDEX companies_geo;
-- The providers offering a service (within a budget), and those speaking a
-- language. They replace the indexes on prestation_id and langue_id alone.
CREATE INDEX company_prestations_directory ON company_prestations (prestation_id, budget_starting_from, user_id);
DROP INDEX company_prestations_prestation;
CREATE INDEX company_langues_directory ON company_langues (langue_id, user_id);
DROP INDEX company_langues_langue;

-- +goose Down
CREATE INDEX company_langues_langue ON company_langues (langue_id);
DROP INDEX company_langues_directory;
CREATE INDEX company_prestations_prestation ON company_prestations (prestation_id);
DROP INDEX company_prestations_directory;
CREATE INDEX companies_geo ON companies (country_code, latitude);
DROP INDEX companies_near;
DROP INDEX companies_rank;
DROP INDEX companies_directory;
CREATE INDEX users_role_moderated ON users (role, is_moderated);
DROP INDEX users_directory;
DROP INDEX projects_id_event_date;
CREATE INDEX event_requests_provider ON event_requests (provider_id, created_at);
DROP INDEX event_requests_provider_list;
