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
	"noces/internal/reviewinvite"
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
	// Verified: written through a booked request's invitation.
	Verified bool `json:"verified"`
	// Reply is the provider's public reply ("" for none), at RepliedAt;
	// ReplyHidden says an admin hid it from the public.
	Reply       string     `json:"reply"`
	RepliedAt   *time.Time `json:"repliedAt"`
	ReplyHidden bool       `json:"replyHidden"`
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
		ReviewerType: r.ReviewerType, CreatedAt: r.CreatedAt, Verified: r.Verified(), Reply: r.Reply, ReplyHidden: r.ReplyHiddenAt.Valid}
	if r.RepliedAt.Valid {
		it.RepliedAt = &r.RepliedAt.Time
	}
	if r.WeddingDate.Valid {
		it.WeddingDate = &r.WeddingDate.String
	}
	if u := d.PhotoURL(r); u != "" {
		it.ImageName = &u
	}
	return it
}

type replyBody struct {
	Reply string `json:"reply"`
}

// putReviewReply answers PUT /api/reviews/{id}/reply: the signed-in
// provider's public reply to one of its reviews (another's is not found).
func (s *Server) putReviewReply(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in replyBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	rv, err := s.Directory.SetReply(r.Context(), c.UserID, r.PathValue("id"), in.Reply)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toReviewItem(s.Directory, rv))
	return nil
}

// deleteReviewReply answers DELETE /api/reviews/{id}/reply.
func (s *Server) deleteReviewReply(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	rv, err := s.Directory.DeleteReply(r.Context(), c.UserID, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toReviewItem(s.Directory, rv))
	return nil
}

type bookingState struct {
	ByProvider bool       `json:"byProvider"`
	ByCouple   bool       `json:"byCouple"`
	BookedAt   *time.Time `json:"bookedAt"`
	InvitedAt  *time.Time `json:"invitedAt"`
	InviteOn   string     `json:"inviteOn"`
	CanMark    bool       `json:"canMark"`
}

func toBookingState(b reviewinvite.Booking) bookingState {
	return bookingState{ByProvider: b.ByProvider, ByCouple: b.ByCouple, BookedAt: b.BookedAt, InvitedAt: b.InvitedAt,
		InviteOn: b.InviteOn, CanMark: b.CanMark}
}

// getBooking answers GET /api/event-requests/{uuid}/booking.
func (s *Server) getBooking(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	b, err := s.Bookings.Get(r.Context(), c.UserID, r.PathValue("uuid"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toBookingState(b))
	return nil
}

// putBooking answers PUT /api/event-requests/{uuid}/booking: the provider
// marks the request as booked (idempotent).
func (s *Server) putBooking(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	b, err := s.Bookings.Mark(r.Context(), c.UserID, r.PathValue("uuid"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toBookingState(b))
	return nil
}

// deleteBooking answers DELETE /api/event-requests/{uuid}/booking: the
// mark taken back, until the couple's invitation is sent.
func (s *Server) deleteBooking(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	b, err := s.Bookings.Unmark(r.Context(), c.UserID, r.PathValue("uuid"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toBookingState(b))
	return nil
}
