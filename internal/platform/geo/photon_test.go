package geo

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// photonBody is an answer in Photon's format (docs/api-v1.md of komoot/photon).
const photonBody = `{"type":"FeatureCollection","features":[
 {"type":"Feature","geometry":{"type":"Point","coordinates":[4.8320114,45.7578137]},
  "properties":{"osm_type":"R","osm_id":120965,"osm_key":"place","osm_value":"city","type":"city",
   "name":"Lyon","postcode":"69001;69002;69003","countrycode":"FR","country":"France","state":"Auvergne-Rhône-Alpes"}},
 {"type":"Feature","geometry":{"type":"Point","coordinates":[4.8320114,45.7578137]},
  "properties":{"type":"city","name":"Lyon","postcode":"69001","countrycode":"FR","country":"France"}},
 {"type":"Feature","geometry":{"type":"Point","coordinates":[4.85,45.76]},
  "properties":{"type":"street","name":"Rue de Lyon","city":"Villeurbanne","postcode":"69100","countrycode":"fr","country":"France"}},
 {"type":"Feature","geometry":{"type":"Point","coordinates":[-88.1,39.2]},
  "properties":{"type":"city","name":"Lyon","countrycode":"US","country":"United States"}},
 {"type":"Feature","geometry":{"type":"Point","coordinates":[]},
  "properties":{"type":"city","name":"Nowhere","countrycode":"FR"}},
 {"type":"Feature","geometry":{"type":"Point","coordinates":[8.68,50.11]},
  "properties":{"type":"city","name":"Frankfurt am Main","postcode":"60311","countrycode":"DE","country":"Deutschland"}}
]}`

func photonServer(t *testing.T, h http.HandlerFunc) *HTTPGeocoder {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	g, err := NewHTTPGeocoder(PhotonConfig{URL: srv.URL + "/", Lang: "fr", Timeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestHTTPGeocoderSpeaksPhoton(t *testing.T) {
	var got url.Values
	var path, agent string
	g := photonServer(t, func(w http.ResponseWriter, r *http.Request) {
		got, path, agent = r.URL.Query(), r.URL.Path, r.UserAgent()
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(photonBody))
	})

	places, err := g.Search(context.Background(), "lyon", "", 10)
	if err != nil {
		t.Fatal(err)
	}
	want := []Place{
		{Zipcode: "69001", City: "Lyon", CountryCode: "FR", Country: "France", Lat: 45.7578137, Lng: 4.8320114},
		{Zipcode: "69100", City: "Villeurbanne", CountryCode: "FR", Country: "France", Lat: 45.76, Lng: 4.85},
		{Zipcode: "60311", City: "Frankfurt am Main", CountryCode: "DE", Country: "Germany", Lat: 50.11, Lng: 8.68},
	}
	if diff := cmp.Diff(want, places); diff != "" {
		t.Errorf("places (-want +got):\n%s", diff)
	}
	if path != "/api" {
		t.Errorf("path %q", path)
	}
	wantQuery := url.Values{"q": {"lyon"}, "limit": {"20"}, "layer": {"city"}, "lang": {"fr"}}
	if diff := cmp.Diff(wantQuery, got); diff != "" {
		t.Errorf("query (-want +got):\n%s", diff)
	}
	if agent == "" || agent == "Go-http-client/1.1" {
		t.Errorf("user agent %q", agent)
	}

	t.Run("a country keeps only its places and is sent", func(t *testing.T) {
		places, err := g.Search(context.Background(), "lyon", "de", 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(places) != 1 || places[0].City != "Frankfurt am Main" {
			t.Errorf("places %+v", places)
		}
		if got.Get("countrycode") != "DE" || got.Get("limit") != "2" {
			t.Errorf("query %v", got)
		}
	})
	t.Run("a postal code is not limited to cities", func(t *testing.T) {
		if _, err := g.Search(context.Background(), "69003", "FR", 5); err != nil {
			t.Fatal(err)
		}
		if got.Has("layer") || got.Get("q") != "69003" {
			t.Errorf("query %v", got)
		}
	})
	t.Run("the limit holds", func(t *testing.T) {
		places, _ := g.Search(context.Background(), "lyon", "", 2)
		if len(places) != 2 {
			t.Errorf("%d places", len(places))
		}
	})
	t.Run("no query, or a country not served, asks nothing", func(t *testing.T) {
		got = nil
		for _, c := range [][2]string{{"  ", ""}, {"lyon", "US"}} {
			places, err := g.Search(context.Background(), c[0], c[1], 5)
			if err != nil || len(places) != 0 || got != nil {
				t.Errorf("%q %q: %v %v, server asked %v", c[0], c[1], places, err, got)
			}
		}
	})
}

func TestHTTPGeocoderFailures(t *testing.T) {
	t.Run("an error status", func(t *testing.T) {
		g := photonServer(t, func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "overloaded", http.StatusServiceUnavailable)
		})
		_, err := g.Search(context.Background(), "lyon", "", 5)
		if !errors.Is(err, ErrUnavailable) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("a server too slow", func(t *testing.T) {
		release := make(chan struct{})
		g := photonServer(t, func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-release:
			case <-r.Context().Done():
			}
		})
		defer close(release)
		start := time.Now()
		_, err := g.Search(context.Background(), "lyon", "", 5)
		if !errors.Is(err, ErrUnavailable) {
			t.Fatalf("err = %v", err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("gave up after %v", d)
		}
	})
	t.Run("a cancelled request", func(t *testing.T) {
		g := photonServer(t, func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		_, err := g.Search(ctx, "lyon", "", 5)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("an answer that is not Photon's", func(t *testing.T) {
		g := photonServer(t, func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("<html>")) })
		_, err := g.Search(context.Background(), "lyon", "", 5)
		if !errors.Is(err, ErrUnavailable) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("a server that is gone", func(t *testing.T) {
		srv := httptest.NewServer(http.NotFoundHandler())
		srv.Close()
		g, _ := NewHTTPGeocoder(PhotonConfig{URL: srv.URL})
		_, err := g.Search(context.Background(), "lyon", "", 5)
		if !errors.Is(err, ErrUnavailable) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("a bad URL is refused at start", func(t *testing.T) {
		for _, u := range []string{"", "photon.example.org", "ftp://photon.example.org", "http://"} {
			if _, err := NewHTTPGeocoder(PhotonConfig{URL: u}); err == nil {
				t.Errorf("%q accepted", u)
			}
		}
	})
}

func TestWithFallback(t *testing.T) {
	down := photonServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadGateway)
	})
	g := WithFallback(down, shipped)
	places, err := g.Search(context.Background(), "75001", "FR", 1)
	if err != nil || len(places) != 1 || places[0].City != "Paris" {
		t.Fatalf("%v %v", places, err)
	}

	up := photonServer(t, func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(photonBody)) })
	places, err = WithFallback(up, shipped).Search(context.Background(), "lyon", "DE", 5)
	if err != nil || len(places) != 1 || places[0].City != "Frankfurt am Main" {
		t.Fatalf("the primary's answer was not used: %v %v", places, err)
	}
}
