package validate

import (
	"math"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"
)

// The fuzz targets of the field rules. Each checks what an accepted value
// promises (the rule's documented invariants), that a rule answers the same
// twice, and that a normalised value is a fixed point: saving a form again
// with what the server returned must not change it or refuse it.

func FuzzEmail(f *testing.F) {
	for _, s := range []string{"jeanne@example.fr", " jeanne.dupont+noces@mail.example.co.uk ", "", "a@b.c", "no-at.example",
		"two@@example.fr", "a@b@c.fr", "x@.fr", "x@example..fr", strings.Repeat("a", 65) + "@example.fr",
		"x@" + strings.Repeat("a", 64) + ".fr", "é@é.fr", "a\u00a0b@example.fr"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		code := Email(s)
		if again := Email(s); again != code {
			t.Fatalf("Email(%q) = %q then %q", s, code, again)
		}
		if code != "" {
			return
		}
		e := strings.TrimSpace(s)
		if strings.Count(e, "@") != 1 || strings.ContainsAny(e, " \t\r\n\f") {
			t.Fatalf("Email accepted %q: not one @ or a space inside", s)
		}
		local, domain, _ := strings.Cut(e, "@")
		if local == "" || len(local) > 64 || len(domain) > 255 || !strings.Contains(domain, ".") {
			t.Fatalf("Email accepted %q: local part %q, domain %q", s, local, domain)
		}
		for _, label := range strings.Split(domain, ".") {
			if label == "" || len(label) > 63 {
				t.Fatalf("Email accepted %q: domain label %q", s, label)
			}
		}
		if Email(e) != "" {
			t.Fatalf("Email accepted %q but not its trimmed form", s)
		}
	})
}

func FuzzPassword(f *testing.F) {
	for _, s := range []string{"Demo-2026!", "aA1!aA1!", "aA1!aA1", "password", "PASSWORD1!", "Pässwört-2026", "",
		strings.Repeat("aA1!", 64), strings.Repeat("aA1!", 65), "aA1\taA1\t"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		code := Password(s)
		if again := Password(s); again != code {
			t.Fatalf("Password(%q) = %q then %q", s, code, again)
		}
		if code != "" {
			return
		}
		if utf8.RuneCountInString(s) < 8 || len(s) > 256 {
			t.Fatalf("Password accepted %q of %d characters, %d bytes", s, utf8.RuneCountInString(s), len(s))
		}
		has := func(in func(rune) bool) bool { return strings.IndexFunc(s, in) >= 0 }
		special := func(r rune) bool {
			return !unicode.IsLower(r) && !unicode.IsUpper(r) && !unicode.IsDigit(r) && !unicode.IsSpace(r)
		}
		if !has(unicode.IsLower) || !has(unicode.IsUpper) || !has(unicode.IsDigit) || !has(special) {
			t.Fatalf("Password accepted %q without a lowercase, uppercase, digit and special character", s)
		}
	})
}

func FuzzPersonName(f *testing.F) {
	for _, s := range []string{"Jeanne", " Jean-Pierre ", "O’Connor", "D'Artagnan", "Zoë", "Ångström", "J", "",
		"-Jeanne", "Jeanne2", strings.Repeat("é", 50), strings.Repeat("é", 51), "Jeanne\u0301", "<script>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		code := PersonName(s)
		if again := PersonName(s); again != code {
			t.Fatalf("PersonName(%q) = %q then %q", s, code, again)
		}
		trimmed := strings.TrimSpace(s)
		if PersonName(trimmed) != code {
			t.Fatalf("PersonName(%q) = %q but %q for its trimmed form", s, code, PersonName(trimmed))
		}
		if code != "" {
			return
		}
		n := utf8.RuneCountInString(trimmed)
		first, _ := utf8.DecodeRuneInString(trimmed)
		if n < 2 || n > 50 || !unicode.IsLetter(first) || strings.ContainsAny(trimmed, "<>\"&0123456789\n\t") {
			t.Fatalf("PersonName accepted %q", s)
		}
	})
}

// e164 is the ITU-T E.164 form: +, a country code not starting with 0, at
// most 15 digits in all.
var e164 = regexp.MustCompile(`^\+[1-9][0-9]{1,14}$`)

func FuzzPhone(f *testing.F) {
	for _, c := range [][2]string{{"06 12 34 56 78", "FR"}, {"+33 6 12 34 56 78", "FR"}, {"+32 470 12 34 56", "BE"},
		{"020 7946 0958", "GB"}, {"+44 20 7946 0958", "DE"}, {"0612345678", "XX"}, {"06 12 34 56", "FR"}, {"", "FR"},
		{"+33 6 12 34 56 78 ext. 12", "FR"}, {"+683 4002 ext 1234", "FR"}, {"(+351) 912 345 678", "PT"}, {"call me", "FR"},
		{"+1 650-253-0000", "FR"}, {"0033612345678", "FR"}} {
		f.Add(c[0], c[1])
	}
	f.Fuzz(func(t *testing.T, raw, region string) {
		out, code := Phone(raw, region)
		if out2, code2 := Phone(raw, region); out2 != out || code2 != code {
			t.Fatalf("Phone(%q, %q) = %q, %q then %q, %q", raw, region, out, code, out2, code2)
		}
		if code != "" {
			if out != "" {
				t.Fatalf("Phone(%q, %q) refused with %q but returned %q", raw, region, code, out)
			}
			return
		}
		if !e164.MatchString(out) {
			t.Fatalf("Phone(%q, %q) = %q, not E.164", raw, region, out)
		}
		// The number as saved is accepted again, unchanged, whatever the
		// form's country: it carries its own.
		for _, r := range []string{region, "FR", "GB"} {
			if again, code := Phone(out, r); again != out || code != "" {
				t.Fatalf("Phone(%q, %q) = %q; Phone(%q, %q) = %q, %q", raw, region, out, out, r, again, code)
			}
		}
	})
}

func FuzzPostcode(f *testing.F) {
	for _, c := range [][2]string{{"FR", "75001"}, {"fr", " 75 001 "}, {"FR", "00100"}, {"DE", "10115"}, {"IT", "00118"},
		{"ES", "28013"}, {"ES", "53000"}, {"BE", "1000"}, {"BE", "0999"}, {"PT", "1000-001"}, {"PT", "1000 001"},
		{"PT", "1000001"}, {"PT", "100-0001"}, {"GB", "sw1a1aa"}, {"UK", "SW1A 1AA"}, {"GB", "gir 0aa"}, {"GB", "Q1 1AA"},
		{"NL", "1012 ab"}, {"CH", "8001"}, {"LU", "L-1111"}, {"IE", "-"}, {"", "75001"}, {"FR", ""}} {
		f.Add(c[0], c[1])
	}
	f.Fuzz(func(t *testing.T, country, code string) {
		out, errCode := Postcode(country, code)
		if out2, errCode2 := Postcode(country, code); out2 != out || errCode2 != errCode {
			t.Fatalf("Postcode(%q, %q) = %q, %q then %q, %q", country, code, out, errCode, out2, errCode2)
		}
		if errCode != "" {
			if errCode != ZipcodeInvalid || out != "" {
				t.Fatalf("Postcode(%q, %q) = %q, %q", country, code, out, errCode)
			}
			return
		}
		if again, e := Postcode(country, out); again != out || e != "" {
			t.Fatalf("Postcode(%q, %q) = %q, but Postcode(%q, %q) = %q, %q", country, code, out, country, out, again, e)
		}
		if out != strings.ToUpper(out) || strings.Contains(out, "  ") || out != strings.TrimSpace(out) {
			t.Fatalf("Postcode(%q, %q) = %q: not in capitals with single spaces", country, code, out)
		}
		if !postcodeShapes.MatchString(out) {
			t.Fatalf("Postcode(%q, %q) = %q: characters outside letters, digits, space and hyphen", country, code, out)
		}
		var shape *regexp.Regexp
		switch strings.ToUpper(strings.TrimSpace(country)) {
		case "FR", "DE", "IT", "ES":
			shape = regexp.MustCompile(`^[0-9]{5}$`)
		case "BE":
			shape = regexp.MustCompile(`^[1-9][0-9]{3}$`)
		case "PT":
			shape = regexp.MustCompile(`^[1-9][0-9]{3}-[0-9]{3}$`)
		case "GB", "UK":
			shape = regexp.MustCompile(`^(?:[A-Z]{1,2}[0-9][0-9A-Z]? [0-9][A-Z]{2}|GIR 0AA)$`)
		}
		if shape != nil && !shape.MatchString(out) {
			t.Fatalf("Postcode(%q, %q) = %q, not of the country's shape %s", country, code, out, shape)
		}
	})
}

var postcodeShapes = regexp.MustCompile(`^[A-Z0-9][A-Z0-9 -]{0,8}[A-Z0-9]$`)

// luhn is an independent Luhn check of a string of digits, from the right.
func luhn(s string) bool {
	sum := 0
	for i := 0; i < len(s); i++ {
		d := int(s[len(s)-1-i] - '0')
		if i%2 == 1 {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
}

func FuzzSiret(f *testing.F) {
	for _, s := range []string{"73282932000074", "73282932000075", "35600000000048", "35600000000049", "7328293200007",
		"732829320000740", "7328293200007A", "", "00000000000000", "٧٣٢٨٢٩٣٢٠٠٠٠٧٤", " 73282932000074"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		code := Siret(s)
		if code != "" && code != "siret.errors.format" {
			t.Fatalf("Siret(%q) = %q", s, code)
		}
		allDigits := len(s) == 14 && strings.Trim(s, "0123456789") == ""
		want := allDigits && luhn(s)
		laPoste := allDigits && strings.HasPrefix(s, sirenLaPoste)
		if laPoste {
			sum := 0
			for _, r := range s {
				sum += int(r - '0')
			}
			want = sum%5 == 0
		}
		if (code == "") != want {
			t.Fatalf("Siret(%q) = %q; want valid = %v", s, code, want)
		}
		if code != "" || laPoste {
			return
		}
		// Luhn catches any one mistyped digit.
		for i := 0; i < len(s); i++ {
			for d := byte('0'); d <= '9'; d++ {
				if d == s[i] {
					continue
				}
				typo := s[:i] + string(d) + s[i+1:]
				if strings.HasPrefix(typo, sirenLaPoste) {
					continue
				}
				if Siret(typo) == "" {
					t.Fatalf("Siret accepted %q and its typo %q", s, typo)
				}
			}
		}
	})
}

func FuzzWebsite(f *testing.F) {
	for _, s := range []string{"https://atelier-lumiere.fr", "atelier-lumiere.fr/contact?x=1#top", "http://www.example.co.uk",
		"", "  ", "ftp://example.fr", "javascript:alert(1)//example.fr", "https://localhost", "https://exa mple.fr",
		"https://under_score.fr", "https://user:pw@example.fr", "https://[::1]/", "https://example.fr:8443/", "//example.fr",
		"https://" + strings.Repeat("a", 250) + ".fr", "https://xn--lumire-6ua.fr", "HTTPS://EXAMPLE.FR"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, code := Website(s)
		if out2, code2 := Website(s); out2 != out || code2 != code {
			t.Fatalf("Website(%q) = %q, %q then %q, %q", s, out, code, out2, code2)
		}
		if code != "" {
			if out != "" || code != "validation.website_invalid" {
				t.Fatalf("Website(%q) = %q, %q", s, out, code)
			}
			return
		}
		if out == "" {
			if strings.TrimSpace(s) != "" {
				t.Fatalf("Website(%q) accepted as empty", s)
			}
			return
		}
		u, err := url.Parse(out)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || !strings.Contains(u.Hostname(), ".") || len(out) > 255 {
			t.Fatalf("Website(%q) = %q: not an http(s) URL with a host", s, out)
		}
		if again, code := Website(out); again != out || code != "" {
			t.Fatalf("Website(%q) = %q, but Website(%q) = %q, %q", s, out, out, again, code)
		}
	})
}

func FuzzCreationDate(f *testing.F) {
	for _, s := range []string{"2015-06-01", "1800-01-01", "1799-12-31", "2026-11-25", "2026-11-26", "2024-02-29",
		"2023-02-29", "2015-6-1", "2015-06-01T00:00:00Z", "", "  ", "20150601", "+2015-06-01", "9999-12-31"} {
		f.Add(s)
	}
	today := time.Date(2026, 11, 25, 15, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, s string) {
		code := CreationDate(s, today)
		if code != CreationDate(s, today) {
			t.Fatalf("CreationDate(%q) is not deterministic", s)
		}
		if code != "" {
			return
		}
		d, err := time.Parse("2006-01-02", s)
		if err != nil || d.Format("2006-01-02") != s {
			t.Fatalf("CreationDate accepted %q, which is not a YYYY-MM-DD date", s)
		}
		if d.Year() < OldestCreationYear || d.After(today) {
			t.Fatalf("CreationDate accepted %q, outside %d to today", s, OldestCreationYear)
		}
	})
}

func FuzzCompanyName(f *testing.F) {
	for _, s := range []string{"Atelier Lumière", "L'Atelier & Co. (Paris)", "A", "AB", "", "   ", "Ateliers/Studio 42",
		strings.Repeat("é", 51), "<b>Atelier</b>", "Atelier\tLumière", "Atelier\u200bLumière"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		code := CompanyName(s)
		if code != CompanyName(s) || code != CompanyName(strings.TrimSpace(s)) {
			t.Fatalf("CompanyName(%q) differs between calls or from its trimmed form", s)
		}
		if code != "" {
			return
		}
		c := strings.TrimSpace(s)
		if n := utf8.RuneCountInString(c); n < 2 || n > 50 || strings.ContainsAny(c, "<>\"\n\t;") || !utf8.ValidString(c) {
			t.Fatalf("CompanyName accepted %q", s)
		}
	})
}

func FuzzCoordinates(f *testing.F) {
	for _, c := range [][2]float64{{45.764, 4.8357}, {-90, -180}, {90, 180}, {90.0001, 0}, {0, -180.5}, {0, 0},
		{math.NaN(), 4.8357}, {45.764, math.NaN()}, {math.Inf(1), 0}} {
		f.Add(c[0], c[1])
	}
	f.Fuzz(func(t *testing.T, lat, lng float64) {
		code := Coordinates(&lat, &lng)
		if Coordinates(nil, &lng) == "" || Coordinates(&lat, nil) == "" {
			t.Fatalf("Coordinates accepted a missing latitude or longitude")
		}
		inRange := lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180
		if (code == "") != inRange {
			t.Fatalf("Coordinates(%v, %v) = %q", lat, lng, code)
		}
	})
}

// FuzzCompanyNumber runs every country's rule on any input: the answer is
// one of the rule's codes, an accepted number is a fixed point of the
// normaliser and holds only what the stored forms hold, and where the check
// digit catches every single mistyped digit (not Portugal's, whose 10 and 11
// both give 0), changing one digit of an accepted number is refused.
func FuzzCompanyNumber(f *testing.F) {
	for _, s := range []string{"0403.170.701", "BE0403199702", "00445790", "SC123456", "DE136695976", "HRB 12345 B",
		"Amtsgericht München HRB 86786", "HRB 4711, AG Charlottenburg (Berlin)", "IT00743110157", "A28015865",
		"Q2826000H", "12345678Z", "X1234567L", "PT501964843", "73282932000074", "", " ", "HRB 0", "é", "\u00a0"} {
		for _, c := range []string{"FR", "BE", "GB", "DE", "IT", "ES", "PT", "NL"} {
			f.Add(c, s)
		}
	}
	f.Fuzz(func(t *testing.T, country, s string) {
		n, code := CompanyNumber(country, s)
		if n2, code2 := CompanyNumber(country, s); n2 != n || code2 != code {
			t.Fatalf("CompanyNumber(%q, %q) = %q, %q then %q, %q", country, s, n, code, n2, code2)
		}
		if !HasCompanyNumber(country) {
			if n != "" || code != "" {
				t.Fatalf("CompanyNumber(%q, %q) = %q, %q for a country without a number", country, s, n, code)
			}
			return
		}
		if code != "" {
			if n != "" || (code != "validation.required" && code != CompanyNumberFormatCode(country)) {
				t.Fatalf("CompanyNumber(%q, %q) = %q, %q", country, s, n, code)
			}
			return
		}
		if again, code := CompanyNumber(country, n); again != n || code != "" {
			t.Fatalf("CompanyNumber(%q, %q) = %q, but %q, %q when saved again", country, s, n, again, code)
		}
		if len(n) > 100 || !utf8.ValidString(n) || strings.ContainsAny(n, "<>\"'\n\t") {
			t.Fatalf("CompanyNumber(%q, %q) accepted %q", country, s, n)
		}
		if country == "PT" || country == "GB" || strings.HasPrefix(n, sirenLaPoste) || (country == "DE" && !strings.HasPrefix(n, "DE")) {
			return
		}
		for i := 0; i < len(n); i++ {
			if n[i] < '0' || n[i] > '9' {
				continue
			}
			for d := byte('0'); d <= '9'; d++ {
				if d == n[i] {
					continue
				}
				changed := n[:i] + string(d) + n[i+1:]
				if _, code := CompanyNumber(country, changed); code == "" {
					t.Fatalf("CompanyNumber(%q) accepted %q and %q, one digit apart", country, n, changed)
				}
			}
		}
	})
}
