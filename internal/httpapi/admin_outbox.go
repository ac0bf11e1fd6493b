package httpapi

import (
	"net/http"
	"time"

	"noces/internal/account"
	"noces/internal/model"
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

func (s *Server) listOutbox(w http.ResponseWriter, r *http.Request, _ account.Claims) error {
	p, err := s.Admin.Outbox(r.Context(), r.URL.Query().Get("to"), pageParam(r))
	return writePage(w, p, err, func(m model.OutboxMessage) outboxItem {
		it := outboxItem{ID: m.ID, Channel: m.Channel, To: m.Recipient, Subject: m.Subject, Text: m.BodyText,
			HTML: m.BodyHTML, Created: m.CreatedAt, Error: m.Error}
		if m.SentAt.Valid {
			it.SentAt = &m.SentAt.Time
		}
		return it
	})
}
