// Package siren checks French SIRET numbers against the public company
// register (the "API Recherche d'entreprises" of the French state).
package siren

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Result is what the register says of one establishment.
type Result struct {
	Exists   bool
	IsActive bool
}

// Checker looks a SIRET up.
type Checker interface {
	Check(ctx context.Context, siret string) (Result, error)
}

// ErrUnavailable means the register could not answer; the caller keeps the
// status unknown and may try again later.
var ErrUnavailable = errors.New("siren: the register is unavailable")

// Client calls the register's search endpoint: GET {base}/search?q=SIRET.
type Client struct {
	base string
	http *http.Client
}

// NewClient returns a client of the register at base (e.g.
// https://recherche-entreprises.api.gouv.fr).
func NewClient(base string, timeout time.Duration) (*Client, error) {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, errors.New("siren: the register URL must be an http(s) URL")
	}
	if timeout <= 0 {
		timeout = 5 * time.Second
	}
	return &Client{base: strings.TrimRight(base, "/"), http: &http.Client{Timeout: timeout}}, nil
}

// establishment is the part of an establishment this client reads.
type establishment struct {
	Siret             string `json:"siret"`
	EtatAdministratif string `json:"etat_administratif"` // A: active, F: closed
}

type searchReply struct {
	Results []struct {
		Siren                  string          `json:"siren"`
		EtatAdministratif      string          `json:"etat_administratif"` // A: active, C: ceased
		Siege                  establishment   `json:"siege"`
		MatchingEtablissements []establishment `json:"matching_etablissements"`
	} `json:"results"`
	TotalResults int `json:"total_results"`
}

// Check searches the register for siret. An establishment exists when the
// register lists it; it is active when both it and its company are.
func (c *Client) Check(ctx context.Context, siret string) (Result, error) {
	q := url.Values{"q": {siret}, "page": {"1"}, "per_page": {"5"}}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/search?"+q.Encode(), nil)
	if err != nil {
		return Result{}, fmt.Errorf("siren: %w", err)
	}
	req.Header.Set("Accept", "application/json")
	res, err := c.http.Do(req)
	if err != nil {
		return Result{}, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 4096))
		return Result{}, fmt.Errorf("%w: status %d", ErrUnavailable, res.StatusCode)
	}
	var reply searchReply
	if err := json.NewDecoder(io.LimitReader(res.Body, 4<<20)).Decode(&reply); err != nil {
		return Result{}, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	for _, r := range reply.Results {
		for _, e := range append([]establishment{r.Siege}, r.MatchingEtablissements...) {
			if e.Siret == siret {
				return Result{Exists: true, IsActive: e.EtatAdministratif == "A" && r.EtatAdministratif != "C"}, nil
			}
		}
	}
	return Result{}, nil
}
