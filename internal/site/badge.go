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
// language, with the planner's name on the big size and, once the planner
// has approved reviews, their average rating and count. A planner embeds it
// on their own site, so it is cached for a day: a new review shows on it
// within that day.
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
	rating, err := s.Directory.BadgeRating(r.Context(), pp.UserID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	big := r.URL.Query().Get("size") == "big"
	d := i18n.DomainFrom(r.Context())
	lang := d.Lang
	title := s.Texts.T(lang, "site.badge.title", "name", pp.Name)
	var score string
	if rating.Count > 0 {
		form := "other"
		if rating.Count == 1 {
			form = "one"
		}
		avg := formatDecimal(d.Locale, rating.Average)
		count := s.Texts.T(lang, "site.profile.review_count."+form, "n", formatInt(d.Locale, int64(rating.Count)))
		score = "★ " + avg + " · " + count
		title += " · " + s.Texts.T(lang, "site.profile.rating", "avg", avg) + " · " + count
	}
	svg := drawBadge(theme, big, s.Texts.T(lang, "site.badge.recommended_on"), title, pp.Name, score, lang)
	h := w.Header()
	h.Set("Content-Type", "image/svg+xml; charset=utf-8")
	h.Set("Cache-Control", "public, max-age=86400")
	h.Set("Content-Security-Policy", badgeCSP)
	h.Set("Content-Length", strconv.Itoa(len(svg)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(svg)
}

// scoreFit is the number of characters of the little badge's score line
// drawn at their natural width; a longer line (a long word for "reviews")
// is squeezed into the badge by textLength rather than cut. The big badge
// has room for any language's line.
const scoreFit = 19

// drawBadge writes the SVG; every text is escaped for XML. score, when not
// empty, is the rating line ("★ 4,8 · 12 avis"), drawn on a taller badge.
func drawBadge(t badgeTheme, big bool, recommendedOn, title, name, score, lang string) []byte {
	esc := html.EscapeString
	var b bytes.Buffer
	w, h := 184, 56
	if big {
		w, h = 240, 124
	}
	if score != "" {
		h += 18
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
	if score != "" {
		// The little badge writes it under "Noces"; the big one centres it.
		x, y, anchor, fit := 52, 64, "start", ""
		if big {
			x, y, anchor = w/2, 126, "middle"
		} else if utf8.RuneCountInString(score) > scoreFit {
			fit = fmt.Sprintf(` textLength="%d" lengthAdjust="spacingAndGlyphs"`, w-52-8)
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="%s"%s %s font-size="11" font-weight="600" fill="%s">%s</text>`,
			x, y, anchor, fit, sans, t.ink, esc(score))
	}
	b.WriteString(`</svg>`)
	return b.Bytes()
}
