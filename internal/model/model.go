// Package model holds the persisted structs, with no I/O: the shape of each
// table's row, named once, that the store reads and writes and the services
// pass around.
//
// Nullable columns are sql.Null* fields (sql.NullString, sql.NullTime,
// sql.NullInt64, sql.NullFloat64), never pointers: the zero value is NULL,
// the row can be copied without aliasing, and sqlx scans them as they are.
// NullTime makes one from a time where the zero time means NULL. Handlers
// turn them into JSON's null in their own reply types.
package model

import (
	"database/sql"
	"time"

	"github.com/google/uuid"
)

// NewID returns a new time-ordered key (UUIDv7), made in Go so both databases
// get the same kind of key.
func NewID() string { return uuid.Must(uuid.NewV7()).String() }

// Roles of a user.
const (
	RolePlanner = "ROLE_PRESTATAIRE"
	RoleVenue   = "ROLE_VENUE"
	RoleAdmin   = "ROLE_ADMIN"
)

// Premium statuses, driven by the payment provider's webhooks.
const (
	PremiumNone         = "none"
	PremiumActive       = "active"
	PremiumCancellation = "cancellation" // active until PremiumEndAt, then canceled
	PremiumCanceled     = "canceled"
)

// User is an account: a provider (planner or venue) or an admin.
type User struct {
	ID                    string       `db:"id"`
	Email                 string       `db:"email"`
	PasswordHash          string       `db:"password_hash"`
	Role                  string       `db:"role"`
	Firstname             string       `db:"firstname"`
	Lastname              string       `db:"lastname"`
	Phone                 string       `db:"phone"`
	Locale                string       `db:"locale"`
	Domain                string       `db:"domain"`
	AvatarKey             string       `db:"avatar_key"`
	Credits               int          `db:"credits"`
	IsModerated           bool         `db:"is_moderated"`
	HasFinishedOnboarding bool         `db:"has_finished_onboarding"`
	PremiumStatus         string       `db:"premium_status"`
	PremiumStartAt        sql.NullTime `db:"premium_start_at"`
	PremiumEndAt          sql.NullTime `db:"premium_end_at"`
	CreatedAt             time.Time    `db:"created_at"`
	UpdatedAt             time.Time    `db:"updated_at"`
	DeletedAt             sql.NullTime `db:"deleted_at"`
}

// IsPremium reports whether premium is in force at now, by PremiumInForce.
func (u User) IsPremium(now time.Time) bool {
	return PremiumInForce(u.PremiumStatus, u.PremiumEndAt, now)
}

// PremiumInForce is the premium rule, the one place it is written: premium
// is in force at now when it is active (until its end, if it has one), or
// cancelled but not yet at its end date. Every reader of a premium status
// and end (a user, a public page, the directory's index) asks it.
func PremiumInForce(status string, end sql.NullTime, now time.Time) bool {
	switch status {
	case PremiumActive:
		return !end.Valid || now.Before(end.Time)
	case PremiumCancellation:
		return end.Valid && now.Before(end.Time)
	}
	return false
}

// Company is a provider's company: one per provider user.
type Company struct {
	UserID         string          `db:"user_id"`
	Name           string          `db:"name"`
	Slug           string          `db:"slug"`
	Siret          string          `db:"siret"`
	SiretStatus    string          `db:"siret_status"`
	Website        string          `db:"website"`
	DateOfCreation sql.NullString  `db:"date_of_creation"`
	Zipcode        string          `db:"zipcode"`
	City           string          `db:"city"`
	CountryCode    string          `db:"country_code"`
	Latitude       sql.NullFloat64 `db:"latitude"`
	Longitude      sql.NullFloat64 `db:"longitude"`
	CreatedAt      time.Time       `db:"created_at"`
	UpdatedAt      time.Time       `db:"updated_at"`
}

// CreditLog is one row of the credit ledger: a deposit or a withdrawal. The
// balance is the sum of deposits minus withdrawals.
type CreditLog struct {
	ID          string         `db:"id"`
	UserID      string         `db:"user_id"`
	CreatedAt   time.Time      `db:"created_at"`
	Description string         `db:"description"`
	Deposited   int            `db:"deposited"`
	Withdrawn   int            `db:"withdrawn"`
	Ref         sql.NullString `db:"ref"` // idempotency key: a payment, an unlock, the welcome credit
	// Currency is the one the row's credits were bought in (a purchase)
	// or valued in (the user's domain's currency), lower case; empty when
	// written: the user's domain's currency.
	Currency string `db:"currency"`
	// AmountCents is what a purchase row paid, in Currency; 0 otherwise.
	AmountCents int64 `db:"amount_cents"`
}

// RefreshToken is a long-lived session token, stored hashed. Tokens of one
// sign-in share a family; reuse of a rotated token revokes the family.
type RefreshToken struct {
	ID             string         `db:"id"`
	TokenHash      string         `db:"token_hash"`
	FamilyID       string         `db:"family_id"`
	UserID         string         `db:"user_id"`
	ImpersonatorID sql.NullString `db:"impersonator_id"`
	CreatedAt      time.Time      `db:"created_at"`
	ExpiresAt      time.Time      `db:"expires_at"`
	UsedAt         sql.NullTime   `db:"used_at"`
	RevokedAt      sql.NullTime   `db:"revoked_at"`
}

// SessionRevocation is one row of the revocation feed: the refresh-token
// family whose access tokens are refused from RevokedAt on.
type SessionRevocation struct {
	Seq       int64     `db:"seq"`
	FamilyID  string    `db:"family_id"`
	RevokedAt time.Time `db:"revoked_at"`
}

// Outbox channels.
const (
	ChannelEmail = "email"
	ChannelSMS   = "sms"
)

// OutboxMessage is an e-mail or SMS the product sent or holds.
type OutboxMessage struct {
	ID        string       `db:"id"`
	Channel   string       `db:"channel"`
	Recipient string       `db:"recipient"`
	Subject   string       `db:"subject"`
	BodyText  string       `db:"body_text"`
	BodyHTML  string       `db:"body_html"`
	CreatedAt time.Time    `db:"created_at"`
	SentAt    sql.NullTime `db:"sent_at"`
	Error     string       `db:"error"`
	// State is where delivery stands: one of the Outbox* states.
	State    string `db:"state"`
	Attempts int    `db:"attempts"`
	// Permanent marks a refusal the relay said was final (SMTP 5xx): such a
	// message is not retried, and later work acts on it as a bounce.
	Permanent bool         `db:"permanent"`
	UpdatedAt sql.NullTime `db:"updated_at"`
}

// The delivery states of an outbox message.
const (
	OutboxQueued   = "queued"   // waiting for its first attempt
	OutboxRetrying = "retrying" // an attempt failed, another is planned
	OutboxSent     = "sent"     // the relay accepted it
	OutboxFailed   = "failed"   // refused for good, or still refused after the retry window
	OutboxHeld     = "held"     // no relay configured: kept in the outbox only
)

// OutboxStates lists the states, for validating a filter.
var OutboxStates = []string{OutboxQueued, OutboxRetrying, OutboxSent, OutboxFailed, OutboxHeld}

// AuditEntry records who did what to whom.
type AuditEntry struct {
	ID        string         `db:"id"`
	ActorID   string         `db:"actor_id"`
	Action    string         `db:"action"`
	TargetID  sql.NullString `db:"target_id"`
	Details   string         `db:"details"`
	CreatedAt time.Time      `db:"created_at"`
}

// PasswordReset is one reset request. UserID and TokenHash are empty when the
// address has no account: the request is still recorded, so answers cannot
// tell the two apart.
type PasswordReset struct {
	ID        string         `db:"id"`
	EmailKey  string         `db:"email_key"`
	UserID    sql.NullString `db:"user_id"`
	TokenHash sql.NullString `db:"token_hash"`
	CreatedAt time.Time      `db:"created_at"`
	ExpiresAt time.Time      `db:"expires_at"`
	UsedAt    sql.NullTime   `db:"used_at"`
}

// PhoneCode is a one-time code sent by SMS to confirm a new number.
type PhoneCode struct {
	ID        string       `db:"id"`
	UserID    string       `db:"user_id"`
	Phone     string       `db:"phone"`
	CodeHash  string       `db:"code_hash"`
	Attempts  int          `db:"attempts"`
	CreatedAt time.Time    `db:"created_at"`
	ExpiresAt time.Time    `db:"expires_at"`
	UsedAt    sql.NullTime `db:"used_at"`
}

// Prestation is a service type a planner offers.
type Prestation struct {
	ID   int    `db:"id"`
	Type string `db:"type"`
}

// Langue is a language a provider speaks with couples.
type Langue struct {
	ID   int    `db:"id"`
	Code string `db:"code"`
}

// CompanyPrestation is one service of a provider with its public details.
type CompanyPrestation struct {
	PrestationID         int           `db:"prestation_id"`
	Type                 string        `db:"type"`
	Description          string        `db:"description"`
	BudgetStartingFrom   sql.NullInt64 `db:"budget_starting_from"` // whole euros
	IsDescriptionVisible bool          `db:"is_description_visible"`
	IsBudgetVisible      bool          `db:"is_budget_visible"`
}

// SIRET statuses of a company.
const (
	SiretUnknown  = "unknown"
	SiretActive   = "active"
	SiretInactive = "inactive"
	SiretNotFound = "not_found"
)

// Audiences of marketing messages.
const (
	AudiencePlanner = "planner"
	AudienceVenue   = "venue"
)

// PromotionalAlert is a banner on the dashboard.
type PromotionalAlert struct {
	ID          string    `db:"id"`
	Audience    string    `db:"audience"`
	Title       string    `db:"title"`
	Description string    `db:"description"`
	ButtonText  string    `db:"button_text"`
	ButtonLink  string    `db:"button_link"`
	IsActive    bool      `db:"is_active"`
	CreatedAt   time.Time `db:"created_at"`
	UpdatedAt   time.Time `db:"updated_at"`
}

// PromotionalPopup is a dialog shown over the back-office. Its description is
// HTML, sanitised when saved.
type PromotionalPopup struct {
	ID              string    `db:"id"`
	Audience        string    `db:"audience"`
	Title           string    `db:"title"`
	DescriptionHTML string    `db:"description_html"`
	ImageURL        string    `db:"image_url"`
	ButtonText      string    `db:"button_text"`
	ButtonLink      string    `db:"button_link"`
	ShowOncePerUser bool      `db:"show_once_per_user"`
	IsActive        bool      `db:"is_active"`
	CreatedAt       time.Time `db:"created_at"`
	UpdatedAt       time.Time `db:"updated_at"`
}

// Review is a couple's or guest's review of a provider.
type Review struct {
	ID           string         `db:"id"`
	ProviderID   string         `db:"provider_id"`
	Rating       int            `db:"rating"`
	Title        string         `db:"title"`
	Body         string         `db:"body"`
	ReviewerName string         `db:"reviewer_name"`
	ReviewerType string         `db:"reviewer_type"`
	WeddingDate  sql.NullString `db:"wedding_date"`
	PhotoKey     string         `db:"photo_key"`
	EmailKey     string         `db:"email_key"`
	Status       string         `db:"status"`
	CreatedAt    time.Time      `db:"created_at"`
	ModeratedAt  sql.NullTime   `db:"moderated_at"`
	// RequestID is the request whose invitation the review came through: a
	// verified booking. Reviews from the general link have none.
	RequestID sql.NullString `db:"request_id"`
	// Reply is the provider's public reply ("" for none), written at
	// RepliedAt; ReplyHiddenAt is when an admin hid it from the public.
	Reply         string       `db:"reply"`
	RepliedAt     sql.NullTime `db:"replied_at"`
	ReplyHiddenAt sql.NullTime `db:"reply_hidden_at"`
}

// Verified reports a review written through a booked request's invitation.
func (r Review) Verified() bool { return r.RequestID.Valid }

// PublicReply is the reply the public sees: none when hidden by an admin.
func (r Review) PublicReply() string {
	if r.ReplyHiddenAt.Valid {
		return ""
	}
	return r.Reply
}

// Review statuses.
const (
	ReviewPending  = "pending"
	ReviewApproved = "approved"
	ReviewRejected = "rejected"
)

// Project is a couple's wedding project sent from the public side.
type Project struct {
	ID             string          `db:"id"`
	Domain         string          `db:"domain"`
	EventType      string          `db:"event_type"`
	EventDate      string          `db:"event_date"`
	ServiceType    string          `db:"service_type"`
	EventLocation  string          `db:"event_location"`
	EventCity      string          `db:"event_city"`
	EventZipcode   string          `db:"event_zipcode"`
	EventCountry   string          `db:"event_country"`
	EventLatitude  sql.NullFloat64 `db:"event_latitude"`
	EventLongitude sql.NullFloat64 `db:"event_longitude"`
	BudgetRange    string          `db:"budget_range"`
	GuestRange     string          `db:"guest_range"`
	HasTheme       bool            `db:"has_theme"`
	WeddingTheme   string          `db:"wedding_theme"`
	Message        string          `db:"message"`
	Firstname      string          `db:"firstname"`
	Lastname       string          `db:"lastname"`
	Email          string          `db:"email"`
	Phone          string          `db:"phone"`
	CreatedAt      time.Time       `db:"created_at"`
	Languages      []string        `db:"-"`
	// ConfirmedAt is when the couple confirmed its e-mail: before, the
	// project reaches no provider.
	ConfirmedAt sql.NullTime `db:"confirmed_at"`
	// Outcome is how the couple closed the project (ProjectOutcome*), at
	// OutcomeAt; OutcomeRequestID is the request of the provider it booked.
	Outcome          sql.NullString `db:"outcome"`
	OutcomeRequestID sql.NullString `db:"outcome_request_id"`
	OutcomeAt        sql.NullTime   `db:"outcome_at"`
}

// How a couple closes its project.
const (
	ProjectOutcomeBookedProvider = "booked_provider"
	ProjectOutcomeBookedOther    = "booked_other"
	ProjectOutcomePostponed      = "postponed"
	ProjectOutcomeStillLooking   = "still_looking"
)

// EventRequest is one project sent to one provider.
type EventRequest struct {
	ID              string         `db:"id"`
	ProjectID       string         `db:"project_id"`
	ProviderID      string         `db:"provider_id"`
	CreatedAt       time.Time      `db:"created_at"`
	SeenAt          sql.NullTime   `db:"seen_at"`
	UnlockedAt      sql.NullTime   `db:"unlocked_at"`
	RejectedAt      sql.NullTime   `db:"rejected_at"`
	RejectionReason sql.NullString `db:"rejection_reason"`
	// VenueID is the venue the request is for, when it went to a venue owner.
	VenueID sql.NullString `db:"venue_id"`
	// RefundedAt is when the credit spent on the request came back by
	// itself, for RefundReason (Refund*).
	RefundedAt   sql.NullTime   `db:"refunded_at"`
	RefundReason sql.NullString `db:"refund_reason"`
}

// Why a credit spent on a request came back.
const (
	RefundBounced  = "bounced"
	RefundUnopened = "unopened"
	RefundBooked   = "booked"
)

// Message is one message of a conversation between a provider and a couple.
type Message struct {
	ID        string `db:"id"`
	RequestID string `db:"request_id"`
	// Sender is MessageFromProvider or MessageFromCouple.
	Sender    string       `db:"sender"`
	Body      string       `db:"body"`
	CreatedAt time.Time    `db:"created_at"`
	ReadAt    sql.NullTime `db:"read_at"`
	// OutboxID is the e-mail that told the other side of the message.
	OutboxID sql.NullString `db:"outbox_id"`
}

// Who wrote a message.
const (
	MessageFromProvider = "provider"
	MessageFromCouple   = "couple"
)

// Venue is a place for weddings, listed by a ROLE_VENUE user.
type Venue struct {
	ID                  string          `db:"id"`
	OwnerID             string          `db:"owner_id"`
	Name                string          `db:"name"`
	Slug                string          `db:"slug"`
	Type                string          `db:"type"`
	Email               string          `db:"email"`
	Phone               string          `db:"phone"`
	Address             string          `db:"address"`
	Zipcode             string          `db:"zipcode"`
	City                string          `db:"city"`
	CountryCode         string          `db:"country_code"`
	Latitude            sql.NullFloat64 `db:"latitude"`
	Longitude           sql.NullFloat64 `db:"longitude"`
	Description         string          `db:"description"`
	DetailedDescription string          `db:"detailed_description"`
	SeatedCapacity      int             `db:"seated_capacity"`
	StandingCapacity    int             `db:"standing_capacity"`
	Bedrooms            sql.NullInt64   `db:"bedrooms"`
	MinPrice            int             `db:"min_price"`
	MaxPrice            int             `db:"max_price"`
	Website             string          `db:"website"`
	SnFacebook          string          `db:"sn_facebook"`
	SnInstagram         string          `db:"sn_instagram"`
	ContactName         string          `db:"contact_name"`
	ContactRole         string          `db:"contact_role"`
	IsPublished         bool            `db:"is_published"`
	IsValidated         bool            `db:"is_validated"`
	ValidatedAt         sql.NullTime    `db:"validated_at"`
	CreatedAt           time.Time       `db:"created_at"`
	UpdatedAt           time.Time       `db:"updated_at"`
}

// VenueFeatures are the 25 features of part 2 plus wifi, in the order the
// wizard and the public page show them. A venue has a set of them.
var VenueFeatures = []string{"ceremonyAndReception", "receptionVenue", "weddingLicense", "outdoorCeremony",
	"garden", "parking", "wheelchairAccessible", "bridalSuite", "catering", "bar", "seaView", "mountainView", "cityView",
	"confettiAllowed", "openFlameAllowed", "petsAllowed", "soundSystem", "lighting", "danceFloor", "tables", "chairs",
	"linens", "china", "glassware", "flatware", "wifi"}

// VenuePrestations are the services a venue may sell (migration 00016).
var VenuePrestations = []string{"venue_hire", "wedding_package", "catering", "drinks", "accommodation", "ceremony",
	"brunch", "decoration", "coordination", "entertainment"}

// VenuePrestationDetail tells one of a venue's chosen services: what it
// includes and its starting budget in whole units of the domain's currency.
type VenuePrestationDetail struct {
	ID                   string `db:"id"`
	VenueID              string `db:"venue_id"`
	Prestation           string `db:"prestation"`
	Description          string `db:"description"`
	BudgetStartingFrom   int    `db:"budget_starting_from"`
	IsDescriptionVisible bool   `db:"is_description_visible"`
	IsBudgetVisible      bool   `db:"is_budget_visible"`
	Position             int    `db:"position"`
}

// MaxVenueImages is how many photos one venue holds, free or premium: enough
// for every room, the grounds and each season, few enough that a venue page
// stays one gallery (documented in docs/venues.md).
const MaxVenueImages = 30

// VenueTypes are the kinds of venue.
var VenueTypes = []string{"boat", "castle", "domain", "farm", "hotel", "place_of_worship", "reception_hall", "restaurant", "unusual"}

// NullTime is t, or NULL when t is the zero time.
func NullTime(t time.Time) sql.NullTime { return sql.NullTime{Time: t, Valid: !t.IsZero()} }

// DataExport is one zip of everything a provider owns, so it can leave with
// its data; built by
// a job into blob storage and deleted when ExpiresAt passes.
type DataExport struct {
	ID     string `db:"id"`
	UserID string `db:"user_id"`
	// State is DataExportPending, DataExportReady or DataExportFailed.
	State     string       `db:"state"`
	BlobKey   string       `db:"blob_key"`
	ByteSize  int64        `db:"byte_size"`
	CreatedAt time.Time    `db:"created_at"`
	ReadyAt   sql.NullTime `db:"ready_at"`
	ExpiresAt time.Time    `db:"expires_at"`
}

// Data export states.
const (
	DataExportPending = "pending"
	DataExportReady   = "ready"
	DataExportFailed  = "failed"
)
