// Package instagramtest is a fake Instagram speaking the real requests and
// replies of the Instagram API with Instagram Login, for tests: the
// authorisation window, the form-encoded code exchange, the long-lived
// exchange, the refresh, /me/media with paging cursors, error 190 for an
// expired token, and the posts' pictures.
package instagramtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"sync"
	"testing"
)

// App credentials the fake accepts.
const (
	AppID     = "990602627938098"
	AppSecret = "fake-app-secret-0123456789"
)

// Fake is a running fake Instagram.
type Fake struct {
	*httptest.Server
	mu sync.Mutex
	// Posts are the account's media, newest first (set before use).
	Posts []map[string]any
	// PageSize is the paging of /me/media.
	PageSize int
	codes    map[string]string // code -> redirect_uri it was issued for
	tokens   map[string]bool   // token -> valid
	serial   int
	// Calls counts requests by path.
	Calls map[string]int
	// Requests keeps the last request of each path, for tests to inspect.
	Requests map[string]*http.Request
	// Forms keeps the last form of the code exchange.
	Form url.Values
}

// New starts a fake with n posts: images, a carousel, a video with a
// thumbnail and a video without one (not shown).
func New(t testing.TB, n int) *Fake {
	f := &Fake{PageSize: 4, codes: map[string]string{}, tokens: map[string]bool{}, Calls: map[string]int{},
		Requests: map[string]*http.Request{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /oauth/authorize", f.authorize)
	mux.HandleFunc("POST /oauth/access_token", f.exchange)
	mux.HandleFunc("GET /access_token", f.longLived)
	mux.HandleFunc("GET /refresh_access_token", f.refresh)
	mux.HandleFunc("GET /me/media", f.media)
	mux.HandleFunc("GET /pics/{n}", f.picture)
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.Calls[r.URL.Path]++
		f.Requests[r.URL.Path] = r
		f.mu.Unlock()
		mux.ServeHTTP(w, r)
	}))
	if t != nil {
		t.Cleanup(f.Close)
	}
	kinds := []string{"IMAGE", "CAROUSEL_ALBUM", "VIDEO", "IMAGE", "VIDEO"}
	for i := range n {
		p := map[string]any{"id": fmt.Sprintf("1790%04d", i), "caption": fmt.Sprintf("Mariage n°%d au château #wedding", i+1),
			"media_type": kinds[i%len(kinds)], "permalink": fmt.Sprintf("https://www.instagram.com/p/Post%d/", i),
			"timestamp": fmt.Sprintf("2026-11-%02dT10:00:00+0000", 20-i%20)}
		pic := f.URL + "/pics/" + strconv.Itoa(i)
		switch {
		case p["media_type"] != "VIDEO":
			p["media_url"] = pic
		case i%len(kinds) == 2:
			p["media_url"] = f.URL + "/pics/video.mp4"
			p["thumbnail_url"] = pic
		default:
			p["media_url"] = f.URL + "/pics/video.mp4" // no thumbnail: not shown
		}
		f.Posts = append(f.Posts, p)
	}
	return f
}

// Shown is how many of the first n posts have a picture to show.
func Shown(n int) int {
	c := 0
	for i := range n {
		if i%5 != 4 {
			c++
		}
	}
	return c
}

// Expire makes every token the fake issued invalid (error 190).
func (f *Fake) Expire() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for k := range f.tokens {
		f.tokens[k] = false
	}
}

// Count returns the calls made to path.
func (f *Fake) Count(path string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.Calls[path]
}

func (f *Fake) newToken(prefix string) string {
	f.serial++
	t := fmt.Sprintf("%s-%d-IGQWRPa1ZAYZ", prefix, f.serial)
	f.tokens[t] = true
	return t
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func oauthError(w http.ResponseWriter, msg string) {
	writeJSON(w, http.StatusBadRequest, map[string]any{"error_type": "OAuthException", "code": 400, "error_message": msg})
}

func graphError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, http.StatusBadRequest, map[string]any{"error": map[string]any{"message": msg, "type": "OAuthException",
		"code": code, "fbtrace_id": "AbCdEf123"}})
}

// authorize stands for the user granting access: straight back to the
// redirect URI with a code, "#_" appended as Instagram does.
func (f *Fake) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("client_id") != AppID || q.Get("response_type") != "code" || q.Get("scope") == "" || q.Get("redirect_uri") == "" {
		oauthError(w, "Invalid authorisation request")
		return
	}
	f.mu.Lock()
	f.serial++
	code := fmt.Sprintf("AQBx-code-%d", f.serial)
	f.codes[code] = q.Get("redirect_uri")
	f.mu.Unlock()
	back, _ := url.Parse(q.Get("redirect_uri"))
	bq := back.Query()
	bq.Set("code", code)
	bq.Set("state", q.Get("state"))
	back.RawQuery = bq.Encode()
	http.Redirect(w, r, back.String()+"#_", http.StatusFound)
}

// IssueCode makes a code as the authorisation window would, for redirectURI.
func (f *Fake) IssueCode(redirectURI string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.serial++
	code := fmt.Sprintf("AQBx-code-%d", f.serial)
	f.codes[code] = redirectURI
	return code
}

func (f *Fake) exchange(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Content-Type") != "application/x-www-form-urlencoded" {
		oauthError(w, "Missing form body")
		return
	}
	if err := r.ParseForm(); err != nil {
		oauthError(w, "Bad form")
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.Form = r.PostForm
	code := r.PostForm.Get("code")
	redirect, ok := f.codes[code]
	if r.PostForm.Get("client_id") != AppID || r.PostForm.Get("client_secret") != AppSecret ||
		r.PostForm.Get("grant_type") != "authorization_code" {
		oauthError(w, "Invalid client credentials")
		return
	}
	if !ok || redirect != r.PostForm.Get("redirect_uri") {
		oauthError(w, "Invalid authorization code")
		return
	}
	delete(f.codes, code) // a code is good once
	writeJSON(w, http.StatusOK, map[string]any{"data": []map[string]any{{"access_token": f.newToken("IGAAshort"),
		"user_id": json.Number("17841400008460056"), "permissions": "instagram_business_basic"}}})
}

func (f *Fake) longLived(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f.mu.Lock()
	defer f.mu.Unlock()
	if q.Get("grant_type") != "ig_exchange_token" || q.Get("client_secret") != AppSecret {
		graphError(w, 100, "Invalid parameter")
		return
	}
	if !f.tokens[q.Get("access_token")] {
		graphError(w, 190, "Error validating access token: Session has expired")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"access_token": f.newToken("IGAAlong"), "token_type": "bearer", "expires_in": 5183944})
}

func (f *Fake) refresh(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f.mu.Lock()
	defer f.mu.Unlock()
	if q.Get("grant_type") != "ig_refresh_token" {
		graphError(w, 100, "Invalid parameter")
		return
	}
	if !f.tokens[q.Get("access_token")] {
		graphError(w, 190, "Error validating access token: Session has expired")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"access_token": f.newToken("IGAArefreshed"), "token_type": "bearer", "expires_in": 5183944})
}

func (f *Fake) media(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.tokens[q.Get("access_token")] {
		graphError(w, 190, "Error validating access token: Session has expired")
		return
	}
	if q.Get("fields") == "" {
		graphError(w, 100, "fields are required")
		return
	}
	start, _ := strconv.Atoi(q.Get("after"))
	start = min(max(start, 0), len(f.Posts))
	end := min(start+f.PageSize, len(f.Posts))
	out := map[string]any{"data": f.Posts[start:end]}
	paging := map[string]any{"cursors": map[string]string{"before": strconv.Itoa(start), "after": strconv.Itoa(end)}}
	if end < len(f.Posts) {
		next := url.Values{"fields": {q.Get("fields")}, "access_token": {q.Get("access_token")}, "limit": {q.Get("limit")},
			"after": {strconv.Itoa(end)}}
		paging["next"] = f.URL + "/me/media?" + next.Encode()
	}
	out["paging"] = paging
	writeJSON(w, http.StatusOK, out)
}

// picture serves a 400x400 PNG, a different colour per post.
func (f *Fake) picture(w http.ResponseWriter, r *http.Request) {
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	img := image.NewRGBA(image.Rect(0, 0, 400, 400))
	c := color.RGBA{uint8(40 * n), 120, uint8(255 - 30*n), 255}
	for y := range 400 {
		for x := range 400 {
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	w.Header().Set("Content-Type", "image/png")
	_, _ = w.Write(b.Bytes())
}
