package venue

import (
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/i18n"
	"noces/internal/media"
	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/validate"
)

// The limits of the venue form (api/openapi.yaml, VenueForm).
const (
	nameMin, nameMax               = 2, 100
	addressMax                     = 255
	descriptionMin, descriptionMax = 20, 500
	detailedDescriptionMax         = 5000
	// DetailedDescriptionFull is the length from which a detailed
	// description counts as written (the owner's checklist).
	DetailedDescriptionFull = 100
	maxCapacity             = 100_000
	maxPrice                = 10_000_000
	maxBedrooms             = 10_000
	contactMax              = 100
	detailDescriptionMin    = 10
	detailDescriptionMax    = 2000
	// maxVideos bounds the videos of one venue.
	maxVideos                                  = 20
	videoTitleMin, videoTitleMax               = 5, 100
	videoDescriptionMax                        = 1000
	altMax, imageTitleMax, imageDescriptionMax = 150, 100, 1000
	captionMax                                 = 200
)

// draft is a venue as a form leaves it: its row, its sets and its videos,
// and which of the sets and videos the form replaced.
type draft struct {
	venue      model.Venue
	sets       store.VenueSets
	videos     []model.Video
	setsGiven  bool
	videoGiven bool
}

// number reads a whole number of a form ("" is 0).
func number(errs apperr.Fields, field, s string) int {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0
	}
	n, err := strconv.Atoi(s)
	if err != nil || len(s) > 12 {
		errs.Add(field, "venue.errors.number_invalid")
		return 0
	}
	return n
}

// applyForm puts the fields f sent into d (a create sends them all: a
// missing one is empty) and checks the venue that results as a whole, so an
// update is held to the same rules as a create. Detail and video ids d
// already has are kept; others get new ids.
func applyForm(d *draft, f Form, create bool, errs apperr.Fields) {
	v := &d.venue
	get := func(name string) (string, bool) {
		s, ok := f.Values[name]
		return s, ok || create
	}
	text := func(name string, dst *string, multiline bool) {
		if s, ok := get(name); ok {
			*dst = media.CheckText(errs, name, s, multiline)
		}
	}
	text("name", &v.Name, false)
	text("type", &v.Type, false)
	text("email", &v.Email, false)
	text("phone", &v.Phone, false)
	text("address", &v.Address, false)
	text("zipcode", &v.Zipcode, false)
	text("city", &v.City, false)
	text("countryCode", &v.CountryCode, false)
	v.CountryCode = strings.ToUpper(v.CountryCode)
	text("description", &v.Description, true)
	text("detailedDescription", &v.DetailedDescription, true)
	text("website", &v.Website, false)
	text("snFacebook", &v.SnFacebook, false)
	text("snInstagram", &v.SnInstagram, false)
	for _, n := range []struct {
		name string
		dst  *int
	}{{"seatedCapacity", &v.SeatedCapacity}, {"standingCapacity", &v.StandingCapacity}, {"minPrice", &v.MinPrice}, {"maxPrice", &v.MaxPrice}} {
		if s, ok := get(n.name); ok {
			*n.dst = number(errs, n.name, s)
		}
	}
	if s, ok := get("bedrooms"); ok {
		v.Bedrooms = sql.NullInt64{}
		if strings.TrimSpace(s) != "" {
			v.Bedrooms = sql.NullInt64{Int64: int64(number(errs, "bedrooms", s)), Valid: true}
		}
	}
	lat, latOK := get("latitude")
	lng, lngOK := get("longitude")
	if latOK || lngOK {
		applyCoordinates(v, lat, lng, errs)
	}
	if s, ok := f.Values["contactPerson"]; ok {
		var c struct {
			Name string `json:"name"`
			Role string `json:"role"`
		}
		if decodeField(s, &c) {
			v.ContactName, v.ContactRole = media.CheckText(errs, "contactPerson", c.Name, false), media.CheckText(errs, "contactPerson", c.Role, false)
		} else {
			errs.Add("contactPerson", "venue.errors.invalid_json")
		}
	}
	checkVenue(v, errs)
	applySets(d, f, create, errs)
	applyVideos(d, f, errs)
}

// applyCoordinates sets both coordinates, or neither when both are empty.
func applyCoordinates(v *model.Venue, lat, lng string, errs apperr.Fields) {
	lat, lng = strings.TrimSpace(lat), strings.TrimSpace(lng)
	v.Latitude, v.Longitude = sql.NullFloat64{}, sql.NullFloat64{}
	if lat == "" && lng == "" {
		return
	}
	la, err1 := strconv.ParseFloat(lat, 64)
	lo, err2 := strconv.ParseFloat(lng, 64)
	if err1 != nil || err2 != nil {
		errs.Add("latitude", "validation.coordinates_invalid")
		return
	}
	if code := validate.Coordinates(&la, &lo); code != "" {
		errs.Add("latitude", code)
		return
	}
	v.Latitude, v.Longitude = sql.NullFloat64{Float64: la, Valid: true}, sql.NullFloat64{Float64: lo, Valid: true}
}

// countryOK reports whether code is the country of one of the seven domains.
func countryOK(code string) bool {
	return slices.ContainsFunc(i18n.Domains, func(d i18n.Domain) bool { return d.Country == code })
}

// checkVenue checks the fields of steps 0 and 1 and the optional ones, and
// normalises those with a canonical form (postal code, phone, links).
func checkVenue(v *model.Venue, errs apperr.Fields) {
	media.CheckLength(errs, "name", v.Name, nameMin, nameMax, "venue.errors.name_required", "venue.errors.name_length")
	switch {
	case v.Type == "":
		errs.Add("type", "venue.errors.type_required")
	case !slices.Contains(model.VenueTypes, v.Type):
		errs.Add("type", "venue.errors.type_invalid")
	}
	if code := validate.Email(v.Email); code != "" {
		errs.Add("email", code)
	} else {
		v.Email = strings.TrimSpace(v.Email)
	}
	switch {
	case v.CountryCode == "":
		errs.Add("countryCode", "validation.country_required")
	case !countryOK(v.CountryCode):
		errs.Add("countryCode", "validation.country_invalid")
	}
	if countryOK(v.CountryCode) {
		if phone, code := validate.Phone(v.Phone, v.CountryCode); code != "" {
			errs.Add("phone", code)
		} else {
			v.Phone = phone
		}
		if zip, code := validate.Postcode(v.CountryCode, v.Zipcode); code != "" {
			errs.Add("zipcode", code)
		} else {
			v.Zipcode = zip
		}
	} else {
		if v.Phone == "" {
			errs.Add("phone", "validation.required")
		}
		if v.Zipcode == "" {
			errs.Add("zipcode", validate.ZipcodeInvalid)
		}
	}
	media.CheckLength(errs, "address", v.Address, 1, addressMax, "venue.errors.address_required", "venue.errors.address_too_long")
	if code := validate.City(v.City); code != "" {
		errs.Add("city", code)
	}
	media.CheckLength(errs, "description", v.Description, descriptionMin, descriptionMax, "venue.errors.description_required",
		"venue.errors.description_length")
	if utf8.RuneCountInString(v.DetailedDescription) > detailedDescriptionMax {
		errs.Add("detailedDescription", "venue.errors.detailed_description_too_long")
	}
	atLeastOne := func(field string, n, max int, required, tooLarge string) {
		switch {
		case n < 1:
			errs.Add(field, required)
		case n > max:
			errs.Add(field, tooLarge)
		}
	}
	atLeastOne("seatedCapacity", v.SeatedCapacity, maxCapacity, "venue.errors.seated_capacity_required", "venue.errors.capacity_too_large")
	atLeastOne("standingCapacity", v.StandingCapacity, maxCapacity, "venue.errors.standing_capacity_required", "venue.errors.capacity_too_large")
	atLeastOne("minPrice", v.MinPrice, maxPrice, "venue.errors.min_price_required", "venue.errors.price_too_large")
	atLeastOne("maxPrice", v.MaxPrice, maxPrice, "venue.errors.max_price_required", "venue.errors.price_too_large")
	if v.MinPrice >= 1 && v.MaxPrice >= 1 && v.MinPrice > v.MaxPrice {
		errs.Add("maxPrice", "venue.errors.price_range")
	}
	if v.Bedrooms.Valid && (v.Bedrooms.Int64 < 0 || v.Bedrooms.Int64 > maxBedrooms) {
		errs.Add("bedrooms", "venue.errors.bedrooms_invalid")
	}
	if site, code := validate.Website(v.Website); code != "" {
		errs.Add("website", code)
	} else {
		v.Website = site
	}
	for _, sn := range []struct {
		field, network string
		dst            *string
	}{{"snFacebook", "facebook", &v.SnFacebook}, {"snInstagram", "instagram", &v.SnInstagram}} {
		if link, ok := media.NormaliseSocial(sn.network, *sn.dst); ok {
			*sn.dst = link
		} else {
			errs.Add(sn.field, "social_networks.errors.invalid_"+sn.network)
		}
	}
	if utf8.RuneCountInString(v.ContactName) > contactMax || utf8.RuneCountInString(v.ContactRole) > contactMax {
		errs.Add("contactPerson", "venue.errors.contact_too_long")
	}
}

// decodeField decodes one JSON-encoded form field strictly: one value, no
// unknown key, every value of its type.
func decodeField(s string, dst any) bool {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return false
	}
	return errors.Is(dec.Decode(&struct{}{}), io.EOF)
}

// detailJSON is one prestation detail as the form sends it.
type detailJSON struct {
	ID                   string `json:"id"`
	Title                string `json:"title"`
	Description          string `json:"description"`
	BudgetStartingFrom   *int   `json:"budgetStartingFrom"`
	IsDescriptionVisible *bool  `json:"isDescriptionVisible"`
	IsBudgetVisible      *bool  `json:"isBudgetVisible"`
}

// applySets replaces the features, prestations and details the form sent.
// Prestations given without details keep the details of the prestations
// still chosen.
func applySets(d *draft, f Form, create bool, errs apperr.Fields) {
	if s, ok := f.Values["features"]; ok || create {
		var m map[string]bool
		switch {
		case !ok || strings.TrimSpace(s) == "":
			d.sets.Features = nil
		case !decodeField(s, &m):
			errs.Add("features", "venue.errors.invalid_json")
		default:
			d.sets.Features = nil
			for k := range m {
				if !slices.Contains(model.VenueFeatures, k) {
					errs.Add("features", "venue.errors.feature_unknown")
				}
			}
			for _, name := range model.VenueFeatures {
				if m[name] {
					d.sets.Features = append(d.sets.Features, name)
				}
			}
		}
		d.setsGiven = true
	}
	if s, ok := f.Values["prestations"]; ok || create {
		var list []string
		if ok && !decodeField(s, &list) {
			errs.Add("prestations", "venue.errors.invalid_json")
		}
		d.sets.Prestations = nil
		for _, p := range list {
			if !slices.Contains(model.VenuePrestations, p) {
				errs.Add("prestations", "validation.prestations_invalid")
			}
		}
		for _, p := range model.VenuePrestations {
			if slices.Contains(list, p) {
				d.sets.Prestations = append(d.sets.Prestations, p)
			}
		}
		d.setsGiven = true
		if _, details := f.Values["prestationDetails"]; !details {
			d.sets.Details = slices.DeleteFunc(d.sets.Details, func(x model.VenuePrestationDetail) bool {
				return !slices.Contains(d.sets.Prestations, x.Prestation)
			})
		}
	}
	if len(d.sets.Prestations) == 0 {
		errs.Add("prestations", "validation.prestations_required")
	}
	s, ok := f.Values["prestationDetails"]
	if !ok && !create {
		return
	}
	d.setsGiven = true
	var in []detailJSON
	if ok && strings.TrimSpace(s) != "" && !decodeField(s, &in) {
		errs.Add("prestationDetails", "venue.errors.invalid_json")
		return
	}
	if len(in) > len(model.VenuePrestations) {
		errs.Add("prestationDetails", "venue.errors.detail_repeated")
		return
	}
	known := map[string]bool{}
	for _, x := range d.sets.Details {
		known[x.ID] = true
	}
	seen := map[string]bool{}
	d.sets.Details = nil
	for i, x := range in {
		field := "prestationDetails[" + strconv.Itoa(i) + "]."
		switch {
		case x.Title == "":
			errs.Add(field+"title", "venue.errors.detail_title_required")
		case !slices.Contains(d.sets.Prestations, x.Title):
			errs.Add(field+"title", "validation.prestation_not_selected")
		case seen[x.Title]:
			errs.Add(field+"title", "venue.errors.detail_repeated")
		}
		seen[x.Title] = true
		desc := media.CheckText(errs, field+"description", x.Description, true)
		media.CheckLength(errs, field+"description", desc, detailDescriptionMin, detailDescriptionMax, "venue.errors.detail_description_required",
			"venue.errors.detail_description_length")
		switch {
		case x.BudgetStartingFrom == nil || *x.BudgetStartingFrom < 1:
			errs.Add(field+"budgetStartingFrom", "venue.errors.detail_budget_required")
		case *x.BudgetStartingFrom > maxPrice:
			errs.Add(field+"budgetStartingFrom", "venue.errors.price_too_large")
		}
		id := x.ID
		if !known[id] {
			id = model.NewID()
		}
		known[id] = false // an id sent twice keeps one detail only
		det := model.VenuePrestationDetail{ID: id, VenueID: d.venue.ID, Prestation: x.Title, Description: desc,
			IsDescriptionVisible: x.IsDescriptionVisible == nil || *x.IsDescriptionVisible,
			IsBudgetVisible:      x.IsBudgetVisible == nil || *x.IsBudgetVisible, Position: i}
		if x.BudgetStartingFrom != nil {
			det.BudgetStartingFrom = *x.BudgetStartingFrom
		}
		d.sets.Details = append(d.sets.Details, det)
	}
}

// videoJSON is one video as the form sends it.
type videoJSON struct {
	ID          string `json:"id"`
	Link        string `json:"link"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Status      *bool  `json:"status"`
}

// applyVideos replaces the venue's videos when the form sent them.
func applyVideos(d *draft, f Form, errs apperr.Fields) {
	s, ok := f.Values["videos"]
	if !ok {
		return
	}
	d.videoGiven = true
	var in []videoJSON
	if strings.TrimSpace(s) != "" && !decodeField(s, &in) {
		errs.Add("videos", "venue.errors.invalid_json")
		return
	}
	if len(in) > maxVideos {
		errs.Add("videos", "venue.errors.too_many_videos")
		return
	}
	known := map[string]model.Video{}
	for _, v := range d.videos {
		known[v.ID] = v
	}
	d.videos = nil
	for i, x := range in {
		field := "videos[" + strconv.Itoa(i) + "]."
		title, desc := media.CheckText(errs, field+"title", x.Title, false), media.CheckText(errs, field+"description", x.Description, true)
		media.CheckLength(errs, field+"title", title, videoTitleMin, videoTitleMax, "videos.errors.title_required", "videos.errors.title_min_length")
		if utf8.RuneCountInString(title) > videoTitleMax {
			errs[field+"title"] = "videos.errors.title_max_length"
		}
		if utf8.RuneCountInString(desc) > videoDescriptionMax {
			errs.Add(field+"description", "videos.errors.description_max_length")
		}
		host, extID, ok := media.ParseVideoLink(x.Link)
		switch {
		case strings.TrimSpace(x.Link) == "":
			errs.Add(field+"link", "videos.errors.link_required")
		case !ok:
			errs.Add(field+"link", "videos.errors.invalid_url")
		}
		row, kept := known[x.ID]
		if !kept {
			row = model.Video{ID: model.NewID(), OwnerID: d.venue.OwnerID}
		}
		delete(known, x.ID) // an id sent twice keeps one video only
		row.Title, row.Description, row.Host, row.ExternalID = title, desc, host, extID
		row.IsVisible = x.Status == nil || *x.Status
		d.videos = append(d.videos, row)
	}
}

// imageMeta is a photo's metadata as a form or the metadata call sends it.
type imageMeta struct {
	Alt, Title, Description, Caption string
	IsKeyImage, IsVisible            bool
}

// readImageMeta checks the text fields of images[i] (or of the upload form,
// prefix ""): every one optional, within its length.
func readImageMeta(fields map[string]string, prefix string, errs apperr.Fields) imageMeta {
	m := imageMeta{Alt: media.CheckText(errs, prefix+"alt", fields["alt"], false), Title: media.CheckText(errs, prefix+"title", fields["title"], false),
		Description: media.CheckText(errs, prefix+"description", fields["description"], true),
		Caption:     media.CheckText(errs, prefix+"caption", fields["caption"], false), IsVisible: true}
	for _, t := range []struct {
		key string
		s   string
		max int
	}{{"alt", m.Alt, altMax}, {"title", m.Title, imageTitleMax}, {"description", m.Description, imageDescriptionMax}, {"caption", m.Caption, captionMax}} {
		if utf8.RuneCountInString(t.s) > t.max {
			errs.Add(prefix+t.key, "venue.errors.image_text_too_long")
		}
	}
	for _, b := range []struct {
		key string
		dst *bool
	}{{"isKeyImage", &m.IsKeyImage}, {"isVisible", &m.IsVisible}} {
		switch s, sent := fields[b.key]; {
		case !sent || s == "":
		case s == "true" || s == "1":
			*b.dst = true
		case s == "false" || s == "0":
			*b.dst = false
		default:
			errs.Add(prefix+b.key, "venue.errors.boolean_invalid")
		}
	}
	return m
}

// missingForPublication lists what a venue lacks to be published: the
// fields of steps 0 and 1 (checked again, as rows may predate the rules),
// a prestation and a photo.
func missingForPublication(v model.Venue, sets store.VenueSets, photos int) apperr.Fields {
	errs := apperr.Fields{}
	checkVenue(&v, errs)
	if len(sets.Prestations) == 0 {
		errs.Add("prestations", "validation.prestations_required")
	}
	if photos == 0 {
		errs.Add("images", "venue.errors.photo_required")
	}
	return errs
}
