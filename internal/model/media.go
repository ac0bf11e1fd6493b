package model

import (
	"database/sql"
	"time"
)

// ImageFile is a stored photo's two files in blob storage, the large one and
// its thumbnail, with their sizes: the columns every table of photos has.
type ImageFile struct {
	ImageKey    string `db:"image_key"`
	Width       int    `db:"width"`
	Height      int    `db:"height"`
	ThumbKey    string `db:"thumb_key"`
	ThumbWidth  int    `db:"thumb_width"`
	ThumbHeight int    `db:"thumb_height"`
	ByteSize    int    `db:"byte_size"` // of the large file
}

// Image is a photo of a provider's gallery, or of a venue when VenueID is set.
type Image struct {
	ID          string         `db:"id"`
	OwnerID     string         `db:"owner_id"`
	VenueID     sql.NullString `db:"venue_id"`
	Title       string         `db:"title"`
	Description string         `db:"description"`
	IsVisible   bool           `db:"is_visible"`
	Position    int            `db:"position"`
	// Alt, Caption and IsKeyImage describe a venue's photos (migration 00016).
	Alt        string `db:"alt"`
	Caption    string `db:"caption"`
	IsKeyImage bool   `db:"is_key_image"`
	ImageFile
	CreatedAt time.Time `db:"created_at"`
	UpdatedAt time.Time `db:"updated_at"`
}

// Video is a YouTube or Vimeo video of a provider, or of a venue.
type Video struct {
	ID          string         `db:"id"`
	OwnerID     string         `db:"owner_id"`
	VenueID     sql.NullString `db:"venue_id"`
	Title       string         `db:"title"`
	Description string         `db:"description"`
	Host        string         `db:"host"`
	ExternalID  string         `db:"external_id"`
	IsVisible   bool           `db:"is_visible"`
	Position    int            `db:"position"`
	CreatedAt   time.Time      `db:"created_at"`
	UpdatedAt   time.Time      `db:"updated_at"`
}

// Portfolio is a wedding a provider organised, told with photos.
type Portfolio struct {
	ID             string          `db:"id"`
	OwnerID        string          `db:"owner_id"`
	Title          string          `db:"title"`
	Description    string          `db:"description"`
	WeddingDate    string          `db:"wedding_date"`
	TotalBudget    int64           `db:"total_budget"`
	PlannerBudget  int64           `db:"planner_budget"`
	NumberOfGuests int             `db:"number_of_guests"`
	Location       string          `db:"location"`
	City           string          `db:"city"`
	PostalCode     string          `db:"postal_code"`
	CountryCode    string          `db:"country_code"`
	Latitude       sql.NullFloat64 `db:"latitude"`
	Longitude      sql.NullFloat64 `db:"longitude"`
	Style          string          `db:"style"`
	IsBudgetHidden bool            `db:"is_budget_hidden"`
	IsPublished    bool            `db:"is_published"`
	CreatedAt      time.Time       `db:"created_at"`
	UpdatedAt      time.Time       `db:"updated_at"`
}

// PortfolioImage is one photo of a portfolio.
type PortfolioImage struct {
	ID          string `db:"id"`
	PortfolioID string `db:"portfolio_id"`
	Caption     string `db:"caption"`
	Position    int    `db:"position"`
	IsKeyImage  bool   `db:"is_key_image"`
	ImageFile
	CreatedAt time.Time `db:"created_at"`
}

// Portrait is a provider's four rich-text sections (sanitised HTML).
type Portrait struct {
	UserID     string    `db:"user_id"`
	Portrait   string    `db:"portrait"`
	Experience string    `db:"experience"`
	Service    string    `db:"service"`
	Benefits   string    `db:"benefits"`
	UpdatedAt  time.Time `db:"updated_at"`
}

// TextFingerprint is who uses a text fingerprint.
type TextFingerprint struct {
	Fingerprint string `db:"fingerprint"`
	UserID      string `db:"user_id"`
	Source      string `db:"source"`
}

// SocialLinks are a provider's six network profiles, normalised URLs.
type SocialLinks struct {
	UserID    string    `db:"user_id"`
	Facebook  string    `db:"facebook"`
	Instagram string    `db:"instagram"`
	Twitter   string    `db:"twitter"`
	TikTok    string    `db:"tiktok"`
	LinkedIn  string    `db:"linkedin"`
	Pinterest string    `db:"pinterest"`
	UpdatedAt time.Time `db:"updated_at"`
}
