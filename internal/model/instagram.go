package model

import (
	"database/sql"
	"time"
)

// Instagram connection states.
const (
	InstagramSynced  = "synced"
	InstagramExpired = "expired"
)

// InstagramAccount is a provider's Instagram connection; TokenSealed is the
// access token sealed at rest, never the token itself.
type InstagramAccount struct {
	UserID           string       `db:"user_id"`
	IGUserID         string       `db:"ig_user_id"`
	TokenSealed      string       `db:"token_sealed"`
	TokenExpiresAt   time.Time    `db:"token_expires_at"`
	TokenRefreshedAt time.Time    `db:"token_refreshed_at"`
	Status           string       `db:"status"`
	LastSyncAt       sql.NullTime `db:"last_sync_at"`
	CreatedAt        time.Time    `db:"created_at"`
	UpdatedAt        time.Time    `db:"updated_at"`
}

// InstagramPost is one synced post: its picture in media storage and its
// link on Instagram.
type InstagramPost struct {
	ID        string    `db:"id"`
	UserID    string    `db:"user_id"`
	MediaID   string    `db:"media_id"`
	Permalink string    `db:"permalink"`
	Caption   string    `db:"caption"`
	ImageKey  string    `db:"image_key"`
	Width     int       `db:"width"`
	Height    int       `db:"height"`
	PostedAt  time.Time `db:"posted_at"`
	Position  int       `db:"position"`
}
