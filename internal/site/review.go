package site

import (
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"noces/internal/clientip"
	"noces/internal/directory"
	"noces/internal/imaging"
)

// Limits of the review photo.
const (
	maxPhotoBytes = 10 << 20
	photoMinSide  = 200
	photoMaxSide  = 1600
)

var reviewFieldOrder = []string{"rating", "title", "body", "reviewerName", "reviewerType", "weddingDate", "email", "photo"}

// reviewLabels are the label keys of the review form's fields.
var reviewLabels = map[string]string{
	"rating": "site.review.rating", "title": "site.review.title_label", "body": "site.review.body",
	"reviewerName": "site.review.reviewer_name", "reviewerType": "site.review.reviewer_type",
	"weddingDate": "site.review.wedding_date", "email": "site.review.email", "photo": "site.review.photo",
}

type reviewPage struct {
	Name          string
	Action        string
	Form          *form
	ReviewerTypes []choice
	Ratings       []ratingChoice
	MaxDate       string
	PhotoAgain    bool
}

// ratingChoice is one of the five ratings, best first.
type ratingChoice struct {
	Value, Label, Stars string
}

func (s *Site) review(w http.ResponseWriter, r *http.Request) {
	s.showReview(w, r, nil, false)
}

func (s *Site) showReview(w http.ResponseWriter, r *http.Request, fm *form, photoAgain bool) {
	token := r.PathValue("token")
	c, err := s.Directory.ReviewTarget(r.Context(), token)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v := s.newView(r, "")
	v.Title = v.T("site.review.title", "name", c.Name) + " – Noces"
	// The link is a secret of the provider's: never indexed, never cached.
	v.NoIndex = true
	v.Alternates = nil
	v.Canonical = ""
	status := http.StatusOK
	if fm == nil {
		fm = newForm(nil, reviewFieldOrder, reviewLabels)
	} else if fm.HasErrors() {
		status = formStatus(fm)
		v.Title = v.T("site.form.error_title", "title", v.Title)
	}
	ratings := make([]ratingChoice, 5)
	for i := range ratings {
		n := strconv.Itoa(5 - i)
		ratings[i] = ratingChoice{Value: n, Label: v.T("site.review.rating_" + n), Stars: v.Stars(5 - i)}
	}
	v.P = reviewPage{Name: c.Name, Action: "/review/" + url.PathEscape(token), Form: fm,
		ReviewerTypes: v.choices("site.reviewer_type.", directory.ReviewerTypes), Ratings: ratings,
		MaxDate: s.Clock.Now().UTC().Format(time.DateOnly), PhotoAgain: photoAgain}
	s.render(w, r, status, "review", v, cacheNoStore)
}

func (s *Site) reviewSubmit(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	token := r.PathValue("token")
	if _, err := s.Directory.ReviewTarget(ctx, token); err != nil {
		s.fail(w, r, err)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxPhotoBytes+maxFormBytes)
	fm := newForm(nil, reviewFieldOrder, reviewLabels)
	tr := func(code string) string { return s.T(r, code) }
	if err := r.ParseMultipartForm(1 << 20); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			fm.set("photo", tr("site.review.errors.photo_too_large"))
			fm.summarize(tr)
			s.showReview(w, r, fm, false)
			return
		}
		if err := r.ParseForm(); err != nil {
			s.message(w, r, http.StatusBadRequest, "site.badrequest")
			return
		}
	}
	for k, vs := range r.PostForm {
		fm.Values[k] = vs
	}
	in := directory.ReviewInput{Title: fm.Values.Get("title"), Body: fm.Values.Get("body"),
		ReviewerName: fm.Values.Get("reviewerName"), ReviewerType: fm.Values.Get("reviewerType"),
		WeddingDate: fm.Values.Get("weddingDate"), Email: fm.Values.Get("email"), ClientIP: clientip.Of(r)}
	in.Rating, _ = strconv.Atoi(fm.Values.Get("rating"))
	photoSent := false
	if r.MultipartForm != nil {
		if files := r.MultipartForm.File["photo"]; len(files) > 0 && files[0].Size > 0 {
			photoSent = true
			photo, code := readPhoto(files[0])
			if code != "" {
				// The photo is checked before the rest: a review must not
				// be stored without the photo its author chose.
				fm.set("photo", tr(code))
				fm.summarize(tr)
				s.showReview(w, r, fm, false)
				return
			}
			in.Photo = photo
		}
	}
	err := s.Directory.SubmitReview(ctx, token, in)
	if err == nil {
		http.Redirect(w, r, "/review/"+url.PathEscape(token)+"/sent", http.StatusSeeOther)
		return
	}
	if fm.apply(err, tr, nil) {
		s.showReview(w, r, fm, photoSent)
		return
	}
	s.fail(w, r, err)
}

// readPhoto reads and re-encodes an uploaded photo; code is the message of
// a refused one.
func readPhoto(fh *multipart.FileHeader) ([]byte, string) {
	f, err := fh.Open()
	if err != nil {
		return nil, "site.review.errors.photo_format"
	}
	defer f.Close()
	raw, err := io.ReadAll(io.LimitReader(f, maxPhotoBytes+1))
	if err != nil {
		return nil, "site.review.errors.photo_format"
	}
	if len(raw) > maxPhotoBytes {
		return nil, "site.review.errors.photo_too_large"
	}
	out, _, err := imaging.Process(raw, imaging.Options{MinWidth: photoMinSide, MinHeight: photoMinSide, MaxSide: photoMaxSide, Quality: 85})
	switch {
	case errors.Is(err, imaging.ErrTooSmall):
		return nil, "site.review.errors.photo_too_small"
	case errors.Is(err, imaging.ErrTooBig):
		return nil, "site.review.errors.photo_too_large"
	case err != nil:
		return nil, "site.review.errors.photo_format"
	}
	return out, ""
}

type reviewSentPage struct {
	Name string
}

func (s *Site) reviewSent(w http.ResponseWriter, r *http.Request) {
	c, err := s.Directory.ReviewTarget(r.Context(), r.PathValue("token"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v := s.newView(r, "")
	v.Title = v.T("site.review.sent_title") + " – Noces"
	v.NoIndex = true
	v.Alternates = nil
	v.Canonical = ""
	v.P = reviewSentPage{Name: c.Name}
	s.render(w, r, http.StatusOK, "review_sent", v, cacheNoStore)
}
