// Package instagram syncs a provider's latest Instagram posts through the
// Instagram API with Instagram Login: the authorisation window, the code
// exchanged for a short-lived and then a long-lived token (sealed at rest),
// its refresh, the posts copied into media storage, and revoking.
//
// Choices the spec leaves open:
//   - The code is exchanged on the server. Instagram redirects to
//     /api/instagram/callback with the code and a signed state naming the
//     user; the callback seals both into a short-lived ticket and redirects
//     to /social-networks?token=<ticket>; the screen removes it from the
//     address bar at once and POSTs it to /api/instagram/token with the
//     user's session, which must be the state's user. No Instagram token
//     ever reaches the browser; the code only passes through the address bar
//     of the callback's redirect.
//   - An expired or withdrawn token (Graph API error 190) hides the synced
//     posts from the public page but keeps them stored: a 190 often means the
//     account owner withdrew our access on Instagram, after which their
//     pictures should not stay on show; reconnecting shows them again at
//     once, revoking deletes them.
//   - Posts are shown only while the provider is premium and has an
//     Instagram link in social networks, the sync's two conditions.
package instagram

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

// Scope is the one permission the sync needs: the profile and its media.
const Scope = "instagram_business_basic"

// ErrTokenExpired is an access token Instagram refuses (error code 190):
// expired, withdrawn by the account owner, or invalidated.
var ErrTokenExpired = errors.New("instagram: access token expired or revoked")

// APIError is any other error reply of Instagram.
type APIError struct {
	Status  int
	Code    int
	Type    string
	Message string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("instagram: HTTP %d, %s %d: %s", e.Status, e.Type, e.Code, e.Message)
}

// Config configures a Client. The three addresses are required: their
// defaults are Instagram's, named in internal/config only.
type Config struct {
	AppID        string
	AppSecret    string
	AuthorizeURL string
	TokenURL     string
	GraphURL     string
	HTTP         *http.Client
}

// Client speaks to Instagram.
type Client struct {
	cfg   Config
	graph *url.URL
}

// maxReply bounds a JSON reply of Instagram read into memory.
const maxReply = 1 << 20

// NewClient checks cfg.
func NewClient(cfg Config) (*Client, error) {
	if cfg.AppID == "" || cfg.AppSecret == "" {
		return nil, errors.New("instagram: app id and secret are required")
	}
	for _, raw := range []string{cfg.AuthorizeURL, cfg.TokenURL, cfg.GraphURL} {
		if u, err := url.Parse(raw); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return nil, fmt.Errorf("instagram: %q is not an http(s) URL", raw)
		}
	}
	if cfg.HTTP == nil {
		cfg.HTTP = &http.Client{Timeout: 20 * time.Second}
	}
	graph, _ := url.Parse(strings.TrimRight(cfg.GraphURL, "/"))
	return &Client{cfg: cfg, graph: graph}, nil
}

// AuthorizeURL is the authorisation window's address.
func (c *Client) AuthorizeURL(redirectURI, state string) string {
	q := url.Values{"client_id": {c.cfg.AppID}, "redirect_uri": {redirectURI}, "response_type": {"code"},
		"scope": {Scope}, "state": {state}}
	sep := "?"
	if strings.Contains(c.cfg.AuthorizeURL, "?") {
		sep = "&"
	}
	return c.cfg.AuthorizeURL + sep + q.Encode()
}

// Token is an access token and when it expires (zero: not said).
type Token struct {
	AccessToken string
	UserID      string
	ExpiresIn   time.Duration
}

// ExchangeCode trades an authorisation code for a short-lived token.
func (c *Client) ExchangeCode(ctx context.Context, code, redirectURI string) (Token, error) {
	form := url.Values{"client_id": {c.cfg.AppID}, "client_secret": {c.cfg.AppSecret}, "grant_type": {"authorization_code"},
		"redirect_uri": {redirectURI}, "code": {code}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.TokenURL, strings.NewReader(form.Encode()))
	if err != nil {
		return Token{}, fmt.Errorf("instagram: %w", err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	body, err := c.do(req)
	if err != nil {
		return Token{}, err
	}
	return ParseCodeReply(body)
}

// LongLived trades a short-lived token for a long-lived one (60 days).
func (c *Client) LongLived(ctx context.Context, short string) (Token, error) {
	return c.tokenGET(ctx, "/access_token", url.Values{"grant_type": {"ig_exchange_token"}, "client_secret": {c.cfg.AppSecret},
		"access_token": {short}})
}

// Refresh renews a long-lived token at least 24 hours old for another 60 days.
func (c *Client) Refresh(ctx context.Context, token string) (Token, error) {
	return c.tokenGET(ctx, "/refresh_access_token", url.Values{"grant_type": {"ig_refresh_token"}, "access_token": {token}})
}

func (c *Client) tokenGET(ctx context.Context, path string, q url.Values) (Token, error) {
	body, err := c.get(ctx, c.graph.String()+path+"?"+q.Encode())
	if err != nil {
		return Token{}, err
	}
	return ParseTokenReply(body)
}

// Post is one post of the account's media list.
type Post struct {
	ID           string
	Type         string // IMAGE, VIDEO or CAROUSEL_ALBUM
	Caption      string
	MediaURL     string
	ThumbnailURL string
	Permalink    string
	Timestamp    time.Time
}

// PictureURL is the picture that stands for the post: the image, a
// carousel's cover, a video's thumbnail; "" when there is none to show.
func (p Post) PictureURL() string {
	switch p.Type {
	case "IMAGE", "CAROUSEL_ALBUM":
		return p.MediaURL
	case "VIDEO":
		return p.ThumbnailURL
	}
	return ""
}

// mediaFields are the fields the sync reads of each post.
const mediaFields = "id,caption,media_type,media_url,thumbnail_url,permalink,timestamp"

// maxPages bounds the pages read of one account's media list.
const maxPages = 5

// Media reads the account's latest posts, newest first, following the
// paging cursors until want posts with a picture are found (or the list, or
// maxPages, ends). A next page on another host than the Graph API's is not
// followed: the access token is in its query.
func (c *Client) Media(ctx context.Context, token string, want int) ([]Post, error) {
	q := url.Values{"fields": {mediaFields}, "limit": {strconv.Itoa(min(want, 50))}, "access_token": {token}}
	next := c.graph.String() + "/me/media?" + q.Encode()
	var out []Post
	for page := 0; page < maxPages && next != ""; page++ {
		body, err := c.get(ctx, next)
		if err != nil {
			return nil, err
		}
		posts, after, err := ParseMediaPage(body)
		if err != nil {
			return nil, err
		}
		for _, p := range posts {
			if p.PictureURL() != "" && p.Permalink != "" {
				out = append(out, p)
			}
		}
		if len(out) >= want {
			return out[:want], nil
		}
		next = ""
		if u, err := url.Parse(after); err == nil && after != "" && u.Scheme == c.graph.Scheme && u.Host == c.graph.Host {
			next = after
		}
	}
	return out, nil
}

// Download fetches a post's picture, at most maxBytes.
func (c *Client) Download(ctx context.Context, raw string, maxBytes int64) ([]byte, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || (u.Scheme != "https" && !(u.Scheme == "http" && u.Host == c.graph.Host && c.graph.Scheme == "http")) {
		return nil, fmt.Errorf("instagram: picture address refused")
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, fmt.Errorf("instagram: %w", err)
	}
	resp, err := c.cfg.HTTP.Do(req)
	if err != nil {
		return nil, fmt.Errorf("instagram: picture: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("instagram: picture: HTTP %d", resp.StatusCode)
	}
	if resp.ContentLength > maxBytes {
		return nil, fmt.Errorf("instagram: picture larger than %d bytes", maxBytes)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("instagram: picture: %w", err)
	}
	if int64(len(b)) > maxBytes {
		return nil, fmt.Errorf("instagram: picture larger than %d bytes", maxBytes)
	}
	return b, nil
}

func (c *Client) get(ctx context.Context, raw string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, raw, nil)
	if err != nil {
		return nil, fmt.Errorf("instagram: %w", err)
	}
	return c.do(req)
}

// do sends req and returns the body of a 2xx reply, or the reply's error.
// Errors never carry the URL: its query holds the token or the secret.
func (c *Client) do(req *http.Request) ([]byte, error) {
	req.Header.Set("Accept", "application/json")
	resp, err := c.cfg.HTTP.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return nil, fmt.Errorf("instagram: %s %s: %w", req.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxReply+1))
	if err != nil {
		return nil, fmt.Errorf("instagram: %s %s: %w", req.Method, req.URL.Path, err)
	}
	if len(body) > maxReply {
		return nil, fmt.Errorf("instagram: %s %s: reply too large", req.Method, req.URL.Path)
	}
	if resp.StatusCode/100 != 2 {
		return nil, ParseError(resp.StatusCode, body)
	}
	return body, nil
}

// ParseError reads an error reply: the Graph API's {"error": {"message",
// "type", "code"}} or the OAuth endpoint's {"error_type", "code",
// "error_message"}. Code 190 is ErrTokenExpired.
func ParseError(status int, body []byte) error {
	var r struct {
		Error json.RawMessage `json:"error"`
		// The OAuth endpoint's flat shape.
		ErrorType    string `json:"error_type"`
		Code         int    `json:"code"`
		ErrorMessage string `json:"error_message"`
	}
	e := &APIError{Status: status}
	if json.Unmarshal(body, &r) == nil {
		var g struct {
			Message string `json:"message"`
			Type    string `json:"type"`
			Code    int    `json:"code"`
		}
		if len(r.Error) > 0 && json.Unmarshal(r.Error, &g) == nil {
			e.Code, e.Type, e.Message = g.Code, g.Type, g.Message
		} else {
			e.Code, e.Type, e.Message = r.Code, r.ErrorType, r.ErrorMessage
		}
	}
	if len(e.Message) > 300 {
		e.Message = e.Message[:300]
	}
	if e.Code == 190 {
		return fmt.Errorf("%w: %s", ErrTokenExpired, e.Message)
	}
	return e
}

// flexString reads a JSON string or number (user ids come as either).
type flexString string

func (f *flexString) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*f = flexString(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return errors.New("want a string or a number")
	}
	*f = flexString(n.String())
	return nil
}

type tokenJSON struct {
	AccessToken string     `json:"access_token"`
	UserID      flexString `json:"user_id"`
	ExpiresIn   int64      `json:"expires_in"`
}

func (t tokenJSON) token() (Token, error) {
	if t.AccessToken == "" || len(t.AccessToken) > 2048 {
		return Token{}, errors.New("instagram: reply without a usable access token")
	}
	if t.ExpiresIn < 0 || t.ExpiresIn > 10*365*24*3600 {
		return Token{}, errors.New("instagram: reply with an impossible expiry")
	}
	return Token{AccessToken: t.AccessToken, UserID: string(t.UserID), ExpiresIn: time.Duration(t.ExpiresIn) * time.Second}, nil
}

// ParseCodeReply reads the code exchange's reply: {"access_token",
// "user_id"}, or the same inside {"data": [...]} as the current endpoint
// answers.
func ParseCodeReply(body []byte) (Token, error) {
	var r struct {
		tokenJSON
		Data []tokenJSON `json:"data"`
	}
	if err := json.Unmarshal(body, &r); err != nil {
		return Token{}, fmt.Errorf("instagram: token reply: %w", err)
	}
	t := r.tokenJSON
	if t.AccessToken == "" && len(r.Data) > 0 {
		t = r.Data[0]
	}
	out, err := t.token()
	if err == nil && (out.UserID == "" || len(out.UserID) > 64) {
		return Token{}, errors.New("instagram: token reply without a user id")
	}
	return out, err
}

// ParseTokenReply reads a long-lived token reply: {"access_token",
// "token_type", "expires_in"}.
func ParseTokenReply(body []byte) (Token, error) {
	var t tokenJSON
	if err := json.Unmarshal(body, &t); err != nil {
		return Token{}, fmt.Errorf("instagram: token reply: %w", err)
	}
	return t.token()
}

// ParseMediaPage reads one page of /me/media: its posts and the next page's
// address ("" at the end). Posts with missing or odd fields are skipped,
// not fatal: one strange post must not stop the sync.
func ParseMediaPage(body []byte) ([]Post, string, error) {
	var r struct {
		Data []struct {
			ID           string `json:"id"`
			Caption      string `json:"caption"`
			MediaType    string `json:"media_type"`
			MediaURL     string `json:"media_url"`
			ThumbnailURL string `json:"thumbnail_url"`
			Permalink    string `json:"permalink"`
			Timestamp    string `json:"timestamp"`
		} `json:"data"`
		Paging struct {
			Next string `json:"next"`
		} `json:"paging"`
	}
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, "", fmt.Errorf("instagram: media reply: %w", err)
	}
	var out []Post
	for _, d := range r.Data {
		if d.ID == "" || len(d.ID) > 64 || strings.ContainsAny(d.ID, "/?#") {
			continue
		}
		p := Post{ID: d.ID, Type: d.MediaType, Caption: d.Caption, MediaURL: d.MediaURL, ThumbnailURL: d.ThumbnailURL}
		if u, err := url.Parse(d.Permalink); err == nil && u.Scheme == "https" && u.Host != "" && len(d.Permalink) <= 500 {
			p.Permalink = d.Permalink
		}
		for _, layout := range []string{"2006-01-02T15:04:05-0700", time.RFC3339} {
			if t, err := time.Parse(layout, d.Timestamp); err == nil {
				p.Timestamp = t.UTC()
				break
			}
		}
		out = append(out, p)
	}
	return out, r.Paging.Next, nil
}
