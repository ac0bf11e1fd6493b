// Package site serves the public directory: server-rendered pages, one
// language per domain, no framework JavaScript.
package site

import (
	"embed"
	"fmt"
	"html/template"
	"net/http"
	"strings"

	"noces/internal/hosts"
	"noces/internal/i18n"
)

//go:embed templates/*.html
var templates embed.FS

// Site is the public directory's handler.
type Site struct {
	texts *i18n.Bundle
	hosts *hosts.Map
	pages *template.Template
}

// New parses the page templates.
func New(texts *i18n.Bundle, h *hosts.Map) (*Site, error) {
	t, err := template.New("").Funcs(template.FuncMap{}).ParseFS(templates, "templates/*.html")
	if err != nil {
		return nil, fmt.Errorf("site: templates: %w", err)
	}
	return &Site{texts: texts, hosts: h, pages: t}, nil
}

// csp allows nothing but the page itself and its inline styles: public pages
// run no script.
const csp = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// ServeHTTP renders the public pages of the request's domain.
func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return
	}
	d := i18n.DomainFrom(r.Context())
	// A public domain speaks its own language: search engines index one
	// language per domain, so the page does not follow the browser.
	lang := d.Lang
	status := http.StatusOK
	page := "home.html"
	if r.URL.Path != "/" {
		status, page = http.StatusNotFound, "notfound.html"
	}
	t := func(key string, kv ...string) string { return s.texts.T(lang, key, kv...) }
	data := map[string]any{
		"Lang":       lang,
		"T":          t,
		"Country":    t("site.in_country." + strings.ToLower(d.Country)),
		"Canonical":  s.hosts.PublicURL(d.Key, r.URL.Path),
		"Alternates": s.hosts.Alternates("/"),
		"ProURL":     s.hosts.ProURL(d.Key, "/register"),
		"LoginURL":   s.hosts.ProURL(d.Key, "/login"),
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", csp)
	w.Header().Set("Cache-Control", "public, max-age=300")
	w.Header().Set("Content-Language", d.Locale)
	w.WriteHeader(status)
	if err := s.pages.ExecuteTemplate(w, page, data); err != nil {
		// Headers are gone; the truncated page is all that can be done.
		return
	}
}
