package httpapi

import (
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"

	"noces/internal/apperr"
	"noces/internal/billing"
	"noces/internal/hosts"
	"noces/internal/i18n"
)

// maxWebhookBody bounds a processor's event; Stripe's are a few kilobytes.
const maxWebhookBody = 1 << 20

func (s *Server) creditPrices(w http.ResponseWriter, _ *http.Request) error {
	writeJSON(w, http.StatusOK, map[string]any{"currency": "EUR", "prices": billing.Prices()})
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

func (s *Server) buyCredits(w http.ResponseWriter, r *http.Request) error {
	var in buyRequest
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	c, _ := claimsOf(r.Context())
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

type subscribeRequest struct {
	Plan string `json:"plan"`
}

type sessionURLResponse struct {
	Success    bool   `json:"success"`
	SessionURL string `json:"session_url"`
}

func (s *Server) subscribe(w http.ResponseWriter, r *http.Request) error {
	var in subscribeRequest
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	c, _ := claimsOf(r.Context())
	base, err := s.backOfficeOrigin(r, c.UserID)
	if err != nil {
		return err
	}
	u, err := s.Billing.Subscribe(r.Context(), c.UserID, in.Plan, base+"/subscription?status=success",
		base+"/subscription?status=cancel", i18n.LangFrom(r.Context()))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, sessionURLResponse{Success: true, SessionURL: u})
	return nil
}

func (s *Server) updateSubscription(w http.ResponseWriter, r *http.Request) error {
	c, _ := claimsOf(r.Context())
	base, err := s.backOfficeOrigin(r, c.UserID)
	if err != nil {
		return err
	}
	u, err := s.Billing.Portal(r.Context(), c.UserID, base+"/subscription", i18n.LangFrom(r.Context()))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, sessionURLResponse{Success: true, SessionURL: u})
	return nil
}

// backOfficeOrigin is where the processor sends the user back: the
// back-office host the request came to when it is one of ours (or a
// loopback address, so a local run keeps its session), else the back-office
// host of the user's domain. A forged Host never picks the address.
func (s *Server) backOfficeOrigin(r *http.Request, userID string) (string, error) {
	host := r.Host
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	d, face := s.Hosts.Resolve(host)
	own := false
	if pro, err := url.Parse(s.Hosts.ProURL(d.Key, "")); err == nil && face == hosts.Pro && pro.Hostname() == name {
		own = true
	}
	if ip := net.ParseIP(name); name == "localhost" || (ip != nil && ip.IsLoopback()) {
		own = true
	}
	if own {
		scheme := "http"
		if r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" {
			scheme = "https"
		}
		return scheme + "://" + host, nil
	}
	u, err := s.Store.GetUser(r.Context(), userID)
	if err != nil {
		return "", err
	}
	return s.Hosts.ProURL(u.Domain, ""), nil
}

// stripeWebhook receives the processor's signed events. The raw body is what
// was signed, so it is read as bytes, never decoded first.
func (s *Server) stripeWebhook(w http.ResponseWriter, r *http.Request) error {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBody))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return apperr.New(apperr.TooLarge, "errors.payload_too_large")
	}
	if err != nil {
		return apperr.Wrap(apperr.Malformed, "payment.errors.event", err)
	}
	if err := s.Billing.HandleWebhook(r.Context(), body, r.Header.Get("Stripe-Signature")); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"received": true})
	return nil
}
