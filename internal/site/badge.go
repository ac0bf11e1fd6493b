package site

import (
	"bytes"
	"fmt"
	"html"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"noces/internal/i18n"
)

// badgeTheme is a badge's colours.
type badgeTheme struct {
	bg, border, ink, accent string
}

var badgeThemes = map[string]badgeTheme{
	"white": {bg: "#ffffff", border: "#eadfd8", ink: "#2b2024", accent: "#8c2f4a"},
	"black": {bg: "#1d1719", border: "#1d1719", ink: "#ffffff", accent: "#f4c7d5"},
}

// badgeCSP forbids everything an image does not need: no script can run in
// a badge even opened on its own.
const badgeCSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

// maxBadgeName is the longest name drawn on a big badge.
const maxBadgeName = 28

// badge serves /badge/{slug}.svg: "Recommended on Noces" in the domain's
// language, with the planner's name on the big size. A planner embeds it on
// their own site, so it is cached for a day.
func (s *Site) badge(w http.ResponseWriter, r *http.Request) {
	slug, ok := strings.CutSuffix(r.PathValue("file"), ".svg")
	if !ok || slug == "" {
		s.notFound(w, r)
		return
	}
	pp, err := s.Directory.BadgeTarget(r.Context(), slug)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	theme, ok := badgeThemes[r.URL.Query().Get("theme")]
	if !ok {
		theme = badgeThemes["white"]
	}
	big := r.URL.Query().Get("size") == "big"
	lang := i18n.DomainFrom(r.Context()).Lang
	svg := drawBadge(theme, big, s.Texts.T(lang, "site.badge.recommended_on"),
		s.Texts.T(lang, "site.badge.title", "name", pp.Name), pp.Name, lang)
	h := w.Header()
	h.Set("Content-Type", "image/svg+xml; charset=utf-8")
	h.Set("Cache-Control", "public, max-age=86400")
	h.Set("Content-Security-Policy", badgeCSP)
	h.Set("Content-Length", strconv.Itoa(len(svg)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(svg)
}

// drawBadge writes the SVG; every text is escaped for XML.
func drawBadge(t badgeTheme, big bool, recommendedOn, title, name, lang string) []byte {
	esc := html.EscapeString
	var b bytes.Buffer
	w, h := 184, 56
	if big {
		w, h = 240, 124
	}
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s" lang="%s">`,
		w, h, w, h, esc(title), esc(lang))
	fmt.Fprintf(&b, `<title>%s</title>`, esc(title))
	fmt.Fprintf(&b, `<rect x="0.5" y="0.5" width="%d" height="%d" rx="10" fill="%s" stroke="%s"/>`, w-1, h-1, t.bg, t.border)
	const sans = `font-family="system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif"`
	const serif = `font-family="Georgia,'Times New Roman',serif"`
	if !big {
		// Two rings, then the words.
		fmt.Fprintf(&b, `<g fill="none" stroke="%s" stroke-width="2.5"><circle cx="22" cy="28" r="9"/><circle cx="33" cy="28" r="9"/></g>`, t.accent)
		fmt.Fprintf(&b, `<text x="52" y="24" %s font-size="11" fill="%s">%s</text>`, sans, t.ink, esc(recommendedOn))
		fmt.Fprintf(&b, `<text x="52" y="44" %s font-size="20" font-weight="700" fill="%s">Noces</text>`, serif, t.accent)
	} else {
		if utf8.RuneCountInString(name) > maxBadgeName {
			name = strings.TrimSpace(string([]rune(name)[:maxBadgeName-1])) + "…"
		}
		fmt.Fprintf(&b, `<text x="%d" y="32" text-anchor="middle" %s font-size="16" font-weight="700" fill="%s">%s</text>`, w/2, serif, t.ink, esc(name))
		fmt.Fprintf(&b, `<line x1="40" y1="46" x2="%d" y2="46" stroke="%s" stroke-width="1"/>`, w-40, t.accent)
		fmt.Fprintf(&b, `<g fill="none" stroke="%s" stroke-width="2.5"><circle cx="%d" cy="80" r="10"/><circle cx="%d" cy="80" r="10"/></g>`, t.accent, 44, 57)
		fmt.Fprintf(&b, `<text x="78" y="74" %s font-size="12" fill="%s">%s</text>`, sans, t.ink, esc(recommendedOn))
		fmt.Fprintf(&b, `<text x="78" y="98" %s font-size="24" font-weight="700" fill="%s">Noces</text>`, serif, t.accent)
	}
	b.WriteString(`</svg>`)
	return b.Bytes()
}
