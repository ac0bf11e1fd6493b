package httpapi

import (
	"mime"
	"mime/multipart"
	"net/http"
	"time"

	"noces/internal/account"
	"noces/internal/apperr"
	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/platform/geo"
	"noces/internal/venue"
)

// venueOwner is authed for ROLE_VENUE only: planners and admins get 403.
func (s *Server) venueOwner(h authedFunc) http.Handler {
	return s.authed(func(w http.ResponseWriter, r *http.Request, c account.Claims) error {
		if c.Role != model.RoleVenue {
			return apperr.New(apperr.Forbidden, "errors.forbidden")
		}
		return h(w, r, c)
	})
}

type venueCardJSON struct {
	ID             string    `json:"id"`
	Name           string    `json:"name"`
	Slug           string    `json:"slug"`
	Type           string    `json:"type"`
	TypeLabel      string    `json:"typeLabel"`
	City           string    `json:"city"`
	CountryCode    string    `json:"countryCode"`
	IsPublished    bool      `json:"isPublished"`
	IsValidated    bool      `json:"isValidated"`
	KeyImageURL    *string   `json:"keyImageUrl"`
	ImageCount     int       `json:"imageCount"`
	HasDescription bool      `json:"hasDescription"`
	HasCapacities  bool      `json:"hasCapacities"`
	HasPrices      bool      `json:"hasPrices"`
	Views30d       int       `json:"views30d"`
	RequestCount   int       `json:"requestCount"`
	PublicURL      *string   `json:"publicUrl"`
	CreatedAt      time.Time `json:"createdAt"`
	UpdatedAt      time.Time `json:"updatedAt"`
}

type venueListReply struct {
	Venues        []venueCardJSON `json:"venues"`
	VenueCount    int             `json:"venueCount"`
	FreePlanQuota int             `json:"freePlanQuota"`
	IsPremium     bool            `json:"isPremium"`
	CanAddMore    bool            `json:"canAddMore"`
	MaxImages     int             `json:"maxImages"`
	MaxImageBytes int             `json:"maxImageBytes"`
}

type venueContactJSON struct {
	Name string `json:"name"`
	Role string `json:"role"`
}

type venueDetailJSON struct {
	ID                   string `json:"id"`
	Title                string `json:"title"`
	Description          string `json:"description"`
	BudgetStartingFrom   int    `json:"budgetStartingFrom"`
	IsDescriptionVisible bool   `json:"isDescriptionVisible"`
	IsBudgetVisible      bool   `json:"isBudgetVisible"`
}

type venueImageJSON struct {
	ID           string `json:"id"`
	ImageURL     string `json:"imageUrl"`
	ThumbnailURL string `json:"thumbnailUrl"`
	Width        int    `json:"width"`
	Height       int    `json:"height"`
	ImageSize    int    `json:"imageSize"`
	Position     int    `json:"position"`
	Alt          string `json:"alt"`
	Title        string `json:"title"`
	Description  string `json:"description"`
	Caption      string `json:"caption"`
	IsKeyImage   bool   `json:"isKeyImage"`
	IsVisible    bool   `json:"isVisible"`
}

type venueVideoJSON struct {
	ID           string  `json:"id"`
	Link         string  `json:"link"`
	Title        string  `json:"title"`
	Description  string  `json:"description"`
	Status       bool    `json:"status"`
	ThumbnailURL *string `json:"thumbnailUrl"`
}

type venueReviewJSON struct {
	ID          string  `json:"id"`
	CoupleName  string  `json:"coupleName"`
	WeddingDate *string `json:"weddingDate"`
	Content     string  `json:"content"`
}

type venueJSON struct {
	ID                  string            `json:"id"`
	Name                string            `json:"name"`
	Slug                string            `json:"slug"`
	Type                string            `json:"type"`
	TypeLabel           string            `json:"typeLabel"`
	Email               string            `json:"email"`
	Phone               string            `json:"phone"`
	Address             string            `json:"address"`
	Zipcode             string            `json:"zipcode"`
	City                string            `json:"city"`
	CountryCode         string            `json:"countryCode"`
	CountryLabel        string            `json:"countryLabel"`
	Latitude            *float64          `json:"latitude"`
	Longitude           *float64          `json:"longitude"`
	Description         string            `json:"description"`
	DetailedDescription string            `json:"detailedDescription"`
	SeatedCapacity      int               `json:"seatedCapacity"`
	StandingCapacity    int               `json:"standingCapacity"`
	Bedrooms            *int64            `json:"bedrooms"`
	MinPrice            int               `json:"minPrice"`
	MaxPrice            int               `json:"maxPrice"`
	SnFacebook          string            `json:"snFacebook"`
	SnInstagram         string            `json:"snInstagram"`
	Website             string            `json:"website"`
	IsPublished         bool              `json:"isPublished"`
	IsValidated         bool              `json:"isValidated"`
	ContactPerson       venueContactJSON  `json:"contactPerson"`
	Features            map[string]bool   `json:"features"`
	Prestations         []string          `json:"prestations"`
	PrestationDetails   []venueDetailJSON `json:"prestationDetails"`
	Images              []venueImageJSON  `json:"images"`
	Videos              []venueVideoJSON  `json:"videos"`
	Reviews             []venueReviewJSON `json:"reviews"`
	PublicURL           *string           `json:"publicUrl"`
	CreatedAt           time.Time         `json:"createdAt"`
	UpdatedAt           time.Time         `json:"updatedAt"`
}

// optional is s as a JSON value: null when empty.
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func (s *Server) venueTypeLabel(lang, t string) string { return s.Texts.T(lang, "site.venue_type."+t) }

func toVenueImageJSON(im venue.Image) venueImageJSON {
	return venueImageJSON{ID: im.ID, ImageURL: im.URL, ThumbnailURL: im.ThumbURL, Width: im.Width, Height: im.Height,
		ImageSize: im.ByteSize, Position: im.Position, Alt: im.Alt, Title: im.Title, Description: im.Description,
		Caption: im.Caption, IsKeyImage: im.IsKeyImage, IsVisible: im.IsVisible}
}

func (s *Server) toVenueJSON(lang string, v venue.Venue) venueJSON {
	out := venueJSON{ID: v.ID, Name: v.Name, Slug: v.Slug, Type: v.Type, TypeLabel: s.venueTypeLabel(lang, v.Type),
		Email: v.Email, Phone: v.Phone, Address: v.Address, Zipcode: v.Zipcode, City: v.City, CountryCode: v.CountryCode,
		CountryLabel: geo.CountryName(v.CountryCode, lang), Description: v.Description, DetailedDescription: v.DetailedDescription,
		SeatedCapacity: v.SeatedCapacity, StandingCapacity: v.StandingCapacity, MinPrice: v.MinPrice, MaxPrice: v.MaxPrice,
		SnFacebook: v.SnFacebook, SnInstagram: v.SnInstagram, Website: v.Website, IsPublished: v.IsPublished,
		IsValidated: v.IsValidated, ContactPerson: venueContactJSON{Name: v.ContactName, Role: v.ContactRole},
		Features: map[string]bool{}, Prestations: append([]string{}, v.Sets.Prestations...),
		PrestationDetails: []venueDetailJSON{}, Images: []venueImageJSON{}, Videos: []venueVideoJSON{},
		Reviews: []venueReviewJSON{}, PublicURL: optional(v.PublicURL), CreatedAt: v.CreatedAt, UpdatedAt: v.UpdatedAt}
	if v.Latitude.Valid && v.Longitude.Valid {
		out.Latitude, out.Longitude = &v.Latitude.Float64, &v.Longitude.Float64
	}
	if v.Bedrooms.Valid {
		out.Bedrooms = &v.Bedrooms.Int64
	}
	for _, f := range model.VenueFeatures {
		out.Features[f] = false
	}
	for _, f := range v.Sets.Features {
		out.Features[f] = true
	}
	for _, d := range v.Sets.Details {
		out.PrestationDetails = append(out.PrestationDetails, venueDetailJSON{ID: d.ID, Title: d.Prestation,
			Description: d.Description, BudgetStartingFrom: d.BudgetStartingFrom, IsDescriptionVisible: d.IsDescriptionVisible,
			IsBudgetVisible: d.IsBudgetVisible})
	}
	for _, im := range v.Images {
		out.Images = append(out.Images, toVenueImageJSON(im))
	}
	for _, vd := range v.Videos {
		out.Videos = append(out.Videos, venueVideoJSON{ID: vd.ID, Link: vd.Link, Title: vd.Title, Description: vd.Description,
			Status: vd.IsVisible, ThumbnailURL: optional(vd.ThumbURL)})
	}
	for _, r := range v.Reviews {
		rv := venueReviewJSON{ID: r.ID, CoupleName: r.ReviewerName, Content: r.Body}
		if r.WeddingDate.Valid {
			rv.WeddingDate = &r.WeddingDate.String
		}
		out.Reviews = append(out.Reviews, rv)
	}
	return out
}

func (s *Server) writeVenue(w http.ResponseWriter, r *http.Request, status int, v venue.Venue) {
	writeJSON(w, status, s.toVenueJSON(i18n.LangFrom(r.Context()), v))
}

func (s *Server) listVenues(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	l, err := s.Venues.List(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	lang := i18n.LangFrom(r.Context())
	out := venueListReply{Venues: make([]venueCardJSON, 0, len(l.Cards)), VenueCount: len(l.Cards),
		FreePlanQuota: venue.FreeVenueQuota, IsPremium: l.IsPremium, CanAddMore: l.CanAddMore,
		MaxImages: model.MaxVenueImages, MaxImageBytes: venue.MaxImageBytes}
	for _, v := range l.Cards {
		out.Venues = append(out.Venues, venueCardJSON{ID: v.ID, Name: v.Name, Slug: v.Slug, Type: v.Type,
			TypeLabel: s.venueTypeLabel(lang, v.Type), City: v.City, CountryCode: v.CountryCode, IsPublished: v.IsPublished,
			IsValidated: v.IsValidated, KeyImageURL: optional(v.KeyImageURL), ImageCount: v.ImageCount,
			HasDescription: venue.HasDescription(v.Venue), HasCapacities: v.SeatedCapacity > 0 && v.StandingCapacity > 0,
			HasPrices: v.MinPrice > 0 && v.MaxPrice > 0, Views30d: v.Views30d, RequestCount: v.RequestCount,
			PublicURL: optional(v.PublicURL), CreatedAt: v.CreatedAt, UpdatedAt: v.UpdatedAt})
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// venueFormTime is how long a venue form may take to arrive and be
// answered: the server's 60 s suit a 10 MB photo, not 150 MB of them on a
// home connection (5 Mbit/s: 4 minutes).
const venueFormTime = 5 * time.Minute

// venueForm opens a venue form's body for reading part by part, bounded by
// venue.MaxFormBytes and venueFormTime.
func venueForm(w http.ResponseWriter, r *http.Request) (*multipart.Reader, error) {
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" || params["boundary"] == "" {
		return nil, apperr.New(apperr.UnsupportedType, "errors.unsupported_media_type")
	}
	if r.ContentLength > venue.MaxFormBytes {
		return nil, apperr.New(apperr.TooLarge, "venue.errors.upload_too_large")
	}
	// Servers that cannot move their deadlines (tests' recorders) keep theirs.
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(venueFormTime))
	_ = rc.SetWriteDeadline(time.Now().Add(venueFormTime + 30*time.Second))
	r.Body = http.MaxBytesReader(w, r.Body, venue.MaxFormBytes)
	return multipart.NewReader(r.Body, params["boundary"]), nil
}

// formTooLarge gives a body cut by its limit its 413.
func formTooLarge(err error) error {
	if err != nil && bodyTooLarge(err) {
		return apperr.Wrap(apperr.TooLarge, "venue.errors.upload_too_large", err)
	}
	return err
}

func (s *Server) createVenue(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	mr, err := venueForm(w, r)
	if err != nil {
		return err
	}
	v, err := s.Venues.Create(r.Context(), c.UserID, mr)
	if err != nil {
		return formTooLarge(err)
	}
	s.writeVenue(w, r, http.StatusCreated, v)
	return nil
}

func (s *Server) getVenue(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	v, err := s.Venues.Get(r.Context(), c.UserID, r.PathValue("id"))
	if err != nil {
		return err
	}
	s.writeVenue(w, r, http.StatusOK, v)
	return nil
}

func (s *Server) updateVenue(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	mr, err := venueForm(w, r)
	if err != nil {
		return err
	}
	v, err := s.Venues.Update(r.Context(), c.UserID, r.PathValue("id"), mr)
	if err != nil {
		return formTooLarge(err)
	}
	s.writeVenue(w, r, http.StatusOK, v)
	return nil
}

func (s *Server) deleteVenue(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	if err := s.Venues.Delete(r.Context(), c.UserID, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

type publishBody struct {
	Published *bool `json:"published"`
}

func (s *Server) publishVenue(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in publishBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.Published == nil {
		return apperr.Validation(map[string]string{"published": "validation.required"})
	}
	v, err := s.Venues.Publish(r.Context(), c.UserID, r.PathValue("id"), *in.Published)
	if err != nil {
		return err
	}
	s.writeVenue(w, r, http.StatusOK, v)
	return nil
}

type valueLabel struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

type slugLabel struct {
	Slug  string `json:"slug"`
	Label string `json:"label"`
}

func (s *Server) venueTypes(w http.ResponseWriter, r *http.Request, _ account.Claims) error {
	lang := i18n.LangFrom(r.Context())
	out := make([]valueLabel, 0, len(model.VenueTypes))
	for _, t := range model.VenueTypes {
		out = append(out, valueLabel{Value: t, Label: s.venueTypeLabel(lang, t)})
	}
	writeJSON(w, http.StatusOK, map[string][]valueLabel{"types": out})
	return nil
}

func (s *Server) venuePrestations(w http.ResponseWriter, r *http.Request, _ account.Claims) error {
	lang := i18n.LangFrom(r.Context())
	out := make([]slugLabel, 0, len(model.VenuePrestations))
	for _, p := range model.VenuePrestations {
		out = append(out, slugLabel{Slug: p, Label: s.Texts.T(lang, venue.PrestationLabelKey(p))})
	}
	writeJSON(w, http.StatusOK, map[string][]slugLabel{"prestations": out})
	return nil
}

func (s *Server) uploadVenueImage(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	form, err := parseMultipart(w, r, venue.MaxImageBytes+multipartEnvelope, "venue.errors.image_too_large")
	if err != nil {
		return err
	}
	defer form.RemoveAll()
	files := form.File["file"]
	if len(files) == 0 {
		return apperr.Validation(map[string]string{"file": "venue.errors.image_required"})
	}
	data, err := readFormFile(files[0])
	if err != nil {
		return err
	}
	fields := map[string]string{}
	for _, k := range []string{"alt", "title", "description", "caption", "isKeyImage", "isVisible"} {
		if v := form.Value[k]; len(v) > 0 {
			fields[k] = v[0]
		}
	}
	im, err := s.Venues.UploadImage(r.Context(), c.UserID, r.PathValue("id"), data, fields)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]venueImageJSON{"image": toVenueImageJSON(im)})
	return nil
}

type venueImageBody struct {
	Alt         *string `json:"alt"`
	Title       *string `json:"title"`
	Description *string `json:"description"`
	Caption     *string `json:"caption"`
	Position    *int    `json:"position"`
	IsKeyImage  *bool   `json:"isKeyImage"`
	IsVisible   *bool   `json:"isVisible"`
}

func (s *Server) updateVenueImage(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in venueImageBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	im, err := s.Venues.UpdateImage(r.Context(), c.UserID, r.PathValue("id"), r.PathValue("imageId"), venue.ImageChange(in))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toVenueImageJSON(im))
	return nil
}

func (s *Server) deleteVenueImage(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	if err := s.Venues.DeleteImage(r.Context(), c.UserID, r.PathValue("id"), r.PathValue("imageId")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
