package httpapi

import (
	"net/http"
	"net/url"
	"strconv"
	"time"

	"noces/internal/account"
	"noces/internal/apperr"
	"noces/internal/directory"
	"noces/internal/model"
)

type reviewItem struct {
	ID           string    `json:"id"`
	Title        string    `json:"title"`
	Rating       int       `json:"rating"`
	Description  string    `json:"description"`
	ReviewerName string    `json:"reviewerName"`
	ReviewerType string    `json:"reviewerType"`
	WeddingDate  *string   `json:"weddingDate"`
	ImageName    *string   `json:"imageName"`
	CreatedAt    time.Time `json:"createdAt"`
}

type reviewList struct {
	Items         []reviewItem `json:"items"`
	Pages         int          `json:"pages"`
	Total         int          `json:"total"`
	Average       float64      `json:"average"`
	ReviewFormURL string       `json:"reviewFormUrl"`
}

// ownReviews answers GET /api/reviews: the signed-in provider's approved
// reviews and its review link. prestataire_id, when given, must be the
// provider itself: another provider's list is not found, as every resource
// of someone else's.
func (s *Server) ownReviews(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	q := r.URL.Query()
	if id := q.Get("prestataire_id"); id != "" && id != c.UserID {
		return apperr.New(apperr.NotFound, "errors.not_found")
	}
	page := pageParam(r)
	limit, err := strconv.Atoi(q.Get("limit"))
	if err != nil || limit < 1 || limit > 50 {
		limit = 10
	}
	rv, err := s.Directory.OwnReviews(r.Context(), c.UserID, page, limit)
	if err != nil {
		return err
	}
	out := reviewList{Items: make([]reviewItem, len(rv.Items)), Pages: rv.Pages, Total: rv.Total, Average: rv.Average,
		ReviewFormURL: s.Hosts.PublicURL(rv.Domain, "/review/"+url.PathEscape(rv.Token))}
	for i, it := range rv.Items {
		out.Items[i] = toReviewItem(s.Directory, it)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func toReviewItem(d *directory.Service, r model.Review) reviewItem {
	it := reviewItem{ID: r.ID, Title: r.Title, Rating: r.Rating, Description: r.Body, ReviewerName: r.ReviewerName,
		ReviewerType: r.ReviewerType, CreatedAt: r.CreatedAt}
	if r.WeddingDate.Valid {
		it.WeddingDate = &r.WeddingDate.String
	}
	if u := d.PhotoURL(r); u != "" {
		it.ImageName = &u
	}
	return it
}
