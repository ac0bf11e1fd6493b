package conversation

import (
	"html"
	"html/template"
	"net/url"
	"regexp"
	"strings"
)

// linkPattern finds what a message's reader expects to click: http(s) URLs
// and www. addresses, up to a space or a character that cannot end one in
// text.
var linkPattern = regexp.MustCompile(`(?i)\b(?:https?://|www\.)[^\s<>"']+`)

// Linkify renders a message's plain text as HTML: everything escaped, and
// the links made clickable (http and https only, opened without the page's
// address as referrer). Nothing else of the text is interpreted; the
// template's CSS keeps its line breaks.
func Linkify(text string) template.HTML {
	var b strings.Builder
	last := 0
	for _, loc := range linkPattern.FindAllStringIndex(text, -1) {
		start, end := loc[0], trimLinkEnd(text, loc[0], loc[1])
		href, ok := linkHref(text[start:end])
		if !ok {
			continue
		}
		b.WriteString(html.EscapeString(text[last:start]))
		b.WriteString(`<a href="`)
		b.WriteString(html.EscapeString(href))
		b.WriteString(`" rel="nofollow noopener noreferrer ugc">`)
		b.WriteString(html.EscapeString(text[start:end]))
		b.WriteString(`</a>`)
		last = end
	}
	b.WriteString(html.EscapeString(text[last:]))
	return template.HTML(b.String()) //nolint:gosec // every piece of text above is escaped
}

// trimLinkEnd drops the punctuation that ends a sentence rather than the
// link ("see https://x.fr."), and a closing parenthesis without its
// opening one ("(https://x.fr)").
func trimLinkEnd(text string, start, end int) int {
	for end > start {
		c := text[end-1]
		switch {
		case strings.IndexByte(".,;:!?", c) >= 0:
			end--
		case c == ')' && strings.Count(text[start:end], "(") < strings.Count(text[start:end], ")"):
			end--
		default:
			return end
		}
	}
	return end
}

// linkHref is the address a link found in text points to: an absolute
// http(s) URL with a host, or nothing.
func linkHref(s string) (string, bool) {
	href := s
	if strings.HasPrefix(strings.ToLower(s), "www.") {
		href = "https://" + s
	}
	u, err := url.Parse(href)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || len(u.Host) < 3 {
		return "", false
	}
	return u.String(), true
}
