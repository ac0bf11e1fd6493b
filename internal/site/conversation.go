package site

import (
	"html/template"
	"net/http"
	"net/url"
	"time"
	_ "time/tzdata" // the couple's dates in its country's time, wherever the server runs

	"noces/internal/apperr"
	"noces/internal/clientip"
	"noces/internal/conversation"
	"noces/internal/model"
)

// The couple's conversation with a provider, /c/{token}: no
// account, the link is the key. The page is private: never indexed, never
// cached by a shared cache, and its address (the token) never leaves the
// site in a Referer. Its forms post to the same link; a post from another
// site is refused (post.go), and the token itself is the secret a forged
// form would need.

var conversationFieldOrder = []string{"body", "outcome"}

var conversationLabels = map[string]string{"body": "site.conversation.answer", "outcome": "site.conversation.close_heading"}

// zones are the domains' countries' time zones, for the dates shown.
var zones = map[string]string{"FR": "Europe/Paris", "BE": "Europe/Brussels", "GB": "Europe/London", "DE": "Europe/Berlin",
	"IT": "Europe/Rome", "ES": "Europe/Madrid", "PT": "Europe/Lisbon"}

type conversationPage struct {
	Action, CloseAction, StopAction string
	Thread                          conversation.Thread
	Messages                        []messageView
	Form                            *form
	Outcomes                        []choice
	Outcome, OutcomeAt              string
	EventType, EventDate, City      string
	Notice                          string
	MaxLen                          int
	// ReadURL and ReadScript mark the provider's messages read once a
	// person is on the page; empty when none is unread.
	ReadURL    string
	ReadScript template.JS
}

type messageView struct {
	FromCouple bool
	Body       any
	Sent, Read string
	// Unread: a provider's message the couple has not read yet.
	Unread bool
}

// DateTime writes t as the page's locale writes a date and time, in the
// domain's country's time.
func (v *view) DateTime(t time.Time) string {
	loc, err := time.LoadLocation(zones[v.Domain.Country])
	if err != nil {
		loc = nil
	}
	return v.texts.DateTime(v.Lang, t, loc)
}

// privateHeaders are the headers of every answer about a conversation (and
// of a couple's review invitation). same-origin keeps the link in the site:
// no other site gets it in a Referer; no-referrer would do no better and
// would make the browser post the page's forms with Origin "null", which
// sameOrigin cannot tell from another site's without Sec-Fetch-Site.
func privateHeaders(w http.ResponseWriter) {
	w.Header().Set("Referrer-Policy", "same-origin")
	w.Header().Set("X-Robots-Tag", "noindex, nofollow")
}

func (s *Site) conversation(w http.ResponseWriter, r *http.Request) {
	notice := ""
	switch r.URL.Query().Get("done") {
	case "sent":
		notice = "site.conversation.sent"
	case "closed":
		notice = "site.conversation.closed"
	}
	s.showConversation(w, r, nil, notice)
}

func (s *Site) showConversation(w http.ResponseWriter, r *http.Request, fm *form, notice string) {
	privateHeaders(w)
	token := r.PathValue("token")
	th, err := s.Conversations.CoupleThread(r.Context(), token)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v := s.newView(r, "")
	v.Title = v.T("site.conversation.title", "name", th.Provider.Name) + " – Noces"
	v.NoIndex = true
	v.Alternates = nil
	v.Canonical = ""
	status := http.StatusOK
	if fm == nil {
		fm = newForm(nil, conversationFieldOrder, conversationLabels)
	} else if fm.HasErrors() {
		status = formStatus(fm)
		v.Title = v.T("site.form.error_title", "title", v.Title)
	}
	base := "/c/" + url.PathEscape(token)
	p := th.Request.Project
	page := conversationPage{Action: base, CloseAction: base + "/close", StopAction: base + "/stop", Thread: th, Form: fm,
		EventType: v.T("project.event_type." + p.EventType), City: p.EventCity, MaxLen: conversation.MaxMessage}
	if d, err := time.Parse(time.DateOnly, p.EventDate); err == nil {
		page.EventDate = v.texts.Date(v.Lang, d)
	}
	if notice != "" {
		page.Notice = v.T(notice)
	}
	for _, m := range th.Messages {
		mv := messageView{FromCouple: m.Sender == model.MessageFromCouple, Body: conversation.Linkify(m.Body),
			Sent: v.DateTime(m.CreatedAt)}
		if m.ReadAt.Valid {
			mv.Read = v.DateTime(m.ReadAt.Time)
		}
		mv.Unread = !mv.FromCouple && !m.ReadAt.Valid
		if mv.Unread && page.ReadURL == "" {
			withReadScript(v, &page, base)
		}
		page.Messages = append(page.Messages, mv)
	}
	for _, o := range conversation.Outcomes {
		page.Outcomes = append(page.Outcomes, choice{Value: o, Label: v.T("conversation.outcome." + o)})
	}
	if p.Outcome.Valid {
		page.Outcome, page.OutcomeAt = p.Outcome.String, v.DateTime(p.OutcomeAt.Time)
		if fm.Values.Get("outcome") == "" {
			fm.Values.Set("outcome", p.Outcome.String)
		}
	}
	v.P = page
	s.render(w, r, status, "conversation", v, cacheNoStore)
}

// conversationForm takes a post to a conversation, read by post.
func (s *Site) conversationForm(w http.ResponseWriter, r *http.Request) (*form, bool) {
	privateHeaders(w)
	fm := newForm(cloneValues(r.PostForm), conversationFieldOrder, conversationLabels)
	if fm.refuseBadUTF8(func(code string) string { return s.T(r, code) }) {
		s.showConversation(w, r, fm, "")
		return nil, false
	}
	return fm, true
}

func (s *Site) conversationReply(w http.ResponseWriter, r *http.Request) {
	fm, ok := s.conversationForm(w, r)
	if !ok {
		return
	}
	token := r.PathValue("token")
	_, err := s.Conversations.Reply(r.Context(), token, fm.Values.Get("body"), clientip.Of(r))
	s.afterConversationPost(w, r, fm, err, "sent")
}

func (s *Site) conversationClose(w http.ResponseWriter, r *http.Request) {
	fm, ok := s.conversationForm(w, r)
	if !ok {
		return
	}
	err := s.Conversations.Close(r.Context(), r.PathValue("token"), fm.Values.Get("outcome"))
	s.afterConversationPost(w, r, fm, err, "closed")
}

// afterConversationPost redirects a done post back to the page (303, so a
// reload sends nothing twice) or shows the form again with its messages.
func (s *Site) afterConversationPost(w http.ResponseWriter, r *http.Request, fm *form, err error, done string) {
	if err == nil {
		http.Redirect(w, r, "/c/"+url.PathEscape(r.PathValue("token"))+"?done="+done, http.StatusSeeOther)
		return
	}
	tr := func(code string) string { return s.T(r, code) }
	if e, ok := apperr.As(err); ok && e.Kind == apperr.Conflict {
		fm.Notice = tr(e.Code)
		fm.Status = http.StatusConflict
		s.showConversation(w, r, fm, "")
		return
	}
	if fm.apply(err, tr, nil) {
		s.showConversation(w, r, fm, "")
		return
	}
	s.fail(w, r, err)
}

func (s *Site) conversationStop(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.conversationForm(w, r); !ok {
		return
	}
	if err := s.Conversations.Stop(r.Context(), r.PathValue("token")); err != nil {
		s.fail(w, r, err)
		return
	}
	// The link opens nothing any more: the answer is the page saying so.
	s.message(w, r, http.StatusOK, "site.conversation.stopped")
}
