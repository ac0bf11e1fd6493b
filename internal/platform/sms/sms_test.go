package sms

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestHTTPSendsTheGatewaysFormat(t *testing.T) {
	var got map[string]string
	var auth string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth = r.Header.Get("Authorization")
		if r.Header.Get("Content-Type") != "application/json" {
			t.Errorf("content type %q", r.Header.Get("Content-Type"))
		}
		_ = json.NewDecoder(r.Body).Decode(&got)
		w.WriteHeader(http.StatusAccepted)
	}))
	defer srv.Close()
	s, err := NewHTTP(HTTPConfig{URL: srv.URL + "/messages", Token: "tok"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), Message{To: "+33612345678", Text: "Votre code : 123456"}); err != nil {
		t.Fatal(err)
	}
	if auth != "Bearer tok" || got["to"] != "+33612345678" || got["text"] != "Votre code : 123456" || got["from"] != "Noces" {
		t.Errorf("auth %q body %v", auth, got)
	}
}

// Every try of one message carries its ID as the Idempotency-Key; another
// message has another, and a message without an ID none.
func TestHTTPSendsOneIdempotencyKeyPerMessage(t *testing.T) {
	var keys []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		keys = append(keys, r.Header.Get("Idempotency-Key"))
		w.WriteHeader(http.StatusAccepted)
	}))
	defer srv.Close()
	s, err := NewHTTP(HTTPConfig{URL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []Message{
		{To: "+33612345678", Text: "Code 1", ID: "0197a3c2-5d1e-7b44-9c1a-2f6e8d4b1a07"},
		{To: "+33612345678", Text: "Code 1", ID: "0197a3c2-5d1e-7b44-9c1a-2f6e8d4b1a07"},
		{To: "+33612345678", Text: "Code 1", ID: "0197a3c2-5d1e-7b44-9c1a-2f6e8d4b1a08"},
		{To: "+33612345678", Text: "Code 1"},
	} {
		if err := s.Send(t.Context(), m); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"0197a3c2-5d1e-7b44-9c1a-2f6e8d4b1a07", "0197a3c2-5d1e-7b44-9c1a-2f6e8d4b1a07", "0197a3c2-5d1e-7b44-9c1a-2f6e8d4b1a08", ""}
	if strings.Join(keys, ",") != strings.Join(want, ",") {
		t.Errorf("keys %q, want %q", keys, want)
	}
}

func TestHTTPFailures(t *testing.T) {
	refuse := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "invalid number", http.StatusBadRequest)
	}))
	defer refuse.Close()
	s, _ := NewHTTP(HTTPConfig{URL: refuse.URL})
	if err := s.Send(context.Background(), Message{To: "x", Text: "y"}); err == nil || !strings.Contains(err.Error(), "400") {
		t.Errorf("a refusal: %v", err)
	}
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(time.Second):
		}
	}))
	defer slow.Close()
	s, _ = NewHTTP(HTTPConfig{URL: slow.URL, Timeout: 100 * time.Millisecond})
	start := time.Now()
	if err := s.Send(context.Background(), Message{To: "x", Text: "y"}); err == nil || time.Since(start) > 2*time.Second {
		t.Errorf("a silent gateway: %v after %v", err, time.Since(start))
	}
	if _, err := NewHTTP(HTTPConfig{URL: "ftp://x"}); err == nil {
		t.Error("a non-HTTP URL was accepted")
	}
}
