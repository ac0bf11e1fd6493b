package httpapi

import (
	"net/http"
	"time"

	"noces/internal/account"
	"noces/internal/model"
	"noces/internal/store"
)

type outboxItem struct {
	ID        string     `json:"id"`
	Channel   string     `json:"channel"`
	To        string     `json:"to"`
	Subject   string     `json:"subject"`
	Text      string     `json:"text"`
	HTML      string     `json:"html"`
	State     string     `json:"state"`
	Attempts  int        `json:"attempts"`
	Permanent bool       `json:"permanent"`
	SentAt    *time.Time `json:"sentAt"`
	Created   time.Time  `json:"createdAt"`
	Updated   time.Time  `json:"updatedAt"`
	Error     string     `json:"error"`
}

func toOutboxItem(m model.OutboxMessage) outboxItem {
	it := outboxItem{ID: m.ID, Channel: m.Channel, To: m.Recipient, Subject: m.Subject, Text: m.BodyText,
		HTML: m.BodyHTML, State: m.State, Attempts: m.Attempts, Permanent: m.Permanent, Created: m.CreatedAt,
		Updated: m.CreatedAt, Error: m.Error}
	if m.SentAt.Valid {
		it.SentAt = &m.SentAt.Time
	}
	if m.UpdatedAt.Valid {
		it.Updated = m.UpdatedAt.Time
	}
	return it
}

func (s *Server) listOutbox(w http.ResponseWriter, r *http.Request, _ account.Claims) error {
	q := r.URL.Query()
	p, err := s.Admin.Outbox(r.Context(), store.OutboxFilter{Recipient: q.Get("to"), State: q.Get("state")}, pageParam(r))
	return writePage(w, p, err, toOutboxItem)
}

func (s *Server) resendOutbox(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	m, err := s.Admin.ResendOutbox(r.Context(), c.UserID, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toOutboxItem(m))
	return nil
}
