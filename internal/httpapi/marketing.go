package httpapi

import (
	"net/http"

	"noces/internal/account"
)

type alertReply struct {
	IsActive    bool   `json:"isActive"`
	Title       string `json:"title"`
	Description string `json:"description"`
	ButtonText  string `json:"buttonText"`
	ButtonLink  string `json:"buttonLink"`
}

func (s *Server) activeAlert(w http.ResponseWriter, r *http.Request, _ account.Claims) error {
	a, ok, err := s.Marketing.ActiveAlert(r.Context(), r.URL.Query().Get("type"))
	if err != nil {
		return err
	}
	if !ok {
		writeJSON(w, http.StatusOK, nil)
		return nil
	}
	writeJSON(w, http.StatusOK, alertReply{IsActive: a.IsActive, Title: a.Title, Description: a.Description, ButtonText: a.ButtonText, ButtonLink: a.ButtonLink})
	return nil
}

type popupReply struct {
	ID              string `json:"id"`
	Title           string `json:"title"`
	Description     string `json:"description"`
	ImageURL        string `json:"imageUrl"`
	ButtonText      string `json:"buttonText"`
	ButtonLink      string `json:"buttonLink"`
	ShowOncePerUser bool   `json:"showOncePerUser"`
}

func (s *Server) activePopup(w http.ResponseWriter, r *http.Request, _ account.Claims) error {
	p, ok, err := s.Marketing.ActivePopup(r.Context(), r.URL.Query().Get("type"))
	if err != nil {
		return err
	}
	if !ok {
		writeJSON(w, http.StatusOK, nil)
		return nil
	}
	writeJSON(w, http.StatusOK, popupReply{ID: p.ID, Title: p.Title, Description: p.DescriptionHTML, ImageURL: p.ImageURL,
		ButtonText: p.ButtonText, ButtonLink: p.ButtonLink, ShowOncePerUser: p.ShowOncePerUser})
	return nil
}
