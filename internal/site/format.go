package site

import "noces/internal/i18n"

// The site writes numbers and money through i18n's formatter, the one home
// of each locale's patterns; these names keep the templates' helpers short.

// formatInt writes n with the locale's thousands separator.
func formatInt(locale string, n int64) string { return i18n.FormatInt(locale, n) }

// currencyOf is the symbol of the currency a country's listings price in:
// its domain's (DECISIONS: money per domain).
func currencyOf(country string) string {
	for _, d := range i18n.Domains {
		if d.Country == country {
			return i18n.CurrencySymbol(d.Currency)
		}
	}
	return i18n.CurrencySymbol(i18n.Domains[0].Currency)
}

// formatMoney writes whole units of a currency the locale's way:
// "1 500 €", "£1,500", "€ 1.500".
func formatMoney(locale, symbol string, n int64) string { return i18n.FormatMoney(locale, symbol, n) }

// formatDecimal writes f with one decimal: "4,5", "4.5".
func formatDecimal(locale string, f float64) string { return i18n.FormatDecimal(locale, f) }
