// Package sms sends text messages. Services depend on Sender; the HTTP
// implementation speaks to a configurable SMS gateway.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"
)

// Message is one SMS to one number in E.164 form.
type Message struct {
	To   string
	Text string
	// ID, when set, names the message for every send of it: the gateway
	// gets it as the Idempotency-Key of each try, so one that keeps keys can
	// drop a message tried again after it took it. Empty: no key.
	ID string
}

// Sender delivers a Message.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// HTTPConfig configures the gateway: a JSON POST of {"from","to","text"} to
// URL with a bearer token, the shape most SMS APIs accept (or adapt to with a
// small relay). A named message also carries an Idempotency-Key header (the
// IETF httpapi draft's, as Stripe and others use it), which a gateway that
// does not know it ignores: the JSON body stays the three fields, for a
// gateway that refuses unknown ones.
type HTTPConfig struct {
	URL     string
	Token   string
	From    string
	Timeout time.Duration
}

// HTTP sends through an SMS gateway's HTTP API.
type HTTP struct {
	cfg    HTTPConfig
	client *http.Client
}

// NewHTTP checks cfg and returns the sender.
func NewHTTP(cfg HTTPConfig) (*HTTP, error) {
	u, err := url.Parse(cfg.URL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, errors.New("sms: the gateway URL must be an http(s) URL")
	}
	if cfg.From == "" {
		cfg.From = "Noces"
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	return &HTTP{cfg: cfg, client: &http.Client{Timeout: cfg.Timeout}}, nil
}

// ErrRefused is wrapped by Send when the gateway refused the message itself
// (a 4xx other than a throttle or a timeout): trying again cannot help.
var ErrRefused = errors.New("sms: refused by the gateway")

func refusedForGood(status int) bool {
	return status/100 == 4 && status != http.StatusRequestTimeout && status != http.StatusTooManyRequests
}

// Send posts the message; any answer but 2xx is an error carrying the
// gateway's status and the start of its body.
func (h *HTTP) Send(ctx context.Context, m Message) error {
	body, err := json.Marshal(map[string]string{"from": h.cfg.From, "to": m.To, "text": m.Text})
	if err != nil {
		return fmt.Errorf("sms: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.cfg.URL, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("sms: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if h.cfg.Token != "" {
		req.Header.Set("Authorization", "Bearer "+h.cfg.Token)
	}
	if m.ID != "" {
		req.Header.Set("Idempotency-Key", m.ID)
	}
	res, err := h.client.Do(req)
	if err != nil {
		return fmt.Errorf("sms: send: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode/100 != 2 {
		snippet, _ := io.ReadAll(io.LimitReader(res.Body, 200))
		err := fmt.Errorf("sms: gateway answered %d: %s", res.StatusCode, snippet)
		if refusedForGood(res.StatusCode) {
			return fmt.Errorf("%w: %w", ErrRefused, err)
		}
		return err
	}
	_, _ = io.Copy(io.Discard, res.Body)
	return nil
}
