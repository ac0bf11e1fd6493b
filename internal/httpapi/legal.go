package httpapi

import (
	"net/http"
	"time"

	"noces/internal/apperr"
	"noces/internal/i18n"
)

// legalReply is one legal page of the back-office's domain (package legal).
type legalReply struct {
	Page  string `json:"page"`
	Lang  string `json:"lang"`
	Title string `json:"title"`
	// HTML is sanitized when the texts are loaded.
	HTML    string `json:"html"`
	Updated string `json:"updated"` // YYYY-MM-DD
	// PublicURL is the same page on the domain's public directory.
	PublicURL string `json:"publicUrl"`
}

// legalPage serves a legal page of the host's domain in the interface
// language, to anyone: the terms are read before registering.
func (s *Server) legalPage(w http.ResponseWriter, r *http.Request) error {
	page := r.PathValue("page")
	d := i18n.DomainFrom(r.Context())
	doc, ok := s.Legal.Get(d.Key, i18n.LangFrom(r.Context()), page)
	if !ok {
		return apperr.New(apperr.NotFound, "errors.not_found")
	}
	writeJSON(w, http.StatusOK, legalReply{Page: doc.Page, Lang: doc.Lang, Title: doc.Title, HTML: doc.HTML,
		Updated: doc.Updated.Format(time.DateOnly), PublicURL: s.Hosts.PublicURL(d.Key, "/legal/"+doc.Page)})
	return nil
}
