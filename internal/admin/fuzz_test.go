package admin

import (
	"html"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/microcosm-cc/bluemonday"

	"noces/internal/model"
)

var (
	// markup is every tag of sanitised HTML: a name, then quoted attributes.
	markup = regexp.MustCompile(`^<(/?)([a-z][a-z0-9]*)((?: [a-z][a-z-]*="[^"<>]*")*)\s*/?>`)
	attr   = regexp.MustCompile(` ([a-z][a-z-]*)="([^"]*)"`)
)

// checkHTML fails t unless h is markup without scripts, styles, event
// handlers or links other than http, https, mailto and relative ones.
func checkHTML(t *testing.T, raw, h string) {
	t.Helper()
	for i := strings.IndexByte(h, '<'); i >= 0; i = strings.IndexByte(h, '<') {
		h = h[i:]
		m := markup.FindStringSubmatch(h)
		if m == nil {
			t.Fatalf("the description %q keeps markup that is not a plain tag: %.40q", raw, h)
		}
		switch m[2] {
		case "script", "style", "iframe", "object", "embed", "svg", "math", "form", "input", "base", "meta", "link":
			t.Fatalf("the description %q keeps a %s tag", raw, m[2])
		}
		for _, a := range attr.FindAllStringSubmatch(m[3], -1) {
			name, value := a[1], strings.TrimSpace(html.UnescapeString(a[2]))
			if strings.HasPrefix(name, "on") || name == "style" || name == "srcdoc" || name == "formaction" {
				t.Fatalf("the description %q keeps the attribute %s", raw, name)
			}
			if name == "href" || name == "src" || name == "cite" {
				u, err := url.Parse(value)
				if err != nil || u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "mailto" {
					t.Fatalf("the description %q keeps the link %s=%q", raw, name, value)
				}
			}
		}
		h = h[len(m[0]):]
	}
}

// checkLink is an independent reading of the popup's link rules.
func checkLink(t *testing.T, field, s string, relative bool) {
	t.Helper()
	if s == "" {
		return
	}
	if relative && strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//") && !strings.ContainsAny(s, " \t\r\n\\") {
		return
	}
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil || strings.ContainsAny(s, " \t\r\n\\") || len(s) > LinkMax {
		t.Fatalf("the popup's %s %q was accepted", field, s)
	}
}

// FuzzCheckPopup checks the popup form of the admin screens: the HTML
// description shown to every provider keeps no script, style, event handler
// or javascript: link whatever was sent, sanitising it again changes nothing,
// and the button and image links accepted are https or a path of the site.
func FuzzCheckPopup(f *testing.F) {
	for _, c := range [][6]string{
		{"planner", "Offre de printemps", "<p>Profitez de <b>-20 %</b> sur <a href=\"https://noces.fr/premium\">Premium</a>.</p>",
			"https://cdn.example/img.png", "Voir l'offre", "/premium"},
		{"venue", "XSS", "<script>alert(1)</script><img src=x onerror=alert(1)><a href=\"javascript:alert(1)\">x</a>", "", "", ""},
		{"planner", "Styles", "<p style=\"color:red\" onclick=\"x()\">rouge</p><iframe src=\"https://evil.example\"></iframe>",
			"http://insecure.example/a.png", "Go", "//evil.example"},
		{"venue", "Links", "<a href=\"jav&#x09;ascript:alert(1)\">a</a><a href=\"  JAVASCRIPT:alert(1)\">b</a><a href=\"data:text/html,x\">c</a>",
			"https://user:pw@cdn.example/a.png", "Go", "https://noces.fr\\@evil.example"},
		{"", "", "", "", "", ""}, {"other", "x", "<p></p>", "ftp://x", "t", "javascript:alert(1)"},
		{"planner", "Maths", "<math><mi xlink:href=\"javascript:alert(1)\">x</mi></math><svg><a href=\"javascript:1\">y</a></svg>",
			"https://cdn.example/a.png", "Go", "/premium?x=<script>"},
	} {
		f.Add(c[0], c[1], c[2], c[3], c[4], c[5])
	}
	s := &Service{html: bluemonday.UGCPolicy(), plain: bluemonday.StrictPolicy()}
	f.Fuzz(func(t *testing.T, typ, title, description, image, buttonText, buttonLink string) {
		in := PromotionInput{Type: typ, Title: title, Description: description, ImageURL: image, ButtonText: buttonText, ButtonLink: buttonLink}
		err := s.check(Popups, &in)
		checkHTML(t, description, in.Description)
		again := in
		if s.check(Popups, &again); again.Description != in.Description {
			t.Fatalf("the description %q sanitised is %q, then %q", description, in.Description, again.Description)
		}
		if err != nil {
			return
		}
		if in.Type != model.AudiencePlanner && in.Type != model.AudienceVenue {
			t.Fatalf("the popup's type %q was accepted", typ)
		}
		if n := utf8.RuneCountInString(in.Title); n < TitleMin || n > TitleMax {
			t.Fatalf("the popup's title %q was accepted", title)
		}
		if strings.TrimSpace(s.plain.Sanitize(in.Description)) == "" || utf8.RuneCountInString(in.Description) > PopupDescriptionMax {
			t.Fatalf("the popup's description %q was accepted as %q", description, in.Description)
		}
		if (in.ButtonText == "") != (in.ButtonLink == "") {
			t.Fatalf("a button with the text %q and the link %q was accepted", in.ButtonText, in.ButtonLink)
		}
		checkLink(t, "button link", in.ButtonLink, true)
		checkLink(t, "image", in.ImageURL, false)
	})
}
