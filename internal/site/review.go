package site

import (
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
	// Verified is the couple's form from its invitation: who it is, its
	// e-mail and wedding date are known, so those fields are not asked.
	Verified      bool
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
	s.renderReviewForm(w, r, reviewPage{Name: c.Name, Action: "/review/" + url.PathEscape(token)}, fm, photoAgain, status)
}

// renderReviewForm shows the review form of pg (its name, action and kind),
// with fm's values and messages when given; status 0 is 200, or the form's
// refusal status.
func (s *Site) renderReviewForm(w http.ResponseWriter, r *http.Request, pg reviewPage, fm *form, photoAgain bool, status int) {
	v := s.newView(r, "")
	v.Title = v.T("site.review.title", "name", pg.Name) + " – Noces"
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
	pg.Form, pg.Ratings, pg.PhotoAgain = fm, ratings, photoAgain
	pg.ReviewerTypes = v.choices("site.reviewer_type.", directory.ReviewerTypes)
	pg.MaxDate = s.Clock.Now().UTC().Format(time.DateOnly)
	v.P = pg
	s.render(w, r, status, "review", v, cacheNoStore)
}

func (s *Site) reviewSubmit(w http.ResponseWriter, r *http.Request) {
	token := r.PathValue("token")
	if _, err := s.Directory.ReviewTarget(r.Context(), token); err != nil {
		s.fail(w, r, err)
		return
	}
	s.submitReviewForm(w, r, func(in directory.ReviewInput) error { return s.Directory.SubmitReview(r.Context(), token, in) },
		func(fm *form, photoAgain bool, status int) { s.showReview(w, r, fm, photoAgain, status) },
		"/review/"+url.PathEscape(token)+"/sent")
}

// submitReviewForm takes a review form (read by post), hands it to submit,
// and redirects to sent on success or shows the form again with show.
func (s *Site) submitReviewForm(w http.ResponseWriter, r *http.Request, submit func(directory.ReviewInput) error,
	show func(fm *form, photoAgain bool, status int), sent string) {
	fm := newForm(nil, reviewFieldOrder, reviewLabels)
	tr := func(code string) string { return s.T(r, code) }
	for k, vs := range r.PostForm {
		fm.Values[k] = vs
	}
	if fm.refuseBadUTF8(tr) {
		show(fm, false, 0)
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
				show(fm, false, 0)
				return
			}
			// Checked and decoded by SubmitReview after the other fields
			// and the rate limit.
			in.Photo = photo
		}
	}
	err := submit(in)
	if err == nil {
		http.Redirect(w, r, sent, http.StatusSeeOther)
		return
	}
	if e, ok := apperr.As(err); ok && e.Kind == apperr.Conflict && len(e.Fields) == 0 {
		// An invitation already used (a second post, or two at once):
		// its review is written, nothing new was stored.
		s.message(w, r, http.StatusConflict, "site.review.used")
		return
	}
	if fm.apply(err, tr, nil) {
		status := 0
		if e, _ := apperr.As(err); e.Kind == apperr.Unavailable {
			// Too many images being decoded: the photo is to be sent again.
			status = http.StatusServiceUnavailable
			w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfter))
		}
		show(fm, photoSent, status)
		return
	}
	s.fail(w, r, err)
}

// verifiedReview shows the form of a couple's invitation to review, or,
// once used, that its review is written.
func (s *Site) verifiedReview(w http.ResponseWriter, r *http.Request) {
	s.showVerifiedReview(w, r, nil, false, 0)
}

func (s *Site) showVerifiedReview(w http.ResponseWriter, r *http.Request, fm *form, photoAgain bool, status int) {
	token := r.PathValue("token")
	inv, err := s.Directory.Invitation(r.Context(), token)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	privateHeaders(w)
	if inv.UsedAt.Valid {
		s.renderReviewSent(w, r, inv.ProviderName)
		return
	}
	if fm == nil {
		// The couple's first name, known from its project, to start with.
		fm = newForm(nil, reviewFieldOrder, reviewLabels)
		fm.Values.Set("reviewerName", inv.Firstname)
	}
	s.renderReviewForm(w, r, reviewPage{Verified: true, Name: inv.ProviderName, Action: "/reviews/verified/" + url.PathEscape(token)},
		fm, photoAgain, status)
}

func (s *Site) verifiedReviewSubmit(w http.ResponseWriter, r *http.Request) {
	token := r.PathValue("token")
	inv, err := s.Directory.Invitation(r.Context(), token)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	privateHeaders(w)
	if inv.UsedAt.Valid {
		s.message(w, r, http.StatusConflict, "site.review.used")
		return
	}
	s.submitReviewForm(w, r, func(in directory.ReviewInput) error { return s.Directory.SubmitVerifiedReview(r.Context(), token, in) },
		func(fm *form, photoAgain bool, status int) { s.showVerifiedReview(w, r, fm, photoAgain, status) },
		"/reviews/verified/"+url.PathEscape(token)+"/sent")
}

func (s *Site) verifiedReviewSent(w http.ResponseWriter, r *http.Request) {
	inv, err := s.Directory.Invitation(r.Context(), r.PathValue("token"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	privateHeaders(w)
	s.renderReviewSent(w, r, inv.ProviderName)
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
	s.renderReviewSent(w, r, c.Name)
}

// renderReviewSent thanks the author of a review of name.
func (s *Site) renderReviewSent(w http.ResponseWriter, r *http.Request, name string) {
	v := s.newView(r, "")
	v.Title = v.T("site.review.sent_title") + " – Noces"
	v.NoIndex = true
	v.Alternates = nil
	v.Canonical = ""
	v.P = reviewSentPage{Name: name}
	s.render(w, r, http.StatusOK, "review_sent", v, cacheNoStore)
}
