-- +goose Up
-- The whole venue listing of part 2: its social links and contact person,
-- the admin's validation, the features it offers, the services it sells with
-- their budgets, per-photo metadata of venue galleries, the venue a couple's
-- request is for, and the venue pages' views.
ALTER TABLE venues ADD COLUMN sn_facebook TEXT NOT NULL DEFAULT '';
ALTER TABLE venues ADD COLUMN sn_instagram TEXT NOT NULL DEFAULT '';
ALTER TABLE venues ADD COLUMN contact_name TEXT NOT NULL DEFAULT '';
ALTER TABLE venues ADD COLUMN contact_role TEXT NOT NULL DEFAULT '';
ALTER TABLE venues ADD COLUMN validated_at TIMESTAMP NULL;
CREATE INDEX venues_validation ON venues (is_validated, is_published, created_at);

-- The features a venue offers: a set, one row per feature it has. A change
-- also touches venues.updated_at so that the directory's change feed (which
-- watches venues by owner) reloads the owner's listings.
CREATE TABLE venue_features (
    venue_id TEXT NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
    feature TEXT NOT NULL CHECK (feature IN ('ceremonyAndReception', 'soundSystem', 'weddingLicense',
        'outdoorCeremony', 'confettiAllowed', 'receptionVenue', 'seaView', 'mountainView', 'cityView', 'garden',
        'parking', 'wheelchairAccessible', 'bridalSuite', 'catering', 'bar', 'tables', 'chairs', 'linens', 'china',
        'glassware', 'flatware', 'danceFloor', 'lighting', 'openFlameAllowed', 'petsAllowed', 'wifi')),
    PRIMARY KEY (venue_id, feature)
);
CREATE INDEX venue_features_feature ON venue_features (feature);

-- The services a venue sells (model.VenuePrestations), chosen from a fixed list.
CREATE TABLE venue_prestations (
    venue_id TEXT NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
    prestation TEXT NOT NULL CHECK (prestation IN ('venue_hire', 'wedding_package', 'catering', 'drinks',
        'accommodation', 'ceremony', 'brunch', 'decoration', 'coordination', 'entertainment')),
    PRIMARY KEY (venue_id, prestation)
);

-- A chosen service told in detail: what it includes and from what budget
-- (whole euros, or pounds on the UK domain), each part shown or hidden.
CREATE TABLE venue_prestation_details (
    id TEXT PRIMARY KEY,
    venue_id TEXT NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
    prestation TEXT NOT NULL,
    description TEXT NOT NULL,
    budget_starting_from INTEGER NOT NULL CHECK (budget_starting_from >= 0),
    is_description_visible BOOLEAN NOT NULL DEFAULT TRUE,
    is_budget_visible BOOLEAN NOT NULL DEFAULT TRUE,
    position INTEGER NOT NULL DEFAULT 0,
    FOREIGN KEY (venue_id, prestation) REFERENCES venue_prestations (venue_id, prestation) ON DELETE CASCADE
);
CREATE INDEX venue_prestation_details_venue ON venue_prestation_details (venue_id, position);

-- Venue photos carry what a page needs to describe them, and one of a
-- venue's photos may be its key image, shown first and on search results.
ALTER TABLE images ADD COLUMN alt TEXT NOT NULL DEFAULT '';
ALTER TABLE images ADD COLUMN caption TEXT NOT NULL DEFAULT '';
ALTER TABLE images ADD COLUMN is_key_image BOOLEAN NOT NULL DEFAULT FALSE;
CREATE UNIQUE INDEX images_venue_key ON images (venue_id) WHERE is_key_image;

-- The venue a request is for: the venue whose page the couple wrote from,
-- or the venue that matched a general venue search. NULL for planners.
ALTER TABLE event_requests ADD COLUMN venue_id TEXT NULL REFERENCES venues (id) ON DELETE SET NULL;

-- Venue page views: one row per visitor per day, as profile_views.
CREATE TABLE venue_views (
    venue_id TEXT NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    visitor TEXT NOT NULL,
    PRIMARY KEY (venue_id, day, visitor)
);

-- +goose Down
DROP TABLE venue_views;
ALTER TABLE event_requests DROP COLUMN venue_id;
DROP INDEX images_venue_key;
ALTER TABLE images DROP COLUMN is_key_image;
ALTER TABLE images DROP COLUMN caption;
ALTER TABLE images DROP COLUMN alt;
DROP TABLE venue_prestation_details;
DROP TABLE venue_prestations;
DROP TABLE venue_features;
DROP INDEX venues_validation;
ALTER TABLE venues DROP COLUMN validated_at;
ALTER TABLE venues DROP COLUMN contact_role;
ALTER TABLE venues DROP COLUMN contact_name;
ALTER TABLE venues DROP COLUMN sn_instagram;
ALTER TABLE venues DROP COLUMN sn_facebook;
