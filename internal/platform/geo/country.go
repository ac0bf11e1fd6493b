package geo

import "strings"

// Countries are the seven countries served, one domain each, as ISO 3166-1
// alpha-2 codes (the United Kingdom is GB, its domain key is uk).
var Countries = []string{"FR", "BE", "GB", "DE", "IT", "ES", "PT"}

// Languages are the interface languages CountryName knows.
var Languages = []string{"de", "en", "es", "fr", "it", "nl", "pt"}

var countryNames = map[string]map[string]string{
	"FR": {"de": "Frankreich", "en": "France", "es": "Francia", "fr": "France", "it": "Francia", "nl": "Frankrijk", "pt": "França"},
	"BE": {"de": "Belgien", "en": "Belgium", "es": "Bélgica", "fr": "Belgique", "it": "Belgio", "nl": "België", "pt": "Bélgica"},
	"GB": {"de": "Vereinigtes Königreich", "en": "United Kingdom", "es": "Reino Unido", "fr": "Royaume-Uni", "it": "Regno Unito", "nl": "Verenigd Koninkrijk", "pt": "Reino Unido"},
	"DE": {"de": "Deutschland", "en": "Germany", "es": "Alemania", "fr": "Allemagne", "it": "Germania", "nl": "Duitsland", "pt": "Alemanha"},
	"IT": {"de": "Italien", "en": "Italy", "es": "Italia", "fr": "Italie", "it": "Italia", "nl": "Italië", "pt": "Itália"},
	"ES": {"de": "Spanien", "en": "Spain", "es": "España", "fr": "Espagne", "it": "Spagna", "nl": "Spanje", "pt": "Espanha"},
	"PT": {"de": "Portugal", "en": "Portugal", "es": "Portugal", "fr": "Portugal", "it": "Portogallo", "nl": "Portugal", "pt": "Portugal"},
}

// NormalizeCountry returns the upper-case ISO code of one of the seven
// countries ("uk" and "gb" give "GB"), or "" when code is none of them.
func NormalizeCountry(code string) string {
	c := strings.ToUpper(strings.TrimSpace(code))
	if c == "UK" {
		c = "GB"
	}
	if _, ok := countryNames[c]; ok {
		return c
	}
	return ""
}

// CountryName names one of the seven countries in one of the seven
// languages; lang may be a tag such as "fr-FR" and falls back to English. It
// returns "" for a country that is not served.
func CountryName(code, lang string) string {
	names, ok := countryNames[NormalizeCountry(code)]
	if !ok {
		return ""
	}
	l := strings.ToLower(lang)
	if len(l) > 2 {
		l = l[:2]
	}
	if n, ok := names[l]; ok {
		return n
	}
	return names["en"]
}
