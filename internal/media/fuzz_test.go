package media

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"noces/internal/apperr"
)

// The fuzz targets of what providers type into their profile: the portrait's
// rich text, video links, social links and plain texts.

var (
	anyTag     = regexp.MustCompile(`<[^>]*>?`)
	editorTags = regexp.MustCompile(`^</?(?:p|br|strong|b|ul|ol|li)/?>$`)
)

func FuzzSanitizeRich(f *testing.F) {
	for _, s := range []string{
		"<p>Bonjour, nous organisons des <strong>mariages</strong>.</p><ul><li>un</li><li>deux</li></ul>",
		"<p></p><p>&nbsp;</p><p>Texte</p><p><br></p><p></p>",
		"<script>alert(1)</script><p onclick=\"x()\">Salut</p>",
		"<a href=\"javascript:alert(1)\">lien</a><img src=x onerror=alert(1)>",
		"<p style=\"color:red\" class=\"x\">Stylé</p>",
		"a\r\n\r\n\r\n\r\nb",
		"<p>   </p>", "", "<<script>script>alert(1)<</script>/script>", "<svg><script>alert(1)</script></svg>",
		"<p>x</p\n><br / ><BR>", "&lt;script&gt;alert(1)&lt;/script&gt;", "<iframe src=\"https://evil.example\"></iframe>1",
		"<b><ol><li>&#106;avascript:alert(1)</li></ol></b>",
	} {
		f.Add(s)
	}
	p := RichPolicy()
	f.Fuzz(func(t *testing.T, raw string) {
		out := SanitizeRich(p, raw)
		if again := SanitizeRich(RichPolicy(), raw); again != out {
			t.Fatalf("SanitizeRich(%q) = %q then %q", raw, out, again)
		}
		for _, tag := range anyTag.FindAllString(out, -1) {
			if !editorTags.MatchString(tag) {
				t.Fatalf("SanitizeRich(%q) = %q keeps %q", raw, out, tag)
			}
		}
		// The tags were all the editor's, without attributes, so no on*
		// handler or javascript: link remains; text that reads like markup
		// must stay escaped.
		if strings.Contains(strings.ToLower(out), "<script") {
			t.Fatalf("SanitizeRich(%q) = %q keeps a script", raw, out)
		}
		if out == "" {
			return
		}
		if out != strings.TrimSpace(out) || strings.Contains(out, "\n\n\n") {
			t.Fatalf("SanitizeRich(%q) = %q: blank space at an end or more than two blank lines", raw, out)
		}
		if strings.IndexFunc(PlainText(out), func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
			t.Fatalf("SanitizeRich(%q) = %q has no letter or digit", raw, out)
		}
		// The public page cleans the saved HTML once more: it must show
		// what was saved.
		if again := SanitizeRich(p, out); again != out {
			t.Fatalf("SanitizeRich is not idempotent: %q gives %q, then %q", raw, out, again)
		}
	})
}

func FuzzParseVideoLink(f *testing.F) {
	for _, s := range []string{"https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtu.be/dQw4w9WgXcQ?si=abc",
		"https://www.youtube.com/shorts/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
		"https://vimeo.com/76979871", "https://vimeo.com/channels/staffpicks/76979871", "https://player.vimeo.com/video/76979871?h=abc",
		"", "https://youtu.be/", "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ", "https://user:pw@youtu.be/dQw4w9WgXcQ",
		"https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ", "javascript:alert(1)//youtu.be/dQw4w9WgXcQ", "https://vimeo.com/",
		"https://vimeo.com//76979871", "https://www.youtube.com/watch?v=dQw4w9WgXcQ&v=AAAAAAAAAAA", "https://YOUTU.BE./dQw4w9WgXcQ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		host, id, ok := ParseVideoLink(raw)
		if h2, id2, ok2 := ParseVideoLink(raw); h2 != host || id2 != id || ok2 != ok {
			t.Fatalf("ParseVideoLink(%q) differs between calls", raw)
		}
		if !ok {
			if host != "" || id != "" {
				t.Fatalf("ParseVideoLink(%q) refused but returned %q, %q", raw, host, id)
			}
			return
		}
		switch host {
		case HostYouTube:
			if !youtubeID.MatchString(id) {
				t.Fatalf("ParseVideoLink(%q) gave the YouTube id %q", raw, id)
			}
		case HostVimeo:
			if !vimeoID.MatchString(id) {
				t.Fatalf("ParseVideoLink(%q) gave the Vimeo id %q", raw, id)
			}
		default:
			t.Fatalf("ParseVideoLink(%q) gave the host %q", raw, host)
		}
		// The links the server writes for the video lead back to it, and
		// point to the video's host.
		for _, link := range []string{WatchURL(host, id), EmbedURL(host, id)} {
			u, err := url.Parse(link)
			if err != nil || u.Scheme != "https" || !strings.Contains(u.Hostname(), host) {
				t.Fatalf("ParseVideoLink(%q): the link %q is not on %s over https", raw, link, host)
			}
			if h2, id2, ok2 := ParseVideoLink(link); !ok2 || h2 != host || id2 != id {
				t.Fatalf("ParseVideoLink(%q) = %s %s, but its link %q gives %q, %q, %v", raw, host, id, link, h2, id2, ok2)
			}
		}
	})
}

// socialHosts is the host each network's canonical links are on.
var socialHosts = map[string]string{"facebook": "www.facebook.com", "instagram": "www.instagram.com", "twitter": "x.com",
	"tiktok": "www.tiktok.com", "linkedin": "www.linkedin.com", "pinterest": "www.pinterest.com"}

func FuzzNormaliseSocial(f *testing.F) {
	for _, c := range [][2]string{{"facebook", "facebook.com/atelier.lumiere"},
		{"facebook", "https://www.facebook.com/profile.php?id=100064123456789&ref=x"}, {"facebook", "https://www.facebook.com/sharer"},
		{"instagram", "instagram.com/atelier_lumiere/?hl=fr"}, {"instagram", "https://www.instagram.com/p/Cx123/"},
		{"twitter", "https://x.com/AtelierLumiere"}, {"twitter", "twitter.com/intent"}, {"tiktok", "tiktok.com/@atelier.lumiere"},
		{"tiktok", "tiktok.com/atelier"}, {"linkedin", "https://fr.linkedin.com/company/atelier-lumiere"},
		{"linkedin", "http://www.linkedin.com/in/jeanne"}, {"linkedin", "https://evil.linkedin.com.example/in/jeanne"},
		{"pinterest", "fr.pinterest.com/atelierlumiere"}, {"pinterest", ""}, {"myspace", "myspace.com/x"},
		{"instagram", "https://instagram.com.evil.example/atelier"}, {"instagram", "https://user@instagram.com/atelier"},
		{"facebook", "javascript:alert(1)//facebook.com/atelier.lumiere"}, {"linkedin", "https://xx.linkedin.com/in/%2e%2e"}} {
		f.Add(c[0], c[1])
	}
	f.Fuzz(func(t *testing.T, network, raw string) {
		out, ok := NormaliseSocial(network, raw)
		if out2, ok2 := NormaliseSocial(network, raw); out2 != out || ok2 != ok {
			t.Fatalf("NormaliseSocial(%q, %q) differs between calls", network, raw)
		}
		if !ok || out == "" {
			if out != "" || (ok && strings.TrimSpace(raw) != "") {
				t.Fatalf("NormaliseSocial(%q, %q) = %q, %v", network, raw, out, ok)
			}
			return
		}
		u, err := url.Parse(out)
		if err != nil || u.Scheme != "https" || u.Host != socialHosts[network] || u.User != nil || u.Fragment != "" {
			t.Fatalf("NormaliseSocial(%q, %q) = %q: not an https link on %s", network, raw, out, socialHosts[network])
		}
		if u.RawQuery != "" && !(network == "facebook" && u.Path == "/profile.php") {
			t.Fatalf("NormaliseSocial(%q, %q) = %q keeps a query", network, raw, out)
		}
		if strings.ContainsAny(out, " \t\r\n<>\"'") || !utf8.ValidString(out) {
			t.Fatalf("NormaliseSocial(%q, %q) = %q", network, raw, out)
		}
		if again, ok := NormaliseSocial(network, out); !ok || again != out {
			t.Fatalf("NormaliseSocial(%q, %q) = %q, but that gives %q, %v", network, raw, out, again, ok)
		}
		// A profile of one network is never taken for another's.
		for _, other := range Networks {
			if other == network {
				continue
			}
			if o, ok := NormaliseSocial(other, out); ok {
				t.Fatalf("NormaliseSocial(%q, %q) = %q, also accepted for %s as %q", network, raw, out, other, o)
			}
		}
	})
}

func FuzzCheckText(f *testing.F) {
	for _, s := range []string{"Salle des fêtes", "  deux\r\nlignes\n", "tab\there", "nul\x00byte", "bell\a", "\xff\xfebad",
		"\u202eright-to-left", "\u0085next line", "", " \n ", "Ana\u2066Lima\u2069", "une\u2028ligne"} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, s string, multiline bool) {
		errs := apperr.Fields{}
		out := CheckText(errs, "x", s, multiline)
		if out != strings.TrimSpace(out) {
			t.Fatalf("CheckText(%q) = %q is not trimmed", s, out)
		}
		if len(errs) > 0 {
			if code := errs["x"]; code != "validation.line_break" && code != "validation.control_characters" && code != "validation.invalid_utf8" {
				t.Fatalf("CheckText(%q, %v) refused with %q", s, multiline, code)
			}
			return
		}
		if !utf8.ValidString(out) {
			t.Fatalf("CheckText(%q) = %q, not UTF-8", s, out)
		}
		for _, r := range out {
			if (unicode.IsControl(r) && !(multiline && (r == '\t' || r == '\n'))) || (r >= '\u202a' && r <= '\u202e') ||
				(r >= '\u2066' && r <= '\u2069') || (multiline && (r == '\u2028' || r == '\u2029')) {
				t.Fatalf("CheckText(%q, %v) = %q keeps %U", s, multiline, out, r)
			}
		}
		if again := CheckText(errs, "x", out, multiline); again != out || len(errs) > 0 {
			t.Fatalf("CheckText(%q) = %q, then %q %v", s, out, again, errs)
		}
	})
}
