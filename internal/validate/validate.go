// Package validate holds the field rules of the spec, shared by every service
// that accepts the field. Each rule returns "" when the value is valid, or the
// i18n key of its message.
package validate

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nyaruka/phonenumbers"
)

var emailPattern = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[^\s@]+$`)

// Email checks an address: the simple pattern of the spec, a single @, a
// local part of at most 64 characters, a domain of at most 255 whose labels
// are at most 63; no control or bidirectional character (Line).
func Email(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return "validation.email_required"
	}
	if !emailPattern.MatchString(s) || strings.Count(s, "@") != 1 || Line(s) != "" {
		return "validation.email_invalid"
	}
	local, domain, _ := strings.Cut(s, "@")
	if len(local) > 64 || len(domain) > 255 {
		return "validation.email_invalid"
	}
	for _, label := range strings.Split(domain, ".") {
		if label == "" || len(label) > 63 {
			return "validation.email_invalid"
		}
	}
	return ""
}

// Password enforces the one policy of the product: at least 8 characters with
// a lowercase letter, an uppercase letter, a digit and a special character.
func Password(s string) string {
	var lower, upper, digit, special bool
	for _, r := range s {
		switch {
		case unicode.IsLower(r):
			lower = true
		case unicode.IsUpper(r):
			upper = true
		case unicode.IsDigit(r):
			digit = true
		case !unicode.IsSpace(r):
			special = true
		}
	}
	if utf8.RuneCountInString(s) < 8 || !lower || !upper || !digit || !special {
		return "validation.password_requirements"
	}
	if len(s) > 256 {
		return "validation.password_too_long"
	}
	return ""
}

var namePattern = regexp.MustCompile(`^[\p{L}][\p{L}\p{M} '’-]*$`)

// PersonName checks a first or last name: 2 to 50 characters of letters
// (accented), spaces, hyphens and apostrophes.
func PersonName(s string) string {
	s = strings.TrimSpace(s)
	n := utf8.RuneCountInString(s)
	switch {
	case n == 0:
		return "validation.required"
	case n < 2:
		return "validation.min_length_2"
	case n > 50:
		return "validation.max_length_50"
	case !namePattern.MatchString(s):
		return "validation.name_characters"
	}
	return ""
}

// Phone checks a phone number with libphonenumber's rules for its country
// (from its +prefix, else defaultRegion such as "FR") and returns it in E.164.
func Phone(raw, defaultRegion string) (string, string) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return "", "validation.required"
	}
	digits := 0
	for _, r := range s {
		if unicode.IsDigit(r) {
			digits++
		}
	}
	if len(s) < 10 || digits < 8 {
		return "", "validation.phone_invalid"
	}
	n, err := phonenumbers.Parse(s, defaultRegion)
	if err != nil || !phonenumbers.IsValidNumber(n) {
		return "", "validation.phone_invalid"
	}
	// The number as saved must pass the length rule too, or the same form
	// sent again would be refused: an extension or an international prefix
	// counts in what was typed but not in the E.164 form ("+683 4002 ext 1234"
	// is "+6834002").
	out := phonenumbers.Format(n, phonenumbers.E164)
	if len(out) < 10 {
		return "", "validation.phone_invalid"
	}
	return out, ""
}
