package site

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"noces/internal/apperr"
	"noces/internal/clientip"
	"noces/internal/eventreq"
	"noces/internal/i18n"
)

// projectFieldOrder is the order of the project form's fields, for the
// error summary.
var projectFieldOrder = []string{"eventType", "eventDate", "serviceType", "eventLocationCity", "eventLocationZipcode",
	"budgetRange", "guestRange", "languages", "hasTheme", "weddingTheme", "message", "firstname", "lastname", "email", "phone"}

// projectLabels are the label keys of the project form's fields.
var projectLabels = map[string]string{
	"eventType": "site.project.event_type", "eventDate": "site.project.event_date", "serviceType": "site.project.service_type",
	"eventLocationCity": "site.project.city", "eventLocationZipcode": "site.project.zipcode", "budgetRange": "site.project.budget",
	"guestRange": "site.project.guests", "languages": "site.project.languages", "weddingTheme": "site.project.theme",
	"message": "site.project.message", "firstname": "site.project.firstname", "lastname": "site.project.lastname",
	"email": "site.project.email", "phone": "site.project.phone",
}

// projectAliases show the codes of fields the form has no input for on the
// input they come from.
var projectAliases = fieldAliases{
	"eventLocationLatitude":  "eventLocationCity",
	"eventLocationLongitude": "eventLocationCity",
	"eventLocationCountry":   "eventLocationCity",
	"eventLocation":          "eventLocationCity",
}

// honeypotField is the input people never see and robots fill.
const honeypotField = "website"

// maxFormBytes bounds the body of a form of text (textLimit).
const maxFormBytes = 64 << 10

// requestForm is the couple's project form, general or addressed to one
// provider or venue.
type requestForm struct {
	Action string
	Form   *form
	Token  string
	// Services are the service types offered; with one, the form carries
	// it hidden and names it.
	Services     []choice
	EventTypes   []choice
	BudgetRanges []choice
	GuestRanges  []choice
	Languages    []choice
	MinDate      string
	MaxDate      string
	// To is the provider's or venue's name; empty on the general form.
	To string
	// Availability says whether the page's planner or venue is free on
	// the date of the search the couple came from; nil without one.
	Availability *dateNote
}

// dateNote is a page's "Available on <date>" or "Not available on <date>".
type dateNote struct {
	Text string
	Busy bool
	// Search is, when Busy, the search for the same kind free on the date.
	Search string
}

// dateNote tells, on a planner's or venue's page reached from a search with
// a date (?date= on its link), whether its calendar has that date free, and
// puts the date in the request form when it is free and the form is fresh.
func (s *Site) dateNote(r *http.Request, v *view, userID, venueID string, rf *requestForm) error {
	date := s.eventDate(r.URL.Query().Get("date"))
	if date == "" || r.Method != http.MethodGet {
		return nil
	}
	busy, err := s.Directory.IsBusy(r.Context(), userID, venueID, date)
	if err != nil {
		return err
	}
	key := "site.results.available_on"
	if busy {
		key = "site.profile.unavailable_on"
	} else if !rf.Form.HasErrors() && rf.Form.Values.Get("eventDate") == "" {
		rf.Form.Values.Set("eventDate", date)
	}
	rf.Availability = &dateNote{Text: v.T(key, "date", v.dayText(date)), Busy: busy}
	if busy {
		kind := "planner"
		if venueID != "" {
			kind = "venue"
		}
		rf.Availability.Search = "/search?" + filters{Kind: kind, Date: date}.query(1)
	}
	return nil
}

func (s *Site) newRequestForm(v *view, action string, fm *form, services []string, to string) *requestForm {
	opts := eventreq.OptionsIn(s.Texts, v.Lang)
	token := fm.Values.Get("formToken")
	if token == "" {
		token = s.Events.FormToken()
	}
	first, last := s.dateBounds()
	return &requestForm{Action: action, Form: fm, Token: token,
		Services:   v.choices("prestations.", services),
		EventTypes: toChoices(opts.EventTypes), BudgetRanges: toChoices(opts.BudgetRanges),
		GuestRanges: toChoices(opts.GuestRanges), Languages: toChoices(opts.Languages),
		MinDate: first.Format(time.DateOnly), MaxDate: last.Format(time.DateOnly),
		To: to}
}

func toChoices(cs []eventreq.Choice) []choice {
	out := make([]choice, len(cs))
	for i, c := range cs {
		out[i] = choice{Value: c.Value, Label: c.Label}
	}
	return out
}

type projectPage struct {
	Request *requestForm
}

func (s *Site) project(w http.ResponseWriter, r *http.Request) {
	s.showProject(w, r, nil)
}

func (s *Site) showProject(w http.ResponseWriter, r *http.Request, fm *form) {
	v := s.newView(r, "")
	v.Title = v.T("site.project.title") + " – Noces"
	v.Description = v.T("site.project.description", "country", v.Country)
	// The same form on every domain, in its language: a true translation.
	v.Alternates = s.Hosts.Alternates("/project")
	status := http.StatusOK
	if fm == nil {
		fm = newForm(nil, projectFieldOrder, projectLabels)
	} else if fm.HasErrors() {
		status = formStatus(fm)
		v.Title = v.T("site.form.error_title", "title", v.Title)
	}
	v.P = projectPage{Request: s.newRequestForm(v, "/project", fm, eventreq.ServiceTypes, "")}
	cache := cacheNoCache
	if status != http.StatusOK {
		cache = cacheNoStore
	}
	s.render(w, r, status, "project", v, cache)
}

func (s *Site) projectSubmit(w http.ResponseWriter, r *http.Request) {
	s.submitProject(w, r, addressed{}, s.showProject)
}

func (s *Site) providerRequest(w http.ResponseWriter, r *http.Request) {
	s.submitProject(w, r, addressed{provider: r.PathValue("slug")}, s.showProvider)
}

func (s *Site) venueRequest(w http.ResponseWriter, r *http.Request) {
	s.submitProject(w, r, addressed{venue: r.PathValue("slug")}, s.showVenue)
}

// addressed is the page a form was sent from: a planner's or a venue's
// slug, or neither for the general form. Planners and venues have slugs of
// their own, so a venue's form never lands with a planner of the same slug.
type addressed struct {
	provider, venue string
}

// formStatus is the status of a form shown again: 422 for fields to correct,
// 400 for a refused submission.
func formStatus(fm *form) int {
	if fm.Status != 0 {
		return fm.Status
	}
	if len(fm.Summary) > 0 {
		return http.StatusUnprocessableEntity
	}
	return http.StatusBadRequest
}

// submitProject sends a couple's project, addressed to the page it was sent
// from or, from the general form, matched to providers, once the couple
// confirms its e-mail (confirm.go). A refused form is shown again by again
// with its values and messages; a sent one redirects to the "check your
// inbox" page, so a reload does not send it twice.
func (s *Site) submitProject(w http.ResponseWriter, r *http.Request, to addressed, again func(http.ResponseWriter, *http.Request, *form)) {
	ctx := r.Context()
	d := i18n.DomainFrom(ctx)
	pf := r.PostForm
	if fm := newForm(cloneValues(pf, honeypotField), projectFieldOrder, projectLabels); fm.refuseBadUTF8(func(code string) string { return s.T(r, code) }) {
		again(w, r, fm)
		return
	}
	in := eventreq.ProjectInput{
		ProviderSlug: to.provider, VenueSlug: to.venue,
		EventType: pf.Get("eventType"), EventDate: pf.Get("eventDate"), ServiceType: pf.Get("serviceType"),
		City: pf.Get("eventLocationCity"), Zipcode: pf.Get("eventLocationZipcode"), Country: d.Country,
		BudgetRange: pf.Get("budgetRange"), GuestRange: pf.Get("guestRange"), Languages: pf["languages"],
		HasTheme: pf.Get("hasTheme") != "", WeddingTheme: pf.Get("weddingTheme"), Message: pf.Get("message"),
		Firstname: pf.Get("firstname"), Lastname: pf.Get("lastname"), Email: pf.Get("email"), Phone: pf.Get("phone"),
		FormToken: pf.Get("formToken"), Honeypot: pf.Get(honeypotField), ClientIP: clientip.Of(r),
	}
	if !in.HasTheme {
		in.WeddingTheme = ""
	}
	in.EventLocation = strings.TrimSpace(strings.TrimSpace(in.Zipcode) + " " + strings.TrimSpace(in.City))
	if lat, lng, ok := s.locate(ctx, in.City, in.Zipcode, d.Country); ok {
		in.Latitude, in.Longitude = &lat, &lng
	}
	res, err := s.Events.Submit(ctx, in, d)
	if err == nil {
		http.Redirect(w, r, sentURL(res.ProjectID, res.ResendKey), http.StatusSeeOther)
		return
	}
	fm := newForm(cloneValues(pf, honeypotField), projectFieldOrder, projectLabels)
	tr := func(code string) string { return s.T(r, code) }
	e, _ := apperr.As(err)
	switch {
	case e != nil && e.Kind == apperr.Malformed:
		// A robot, or a person faster than a robot: the form comes back
		// with a fresh token and can be sent again.
		fm.Values.Del("formToken")
		fm.Notice = tr("site.form.spam")
	case e != nil && e.Code == "project.errors.form_used":
		// The same filled form sent again (back button, double submit, a
		// replay): nothing was created; a fresh token lets a couple who
		// really has a second project send it.
		fm.Values.Del("formToken")
		fm.Notice = tr("site.form.already_sent")
		fm.Status = http.StatusConflict
	case fm.apply(err, tr, projectAliases):
	default:
		s.fail(w, r, err)
		return
	}
	again(w, r, fm)
}

// cloneValues copies a form's values but the fields left out, so a form shown
// again can be changed without touching the request's.
func cloneValues(v url.Values, leftOut ...string) url.Values {
	out := url.Values{}
	for k, vs := range v {
		if !slices.Contains(leftOut, k) {
			out[k] = slices.Clone(vs)
		}
	}
	return out
}

// locate finds the coordinates of a typed city (with its postal code when
// given) in the domain's country; ok is false when it is unknown.
func (s *Site) locate(ctx context.Context, city, zipcode, country string) (lat, lng float64, ok bool) {
	city, zipcode = strings.TrimSpace(city), strings.TrimSpace(zipcode)
	if city == "" {
		return 0, 0, false
	}
	q := city
	if zipcode != "" {
		q = city + " " + zipcode
	}
	places, err := s.Geo.Search(ctx, q, country, 1)
	if err != nil {
		s.Log.WarnContext(ctx, "site: geocode", "err", err.Error())
		return 0, 0, false
	}
	if len(places) == 0 {
		return 0, 0, false
	}
	return places[0].Lat, places[0].Lng, true
}
