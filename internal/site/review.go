package site

import (
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"noces/internal/apperr"
	"noces/internal/clientip"
	"noces/internal/directory"
)

// maxPhotoBytes is the review photo's size limit.
const maxPhotoBytes = directory.ReviewPhotoMaxBytes

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
	s.showReview(w, r, nil, false, 0)
}

// showReview shows the review form, with fm's values and messages when
// given; status 0 is 200, or the form's refusal status.
func (s *Site) showReview(w http.ResponseWriter, r *http.Request, fm *form, photoAgain bool, status int) {
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
	if fm == nil {
		fm = newForm(nil, reviewFieldOrder, reviewLabels)
	} else if fm.HasErrors() {
		if status == 0 {
			status = formStatus(fm)
		}
		v.Title = v.T("site.form.error_title", "title", v.Title)
	}
	if status == 0 {
		status = http.StatusOK
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
		// Too many bytes, or too many parts (multipart's own limit, which a
		// chunked body reaches without a length to check first).
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) || errors.Is(err, multipart.ErrMessageTooLarge) {
			fm.set("photo", tr("site.review.errors.photo_too_large"))
			fm.summarize(tr)
			s.showReview(w, r, fm, false, 0)
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
	if fm.refuseBadUTF8(tr) {
		s.showReview(w, r, fm, false, 0)
		return
	}
	in := directory.ReviewInput{Title: fm.Values.Get("title"), Body: fm.Values.Get("body"),
		ReviewerName: fm.Values.Get("reviewerName"), ReviewerType: fm.Values.Get("reviewerType"),
		WeddingDate: fm.Values.Get("weddingDate"), Email: fm.Values.Get("email"), ClientIP: clientip.Of(r)}
	in.Rating, _ = strconv.Atoi(fm.Values.Get("rating"))
	photoSent := false
	if r.MultipartForm != nil {
		if files := r.MultipartForm.File["photo"]; len(files) > 0 && files[0].Size > 0 {
			photoSent = true
			photo, err := readPhoto(files[0])
			if err != nil {
				fm.set("photo", tr("site.review.errors.photo_format"))
				fm.summarize(tr)
				s.showReview(w, r, fm, false, 0)
				return
			}
			// Checked and decoded by SubmitReview after the other fields
			// and the rate limit.
			in.Photo = photo
		}
	}
	err := s.Directory.SubmitReview(ctx, token, in)
	if err == nil {
		http.Redirect(w, r, "/review/"+url.PathEscape(token)+"/sent", http.StatusSeeOther)
		return
	}
	if fm.apply(err, tr, nil) {
		status := 0
		if e, _ := apperr.As(err); e.Kind == apperr.Unavailable {
			// Too many images being decoded: the photo is to be sent again.
			status = http.StatusServiceUnavailable
			w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfter))
		}
		s.showReview(w, r, fm, photoSent, status)
		return
	}
	s.fail(w, r, err)
}

// readPhoto reads an uploaded photo, at most maxPhotoBytes+1 bytes of it
// (more is refused by SubmitReview).
func readPhoto(fh *multipart.FileHeader) ([]byte, error) {
	f, err := fh.Open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxPhotoBytes+1))
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
