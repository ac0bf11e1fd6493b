package httpapi

import (
	"net/http"

	"noces/internal/account"
)

// The dashboard's booked weddings: weddings couples said they booked with
// the provider, per month, and what each cost it, so a provider sees what
// its credits and premium bring.

type bookedMonth struct {
	Month  string `json:"month"`
	Booked int    `json:"booked"`
}

type bookedCost struct {
	Currency         string `json:"currency"`
	CreditValueCents int64  `json:"creditValueCents"`
	SpentCents       int64  `json:"spentCents"`
	PerBookingCents  *int64 `json:"perBookingCents"`
}

type bookingsReply struct {
	Months       []bookedMonth `json:"months"`
	Booked       int           `json:"booked"`
	CreditsSpent int           `json:"creditsSpent"`
	Costs        []bookedCost  `json:"costs"`
}

func (s *Server) statisticsBookings(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	b, err := s.Stats.Bookings(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	out := bookingsReply{Months: make([]bookedMonth, len(b.Months)), Booked: b.Booked, CreditsSpent: b.CreditsSpent,
		Costs: make([]bookedCost, len(b.Costs))}
	for i, c := range b.Costs {
		out.Costs[i] = bookedCost{Currency: c.Currency, CreditValueCents: c.CreditValueCents, SpentCents: c.SpentCents, PerBookingCents: c.PerBookingCents}
	}
	for i, m := range b.Months {
		out.Months[i] = bookedMonth{Month: m.Month, Booked: m.Booked}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}
