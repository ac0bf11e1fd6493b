package mail

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// OneLine turns s into a one-line header value: every control character,
// line breaks included, and every bidirectional embedding, override or
// isolate (U+202A-U+202E, U+2066-U+2069) becomes a space (one for a run,
// none beside a space already there), the spaces at the ends go, and bytes
// that are not UTF-8 become U+FFFD. Text a person wrote (a couple's city,
// a name) reaches subjects; the forms refuse such characters, and this is
// the last defence for rows stored before they did: the message still
// delivers, and the subject still says what it said.
func OneLine(s string) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, breaksHeader) {
		return strings.Trim(s, " ")
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false // the last rune written is a space
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		if breaksHeader(r) {
			r = ' '
		}
		if r == ' ' && space {
			continue
		}
		space = r == ' '
		b.WriteRune(r)
	}
	return strings.Trim(b.String(), " ")
}

// breaksHeader reports whether r has no place in a one-line header value.
func breaksHeader(r rune) bool {
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' ||
		(r >= '\u202A' && r <= '\u202E') || (r >= '\u2066' && r <= '\u2069')
}
