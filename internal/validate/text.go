package validate

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Line checks a one-line text taken from outside (a name, a city, a title,
// a place): they end up in e-mail subjects and headers, where a line break
// injects a header or makes the message undeliverable. A line break (CR,
// LF, VT, FF, NEL, U+2028, U+2029) is refused with validation.line_break;
// any other control character, tab included, and a bidirectional
// embedding, override or isolate (U+202A-U+202E, U+2066-U+2069) with
// validation.control_characters. It returns "" when s is fine.
func Line(s string) string {
	if !utf8.ValidString(s) {
		return "validation.invalid_utf8"
	}
	for _, r := range s {
		switch {
		case isLineBreak(r):
			return "validation.line_break"
		case unicode.IsControl(r) || IsBidiControl(r):
			return "validation.control_characters"
		}
	}
	return ""
}

// Text checks a multi-line text taken from outside (a message, a
// description) and returns it with its line breaks as "\n" (CRLF, a lone
// CR, U+2028 and U+2029 become LF); tabs stay. Any other control character
// or a bidirectional embedding, override or isolate is refused with
// validation.control_characters. It does not trim: callers decide what surrounding space
// means.
func Text(s string) (string, string) {
	if !utf8.ValidString(s) {
		return "", "validation.invalid_utf8"
	}
	clean := true
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t':
		case r == '\r' || r == '\u2028' || r == '\u2029':
			clean = false
		case unicode.IsControl(r) || IsBidiControl(r):
			return "", "validation.control_characters"
		}
	}
	if clean {
		return s, ""
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.NewReplacer("\r", "\n", "\u2028", "\n", "\u2029", "\n").Replace(s), ""
}

// IsBidiControl reports whether r is a bidirectional embedding, override or
// isolate (U+202A-U+202E, U+2066-U+2069): invisible, it reorders the text
// around it, so "Ana\u202Eesor" shows as "Anarose" reversed. The marks
// U+200E, U+200F and U+061C, which only hint a direction, are not.
func IsBidiControl(r rune) bool {
	return (r >= '\u202A' && r <= '\u202E') || (r >= '\u2066' && r <= '\u2069')
}

func isLineBreak(r rune) bool {
	switch r {
	case '\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029':
		return true
	}
	return false
}
