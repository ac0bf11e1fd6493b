package site

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"noces/internal/directory"
	"noces/internal/i18n"
	"noces/internal/media"
	"noces/internal/model"
)

func TestFormatMoney(t *testing.T) {
	tests := []struct {
		locale, country string
		n               int64
		want            string
	}{
		{"fr-FR", "FR", 900, "900\u00a0€"},
		{"fr-FR", "FR", 1500, "1\u202f500\u00a0€"},
		{"fr-FR", "FR", 1234567, "1\u202f234\u202f567\u00a0€"},
		{"de-DE", "FR", 1500, "1.500\u00a0€"},
		{"it-IT", "FR", 25000, "25.000\u00a0€"},
		{"en-GB", "GB", 1500, "£1,500"},
		{"en-GB", "FR", 1500, "€1,500"},
		{"fr-FR", "GB", 1500, "1\u202f500\u00a0£"},
		{"nl-BE", "GB", 900, "£\u00a0900"},
		{"en-GB", "GB", 900, "£900"},
		{"nl-BE", "FR", 1500, "€\u00a01.500"},
		{"es-ES", "FR", 1500, "1500\u00a0€"},
		{"es-ES", "FR", 15000, "15.000\u00a0€"},
		{"pt-PT", "FR", 1500, "1500\u00a0€"},
		{"pt-PT", "FR", 15000, "15\u00a0000\u00a0€"},
		{"xx-XX", "FR", 1500, "1\u202f500\u00a0€"},
	}
	for _, tc := range tests {
		if got := formatMoney(tc.locale, currencyOf(tc.country), tc.n); got != tc.want {
			t.Errorf("formatMoney(%s, %s, %d) = %q, want %q", tc.locale, tc.country, tc.n, got, tc.want)
		}
	}
	for _, tc := range []struct {
		locale string
		f      float64
		want   string
	}{{"fr-FR", 4.5, "4,5"}, {"en-GB", 4.25, "4.3"}, {"de-DE", 5, "5,0"}, {"en-GB", 3.96, "4.0"}} {
		if got := formatDecimal(tc.locale, tc.f); got != tc.want {
			t.Errorf("formatDecimal(%s, %v) = %q, want %q", tc.locale, tc.f, got, tc.want)
		}
	}
}

func TestPlurals(t *testing.T) {
	b := i18n.MustLoad()
	for _, tc := range []struct {
		lang string
		n    int
		want string
	}{
		{"fr", 0, "0 résultat"}, {"fr", 1, "1 résultat"}, {"fr", 2, "2 résultats"},
		{"en", 0, "0 results"}, {"en", 1, "1 result"}, {"de", 1500, "1.500 Ergebnisse"},
	} {
		d := i18n.Domains[0]
		for _, x := range i18n.Domains {
			if x.Lang == tc.lang {
				d = x
			}
		}
		v := &view{texts: b, Lang: tc.lang, Locale: d.Locale}
		if got := v.Plural("site.results.count", tc.n); got != tc.want {
			t.Errorf("%s %d: %q, want %q", tc.lang, tc.n, got, tc.want)
		}
	}
}

// TestEveryTextExists checks that every key the pages use has a text in the
// seven languages: the keys written in the templates and the Go code, and
// the keys built from a prefix and a list of codes.
func TestEveryTextExists(t *testing.T) {
	b := i18n.MustLoad()
	keys := map[string]bool{}
	names, err := templateNames()
	if err != nil {
		t.Fatal(err)
	}
	var sources []string
	for _, n := range names {
		raw, err := templates.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		sources = append(sources, string(raw))
	}
	gos, _ := os.ReadDir(".")
	for _, f := range gos {
		if strings.HasSuffix(f.Name(), ".go") && !strings.HasSuffix(f.Name(), "_test.go") {
			raw, err := os.ReadFile(f.Name())
			if err != nil {
				t.Fatal(err)
			}
			sources = append(sources, string(raw))
		}
	}
	literal := regexp.MustCompile(`"((?:site|prestations|langues|project|review|validation|errors)\.[a-z0-9_.]*[a-z0-9_])"`)
	plural := regexp.MustCompile(`Plural "(site\.[a-z0-9_.]+)"`)
	for _, src := range sources {
		for _, m := range literal.FindAllStringSubmatch(src, -1) {
			keys[m[1]] = true
		}
		for _, m := range plural.FindAllStringSubmatch(src, -1) {
			delete(keys, m[1])
			keys[m[1]+".one"], keys[m[1]+".other"] = true, true
		}
	}
	for _, p := range []string{"site.notfound", "site.error", "site.toomany", "site.badrequest", "site.unavailable", "site.conversation.stopped", "site.review.used"} {
		delete(keys, p)
		keys[p+".heading"], keys[p+".text"] = true, true
	}
	for _, p := range []string{"site.results.count", "site.results.seated", "site.results.more_services", "site.venue.guests", "site.profile.review_count", "site.sent.matched"} {
		delete(keys, p)
		keys[p+".one"], keys[p+".other"] = true, true
	}
	for _, c := range model.VenueTypes {
		keys["site.venue_type."+c] = true
	}
	for _, c := range directory.ReviewerTypes {
		keys["site.reviewer_type."+c] = true
	}
	for _, c := range prestationTypes {
		keys["prestations."+c] = true
	}
	for _, c := range i18n.Langs {
		keys["langues."+c] = true
	}
	for _, d := range i18n.Domains {
		keys["site.in_country."+strings.ToLower(d.Country)] = true
	}
	for i := 1; i <= 12; i++ {
		keys["site.date.month_"+strconv.Itoa(i)] = true
	}
	for i := 1; i <= 5; i++ {
		keys["site.review.rating_"+strconv.Itoa(i)] = true
	}
	for _, c := range media.PortraitSections {
		keys["site.media.about_"+c] = true
	}
	delete(keys, "site.media.about_")
	delete(keys, "site.date.month_")
	delete(keys, "site.review.rating_")
	delete(keys, "site.in_country.")
	delete(keys, "site.venue_type.")
	delete(keys, "site.reviewer_type.")
	delete(keys, "prestations.")
	delete(keys, "langues.")
	if len(keys) < 150 {
		t.Errorf("only %d keys found: the patterns no longer match the sources", len(keys))
	}
	for k := range keys {
		for _, lang := range i18n.Langs {
			if !b.Has(lang, k) {
				t.Errorf("%q has no %s text", k, lang)
			}
		}
	}
}

func TestPlaceNamesTheTownOnce(t *testing.T) {
	for _, c := range []struct{ location, city, want string }{
		{"Bordeaux", "Bordeaux", "Bordeaux"},
		{"Château de la Rivière", "Saint-Émilion", "Château de la Rivière, Saint-Émilion"},
		{"Domaine des Vignes, Saint-Emilion", "Saint-Émilion", "Domaine des Vignes, Saint-Emilion"},
		{"", "Lyon", "Lyon"},
		{"Le Pavillon", "", "Le Pavillon"},
	} {
		if got := place(c.location, c.city); got != c.want {
			t.Errorf("place(%q, %q) = %q, want %q", c.location, c.city, got, c.want)
		}
	}
}
