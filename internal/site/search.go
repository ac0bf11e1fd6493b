package site

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"noces/internal/directory"
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
	Budget    int64
	Lang      string
	Page      int
}

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
	return f
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
	if f.Budget > 0 {
		q.Set("budget", strconv.FormatInt(f.Budget, 10))
	}
	if page > 1 {
		q.Set("page", strconv.Itoa(page))
	}
	return q.Encode()
}

// searchForm is the search form's state and lists.
type searchForm struct {
	Heading    string
	F          filters
	Services   []choice
	VenueTypes []choice
	Languages  []choice
	Features   []featureChoice
}

// featureChoice is a venue filter's checkbox.
type featureChoice struct {
	Value, Label string
	Checked      bool
}

func (s *Site) newSearchForm(v *view, heading string, f filters) searchForm {
	sf := searchForm{Heading: heading, F: f, Services: v.choices("prestations.", prestationTypes),
		VenueTypes: v.choices("site.venue_type.", model.VenueTypes), Languages: v.choices("langues.", i18n.Langs)}
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
	AvatarURL string
	IsPremium bool
	Photo     *directory.CardPhoto
	URL       string
	Distance  string
	Initial   string // the name's first letter, shown without a photo
	Type      string // a venue's type label
	Seated    string // a venue's seated capacity, "" when not given
	Budget    string // a venue's starting price, "" when not given
}

// newCard is the card of c, linking to path.
func newCard(v *view, c directory.Card, path string) card {
	cd := card{Kind: c.Kind, Name: c.Name, City: c.City, AvatarURL: c.AvatarURL, IsPremium: c.IsPremium, Photo: c.Photo,
		URL: path, Distance: v.Km(c.DistanceKm), Initial: v.Initial(c.Name)}
	if c.Kind == "venue" {
		cd.Type = v.T("site.venue_type." + c.VenueType)
		if c.SeatedCapacity != 0 {
			cd.Seated = v.Plural("site.results.seated", c.SeatedCapacity)
		}
		if c.MinPrice != 0 {
			cd.Budget = v.T("site.profile.budget_from", "amount", v.MoneyInt(c.MinPrice))
		}
	}
	return cd
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
	s.searchWith(w, r, parseFilters(r.URL.Query()), nil)
}

// searchWith renders the results of f: the search page, or when b is not
// nil the browse page b (browse.go), whose city is already placed.
func (s *Site) searchWith(w http.ResponseWriter, r *http.Request, f filters, b *browseInfo) {
	ctx := r.Context()
	d := i18n.DomainFrom(ctx)
	q := directory.Query{Country: d.Country, Venues: f.Kind == "venue", ServiceType: f.Service, VenueType: f.VenueType,
		Guests: f.Guests, MaxBudget: f.Budget, Language: f.Lang, Page: f.Page, RadiusKm: directory.DefaultRadiusKm}
	if q.Venues {
		q.Features, q.Accommodation = f.venueQuery()
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
	// and place, given the same answer: it is kept with the answer.
	key := string(f.key(fmt.Appendf(nil, "%q%q%q", d.Key, p.Place, p.UnknownCity)))
	if b != nil {
		if f.Page > max(1, res.Pages) {
			s.notFound(w, r)
			return
		}
		key = "browse:" + b.Path + "\x00" + key
	}
	if kept, ok := res.Renderings.Get(key).(*keptPage); ok {
		s.send(w, http.StatusOK, &view{Locale: d.Locale}, cachePublic, kept.head, s.style, kept.tail)
		return
	}
	s.searchRenders.Add(1)
	v := s.newView(r, "")
	p.Search = s.newSearchForm(v, v.T("site.search.refine"), f)
	p.Total, p.Pages = res.Total, res.Pages
	for _, c := range res.Cards {
		path := "/p/" + url.PathEscape(c.Slug)
		if c.Kind == "venue" {
			path = "/v/" + url.PathEscape(c.Slug)
		}
		p.Cards = append(p.Cards, newCard(v, c, path))
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
	if cut := bytes.Index(out, s.style); cut >= 0 {
		// A copy of its own: the buffer is larger than the page, by up to
		// as much again.
		rest := append(append(make([]byte, 0, len(out)-len(s.style)), out[:cut]...), out[cut+len(s.style):]...)
		res.Renderings.Put(key, &keptPage{head: rest[:cut:cut], tail: rest[cut:]}, len(rest))
	}
	s.send(w, http.StatusOK, v, cachePublic, out)
}

// keptPage is a search page kept with its answer, without the style sheet
// every page has (s.style), which goes between head and tail: it is half
// of a page.
type keptPage struct {
	head, tail []byte
}

// key appends to b every field of the filters, the form's state: two
// searches with the same key show the same form. Each text is written
// with its length, so no two states share a key.
func (f filters) key(b []byte) []byte {
	text := func(s string) {
		b = append(append(strconv.AppendInt(b, int64(len(s)), 10), ':'), s...)
	}
	for _, s := range []string{f.Kind, f.Service, f.VenueType, f.City, f.Lang} {
		text(s)
	}
	b = strconv.AppendInt(b, int64(len(f.Features)), 10)
	for _, s := range f.Features {
		text(s)
	}
	b = strconv.AppendInt(append(b, ';'), int64(f.Guests), 10)
	b = strconv.AppendInt(append(b, ';'), f.Budget, 10)
	return strconv.AppendInt(append(b, ';'), int64(f.Page), 10)
}
