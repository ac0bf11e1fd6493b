package httpapi

import (
	"net/http"
	"strings"
	"time"

	"noces/internal/account"
	"noces/internal/clientip"
)

type loginRequest struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) error {
	var in loginRequest
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	t, err := s.Accounts.Login(r.Context(), strings.TrimSpace(in.Username), strings.TrimSpace(in.Password), clientip.Of(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, t)
	return nil
}

type refreshRequest struct {
	RefreshToken string `json:"refresh_token"`
}

func (s *Server) refresh(w http.ResponseWriter, r *http.Request) error {
	var in refreshRequest
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	t, err := s.Accounts.Refresh(r.Context(), in.RefreshToken)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, t)
	return nil
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) error {
	var in refreshRequest
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.Accounts.Logout(r.Context(), in.RefreshToken); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// meResponse is the user of part 1 section 3 and part 2 section 3.
type meResponse struct {
	ID                    string     `json:"id"`
	Roles                 []string   `json:"roles"`
	Locale                string     `json:"locale"`
	FullName              string     `json:"fullName"`
	Firstname             string     `json:"firstname"`
	Lastname              string     `json:"lastname"`
	Email                 string     `json:"email"`
	Phone                 string     `json:"phone"`
	Avatar                *string    `json:"avatar"`
	PublicURL             *string    `json:"publicUrl"`
	PublicProfileHidden   *string    `json:"publicProfileHidden"` // why publicUrl is null for a planner; null otherwise
	Credits               int        `json:"credits"`
	City                  string     `json:"city"`
	Country               string     `json:"country"`
	Zipcode               string     `json:"zipcode"`
	Latitude              *float64   `json:"latitude"`
	Longitude             *float64   `json:"longitude"`
	IsPremium             bool       `json:"isPremium"`
	PremiumStatus         string     `json:"premiumStatus"`
	PremiumStartAt        *time.Time `json:"premiumStartAt"`
	PremiumEndAt          *time.Time `json:"premiumEndAt"`
	PremiumPlan           *string    `json:"premiumPlan"` // monthly or yearly while a subscription is in force; null otherwise
	IsModerated           bool       `json:"isModerated"`
	HasFinishedOnboarding bool       `json:"hasFinishedOnboarding"`
	HasProfilePicture     bool       `json:"hasProfilePicture"`
	HasVideos             bool       `json:"hasVideos"`
	HasPhotos             bool       `json:"hasPhotos"`
	MissingPortrait       bool       `json:"missingPortrait"`
	MissingExperiences    bool       `json:"missingExperiences"`
	MissingBenefits       bool       `json:"missingBenefits"`
	MissingServices       bool       `json:"missingServices"`
	MissingServiceDetails bool       `json:"missingServiceDetails"`
	ImpersonatorID        *string    `json:"impersonatorId"`
}

// me answers GET /api/me, from the answer kept in s.meAnswers while the
// user's version says it is still the answer (meCache). With no answer
// kept it reads the profile at once: the profile's query gives its
// version, so a first request runs one query, as before the cache.
func (s *Server) me(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	ctx := r.Context()
	k := meKey{user: c.UserID, impersonator: c.ImpersonatorID}
	if kept := s.meAnswers.get(k, s.Accounts.Now()); kept != nil {
		v, err := s.Accounts.MeVersion(ctx, c.UserID)
		if err == nil && v == kept.version {
			writeJSONBody(w, http.StatusOK, kept.body)
			return nil
		}
		// Changed, gone or unreadable: the answer kept is forgotten,
		// and the profile's read below answers or says what is wrong.
		s.meAnswers.drop(k)
	}
	p, err := s.Accounts.Me(ctx, c)
	if err != nil {
		return err
	}
	out := toMe(p)
	// The premium state as a client is told it now, and the checklist's
	// media and portrait tasks: GET /api/me alone answers them, from the
	// profile's one query.
	plan := ""
	out.PremiumStatus, plan = s.Billing.PremiumState(p.User, p.PremiumPlan)
	if plan != "" {
		out.PremiumPlan = &plan
	}
	out.HasPhotos, out.HasVideos = p.HasPhotos, p.HasVideos
	out.MissingPortrait, out.MissingExperiences, out.MissingBenefits = p.MissingPortrait, p.MissingExperiences, p.MissingBenefits
	body, err := encodeJSON(out)
	if err != nil {
		return err
	}
	s.meAnswers.put(k, &meEntry{version: p.Version, until: p.ChangesAt, body: body})
	writeJSONBody(w, http.StatusOK, body)
	return nil
}

func toMe(p account.Profile) meResponse {
	u := p.User
	out := meResponse{
		ID: u.ID, Roles: []string{u.Role}, Locale: u.Locale,
		FullName: strings.TrimSpace(u.Firstname + " " + u.Lastname), Firstname: u.Firstname, Lastname: u.Lastname,
		Email: u.Email, Phone: u.Phone, Credits: u.Credits,
		IsPremium: p.IsPremium, PremiumStatus: u.PremiumStatus,
		IsModerated: u.IsModerated, HasFinishedOnboarding: u.HasFinishedOnboarding,
		HasProfilePicture: u.AvatarKey != "",
		// What an empty profile is; GET /api/me fills in the media and
		// portrait tasks (me).
		MissingPortrait: true, MissingExperiences: true, MissingBenefits: true,
		MissingServices: p.MissingServices, MissingServiceDetails: p.MissingServiceDetails,
	}
	if u.PremiumStartAt.Valid {
		out.PremiumStartAt = &u.PremiumStartAt.Time
	}
	if u.PremiumEndAt.Valid {
		out.PremiumEndAt = &u.PremiumEndAt.Time
	}
	if p.PublicURL != "" {
		out.PublicURL = &p.PublicURL
	}
	if p.PublicHidden != "" {
		out.PublicProfileHidden = &p.PublicHidden
	}
	if p.AvatarURL != "" {
		out.Avatar = &p.AvatarURL
	}
	if c := p.Company; c != nil {
		out.City, out.Country, out.Zipcode = c.City, c.CountryCode, c.Zipcode
		if c.Latitude.Valid && c.Longitude.Valid {
			out.Latitude, out.Longitude = &c.Latitude.Float64, &c.Longitude.Float64
		}
	}
	if p.ImpersonatorID != "" {
		out.ImpersonatorID = &p.ImpersonatorID
	}
	return out
}
