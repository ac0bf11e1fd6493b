package geo

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Fold turns a place name or a query into its search key: lower case,
// accents removed, letters without a decomposition spelled out (ß → ss,
// æ → ae, ø → o...), and every run of punctuation or space made one space.
// "Saint-Étienne" and "saint  etienne" both fold to "saint etienne", "Köln"
// to "koln".
func Fold(s string) string {
	if isPlainASCII(s) {
		return foldASCII(s)
	}
	// Most names are in Latin letters: a table folds those without
	// decomposing the whole string.
	for _, r := range s {
		if r >= latinEnd {
			return foldNFD(s)
		}
	}
	var b strings.Builder
	b.Grow(len(s))
	space := true // drops leading separators
	for _, r := range s {
		if f := latinFold[r]; f != "" {
			b.WriteString(f)
			space = false
		} else if !space {
			b.WriteByte(' ')
			space = true
		}
	}
	return strings.TrimRight(b.String(), " ")
}

// foldNFD folds any string: decomposed, marks dropped.
func foldNFD(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := true
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case spelled[r] != "":
			b.WriteString(spelled[r])
			space = false
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
			space = false
		case !space:
			b.WriteByte(' ')
			space = true
		}
	}
	return strings.TrimRight(b.String(), " ")
}

// latinFold is how Fold spells each rune below latinEnd (ASCII, Latin-1,
// Latin Extended-A and -B), "" for a separator.
var latinFold = func() []string {
	t := make([]string, latinEnd)
	for r := range rune(latinEnd) {
		t[r] = foldNFD(string(r))
	}
	return t
}()

const latinEnd = 0x250

// spelled holds the letters that NFD leaves whole.
var spelled = map[rune]string{
	'ß': "ss", 'ẞ': "ss", 'æ': "ae", 'Æ': "ae", 'œ': "oe", 'Œ': "oe",
	'ø': "o", 'Ø': "o", 'ł': "l", 'Ł': "l", 'đ': "d", 'Đ': "d",
	'ð': "d", 'Ð': "d", 'þ': "th", 'Þ': "th", 'ı': "i", 'ħ': "h", 'Ħ': "h",
}

// isPlainASCII reports whether s needs no Unicode work.
func isPlainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func foldASCII(s string) string {
	b := make([]byte, 0, len(s))
	space := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z':
			b = append(b, c+'a'-'A')
			space = false
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			b = append(b, c)
			space = false
		default:
			if !space {
				b = append(b, ' ')
				space = true
			}
		}
	}
	if n := len(b); n > 0 && b[n-1] == ' ' {
		b = b[:n-1]
	}
	return string(b)
}

// germanVariant spells ä, ö and ü as ae, oe and ue, the way German is typed
// without them ("Koeln"); ok is false when s has none of them.
func germanVariant(s string) (string, bool) {
	if !strings.ContainsAny(s, "äöüÄÖÜ") {
		return "", false
	}
	return Fold(umlauts.Replace(s)), true
}

var umlauts = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue")
