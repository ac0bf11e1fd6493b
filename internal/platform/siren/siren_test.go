package siren

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// register answers like the public register for three establishments.
func register(t *testing.T) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/search" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Query().Get("q") {
		case "73282932000074":
			_, _ = w.Write([]byte(`{"results":[{"siren":"732829320","nom_complet":"EXEMPLE","etat_administratif":"A",
				"siege":{"siret":"73282932000074","etat_administratif":"A","code_postal":"75001"},
				"matching_etablissements":[{"siret":"73282932000074","etat_administratif":"A"}]}],"total_results":1,"page":1,"per_page":5}`))
		case "55210055400013":
			_, _ = w.Write([]byte(`{"results":[{"siren":"552100554","etat_administratif":"A",
				"siege":{"siret":"55210055400999","etat_administratif":"A"},
				"matching_etablissements":[{"siret":"55210055400013","etat_administratif":"F"}]}],"total_results":1}`))
		case "44306184100047":
			_, _ = w.Write([]byte(`{"results":[{"siren":"443061841","etat_administratif":"C",
				"siege":{"siret":"44306184100047","etat_administratif":"F"},"matching_etablissements":[]}],"total_results":1}`))
		case "50000000000005":
			http.Error(w, `{"erreur":"rate limited"}`, http.StatusTooManyRequests)
		default:
			_, _ = w.Write([]byte(`{"results":[],"total_results":0,"page":1,"per_page":5}`))
		}
	}))
}

func TestCheck(t *testing.T) {
	srv := register(t)
	defer srv.Close()
	c, err := NewClient(srv.URL, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, siret string
		want        Result
	}{
		{"an active head office", "73282932000074", Result{Exists: true, IsActive: true}},
		{"a closed establishment of an active company", "55210055400013", Result{Exists: true, IsActive: false}},
		{"a ceased company", "44306184100047", Result{Exists: true, IsActive: false}},
		{"an unknown number", "12345678200010", Result{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := c.Check(context.Background(), tc.siret)
			if err != nil || got != tc.want {
				t.Errorf("got %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
	t.Run("a refusal of the register is ErrUnavailable", func(t *testing.T) {
		if _, err := c.Check(context.Background(), "50000000000005"); !errors.Is(err, ErrUnavailable) {
			t.Errorf("got %v", err)
		}
	})
}

func TestCheckTimesOut(t *testing.T) {
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(time.Second):
		}
	}))
	defer slow.Close()
	c, _ := NewClient(slow.URL, 50*time.Millisecond)
	if _, err := c.Check(context.Background(), "73282932000074"); !errors.Is(err, ErrUnavailable) {
		t.Errorf("got %v", err)
	}
}
