package instagram

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestTheClientNeverFollowsAPageToAnotherHost(t *testing.T) {
	var elsewhere atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { elsewhere.Add(1) }))
	defer other.Close()
	graph := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"data":[{"id":"1","media_type":"IMAGE","media_url":"https://cdn.example/1.jpg","permalink":"https://www.instagram.com/p/1/"}],
			"paging":{"next":"` + other.URL + `/me/media?access_token=` + r.URL.Query().Get("access_token") + `"}}`))
	}))
	defer graph.Close()
	c, err := NewClient(Config{AppID: "1", AppSecret: "2", AuthorizeURL: graph.URL, TokenURL: graph.URL, GraphURL: graph.URL})
	if err != nil {
		t.Fatal(err)
	}
	posts, err := c.Media(context.Background(), "secret-token", 5)
	if err != nil || len(posts) != 1 {
		t.Fatalf("%d posts, %v", len(posts), err)
	}
	if elsewhere.Load() != 0 {
		t.Errorf("the token was sent to another host")
	}
}

func TestErrorsNeverCarryTheToken(t *testing.T) {
	graph := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(500)
		w.Write([]byte(`{"error":{"message":"Please retry","type":"OAuthException","code":2}}`))
	}))
	defer graph.Close()
	c, _ := NewClient(Config{AppID: "1", AppSecret: "app-secret", AuthorizeURL: graph.URL, TokenURL: graph.URL, GraphURL: graph.URL})
	_, err := c.LongLived(context.Background(), "short-token")
	var ae *APIError
	if !errors.As(err, &ae) || ae.Code != 2 || ae.Status != 500 {
		t.Fatalf("error: %v", err)
	}
	if strings.Contains(err.Error(), "short-token") || strings.Contains(err.Error(), "app-secret") {
		t.Errorf("a secret is in the error: %v", err)
	}
	graph.Close()
	_, err = c.Refresh(context.Background(), "long-token")
	if err == nil || strings.Contains(err.Error(), "long-token") {
		t.Errorf("transport error: %v", err)
	}
}

func TestParsingInstagramsReplies(t *testing.T) {
	for _, c := range []struct {
		name, body string
		user       string
		ok         bool
	}{
		{"the flat shape with a numeric id", `{"access_token":"IGQ","user_id":17841400008460056}`, "17841400008460056", true},
		{"the data array", `{"data":[{"access_token":"IGQ","user_id":"178","permissions":"instagram_business_basic"}]}`, "178", true},
		{"no token", `{"user_id":"1"}`, "", false},
		{"no user", `{"access_token":"IGQ"}`, "", false},
		{"not JSON", `<html>`, "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			tok, err := ParseCodeReply([]byte(c.body))
			if (err == nil) != c.ok || tok.UserID != c.user {
				t.Errorf("%+v %v", tok, err)
			}
		})
	}
	tok, err := ParseTokenReply([]byte(`{"access_token":"IGL","token_type":"bearer","expires_in":5183944}`))
	if err != nil || tok.ExpiresIn != 5183944*time.Second {
		t.Errorf("long-lived: %+v %v", tok, err)
	}
	if _, err := ParseTokenReply([]byte(`{"access_token":"IGL","expires_in":-5}`)); err == nil {
		t.Errorf("a negative expiry is accepted")
	}
	err = ParseError(400, []byte(`{"error":{"message":"Session has expired","type":"OAuthException","code":190,"fbtrace_id":"A"}}`))
	if !errors.Is(err, ErrTokenExpired) {
		t.Errorf("190: %v", err)
	}
	err = ParseError(400, []byte(`{"error_type":"OAuthException","code":400,"error_message":"Invalid authorization code"}`))
	var ae *APIError
	if !errors.As(err, &ae) || ae.Code != 400 || ae.Message != "Invalid authorization code" {
		t.Errorf("OAuth error: %v", err)
	}
	posts, next, err := ParseMediaPage([]byte(`{"data":[
		{"id":"1","media_type":"IMAGE","media_url":"https://cdn/1","permalink":"https://www.instagram.com/p/1/","timestamp":"2026-11-20T10:00:00+0000"},
		{"id":"2","media_type":"VIDEO","media_url":"https://cdn/2.mp4","permalink":"javascript:alert(1)"},
		{"id":"../3","media_type":"IMAGE"}],
		"paging":{"cursors":{"after":"x"},"next":"https://graph.instagram.com/me/media?after=x"}}`))
	if err != nil || len(posts) != 2 || next == "" {
		t.Fatalf("%+v %q %v", posts, next, err)
	}
	if posts[0].Timestamp.IsZero() || posts[0].PictureURL() != "https://cdn/1" {
		t.Errorf("post 1: %+v", posts[0])
	}
	if posts[1].Permalink != "" || posts[1].PictureURL() != "" {
		t.Errorf("a video without thumbnail or a javascript: link kept: %+v", posts[1])
	}
}

func TestSealing(t *testing.T) {
	s, err := newSealer([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	a, b := s.seal("p", []byte("token")), s.seal("p", []byte("token"))
	if a == b {
		t.Errorf("two seals of one value are equal: the nonce is not random")
	}
	if got, err := s.open("p", a); err != nil || string(got) != "token" {
		t.Errorf("open: %q %v", got, err)
	}
	if _, err := s.open("q", a); err == nil {
		t.Errorf("opened for another purpose")
	}
	other, _ := newSealer([]byte(strings.Repeat("o", 32)))
	if _, err := other.open("p", a); err == nil {
		t.Errorf("opened with another key")
	}
	if _, err := newSealer([]byte("short")); err == nil {
		t.Errorf("a short key is accepted")
	}
}

func TestPicturesAreBoundedAndFromAllowedAddresses(t *testing.T) {
	big := strings.Repeat("x", 2048)
	graph := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(big)) }))
	defer graph.Close()
	c, _ := NewClient(Config{AppID: "1", AppSecret: "2", AuthorizeURL: graph.URL, TokenURL: graph.URL, GraphURL: graph.URL})
	ctx := context.Background()
	if b, err := c.Download(ctx, graph.URL+"/pic", 4096); err != nil || len(b) != 2048 {
		t.Errorf("a picture on the Graph API's own test host: %d %v", len(b), err)
	}
	if _, err := c.Download(ctx, graph.URL+"/pic", 1024); err == nil {
		t.Errorf("a picture over the byte bound is accepted")
	}
	for _, raw := range []string{"http://169.254.169.254/latest/meta-data", "file:///etc/passwd", "javascript:alert(1)", ""} {
		if _, err := c.Download(ctx, raw, 4096); err == nil {
			t.Errorf("%q is fetched", raw)
		}
	}
}
