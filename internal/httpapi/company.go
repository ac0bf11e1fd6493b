package httpapi

import (
	"net/http"
	"strings"

	"noces/internal/account"
	"noces/internal/apperr"
	"noces/internal/company"
	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/platform/geo"
)

func (s *Server) listPrestations(w http.ResponseWriter, r *http.Request, _ account.Claims) error {
	ps, err := s.Company.Prestations(r.Context(), i18n.LangFrom(r.Context()))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"prestations": ps})
	return nil
}

func (s *Server) listLangues(w http.ResponseWriter, r *http.Request, _ account.Claims) error {
	ls, err := s.Company.Langues(r.Context(), i18n.LangFrom(r.Context()))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"langues": ls})
	return nil
}

type siretReply struct {
	Exists   bool   `json:"exists"`
	IsActive bool   `json:"isActive"`
	Status   string `json:"status"`
}

func (s *Server) checkSiret(w http.ResponseWriter, r *http.Request, _ account.Claims) error {
	c, err := s.Company.CheckSiret(r.Context(), strings.TrimSpace(r.URL.Query().Get("siret")))
	if err != nil {
		return err
	}
	switch {
	case !c.Known:
		writeJSON(w, http.StatusOK, siretReply{Status: model.SiretUnknown})
	case !c.Exists:
		return apperr.New(apperr.NotFound, "siret.errors.not_found")
	case !c.IsActive:
		writeJSON(w, http.StatusOK, siretReply{Exists: true, Status: model.SiretInactive})
	default:
		writeJSON(w, http.StatusOK, siretReply{Exists: true, IsActive: true, Status: model.SiretActive})
	}
	return nil
}

type placeReply struct {
	Zipcode     string  `json:"zipcode"`
	City        string  `json:"city"`
	CountryCode string  `json:"countrycode"`
	Country     string  `json:"country"`
	Lat         float64 `json:"lat"`
	Lng         float64 `json:"lng"`
}

func (s *Server) searchAddress(w http.ResponseWriter, r *http.Request, _ account.Claims) error {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	country := strings.ToUpper(strings.TrimSpace(r.URL.Query().Get("country")))
	if len(q) > 100 {
		return apperr.Validation(map[string]string{"q": "validation.query_too_long"})
	}
	out := []placeReply{}
	if len([]rune(q)) < 2 {
		writeJSON(w, http.StatusOK, out)
		return nil
	}
	places, err := s.Geo.Search(r.Context(), q, country, 10)
	if err != nil {
		return err
	}
	lang := i18n.LangFrom(r.Context())
	for _, p := range places {
		out = append(out, placeReply{Zipcode: p.Zipcode, City: p.City, CountryCode: p.CountryCode,
			Country: geo.CountryName(p.CountryCode, lang), Lat: p.Lat, Lng: p.Lng})
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

type addressBody struct {
	Zipcode      string   `json:"zipcode"`
	City         string   `json:"city"`
	CountryCode  string   `json:"countryCode"`
	CountryLabel string   `json:"countryLabel,omitempty"`
	Latitude     *float64 `json:"latitude"`
	Longitude    *float64 `json:"longitude"`
}

func (a addressBody) address() company.Address {
	return company.Address{Zipcode: a.Zipcode, City: a.City, CountryCode: a.CountryCode, Latitude: a.Latitude, Longitude: a.Longitude}
}

type onboardingBody struct {
	Company struct {
		Name           string      `json:"name"`
		Siret          string      `json:"siret"`
		Address        addressBody `json:"address"`
		Prestations    []int       `json:"prestations"`
		Langues        []int       `json:"langues"`
		DateOfCreation *string     `json:"dateOfCreation"`
	} `json:"company"`
}

func (s *Server) finishOnboarding(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in onboardingBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	err := s.Company.FinishOnboarding(r.Context(), c.UserID, company.Onboarding{
		Name: in.Company.Name, Siret: in.Company.Siret, DateOfCreation: in.Company.DateOfCreation,
		Address: in.Company.Address.address(), Prestations: in.Company.Prestations, Langues: in.Company.Langues,
	})
	if err != nil {
		return err
	}
	p, err := s.Accounts.Me(r.Context(), c)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, toMe(p))
	return nil
}

type detailsBody struct {
	Name           string `json:"name"`
	Siret          string `json:"siret"`
	WebSite        string `json:"webSite"`
	DateOfCreation string `json:"dateOfCreation"`
}

type detailsReply struct {
	CountryCode    string `json:"countryCode"`
	Name           string `json:"name"`
	Siret          string `json:"siret"`
	SiretStatus    string `json:"siretStatus"`
	WebSite        string `json:"webSite"`
	DateOfCreation string `json:"dateOfCreation"`
}

func toDetails(c model.Company) detailsReply {
	return detailsReply{CountryCode: c.CountryCode, Name: c.Name, Siret: c.Siret, SiretStatus: c.SiretStatus,
		WebSite: c.Website, DateOfCreation: c.DateOfCreation.String}
}

func (s *Server) getCompanyDetails(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	comp, err := s.Company.Company(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toDetails(comp))
	return nil
}

func (s *Server) updateCompanyDetails(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in detailsBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	comp, err := s.Company.UpdateDetails(r.Context(), c.UserID, company.Details{Name: in.Name, Siret: in.Siret, WebSite: in.WebSite, DateOfCreation: in.DateOfCreation})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toDetails(comp))
	return nil
}

func (s *Server) toAddress(c model.Company, lang string) addressBody {
	a := addressBody{Zipcode: c.Zipcode, City: c.City, CountryCode: c.CountryCode, CountryLabel: geo.CountryName(c.CountryCode, lang)}
	if c.Latitude.Valid && c.Longitude.Valid {
		a.Latitude, a.Longitude = &c.Latitude.Float64, &c.Longitude.Float64
	}
	return a
}

func (s *Server) getCompanyAddress(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	comp, err := s.Company.Company(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, s.toAddress(comp, i18n.LangFrom(r.Context())))
	return nil
}

func (s *Server) updateCompanyAddress(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in addressBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	comp, err := s.Company.UpdateAddress(r.Context(), c.UserID, in.address())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, s.toAddress(comp, i18n.LangFrom(r.Context())))
	return nil
}

type prestationDetail struct {
	PrestationID         int    `json:"prestationId"`
	Description          string `json:"description"`
	BudgetStartingFrom   *int64 `json:"budgetStartingFrom"`
	IsDescriptionVisible *bool  `json:"isDescriptionVisible"`
	IsBudgetVisible      *bool  `json:"isBudgetVisible"`
}

type servicesReply struct {
	Langues           []int              `json:"langues"`
	Prestations       []company.Option   `json:"prestations"`
	PrestationDetails []prestationDetail `json:"prestationDetails"`
}

func (s *Server) getCompanyServices(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	langues, ps, err := s.Company.Services(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	lang := i18n.LangFrom(r.Context())
	out := servicesReply{Langues: langues, Prestations: []company.Option{}, PrestationDetails: []prestationDetail{}}
	if out.Langues == nil {
		out.Langues = []int{}
	}
	for _, p := range ps {
		out.Prestations = append(out.Prestations, company.Option{ID: p.PrestationID, Type: p.Type, Label: s.Texts.T(lang, "prestations."+p.Type)})
		d := prestationDetail{PrestationID: p.PrestationID, Description: p.Description,
			IsDescriptionVisible: &p.IsDescriptionVisible, IsBudgetVisible: &p.IsBudgetVisible}
		if p.BudgetStartingFrom.Valid {
			d.BudgetStartingFrom = &p.BudgetStartingFrom.Int64
		}
		out.PrestationDetails = append(out.PrestationDetails, d)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

type servicesBody struct {
	Langues           []int              `json:"langues"`
	Prestations       []int              `json:"prestations"`
	PrestationDetails []prestationDetail `json:"prestationDetails"`
}

func (s *Server) updateCompanyServices(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in servicesBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	details := make([]company.ServiceDetail, len(in.PrestationDetails))
	for i, d := range in.PrestationDetails {
		details[i] = company.ServiceDetail{PrestationID: d.PrestationID, Description: d.Description,
			BudgetStartingFrom: d.BudgetStartingFrom, IsDescriptionVisible: d.IsDescriptionVisible, IsBudgetVisible: d.IsBudgetVisible}
	}
	if err := s.Company.UpdateServices(r.Context(), c.UserID, in.Langues, in.Prestations, details); err != nil {
		return err
	}
	return s.getCompanyServices(w, r, c)
}
