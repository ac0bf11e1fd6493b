package media

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"html"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/microcosm-cc/bluemonday"

	"noces/internal/model"
	"noces/internal/store"
)

// RichPolicy keeps what the portrait editor makes: paragraphs, line breaks,
// bold and lists. Everything else (links, styles, scripts, attributes) goes.
func RichPolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("p", "br", "strong", "b", "ul", "ol", "li")
	return p
}

var (
	emptyParagraphs = regexp.MustCompile(`(?:<p>(?:\s|&nbsp;|&#160;|<br\s*/?>)*</p>\s*)+`)
	blankLines      = regexp.MustCompile(`\n{3,}`)
	blockEnd        = regexp.MustCompile(`(?i)</p>|<br\s*/?>|</li>|</ul>|</ol>`)
)

// SanitizeRich cleans a rich-text section: only the editor's tags survive,
// runs of empty paragraphs become one, more than two blank lines become
// two, and empty paragraphs at either end go. A text without any letter or
// digit is "".
func SanitizeRich(p *bluemonday.Policy, raw string) string {
	out := p.Sanitize(strings.ReplaceAll(raw, "\r\n", "\n"))
	out = blankLines.ReplaceAllString(out, "\n\n")
	out = emptyParagraphs.ReplaceAllStringFunc(out, func(string) string { return "<p></p>" })
	for {
		t := strings.TrimSpace(out)
		t = strings.TrimSpace(strings.TrimPrefix(t, "<p></p>"))
		t = strings.TrimSpace(strings.TrimSuffix(t, "<p></p>"))
		if t == out {
			break
		}
		out = t
	}
	if strings.IndexFunc(PlainText(out), func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
		return ""
	}
	return out
}

var strict = bluemonday.StrictPolicy()

// PlainText is the text of sanitised HTML, one line per block.
func PlainText(h string) string {
	h = blockEnd.ReplaceAllString(h, "\n")
	return strings.TrimSpace(html.UnescapeString(strict.Sanitize(h)))
}

// fingerprintMin is the number of letters and digits from which a text (or
// one of its paragraphs) must be unique: short common phrases are not copies.
const fingerprintMin = 80

// normalise keeps the letters and digits of s, lowercased, so a copy with
// other spacing, case or punctuation is still a copy.
func normalise(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Fingerprints are the keys under which a text is unique: the whole text and
// each of its paragraphs, when long enough.
func Fingerprints(plain string) []string {
	var out []string
	add := func(s string) {
		n := normalise(s)
		if utf8.RuneCountInString(n) < fingerprintMin {
			return
		}
		sum := sha256.Sum256([]byte(n))
		if f := hex.EncodeToString(sum[:]); !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	add(plain)
	for _, line := range strings.Split(plain, "\n") {
		add(line)
	}
	return out
}

// textSource is one text to keep unique: its source name and fingerprints.
type textSource struct {
	field, source string
	prints        []string
}

// duplicateFields returns the fields whose text is used elsewhere in the
// directory or twice among texts.
func (s *Service) duplicateFields(ctx context.Context, userID string, texts []textSource) (map[string]bool, error) {
	var all []string
	for _, t := range texts {
		all = append(all, t.prints...)
	}
	used, err := s.Store.FindTextFingerprints(ctx, all)
	if err != nil {
		return nil, err
	}
	dup := map[string]bool{}
	seen := map[string]string{} // fingerprint -> field, within this save
	for _, t := range texts {
		for _, f := range t.prints {
			if u, ok := used[f]; ok && (u.UserID != userID || u.Source != t.source) && !replacedHere(u, userID, texts) {
				dup[t.field] = true
			}
			if other, ok := seen[f]; ok && other != t.field {
				dup[t.field] = true
			}
			seen[f] = t.field
		}
	}
	return dup, nil
}

// replacedHere reports whether a used fingerprint belongs to one of the
// texts being saved (it is about to be replaced, so moving a paragraph
// from one section to another is not a copy).
func replacedHere(u model.TextFingerprint, userID string, texts []textSource) bool {
	if u.UserID != userID {
		return false
	}
	for _, t := range texts {
		if t.source == u.Source {
			return true
		}
	}
	return false
}

// saveFingerprints replaces the fingerprints of texts inside tx; a
// fingerprint taken meanwhile by someone else refuses the save.
func saveFingerprints(ctx context.Context, tx *store.Store, userID string, texts []textSource) (string, error) {
	for _, t := range texts {
		if err := tx.DeleteTextFingerprints(ctx, userID, t.source); err != nil {
			return "", err
		}
	}
	for _, t := range texts {
		if err := tx.ReplaceTextFingerprints(ctx, userID, t.source, t.prints); err != nil {
			if errors.Is(err, store.ErrConflict) {
				return t.field, err
			}
			return "", err
		}
	}
	return "", nil
}
