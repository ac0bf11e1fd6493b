package validate

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// CompanyNumberMax bounds what a company number field may hold before it is
// read: the longest accepted form (a Handelsregister entry with its court)
// is well under it, so anything longer is refused without being parsed.
const CompanyNumberMax = 120

// companyNumberRules maps the countries whose companies are asked for a
// number to the rule that normalises and checks it. A country missing here
// has no number asked for (the field is not shown and nothing is stored).
var companyNumberRules = map[string]func(string) (string, bool){
	"FR": frenchSiret,
	"BE": belgianEnterpriseNumber,
	"GB": ukCompanyNumber,
	"DE": germanCompanyNumber,
	"IT": italianPartitaIVA,
	"ES": spanishNIF,
	"PT": portugueseNIF,
}

// HasCompanyNumber reports whether a company of country is asked for its
// company number (the SIRET in France, the enterprise number in Belgium…).
func HasCompanyNumber(country string) bool {
	_, ok := companyNumberRules[country]
	return ok
}

// CompanyNumberFormatCode is the message code of a malformed number of
// country: France keeps its historical siret.errors.format; the others name
// their own number (company_number.errors.be …).
func CompanyNumberFormatCode(country string) string {
	if country == "FR" {
		return "siret.errors.format"
	}
	return "company_number.errors." + strings.ToLower(country)
}

// CompanyNumber normalises s, the company number of a company in country,
// to the form it is stored in, and checks it (check digits included where
// the country has one). It answers "" and "" for a country that asks for no
// number, and a message code when s is empty or not a valid number.
// Spacing, dots, dashes and the country's VAT prefix (BE, IT, ES, PT) are
// accepted and removed.
func CompanyNumber(country, s string) (string, string) {
	rule, ok := companyNumberRules[country]
	if !ok {
		return "", ""
	}
	if len(s) > CompanyNumberMax || !utf8.ValidString(s) {
		return "", CompanyNumberFormatCode(country)
	}
	if strings.TrimSpace(s) == "" {
		return "", "validation.required"
	}
	n, ok := rule(s)
	if !ok {
		return "", CompanyNumberFormatCode(country)
	}
	return n, ""
}

// compact uppercases s and drops the separators people type in numbers:
// spaces (also no-break ones), dots, dashes and slashes.
func compact(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', '.', '-', '/', '\u00a0', '\u202f':
			return -1
		}
		if r >= 'a' && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}, s)
}

// digitsOnly reports whether s is made of ASCII digits only (and not empty).
func digitsOnly(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func frenchSiret(s string) (string, bool) {
	n := compact(s)
	return n, Siret(n) == ""
}

// belgianEnterpriseNumber: 10 digits starting with 0 or 1, the last two
// being 97 - (the first eight mod 97). A number from before 2005, nine
// digits, is the same one without its leading 0.
func belgianEnterpriseNumber(s string) (string, bool) {
	n := strings.TrimPrefix(compact(s), "BE")
	if len(n) == 9 && digitsOnly(n) {
		n = "0" + n
	}
	if len(n) != 10 || !digitsOnly(n) || (n[0] != '0' && n[0] != '1') {
		return n, false
	}
	base := atoi(n[:8])
	return n, 97-base%97 == atoi(n[8:])
}

// ukPrefixes are the two-letter prefixes Companies House gives numbers
// outside England and Wales' plain companies (Scotland SC, Northern Ireland
// NI, LLPs OC/SO/NC, limited partnerships LP/SL/NL, overseas FC …). R0 is
// Northern Ireland's older register, its second character a digit.
var ukPrefixes = map[string]bool{
	"AC": true, "BR": true, "CE": true, "CS": true, "FC": true, "FE": true, "GE": true, "GN": true, "GS": true,
	"IC": true, "IP": true, "LP": true, "NA": true, "NC": true, "NF": true, "NI": true, "NL": true, "NO": true,
	"NP": true, "NR": true, "NZ": true, "OC": true, "R0": true, "RC": true, "SA": true, "SC": true, "SE": true,
	"SF": true, "SG": true, "SI": true, "SL": true, "SO": true, "SP": true, "SR": true, "SZ": true, "ZC": true,
}

// ukCompanyNumber: 8 characters, 8 digits or a known prefix and 6 digits.
// There is no check digit.
func ukCompanyNumber(s string) (string, bool) {
	n := compact(s)
	if len(n) != 8 {
		return n, false
	}
	if digitsOnly(n) {
		return n, true
	}
	return n, ukPrefixes[n[:2]] && digitsOnly(n[2:])
}

var (
	// A Handelsregister entry: HRA or HRB, the number, an optional letter
	// some courts add (Berlin's B), and the register court before it
	// ("Amtsgericht München HRB 12345") or after a comma.
	hrEntry   = regexp.MustCompile(`^(?i:HR\s*([AB]))\s*([0-9]{1,6})(?:\s+([A-Z]))?$`)
	hrCourt   = regexp.MustCompile(`^(?i:amtsgericht|ag)\s+(\p{Lu}[\p{L}\-. ()]{1,50})$`)
	hrSpaces  = regexp.MustCompile(`\s+`)
	hrBefore  = regexp.MustCompile(`^(.+?)[,\s]+((?i:HR\s*[AB])\s*[0-9].*)$`)
	germanVAT = regexp.MustCompile(`^DE[0-9]{9}$`)
)

// germanCompanyNumber: an USt-IdNr (DE and nine digits, the last an ISO
// 7064 MOD 11,10 check digit) or a Handelsregister entry, normalised to
// "HRB 12345" (with its letter, then ", Amtsgericht <court>" when given).
func germanCompanyNumber(s string) (string, bool) {
	if v := compact(s); germanVAT.MatchString(v) {
		return v, mod1110(v[2:])
	}
	t := strings.TrimSpace(hrSpaces.ReplaceAllString(strings.Map(func(r rune) rune {
		if r == '\u00a0' || r == '\u202f' {
			return ' '
		}
		return r
	}, s), " "))
	entry, court := t, ""
	if e, c, ok := strings.Cut(t, ","); ok {
		entry, court = strings.TrimSpace(e), strings.TrimSpace(c)
	} else if m := hrBefore.FindStringSubmatch(t); m != nil && !hrEntry.MatchString(t) {
		court, entry = strings.TrimSpace(m[1]), strings.TrimSpace(m[2])
	}
	m := hrEntry.FindStringSubmatch(entry)
	if m == nil {
		return t, false
	}
	n := "HR" + strings.ToUpper(m[1]) + " " + strings.TrimLeft(m[2], "0")
	if strings.TrimLeft(m[2], "0") == "" {
		return t, false
	}
	if m[3] != "" {
		n += " " + m[3]
	}
	if court != "" {
		c := hrCourt.FindStringSubmatch(court)
		if c == nil {
			return t, false
		}
		n += ", Amtsgericht " + strings.TrimSpace(c[1])
	}
	return n, true
}

// mod1110 checks the last of digits by ISO 7064 MOD 11,10.
func mod1110(digits string) bool {
	p := 10
	for i := 0; i < len(digits)-1; i++ {
		sum := (int(digits[i]-'0') + p) % 10
		if sum == 0 {
			sum = 10
		}
		p = 2 * sum % 11
	}
	check := 11 - p
	if check == 10 {
		check = 0
	}
	return check == int(digits[len(digits)-1]-'0')
}

// italianPartitaIVA: 11 digits, the first seven the taxpayer's serial (never
// all zeros), the last the Agenzia delle Entrate's check digit: the digits
// in odd places summed, those in even places doubled (less 9 over 9), and
// the check completing the sum to a multiple of 10 (Luhn).
func italianPartitaIVA(s string) (string, bool) {
	n := strings.TrimPrefix(compact(s), "IT")
	if len(n) != 11 || !digitsOnly(n) || n[:7] == "0000000" {
		return n, false
	}
	return n, luhnValid(n)
}

// luhnValid reports whether the digits of s pass the Luhn check.
func luhnValid(s string) bool {
	sum := 0
	for i := 0; i < len(s); i++ {
		d := int(s[i] - '0')
		if (len(s)-i)%2 == 0 {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
}

const (
	dniLetters = "TRWAGMYFPDXBNJZSQVHLCKE"
	cifLetters = "JABCDEFGHI"
)

// spanishNIF: a person's DNI (8 digits and a letter) or NIE (X, Y or Z, 7
// digits and a letter), their letter the number mod 23; or an organisation's
// CIF: the organisation type's letter, 7 digits and a control that is a
// letter (types K L M N P Q R S W), a digit (A B E H) or either (the others).
func spanishNIF(s string) (string, bool) {
	n := strings.TrimPrefix(compact(s), "ES")
	if len(n) != 9 {
		return n, false
	}
	first, body, last := n[0], n[1:8], n[8]
	if !digitsOnly(body) {
		return n, false
	}
	switch {
	case first >= '0' && first <= '9':
		return n, digitsOnly(n[:8]) && dniLetters[atoi(n[:8])%23] == last
	case first == 'X' || first == 'Y' || first == 'Z':
		return n, dniLetters[atoi(string('0'+first-'X')+body)%23] == last
	case strings.IndexByte("ABCDEFGHJKLMNPQRSUVW", first) >= 0:
		sum := 0
		for i := 0; i < 7; i++ {
			d := int(body[i] - '0')
			if i%2 == 0 {
				d *= 2
				d = d/10 + d%10
			}
			sum += d
		}
		digit := (10 - sum%10) % 10
		byDigit, byLetter := last == byte('0'+digit), last == cifLetters[digit]
		switch {
		case strings.IndexByte("KLMNPQRSW", first) >= 0:
			return n, byLetter
		case strings.IndexByte("ABEH", first) >= 0:
			return n, byDigit
		}
		return n, byDigit || byLetter
	}
	return n, false
}

// portugueseNIF: 9 digits, the first saying who holds it (1-3 people, 45
// non-residents, 5-9 organisations), the last a modulo 11 check digit
// (11 - the digits weighted 9 to 2 mod 11; 0 when that is 10 or 11).
func portugueseNIF(s string) (string, bool) {
	n := strings.TrimPrefix(compact(s), "PT")
	if len(n) != 9 || !digitsOnly(n) || n[0] == '0' || (n[0] == '4' && n[1] != '5') {
		return n, false
	}
	sum := 0
	for i := 0; i < 8; i++ {
		sum += int(n[i]-'0') * (9 - i)
	}
	check := 11 - sum%11
	if check >= 10 {
		check = 0
	}
	return n, check == int(n[8]-'0')
}

// atoi reads a string of ASCII digits the callers already checked.
func atoi(s string) int {
	v := 0
	for i := 0; i < len(s); i++ {
		v = v*10 + int(s[i]-'0')
	}
	return v
}
