// Package eventreq holds event requests: couples' projects from the public
// side, matched to providers, and what providers do with them.
package eventreq

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/directory/index"
	"noces/internal/emails"
	"noces/internal/hosts"
	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/outbox"
	"noces/internal/platform/sms"
	"noces/internal/ratelimit"
	"noces/internal/store"
	"noces/internal/validate"
)

// Matching limits of the general form.
const (
	MaxMatches     = 8
	MatchRadiusKm  = 100.0
	MessageMax     = 2000
	maxEventYears  = 5
	projectsPerDay = 10
)

// Projects a client address may send: enough for a couple comparing
// providers, too few for a spammer.
var projectRule = ratelimit.Rule{Max: projectsPerDay, Window: 24 * time.Hour}

// Service runs the event request rules.
type Service struct {
	store   *store.Store
	index   *index.Index
	clock   clock.Clock
	outbox  *outbox.Outbox
	emails  *emails.Renderer
	texts   *i18n.Bundle
	links   hosts.Links
	limiter *ratelimit.Limiter
	tokens  formTokens
	log     *slog.Logger
	// unlockCap is how many providers may unlock one project.
	unlockCap int
}

// Deps are the service's collaborators.
type Deps struct {
	Store *store.Store
	// Index is the directory's search index, which the general form's
	// matching searches.
	Index *index.Index
	Clock clock.Clock
	// Outbox queues the e-mails and SMS in the project's transaction.
	Outbox  *outbox.Outbox
	Emails  *emails.Renderer
	Texts   *i18n.Bundle
	Links   hosts.Links
	Limiter *ratelimit.Limiter
	// FormKey signs the forms' time tokens.
	FormKey []byte
	Log     *slog.Logger
	// UnlockCap is how many providers may unlock one project
	// (NOCES_UNLOCK_CAP); 0 is DefaultUnlockCap.
	UnlockCap int
}

// DefaultUnlockCap is the unlock cap when none is configured.
const DefaultUnlockCap = 3

// NewService wires the service.
func NewService(d Deps) *Service {
	if d.UnlockCap <= 0 {
		d.UnlockCap = DefaultUnlockCap
	}
	return &Service{store: d.Store, index: d.Index, clock: d.Clock, outbox: d.Outbox, emails: d.Emails, texts: d.Texts,
		links: d.Links, limiter: d.Limiter, tokens: formTokens{key: d.FormKey}, log: d.Log, unlockCap: d.UnlockCap}
}

// UnlockCap is how many providers may unlock one project.
func (s *Service) UnlockCap() int { return s.unlockCap }

// FormToken is the anti-spam token a form carries from the moment it is served.
func (s *Service) FormToken() string { return s.tokens.issue(s.clock.Now()) }

// ProjectInput is a couple's form.
type ProjectInput struct {
	// ProviderSlug addresses a planner's page (or, for forms sent before
	// VenueSlug existed, a venue's); VenueSlug a venue's page. Both empty:
	// the general form, matched.
	ProviderSlug  string
	VenueSlug     string
	EventType     string
	EventDate     string
	ServiceType   string
	EventLocation string
	City          string
	Zipcode       string
	Country       string
	Latitude      *float64
	Longitude     *float64
	BudgetRange   string
	GuestRange    string
	Languages     []string
	HasTheme      bool
	WeddingTheme  string
	Message       string
	Firstname     string
	Lastname      string
	Email         string
	Phone         string
	FormToken     string
	Honeypot      string
	ClientIP      string
}

// Submitted is the outcome of a project: stored, waiting for the couple to
// confirm its e-mail. ResendKey lets the page that says so ask for the
// link again.
type Submitted struct {
	ProjectID string
	ResendKey string
}

// Submit checks a couple's project, stores it unconfirmed and e-mails the
// couple its confirmation link. Nothing reaches a provider before Confirm.
func (s *Service) Submit(ctx context.Context, in ProjectInput, domain i18n.Domain) (Submitted, error) {
	// A robot fills the hidden field or posts too fast: it is told nothing.
	tok, ok := s.tokens.verify(in.FormToken, s.clock.Now())
	if in.Honeypot != "" || !ok {
		return Submitted{}, apperr.New(apperr.Malformed, "project.errors.spam")
	}
	p, err := s.check(in, domain)
	if err != nil {
		return Submitted{}, err
	}
	if err := s.limiter.Allow(ctx, "project:ip:"+in.ClientIP, projectRule); err != nil {
		return Submitted{}, err
	}
	// The page the form was sent from must exist now, so the couple hears
	// of a wrong address at once; the project goes there (or is matched)
	// only when the couple confirms its e-mail (confirm.go).
	venue, slug := strings.TrimSpace(in.VenueSlug), strings.TrimSpace(in.ProviderSlug)
	var to addressee
	switch {
	case venue != "":
		slug = ""
		v, err := s.store.GetVisibleVenueBySlug(ctx, venue)
		if errors.Is(err, store.ErrNotFound) {
			return Submitted{}, apperr.Wrap(apperr.NotFound, "project.errors.provider_not_found", err)
		} else if err != nil {
			return Submitted{}, err
		}
		to = addressee{user: v.OwnerID, venue: v.ID}
	case slug != "":
		if to, err = s.addressee(ctx, slug); err != nil {
			return Submitted{}, err
		}
	}
	// A page's planner or venue taken on the date: the couple hears it
	// now, before sending, rather than a request nobody can take.
	if to.user != "" {
		if busy, err := s.store.IsBusy(ctx, to.user, to.venue, p.EventDate); err != nil {
			return Submitted{}, err
		} else if busy {
			return Submitted{}, errDateTaken
		}
	}
	token, hash := newConfirmToken()
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		// The token is spent first: a concurrent replay waits on its key
		// and then finds it taken, before writing anything.
		fresh, err := tx.SpendFormToken(ctx, tok.ID, p.ID, tok.IssuedAt)
		if err != nil {
			return err
		}
		if !fresh {
			return apperr.New(apperr.Conflict, "project.errors.form_used")
		}
		if err := tx.CreateProject(ctx, p); err != nil {
			return err
		}
		err = tx.CreateProjectConfirmation(ctx, store.ProjectConfirmation{ProjectID: p.ID, TokenHash: hash,
			ProviderSlug: slug, VenueSlug: venue, ExpiresAt: p.CreatedAt.Add(ConfirmTTL)})
		if err != nil {
			return err
		}
		return s.sendConfirmLink(ctx, tx, p, token)
	})
	if err != nil {
		return Submitted{}, err
	}
	return Submitted{ProjectID: p.ID, ResendKey: s.ResendKey(p.ID)}, nil
}

// SpentTokensKeptUntil is the time before which spent form tokens can be
// forgotten: older ones would be refused for their age anyway. The periodic
// clean-up job deletes them.
func SpentTokensKeptUntil(now time.Time) time.Time {
	return now.Add(-MaxFormAge - spentTokenMargin)
}

// check validates the form and builds the project.
func (s *Service) check(in ProjectInput, domain i18n.Domain) (model.Project, error) {
	f := apperr.Fields{}
	if !slices.Contains(EventTypes, in.EventType) {
		f.Add("eventType", "validation.choice_invalid")
	}
	today := s.clock.Now().Truncate(24 * time.Hour)
	if d, err := time.Parse(time.DateOnly, in.EventDate); err != nil {
		f.Add("eventDate", "validation.date_invalid")
	} else if !d.After(today) || d.After(today.AddDate(maxEventYears, 0, 0)) {
		f.Add("eventDate", "project.errors.event_date_range")
	}
	if !slices.Contains(ServiceTypes, in.ServiceType) {
		f.Add("serviceType", "validation.choice_invalid")
	}
	if in.BudgetRange != "" && !slices.Contains(BudgetRanges, in.BudgetRange) {
		f.Add("budgetRange", "validation.choice_invalid")
	}
	if in.GuestRange != "" && !slices.Contains(GuestRanges, in.GuestRange) {
		f.Add("guestRange", "validation.choice_invalid")
	}
	langs := []string{}
	for _, l := range in.Languages {
		if !i18n.IsLang(l) {
			f.Add("languages", "validation.langues_invalid")
		} else if !slices.Contains(langs, l) {
			langs = append(langs, l)
		}
	}
	city := strings.TrimSpace(in.City)
	if code := validate.City(city); code != "" {
		f.Add("eventLocationCity", code)
	}
	country := strings.ToUpper(strings.TrimSpace(in.Country))
	if country == "" {
		country = domain.Country
	}
	if code := validate.CountryCode(country); code != "" {
		f.Add("eventLocationCountry", code)
	}
	zip := ""
	if strings.TrimSpace(in.Zipcode) != "" {
		var code string
		if zip, code = validate.Postcode(country, in.Zipcode); code != "" {
			f.Add("eventLocationZipcode", code)
		}
	}
	if in.Latitude != nil || in.Longitude != nil {
		if code := validate.Coordinates(in.Latitude, in.Longitude); code != "" {
			f.Add("eventLocationLatitude", code)
		}
	}
	first, last := strings.TrimSpace(in.Firstname), strings.TrimSpace(in.Lastname)
	if code := validate.PersonName(first); code != "" {
		f.Add("firstname", code)
	}
	if code := validate.PersonName(last); code != "" {
		f.Add("lastname", code)
	}
	email := strings.TrimSpace(in.Email)
	if code := validate.Email(email); code != "" {
		f.Add("email", code)
	}
	phone, code := validate.Phone(in.Phone, domain.Country)
	if code != "" {
		f.Add("phone", code)
	}
	msg, code := validate.Text(in.Message)
	msg = strings.TrimSpace(msg)
	if code != "" {
		f.Add("message", code)
	} else if utf8.RuneCountInString(msg) > MessageMax {
		f.Add("message", "validation.description_too_long")
	}
	theme, place := strings.TrimSpace(in.WeddingTheme), strings.TrimSpace(in.EventLocation)
	if code := validate.Line(theme); code != "" {
		f.Add("weddingTheme", code)
	}
	if code := validate.Line(place); code != "" {
		f.Add("eventLocation", code)
	}
	if utf8.RuneCountInString(theme) > 200 || utf8.RuneCountInString(place) > 200 {
		f.Add("weddingTheme", "validation.text_too_long")
	}
	if err := f.Err(); err != nil {
		return model.Project{}, err
	}
	p := model.Project{
		ID: model.NewID(), Domain: domain.Key, EventType: in.EventType, EventDate: in.EventDate, ServiceType: in.ServiceType,
		EventLocation: place, EventCity: city, EventZipcode: zip, EventCountry: country,
		BudgetRange: in.BudgetRange, GuestRange: in.GuestRange, HasTheme: in.HasTheme && theme != "", WeddingTheme: theme,
		Message: msg, Firstname: first, Lastname: last, Email: email, Phone: phone, CreatedAt: s.clock.Now(), Languages: langs,
	}
	if in.Latitude != nil && in.Longitude != nil {
		p.EventLatitude = sql.NullFloat64{Float64: *in.Latitude, Valid: true}
		p.EventLongitude = sql.NullFloat64{Float64: *in.Longitude, Valid: true}
	}
	return p, nil
}

// errDateTaken refuses a form addressed to a planner or venue whose
// calendar has the event's date booked or unavailable.
var errDateTaken = apperr.Validation(map[string]string{"eventDate": "project.errors.date_unavailable"})

// addressee is who a request goes to: a user, and the venue it is for
// when the user is a venue's owner ("" for a planner).
type addressee struct {
	user, venue string
}

// addressee is the user a form on a planner's page, or a venue's of the
// same slug, goes to.
func (s *Service) addressee(ctx context.Context, slug string) (addressee, error) {
	pp, err := s.store.GetVisibleProviderBySlug(ctx, slug)
	if err == nil {
		return addressee{user: pp.UserID}, nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return addressee{}, err
	}
	v, err := s.store.GetVisibleVenueBySlug(ctx, slug)
	if errors.Is(err, store.ErrNotFound) {
		return addressee{}, apperr.Wrap(apperr.NotFound, "project.errors.provider_not_found", err)
	}
	if err != nil {
		return addressee{}, err
	}
	return addressee{user: v.OwnerID, venue: v.ID}, nil
}

// match finds up to 8 planners of the domain's country offering the service,
// within 100 km of the event when it is placed, speaking one of the couple's
// languages, free on the event's date (their calendar), premium first then
// nearest.
func (s *Service) match(ctx context.Context, p model.Project, domain i18n.Domain) ([]addressee, error) {
	if p.ServiceType == "VENUE" {
		return s.matchVenues(ctx, p, domain)
	}
	q := index.PlannerQuery{Country: domain.Country, ServiceType: p.ServiceType, Languages: p.Languages,
		Date: p.EventDate, Limit: MaxMatches, Now: s.clock.Now()}
	if p.EventLatitude.Valid {
		q.Near, q.Lat, q.Lng, q.RadiusKm = true, p.EventLatitude.Float64, p.EventLongitude.Float64, MatchRadiusKm
	}
	page, err := s.index.SearchPlanners(ctx, q)
	if err != nil {
		return nil, err
	}
	to := make([]addressee, len(page.Cards))
	for i, c := range page.Cards {
		to[i] = addressee{user: c.UserID}
	}
	return to, nil
}

// guestsAtLeast is the smallest guest count of each range, for the capacity filter.
var guestsAtLeast = map[string]int{"lt_50": 1, "50_100": 50, "100_150": 100, "150_200": 150, "gt_200": 200}

// matchVenues finds the owners of up to 8 venues near the event that seat the
// guests and are free on its date, premium first then nearest; an owner of several matches gets one
// request, for the first of them in that order (its best match).
func (s *Service) matchVenues(ctx context.Context, p model.Project, domain i18n.Domain) ([]addressee, error) {
	q := index.VenueQuery{Country: domain.Country, Guests: guestsAtLeast[p.GuestRange], Date: p.EventDate, Limit: 50, Now: s.clock.Now()}
	if p.EventLatitude.Valid {
		q.Near, q.Lat, q.Lng, q.RadiusKm = true, p.EventLatitude.Float64, p.EventLongitude.Float64, MatchRadiusKm
	}
	page, err := s.index.SearchVenues(ctx, q)
	if err != nil {
		return nil, err
	}
	var owners []addressee
	for _, c := range page.Cards {
		if !slices.ContainsFunc(owners, func(a addressee) bool { return a.user == c.OwnerID }) {
			owners = append(owners, addressee{user: c.OwnerID, venue: c.ID})
		}
		if len(owners) == MaxMatches {
			break
		}
	}
	return owners, nil
}

// notify queues, in tx, the e-mails to the couple and to each provider (and
// the SMS to premium ones): they leave once the project is committed, off the
// request path. The provider's messages carry no contact details of the couple.
func (s *Service) notify(ctx context.Context, tx *store.Store, p model.Project, requests []model.EventRequest, domain i18n.Domain) error {
	m, err := s.emails.Render(domain.Lang, emails.KindProjectConfirmation, map[string]string{
		"firstname": p.Firstname, "matched": strconv.Itoa(len(requests))})
	if err != nil {
		return fmt.Errorf("eventreq: render confirmation: %w", err)
	}
	m.To = p.Email
	if err := s.outbox.Email(ctx, tx, m); err != nil {
		return err
	}
	for _, r := range requests {
		u, err := tx.GetUser(ctx, r.ProviderID)
		if err != nil {
			return err
		}
		url := s.links.ProURL(u.Domain, "/event-requests/"+r.ID)
		m, err := s.emails.Render(u.Locale, emails.KindEventRequestNew, map[string]string{
			"firstname": u.Firstname, "eventDate": p.EventDate, "eventCity": p.EventCity, "requestUrl": url})
		if err != nil {
			return fmt.Errorf("eventreq: render new request: %w", err)
		}
		m.To = u.Email
		if err := s.outbox.Email(ctx, tx, m); err != nil {
			return err
		}
		if u.IsPremium(s.clock.Now()) && u.Phone != "" {
			text := s.texts.T(u.Locale, "sms.event_request_new", "date", s.texts.DateISO(u.Locale, p.EventDate), "city", p.EventCity)
			if err := s.outbox.SMS(ctx, tx, sms.Message{To: u.Phone, Text: text}); err != nil {
				return err
			}
		}
	}
	return nil
}
