package media

import (
	"strings"
	"testing"
)

func TestParseVideoLink(t *testing.T) {
	for _, c := range []struct {
		in       string
		host, id string
	}{
		{"https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"},
		{"https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL123", "youtube", "dQw4w9WgXcQ"},
		{"http://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"},
		{"www.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"},
		{"  https://youtu.be/dQw4w9WgXcQ?si=abc  ", "youtube", "dQw4w9WgXcQ"},
		{"https://www.youtube.com/shorts/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"},
		{"https://www.youtube.com/embed/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"},
		{"https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"},
		{"https://vimeo.com/76979871", "vimeo", "76979871"},
		{"https://vimeo.com/channels/staffpicks/76979871", "vimeo", "76979871"},
		{"https://player.vimeo.com/video/76979871?h=abc", "vimeo", "76979871"},
		{"vimeo.com/76979871#t=10s", "vimeo", "76979871"},
		{"", "", ""},
		{"https://www.youtube.com/watch?v=short", "", ""},
		{"https://www.youtube.com/watch?v=dQw4w9WgXcQ<script>", "", ""},
		{"https://www.youtube.com/@noces", "", ""},
		{"https://youtu.be/", "", ""},
		{"https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ", "", ""},
		{"https://evil.example/?u=youtube.com/watch?v=dQw4w9WgXcQ", "", ""},
		{"https://user:pw@www.youtube.com/watch?v=dQw4w9WgXcQ", "", ""},
		{"https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ", "", ""},
		{"javascript:alert(1)//youtu.be/dQw4w9WgXcQ", "", ""},
		{"ftp://youtu.be/dQw4w9WgXcQ", "", ""},
		{"https://vimeo.com/staff", "", ""},
		{"https://vimeo.com/channels/x/notanumber", "", ""},
		{"https://www.dailymotion.com/video/x7tgad0", "", ""},
	} {
		host, id, ok := ParseVideoLink(c.in)
		if host != c.host || id != c.id || ok != (c.host != "") {
			t.Errorf("ParseVideoLink(%q) = %q, %q, %v; want %q, %q", c.in, host, id, ok, c.host, c.id)
		}
	}
}

func TestNormaliseSocial(t *testing.T) {
	for _, c := range []struct {
		network, in, want string
		ok                bool
	}{
		{"facebook", "", "", true},
		{"facebook", "facebook.com/atelier.lumiere", "https://www.facebook.com/atelier.lumiere", true},
		{"facebook", "https://m.facebook.com/atelier.lumiere/?ref=bookmarks", "https://www.facebook.com/atelier.lumiere", true},
		{"facebook", "https://www.facebook.com/profile.php?id=100064123456789", "https://www.facebook.com/profile.php?id=100064123456789", true},
		{"facebook", "https://www.facebook.com/profile.php?id=abc", "", false},
		{"facebook", "https://www.facebook.com/groups/123456", "", false},
		{"facebook", "https://www.facebook.com/sharer", "", false},
		{"instagram", "instagram.com/atelier_lumiere", "https://www.instagram.com/atelier_lumiere", true},
		{"instagram", "https://www.instagram.com/p/Cx123/", "", false},
		{"instagram", "https://www.instagram.com/", "", false},
		{"instagram", "https://www.instagram.com.evil.example/atelier", "", false},
		{"twitter", "https://twitter.com/AtelierLumiere", "https://x.com/AtelierLumiere", true},
		{"twitter", "x.com/atelier_lumiere_de_lyon_trop_long", "", false},
		{"tiktok", "https://www.tiktok.com/@atelier.lumiere?lang=fr", "https://www.tiktok.com/@atelier.lumiere", true},
		{"tiktok", "https://www.tiktok.com/atelier", "", false},
		{"linkedin", "https://www.linkedin.com/in/claire-martin-123/", "https://www.linkedin.com/in/claire-martin-123", true},
		{"linkedin", "https://fr.linkedin.com/company/atelier-lumiere", "https://www.linkedin.com/company/atelier-lumiere", true},
		{"linkedin", "http://www.linkedin.com/in/claire", "", false},
		{"linkedin", "https://www.linkedin.com/feed/", "", false},
		{"linkedin", "https://evil.linkedin.com.example/in/claire", "", false},
		{"pinterest", "https://fr.pinterest.com/atelierlumiere/", "https://www.pinterest.com/atelierlumiere", true},
		{"pinterest", "https://www.pinterest.com/pin/12345/", "", false},
		{"pinterest", "https://www.pinterest.com/atelier\"><script>", "", false},
		{"myspace", "https://myspace.com/someone", "", false},
	} {
		got, ok := NormaliseSocial(c.network, c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("NormaliseSocial(%s, %q) = %q, %v; want %q, %v", c.network, c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestSanitizeRich(t *testing.T) {
	p := RichPolicy()
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"<p></p><p><br></p>", ""},
		{"<p>   &nbsp; </p>", ""},
		{"<p>Un</p><p></p><p><br/></p><p></p><p>Deux</p>", "<p>Un</p><p></p><p>Deux</p>"},
		{"<p></p><p>Un</p><p></p>", "<p>Un</p>"},
		{`<p><strong>Gras</strong> et <em>italique</em></p>`, "<p><strong>Gras</strong> et italique</p>"},
		{`<ul><li><p>Un</p></li><li>Deux</li></ul>`, "<ul><li><p>Un</p></li><li>Deux</li></ul>"},
		{`<p onclick="steal()">Salut <a href="javascript:x">lien</a><img src=x onerror=alert(1)></p>`, "<p>Salut lien</p>"},
		{`<script>alert(1)</script><style>p{}</style><p>Texte</p>`, "<p>Texte</p>"},
		{"Ligne 1\n\n\n\n\nLigne 2", "Ligne 1\n\nLigne 2"},
		{`<h1 style="x">Titre</h1>`, "Titre"},
	} {
		if got := SanitizeRich(p, c.in); got != c.want {
			t.Errorf("SanitizeRich(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestFingerprints(t *testing.T) {
	long := "Nous organisons des mariages en Provence depuis douze ans, du premier rendez-vous au dernier slow de la soirée."
	if n := len(Fingerprints("Un texte court.")); n != 0 {
		t.Errorf("a short text has %d fingerprints", n)
	}
	a := Fingerprints(long)
	if len(a) != 1 {
		t.Fatalf("one paragraph: %d fingerprints", len(a))
	}
	b := Fingerprints(strings.ToUpper(strings.ReplaceAll(long, " ", "  ")) + " !")
	if len(b) != 1 || a[0] != b[0] {
		t.Errorf("case, spacing and punctuation should not hide a copy")
	}
	two := Fingerprints("Notre histoire commence ici.\n" + long)
	if len(two) != 2 || two[1] != a[0] {
		t.Errorf("a copied paragraph inside a longer text should be found: %v", two)
	}
	if PlainText("<p>Un &amp; deux</p><ul><li>trois</li></ul>") != "Un & deux\ntrois" {
		t.Errorf("plain text: %q", PlainText("<p>Un &amp; deux</p><ul><li>trois</li></ul>"))
	}
}
