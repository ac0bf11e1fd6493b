package site

import (
	"html/template"
	"net/http"
	"time"

	"noces/internal/legal"
)

// The legal pages: /legal/<page> on every public domain, in the domain's
// language (package legal holds the texts). English slugs, the same on every
// domain, so the footer and registration link to one address; each domain's
// page is its own document (another country's law and authority), so the
// pages have no hreflang alternates.

// legalPage is the data of templates/legal.html.
type legalPage struct {
	Doc     legal.Doc
	Body    template.HTML
	Updated string
	Others  []legalLink
}

// legalLink is one entry of a list of legal pages.
type legalLink struct {
	URL, Title string
}

// legalRoutes registers the legal pages on m.
func (s *Site) legalRoutes(m *http.ServeMux) {
	m.HandleFunc("GET /legal/{page}", s.legalPage)
}

func (s *Site) legalPage(w http.ResponseWriter, r *http.Request) {
	d := s.newView(r, "")
	doc, ok := s.Legal.Get(d.Domain.Key, d.Lang, r.PathValue("page"))
	if !ok {
		s.notFound(w, r)
		return
	}
	d.Title = doc.Title + " · Noces"
	d.Description = doc.Title + " · Noces " + d.Country
	d.Alternates = nil
	p := legalPage{Doc: doc, Updated: d.T("site.legal.updated", "date", d.longDate(doc.Updated)),
		// Package legal sanitized the HTML when it loaded it.
		Body: template.HTML(doc.HTML)}
	for _, page := range legal.Pages {
		if other, ok := s.Legal.Get(d.Domain.Key, d.Lang, page); ok && page != doc.Page {
			p.Others = append(p.Others, legalLink{URL: "/legal/" + page, Title: other.Title})
		}
	}
	d.P = p
	s.render(w, r, http.StatusOK, "legal", d, cachePublic)
}

// LegalPages are the footer's legal links, the same on every page.
func (v *view) LegalPages() []string { return legal.Pages }

// longDate writes a date in the page's language ("26 novembre 2026").
func (v *view) longDate(t time.Time) string {
	return v.texts.Date(v.Lang, t)
}
