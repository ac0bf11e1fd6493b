-- +goose Up
-- The nine service types of planners. Ids are stable: clients send them.
CREATE TABLE prestations (
    id INTEGER PRIMARY KEY,
    type TEXT NOT NULL UNIQUE
);
INSERT INTO prestations (id, type) VALUES
    (1, 'CONSULTING_SERVICES'), (2, 'CORPORATE_EVENTS'), (3, 'DAY_COORDINATION'),
    (4, 'FULL_PLANNING'), (5, 'PARTIAL_PLANNING'), (6, 'PRIVATE_EVENTS'),
    (7, 'SECULAR_CEREMONY'), (8, 'VENDOR_SEARCH'), (9, 'WEDDING_DESIGN');

-- The seven languages a provider may speak with couples.
CREATE TABLE langues (
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL UNIQUE
);
INSERT INTO langues (id, code) VALUES (1, 'de'), (2, 'en'), (3, 'es'), (4, 'fr'), (5, 'it'), (6, 'nl'), (7, 'pt');

-- A provider's services, each with its description and starting budget.
CREATE TABLE company_prestations (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    prestation_id INTEGER NOT NULL REFERENCES prestations (id),
    description TEXT NOT NULL DEFAULT '',
    budget_starting_from INTEGER NULL CHECK (budget_starting_from >= 0),
    is_description_visible BOOLEAN NOT NULL DEFAULT TRUE,
    is_budget_visible BOOLEAN NOT NULL DEFAULT TRUE,
    PRIMARY KEY (user_id, prestation_id)
);
CREATE INDEX company_prestations_prestation ON company_prestations (prestation_id);

CREATE TABLE company_langues (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    langue_id INTEGER NOT NULL REFERENCES langues (id),
    PRIMARY KEY (user_id, langue_id)
);
CREATE INDEX company_langues_langue ON company_langues (langue_id);

-- Public profile views: one row per visitor per day. The visitor is a keyed
-- hash of address and browser that changes every day, so no personal data
-- is kept and no consent banner is needed.
CREATE TABLE profile_views (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    visitor TEXT NOT NULL,
    PRIMARY KEY (user_id, day, visitor)
);

CREATE TABLE promotional_alerts (
    id TEXT PRIMARY KEY,
    audience TEXT NOT NULL CHECK (audience IN ('planner', 'venue')),
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    button_text TEXT NOT NULL DEFAULT '',
    button_link TEXT NOT NULL DEFAULT '',
    is_active BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX promotional_alerts_active ON promotional_alerts (audience, is_active);

CREATE TABLE promotional_popups (
    id TEXT PRIMARY KEY,
    audience TEXT NOT NULL CHECK (audience IN ('planner', 'venue')),
    title TEXT NOT NULL,
    description_html TEXT NOT NULL,
    image_url TEXT NOT NULL DEFAULT '',
    button_text TEXT NOT NULL DEFAULT '',
    button_link TEXT NOT NULL DEFAULT '',
    show_once_per_user BOOLEAN NOT NULL DEFAULT TRUE,
    is_active BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX promotional_popups_active ON promotional_popups (audience, is_active);

-- A couple's project, from a public form; matched to providers as event requests.
CREATE TABLE projects (
    id TEXT PRIMARY KEY,
    domain TEXT NOT NULL,
    event_type TEXT NOT NULL,
    event_date TEXT NOT NULL,
    service_type TEXT NOT NULL,
    event_location TEXT NOT NULL DEFAULT '',
    event_city TEXT NOT NULL DEFAULT '',
    event_zipcode TEXT NOT NULL DEFAULT '',
    event_country TEXT NOT NULL DEFAULT '',
    event_latitude DOUBLE PRECISION NULL,
    event_longitude DOUBLE PRECISION NULL,
    budget_range TEXT NOT NULL DEFAULT '',
    guest_range TEXT NOT NULL DEFAULT '',
    languages TEXT NOT NULL DEFAULT '',
    has_theme BOOLEAN NOT NULL DEFAULT FALSE,
    wedding_theme TEXT NOT NULL DEFAULT '',
    message TEXT NOT NULL DEFAULT '',
    firstname TEXT NOT NULL,
    lastname TEXT NOT NULL,
    email TEXT NOT NULL,
    phone TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL
);

-- One project sent to one provider. Locked until unlocked (a credit, or
-- premium); rejected with a reason; seen when first opened.
CREATE TABLE event_requests (
    id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL REFERENCES projects (id),
    provider_id TEXT NOT NULL REFERENCES users (id),
    created_at TIMESTAMP NOT NULL,
    seen_at TIMESTAMP NULL,
    unlocked_at TIMESTAMP NULL,
    rejected_at TIMESTAMP NULL,
    rejection_reason TEXT NULL CHECK (rejection_reason IN ('budget', 'location', 'not_available', 'not_qualified', 'not_sufficient_infos', 'other', 'questionable')),
    UNIQUE (project_id, provider_id),
    CHECK (NOT (unlocked_at IS NOT NULL AND rejected_at IS NOT NULL AND unlocked_at > rejected_at))
);
CREATE INDEX event_requests_provider ON event_requests (provider_id, created_at);

-- +goose Down
DROP TABLE event_requests;
DROP TABLE projects;
DROP TABLE promotional_popups;
DROP TABLE promotional_alerts;
DROP TABLE profile_views;
DROP TABLE company_langues;
DROP TABLE company_prestations;
DROP TABLE langues;
DROP TABLE prestations;
