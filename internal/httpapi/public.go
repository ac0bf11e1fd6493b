package httpapi

import (
	"net/http"

	"noces/internal/clientip"
	"noces/internal/eventreq"
	"noces/internal/i18n"
)

type optionsReply struct {
	eventreq.Options
	FormToken string `json:"formToken"`
}

// publicOptions serves the couple's form lists in the request's language and
// a fresh anti-spam token for the form about to be filled.
func (s *Server) publicOptions(w http.ResponseWriter, r *http.Request) error {
	writeJSON(w, http.StatusOK, optionsReply{Options: eventreq.OptionsIn(s.Texts, i18n.LangFrom(r.Context())), FormToken: s.Events.FormToken()})
	return nil
}

type projectBody struct {
	ProviderSlug           string   `json:"providerSlug"`
	EventType              string   `json:"eventType"`
	EventDate              string   `json:"eventDate"`
	ServiceType            string   `json:"serviceType"`
	EventLocation          string   `json:"eventLocation"`
	EventLocationCity      string   `json:"eventLocationCity"`
	EventLocationZipcode   string   `json:"eventLocationZipcode"`
	EventLocationCountry   string   `json:"eventLocationCountry"`
	EventLocationLatitude  *float64 `json:"eventLocationLatitude"`
	EventLocationLongitude *float64 `json:"eventLocationLongitude"`
	BudgetRange            string   `json:"budgetRange"`
	GuestRange             string   `json:"guestRange"`
	Languages              []string `json:"languages"`
	HasTheme               bool     `json:"hasTheme"`
	WeddingTheme           string   `json:"weddingTheme"`
	Message                string   `json:"message"`
	Firstname              string   `json:"firstname"`
	Lastname               string   `json:"lastname"`
	Email                  string   `json:"email"`
	Phone                  string   `json:"phone"`
	FormToken              string   `json:"formToken"`
	Website                string   `json:"website"` // the honeypot: people leave it empty
}

type projectReply struct {
	UUID    string `json:"uuid"`
	Matched int    `json:"matched"`
}

func (s *Server) createProject(w http.ResponseWriter, r *http.Request) error {
	var in projectBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	res, err := s.Events.Submit(r.Context(), eventreq.ProjectInput{
		ProviderSlug: in.ProviderSlug, EventType: in.EventType, EventDate: in.EventDate, ServiceType: in.ServiceType,
		EventLocation: in.EventLocation, City: in.EventLocationCity, Zipcode: in.EventLocationZipcode,
		Country: in.EventLocationCountry, Latitude: in.EventLocationLatitude, Longitude: in.EventLocationLongitude,
		BudgetRange: in.BudgetRange, GuestRange: in.GuestRange, Languages: in.Languages, HasTheme: in.HasTheme,
		WeddingTheme: in.WeddingTheme, Message: in.Message, Firstname: in.Firstname, Lastname: in.Lastname,
		Email: in.Email, Phone: in.Phone, FormToken: in.FormToken, Honeypot: in.Website, ClientIP: clientip.Of(r),
	}, i18n.DomainFrom(r.Context()))
	if err != nil {
		return err
	}
	// Nothing reaches a provider before the couple confirms its e-mail.
	writeJSON(w, http.StatusCreated, projectReply{UUID: res.ProjectID, Matched: 0})
	return nil
}
