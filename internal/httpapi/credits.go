package httpapi

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"noces/internal/account"
	"noces/internal/billing"
	"noces/internal/i18n"
)

type creditLogItem struct {
	ID          string    `json:"id"`
	CreatedAt   time.Time `json:"createdAt"`
	Description string    `json:"description"`
	Deposited   int       `json:"deposited"`
	Withdrawn   int       `json:"withdrawn"`
	Currency    string    `json:"currency"`
	// AmountCents is what a purchase paid, in Currency; null on other rows.
	AmountCents *int64 `json:"amountCents"`
}

func (s *Server) creditLogs(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	logs, err := s.Billing.Logs(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	lang := i18n.LangFrom(r.Context())
	out := make([]creditLogItem, len(logs))
	for i, l := range logs {
		desc := l.Description
		// Rows the product writes carry a text key; an admin's adjustment
		// carries the admin's own words.
		if strings.HasPrefix(desc, "credits.log.") {
			desc = s.Texts.T(lang, desc)
		}
		out[i] = creditLogItem{ID: l.ID, CreatedAt: l.CreatedAt, Description: desc, Deposited: l.Deposited, Withdrawn: l.Withdrawn,
			Currency: strings.ToUpper(l.Currency)}
		if l.AmountCents > 0 {
			out[i].AmountCents = &l.AmountCents
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"logs": out})
	return nil
}

type premiumPrices struct {
	MonthlyCents int64 `json:"monthlyCents"`
	YearlyCents  int64 `json:"yearlyCents"`
}

// creditPrices answers the prices of the user's domain's currency: credits
// by quantity and premium's two plans.
func (s *Server) creditPrices(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	p, err := s.Billing.PricingOf(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"currency": strings.ToUpper(p.Currency), "prices": p.Credits(),
		"premium": premiumPrices{MonthlyCents: p.MonthlyCents, YearlyCents: p.YearlyCents}})
	return nil
}

type buyRequest struct {
	Credits int     `json:"credits"`
	Price   float64 `json:"price"`
}

type buyResponse struct {
	ClientSecret    string  `json:"clientSecret"`
	PaymentIntentID string  `json:"paymentIntentId"`
	Provider        string  `json:"provider"`
	RedirectURL     *string `json:"redirectUrl"`
}

func (s *Server) buyCredits(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in buyRequest
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	p, err := s.Billing.Buy(r.Context(), c.UserID, billing.BuyInput{Credits: in.Credits, Price: in.Price,
		IdempotencyKey: r.Header.Get("Idempotency-Key")})
	if err != nil {
		return err
	}
	out := buyResponse{ClientSecret: p.ClientSecret, PaymentIntentID: p.PaymentIntentID, Provider: p.Provider}
	if p.RedirectURL != "" {
		out.RedirectURL = &p.RedirectURL
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// paymentSuccess is the return address of a card confirmation: it sends the
// browser to the credits page with the outcome and never adds credits.
func (s *Server) paymentSuccess(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	status, err := s.Billing.PaymentReturn(r.Context(), q.Get("payment_intent"), q.Get("redirect_status"))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, "/credits?status="+url.QueryEscape(status), http.StatusFound)
	return nil
}
