package httpapi

import (
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"noces/internal/account"
	"noces/internal/apperr"
	"noces/internal/clientip"
	"noces/internal/i18n"
	"noces/internal/media"
)

// The media API: gallery photos, videos, social links, portrait, portfolios
// and their statistics. Every id in a path that is not the caller's is 404.

type imageJSON struct {
	ID          string    `json:"id"`
	URL         string    `json:"url"`
	ThumbURL    string    `json:"thumbUrl"`
	Width       int       `json:"width"`
	Height      int       `json:"height"`
	Title       string    `json:"title"`
	Description string    `json:"description"`
	IsVisible   bool      `json:"isVisible"`
	CreatedAt   time.Time `json:"createdAt"`
	Views       *int      `json:"views"`
}

func toImageJSON(im media.Image) imageJSON {
	return imageJSON{ID: im.ID, URL: im.URL, ThumbURL: im.ThumbURL, Width: im.Width, Height: im.Height, Title: im.Title,
		Description: im.Description, IsVisible: im.IsVisible, CreatedAt: im.CreatedAt, Views: im.Views}
}

type imagesReply struct {
	Images         []imageJSON `json:"images"`
	ImageCount     int         `json:"imageCount"`
	FreePlanQuota  int         `json:"freePlanQuota"`
	IsPremium      bool        `json:"isPremium"`
	CanAddMore     bool        `json:"canAddMore"`
	MaxUploadBytes int         `json:"maxUploadBytes"`
}

func (s *Server) listImages(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	l, err := s.MediaService.Images(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	writeImages(w, l)
	return nil
}

func writeImages(w http.ResponseWriter, l media.ImageList) {
	out := imagesReply{Images: make([]imageJSON, 0, len(l.Images)), ImageCount: l.ImageCount, FreePlanQuota: l.FreePlanQuota,
		IsPremium: l.IsPremium, CanAddMore: l.CanAddMore, MaxUploadBytes: l.MaxUploadBytes}
	for _, im := range l.Images {
		out.Images = append(out.Images, toImageJSON(im))
	}
	writeJSON(w, http.StatusOK, out)
}

// reorderImages sets the gallery's order and answers the gallery as
// GET /api/images does.
func (s *Server) reorderImages(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in orderBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	l, err := s.MediaService.ReorderGallery(r.Context(), c.UserID, in.ImageIDs)
	if err != nil {
		return err
	}
	writeImages(w, l)
	return nil
}

// multipartEnvelope is the room left around files for the other fields and
// the multipart boundaries.
const multipartEnvelope = 64 << 10

// parseMultipart reads a multipart body of at most limit bytes; a larger
// body is refused with tooLarge (413), a body that is not multipart with 415.
func parseMultipart(w http.ResponseWriter, r *http.Request, limit int64, tooLarge string) (*multipart.Form, error) {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		return nil, apperr.New(apperr.UnsupportedType, "errors.unsupported_media_type")
	}
	if r.ContentLength > limit {
		return nil, apperr.New(apperr.TooLarge, tooLarge)
	}
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	if err := r.ParseMultipartForm(1 << 20); err != nil {
		if bodyTooLarge(err) {
			return nil, apperr.Wrap(apperr.TooLarge, tooLarge, err)
		}
		return nil, apperr.Wrap(apperr.Malformed, "media.errors.malformed_upload", err)
	}
	if field, bad := invalidUTF8Form(r.MultipartForm); bad {
		_ = r.MultipartForm.RemoveAll()
		return nil, &apperr.Error{Kind: apperr.Malformed, Code: "media.errors.malformed_upload",
			Fields: map[string]string{field: "validation.invalid_utf8"}}
	}
	return r.MultipartForm, nil
}

func readFormFile(fh *multipart.FileHeader) ([]byte, error) {
	f, err := fh.Open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

func formValue(form *multipart.Form, name string) string {
	if v := form.Value[name]; len(v) > 0 {
		return v[0]
	}
	return ""
}

func (s *Server) uploadImage(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	form, err := parseMultipart(w, r, media.PhotoMaxBytes+multipartEnvelope, "photos.upload.error.too_large")
	if err != nil {
		return err
	}
	defer form.RemoveAll()
	files := form.File["image"]
	if len(files) == 0 {
		return apperr.Validation(map[string]string{"image": "photos.upload.error.no_image"})
	}
	data, err := readFormFile(files[0])
	if err != nil {
		return err
	}
	im, err := s.MediaService.UploadImage(r.Context(), c.UserID, data, formValue(form, "title"), formValue(form, "description"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]imageJSON{"image": toImageJSON(im)})
	return nil
}

type visibilityBody struct {
	IsVisible *bool `json:"isVisible"`
}

type visibilityReply struct {
	IsVisible bool `json:"isVisible"`
}

// readVisibility reads an optional {isVisible} body: without one, the
// visibility is toggled.
func readVisibility(w http.ResponseWriter, r *http.Request) (*bool, error) {
	if r.ContentLength == 0 {
		return nil, nil
	}
	var in visibilityBody
	if err := decodeJSON(w, r, &in); err != nil {
		return nil, err
	}
	return in.IsVisible, nil
}

func (s *Server) setImageVisibility(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	v, err := readVisibility(w, r)
	if err != nil {
		return err
	}
	out, err := s.MediaService.SetImageVisibility(r.Context(), c.UserID, r.PathValue("id"), v)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, visibilityReply{IsVisible: out})
	return nil
}

type imageTextBody struct {
	Title       string `json:"title"`
	Description string `json:"description"`
}

type imageTextReply struct {
	Title       string    `json:"title"`
	Description string    `json:"description"`
	Image       imageJSON `json:"image"`
}

func (s *Server) updateImage(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in imageTextBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	im, err := s.MediaService.UpdateImage(r.Context(), c.UserID, r.PathValue("id"), in.Title, in.Description)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, imageTextReply{Title: im.Title, Description: im.Description, Image: toImageJSON(im)})
	return nil
}

func (s *Server) deleteImage(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	if err := s.MediaService.DeleteImage(r.Context(), c.UserID, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// recordImageView counts a public view of a photo (one per visitor per day).
func (s *Server) recordImageView(w http.ResponseWriter, r *http.Request) error {
	if err := s.MediaService.RecordImageView(r.Context(), r.PathValue("id"), clientip.Of(r), r.UserAgent()); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

type videoJSON struct {
	ID          string    `json:"id"`
	Title       string    `json:"title"`
	Description string    `json:"description"`
	URL         string    `json:"url"`
	Host        string    `json:"host"`
	VideoID     string    `json:"videoId"`
	EmbedURL    string    `json:"embedUrl"`
	IsVisible   bool      `json:"isVisible"`
	CreatedAt   time.Time `json:"createdAt"`
}

func toVideoJSON(v media.Video) videoJSON {
	return videoJSON{ID: v.ID, Title: v.Title, Description: v.Description, URL: v.URL, Host: v.Host, VideoID: v.VideoID,
		EmbedURL: v.EmbedURL, IsVisible: v.IsVisible, CreatedAt: v.CreatedAt}
}

type videosReply struct {
	Videos        []videoJSON `json:"videos"`
	VideoCount    int         `json:"videoCount"`
	FreePlanQuota int         `json:"freePlanQuota"`
	IsPremium     bool        `json:"isPremium"`
	CanAddMore    bool        `json:"canAddMore"`
}

func (s *Server) listVideos(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	l, err := s.MediaService.Videos(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	out := videosReply{Videos: make([]videoJSON, 0, len(l.Videos)), VideoCount: l.VideoCount, FreePlanQuota: l.FreePlanQuota,
		IsPremium: l.IsPremium, CanAddMore: l.CanAddMore}
	for _, v := range l.Videos {
		out.Videos = append(out.Videos, toVideoJSON(v))
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

type videoBody struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Link        string `json:"link"`
	Status      *bool  `json:"status"` // visible
}

func (s *Server) addVideo(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in videoBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	v, err := s.MediaService.AddVideo(r.Context(), c.UserID, media.VideoInput{Title: in.Title, Description: in.Description, Link: in.Link, Visible: in.Status})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]videoJSON{"video": toVideoJSON(v)})
	return nil
}

func (s *Server) setVideoVisibility(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	v, err := readVisibility(w, r)
	if err != nil {
		return err
	}
	out, err := s.MediaService.SetVideoVisibility(r.Context(), c.UserID, r.PathValue("id"), v)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, visibilityReply{IsVisible: out})
	return nil
}

func (s *Server) deleteVideo(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	if err := s.MediaService.DeleteVideo(r.Context(), c.UserID, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

type socialBody struct {
	Facebook  string `json:"snFacebook"`
	Instagram string `json:"snInstagram"`
	Twitter   string `json:"snTwitter"`
	TikTok    string `json:"snTikTok"`
	LinkedIn  string `json:"snLinkedIn"`
	Pinterest string `json:"snPinterest"`
}

type instagramStatus struct {
	Available    bool `json:"available"`
	HasToken     bool `json:"hasToken"`
	TokenExpired bool `json:"tokenExpired"`
	// Reason says why the sync is not offered: "premium", "link" or "".
	Reason     string              `json:"reason"`
	LastSyncAt *time.Time          `json:"lastSyncAt"`
	Posts      []instagramPostJSON `json:"posts"`
}

type socialReply struct {
	socialBody
	InstagramStatus instagramStatus `json:"instagramStatus"`
}

// socialFields maps the API's field names to the service's network names.
var socialFields = map[string]string{"facebook": "snFacebook", "instagram": "snInstagram", "twitter": "snTwitter",
	"tiktok": "snTikTok", "linkedin": "snLinkedIn", "pinterest": "snPinterest"}

func (s *Server) toSocialReply(r *http.Request, userID string, sc media.Social) (socialReply, error) {
	l := sc.Links
	st, err := s.instagramStatusOf(r, userID)
	return socialReply{socialBody: socialBody{Facebook: l["facebook"], Instagram: l["instagram"], Twitter: l["twitter"],
		TikTok: l["tiktok"], LinkedIn: l["linkedin"], Pinterest: l["pinterest"]}, InstagramStatus: st}, err
}

func (s *Server) getSocial(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	sc, err := s.MediaService.Social(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	out, err := s.toSocialReply(r, c.UserID, sc)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) saveSocial(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in socialBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	sc, err := s.MediaService.SaveSocial(r.Context(), c.UserID, map[string]string{"facebook": in.Facebook, "instagram": in.Instagram,
		"twitter": in.Twitter, "tiktok": in.TikTok, "linkedin": in.LinkedIn, "pinterest": in.Pinterest})
	if e, ok := apperr.As(err); ok && len(e.Fields) > 0 {
		// The client knows the fields by their API names.
		fields := map[string]string{}
		for k, v := range e.Fields {
			if name, ok := socialFields[k]; ok {
				k = name
			}
			fields[k] = v
		}
		e.Fields = fields
		return e
	}
	if err != nil {
		return err
	}
	out, err := s.toSocialReply(r, c.UserID, sc)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

type portraitJSON struct {
	Portrait   string `json:"portrait"`
	Experience string `json:"experience"`
	Service    string `json:"service"`
	Benefits   string `json:"benefits"`
}

func (s *Server) getPortrait(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	p, err := s.MediaService.Portrait(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, portraitJSON(p))
	return nil
}

func (s *Server) savePortrait(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in portraitJSON
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	p, err := s.MediaService.SavePortrait(r.Context(), c.UserID, media.Portrait(in))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, portraitJSON(p))
	return nil
}

type optionJSON struct {
	ID    int    `json:"id"`
	Label string `json:"label"`
}

type portfolioImageJSON struct {
	ID         string `json:"id"`
	ImageURL   string `json:"imageUrl"`
	ThumbURL   string `json:"thumbUrl"`
	Width      int    `json:"width"`
	Height     int    `json:"height"`
	Caption    string `json:"caption"`
	IsKeyImage bool   `json:"isKeyImage"`
}

func toPortfolioImageJSON(im media.PortfolioImage) portfolioImageJSON {
	return portfolioImageJSON{ID: im.ID, ImageURL: im.URL, ThumbURL: im.ThumbURL, Width: im.Width, Height: im.Height,
		Caption: im.Caption, IsKeyImage: im.IsKeyImage}
}

type portfolioJSON struct {
	ID             string               `json:"id"`
	Title          string               `json:"title"`
	Description    string               `json:"description"`
	WeddingDate    string               `json:"weddingDate"`
	TotalBudget    int64                `json:"totalBudget"`
	PlannerBudget  int64                `json:"plannerBudget"`
	NumberOfGuests int                  `json:"numberOfGuests"`
	Location       string               `json:"location"`
	City           string               `json:"city"`
	PostalCode     string               `json:"postalCode"`
	CountryCode    string               `json:"countryCode"`
	Latitude       *float64             `json:"latitude"`
	Longitude      *float64             `json:"longitude"`
	Style          string               `json:"style"`
	IsBudgetHidden bool                 `json:"isBudgetHidden"`
	IsPublished    bool                 `json:"isPublished"`
	Prestations    []optionJSON         `json:"prestations"`
	TotalViews     *int                 `json:"totalViews"`
	Images         []portfolioImageJSON `json:"images"`
	CreatedAt      time.Time            `json:"createdAt"`
	UpdatedAt      time.Time            `json:"updatedAt"`
}

func (s *Server) toPortfolioJSON(lang string, p media.Portfolio) portfolioJSON {
	out := portfolioJSON{ID: p.ID, Title: p.Title, Description: p.Description, WeddingDate: p.WeddingDate, TotalBudget: p.TotalBudget,
		PlannerBudget: p.PlannerBudget, NumberOfGuests: p.NumberOfGuests, Location: p.Location, City: p.City, PostalCode: p.PostalCode,
		CountryCode: p.CountryCode, Style: p.Style, IsBudgetHidden: p.IsBudgetHidden, IsPublished: p.IsPublished,
		Prestations: make([]optionJSON, 0, len(p.Prestations)), TotalViews: p.TotalViews,
		Images: make([]portfolioImageJSON, 0, len(p.Images)), CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
	if p.Latitude.Valid && p.Longitude.Valid {
		out.Latitude, out.Longitude = &p.Latitude.Float64, &p.Longitude.Float64
	}
	for _, pr := range p.Prestations {
		out.Prestations = append(out.Prestations, optionJSON{ID: pr.ID, Label: s.Texts.T(lang, "prestations."+pr.Type)})
	}
	for _, im := range p.Images {
		out.Images = append(out.Images, toPortfolioImageJSON(im))
	}
	return out
}

// portfoliosReply carries the server's limits with the list, so that the
// screen's texts and checks read the same constants the server enforces.
type portfoliosReply struct {
	Portfolios        []portfolioJSON `json:"portfolios"`
	PortfolioCount    int             `json:"portfolioCount"`
	FreePlanQuota     int             `json:"freePlanQuota"`
	IsPremium         bool            `json:"isPremium"`
	CanAddMore        bool            `json:"canAddMore"`
	MaxImageBytes     int             `json:"maxImageBytes"`
	MaxImages         int             `json:"maxImages"`
	MaxFilesPerUpload int             `json:"maxFilesPerUpload"`
	MinImageSide      int             `json:"minImageSide"`
}

func (s *Server) listPortfolios(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	list, err := s.MediaService.Portfolios(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	ps := list.Portfolios
	lang := i18n.LangFrom(r.Context())
	out := portfoliosReply{Portfolios: make([]portfolioJSON, 0, len(ps)), PortfolioCount: len(ps), FreePlanQuota: media.FreePortfolioQuota,
		IsPremium: list.IsPremium, CanAddMore: list.CanAddMore, MaxImageBytes: media.PortfolioImageMaxBytes,
		MaxImages: media.MaxPortfolioImages, MaxFilesPerUpload: media.MaxFilesPerUpload, MinImageSide: media.MinSide}
	for _, p := range ps {
		out.Portfolios = append(out.Portfolios, s.toPortfolioJSON(lang, p))
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

type portfolioBody struct {
	Title          string   `json:"title"`
	Description    string   `json:"description"`
	WeddingDate    string   `json:"weddingDate"`
	TotalBudget    int64    `json:"totalBudget"`
	PlannerBudget  int64    `json:"plannerBudget"`
	NumberOfGuests int      `json:"numberOfGuests"`
	Location       string   `json:"location"`
	City           string   `json:"city"`
	PostalCode     string   `json:"postalCode"`
	CountryCode    string   `json:"countryCode"`
	Latitude       *float64 `json:"latitude"`
	Longitude      *float64 `json:"longitude"`
	Style          string   `json:"style"`
	IsBudgetHidden bool     `json:"isBudgetHidden"`
	Prestations    []int    `json:"prestations"`
}

func (b portfolioBody) input() media.PortfolioInput { return media.PortfolioInput(b) }

// writePortfolio answers with one portfolio in the request's language.
func (s *Server) writePortfolio(w http.ResponseWriter, r *http.Request, status int, p media.Portfolio) {
	writeJSON(w, status, s.toPortfolioJSON(i18n.LangFrom(r.Context()), p))
}

func (s *Server) createPortfolio(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in portfolioBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	p, err := s.MediaService.CreatePortfolio(r.Context(), c.UserID, in.input())
	if err != nil {
		return err
	}
	s.writePortfolio(w, r, http.StatusCreated, p)
	return nil
}

func (s *Server) getPortfolio(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	p, err := s.MediaService.Portfolio(r.Context(), c.UserID, r.PathValue("id"))
	if err != nil {
		return err
	}
	s.writePortfolio(w, r, http.StatusOK, p)
	return nil
}

func (s *Server) updatePortfolio(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in portfolioBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	p, err := s.MediaService.UpdatePortfolio(r.Context(), c.UserID, r.PathValue("id"), in.input())
	if err != nil {
		return err
	}
	s.writePortfolio(w, r, http.StatusOK, p)
	return nil
}

func (s *Server) deletePortfolio(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	if err := s.MediaService.DeletePortfolio(r.Context(), c.UserID, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) publishPortfolio(published bool) authedFunc {
	return func(w http.ResponseWriter, r *http.Request, c account.Claims) error {
		p, err := s.MediaService.SetPublished(r.Context(), c.UserID, r.PathValue("id"), published)
		if err != nil {
			return err
		}
		s.writePortfolio(w, r, http.StatusOK, p)
		return nil
	}
}

type fileErrorJSON struct {
	File    string `json:"file"`
	Error   string `json:"error"`
	Message string `json:"message"`
}

type portfolioImagesReply struct {
	Images []portfolioImageJSON `json:"images"`
	Errors []fileErrorJSON      `json:"errors"`
}

// fileName is the base name of an uploaded file, as the user named it, for
// the per-file error list.
func fileName(name string) string {
	name = path.Base(strings.ReplaceAll(name, `\`, "/"))
	if utf8.RuneCountInString(name) > 120 {
		name = string([]rune(name)[:120])
	}
	return name
}

func (s *Server) addPortfolioImages(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	limit := int64(media.MaxFilesPerUpload*media.PortfolioImageMaxBytes + multipartEnvelope)
	form, err := parseMultipart(w, r, limit, "portfolio.errors.upload_too_large")
	if err != nil {
		return err
	}
	defer form.RemoveAll()
	headers := append(form.File["images[]"], form.File["images"]...)
	files := make([]media.Upload, 0, len(headers))
	for _, fh := range headers {
		data, err := readFormFile(fh)
		if err != nil {
			return err
		}
		files = append(files, media.Upload{Name: fileName(fh.Filename), Data: data})
	}
	added, fileErrs, err := s.MediaService.AddImages(r.Context(), c.UserID, r.PathValue("id"), files)
	if err != nil {
		return err
	}
	lang := i18n.LangFrom(r.Context())
	out := portfolioImagesReply{Images: make([]portfolioImageJSON, 0, len(added)), Errors: make([]fileErrorJSON, 0, len(fileErrs))}
	for _, im := range added {
		out.Images = append(out.Images, toPortfolioImageJSON(im))
	}
	for _, fe := range fileErrs {
		out.Errors = append(out.Errors, fileErrorJSON{File: fe.File, Error: fe.Code, Message: s.Texts.T(lang, fe.Code, fe.Args...)})
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) removePortfolioImage(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	if err := s.MediaService.RemoveImage(r.Context(), c.UserID, r.PathValue("id"), r.PathValue("imageId")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

type captionBody struct {
	Caption string `json:"caption"`
}

func (s *Server) setPortfolioCaption(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in captionBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	im, err := s.MediaService.SetCaption(r.Context(), c.UserID, r.PathValue("id"), r.PathValue("imageId"), in.Caption)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toPortfolioImageJSON(im))
	return nil
}

func (s *Server) setPortfolioKeyImage(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	p, err := s.MediaService.SetKeyImage(r.Context(), c.UserID, r.PathValue("id"), r.PathValue("imageId"))
	if err != nil {
		return err
	}
	s.writePortfolio(w, r, http.StatusOK, p)
	return nil
}

type orderBody struct {
	ImageIDs []string `json:"imageIds"`
}

func (s *Server) reorderPortfolioImages(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in orderBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	p, err := s.MediaService.ReorderImages(r.Context(), c.UserID, r.PathValue("id"), in.ImageIDs)
	if err != nil {
		return err
	}
	s.writePortfolio(w, r, http.StatusOK, p)
	return nil
}

func (s *Server) portfolioPublicURL(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	u, err := s.MediaService.PublicURL(r.Context(), c.UserID, r.PathValue("id"))
	if err != nil {
		return err
	}
	var out urlReply
	if u != "" {
		out.URL = &u
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}
