package validate

import (
	"regexp"
	"strings"
)

// ZipcodeInvalid is the code of every postal code error, an empty one too:
// the address form's message for it says what the country's format is.
const ZipcodeInvalid = "validation.invalid_zipcode"

var (
	// ukPostcode is an outward code (A9, A99, A9A, AA9, AA99, AA9A, with the
	// letters Royal Mail uses in each position) then the inward code (9AA),
	// or the one special GIR 0AA.
	ukPostcode = regexp.MustCompile(`^(?:([A-PR-UWYZ][0-9][0-9A-HJKPSTUW]?|[A-PR-UWYZ][A-HK-Y][0-9][0-9ABEHMNPRV-Y]?)([0-9][ABD-HJLNP-UW-Z]{2})|(GIR)(0AA))$`)
	// otherPostcode is the loose rule for the other countries of the form.
	otherPostcode = regexp.MustCompile(`^[A-Z0-9][A-Z0-9 -]{0,8}[A-Z0-9]$`)
)

// Postcode checks a postal code with the rules of its country (an ISO code;
// "UK" is GB) and returns it normalised:
//
//   - FR, DE, IT, ES: 5 digits ("75001"); ES begins with a province, 01 to 52;
//     FR and DE never begin with 00.
//   - BE: 4 digits, the first not 0 ("1000").
//   - PT: 4 digits, a hyphen, 3 digits; "1000001" and "1000 001" become
//     "1000-001".
//   - GB: a UK postcode, in capitals with one space ("sw1a1aa" becomes
//     "SW1A 1AA").
//   - any other country: 2 to 10 letters, digits, spaces or hyphens, in
//     capitals with single spaces.
//
// Spaces around the code, and inside the digit-only ones, are ignored. The
// error code is ZipcodeInvalid, for an empty code too.
func Postcode(country, code string) (string, string) {
	c := strings.ToUpper(strings.TrimSpace(country))
	s := strings.ToUpper(strings.Join(strings.Fields(code), " "))
	if s == "" {
		return "", ZipcodeInvalid
	}
	switch c {
	case "FR", "DE":
		d, ok := postcodeDigits(s, 5)
		if !ok || strings.HasPrefix(d, "00") {
			return "", ZipcodeInvalid
		}
		return d, ""
	case "IT":
		if d, ok := postcodeDigits(s, 5); ok {
			return d, ""
		}
	case "ES":
		if d, ok := postcodeDigits(s, 5); ok && d[:2] >= "01" && d[:2] <= "52" {
			return d, ""
		}
	case "BE":
		if d, ok := postcodeDigits(s, 4); ok && d[0] != '0' {
			return d, ""
		}
	case "PT":
		d, ok := postcodeDigits(strings.Replace(s, "-", "", 1), 7)
		if ok && d[0] != '0' && (len(s) == 7 || s[4] == '-' || s[4] == ' ') {
			return d[:4] + "-" + d[4:], ""
		}
	case "GB", "UK":
		if m := ukPostcode.FindStringSubmatch(strings.ReplaceAll(s, " ", "")); m != nil {
			if m[3] != "" {
				return m[3] + " " + m[4], ""
			}
			return m[1] + " " + m[2], ""
		}
	default:
		if otherPostcode.MatchString(s) {
			return s, ""
		}
	}
	return "", ZipcodeInvalid
}

// postcodeDigits returns s without its spaces when that is n digits.
func postcodeDigits(s string, n int) (string, bool) {
	d := strings.ReplaceAll(s, " ", "")
	if len(d) != n {
		return "", false
	}
	for i := 0; i < len(d); i++ {
		if d[i] < '0' || d[i] > '9' {
			return "", false
		}
	}
	return d, true
}
