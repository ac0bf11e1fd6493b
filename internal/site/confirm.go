package site

import (
	"net/http"
	"net/url"
	"strings"

	"noces/internal/apperr"
	"noces/internal/clientip"
	"noces/internal/eventreq"
)

// The couple's confirmation, so that no provider pays for a request from an
// address that was never real: after the form, a page saying to
// check the inbox (with a resend); the link of the e-mail opens a page with
// what the couple sent and a button. Opening the link changes nothing, so
// an e-mail scanner that prefetches it confirms nothing; the button posts.

// maxSmallForm bounds the body of the confirmation's and the resend's forms.
const maxSmallForm = 4 << 10

// inboxPage is the "check your inbox" page shown after the form.
type inboxPage struct {
	// ProjectID and Key let the page ask for the e-mail again; empty
	// when the address carried none (or a forged one).
	ProjectID, Key string
	// Notice is the outcome of a resend, Resent whether it was sent.
	Notice string
	Resent bool
}

func (s *Site) projectSent(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	pg := inboxPage{}
	if id, key := q.Get("p"), q.Get("k"); len(id) <= 64 && s.Events.ResendKeyValid(id, key) {
		pg.ProjectID, pg.Key = id, key
	}
	if q.Get("resent") == "1" && pg.Key != "" {
		pg.Notice, pg.Resent = s.T(r, "site.check.resent"), true
	}
	s.showCheck(w, r, http.StatusOK, pg)
}

func (s *Site) showCheck(w http.ResponseWriter, r *http.Request, status int, pg inboxPage) {
	v := s.newView(r, "")
	v.Title = v.T("site.check.title") + " – Noces"
	v.NoIndex = true
	v.Canonical = ""
	v.Alternates = nil
	v.P = pg
	s.render(w, r, status, "sent", v, cacheNoStore)
}

// sentURL is the "check your inbox" page of a project.
func sentURL(projectID, key string) string {
	return "/project/sent?" + url.Values{"p": {projectID}, "k": {key}}.Encode()
}

// projectResend e-mails the confirmation link again.
// Like every post, it is refused from another site's page (post.go): the
// signed resend key is no secret of the couple's alone.
func (s *Site) projectResend(w http.ResponseWriter, r *http.Request) {
	id, key := r.PostForm.Get("p"), r.PostForm.Get("k")
	err := s.Events.Resend(r.Context(), id, key, clientip.Of(r))
	if err == nil {
		http.Redirect(w, r, sentURL(id, key)+"&resent=1", http.StatusSeeOther)
		return
	}
	e, _ := apperr.As(err)
	switch {
	case eventreq.IsExpiredLink(err):
		s.confirmGone(w, r)
	case e != nil && e.Code == "project.errors.confirm_unknown":
		s.confirmUnknown(w, r)
	case e != nil && e.Code == "project.errors.resend_limit":
		s.showCheck(w, r, http.StatusTooManyRequests, inboxPage{Notice: s.T(r, "site.check.resend_limit")})
	case e != nil && e.Code == "project.errors.already_confirmed":
		s.showCheck(w, r, http.StatusConflict, inboxPage{Notice: s.T(r, "site.check.already")})
	default:
		s.fail(w, r, err)
	}
}

// confirmPage is the page of a confirmation link: the project to confirm,
// or the result of its confirmation.
type confirmPage struct {
	Action string
	Done   bool
	// Matched is how many providers the confirmed project went to.
	Matched int
	ToPage  bool
	Facts   []fact
}

// fact is one line of the project's summary.
type fact struct{ Label, Value string }

func (s *Site) confirm(w http.ResponseWriter, r *http.Request) {
	p, err := s.Events.Confirmation(r.Context(), r.PathValue("token"))
	s.showConfirm(w, r, p, err)
}

func (s *Site) confirmSubmit(w http.ResponseWriter, r *http.Request) {
	token := r.PathValue("token")
	p, err := s.Events.Confirm(r.Context(), token)
	if err != nil {
		s.showConfirm(w, r, p, err)
		return
	}
	// The result is the link's page now: a reload shows it, sends nothing.
	http.Redirect(w, r, eventreq.ConfirmPath(token), http.StatusSeeOther)
}

func (s *Site) showConfirm(w http.ResponseWriter, r *http.Request, p eventreq.Pending, err error) {
	if err != nil {
		e, _ := apperr.As(err)
		switch {
		case eventreq.IsExpiredLink(err):
			s.confirmGone(w, r)
		case e != nil && e.Code == "project.errors.confirm_unknown":
			s.confirmUnknown(w, r)
		default:
			s.fail(w, r, err)
		}
		return
	}
	v := s.newView(r, "")
	// The link is the couple's secret: never indexed, never cached.
	v.NoIndex = true
	v.Canonical = ""
	v.Alternates = nil
	pg := confirmPage{Action: eventreq.ConfirmPath(r.PathValue("token")), Done: p.Confirmed, Matched: p.Matched, ToPage: p.ToPage}
	if p.Confirmed {
		v.Title = v.T("site.confirm.done_title") + " – Noces"
	} else {
		v.Title = v.T("site.confirm.title") + " – Noces"
	}
	pg.Facts = s.projectFacts(v, p)
	v.P = pg
	s.render(w, r, http.StatusOK, "confirm", v, cacheNoStore)
}

// projectFacts is the summary of what the couple sent, in the page's language.
func (s *Site) projectFacts(v *view, pe eventreq.Pending) []fact {
	p := pe.Project
	opt := func(prefix, code string) string {
		if code == "" {
			return v.T("site.confirm.none")
		}
		return v.T(prefix + code)
	}
	langs := make([]string, len(p.Languages))
	for i, l := range p.Languages {
		langs[i] = v.T("langues." + l)
	}
	place := strings.TrimSpace(p.EventZipcode + " " + p.EventCity)
	facts := []fact{
		{v.T("site.project.event_type"), opt("project.event_type.", p.EventType)},
		{v.T("site.project.event_date"), s.longDate(v, p.EventDate)},
		{v.T("site.project.service_type"), opt("prestations.", p.ServiceType)},
		{v.T("site.project.city"), place},
		{v.T("site.project.budget"), opt("project.budget_range.", p.BudgetRange)},
		{v.T("site.project.guests"), opt("project.guest_range.", p.GuestRange)},
	}
	if len(langs) > 0 {
		facts = append(facts, fact{v.T("site.project.languages"), strings.Join(langs, ", ")})
	}
	if p.HasTheme {
		facts = append(facts, fact{v.T("site.project.theme"), p.WeddingTheme})
	}
	if p.Message != "" {
		facts = append(facts, fact{v.T("site.project.message"), p.Message})
	}
	return append(facts,
		fact{v.T("site.project.firstname"), p.Firstname}, fact{v.T("site.project.lastname"), p.Lastname},
		fact{v.T("site.project.email"), p.Email}, fact{v.T("site.project.phone"), p.Phone})
}

// longDate writes a YYYY-MM-DD date in full in the page's language.
func (s *Site) longDate(v *view, date string) string { return v.texts.DateISO(v.Lang, date) }

// confirmGone answers an expired link: 410, and nothing changed.
func (s *Site) confirmGone(w http.ResponseWriter, r *http.Request) {
	s.confirmProblem(w, r, http.StatusGone, "expired")
}

// confirmUnknown answers a link that never existed (or was replaced by a
// resend): 404.
func (s *Site) confirmUnknown(w http.ResponseWriter, r *http.Request) {
	s.confirmProblem(w, r, http.StatusNotFound, "unknown")
}

func (s *Site) confirmProblem(w http.ResponseWriter, r *http.Request, status int, which string) {
	v := s.newView(r, "")
	v.Title = v.T("site.confirm."+which+"_title") + " – Noces"
	v.NoIndex = true
	v.Canonical = ""
	v.Alternates = nil
	v.P = confirmProblemPage{Heading: v.T("site.confirm." + which + "_heading"), Text: v.T("site.confirm." + which + "_text")}
	s.render(w, r, status, "confirm_problem", v, cacheNoStore)
}

type confirmProblemPage struct {
	Heading, Text string
}
