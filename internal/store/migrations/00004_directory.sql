-- +goose Up
-- A venue's listing: ROLE_VENUE users manage one or more.
CREATE TABLE venues (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL REFERENCES users (id),
    name TEXT NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    type TEXT NOT NULL CHECK (type IN ('boat', 'castle', 'domain', 'farm', 'hotel', 'place_of_worship', 'reception_hall', 'restaurant', 'unusual')),
    email TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    address TEXT NOT NULL DEFAULT '',
    zipcode TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    country_code TEXT NOT NULL DEFAULT '',
    latitude DOUBLE PRECISION NULL,
    longitude DOUBLE PRECISION NULL,
    description TEXT NOT NULL DEFAULT '',
    detailed_description TEXT NOT NULL DEFAULT '',
    seated_capacity INTEGER NOT NULL DEFAULT 0 CHECK (seated_capacity >= 0),
    standing_capacity INTEGER NOT NULL DEFAULT 0 CHECK (standing_capacity >= 0),
    bedrooms INTEGER NULL CHECK (bedrooms >= 0),
    min_price INTEGER NOT NULL DEFAULT 0 CHECK (min_price >= 0),
    max_price INTEGER NOT NULL DEFAULT 0 CHECK (max_price >= 0),
    website TEXT NOT NULL DEFAULT '',
    is_published BOOLEAN NOT NULL DEFAULT FALSE,
    is_validated BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX venues_owner ON venues (owner_id);
-- Directory search narrows by country and a latitude band first.
CREATE INDEX venues_geo ON venues (country_code, latitude);
CREATE INDEX companies_geo ON companies (country_code, latitude);

-- The review form's secret address (reviewFormUrl), one per provider.
ALTER TABLE companies ADD COLUMN review_token TEXT NULL;
CREATE UNIQUE INDEX companies_review_token ON companies (review_token);

-- Reviews of providers written by couples and guests; shown once approved.
CREATE TABLE reviews (
    id TEXT PRIMARY KEY,
    provider_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    reviewer_name TEXT NOT NULL,
    reviewer_type TEXT NOT NULL CHECK (reviewer_type IN ('couple', 'guest', 'parents', 'provider', 'other')),
    wedding_date TEXT NULL,
    photo_key TEXT NOT NULL DEFAULT '',
    email_key TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    created_at TIMESTAMP NOT NULL,
    moderated_at TIMESTAMP NULL,
    UNIQUE (provider_id, email_key)
);
CREATE INDEX reviews_provider ON reviews (provider_id, status, created_at);
CREATE INDEX reviews_status ON reviews (status, created_at);

-- The languages a couple wants, as a set.
CREATE TABLE project_languages (
    project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    code TEXT NOT NULL CHECK (code IN ('de', 'en', 'es', 'fr', 'it', 'nl', 'pt')),
    PRIMARY KEY (project_id, code)
);
ALTER TABLE projects DROP COLUMN languages;

-- Why a provider was refused at moderation, shown to them.
ALTER TABLE users ADD COLUMN moderation_note TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN moderated_at TIMESTAMP NULL;

-- +goose Down
ALTER TABLE users DROP COLUMN moderated_at;
ALTER TABLE users DROP COLUMN moderation_note;
ALTER TABLE projects ADD COLUMN languages TEXT NOT NULL DEFAULT '';
DROP TABLE project_languages;
DROP TABLE reviews;
DROP INDEX companies_review_token;
ALTER TABLE companies DROP COLUMN review_token;
DROP INDEX companies_geo;
DROP TABLE venues;
