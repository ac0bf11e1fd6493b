package httpapi

// A provider's conversations with couples and its saved replies; the rules
// are internal/conversation's.

import (
	"net/http"
	"time"

	"noces/internal/account"
	"noces/internal/conversation"
	"noces/internal/eventreq"
	"noces/internal/model"
	"noces/internal/store"
)

// requestOutcome is what every provider of a request sees of how the couple
// closed its project.
type requestOutcome struct {
	Outcome            *string    `json:"outcome"`
	OutcomeAt          *time.Time `json:"outcomeAt"`
	BookedThisProvider bool       `json:"bookedThisProvider"`
}

func toRequestOutcome(v eventreq.View) requestOutcome {
	p := v.Project
	if !p.Outcome.Valid {
		return requestOutcome{}
	}
	return requestOutcome{Outcome: &p.Outcome.String, OutcomeAt: timePtr(p.OutcomeAt.Valid, p.OutcomeAt.Time),
		BookedThisProvider: p.Outcome.String == model.ProjectOutcomeBookedProvider && p.OutcomeRequestID.String == v.ID}
}

type messageItem struct {
	ID        string     `json:"id"`
	Sender    string     `json:"sender"`
	Body      string     `json:"body"`
	CreatedAt time.Time  `json:"createdAt"`
	ReadAt    *time.Time `json:"readAt"`
}

type messageList struct {
	Messages []messageItem `json:"messages"`
	// CanWrite says whether a message would be accepted now: the
	// conversation open (not stopped by the couple, not expired, the request
	// not rejected), and the request unlocked by the provider or, premium, a
	// place left under the unlock cap.
	CanWrite  bool      `json:"canWrite"`
	Stopped   bool      `json:"stopped"`
	ExpiresAt time.Time `json:"expiresAt"`
}

func toMessageItem(m model.Message) messageItem {
	return messageItem{ID: m.ID, Sender: m.Sender, Body: m.Body, CreatedAt: m.CreatedAt, ReadAt: timePtr(m.ReadAt.Valid, m.ReadAt.Time)}
}

func (s *Server) listMessages(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	th, err := s.Conversations.ProviderThread(r.Context(), c.UserID, r.PathValue("uuid"))
	if err != nil {
		return err
	}
	out := messageList{Messages: make([]messageItem, len(th.Messages)), CanWrite: th.CanWrite,
		Stopped: th.Request.StoppedAt.Valid, ExpiresAt: th.ExpiresAt}
	for i, m := range th.Messages {
		out.Messages[i] = toMessageItem(m)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

type sendMessageBody struct {
	Body string `json:"body"`
}

func (s *Server) sendMessage(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in sendMessageBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	m, err := s.Conversations.Send(r.Context(), c.UserID, r.PathValue("uuid"), in.Body)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, toMessageItem(m))
	return nil
}

type replyTemplateItem struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	Body      string    `json:"body"`
	UpdatedAt time.Time `json:"updatedAt"`
}

func toReplyTemplate(t store.ReplyTemplate) replyTemplateItem {
	return replyTemplateItem{ID: t.ID, Name: t.Name, Body: t.Body, UpdatedAt: t.UpdatedAt}
}

type replyTemplateBody struct {
	Name string `json:"name"`
	Body string `json:"body"`
}

func (s *Server) listReplyTemplates(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	ts, err := s.Conversations.Templates(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	out := make([]replyTemplateItem, len(ts))
	for i, t := range ts {
		out[i] = toReplyTemplate(t)
	}
	writeJSON(w, http.StatusOK, map[string]any{"templates": out, "max": conversation.MaxTemplates})
	return nil
}

func (s *Server) createReplyTemplate(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in replyTemplateBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	t, err := s.Conversations.CreateTemplate(r.Context(), c.UserID, conversation.TemplateInput{Name: in.Name, Body: in.Body})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, toReplyTemplate(t))
	return nil
}

func (s *Server) updateReplyTemplate(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in replyTemplateBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	t, err := s.Conversations.UpdateTemplate(r.Context(), c.UserID, r.PathValue("id"), conversation.TemplateInput{Name: in.Name, Body: in.Body})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toReplyTemplate(t))
	return nil
}

func (s *Server) deleteReplyTemplate(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	if err := s.Conversations.DeleteTemplate(r.Context(), c.UserID, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
