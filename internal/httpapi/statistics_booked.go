package httpapi

import (
	"net/http"

	"noces/internal/account"
)

// The dashboard's booked weddings (issue #18): weddings couples said they
// booked with the provider, per month, and what each cost it.

type bookedMonth struct {
	Month  string `json:"month"`
	Booked int    `json:"booked"`
}

type bookingsReply struct {
	Months           []bookedMonth `json:"months"`
	Booked           int           `json:"booked"`
	Currency         string        `json:"currency"`
	CreditsSpent     int           `json:"creditsSpent"`
	CreditValueCents int64         `json:"creditValueCents"`
	SpentCents       int64         `json:"spentCents"`
	PerBookingCents  *int64        `json:"perBookingCents"`
}

func (s *Server) statisticsBookings(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	b, err := s.Stats.Bookings(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	out := bookingsReply{Months: make([]bookedMonth, len(b.Months)), Booked: b.Booked, Currency: b.Currency,
		CreditsSpent: b.CreditsSpent, CreditValueCents: b.CreditValueCents, SpentCents: b.SpentCents, PerBookingCents: b.PerBookingCents}
	for i, m := range b.Months {
		out.Months[i] = bookedMonth{Month: m.Month, Booked: m.Booked}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}
