// Package company holds a provider's company: onboarding, identity (name,
// SIRET, website, creation date), address and services.
package company

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/platform/siren"
	"noces/internal/store"
	"noces/internal/textkey"
	"noces/internal/validate"
)

// HomeCountry is the country of the main domain, the only one with SIRET
// numbers and a company register (internal/platform/siren) to ask.
const HomeCountry = "FR"

// DescriptionMax bounds a service description.
const DescriptionMax = 2000

// Service runs the company rules.
type Service struct {
	store *store.Store
	clock clock.Clock
	siren siren.Checker // nil: no register configured, statuses stay unknown
	texts *i18n.Bundle
	log   *slog.Logger
}

// NewService wires the company service; checker may be nil.
func NewService(s *store.Store, c clock.Clock, checker siren.Checker, texts *i18n.Bundle, log *slog.Logger) *Service {
	return &Service{store: s, clock: c, siren: checker, texts: texts, log: log}
}

// Option is an id with its label in the user's language.
type Option struct {
	ID    int    `json:"id"`
	Type  string `json:"type,omitempty"`
	Label string `json:"label"`
}

// Prestations lists the service types with labels in lang.
func (s *Service) Prestations(ctx context.Context, lang string) ([]Option, error) {
	ps, err := s.store.ListPrestations(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Option, len(ps))
	for i, p := range ps {
		out[i] = Option{ID: p.ID, Type: p.Type, Label: s.texts.T(lang, "prestations."+p.Type)}
	}
	return out, nil
}

// Langues lists the languages with labels in lang.
func (s *Service) Langues(ctx context.Context, lang string) ([]Option, error) {
	ls, err := s.store.ListLangues(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Option, len(ls))
	for i, l := range ls {
		out[i] = Option{ID: l.ID, Label: s.texts.T(lang, "langues."+l.Code)}
	}
	return out, nil
}

// SiretCheck is the answer to a SIRET check.
type SiretCheck struct {
	Exists   bool
	IsActive bool
	// Known is false when no register is configured or it did not answer.
	Known bool
}

// CheckSiret validates the format and asks the register.
func (s *Service) CheckSiret(ctx context.Context, siret string) (SiretCheck, error) {
	if code := validate.Siret(siret); code != "" {
		return SiretCheck{}, &apperr.Error{Kind: apperr.Malformed, Code: code, Fields: map[string]string{"siret": code}}
	}
	if s.siren == nil {
		return SiretCheck{}, nil
	}
	r, err := s.siren.Check(ctx, siret)
	if errors.Is(err, siren.ErrUnavailable) {
		s.log.WarnContext(ctx, "SIRET register unavailable", "err", err.Error())
		return SiretCheck{}, nil
	}
	if err != nil {
		return SiretCheck{}, err
	}
	return SiretCheck{Exists: r.Exists, IsActive: r.IsActive, Known: true}, nil
}

// siretStatus checks a SIRET for saving: a number the register knows to be
// missing or closed is refused; an unanswered check saves as unknown (the
// profile stays hidden until an admin verifies it).
func (s *Service) siretStatus(ctx context.Context, siret string, f apperr.Fields) string {
	if code := validate.Siret(siret); code != "" {
		f.Add("siret", code)
		return ""
	}
	c, err := s.CheckSiret(ctx, siret)
	switch {
	case err != nil || !c.Known:
		return model.SiretUnknown
	case !c.Exists:
		f.Add("siret", "siret.errors.not_found")
		return model.SiretNotFound
	case !c.IsActive:
		f.Add("siret", "siret.errors.inactive")
		return model.SiretInactive
	}
	return model.SiretActive
}

// Address is where a company is; only the city is public.
type Address struct {
	Zipcode     string   `json:"zipcode"`
	City        string   `json:"city"`
	CountryCode string   `json:"countryCode"`
	Latitude    *float64 `json:"latitude"`
	Longitude   *float64 `json:"longitude"`
}

// check trims and validates a, adding its problems to f under prefix.
func (a *Address) check(f apperr.Fields, prefix string) {
	a.City = strings.TrimSpace(a.City)
	a.CountryCode = strings.ToUpper(strings.TrimSpace(a.CountryCode))
	if code := validate.CountryCode(a.CountryCode); code != "" {
		f.Add(prefix+"countryCode", code)
	} else if zip, code := validate.Postcode(a.CountryCode, a.Zipcode); code != "" {
		f.Add(prefix+"zipcode", code)
	} else {
		a.Zipcode = zip
	}
	if code := validate.City(a.City); code != "" {
		f.Add(prefix+"city", code)
	}
	if code := validate.Coordinates(a.Latitude, a.Longitude); code != "" {
		f.Add(prefix+"latitude", code)
	}
}

// Onboarding is the payload of the onboarding wizard.
type Onboarding struct {
	Name           string
	Siret          string
	DateOfCreation *string
	Address        Address
	Prestations    []int
	Langues        []int
}

// FinishOnboarding creates the company and marks onboarding finished, once.
func (s *Service) FinishOnboarding(ctx context.Context, userID string, in Onboarding) error {
	u, err := s.store.GetUser(ctx, userID)
	if err != nil {
		return err
	}
	if u.Role == model.RoleAdmin {
		return apperr.New(apperr.Forbidden, "errors.forbidden")
	}
	if u.HasFinishedOnboarding {
		return apperr.New(apperr.Conflict, "onboarding.errors.already_finished")
	}
	f := apperr.Fields{}
	in.Name = strings.TrimSpace(in.Name)
	if code := validate.CompanyName(in.Name); code != "" {
		f.Add("company.name", code)
	}
	date := ""
	if in.DateOfCreation != nil {
		date = *in.DateOfCreation
	}
	if code := validate.CreationDate(date, s.clock.Now()); code != "" {
		f.Add("company.dateOfCreation", code)
	}
	in.Address.check(f, "company.address.")
	siret, status := s.companyNumber(ctx, in.Address.CountryCode, in.Siret, "", model.SiretUnknown, f, "siret")
	s.checkIDs(ctx, f, in.Prestations, in.Langues, "company.")
	if err := f.Err(); err != nil {
		return err
	}
	slug, err := s.freeSlug(ctx, in.Name, u.ID)
	if err != nil {
		return err
	}
	now := s.clock.Now()
	c := model.Company{
		UserID: u.ID, Name: in.Name, Slug: slug, Siret: siret, SiretStatus: status,
		DateOfCreation: sql.NullString{String: date, Valid: true},
		Zipcode:        in.Address.Zipcode, City: in.Address.City, CountryCode: in.Address.CountryCode,
		Latitude:  sql.NullFloat64{Float64: *in.Address.Latitude, Valid: true},
		Longitude: sql.NullFloat64{Float64: *in.Address.Longitude, Valid: true},
		CreatedAt: now, UpdatedAt: now,
	}
	services := make([]model.CompanyPrestation, len(in.Prestations))
	for i, id := range in.Prestations {
		services[i] = model.CompanyPrestation{PrestationID: id, IsDescriptionVisible: true, IsBudgetVisible: true}
	}
	return s.store.InTx(ctx, func(tx *store.Store) error {
		// The conditional UPDATE is the guard: of two concurrent finishes,
		// exactly one changes the row.
		first, err := tx.SetUserOnboarded(ctx, u.ID, now)
		if err != nil {
			return err
		}
		if !first {
			return apperr.New(apperr.Conflict, "onboarding.errors.already_finished")
		}
		if err := tx.CreateCompany(ctx, c); err != nil {
			if errors.Is(err, store.ErrConflict) {
				return apperr.Wrap(apperr.Conflict, "onboarding.errors.already_finished", err)
			}
			return err
		}
		return tx.SetCompanyServices(ctx, u.ID, uniq(in.Langues), services)
	})
}

// checkIDs checks service and language ids: at least one each, all known.
func (s *Service) checkIDs(ctx context.Context, f apperr.Fields, prestations, langues []int, prefix string) {
	if len(prestations) == 0 {
		f.Add(prefix+"prestations", "validation.prestations_required")
	} else if ok, err := s.knownPrestations(ctx, prestations); err != nil || !ok {
		f.Add(prefix+"prestations", "validation.prestations_invalid")
	}
	if len(langues) == 0 {
		f.Add(prefix+"langues", "validation.langues_required")
	} else if ok, err := s.knownLangues(ctx, langues); err != nil || !ok {
		f.Add(prefix+"langues", "validation.langues_invalid")
	}
}

func (s *Service) knownPrestations(ctx context.Context, ids []int) (bool, error) {
	ps, err := s.store.ListPrestations(ctx)
	if err != nil {
		return false, err
	}
	for _, id := range ids {
		if !slices.ContainsFunc(ps, func(p model.Prestation) bool { return p.ID == id }) {
			return false, nil
		}
	}
	return true, nil
}

func (s *Service) knownLangues(ctx context.Context, ids []int) (bool, error) {
	ls, err := s.store.ListLangues(ctx)
	if err != nil {
		return false, err
	}
	for _, id := range ids {
		if !slices.ContainsFunc(ls, func(l model.Langue) bool { return l.ID == id }) {
			return false, nil
		}
	}
	return true, nil
}

// freeSlug derives a slug from the name, numbered when taken.
func (s *Service) freeSlug(ctx context.Context, name, userID string) (string, error) {
	base := textkey.Slug(name)
	if base == "" {
		base = "pro-" + strings.ReplaceAll(userID, "-", "")[:8]
	}
	for i := 1; i < 1000; i++ {
		slug := base
		if i > 1 {
			slug = fmt.Sprintf("%s-%d", base, i)
		}
		taken, err := s.store.SlugTaken(ctx, slug)
		if err != nil {
			return "", err
		}
		if !taken {
			return slug, nil
		}
	}
	return base + "-" + strings.ReplaceAll(userID, "-", ""), nil
}

func uniq(ids []int) []int {
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}

// Details is the identity of a company.
type Details struct {
	Name           string
	Siret          string
	WebSite        string
	DateOfCreation string
}

// Company returns the provider's company; a provider without one (onboarding
// not finished) gets 404.
func (s *Service) Company(ctx context.Context, userID string) (model.Company, error) {
	c, err := s.store.GetCompany(ctx, userID)
	if errors.Is(err, store.ErrNotFound) {
		return c, apperr.Wrap(apperr.NotFound, "company.errors.not_found", err)
	}
	return c, err
}

// UpdateDetails saves name, SIRET (required in the home country), website
// (completed with https) and creation date.
func (s *Service) UpdateDetails(ctx context.Context, userID string, in Details) (model.Company, error) {
	c, err := s.Company(ctx, userID)
	if err != nil {
		return c, err
	}
	f := apperr.Fields{}
	name := strings.TrimSpace(in.Name)
	if code := validate.CompanyName(name); code != "" {
		f.Add("name", code)
	}
	if code := validate.CreationDate(in.DateOfCreation, s.clock.Now()); code != "" {
		f.Add("dateOfCreation", code)
	}
	site, code := validate.Website(in.WebSite)
	if code != "" {
		f.Add("webSite", code)
	}
	siret, status := s.companyNumber(ctx, c.CountryCode, in.Siret, c.Siret, c.SiretStatus, f, "siret")
	if err := f.Err(); err != nil {
		return c, err
	}
	c.Name, c.Siret, c.SiretStatus, c.Website = name, siret, status, site
	c.DateOfCreation = sql.NullString{String: in.DateOfCreation, Valid: true}
	c.UpdatedAt = s.clock.Now()
	return c, s.store.UpdateCompanyDetails(ctx, c)
}

// UpdateAddress saves where the company is.
func (s *Service) UpdateAddress(ctx context.Context, userID string, in Address) (model.Company, error) {
	c, err := s.Company(ctx, userID)
	if err != nil {
		return c, err
	}
	f := apperr.Fields{}
	in.check(f, "")
	if err := f.Err(); err != nil {
		return c, err
	}
	moved := in.CountryCode != c.CountryCode
	c.Zipcode, c.City, c.CountryCode = in.Zipcode, in.City, in.CountryCode
	c.Latitude = sql.NullFloat64{Float64: *in.Latitude, Valid: true}
	c.Longitude = sql.NullFloat64{Float64: *in.Longitude, Valid: true}
	c.UpdatedAt = s.clock.Now()
	if moved && c.Siret != "" {
		// A company that moved has no number there yet: the old country's
		// number means nothing in the new one (a SIRET is not a Belgian
		// enterprise number), so it is asked for again on the details page.
		c.Siret, c.SiretStatus = "", model.SiretUnknown
		if err := s.store.UpdateCompanyDetails(ctx, c); err != nil {
			return c, err
		}
	}
	return c, s.store.UpdateCompanyAddress(ctx, c)
}

// ServiceDetail is one service's public details as the form sends them.
type ServiceDetail struct {
	PrestationID         int
	Description          string
	BudgetStartingFrom   *int64
	IsDescriptionVisible *bool
	IsBudgetVisible      *bool
}

// Services returns the provider's languages and services.
func (s *Service) Services(ctx context.Context, userID string) ([]int, []model.CompanyPrestation, error) {
	if _, err := s.Company(ctx, userID); err != nil {
		return nil, nil, err
	}
	return s.store.GetCompanyServices(ctx, userID)
}

// UpdateServices replaces languages and services with their details.
func (s *Service) UpdateServices(ctx context.Context, userID string, langues, prestations []int, details []ServiceDetail) error {
	if _, err := s.Company(ctx, userID); err != nil {
		return err
	}
	f := apperr.Fields{}
	s.checkIDs(ctx, f, prestations, langues, "")
	byID := map[int]ServiceDetail{}
	for i, d := range details {
		if !slices.Contains(prestations, d.PrestationID) {
			f.Add(fmt.Sprintf("prestationDetails.%d.prestationId", i), "validation.prestation_not_selected")
			continue
		}
		if d.BudgetStartingFrom != nil && (*d.BudgetStartingFrom < 0 || *d.BudgetStartingFrom > 10_000_000) {
			f.Add(fmt.Sprintf("prestationDetails.%d.budgetStartingFrom", i), "validation.budget_invalid")
		}
		desc, code := validate.Text(d.Description)
		if code != "" {
			f.Add(fmt.Sprintf("prestationDetails.%d.description", i), code)
		} else if utf8.RuneCountInString(desc) > DescriptionMax {
			f.Add(fmt.Sprintf("prestationDetails.%d.description", i), "validation.description_too_long")
		}
		d.Description = desc
		byID[d.PrestationID] = d
	}
	if err := f.Err(); err != nil {
		return err
	}
	rows := make([]model.CompanyPrestation, 0, len(prestations))
	for _, id := range uniq(prestations) {
		d := byID[id]
		row := model.CompanyPrestation{PrestationID: id, Description: strings.TrimSpace(d.Description),
			IsDescriptionVisible: d.IsDescriptionVisible == nil || *d.IsDescriptionVisible,
			IsBudgetVisible:      d.IsBudgetVisible == nil || *d.IsBudgetVisible}
		if d.BudgetStartingFrom != nil {
			row.BudgetStartingFrom = sql.NullInt64{Int64: *d.BudgetStartingFrom, Valid: true}
		}
		rows = append(rows, row)
	}
	return s.store.SetCompanyServices(ctx, userID, uniq(langues), rows)
}

// companyNumber normalises and checks the company number typed for a
// company in country (the API field keeps its historical name, siret) and
// says the status to store with it. In France the register answers, asked
// again only when the SIRET changed or was never confirmed. No other
// country has a register configured, so a valid number is stored as
// unknown, which does not hide the profile there (store.PlannerPageHidden).
// A country that asks for no number stores none.
func (s *Service) companyNumber(ctx context.Context, country, typed, current, currentStatus string, f apperr.Fields, field string) (string, string) {
	n, code := validate.CompanyNumber(country, typed)
	switch {
	case code != "":
		f.Add(field, code)
		return "", model.SiretUnknown
	case country != HomeCountry:
		return n, model.SiretUnknown
	case n == current && currentStatus != model.SiretUnknown:
		return n, currentStatus
	}
	return n, s.siretStatus(ctx, n, f)
}
