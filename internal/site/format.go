package site

import (
	"math"
	"strconv"
	"strings"
)

// numberStyle is how a locale writes numbers and amounts (CLDR).
type numberStyle struct {
	group       string // thousands separator
	decimal     string
	minGrouping int    // digits before the first separator appears: 5 means 1500 but 15 000
	money       string // the pattern of an amount, {n} the number and {c} the currency's symbol
}

const (
	nbsp       = "\u00a0"
	narrowNbsp = "\u202f"
)

var numberStyles = map[string]numberStyle{
	"fr-FR": {group: narrowNbsp, decimal: ",", minGrouping: 4, money: "{n}" + nbsp + "{c}"},
	"nl-BE": {group: ".", decimal: ",", minGrouping: 4, money: "{c}" + nbsp + "{n}"},
	"en-GB": {group: ",", decimal: ".", minGrouping: 4, money: "{c}{n}"},
	"de-DE": {group: ".", decimal: ",", minGrouping: 4, money: "{n}" + nbsp + "{c}"},
	"it-IT": {group: ".", decimal: ",", minGrouping: 4, money: "{n}" + nbsp + "{c}"},
	"es-ES": {group: ".", decimal: ",", minGrouping: 5, money: "{n}" + nbsp + "{c}"},
	"pt-PT": {group: nbsp, decimal: ",", minGrouping: 5, money: "{n}" + nbsp + "{c}"},
}

func styleOf(locale string) numberStyle {
	if st, ok := numberStyles[locale]; ok {
		return st
	}
	return numberStyles["fr-FR"]
}

// formatInt writes n with the locale's thousands separator.
func formatInt(locale string, n int64) string {
	st := styleOf(locale)
	neg := n < 0
	if neg {
		n = -n
	}
	digits := strconv.FormatInt(n, 10)
	if len(digits) >= st.minGrouping {
		var b strings.Builder
		for i, c := range digits {
			if i > 0 && (len(digits)-i)%3 == 0 {
				b.WriteString(st.group)
			}
			b.WriteRune(c)
		}
		digits = b.String()
	}
	if neg {
		return "-" + digits
	}
	return digits
}

// currencyOf is the symbol of the currency a country's listings price in:
// euros everywhere but the UK, which prices in pounds (DECISIONS: money per
// domain).
func currencyOf(country string) string {
	if country == "GB" {
		return "£"
	}
	return "€"
}

// formatMoney writes whole units of a currency the locale's way:
// "1 500 €", "£1,500", "€1,500".
func formatMoney(locale, symbol string, n int64) string {
	return strings.NewReplacer("{n}", formatInt(locale, n), "{c}", symbol).Replace(styleOf(locale).money)
}

// formatDecimal writes f with one decimal: "4,5", "4.5".
func formatDecimal(locale string, f float64) string {
	tenths := int64(math.Round(f * 10))
	return formatInt(locale, tenths/10) + styleOf(locale).decimal + strconv.FormatInt(tenths%10, 10)
}
