package httpapi

import (
	"errors"
	"net/http"
	"net/url"
	"time"

	"noces/internal/account"
	"noces/internal/apperr"
	"noces/internal/i18n"
	"noces/internal/instagram"
)

// The Instagram sync: the authorisation address, Instagram's return (the
// callback, which holds no session: it turns the code and the signed state
// into a sealed ticket for the screen), the ticket redeemed with the user's
// session, and revoking. See internal/instagram for the flow's reasons.

type instagramPostJSON struct {
	ImageURL  string    `json:"imageUrl"`
	Width     int       `json:"width"`
	Height    int       `json:"height"`
	Permalink string    `json:"permalink"`
	Caption   string    `json:"caption"`
	PostedAt  time.Time `json:"postedAt"`
}

// instagramStatusOf fills the social networks reply's Instagram state.
func (s *Server) instagramStatusOf(r *http.Request, userID string) (instagramStatus, error) {
	out := instagramStatus{Posts: []instagramPostJSON{}}
	if s.Instagram == nil {
		return out, nil
	}
	st, err := s.Instagram.Status(r.Context(), userID)
	if err != nil {
		return out, err
	}
	out.Available, out.Reason, out.HasToken, out.TokenExpired, out.LastSyncAt = st.Available, st.Reason, st.HasToken, st.TokenExpired, st.LastSyncAt
	for _, p := range st.Posts {
		out.Posts = append(out.Posts, instagramPostJSON{ImageURL: p.ImageURL, Width: p.Width, Height: p.Height, Permalink: p.Permalink,
			Caption: p.Caption, PostedAt: p.PostedAt})
	}
	return out, nil
}

// instagramRedirectURI is the callback's address on the host the user is
// on, so the return lands where the session is. Instagram only redirects to
// addresses registered with the app, so a forged Host gets nowhere.
func (s *Server) instagramRedirectURI(r *http.Request) string {
	scheme := "http"
	if u, err := url.Parse(s.Hosts.ProURL(i18n.Domains[0].Key, "/")); err == nil && u.Scheme != "" {
		scheme = u.Scheme
	}
	return scheme + "://" + r.Host + "/api/instagram/callback"
}

func (s *Server) instagramAuthURL(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	if s.Instagram == nil {
		return apperr.New(apperr.Unavailable, "instagram.errors.unavailable")
	}
	u, err := s.Instagram.AuthURL(r.Context(), c.UserID, s.instagramRedirectURI(r))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]string{"url": u})
	return nil
}

// instagramCallback is where Instagram sends the browser back. It answers
// with a redirect to the screen in every case: with the ticket, or with
// instagram=denied (the user said no) or instagram=failed (a state that is
// forged, expired or altered).
func (s *Server) instagramCallback(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Cache-Control", "no-store")
	// The address held the code: no page after this one may learn it.
	w.Header().Set("Referrer-Policy", "no-referrer")
	if s.Instagram == nil || !s.Instagram.Available() {
		http.Redirect(w, r, "/social-networks?instagram=unavailable", http.StatusSeeOther)
		return nil
	}
	q := r.URL.Query()
	if q.Get("error") != "" || q.Get("code") == "" {
		http.Redirect(w, r, "/social-networks?instagram=denied", http.StatusSeeOther)
		return nil
	}
	ticket, err := s.Instagram.Callback(q.Get("code"), q.Get("state"), s.instagramRedirectURI(r))
	if errors.Is(err, instagram.ErrBadState) {
		http.Redirect(w, r, "/social-networks?instagram=failed", http.StatusSeeOther)
		return nil
	}
	if err != nil {
		return err
	}
	http.Redirect(w, r, "/social-networks?token="+url.QueryEscape(ticket), http.StatusSeeOther)
	return nil
}

type instagramTokenBody struct {
	Token string `json:"token"`
}

type instagramReply struct {
	Success         bool            `json:"success"`
	Message         string          `json:"message"`
	InstagramStatus instagramStatus `json:"instagramStatus"`
}

func (s *Server) instagramReply(w http.ResponseWriter, r *http.Request, userID, key string) error {
	st, err := s.instagramStatusOf(r, userID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, instagramReply{Success: true, Message: s.Texts.T(i18n.LangFrom(r.Context()), key), InstagramStatus: st})
	return nil
}

func (s *Server) instagramToken(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	if s.Instagram == nil {
		return apperr.New(apperr.Unavailable, "instagram.errors.unavailable")
	}
	var in instagramTokenBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.Instagram.Connect(r.Context(), c.UserID, in.Token); err != nil {
		return err
	}
	return s.instagramReply(w, r, c.UserID, "instagram.connected")
}

func (s *Server) instagramRevoke(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	if s.Instagram == nil {
		return apperr.New(apperr.Unavailable, "instagram.errors.unavailable")
	}
	if err := s.Instagram.Revoke(r.Context(), c.UserID); err != nil {
		return err
	}
	return s.instagramReply(w, r, c.UserID, "instagram.revoked")
}
