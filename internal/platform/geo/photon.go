package geo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// PhotonConfig configures an HTTPGeocoder.
type PhotonConfig struct {
	// URL is the Photon server's base URL, such as https://photon.example.org
	// (the /api path is added).
	URL string
	// Lang asks for names in one language (Photon knows a few: en, de, fr,
	// it...); "" gives the server's default, usually the local names.
	Lang string
	// Timeout bounds one search, default 3 s.
	Timeout time.Duration
	// UserAgent identifies the product to the server, as public instances ask.
	UserAgent string
}

// HTTPGeocoder searches a Photon geocoding API (github.com/komoot/photon, an
// open-source geocoder over OpenStreetMap data; self-hosted or a provider's):
// GET {URL}/api?q=...&limit=...&layer=city, answered with a GeoJSON
// FeatureCollection whose features carry properties name, city, postcode,
// countrycode, country, type and a Point [lng, lat].
type HTTPGeocoder struct {
	cfg    PhotonConfig
	api    *url.URL
	client *http.Client
}

// NewHTTPGeocoder checks cfg and returns the geocoder.
func NewHTTPGeocoder(cfg PhotonConfig) (*HTTPGeocoder, error) {
	u, err := url.Parse(strings.TrimRight(cfg.URL, "/"))
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, errors.New("geo: the geocoder URL must be an http(s) URL")
	}
	u = u.JoinPath("api")
	if cfg.Timeout <= 0 {
		cfg.Timeout = 3 * time.Second
	}
	if cfg.UserAgent == "" {
		cfg.UserAgent = "noces-geocoder/1"
	}
	return &HTTPGeocoder{cfg: cfg, api: u, client: &http.Client{Timeout: cfg.Timeout}}, nil
}

// maxPhotonBody bounds what is read of an answer.
const maxPhotonBody = 1 << 20

type photonAnswer struct {
	Features []struct {
		Geometry struct {
			Type        string    `json:"type"`
			Coordinates []float64 `json:"coordinates"`
		} `json:"geometry"`
		Properties struct {
			Name        string `json:"name"`
			City        string `json:"city"`
			Postcode    string `json:"postcode"`
			CountryCode string `json:"countrycode"`
			Country     string `json:"country"`
			Type        string `json:"type"`
		} `json:"properties"`
	} `json:"features"`
}

// Search asks the server for cities (or, for a postal code, anything that
// has it) and keeps those of the seven countries, of country when given,
// each postal code and city once. A server that cannot be reached, answers
// late, fails or answers nonsense gives an error wrapping ErrUnavailable.
func (h *HTTPGeocoder) Search(ctx context.Context, q, country string, limit int) ([]Place, error) {
	limit = clampLimit(limit)
	q = strings.TrimSpace(q)
	if len(q) > MaxQueryLen {
		q = strings.ToValidUTF8(q[:MaxQueryLen], "")
	}
	want := ""
	if strings.TrimSpace(country) != "" {
		if want = NormalizeCountry(country); want == "" {
			return nil, nil
		}
	}
	if q == "" {
		return nil, nil
	}
	params := url.Values{}
	params.Set("q", q)
	// ask for more than wanted: some answers are dropped below
	params.Set("limit", strconv.Itoa(min(2*limit, MaxLimit)))
	if name, _ := splitQuery(q); name != "" {
		params.Set("layer", "city")
	}
	if want != "" {
		params.Set("countrycode", want)
	}
	if h.cfg.Lang != "" {
		params.Set("lang", h.cfg.Lang)
	}
	u := *h.api
	u.RawQuery = params.Encode()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, fmt.Errorf("geo: %w", err)
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", h.cfg.UserAgent)
	res, err := h.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	defer res.Body.Close()
	if res.StatusCode/100 != 2 {
		snippet, _ := io.ReadAll(io.LimitReader(res.Body, 200))
		return nil, fmt.Errorf("%w: the server answered %d: %s", ErrUnavailable, res.StatusCode, snippet)
	}
	var ans photonAnswer
	if err := json.NewDecoder(io.LimitReader(res.Body, maxPhotonBody)).Decode(&ans); err != nil {
		return nil, fmt.Errorf("%w: unreadable answer: %w", ErrUnavailable, err)
	}

	var out []Place
	seen := map[string]bool{}
	for _, f := range ans.Features {
		p := f.Properties
		code := NormalizeCountry(p.CountryCode)
		if code == "" || want != "" && code != want || len(f.Geometry.Coordinates) < 2 {
			continue
		}
		city := p.Name
		if p.Type != "city" && p.City != "" {
			city = p.City // a street, a postcode area...: the city it is in
		}
		// OpenStreetMap may list several codes: the spec keeps the first
		zip, _, _ := strings.Cut(p.Postcode, ";")
		zip, _, _ = strings.Cut(zip, ",")
		zip = strings.TrimSpace(zip)
		city = strings.TrimSpace(city)
		if city == "" {
			continue
		}
		key := code + "\t" + zip + "\t" + Fold(city)
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, Place{
			Zipcode: zip, City: city, CountryCode: code, Country: CountryName(code, "en"),
			Lng: f.Geometry.Coordinates[0], Lat: f.Geometry.Coordinates[1],
		})
		if len(out) == limit {
			break
		}
	}
	return out, nil
}

// WithFallback searches primary and, when it is unavailable, fallback: a
// remote geocoder backed by the shipped gazetteer.
func WithFallback(primary, fallback Geocoder) Geocoder {
	return fallbackGeocoder{primary, fallback}
}

type fallbackGeocoder struct{ primary, fallback Geocoder }

func (f fallbackGeocoder) Search(ctx context.Context, q, country string, limit int) ([]Place, error) {
	places, err := f.primary.Search(ctx, q, country, limit)
	if errors.Is(err, ErrUnavailable) && ctx.Err() == nil {
		return f.fallback.Search(ctx, q, country, limit)
	}
	return places, err
}
