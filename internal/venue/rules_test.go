package venue

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"noces/internal/apperr"
	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/store"
)

func formOf(values map[string]string) Form { return Form{Values: values} }

func validValues() map[string]string {
	return map[string]string{"name": "Le Clos", "type": "farm", "email": "clos@example.com", "phone": "+32 2 555 12 34",
		"address": "Rue du Moulin 3", "zipcode": "1000", "city": "Bruxelles", "countryCode": "be",
		"description": "Une ferme rénovée au cœur du Brabant.", "seatedCapacity": "80", "standingCapacity": "120",
		"minPrice": "1500", "maxPrice": "1500", "prestations": `["venue_hire"]`}
}

func TestApplyFormNormalisesAndChecks(t *testing.T) {
	d := draft{venue: model.Venue{ID: "v", OwnerID: "o"}}
	errs := apperr.Fields{}
	applyForm(&d, formOf(validValues()), true, errs)
	if len(errs) > 0 {
		t.Fatalf("errors: %v", errs)
	}
	v := d.venue
	got := []string{v.CountryCode, v.Phone, v.Zipcode}
	if diff := cmp.Diff([]string{"BE", "+3225551234", "1000"}, got); diff != "" {
		t.Errorf("normalised (-want +got):\n%s", diff)
	}
	if v.Bedrooms.Valid || v.Latitude.Valid || d.sets.Features != nil || d.videoGiven {
		t.Errorf("optional parts set: %+v %+v", v, d)
	}
}

func TestApplyFormRules(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change map[string]string
		want   map[string]string
	}{
		{"a minimum price equal to the maximum is a range", map[string]string{"minPrice": "10", "maxPrice": "10"}, map[string]string{}},
		{"a minimum over the maximum is not", map[string]string{"minPrice": "11", "maxPrice": "10"}, map[string]string{"maxPrice": "venue.errors.price_range"}},
		{"bedrooms empty is none, zero is allowed", map[string]string{"bedrooms": "0"}, map[string]string{}},
		{"a latitude without a longitude", map[string]string{"latitude": "50.8"}, map[string]string{"latitude": "validation.coordinates_invalid"}},
		{"a Portuguese postal code in Belgium", map[string]string{"zipcode": "1000-001"}, map[string]string{"zipcode": "validation.invalid_zipcode"}},
		{"a name of one letter", map[string]string{"name": " x "}, map[string]string{"name": "venue.errors.name_length"}},
		{"a description of 19 characters", map[string]string{"description": strings.Repeat("a", 19)}, map[string]string{"description": "venue.errors.description_length"}},
		{"a detailed description of 5001 characters", map[string]string{"detailedDescription": strings.Repeat("é", 5001)},
			map[string]string{"detailedDescription": "venue.errors.detailed_description_too_long"}},
		{"a contact person's name of 101 characters", map[string]string{"contactPerson": `{"name":"` + strings.Repeat("a", 101) + `","role":""}`},
			map[string]string{"contactPerson": "venue.errors.contact_too_long"}},
		{"a detail repeated", map[string]string{"prestationDetails": `[{"title":"venue_hire","description":"La salle seule.","budgetStartingFrom":1},{"title":"venue_hire","description":"La salle seule.","budgetStartingFrom":1}]`},
			map[string]string{"prestationDetails[1].title": "venue.errors.detail_repeated"}},
		{"a detail with a budget as text", map[string]string{"prestationDetails": `[{"title":"venue_hire","description":"x","budgetStartingFrom":"1"}]`},
			map[string]string{"prestationDetails": "venue.errors.invalid_json"}},
		{"21 videos", map[string]string{"videos": "[" + strings.Repeat(`{"link":"https://vimeo.com/1","title":"Un film"},`, 20) + `{"link":"https://vimeo.com/1","title":"Un film"}]`},
			map[string]string{"videos": "venue.errors.too_many_videos"}},
		{"a video title of 101 characters", map[string]string{"videos": `[{"link":"https://vimeo.com/1","title":"` + strings.Repeat("a", 101) + `"}]`},
			map[string]string{"videos[0].title": "videos.errors.title_max_length"}},
		{"an empty prestation list", map[string]string{"prestations": `[]`}, map[string]string{"prestations": "validation.prestations_required"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			values := validValues()
			for k, v := range tc.change {
				values[k] = v
			}
			errs := apperr.Fields{}
			applyForm(&draft{venue: model.Venue{ID: "v", OwnerID: "o"}}, formOf(values), true, errs)
			if diff := cmp.Diff(tc.want, map[string]string(errs)); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAnUpdateChangesOnlyWhatItSends(t *testing.T) {
	d := draft{venue: model.Venue{ID: "v", OwnerID: "o"}}
	errs := apperr.Fields{}
	applyForm(&d, formOf(validValues()), true, errs)
	d.sets.Details = []model.VenuePrestationDetail{{ID: "d1", Prestation: "venue_hire", Description: "La salle.", BudgetStartingFrom: 3}}
	d.videos = []model.Video{{ID: "v1", Title: "Un film", Host: "vimeo", ExternalID: "1"}}
	d.setsGiven, d.videoGiven = false, false
	applyForm(&d, formOf(map[string]string{"city": "Liège", "zipcode": "4000"}), false, errs)
	if len(errs) > 0 || d.venue.City != "Liège" || d.venue.Name != "Le Clos" || d.setsGiven || d.videoGiven || len(d.sets.Details) != 1 {
		t.Errorf("errs %v, draft %+v", errs, d)
	}
}

func TestMissingForPublication(t *testing.T) {
	got := missingForPublication(model.Venue{Name: "Le Clos", Type: "farm"}, store.VenueSets{}, 0)
	for _, f := range []string{"email", "phone", "address", "zipcode", "city", "countryCode", "description", "seatedCapacity",
		"standingCapacity", "minPrice", "maxPrice", "prestations", "images"} {
		if got[f] == "" {
			t.Errorf("%s is not said to be missing: %v", f, got)
		}
	}
	if got["name"] != "" || got["type"] != "" {
		t.Errorf("present fields said missing: %v", got)
	}
}

func TestKeyImage(t *testing.T) {
	photos := func(flags ...bool) []model.Image {
		var out []model.Image
		for _, f := range flags {
			out = append(out, model.Image{IsKeyImage: f})
		}
		return out
	}
	keys := func(ims []model.Image) []bool {
		var out []bool
		for _, im := range ims {
			out = append(out, im.IsKeyImage)
		}
		return out
	}
	for _, tc := range []struct {
		name   string
		in     []model.Image
		hasKey bool
		want   []bool
	}{
		{"the first photo of a venue without a key image", photos(false, false), false, []bool{true, false}},
		{"none when the venue has one", photos(false, false), true, []bool{false, false}},
		{"the first flagged only", photos(false, true, true), true, []bool{false, true, false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			keyImage(tc.in, tc.hasKey)
			if diff := cmp.Diff(tc.want, keys(tc.in)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestEveryCodeOfThePackageHasATextInEveryLanguage: the codes this package
// sends are often built (fields of photos, details, videos), which the i18n
// package's scan cannot see; every quoted code here must have its texts.
func TestEveryCodeOfThePackageHasATextInEveryLanguage(t *testing.T) {
	b := i18n.MustLoad()
	code := regexp.MustCompile(`"((?:venue|validation|videos|social_networks|media|images|errors)\.[a-z0-9_.]+[a-z0-9])"`)
	files, _ := filepath.Glob("*.go")
	found := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range code.FindAllStringSubmatch(string(src), -1) {
			found++
			for _, lang := range i18n.Langs {
				if !b.Has(lang, m[1]) {
					t.Errorf("%s: %q has no %s text", name, m[1], lang)
				}
			}
		}
	}
	for _, p := range model.VenuePrestations {
		for _, lang := range i18n.Langs {
			if !b.Has(lang, PrestationLabelKey(p)) || !b.Has(lang, "site.venue_type.castle") {
				t.Errorf("%s: no label of %s", lang, p)
			}
		}
	}
	if found < 40 {
		t.Errorf("found %d codes only: the pattern no longer matches the code", found)
	}
}
