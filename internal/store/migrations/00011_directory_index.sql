-- +goose Up
-- The directory search now runs over an in-memory index kept current by the
-- change feed of migration 10 (store/directory_index.go): the wide indexes
-- made for searching in SQL (migration 00008) only slow down the writes.
-- The services' and languages' own indexes are kept narrow, for their
-- foreign keys.
DROP INDEX companies_rank;
DROP INDEX companies_near;
DROP INDEX companies_directory;
CREATE INDEX company_prestations_prestation ON company_prestations (prestation_id);
DROP INDEX company_prestations_directory;
CREATE INDEX company_langues_langue ON company_langues (langue_id);
DROP INDEX company_langues_directory;

-- +goose Down
CREATE INDEX company_langues_directory ON company_langues (langue_id, user_id);
DROP INDEX company_langues_langue;
CREATE INDEX company_prestations_directory ON company_prestations (prestation_id, budget_starting_from, user_id);
DROP INDEX company_prestations_prestation;
CREATE INDEX companies_directory ON companies (country_code, user_id, siret_status, profile_score, name);
CREATE INDEX companies_near ON companies (country_code, latitude, longitude, siret_status, user_id, profile_score, name);
CREATE INDEX companies_rank ON companies (country_code, profile_score DESC, name, user_id, siret_status);
