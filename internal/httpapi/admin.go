package httpapi

import (
	"net/http"
	"strconv"
	"time"

	"noces/internal/account"
	"noces/internal/admin"
	"noces/internal/store"
)

// The admin API: every route is wrapped in s.admin, so only ROLE_ADMIN gets here.

type moderationItem struct {
	ID             string    `json:"id"`
	Email          string    `json:"email"`
	Firstname      string    `json:"firstname"`
	Lastname       string    `json:"lastname"`
	Role           string    `json:"role"`
	CompanyName    string    `json:"companyName"`
	City           string    `json:"city"`
	Country        string    `json:"country"`
	Siret          string    `json:"siret"`
	SiretStatus    string    `json:"siretStatus"`
	ModerationNote string    `json:"moderationNote"`
	CreatedAt      time.Time `json:"createdAt"`
}

func (s *Server) listModeration(w http.ResponseWriter, r *http.Request, _ account.Claims) error {
	p, err := s.Admin.ModerationQueue(r.Context(), pageParam(r))
	return writePage(w, p, err, func(m store.ModerationItem) moderationItem {
		return moderationItem{ID: m.ID, Email: m.Email, Firstname: m.Firstname, Lastname: m.Lastname, Role: m.Role,
			CompanyName: m.CompanyName, City: m.City, Country: m.CountryCode, Siret: m.Siret, SiretStatus: m.SiretStatus,
			ModerationNote: m.ModerationNote, CreatedAt: m.CreatedAt}
	})
}

type moderationReply struct {
	ID             string     `json:"id"`
	IsModerated    bool       `json:"isModerated"`
	ModeratedAt    *time.Time `json:"moderatedAt"`
	ModerationNote string     `json:"moderationNote"`
}

func toModeration(m admin.Moderation) moderationReply {
	return moderationReply{ID: m.UserID, IsModerated: m.IsModerated, ModeratedAt: m.ModeratedAt, ModerationNote: m.ModerationNote}
}

func (s *Server) approveUser(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	m, err := s.Admin.Approve(r.Context(), c.UserID, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toModeration(m))
	return nil
}

type rejectBody struct {
	Reason string `json:"reason"`
}

func (s *Server) rejectUser(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in rejectBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	m, err := s.Admin.Reject(r.Context(), c.UserID, r.PathValue("id"), in.Reason)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toModeration(m))
	return nil
}

type adminUserItem struct {
	ID        string    `json:"id"`
	Email     string    `json:"email"`
	Firstname string    `json:"firstname"`
	Lastname  string    `json:"lastname"`
	Role      string    `json:"role"`
	Company   string    `json:"company"`
	Moderated bool      `json:"moderated"`
	Premium   string    `json:"premium"`
	Credits   int       `json:"credits"`
	CreatedAt time.Time `json:"createdAt"`
}

func (s *Server) searchUsers(w http.ResponseWriter, r *http.Request, _ account.Claims) error {
	p, err := s.Admin.SearchUsers(r.Context(), r.URL.Query().Get("q"), pageParam(r))
	return writePage(w, p, err, func(u store.AdminUser) adminUserItem {
		return adminUserItem{ID: u.ID, Email: u.Email, Firstname: u.Firstname, Lastname: u.Lastname, Role: u.Role,
			Company: u.Company, Moderated: u.IsModerated, Premium: u.PremiumStatus, Credits: u.Credits, CreatedAt: u.CreatedAt}
	})
}

type creditsBody struct {
	Amount *int   `json:"amount"`
	Reason string `json:"reason"`
}

func (s *Server) adjustCredits(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in creditsBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	balance, err := s.Admin.AdjustCredits(r.Context(), c.UserID, r.PathValue("id"), in.Amount, in.Reason)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]int{"credits": balance})
	return nil
}

type siretVerifyBody struct {
	IsActive *bool `json:"isActive"`
}

func (s *Server) verifySiret(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in siretVerifyBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	status, err := s.Admin.VerifySiret(r.Context(), c.UserID, r.PathValue("id"), in.IsActive)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]string{"siretStatus": status})
	return nil
}

type adminReviewItem struct {
	ID            string     `json:"id"`
	ProviderID    string     `json:"providerId"`
	ProviderName  string     `json:"providerName"`
	ProviderEmail string     `json:"providerEmail"`
	Rating        int        `json:"rating"`
	Title         string     `json:"title"`
	Body          string     `json:"body"`
	ReviewerName  string     `json:"reviewerName"`
	ReviewerType  string     `json:"reviewerType"`
	WeddingDate   *string    `json:"weddingDate"`
	PhotoURL      string     `json:"photoUrl"`
	Status        string     `json:"status"`
	CreatedAt     time.Time  `json:"createdAt"`
	ModeratedAt   *time.Time `json:"moderatedAt"`
	// Verified: written through a booked request's invitation.
	Verified bool `json:"verified"`
	// Reply is the provider's public reply ("" for none); ReplyHidden says
	// an admin hid it.
	Reply       string `json:"reply"`
	ReplyHidden bool   `json:"replyHidden"`
}

func toAdminReview(rv admin.Review) adminReviewItem {
	out := adminReviewItem{ID: rv.ID, ProviderID: rv.ProviderID, ProviderName: rv.ProviderName, ProviderEmail: rv.ProviderEmail,
		Rating: rv.Rating, Title: rv.Title, Body: rv.Body, ReviewerName: rv.ReviewerName, ReviewerType: rv.ReviewerType,
		PhotoURL: rv.PhotoURL, Status: rv.Status, CreatedAt: rv.CreatedAt,
		Verified: rv.Verified(), Reply: rv.Reply, ReplyHidden: rv.ReplyHiddenAt.Valid}
	if rv.WeddingDate.Valid {
		out.WeddingDate = &rv.WeddingDate.String
	}
	if rv.ModeratedAt.Valid {
		out.ModeratedAt = &rv.ModeratedAt.Time
	}
	return out
}

func (s *Server) listAdminReviews(w http.ResponseWriter, r *http.Request, _ account.Claims) error {
	p, err := s.Admin.Reviews(r.Context(), r.URL.Query().Get("status"), pageParam(r))
	return writePage(w, p, err, toAdminReview)
}

func (s *Server) approveReview(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	rv, err := s.Admin.ApproveReview(r.Context(), c.UserID, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toAdminReview(rv))
	return nil
}

type replyHiddenBody struct {
	Hidden bool `json:"hidden"`
}

// setReplyHidden answers PUT /api/admin/reviews/{id}/reply-hidden.
func (s *Server) setReplyHidden(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in replyHiddenBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	rv, err := s.Admin.SetReplyHidden(r.Context(), c.UserID, r.PathValue("id"), in.Hidden)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toAdminReview(rv))
	return nil
}

func (s *Server) rejectReview(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	rv, err := s.Admin.RejectReview(r.Context(), c.UserID, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toAdminReview(rv))
	return nil
}

// promotionKind is a kind of promotional message as the admin API reads
// and writes it: one set of handlers serves both kinds.
type promotionKind struct {
	kind   *admin.Kind
	decode func(w http.ResponseWriter, r *http.Request) (admin.PromotionInput, error)
	reply  func(admin.Promotion) any
}

var (
	alertKind = promotionKind{kind: admin.Alerts, decode: decodePromotion[alertBody],
		reply: func(p admin.Promotion) any { return toAdminAlert(p) }}
	popupKind = promotionKind{kind: admin.Popups, decode: decodePromotion[popupBody],
		reply: func(p admin.Promotion) any { return toAdminPopup(p) }}
)

// promotionBody is the request body of one kind.
type promotionBody interface {
	alertBody | popupBody
	input() admin.PromotionInput
}

// decodePromotion reads a body of kind B: each kind refuses the other's
// fields, as any unknown field.
func decodePromotion[B promotionBody](w http.ResponseWriter, r *http.Request) (admin.PromotionInput, error) {
	var b B
	if err := decodeJSON(w, r, &b); err != nil {
		return admin.PromotionInput{}, err
	}
	return b.input(), nil
}

type adminAlert struct {
	ID          string    `json:"id"`
	Type        string    `json:"type"`
	IsActive    bool      `json:"isActive"`
	Title       string    `json:"title"`
	Description string    `json:"description"`
	ButtonText  string    `json:"buttonText"`
	ButtonLink  string    `json:"buttonLink"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

func toAdminAlert(a admin.Promotion) adminAlert {
	return adminAlert{ID: a.ID, Type: a.Audience, IsActive: a.IsActive, Title: a.Title, Description: a.Description,
		ButtonText: a.ButtonText, ButtonLink: a.ButtonLink, CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt}
}

type alertBody struct {
	Type        string `json:"type"`
	IsActive    bool   `json:"isActive"`
	Title       string `json:"title"`
	Description string `json:"description"`
	ButtonText  string `json:"buttonText"`
	ButtonLink  string `json:"buttonLink"`
}

func (b alertBody) input() admin.PromotionInput {
	return admin.PromotionInput{Type: b.Type, IsActive: b.IsActive, Title: b.Title, Description: b.Description,
		ButtonText: b.ButtonText, ButtonLink: b.ButtonLink}
}

// adminPopup is a popup as the admin reads and writes it.
type adminPopup struct {
	ID              string    `json:"id"`
	Type            string    `json:"type"`
	IsActive        bool      `json:"isActive"`
	Title           string    `json:"title"`
	Description     string    `json:"description"`
	ImageURL        string    `json:"imageUrl"`
	ButtonText      string    `json:"buttonText"`
	ButtonLink      string    `json:"buttonLink"`
	ShowOncePerUser bool      `json:"showOncePerUser"`
	CreatedAt       time.Time `json:"createdAt"`
	UpdatedAt       time.Time `json:"updatedAt"`
}

func toAdminPopup(p admin.Promotion) adminPopup {
	return adminPopup{ID: p.ID, Type: p.Audience, IsActive: p.IsActive, Title: p.Title, Description: p.Description,
		ImageURL: p.ImageURL, ButtonText: p.ButtonText, ButtonLink: p.ButtonLink, ShowOncePerUser: p.ShowOncePerUser,
		CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
}

type popupBody struct {
	Type            string `json:"type"`
	IsActive        bool   `json:"isActive"`
	Title           string `json:"title"`
	Description     string `json:"description"`
	ImageURL        string `json:"imageUrl"`
	ButtonText      string `json:"buttonText"`
	ButtonLink      string `json:"buttonLink"`
	ShowOncePerUser *bool  `json:"showOncePerUser"`
}

func (b popupBody) input() admin.PromotionInput {
	return admin.PromotionInput{Type: b.Type, IsActive: b.IsActive, Title: b.Title, Description: b.Description,
		ImageURL: b.ImageURL, ButtonText: b.ButtonText, ButtonLink: b.ButtonLink, ShowOncePerUser: b.ShowOncePerUser}
}

func (s *Server) listPromotions(k promotionKind) authedFunc {
	return func(w http.ResponseWriter, r *http.Request, _ account.Claims) error {
		ps, err := s.Admin.Promotions(r.Context(), k.kind)
		if err != nil {
			return err
		}
		out := make([]any, 0, len(ps))
		for _, p := range ps {
			out = append(out, k.reply(p))
		}
		writeJSON(w, http.StatusOK, map[string]any{"items": out})
		return nil
	}
}

func (s *Server) createPromotion(k promotionKind) authedFunc {
	return func(w http.ResponseWriter, r *http.Request, c account.Claims) error {
		in, err := k.decode(w, r)
		if err != nil {
			return err
		}
		p, err := s.Admin.CreatePromotion(r.Context(), c.UserID, k.kind, in)
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusCreated, k.reply(p))
		return nil
	}
}

func (s *Server) updatePromotion(k promotionKind) authedFunc {
	return func(w http.ResponseWriter, r *http.Request, c account.Claims) error {
		in, err := k.decode(w, r)
		if err != nil {
			return err
		}
		p, err := s.Admin.UpdatePromotion(r.Context(), c.UserID, k.kind, r.PathValue("id"), in)
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, k.reply(p))
		return nil
	}
}

func (s *Server) deletePromotion(k promotionKind) authedFunc {
	return func(w http.ResponseWriter, r *http.Request, c account.Claims) error {
		if err := s.Admin.DeletePromotion(r.Context(), c.UserID, k.kind, r.PathValue("id")); err != nil {
			return err
		}
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
}

type auditItem struct {
	ID          string    `json:"id"`
	ActorID     string    `json:"actorId"`
	ActorEmail  *string   `json:"actorEmail"`
	Action      string    `json:"action"`
	TargetID    *string   `json:"targetId"`
	TargetEmail *string   `json:"targetEmail"`
	Details     string    `json:"details"`
	CreatedAt   time.Time `json:"createdAt"`
}

func (s *Server) listAuditLog(w http.ResponseWriter, r *http.Request, _ account.Claims) error {
	p, err := s.Admin.AuditLog(r.Context(), pageParam(r))
	return writePage(w, p, err, func(a store.AuditRow) auditItem {
		it := auditItem{ID: a.ID, ActorID: a.ActorID, Action: a.Action, Details: a.Details, CreatedAt: a.CreatedAt}
		if a.ActorEmail.Valid {
			it.ActorEmail = &a.ActorEmail.String
		}
		if a.TargetID.Valid {
			it.TargetID = &a.TargetID.String
		}
		if a.TargetEmail.Valid {
			it.TargetEmail = &a.TargetEmail.String
		}
		return it
	})
}

type adminVenuePhoto struct {
	ID           string `json:"id"`
	ImageURL     string `json:"imageUrl"`
	ThumbnailURL string `json:"thumbnailUrl"`
	Width        int    `json:"width"`
	Height       int    `json:"height"`
	Alt          string `json:"alt"`
	Title        string `json:"title"`
	Caption      string `json:"caption"`
	IsKeyImage   bool   `json:"isKeyImage"`
	IsVisible    bool   `json:"isVisible"`
}

type adminVenueOwner struct {
	ID          string `json:"id"`
	Firstname   string `json:"firstname"`
	Lastname    string `json:"lastname"`
	Email       string `json:"email"`
	IsModerated bool   `json:"isModerated"`
	Domain      string `json:"domain"`
}

// adminVenue is a venue as the validation screen shows it.
type adminVenue struct {
	ID                  string            `json:"id"`
	Name                string            `json:"name"`
	Slug                string            `json:"slug"`
	Type                string            `json:"type"`
	Address             string            `json:"address"`
	Zipcode             string            `json:"zipcode"`
	City                string            `json:"city"`
	CountryCode         string            `json:"countryCode"`
	Email               string            `json:"email"`
	Phone               string            `json:"phone"`
	Website             string            `json:"website"`
	Description         string            `json:"description"`
	DetailedDescription string            `json:"detailedDescription"`
	SeatedCapacity      int               `json:"seatedCapacity"`
	StandingCapacity    int               `json:"standingCapacity"`
	Bedrooms            *int64            `json:"bedrooms"`
	MinPrice            int               `json:"minPrice"`
	MaxPrice            int               `json:"maxPrice"`
	ContactName         string            `json:"contactName"`
	ContactRole         string            `json:"contactRole"`
	IsPublished         bool              `json:"isPublished"`
	IsValidated         bool              `json:"isValidated"`
	ValidatedAt         *time.Time        `json:"validatedAt"`
	PublicURL           *string           `json:"publicUrl"`
	Features            []string          `json:"features"`
	Photos              []adminVenuePhoto `json:"photos"`
	Owner               adminVenueOwner   `json:"owner"`
	CreatedAt           time.Time         `json:"createdAt"`
	UpdatedAt           time.Time         `json:"updatedAt"`
}

func toAdminVenue(v admin.Venue) adminVenue {
	out := adminVenue{ID: v.ID, Name: v.Name, Slug: v.Slug, Type: v.Type, Address: v.Address, Zipcode: v.Zipcode, City: v.City,
		CountryCode: v.CountryCode, Email: v.Email, Phone: v.Phone, Website: v.Website, Description: v.Description,
		DetailedDescription: v.DetailedDescription, SeatedCapacity: v.SeatedCapacity, StandingCapacity: v.StandingCapacity,
		MinPrice: v.MinPrice, MaxPrice: v.MaxPrice, ContactName: v.ContactName, ContactRole: v.ContactRole,
		IsPublished: v.IsPublished, IsValidated: v.IsValidated, ValidatedAt: timePtr(v.ValidatedAt.Valid, v.ValidatedAt.Time),
		Features: v.Features, Photos: make([]adminVenuePhoto, 0, len(v.Photos)),
		Owner: adminVenueOwner{ID: v.OwnerID, Firstname: v.OwnerFirstname, Lastname: v.OwnerLastname, Email: v.OwnerEmail,
			IsModerated: v.OwnerModerated, Domain: v.OwnerDomain},
		CreatedAt: v.CreatedAt, UpdatedAt: v.UpdatedAt}
	if v.Bedrooms.Valid {
		out.Bedrooms = &v.Bedrooms.Int64
	}
	if v.PublicURL != "" {
		out.PublicURL = &v.PublicURL
	}
	for _, p := range v.Photos {
		out.Photos = append(out.Photos, adminVenuePhoto{ID: p.ID, ImageURL: p.URL, ThumbnailURL: p.ThumbURL, Width: p.Width,
			Height: p.Height, Alt: p.Alt, Title: p.Title, Caption: p.Caption, IsKeyImage: p.IsKeyImage, IsVisible: p.IsVisible})
	}
	return out
}

func (s *Server) listAdminVenues(w http.ResponseWriter, r *http.Request, _ account.Claims) error {
	p, err := s.Admin.Venues(r.Context(), r.URL.Query().Get("status"), pageParam(r))
	return writePage(w, p, err, toAdminVenue)
}

func (s *Server) getAdminVenue(w http.ResponseWriter, r *http.Request, _ account.Claims) error {
	v, err := s.Admin.GetVenue(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toAdminVenue(v))
	return nil
}

type venueValidationBody struct {
	Validated *bool `json:"validated"`
}

func (s *Server) setVenueValidation(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in venueValidationBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	v, err := s.Admin.SetVenueValidation(r.Context(), c.UserID, r.PathValue("id"), in.Validated)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toAdminVenue(v))
	return nil
}

type moneyItem struct {
	Currency string `json:"currency"`
	Cents    int64  `json:"cents"`
}

type overviewDay struct {
	Date           string      `json:"date"`
	NewProviders   int         `json:"newProviders"`
	Projects       int         `json:"projects"`
	Requests       int         `json:"requests"`
	Unlocks        int         `json:"unlocks"`
	CreditsSold    int         `json:"creditsSold"`
	CreditRevenue  []moneyItem `json:"creditRevenue"`
	PremiumRevenue []moneyItem `json:"premiumRevenue"`
}

type overviewBody struct {
	Days               int           `json:"days"`
	TimeZone           string        `json:"timeZone"`
	AwaitingModeration int           `json:"awaitingModeration"`
	FailedMessages     int           `json:"failedMessages"`
	RequestsReceived   int           `json:"requestsReceived"`
	RequestsUnlocked   int           `json:"requestsUnlocked"`
	Series             []overviewDay `json:"series"`
	Total              overviewDay   `json:"total"`
}

func moneyItems(list []admin.Money) []moneyItem {
	out := make([]moneyItem, len(list))
	for i, m := range list {
		out[i] = moneyItem{Currency: m.Currency, Cents: m.Cents}
	}
	return out
}

func toOverviewDay(d admin.OverviewDay) overviewDay {
	return overviewDay{Date: d.Date, NewProviders: d.NewProviders, Projects: d.Projects, Requests: d.Requests, Unlocks: d.Unlocks,
		CreditsSold: d.CreditsSold, CreditRevenue: moneyItems(d.CreditRevenue), PremiumRevenue: moneyItems(d.PremiumRevenue)}
}

func (s *Server) getOverview(w http.ResponseWriter, r *http.Request, _ account.Claims) error {
	q := r.URL.Query()
	days := 0
	if raw := q.Get("days"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil {
			// Not a number: the service's own refusal of a period it does not offer.
			n = -1
		}
		days = n
	}
	o, err := s.Admin.Overview(r.Context(), days, q.Get("tz"))
	if err != nil {
		return err
	}
	out := overviewBody{Days: o.Days, TimeZone: o.TimeZone, AwaitingModeration: o.AwaitingModeration, FailedMessages: o.FailedMessages,
		RequestsReceived: o.RequestsReceived, RequestsUnlocked: o.RequestsUnlocked, Series: make([]overviewDay, len(o.Series)),
		Total: toOverviewDay(o.Total)}
	for i, d := range o.Series {
		out.Series[i] = toOverviewDay(d)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}
