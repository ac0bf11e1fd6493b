package site

import (
	"html/template"
	"math"
	"net/http"
	"net/url"
	"strings"
	"time"

	"noces/internal/clientip"
	"noces/internal/directory"
	"noces/internal/i18n"
	"noces/internal/model"
)

// providerPage is a planner's public page.
type providerPage struct {
	directory.Profile
	Services []serviceLine
	Langs    []string
	Reviews  []reviewLine
	Similar  []card
	Request  *requestForm
	Media    mediaSection
	// Browse are the browse pages the planner appears on.
	Browse []browseLink
}

type serviceLine struct {
	Label, Description, Budget string
}

type reviewLine struct {
	model.Review
	Who     string
	Married string
	// ProviderName signs the provider's reply.
	ProviderName string
}

func (s *Site) provider(w http.ResponseWriter, r *http.Request) {
	s.showProvider(w, r, nil)
}

// showProvider renders a planner's page, with the request form's state when
// a submission failed (nil for a fresh form).
func (s *Site) showProvider(w http.ResponseWriter, r *http.Request, fm *form) {
	ctx := r.Context()
	p, err := s.Directory.Provider(ctx, r.PathValue("slug"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if r.Method == http.MethodGet {
		// A view is counted for a person loading the page, not for a
		// HEAD probe or a form submission.
		if err := s.Directory.RecordProfileView(ctx, p.UserID, clientip.Of(r), r.UserAgent()); err != nil {
			s.Log.WarnContext(ctx, "site: profile view", "err", err.Error())
		}
	}
	d := i18n.DomainFrom(ctx)
	v := s.newView(r, p.Name+" – Noces")
	path := "/p/" + url.PathEscape(p.Slug)
	v.Canonical = s.Hosts.PublicURL(d.Key, path)
	pg := providerPage{Profile: p}
	m, err := s.Media.ProviderMedia(ctx, p.UserID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	pg.Media = s.providerMedia(v, path, p.Name, m)
	s.addInstagram(r, v, &pg.Media, p.UserID)
	var services []string
	for _, sv := range p.Services {
		line := serviceLine{Label: v.T("prestations." + sv.Type), Description: sv.Description}
		if sv.Budget != nil {
			line.Budget = v.T("site.profile.budget_from", "amount", v.Money(*sv.Budget))
		}
		pg.Services = append(pg.Services, line)
		services = append(services, sv.Type)
	}
	for _, l := range p.Languages {
		pg.Langs = append(pg.Langs, v.T("langues."+l))
	}
	for _, rv := range p.Reviews {
		pg.Reviews = append(pg.Reviews, s.reviewLine(v, rv, p.Name))
	}
	for _, c := range p.Similar {
		pg.Similar = append(pg.Similar, newCard(v, c, "/p/"+url.PathEscape(c.Slug)))
	}
	v.Description = v.T("site.profile.description", "name", p.Name, "city", p.City)
	if fm == nil {
		fm = newForm(nil, projectFieldOrder, projectLabels)
	}
	if len(services) == 0 {
		services = prestationTypes
	}
	pg.Request = s.newRequestForm(v, path+"/request", fm, services, p.Name)
	if err := s.dateNote(r, v, p.UserID, "", pg.Request); err != nil {
		s.fail(w, r, err)
		return
	}
	v.JSONLD = s.providerLD(v, p, s.Hosts.PublicURL(d.Key, path), pg.Media)
	pg.Browse = s.profileBrowseLinks(ctx, v, false, p.City, services)
	// The key photo: the first of the gallery, whose size is known, else
	// the profile picture, else the site's image.
	switch {
	case len(pg.Media.Photos) > 0:
		ph := pg.Media.Photos[0]
		s.setSocial(v, "business.business", ph.URL, ph.Width, ph.Height)
	case p.AvatarURL != "":
		s.setSocial(v, "business.business", p.AvatarURL, 0, 0)
	default:
		s.setSocial(v, "business.business", "", 0, 0)
	}
	v.P = pg
	status := http.StatusOK
	if fm.HasErrors() {
		status = formStatus(fm)
		v.Title = v.T("site.form.error_title", "title", v.Title)
	}
	s.render(w, r, status, "provider", v, cacheNoCache)
}

func (s *Site) reviewLine(v *view, rv model.Review, providerName string) reviewLine {
	l := reviewLine{Review: rv, Who: rv.ReviewerName, ProviderName: providerName}
	if rv.ReviewerType != "" {
		l.Who = v.T("site.profile.reviewer", "name", rv.ReviewerName, "type", v.T("site.reviewer_type."+rv.ReviewerType))
	}
	if rv.WeddingDate.Valid {
		if my := v.MonthYear(rv.WeddingDate.String); my != "" {
			l.Married = v.T("site.profile.married", "date", my)
		}
	}
	return l
}

// providerLD is the planner's structured data: a LocalBusiness with its
// place, address and rating.
func (s *Site) providerLD(v *view, p directory.Profile, pageURL string, m mediaSection) map[string]any {
	ld := map[string]any{
		"@context": "https://schema.org",
		"@type":    "LocalBusiness",
		"name":     p.Name,
		"url":      pageURL,
		"address": map[string]any{
			"@type":           "PostalAddress",
			"addressLocality": p.City,
			"addressCountry":  p.CountryCode,
		},
	}
	if p.AvatarURL != "" {
		ld["image"] = s.absolute(v, p.AvatarURL)
	} else if len(m.Photos) > 0 {
		ld["image"] = s.absolute(v, m.Photos[0].URL)
	}
	if len(m.Social) > 0 {
		var same []string
		for _, l := range m.Social {
			same = append(same, l.URL)
		}
		ld["sameAs"] = same
	}
	if p.Since != "" {
		ld["foundingDate"] = p.Since
	}
	if len(p.Languages) > 0 {
		ld["knowsLanguage"] = p.Languages
	}
	if p.ReviewCount > 0 {
		ld["aggregateRating"] = map[string]any{
			"@type":       "AggregateRating",
			"ratingValue": math.Round(p.RatingAvg*10) / 10,
			"reviewCount": p.ReviewCount,
			"bestRating":  5,
			"worstRating": 1,
		}
		ld["review"] = reviewsLD(p.Reviews)
	}
	return ld
}

// reviewsLD are the Review items of a page's structured data: the author by
// first name only (the page shows more, search engines need no more), the
// rating, the date and the text. layout.html writes them as JSON in a
// script, where html/template escapes "<", so no text closes the script.
func reviewsLD(rs []model.Review) []map[string]any {
	out := make([]map[string]any, 0, len(rs))
	for _, rv := range rs {
		first, _, _ := strings.Cut(strings.TrimSpace(rv.ReviewerName), " ")
		out = append(out, map[string]any{
			"@type":         "Review",
			"name":          rv.Title,
			"reviewBody":    rv.Body,
			"author":        map[string]any{"@type": "Person", "name": first},
			"datePublished": rv.CreatedAt.UTC().Format(time.DateOnly),
			"reviewRating":  map[string]any{"@type": "Rating", "ratingValue": rv.Rating, "bestRating": 5, "worstRating": 1},
		})
	}
	return out
}

// absolute makes a same-site path ("/media/...") an absolute URL.
func (s *Site) absolute(v *view, u string) string {
	if strings.HasPrefix(u, "/") {
		return s.Hosts.PublicURL(v.Domain.Key, u)
	}
	return u
}

// venuePage is a venue's public page.
type venuePage struct {
	directory.VenuePage
	TypeLabel  string
	Price      string
	Paragraphs []string
	Features   []featureLine
	Services   []serviceLine
	Reviews    []reviewLine
	Request    *requestForm
	Media      mediaSection
	// Links are the venue's website and social pages.
	Links []socialLink
	// Browse are the browse pages the venue appears on.
	Browse []browseLink
}

// featureLine is a feature a venue offers, with its icon.
type featureLine struct {
	Name, Label string
	Icon        template.HTML
}

func (s *Site) venue(w http.ResponseWriter, r *http.Request) {
	s.showVenue(w, r, nil)
}

// showVenue renders a venue's page, with the request form's state when a
// submission failed (nil for a fresh form).
func (s *Site) showVenue(w http.ResponseWriter, r *http.Request, fm *form) {
	ctx := r.Context()
	vn, err := s.Directory.Venue(ctx, r.PathValue("slug"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if r.Method == http.MethodGet {
		// As on a planner's page: a person loading the page, not a HEAD
		// probe or a form submission.
		if err := s.Directory.RecordVenueView(ctx, vn.ID, clientip.Of(r), r.UserAgent()); err != nil {
			s.Log.WarnContext(ctx, "site: venue view", "err", err.Error())
		}
	}
	d := i18n.DomainFrom(ctx)
	v := s.newView(r, vn.Name+" – Noces")
	path := "/v/" + url.PathEscape(vn.Slug)
	v.Canonical = s.Hosts.PublicURL(d.Key, path)
	pg := venuePage{VenuePage: vn, TypeLabel: v.T("site.venue_type." + vn.Type)}
	vm, err := s.Media.VenueMedia(ctx, vn.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	pg.Media = venueMedia(path, vn.Name, vm)
	for _, l := range []socialLink{{v.T("site.venue.website"), vn.Website}, {socialNames["facebook"], vn.SnFacebook},
		{socialNames["instagram"], vn.SnInstagram}} {
		if l.URL != "" {
			pg.Links = append(pg.Links, l)
		}
	}
	money := func(n int64) string { return v.MoneyOf(vn.CountryCode, n) }
	pg.Price = venuePrice(v, money, vn.MinPrice, vn.MaxPrice)
	for _, para := range strings.Split(strings.ReplaceAll(vn.DetailedDescription, "\r\n", "\n"), "\n\n") {
		if para = strings.TrimSpace(para); para != "" {
			pg.Paragraphs = append(pg.Paragraphs, para)
		}
	}
	for _, f := range vn.Features {
		pg.Features = append(pg.Features, featureLine{Name: f, Label: v.T("site.venue.feature." + f), Icon: featureIcon(f)})
	}
	for _, sv := range vn.Services {
		line := serviceLine{Label: v.T("site.venue.prestation." + sv.Prestation), Description: sv.Description}
		if sv.Budget != nil {
			line.Budget = v.T("site.profile.budget_from", "amount", money(*sv.Budget))
		}
		pg.Services = append(pg.Services, line)
	}
	for _, rv := range vn.Reviews {
		pg.Reviews = append(pg.Reviews, s.reviewLine(v, rv, vn.Name))
	}
	desc := vn.Description
	if desc == "" {
		desc = v.T("site.venue.description", "type", pg.TypeLabel, "name", vn.Name, "city", vn.City)
	}
	v.Description = desc
	if fm == nil {
		fm = newForm(nil, projectFieldOrder, projectLabels)
	}
	pg.Request = s.newRequestForm(v, path+"/request", fm, []string{"VENUE"}, vn.Name)
	if err := s.dateNote(r, v, vn.OwnerID, vn.ID, pg.Request); err != nil {
		s.fail(w, r, err)
		return
	}
	v.JSONLD = s.venueLD(v, pg, s.Hosts.PublicURL(d.Key, path))
	pg.Browse = s.profileBrowseLinks(ctx, v, true, vn.City, nil)
	if len(pg.Media.Photos) > 0 {
		ph := pg.Media.Photos[0]
		s.setSocial(v, "business.business", ph.URL, ph.Width, ph.Height)
	} else {
		s.setSocial(v, "business.business", "", 0, 0)
	}
	v.P = pg
	status := http.StatusOK
	if fm.HasErrors() {
		status = formStatus(fm)
		v.Title = v.T("site.form.error_title", "title", v.Title)
	}
	s.render(w, r, status, "venue", v, cacheNoCache)
}

// venuePrice writes a venue's price range with money; "" when it gives none.
func venuePrice(v *view, money func(int64) string, minPrice, maxPrice int) string {
	switch {
	case minPrice > 0 && maxPrice > minPrice:
		return v.T("site.venue.price_range", "min", money(int64(minPrice)), "max", money(int64(maxPrice)))
	case minPrice > 0:
		return v.T("site.profile.budget_from", "amount", money(int64(minPrice)))
	case maxPrice > 0:
		return v.T("site.venue.price_up_to", "amount", money(int64(maxPrice)))
	}
	return ""
}

// venueLD is the venue's structured data: an EventVenue with its place,
// capacity, photos, features, prices and rating.
func (s *Site) venueLD(v *view, pg venuePage, pageURL string) map[string]any {
	vn := pg.VenuePage
	address := map[string]any{"@type": "PostalAddress", "addressLocality": vn.City, "addressCountry": vn.CountryCode}
	if vn.Address != "" {
		address["streetAddress"] = vn.Address
	}
	if vn.Zipcode != "" {
		address["postalCode"] = vn.Zipcode
	}
	ld := map[string]any{
		"@context": "https://schema.org",
		"@type":    "EventVenue",
		"name":     vn.Name,
		"url":      pageURL,
		"address":  address,
	}
	if vn.SeatedCapacity > 0 || vn.StandingCapacity > 0 {
		ld["maximumAttendeeCapacity"] = max(vn.SeatedCapacity, vn.StandingCapacity)
	}
	if vn.Description != "" {
		ld["description"] = vn.Description
	}
	if len(pg.Media.Photos) > 0 {
		var images []string
		for _, p := range pg.Media.Photos {
			images = append(images, s.absolute(v, p.URL))
		}
		ld["image"] = images
	}
	if vn.Latitude.Valid && vn.Longitude.Valid {
		ld["geo"] = map[string]any{"@type": "GeoCoordinates", "latitude": vn.Latitude.Float64, "longitude": vn.Longitude.Float64}
	}
	if len(pg.Features) > 0 {
		var amenities []map[string]any
		for _, f := range pg.Features {
			amenities = append(amenities, map[string]any{"@type": "LocationFeatureSpecification", "name": f.Label, "value": true})
		}
		ld["amenityFeature"] = amenities
	}
	if pg.Price != "" {
		ld["priceRange"] = pg.Price
	}
	if len(pg.Links) > 0 {
		var same []string
		for _, l := range pg.Links {
			same = append(same, l.URL)
		}
		ld["sameAs"] = same
	}
	if vn.ReviewCount > 0 {
		ld["aggregateRating"] = map[string]any{
			"@type":       "AggregateRating",
			"ratingValue": math.Round(vn.RatingAvg*10) / 10,
			"reviewCount": vn.ReviewCount,
			"bestRating":  5,
			"worstRating": 1,
		}
		ld["review"] = reviewsLD(vn.Reviews)
	}
	return ld
}
