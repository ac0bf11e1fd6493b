package site

import (
	"net/http"
	"strconv"
	"strings"

	"noces/internal/hosts"
	"noces/internal/i18n"
	"noces/internal/platform/geo"
)

// view is what every page template gets: the layout's fields, helpers bound
// to the page's language, and the page's own data in P.
type view struct {
	texts  *i18n.Bundle
	Domain i18n.Domain
	Lang   string
	Locale string

	Title       string
	Description string
	Canonical   string
	Alternates  []hosts.Alternate
	PrevURL     string // rel=prev of a paged list
	NextURL     string // rel=next
	NoIndex     bool
	JSONLD      any // the page's structured data, when it has some
	// FrameSrc is the one origin a page may frame (a video player), or "".
	FrameSrc string
	// ScriptSrc is the one script a page may run, as a policy source (the
	// conversation's read mark), or "": public pages run none else.
	ScriptSrc string
	// Social is the page's Open Graph and Twitter card, when it has one
	// (seo.go).
	Social *socialCard

	Country  string // "in France", in the page's language
	Sites    []siteLink
	LoginURL string
	ProURL   string

	P any
}

// siteLink is one domain's home, named in its own language.
type siteLink struct {
	URL, Lang, Name string
}

// newView fills the layout's fields for r; the canonical URL is the page's
// own path on its domain. A page has hreflang alternates only when it is a
// true translation of the same page on the other domains (the home page,
// the fixed forms): its handler sets them (translated).
func (s *Site) newView(r *http.Request, title string) *view {
	d := i18n.DomainFrom(r.Context())
	v := &view{texts: s.Texts, Domain: d, Lang: d.Lang, Locale: d.Locale,
		Canonical: s.Hosts.PublicURL(d.Key, r.URL.Path),
		LoginURL:  s.Hosts.ProURL(d.Key, "/login"),
		ProURL:    s.Hosts.ProURL(d.Key, "/register"),
	}
	for _, o := range i18n.Domains {
		v.Sites = append(v.Sites, siteLink{URL: s.Hosts.PublicURL(o.Key, "/"), Lang: o.Lang, Name: geo.CountryName(o.Country, o.Lang)})
	}
	v.Country = v.T("site.in_country." + strings.ToLower(d.Country))
	v.Title = title
	v.Description = v.T("site.description", "country", v.Country)
	return v
}

// T returns the text of key in the page's language.
func (v *view) T(key string, kv ...string) string { return v.texts.T(v.Lang, key, kv...) }

// Plural returns key.one or key.other for n, with {n} formatted for the locale.
func (v *view) Plural(key string, n int, kv ...string) string {
	form := "other"
	if n == 1 || (v.Lang == "fr" && n == 0) {
		form = "one"
	}
	return v.T(key+"."+form, append([]string{"n", formatInt(v.Locale, int64(n))}, kv...)...)
}

// Int formats a whole number for the page's locale.
func (v *view) Int(n int) string { return formatInt(v.Locale, int64(n)) }

// Money formats whole units of the domain's currency for the page's locale.
func (v *view) Money(n int64) string { return formatMoney(v.Locale, currencyOf(v.Domain.Country), n) }

// MoneyInt is Money for an int.
func (v *view) MoneyInt(n int) string { return v.Money(int64(n)) }

// MoneyOf formats an amount of a listing of country, in that country's
// currency, for the page's locale: a venue's prices are in the currency it
// wrote them in, whatever the domain showing them.
func (v *view) MoneyOf(country string, n int64) string {
	return formatMoney(v.Locale, currencyOf(country), n)
}

// Rating formats an average rating with one decimal.
func (v *view) Rating(avg float64) string { return formatDecimal(v.Locale, avg) }

// Km formats a distance, rounded to the kilometre.
func (v *view) Km(d *float64) string {
	if d == nil {
		return ""
	}
	return v.T("site.results.distance", "km", formatInt(v.Locale, int64(*d+0.5)))
}

// MonthYear writes a YYYY-MM-DD date as its month and year ("juin 2025").
func (v *view) MonthYear(date string) string {
	if len(date) < 7 {
		return ""
	}
	m, err := strconv.Atoi(date[5:7])
	if err != nil || m < 1 || m > 12 {
		return ""
	}
	return v.T("site.date.month_year", "month", v.T("site.date.month_"+strconv.Itoa(m)), "year", date[:4])
}

// Stars is a rating drawn as five stars.
func (v *view) Stars(n int) string {
	n = max(0, min(5, n))
	return strings.Repeat("★", n) + strings.Repeat("☆", 5-n)
}

// Seq is 1..n, for loops in templates.
func (v *view) Seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// StarsAvg draws an average rating as five stars, rounded to the nearest.
func (v *view) StarsAvg(avg float64) string { return v.Stars(int(avg + 0.5)) }

// Initial is the first letter of a name, shown when there is no photo.
func (v *view) Initial(name string) string {
	for _, r := range name {
		return strings.ToUpper(string(r))
	}
	return ""
}

// sub is a partial template's data: the page's view and one value.
type sub struct {
	V *view
	X any
}

// With hands x to a partial template along with the view.
func (v *view) With(x any) sub { return sub{V: v, X: x} }

// Int64 formats a whole number for the page's locale.
func (v *view) Int64(n int64) string { return formatInt(v.Locale, n) }
