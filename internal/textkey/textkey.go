// Package textkey makes the keys text is compared and addressed by: folded
// search keys (lower case, no accents) and URL slugs.
package textkey

import (
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// special letters that do not decompose into a base letter and an accent.
var special = strings.NewReplacer("ß", "ss", "æ", "ae", "œ", "oe", "ø", "o", "ł", "l", "đ", "d", "þ", "th", "’", "'")

// Fold lowercases s and strips its accents: "Saint-Étienne" -> "saint-etienne".
func Fold(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, strings.ToLower(s))
	if err != nil {
		return strings.ToLower(s)
	}
	return special.Replace(out)
}

// Slug makes a URL path segment: folded, letters and digits only, words
// joined by hyphens. "Château de l'Épine" -> "chateau-de-l-epine".
func Slug(s string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range Fold(s) {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			hyphen = false
			continue
		}
		hyphen = true
	}
	out := b.String()
	if len(out) > 60 {
		out = strings.TrimRight(out[:60], "-")
	}
	return out
}
