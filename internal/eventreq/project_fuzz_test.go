package eventreq

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"noces/internal/clock"
	"noces/internal/i18n"
	"noces/internal/validate"
)

// FuzzCheckProject checks the couples' project form, which anyone may send:
// a project accepted holds only known choices, a date to come, checked and
// normalised contact details and bounded texts, and sending the project
// back as it was saved gives the same project.
func FuzzCheckProject(f *testing.F) {
	type seed struct {
		eventType, date, service, city, zip, country, budget, guests, langs, first, last, email, phone, msg, theme string
		hasTheme                                                                                                   bool
		domain                                                                                                     uint8
	}
	for _, s := range []seed{
		{"wedding", "2027-06-12", "FULL_PLANNING", "Lyon", "69003", "", "20k_35k", "50_100", "fr,en", "Jeanne", "Dupont",
			"jeanne@example.fr", "06 12 34 56 78", "Bonjour", "Champêtre", true, 0},
		{"elopement", "2027-02-29", "VENUE", "Lisboa", "1000 001", "pt", "", "", "pt,pt", "Ana", "Silva", "ana@example.pt",
			"+351 912 345 678", "", "", false, 6},
		{"wedding", "2026-11-25", "FULL_PLANNING", "London", "sw1a1aa", "GB", "", "", "", "Jo", "Smith", "jo@example.co.uk",
			"020 7946 0958", "", "", false, 2},
		{"party", "not a date", "HACKING", "x", "00000", "ZZ", "lt_1", "gt_9000", "xx", "1", "<b>", "@", "123", strings.Repeat("a", 2001),
			strings.Repeat("b", 201), true, 200},
		{"wedding", "2031-11-26", "DAY_COORDINATION", " Köln ", " 50667 ", " de ", "gt_80k", "gt_200", "de,de,en", " Jürgen ", " Groß ",
			" j@example.de ", "+49 221 12345678", "  Hallo  ", "  ", true, 3},
	} {
		f.Add(s.eventType, s.date, s.service, s.city, s.zip, s.country, s.budget, s.guests, s.langs, s.first, s.last, s.email,
			s.phone, s.msg, s.theme, s.hasTheme, s.domain)
	}
	now := time.Date(2026, 11, 25, 15, 0, 0, 0, time.UTC)
	s := &Service{clock: clock.NewFixed(now)}
	today := now.Truncate(24 * time.Hour)
	f.Fuzz(func(t *testing.T, eventType, date, service, city, zip, country, budget, guests, langs, first, last, email,
		phone, msg, theme string, hasTheme bool, domain uint8) {
		d := i18n.Domains[int(domain)%len(i18n.Domains)]
		in := ProjectInput{EventType: eventType, EventDate: date, ServiceType: service, City: city, Zipcode: zip, Country: country,
			BudgetRange: budget, GuestRange: guests, Firstname: first, Lastname: last, Email: email, Phone: phone, Message: msg,
			WeddingTheme: theme, HasTheme: hasTheme}
		if langs != "" {
			in.Languages = strings.Split(langs, ",")
		}
		p, err := s.check(in, d)
		if err != nil {
			return
		}
		if !slices.Contains(EventTypes, p.EventType) || !slices.Contains(ServiceTypes, p.ServiceType) ||
			p.BudgetRange != "" && !slices.Contains(BudgetRanges, p.BudgetRange) ||
			p.GuestRange != "" && !slices.Contains(GuestRanges, p.GuestRange) {
			t.Fatalf("a project with an unknown choice was accepted: %+v", p)
		}
		day, err := time.Parse(time.DateOnly, p.EventDate)
		if err != nil || day.Format(time.DateOnly) != p.EventDate || !day.After(today) || day.After(today.AddDate(maxEventYears, 0, 0)) {
			t.Fatalf("the event date %q was accepted", date)
		}
		if validate.CountryCode(p.EventCountry) != "" || validate.City(p.EventCity) != "" || p.EventCity != strings.TrimSpace(p.EventCity) {
			t.Fatalf("the place %q, %q was accepted", p.EventCity, p.EventCountry)
		}
		if p.EventZipcode != "" {
			if again, code := validate.Postcode(p.EventCountry, p.EventZipcode); code != "" || again != p.EventZipcode {
				t.Fatalf("the postal code %q was saved as %q, not normalised", zip, p.EventZipcode)
			}
		}
		seen := map[string]bool{}
		for _, l := range p.Languages {
			if !i18n.IsLang(l) || seen[l] {
				t.Fatalf("the languages %q were saved as %q", langs, p.Languages)
			}
			seen[l] = true
		}
		if validate.PersonName(p.Firstname) != "" || validate.PersonName(p.Lastname) != "" || validate.Email(p.Email) != "" ||
			p.Email != strings.TrimSpace(p.Email) || !strings.HasPrefix(p.Phone, "+") {
			t.Fatalf("the contact %q %q %q %q was saved as %+v", first, last, email, phone, p)
		}
		if utf8.RuneCountInString(p.Message) > MessageMax || utf8.RuneCountInString(p.WeddingTheme) > 200 ||
			p.HasTheme && p.WeddingTheme == "" {
			t.Fatalf("the texts were saved as %+v", p)
		}
		// The project as saved, sent again, is the same project.
		back := ProjectInput{EventType: p.EventType, EventDate: p.EventDate, ServiceType: p.ServiceType, City: p.EventCity,
			Zipcode: p.EventZipcode, Country: p.EventCountry, BudgetRange: p.BudgetRange, GuestRange: p.GuestRange,
			Languages: p.Languages, HasTheme: p.HasTheme, WeddingTheme: p.WeddingTheme, Message: p.Message,
			Firstname: p.Firstname, Lastname: p.Lastname, Email: p.Email, Phone: p.Phone, EventLocation: p.EventLocation}
		p2, err := s.check(back, d)
		if err != nil {
			t.Fatalf("the project %+v as saved is refused: %v", p, err)
		}
		p2.ID, p2.CreatedAt = p.ID, p.CreatedAt
		if !slices.Equal(p2.Languages, p.Languages) {
			t.Fatalf("the languages %q became %q", p.Languages, p2.Languages)
		}
		p2.Languages = p.Languages
		if !reflect.DeepEqual(p2, p) {
			t.Fatalf("the project %+v as saved, sent again, is %+v", p, p2)
		}
	})
}
