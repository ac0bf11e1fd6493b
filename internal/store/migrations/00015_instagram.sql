-- +goose Up
-- A provider's Instagram connection (Instagram API with Instagram Login).
-- token_sealed is the long-lived access token sealed with AES-GCM under a key
-- derived from the server's token key: a copy of the database alone gives no
-- access to anybody's Instagram. status is 'synced' while the token works and
-- 'expired' once Instagram refused it (Graph API error 190); revoking deletes
-- the row and the posts.
CREATE TABLE instagram_accounts (
    user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    ig_user_id TEXT NOT NULL,
    token_sealed TEXT NOT NULL,
    token_expires_at TIMESTAMP NOT NULL,
    token_refreshed_at TIMESTAMP NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('synced', 'expired')),
    last_sync_at TIMESTAMP NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX instagram_accounts_status ON instagram_accounts (status);

-- The latest posts of a connected account, their pictures copied into media
-- storage (Instagram's own URLs expire and the public pages' CSP loads no
-- outside image). position 0 is the newest.
CREATE TABLE instagram_posts (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    media_id TEXT NOT NULL,
    permalink TEXT NOT NULL,
    caption TEXT NOT NULL DEFAULT '',
    image_key TEXT NOT NULL,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    posted_at TIMESTAMP NOT NULL,
    position INTEGER NOT NULL,
    UNIQUE (user_id, media_id)
);
CREATE INDEX instagram_posts_user ON instagram_posts (user_id, position);

-- +goose Down
DROP TABLE instagram_posts;
DROP TABLE instagram_accounts;
