package validate

import (
	"net/url"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"
)

var companyNamePattern = regexp.MustCompile(`^[\p{L}\p{M}0-9 \-&'’.,()/]+$`)

// CompanyName checks a company name: 2 to 50 characters of letters (accented),
// digits, spaces and - & ' . , ( ) /.
func CompanyName(s string) string {
	s = strings.TrimSpace(s)
	n := utf8.RuneCountInString(s)
	switch {
	case n == 0:
		return "validation.required"
	case n < 2 || n > 50 || !companyNamePattern.MatchString(s):
		return "validation.company_name_invalid"
	}
	return ""
}

// OldestCreationYear bounds creation dates: older is taken for a typing error.
const OldestCreationYear = 1800

// CreationDate checks a YYYY-MM-DD company creation date against today.
func CreationDate(s string, today time.Time) string {
	if strings.TrimSpace(s) == "" {
		return "validation.required"
	}
	d, err := time.Parse("2006-01-02", s)
	if err != nil || d.Year() < OldestCreationYear {
		return "validation.creation_date_invalid"
	}
	if d.After(today) {
		return "validation.creation_date_invalid_future"
	}
	return ""
}

// Website checks a website and completes a missing scheme with https. Empty
// is allowed; a control or bidirectional character (Line) is not.
func Website(s string) (string, string) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", ""
	}
	if !strings.Contains(s, "://") {
		s = "https://" + s
	}
	u, err := url.Parse(s)
	if err != nil || Line(s) != "" || (u.Scheme != "http" && u.Scheme != "https") || !strings.Contains(u.Hostname(), ".") ||
		strings.ContainsAny(u.Hostname(), " _") || len(s) > 255 {
		return "", "validation.website_invalid"
	}
	return s, ""
}

// sirenLaPoste is the one SIREN whose establishments do not follow Luhn.
const sirenLaPoste = "356000000"

// Siret checks a SIRET: 14 digits with a valid Luhn checksum (La Poste's
// establishments use their own rule: the digits sum to a multiple of 5).
func Siret(s string) string {
	if len(s) != 14 {
		return "siret.errors.format"
	}
	sum, plain := 0, 0
	for i, r := range s {
		if r < '0' || r > '9' {
			return "siret.errors.format"
		}
		d := int(r - '0')
		plain += d
		if i%2 == 0 {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	if s[:9] == sirenLaPoste {
		if plain%5 != 0 {
			return "siret.errors.format"
		}
		return ""
	}
	if sum%10 != 0 {
		return "siret.errors.format"
	}
	return ""
}

// City checks a city name: one line (Line) of 2 to 100 characters.
func City(s string) string {
	if code := Line(strings.TrimSpace(s)); code != "" {
		return code
	}
	if utf8.RuneCountInString(strings.TrimSpace(s)) < 2 {
		return "validation.city_too_short"
	}
	if utf8.RuneCountInString(s) > 100 {
		return "validation.city_too_long"
	}
	return ""
}

// EuropeanCountries are the country codes the address forms offer.
var EuropeanCountries = []string{
	"AD", "AL", "AT", "BA", "BE", "BG", "BY", "CH", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FO", "FR", "GB", "GG", "GI",
	"GR", "HR", "HU", "IE", "IM", "IS", "IT", "JE", "LI", "LT", "LU", "LV", "MC", "MD", "ME", "MK", "MT", "NL", "NO", "PL",
	"PT", "RO", "RS", "SE", "SI", "SK", "SM", "UA", "VA", "XK",
}

// CountryCode checks an ISO code against the European list.
func CountryCode(s string) string {
	for _, c := range EuropeanCountries {
		if c == s {
			return ""
		}
	}
	if s == "" {
		return "validation.country_required"
	}
	return "validation.country_invalid"
}

// Coordinates checks a latitude and longitude pair.
func Coordinates(lat, lng *float64) string {
	if lat == nil || lng == nil {
		return "validation.coordinates_required"
	}
	// Written so that NaN, which fails every comparison, is refused.
	if !(*lat >= -90 && *lat <= 90 && *lng >= -180 && *lng <= 180) {
		return "validation.coordinates_invalid"
	}
	return ""
}
