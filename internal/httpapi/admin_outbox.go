package httpapi

import (
	"net/http"
	"noces/internal/account"
	"strconv"
	"time"
)

type outboxItem struct {
	ID      string     `json:"id"`
	Channel string     `json:"channel"`
	To      string     `json:"to"`
	Subject string     `json:"subject"`
	Text    string     `json:"text"`
	HTML    string     `json:"html"`
	SentAt  *time.Time `json:"sentAt"`
	Created time.Time  `json:"createdAt"`
	Error   string     `json:"error"`
}

type outboxResponse struct {
	Items    []outboxItem `json:"items"`
	Total    int          `json:"total"`
	Page     int          `json:"page"`
	PageSize int          `json:"pageSize"`
}

const outboxPageSize = 50

func (s *Server) listOutbox(w http.ResponseWriter, r *http.Request, _ account.Claims) error {
	page := pageParam(r)
	msgs, total, err := s.Store.ListOutbox(r.Context(), r.URL.Query().Get("to"), outboxPageSize, (page-1)*outboxPageSize)
	if err != nil {
		return err
	}
	out := outboxResponse{Items: make([]outboxItem, 0, len(msgs)), Total: total, Page: page, PageSize: outboxPageSize}
	for _, m := range msgs {
		it := outboxItem{ID: m.ID, Channel: m.Channel, To: m.Recipient, Subject: m.Subject, Text: m.BodyText,
			HTML: m.BodyHTML, Created: m.CreatedAt, Error: m.Error}
		if m.SentAt.Valid {
			it.SentAt = &m.SentAt.Time
		}
		out.Items = append(out.Items, it)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// pageParam reads ?page=, 1-based; anything unreadable is page 1.
func pageParam(r *http.Request) int {
	p, err := strconv.Atoi(r.URL.Query().Get("page"))
	if err != nil || p < 1 || p > 100000 {
		return 1
	}
	return p
}
