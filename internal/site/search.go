package site

import (
	"bytes"
	"fmt"
	"html"
	"html/template"
	"io"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/klauspost/compress/gzhttp"
	"github.com/klauspost/compress/gzip"

	"noces/internal/contentcoding"
	"noces/internal/directory"
	"noces/internal/directory/index"
	"noces/internal/eventreq"
	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/platform/geo"
)

// prestationTypes are the planners' service types (the project's service
// types without VENUE).
var prestationTypes = func() []string {
	var out []string
	for _, t := range eventreq.ServiceTypes {
		if t != "VENUE" {
			out = append(out, t)
		}
	}
	return out
}()

// choice is a value with its label, for selects and radios.
type choice struct {
	Value, Label string
}

func (v *view) choices(prefix string, codes []string) []choice {
	out := make([]choice, len(codes))
	for i, c := range codes {
		out[i] = choice{Value: c, Label: v.T(prefix + c)}
	}
	return out
}

// venueFilters are the features a venue search can ask for, in the form's
// and the address's order: those couples ask for most. accommodation is
// not one of model.VenueFeatures but bedrooms on site (at least one).
var venueFilters = []string{"garden", "parking", "accommodation", "wheelchairAccessible", "outdoorCeremony", "catering"}

// accommodation is the venue filter read from the bedrooms.
const accommodation = "accommodation"

// filters are a search's parameters, checked: anything unknown is dropped.
type filters struct {
	Kind      string // planner or venue
	Service   string
	VenueType string
	Guests    int
	Features  []string // venueFilters entries, in that order
	City      string
	Radius    int // km around the city, one of searchRadii; 0 for the default (directory.DefaultRadiusKm) or no city
	Budget    int64
	Lang      string
	Rating    int // the lowest average rating, in tenths of a star: one of minRatings; 0 for any
	// Date is the wedding's date (YYYY-MM-DD): the listings whose calendar
	// has it taken are left out. "" for any; Site.eventDate bounds it.
	Date string
	Page int
}

// searchRadii are the distances around a city the form offers, in km;
// the default is directory.DefaultRadiusKm.
var searchRadii = []int{10, 25, 50, 100, 200}

// minRatings are the lowest average ratings the form offers, as the
// address writes them and in tenths of a star.
var minRatings = []struct {
	Value  string
	Tenths int
}{{"3", 30}, {"4", 40}, {"4.5", 45}}

// eagerCards are the first cards of a page whose photos load at once:
// those a visitor sees without scrolling on a phone or a desktop.
const eagerCards = 4

// cardServices is how many services a card names before "+n".
const cardServices = 3

func parseFilters(q url.Values) filters {
	f := filters{Kind: "planner", Page: 1}
	if q.Get("kind") == "venue" {
		f.Kind = "venue"
	}
	if s := q.Get("service"); slices.Contains(prestationTypes, s) {
		f.Service = s
	}
	if s := q.Get("venueType"); slices.Contains(model.VenueTypes, s) {
		f.VenueType = s
	}
	if n, err := strconv.Atoi(strings.TrimSpace(q.Get("guests"))); err == nil && n > 0 && n <= 100000 {
		f.Guests = n
	}
	asked := q["feature"]
	if len(asked) > 2*len(venueFilters) {
		asked = asked[:2*len(venueFilters)] // a repeated filter is one filter: no need to read thousands
	}
	for _, name := range venueFilters {
		if slices.Contains(asked, name) {
			f.Features = append(f.Features, name)
		}
	}
	if c := strings.Join(strings.Fields(q.Get("city")), " "); utf8.RuneCountInString(c) <= geo.MaxQueryLen {
		f.City = c
	}
	if n, err := strconv.Atoi(q.Get("radius")); err == nil && f.City != "" && n != int(directory.DefaultRadiusKm) &&
		slices.Contains(searchRadii, n) {
		f.Radius = n
	}
	for _, r := range minRatings {
		if q.Get("rating") == r.Value {
			f.Rating = r.Tenths
		}
	}
	budget := strings.NewReplacer(" ", "", "\u00a0", "", "\u202f", "", ".", "", ",", "", "€", "", "£", "").Replace(q.Get("budget"))
	if n, err := strconv.ParseInt(budget, 10, 64); err == nil && n > 0 && n <= 100_000_000 {
		f.Budget = n
	}
	if l := q.Get("lang"); i18n.IsLang(l) {
		f.Lang = l
	}
	if n, err := strconv.Atoi(q.Get("page")); err == nil && n > 1 && n <= 10000 {
		f.Page = n
	}
	if d := q.Get("date"); len(d) == len(time.DateOnly) {
		if _, err := time.Parse(time.DateOnly, d); err == nil {
			f.Date = d
		}
	}
	return f
}

// eventDate is date when it is a wedding date a couple may ask for, as the
// project form bounds it (tomorrow to five years ahead), else "".
func (s *Site) eventDate(date string) string {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil || len(date) != len(time.DateOnly) {
		return ""
	}
	first, last := s.dateBounds()
	if d.Before(first) || d.After(last) {
		return ""
	}
	return date
}

// dateBounds are the first and last wedding dates the forms take.
func (s *Site) dateBounds() (first, last time.Time) {
	today := s.Clock.Now().UTC().Truncate(24 * time.Hour)
	return today.AddDate(0, 0, 1), today.AddDate(5, 0, 0)
}

// dayText writes a valid YYYY-MM-DD date in full in the page's language.
func (v *view) dayText(date string) string {
	d, _ := time.Parse(time.DateOnly, date)
	return v.longDate(d)
}

// query writes the filters back as a URL query, in a stable order and
// without defaults, so one search has one canonical address.
func (f filters) query(page int) string {
	q := url.Values{}
	q.Set("kind", f.Kind)
	if f.Kind == "planner" {
		if f.Service != "" {
			q.Set("service", f.Service)
		}
		if f.Lang != "" {
			q.Set("lang", f.Lang)
		}
		if v := f.ratingValue(); v != "" {
			q.Set("rating", v)
		}
	} else {
		if f.VenueType != "" {
			q.Set("venueType", f.VenueType)
		}
		if f.Guests > 0 {
			q.Set("guests", strconv.Itoa(f.Guests))
		}
		if len(f.Features) > 0 {
			q["feature"] = slices.Clone(f.Features)
		}
	}
	if f.City != "" {
		q.Set("city", f.City)
	}
	if f.Radius > 0 {
		q.Set("radius", strconv.Itoa(f.Radius))
	}
	if f.Budget > 0 {
		q.Set("budget", strconv.FormatInt(f.Budget, 10))
	}
	if f.Date != "" {
		q.Set("date", f.Date)
	}
	if page > 1 {
		q.Set("page", strconv.Itoa(page))
	}
	return q.Encode()
}

// ratingValue is the address's value of the rating filter, "" for any.
func (f filters) ratingValue() string {
	for _, r := range minRatings {
		if r.Tenths == f.Rating {
			return r.Value
		}
	}
	return ""
}

// radiusKm is the distance searched around the city.
func (f filters) radiusKm() float64 {
	if f.Radius > 0 {
		return float64(f.Radius)
	}
	return directory.DefaultRadiusKm
}

// searchForm is the search form's state and lists.
type searchForm struct {
	Heading    string
	F          filters
	Services   []choice
	VenueTypes []choice
	Languages  []choice
	Features   []featureChoice
	Radii      []choice
	Ratings    []choice
	// Radius and Rating are the selected values of their selects.
	Radius, Rating string
	// MinDate and MaxDate bound the date input.
	MinDate, MaxDate string
}

// featureChoice is a venue filter's checkbox.
type featureChoice struct {
	Value, Label string
	Checked      bool
}

func (s *Site) newSearchForm(v *view, heading string, f filters) searchForm {
	sf := searchForm{Heading: heading, F: f, Services: v.choices("prestations.", prestationTypes),
		VenueTypes: v.choices("site.venue_type.", model.VenueTypes), Languages: v.choices("langues.", i18n.Langs),
		Radius: strconv.Itoa(int(f.radiusKm())), Rating: f.ratingValue()}
	first, last := s.dateBounds()
	sf.MinDate, sf.MaxDate = first.Format(time.DateOnly), last.Format(time.DateOnly)
	for _, km := range searchRadii {
		sf.Radii = append(sf.Radii, choice{Value: strconv.Itoa(km), Label: v.T("site.search.radius_km", "km", v.Int(km))})
	}
	for _, r := range minRatings {
		avg := v.Int(r.Tenths / 10) // "4 stars", not "4.0 stars"
		if r.Tenths%10 != 0 {
			avg = formatDecimal(v.Locale, float64(r.Tenths)/10)
		}
		sf.Ratings = append(sf.Ratings, choice{Value: r.Value, Label: v.T("site.search.rating_min", "avg", avg)})
	}
	for _, name := range venueFilters {
		sf.Features = append(sf.Features, featureChoice{Value: name, Label: v.T("site.search.feature." + name),
			Checked: slices.Contains(f.Features, name)})
	}
	return sf
}

// venueQuery splits the venue filters into the features asked for and
// the bedrooms.
func (f filters) venueQuery() (features []string, rooms bool) {
	for _, name := range f.Features {
		if name == accommodation {
			rooms = true
		} else {
			features = append(features, name)
		}
	}
	return features, rooms
}

type homePage struct {
	Search searchForm
	Browse []homeBrowse
}

func (s *Site) home(w http.ResponseWriter, r *http.Request) {
	v := s.newView(r, "")
	v.Title = v.T("site.title")
	// Every domain's home page is the same page in its language.
	v.Alternates = s.Hosts.Alternates("/")
	s.setSocial(v, "website", "", 0, 0)
	v.P = homePage{Search: s.newSearchForm(v, v.T("site.search.heading"), filters{Kind: "planner"}),
		Browse: s.homeBrowseLinks(r.Context(), v)}
	s.render(w, r, http.StatusOK, "home", v, cachePublic)
}

// card is one result as the page shows it. Its fields are its own, not
// an embedded directory.Card's, and its texts are written here rather than
// by template functions: the template reads a field of an embedded struct
// by a slow reflective search, and calls a function by reflection, for
// each of a page's twenty cards (a third of the page's time).
type card struct {
	Kind      string
	Name      string
	City      string
	IsPremium bool
	Img       *cardImage // nil: the placeholder
	URL       string
	Distance  string
	Initial   string   // the name's first letter, on the placeholder
	Type      string   // a venue's type label
	Seated    string   // a venue's seated capacity, "" when not given
	Budget    string   // the "from" price, "" when none is shown
	Services  []string // the first cardServices service labels
	More      int      // the services beyond them
	MoreText  string   // "and n more services", for screen readers
	Languages string   // "Languages: English, French"; "" for none given
	// Available is "Available on <date>" on a search with a date, whose
	// results are all free on it; "" otherwise.
	Available string
	// Rating is the average ("4,7") and Reviews the count as shown;
	// RatingText says both in words. "" without approved reviews.
	Rating, Reviews, RatingText string
	// Labels are the texts every card of a page shares, looked up once.
	Labels *cardLabels
	// HTML is the card's content, written from the fields above by
	// render: as template actions, the escaping of its twenty-odd fields
	// went through reflection for each card, a third of a new page's
	// time.
	HTML template.HTML
}

// cardLabels are the texts of a card that are the same on every card,
// and those it fills in, as written ("From {amount}"): filling in one
// placeholder with strings.Replace costs a copy, where the bundle's T
// builds a strings.Replacer for each call, a fifth of a new page's
// allocations with five such texts a card.
type cardLabels struct {
	Premium, Services                       string
	budgetFrom, languages, distance, rating string
	// The plural texts: "one" and "other".
	reviews, more, seated [2]string
	lang                  string // the page's language, for the plural rule
}

// cardLabels returns the texts every card of v's page shares.
func (v *view) cardLabels() *cardLabels {
	plural := func(key string) [2]string { return [2]string{v.T(key + ".one"), v.T(key + ".other")} }
	return &cardLabels{Premium: v.T("site.results.premium"), Services: v.T("site.profile.services"),
		budgetFrom: v.T("site.profile.budget_from"), languages: v.T("site.results.languages"), distance: v.T("site.results.distance"),
		rating: v.T("site.results.rating"), reviews: plural("site.profile.review_count"), more: plural("site.results.more_services"),
		seated: plural("site.results.seated"), lang: v.Lang}
}

// fill puts value in the place of {name} in text.
func fill(text, name, value string) string {
	return strings.Replace(text, "{"+name+"}", value, 1)
}

// plural is the form of forms for n, by view.Plural's rule, with {n}
// filled in.
func (l *cardLabels) plural(v *view, forms [2]string, n int) string {
	form := forms[1]
	if n == 1 || (l.lang == "fr" && n == 0) {
		form = forms[0]
	}
	return fill(form, "n", v.Int(n))
}

// cardImage is a card's photo: the thumbnail, the large file for wide
// screens and high densities, the size of the thumbnail (the box's
// proportions are the style sheet's: the attributes reserve the room),
// and whether it loads at once (the first cards) or when scrolled to.
type cardImage struct {
	Src, SrcSet   string
	Width, Height int
	Alt           string
	Eager         bool
}

// newCard is the card of c, linking to path, with labels (nil: looked up
// for this card).
func newCard(v *view, c directory.Card, path string, labels ...*cardLabels) card {
	cd := card{Kind: c.Kind, Name: c.Name, City: c.City, IsPremium: c.IsPremium, URL: path, Initial: v.Initial(c.Name)}
	if len(labels) > 0 && labels[0] != nil {
		cd.Labels = labels[0]
	} else {
		cd.Labels = v.cardLabels()
	}
	l := cd.Labels
	if d := c.DistanceKm; d != nil {
		cd.Distance = fill(l.distance, "km", formatInt(v.Locale, int64(*d+0.5))) // as view.Km
	}
	switch p := c.Photo; {
	case c.AvatarURL != "":
		// One file is kept of a profile picture, of unknown proportions:
		// the box crops it.
		cd.Img = &cardImage{Src: c.AvatarURL, Width: 480, Height: 360}
	case p != nil:
		cd.Img = &cardImage{Src: p.URL, Width: p.Width, Height: p.Height, Alt: p.Alt}
		if p.LargeURL != "" && p.LargeWidth > p.Width {
			cd.Img.SrcSet = p.URL + " " + strconv.Itoa(p.Width) + "w, " + p.LargeURL + " " + strconv.Itoa(p.LargeWidth) + "w"
		}
	}
	if c.Kind == "venue" {
		cd.Type = v.T("site.venue_type." + c.VenueType)
		if c.SeatedCapacity != 0 {
			cd.Seated = l.plural(v, l.seated, c.SeatedCapacity)
		}
		if c.MinPrice != 0 {
			cd.Budget = fill(l.budgetFrom, "amount", v.MoneyInt(c.MinPrice))
		}
	} else if c.MinBudget > 0 {
		cd.Budget = fill(l.budgetFrom, "amount", v.Money(c.MinBudget))
	}
	for i, sv := range c.Services {
		if i < cardServices {
			cd.Services = append(cd.Services, v.T("prestations."+sv))
		}
	}
	if cd.More = len(c.Services) - len(cd.Services); cd.More > 0 {
		cd.MoreText = l.plural(v, l.more, cd.More)
	}
	if len(c.Languages) > 0 {
		names := make([]string, len(c.Languages))
		for i, l := range c.Languages {
			names[i] = v.T("langues." + l)
		}
		cd.Languages = fill(l.languages, "list", strings.Join(names, ", "))
	}
	if c.ReviewCount > 0 {
		cd.Rating = formatDecimal(v.Locale, float64(c.RatingTenths)/10)
		cd.Reviews = v.Int(c.ReviewCount)
		cd.RatingText = fill(fill(l.rating, "avg", cd.Rating), "reviews", l.plural(v, l.reviews, c.ReviewCount))
	}
	cd.render()
	return cd
}

// render writes the card's HTML: every text escaped, the addresses made
// here (a path escaped by url.PathEscape, a blob store's URL).
func (c *card) render() {
	var b strings.Builder
	b.Grow(1024)
	esc := func(s string) { b.WriteString(html.EscapeString(s)) }
	if im := c.Img; im != nil {
		b.WriteString(`<img class="photo" src="`)
		esc(im.Src)
		if im.SrcSet != "" {
			b.WriteString(`" srcset="`)
			esc(im.SrcSet)
			b.WriteString(`" sizes="(max-width: 599px) 112px, 320px`)
		}
		b.WriteString(`" alt="`)
		esc(im.Alt)
		fmt.Fprintf(&b, `" width="%d" height="%d"`, im.Width, im.Height)
		if im.Eager {
			b.WriteString(` decoding="async">`)
		} else {
			b.WriteString(` loading="lazy" decoding="async">`)
		}
	} else {
		// The drawing (two rings) is the style sheet's, sent once a page.
		b.WriteString(`<span class="photo placeholder" aria-hidden="true"><span>`)
		esc(c.Initial)
		b.WriteString(`</span></span>`)
	}
	b.WriteString("\n<div class=\"body\"><h3><a href=\"")
	esc(c.URL)
	b.WriteString(`">`)
	esc(c.Name)
	b.WriteString("</a></h3>\n")
	if c.IsPremium {
		b.WriteString(`<span class="badge">`)
		esc(c.Labels.Premium)
		b.WriteString(`</span>`)
	}
	b.WriteString("\n<p class=\"where\">")
	esc(c.City)
	if c.Distance != "" {
		b.WriteString(" · ")
		esc(c.Distance)
	}
	b.WriteString("</p>\n")
	if c.Rating != "" {
		b.WriteString(`<p class="rating"><span class="star" aria-hidden="true">★</span> <span aria-hidden="true"><strong>`)
		esc(c.Rating)
		b.WriteString(`</strong> (`)
		esc(c.Reviews)
		b.WriteString(`)</span><span class="visually-hidden">`)
		esc(c.RatingText)
		b.WriteString(`</span></p>`)
	}
	b.WriteString("\n")
	if c.Kind == "venue" {
		b.WriteString(`<p>`)
		esc(c.Type)
		if c.Seated != "" {
			b.WriteString(" · ")
			esc(c.Seated)
		}
		b.WriteString(`</p>`)
	}
	b.WriteString("\n")
	if len(c.Services) > 0 {
		b.WriteString(`<ul class="tags" aria-label="`)
		esc(c.Labels.Services)
		b.WriteString(`">`)
		for _, s := range c.Services {
			b.WriteString(`<li>`)
			esc(s)
			b.WriteString(`</li>`)
		}
		if c.More > 0 {
			fmt.Fprintf(&b, `<li class="more"><span aria-hidden="true">+%d</span><span class="visually-hidden">`, c.More)
			esc(c.MoreText)
			b.WriteString(`</span></li>`)
		}
		b.WriteString(`</ul>`)
	}
	b.WriteString("\n")
	if c.Available != "" {
		b.WriteString(`<p class="avail"><span aria-hidden="true">✓ </span>`)
		esc(c.Available)
		b.WriteString(`</p>`)
	}
	b.WriteString("\n")
	if c.Languages != "" {
		b.WriteString(`<p class="langs">`)
		esc(c.Languages)
		b.WriteString(`</p>`)
	}
	b.WriteString("\n")
	if c.Budget != "" {
		b.WriteString(`<p class="price">`)
		esc(c.Budget)
		b.WriteString(`</p>`)
	}
	b.WriteString("\n</div>")
	c.HTML = template.HTML(b.String()) //nolint:gosec // every text above is escaped
}

type searchPage struct {
	Search      searchForm
	Heading     string
	Place       string // the city found, "" when none was asked or found
	UnknownCity string // the city typed when it was not found
	Cards       []card
	Total       int
	Page, Pages int
	PrevURL     string
	NextURL     string
}

func (s *Site) search(w http.ResponseWriter, r *http.Request) {
	f := parseFilters(r.URL.Query())
	f.Date = s.eventDate(f.Date)
	s.searchWith(w, r, f, nil)
}

// searchWith renders the results of f: the search page, or when b is not
// nil the browse page b (browse.go), whose city is already placed.
func (s *Site) searchWith(w http.ResponseWriter, r *http.Request, f filters, b *browseInfo) {
	ctx := r.Context()
	d := i18n.DomainFrom(ctx)
	q := directory.Query{Country: d.Country, Venues: f.Kind == "venue", Page: f.Page, RadiusKm: f.radiusKm()}
	if q.Venues {
		q.Venue = index.VenueQuery{Type: f.VenueType, Guests: f.Guests, MaxPrice: int(min(f.Budget, math.MaxInt32)), Date: f.Date}
		q.Venue.Features, q.Venue.Accommodation = f.venueQuery()
	} else {
		q.Planner = index.PlannerQuery{ServiceType: f.Service, MaxBudget: f.Budget, MinRating: f.Rating, Date: f.Date}
		if f.Lang != "" {
			q.Planner.Languages = []string{f.Lang}
		}
	}
	p := searchPage{Page: f.Page}
	if b != nil {
		q.Near, q.Lat, q.Lng = true, b.City.Lat, b.City.Lng
		p.Place = b.City.Name
	} else if f.City != "" {
		places, err := s.Geo.Search(ctx, f.City, d.Country, 1)
		if err != nil {
			s.Log.WarnContext(ctx, "site: geocode search city", "err", err.Error())
		}
		if len(places) > 0 {
			q.Near, q.Lat, q.Lng = true, places[0].Lat, places[0].Lng
			p.Place = places[0].City
		} else {
			p.UnknownCity = f.City
		}
	}
	res, err := s.Directory.Search(ctx, q)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// The page is the same for every visitor with the same domain, form
	// and place, given the same answer: it is kept for that answer.
	// The date input's bounds move each day: so does the key.
	first, _ := s.dateBounds()
	key := string(f.key(fmt.Appendf(nil, "%q%q%q%s", d.Key, p.Place, p.UnknownCity, first.Format(time.DateOnly))))
	if b != nil {
		if f.Page > max(1, res.Pages) {
			s.notFound(w, r)
			return
		}
		key = "browse:" + b.Path + "\x00" + key
	}
	if kept := s.searchPages.get(key, res.Answer); kept != nil {
		s.sendKept(w, r, &view{Locale: d.Locale}, kept, nil)
		return
	}
	s.searchRenders.Add(1)
	v := s.newView(r, "")
	p.Search = s.newSearchForm(v, v.T("site.search.refine"), f)
	p.Total, p.Pages = res.Total, res.Pages
	labels := v.cardLabels()
	// With a date, every result is free on it: each card says so, and
	// its link keeps the date for the profile to say it too.
	available, dateQuery := "", ""
	if f.Date != "" {
		available = v.T("site.results.available_on", "date", v.dayText(f.Date))
		dateQuery = "?date=" + f.Date
	}
	for _, c := range res.Cards {
		path := "/p/" + url.PathEscape(c.Slug)
		if c.Kind == "venue" {
			path = "/v/" + url.PathEscape(c.Slug)
		}
		cd := newCard(v, c, path+dateQuery, labels)
		again := available != ""
		cd.Available = available
		if cd.Img != nil && len(p.Cards) < eagerCards {
			cd.Img.Eager = true
			again = true
		}
		if again {
			cd.render()
		}
		p.Cards = append(p.Cards, cd)
	}
	if f.Kind == "venue" {
		p.Heading = v.T("site.results.heading_venue")
		if f.VenueType != "" {
			p.Heading = v.T("site.venue_type." + f.VenueType)
		}
	} else {
		p.Heading = v.T("site.results.heading_planner")
		if f.Service != "" {
			p.Heading = v.T("site.results.heading_service", "service", v.T("prestations."+f.Service))
		}
	}
	if b != nil {
		p.Heading = browseHeading(v, b.Kind, b.City.Name)
	} else if p.Place != "" {
		p.Heading = v.T("site.results.heading_near", "what", p.Heading, "city", p.Place)
	}
	v.Title = p.Heading
	if f.Page > 1 {
		v.Title = v.T("site.results.title_page", "title", p.Heading, "page", strconv.Itoa(f.Page))
	}
	v.Title += " – Noces"
	// A search's results are per country: no other domain has the same
	// page in another language, so it has no hreflang alternates.
	pageURL := func(n int) string { return "/search?" + f.query(n) }
	if b != nil {
		pageURL = func(n int) string {
			if n > 1 {
				return b.Path + "?page=" + strconv.Itoa(n)
			}
			return b.Path
		}
	}
	v.Canonical = s.Hosts.PublicURL(d.Key, pageURL(f.Page))
	if f.Page > 1 {
		p.PrevURL = pageURL(f.Page - 1)
		v.PrevURL = s.Hosts.PublicURL(d.Key, p.PrevURL)
	}
	if f.Page < res.Pages {
		p.NextURL = pageURL(f.Page + 1)
		v.NextURL = s.Hosts.PublicURL(d.Key, p.NextURL)
	}
	// An empty or out-of-range page is not worth indexing.
	v.NoIndex = len(p.Cards) == 0
	page := "search"
	v.P = p
	if b != nil {
		page = "browse"
		v.Description = b.Intro
		v.JSONLD = s.breadcrumbLD(d.Key, b.Crumbs)
		s.setSocial(v, "website", "", 0, 0)
		v.P = browsePage{searchPage: p, Intro: b.Intro, Crumbs: b.Crumbs}
	}
	out, ok := s.execute(w, r, page, v)
	if !ok {
		return
	}
	kept, err := keep(out)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.searchPages.put(key, res.Answer, kept)
	s.sendKept(w, r, v, kept, out)
}

// keptPage is a search page kept for its answer, compressed once: it is
// sent as it is to every client that takes gzip (browsers and crawlers do),
// with no compression per request, and holds a sixth of the page's bytes,
// so six times as many pages fit in the kept pages' memory.
type keptPage struct {
	gz []byte
}

// gzipWriters are reused: a compressor's state is several hundred KB.
var gzipWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression)
	return w
}}

// keep compresses a rendered page.
func keep(page []byte) (*keptPage, error) {
	var buf bytes.Buffer
	buf.Grow(len(page) / 4)
	zw := gzipWriters.Get().(*gzip.Writer)
	defer gzipWriters.Put(zw)
	zw.Reset(&buf)
	if _, err := zw.Write(page); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return &keptPage{gz: bytes.Clone(buf.Bytes())}, nil
}

// sendKept sends a kept page: compressed to a client that takes gzip,
// else plain (the page as rendered, or decompressed when plain is nil).
func (s *Site) sendKept(w http.ResponseWriter, r *http.Request, v *view, kept *keptPage, plain []byte) {
	h := w.Header()
	h.Add("Vary", "Accept-Encoding")
	if contentcoding.Accepts(r.Header.Get("Accept-Encoding"), "gzip") {
		h.Set("Content-Encoding", "gzip")
		// Compressed already: the server's compression leaves it alone.
		h.Set(gzhttp.HeaderNoCompression, "1")
		s.send(w, http.StatusOK, v, cachePublic, kept.gz)
		return
	}
	if plain == nil {
		zr, err := gzip.NewReader(bytes.NewReader(kept.gz))
		if err == nil {
			plain, err = io.ReadAll(zr)
		}
		if err != nil {
			s.fail(w, r, err)
			return
		}
	}
	h.Set(gzhttp.HeaderNoCompression, "1")
	s.send(w, http.StatusOK, v, cachePublic, plain)
}

// key appends to b every field of the filters, the form's state: two
// searches with the same key show the same form. Each text is written
// with its length, so no two states share a key.
func (f filters) key(b []byte) []byte {
	text := func(s string) {
		b = append(append(strconv.AppendInt(b, int64(len(s)), 10), ':'), s...)
	}
	for _, s := range []string{f.Kind, f.Service, f.VenueType, f.City, f.Lang, f.Date} {
		text(s)
	}
	b = strconv.AppendInt(b, int64(len(f.Features)), 10)
	for _, s := range f.Features {
		text(s)
	}
	b = strconv.AppendInt(append(b, ';'), int64(f.Guests), 10)
	b = strconv.AppendInt(append(b, ';'), int64(f.Radius), 10)
	b = strconv.AppendInt(append(b, ';'), int64(f.Rating), 10)
	b = strconv.AppendInt(append(b, ';'), f.Budget, 10)
	return strconv.AppendInt(append(b, ';'), int64(f.Page), 10)
}
