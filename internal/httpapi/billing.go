package httpapi

import (
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"

	"noces/internal/account"
	"noces/internal/apperr"
	"noces/internal/hosts"
	"noces/internal/i18n"
)

// maxWebhookBody bounds a processor's event; Stripe's are a few kilobytes.
const maxWebhookBody = 1 << 20

type subscribeRequest struct {
	Plan string `json:"plan"`
}

type sessionURLResponse struct {
	Success    bool   `json:"success"`
	SessionURL string `json:"session_url"`
}

func (s *Server) subscribe(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in subscribeRequest
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
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

func (s *Server) updateSubscription(w http.ResponseWriter, r *http.Request, c account.Claims) error {
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
	domain, err := s.Billing.Domain(r.Context(), userID)
	if err != nil {
		return "", err
	}
	return s.Hosts.ProURL(domain, ""), nil
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
