package i18n

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestMoneyInEachLocale(t *testing.T) {
	for _, tc := range []struct {
		locale   string
		cents    int64
		currency string
		want     string
	}{
		{"fr", 6900, "eur", "69\u00a0€"},
		{"fr-FR", 5750, "EUR", "57,50\u00a0€"},
		{"en", 5900, "gbp", "£59"},
		{"en-GB", 247550, "gbp", "£2,475.50"},
		{"de", 150000, "eur", "1.500\u00a0€"},
		{"nl", 5050, "eur", "€\u00a050,50"},
		{"pt", 150005, "eur", "1500,05\u00a0€"},
		{"es", 1500000, "eur", "15.000\u00a0€"},
		{"xx", 100, "usd", "1\u00a0USD"},
	} {
		if got := Money(tc.locale, tc.cents, tc.currency); got != tc.want {
			t.Errorf("Money(%s, %d, %s) = %q, want %q", tc.locale, tc.cents, tc.currency, got, tc.want)
		}
	}
}

func TestDatesInEachLanguage(t *testing.T) {
	b := MustLoad()
	day := time.Date(2027, 7, 17, 22, 30, 0, 0, time.UTC)
	want := map[string]string{
		"fr": "17 juillet 2027", "en": "17 July 2027", "de": "17. Juli 2027", "es": "17 de julio de 2027",
		"it": "17 luglio 2027", "nl": "17 juli 2027", "pt": "17 de julho de 2027",
	}
	for _, lang := range Langs {
		if got := b.Date(lang, day); got != want[lang] {
			t.Errorf("Date(%s) = %q, want %q", lang, got, want[lang])
		}
		if got := b.DateISO(lang, "2027-07-17"); got != want[lang] {
			t.Errorf("DateISO(%s) = %q, want %q", lang, got, want[lang])
		}
	}
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Skip("no time zone database")
	}
	if got := b.DateTime("fr", day, paris); got != "18 juillet 2027 à 00:30" {
		t.Errorf("DateTime = %q", got)
	}
	if got := b.DateISO("fr", "not a day"); got != "not a day" {
		t.Errorf("DateISO of a non-date = %q", got)
	}
}

var isoDate = regexp.MustCompile(`\b\d{4}-\d{2}-\d{2}\b`)

// Every SMS text, in every language, filled as the senders fill it (a day
// through DateISO), carries no ISO date; and no sender hands an SMS a day
// without writing it in the reader's language first.
func TestSMSWriteDatesInTheReadersLanguage(t *testing.T) {
	b := MustLoad()
	placeholder := regexp.MustCompile(`\{([a-zA-Z]+)\}`)
	n := 0
	for _, lang := range Langs {
		for _, key := range b.Keys(lang) {
			if !strings.HasPrefix(key, "sms.") {
				continue
			}
			n++
			var kv []string
			for _, m := range placeholder.FindAllStringSubmatch(b.T(lang, key), -1) {
				v := "x"
				if m[1] == "date" {
					v = b.DateISO(lang, "2027-07-17")
				}
				kv = append(kv, m[1], v)
			}
			if out := b.T(lang, key, kv...); isoDate.MatchString(out) || strings.Contains(out, "{") {
				t.Errorf("%s %s: %q", lang, key, out)
			}
		}
	}
	if n < 3*len(Langs) {
		t.Errorf("only %d SMS texts found", n)
	}
	// The senders: every line handing an SMS text a date or time goes
	// through the formatter.
	sends := regexp.MustCompile(`"sms\.[a-z_.]+"[^\n]*`)
	raw := regexp.MustCompile(`"date", [a-zA-Z.]*(Date|At)\b|\.Format\(|\.String\(\)`)
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, line := range sends.FindAllString(string(src), -1) {
			if raw.MatchString(line) {
				t.Errorf("%s sends a raw date in an SMS: %s", path, line)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
