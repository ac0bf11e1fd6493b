-- +goose Up
-- Photos of a provider's gallery, or of one of a venue's listings when
-- venue_id is set. Every photo is stored twice in blob storage, re-encoded:
-- the large picture (longer side at most 1200) and a thumbnail for lists.
CREATE TABLE images (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    venue_id TEXT NULL REFERENCES venues (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    is_visible BOOLEAN NOT NULL DEFAULT TRUE,
    position INTEGER NOT NULL DEFAULT 0,
    image_key TEXT NOT NULL,
    width INTEGER NOT NULL CHECK (width > 0),
    height INTEGER NOT NULL CHECK (height > 0),
    thumb_key TEXT NOT NULL,
    thumb_width INTEGER NOT NULL CHECK (thumb_width > 0),
    thumb_height INTEGER NOT NULL CHECK (thumb_height > 0),
    byte_size INTEGER NOT NULL CHECK (byte_size > 0),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX images_owner ON images (owner_id, created_at);
CREATE INDEX images_venue ON images (venue_id, position);

-- Videos hosted by YouTube or Vimeo: the link is kept as the host and the
-- video's id there, never as the pasted text.
CREATE TABLE videos (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    venue_id TEXT NULL REFERENCES venues (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    host TEXT NOT NULL CHECK (host IN ('youtube', 'vimeo')),
    external_id TEXT NOT NULL,
    is_visible BOOLEAN NOT NULL DEFAULT TRUE,
    position INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX videos_owner ON videos (owner_id, created_at);
CREATE INDEX videos_venue ON videos (venue_id, position);

-- A wedding the provider organised, told with photos. Budgets in whole euros.
CREATE TABLE portfolios (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    wedding_date TEXT NOT NULL,
    total_budget INTEGER NOT NULL DEFAULT 0 CHECK (total_budget >= 0),
    planner_budget INTEGER NOT NULL DEFAULT 0 CHECK (planner_budget >= 0),
    number_of_guests INTEGER NOT NULL CHECK (number_of_guests >= 1),
    location TEXT NOT NULL,
    city TEXT NOT NULL DEFAULT '',
    postal_code TEXT NOT NULL DEFAULT '',
    country_code TEXT NOT NULL DEFAULT '',
    latitude DOUBLE PRECISION NULL,
    longitude DOUBLE PRECISION NULL,
    style TEXT NOT NULL,
    is_budget_hidden BOOLEAN NOT NULL DEFAULT FALSE,
    is_published BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX portfolios_owner ON portfolios (owner_id, created_at);

CREATE TABLE portfolio_prestations (
    portfolio_id TEXT NOT NULL REFERENCES portfolios (id) ON DELETE CASCADE,
    prestation_id INTEGER NOT NULL REFERENCES prestations (id),
    PRIMARY KEY (portfolio_id, prestation_id)
);

CREATE TABLE portfolio_images (
    id TEXT PRIMARY KEY,
    portfolio_id TEXT NOT NULL REFERENCES portfolios (id) ON DELETE CASCADE,
    caption TEXT NOT NULL DEFAULT '',
    position INTEGER NOT NULL DEFAULT 0,
    is_key_image BOOLEAN NOT NULL DEFAULT FALSE,
    image_key TEXT NOT NULL,
    width INTEGER NOT NULL CHECK (width > 0),
    height INTEGER NOT NULL CHECK (height > 0),
    thumb_key TEXT NOT NULL,
    thumb_width INTEGER NOT NULL CHECK (thumb_width > 0),
    thumb_height INTEGER NOT NULL CHECK (thumb_height > 0),
    byte_size INTEGER NOT NULL CHECK (byte_size > 0),
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX portfolio_images_portfolio ON portfolio_images (portfolio_id, position);
-- At most one key image per portfolio, whatever the concurrency.
CREATE UNIQUE INDEX portfolio_images_key ON portfolio_images (portfolio_id) WHERE is_key_image = TRUE;

-- The four rich-text sections of a provider's portrait, sanitised HTML.
CREATE TABLE portraits (
    user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    portrait TEXT NOT NULL DEFAULT '',
    experience TEXT NOT NULL DEFAULT '',
    service TEXT NOT NULL DEFAULT '',
    benefits TEXT NOT NULL DEFAULT '',
    updated_at TIMESTAMP NOT NULL
);

-- Fingerprints of the long texts of portraits and portfolios: a text may be
-- used once in the whole directory, so copied text is refused.
CREATE TABLE text_fingerprints (
    fingerprint TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    source TEXT NOT NULL
);
CREATE INDEX text_fingerprints_source ON text_fingerprints (user_id, source);

-- A provider's profiles on six social networks, normalised URLs ('' for none).
CREATE TABLE social_links (
    user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    facebook TEXT NOT NULL DEFAULT '',
    instagram TEXT NOT NULL DEFAULT '',
    twitter TEXT NOT NULL DEFAULT '',
    tiktok TEXT NOT NULL DEFAULT '',
    linkedin TEXT NOT NULL DEFAULT '',
    pinterest TEXT NOT NULL DEFAULT '',
    updated_at TIMESTAMP NOT NULL
);

-- Photo and portfolio views: one row per visitor per day, the visitor being
-- the same daily keyed hash as for profile views (no personal data kept).
CREATE TABLE image_views (
    image_id TEXT NOT NULL REFERENCES images (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    visitor TEXT NOT NULL,
    PRIMARY KEY (image_id, day, visitor)
);

CREATE TABLE portfolio_views (
    portfolio_id TEXT NOT NULL REFERENCES portfolios (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    visitor TEXT NOT NULL,
    PRIMARY KEY (portfolio_id, day, visitor)
);
CREATE INDEX portfolio_views_day ON portfolio_views (day);

-- +goose Down
DROP TABLE portfolio_views;
DROP TABLE image_views;
DROP TABLE social_links;
DROP TABLE text_fingerprints;
DROP TABLE portraits;
DROP TABLE portfolio_images;
DROP TABLE portfolio_prestations;
DROP TABLE portfolios;
DROP TABLE videos;
DROP TABLE images;
