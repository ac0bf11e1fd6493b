package i18n

// Domain is one of the seven national sites.
type Domain struct {
	Key     string // fr, be, uk, de, it, es, pt
	Locale  string // fr-FR, nl-BE, ...
	Lang    string // the interface language by default
	Country string // ISO 3166-1 alpha-2
	// Currency is what the domain prices credits and premium in (ISO 4217,
	// lower case as the card processor writes it).
	Currency string
}

// Domains are the seven domains; the first is the default.
var Domains = []Domain{
	{Key: "fr", Locale: "fr-FR", Lang: "fr", Country: "FR", Currency: "eur"},
	{Key: "be", Locale: "nl-BE", Lang: "nl", Country: "BE", Currency: "eur"},
	{Key: "uk", Locale: "en-GB", Lang: "en", Country: "GB", Currency: "gbp"},
	{Key: "de", Locale: "de-DE", Lang: "de", Country: "DE", Currency: "eur"},
	{Key: "it", Locale: "it-IT", Lang: "it", Country: "IT", Currency: "eur"},
	{Key: "es", Locale: "es-ES", Lang: "es", Country: "ES", Currency: "eur"},
	{Key: "pt", Locale: "pt-PT", Lang: "pt", Country: "PT", Currency: "eur"},
}

// DomainByKey returns the domain with that key, or the default domain and false.
func DomainByKey(key string) (Domain, bool) {
	for _, d := range Domains {
		if d.Key == key {
			return d, true
		}
	}
	return Domains[0], false
}
