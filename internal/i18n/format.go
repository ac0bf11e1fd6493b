package i18n

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// The one home of how each locale writes numbers, money and dates (CLDR's
// patterns for the seven domains' locales; Go has no CLDR formatter). The
// public site, e-mails, SMS and the payment pages all write through here.

// numberStyle is how a locale writes numbers and amounts.
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

// langLocales are the locale a language is written in when only the
// language is known (an e-mail's reader): the domain that speaks it.
var langLocales = map[string]string{
	"fr": "fr-FR", "nl": "nl-BE", "en": "en-GB", "de": "de-DE", "it": "it-IT", "es": "es-ES", "pt": "pt-PT",
}

// styleOf accepts a locale (fr-FR) or a language (fr); the default
// domain's for anything else.
func styleOf(locale string) numberStyle {
	if st, ok := numberStyles[locale]; ok {
		return st
	}
	if st, ok := numberStyles[langLocales[locale]]; ok {
		return st
	}
	return numberStyles["fr-FR"]
}

// FormatInt writes n with the locale's thousands separator; locale is a
// locale (fr-FR) or a language (fr).
func FormatInt(locale string, n int64) string {
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

// FormatDecimal writes f with one decimal: "4,5", "4.5".
func FormatDecimal(locale string, f float64) string {
	tenths := int64(math.Round(f * 10))
	return FormatInt(locale, tenths/10) + styleOf(locale).decimal + strconv.FormatInt(tenths%10, 10)
}

// CurrencySymbol is the symbol of an ISO 4217 code (any case); the code
// itself, upper case, for one the domains do not use.
func CurrencySymbol(currency string) string {
	switch strings.ToLower(currency) {
	case "eur":
		return "€"
	case "gbp":
		return "£"
	}
	return strings.ToUpper(currency)
}

// FormatMoney writes whole units of a currency symbol the locale's way:
// "1 500 €", "£1,500", "€ 1.500".
func FormatMoney(locale, symbol string, n int64) string {
	return strings.NewReplacer("{n}", FormatInt(locale, n), "{c}", symbol).Replace(styleOf(locale).money)
}

// Money writes cents of a currency the locale's way, with the cents only
// when there are some: "69 €", "57,50 €", "£59", "£2,475.50".
func Money(locale string, cents int64, currency string) string {
	st := styleOf(locale)
	neg := cents < 0
	if neg {
		cents = -cents
	}
	n := FormatInt(locale, cents/100)
	if rest := cents % 100; rest != 0 {
		n += st.decimal + strconv.FormatInt(100+rest, 10)[1:]
	}
	if neg {
		n = "-" + n
	}
	return strings.NewReplacer("{n}", n, "{c}", CurrencySymbol(currency)).Replace(st.money)
}

// Date writes a calendar day in full in lang: "17 juillet 2027",
// "17. Juli 2027", "17 de julio de 2027". The month names and the pattern
// are texts of the catalogue (site.date).
func (b *Bundle) Date(lang string, t time.Time) string {
	return b.T(lang, "site.date.day", "day", strconv.Itoa(t.Day()), "month", b.month(lang, t.Month()), "year", strconv.Itoa(t.Year()))
}

// DateISO writes a YYYY-MM-DD day as Date does; a value that is not such a
// day is returned as it is.
func (b *Bundle) DateISO(lang, day string) string {
	t, err := time.Parse(time.DateOnly, strings.TrimSpace(day))
	if err != nil {
		return day
	}
	return b.Date(lang, t)
}

// DateTime writes an instant as a day in full and a 24-hour time in loc:
// "17 juillet 2027 à 14:05".
func (b *Bundle) DateTime(lang string, t time.Time, loc *time.Location) string {
	if loc != nil {
		t = t.In(loc)
	}
	return b.T(lang, "site.conversation.datetime", "day", strconv.Itoa(t.Day()), "month", b.month(lang, t.Month()),
		"year", strconv.Itoa(t.Year()), "time", t.Format("15:04"))
}

// month is a month's name in lang (site.date.month_1 to _12).
func (b *Bundle) month(lang string, m time.Month) string {
	key := "site.date.month_" + strconv.Itoa(int(m))
	return b.T(lang, key)
}
