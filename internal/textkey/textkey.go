// Package textkey makes the keys text is addressed by: URL slugs, built on
// the same folding as place search so both agree on what a name reduces to.
package textkey

import (
	"strings"

	"noces/internal/platform/geo"
)

// Slug makes a URL path segment: folded (lower case, no accents), ASCII
// letters and digits only, words joined by hyphens, at most 60 characters.
// "Château de l'Épine" -> "chateau-de-l-epine".
func Slug(s string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range geo.Fold(s) {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
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
