package httpapi

import (
	"bytes"
	"compress/gzip"
	"strings"
	"testing"
	"testing/fstest"

	"noces/internal/store/storetest"
)

// builtWeb is web/dist as the build leaves it: precompressed twins beside
// the assets, preload links for each language and page in index.html, and
// a source map that an older build left in (the server must not serve it).
func builtWeb(t *testing.T) (fstest.MapFS, []byte) {
	t.Helper()
	app := []byte(`console.log("the app")` + strings.Repeat(";", 4096))
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	_, _ = zw.Write(app)
	_ = zw.Close()
	index := `<!doctype html><html lang="fr"><head><!--noces-config-->
    <script type="module" crossorigin src="/assets/index-e1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/boot-b1.js">
    <link rel="modulepreload" crossorigin href="/assets/de-d1.js" data-locale="de">
    <link rel="modulepreload" crossorigin href="/assets/en-e1.js" data-locale="en">
    <link rel="modulepreload" crossorigin href="/assets/fr-f1.js" data-locale="fr">
    <link rel="modulepreload" crossorigin href="/assets/signin-s1.js" data-paths="/login /dashboard">
    <link rel="modulepreload" crossorigin href="/assets/shell-h1.js" data-paths="/dashboard">
  </head><body><div id="root"></div></body></html>`
	return fstest.MapFS{
		"index.html":              {Data: []byte(index)},
		"assets/app-def456.js":    {Data: app},
		"assets/app-def456.js.gz": {Data: gz.Bytes()},
		// The server never decodes a twin, so any bytes stand for brotli's.
		"assets/app-def456.js.br":  {Data: []byte("brotli bytes of the app")},
		"assets/app-def456.js.map": {Data: []byte(`{"version":3,"sources":["src/secret.ts"]}`)},
		"assets/small-1.js":        {Data: []byte(`export{}`)},
		// web/scripts/prerender.mjs: the sign-in page in two languages.
		"prerender.json": {Data: []byte(`{"/login":{` +
			`"de":{"head":"<style data-emotion=\"css a1\">.css-a1{color:red}</style>","body":"<h1>Anmelden</h1>"},` +
			`"fr":{"head":"<style data-emotion=\"css a1\">.css-a1{color:red}</style>","body":"<h1>Connexion</h1>"}}}`)},
	}, app
}

func newSPAEnv(t *testing.T) (*env, fstest.MapFS, []byte) {
	t.Helper()
	files, app := builtWeb(t)
	e := newEnvWithStore(t, storetest.New(t), func(s *Server) {
		payments, tiles := s.spa.payments, s.spa.tiles
		s.spa = newSPA(files, "", "", "test")
		s.spa.payments, s.spa.tiles = payments, tiles
	})
	return e, files, app
}

func TestAssetsAreServedAsTheBuildCompressedThem(t *testing.T) {
	e, files, app := newSPAEnv(t)
	const asset = "/assets/app-def456.js"
	for _, tc := range []struct {
		name, accept, encoding string
		body                   []byte
	}{
		{"brotli first", "gzip, deflate, br, zstd", "br", files["assets/app-def456.js.br"].Data},
		{"gzip when brotli is refused", "br;q=0, gzip", "gzip", files["assets/app-def456.js.gz"].Data},
		{"brotli by a wildcard", "*", "br", files["assets/app-def456.js.br"].Data},
		{"identity for a client without encodings", "", "", app},
		// gzhttp would compress this one with zstd on every request.
		{"identity, not zstd made on the fly", "zstd", "", app},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := e.do(req{method: "GET", path: asset, headers: map[string]string{"Accept-Encoding": tc.accept}})
			if r.status != 200 {
				t.Fatalf("status %d", r.status)
			}
			if got := r.header.Get("Content-Encoding"); got != tc.encoding {
				t.Errorf("Content-Encoding %q, want %q", got, tc.encoding)
			}
			if !bytes.Equal(r.body, tc.body) {
				t.Errorf("the body is not the stored file (%d bytes, want %d)", len(r.body), len(tc.body))
			}
			if !strings.Contains(strings.Join(r.header.Values("Vary"), ","), "Accept-Encoding") {
				t.Errorf("Vary %q", r.header.Values("Vary"))
			}
			if got := r.header.Get("Content-Type"); !strings.HasPrefix(got, "text/javascript") {
				t.Errorf("Content-Type %q", got)
			}
			if got := r.header.Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
				t.Errorf("Cache-Control %q", got)
			}
			if r.header.Get("ETag") == "" {
				t.Error("no ETag")
			}
		})
	}
	t.Run("each encoding has its own ETag, and a revalidation is a 304", func(t *testing.T) {
		br := e.do(req{method: "GET", path: asset, headers: map[string]string{"Accept-Encoding": "br"}}).header.Get("ETag")
		gz := e.do(req{method: "GET", path: asset, headers: map[string]string{"Accept-Encoding": "gzip"}}).header.Get("ETag")
		if br == gz {
			t.Errorf("one ETag %s for two representations", br)
		}
		r := e.do(req{method: "GET", path: asset, headers: map[string]string{"Accept-Encoding": "br", "If-None-Match": br}})
		if r.status != 304 || len(r.body) != 0 {
			t.Errorf("revalidation: %d with %d bytes", r.status, len(r.body))
		}
	})
	t.Run("HEAD tells the stored length", func(t *testing.T) {
		r := e.do(req{method: "HEAD", path: asset, headers: map[string]string{"Accept-Encoding": "gzip"}})
		if r.status != 200 || r.header.Get("Content-Encoding") != "gzip" || len(r.body) != 0 {
			t.Errorf("%d %v", r.status, r.header)
		}
	})
}

func TestSourceMapsAreNotServed(t *testing.T) {
	e, _, _ := newSPAEnv(t)
	for _, path := range []string{"/assets/app-def456.js.map", "/assets/x.js.map", "/x.js.map"} {
		r := e.do(req{method: "GET", path: path})
		if r.status != 404 {
			t.Errorf("%s: status %d", path, r.status)
		}
		if bytes.Contains(r.body, []byte("secret.ts")) {
			t.Errorf("%s: the source map was served", path)
		}
	}
}

func TestThePagePreloadsItsLanguageAndItsRoute(t *testing.T) {
	e, _, _ := newSPAEnv(t)
	page := func(path, lang string) string {
		t.Helper()
		r := e.do(req{method: "GET", path: path, headers: map[string]string{"Host": "pro.fr.localhost:8080", "Accept-Language": lang}})
		if r.status != 200 {
			t.Fatalf("%s: status %d", path, r.status)
		}
		return string(r.body)
	}
	for _, tc := range []struct {
		path, lang string
		want, not  []string
	}{
		{"/login", "de", []string{"/assets/de-d1.js", "/assets/signin-s1.js", "/assets/boot-b1.js"}, []string{"/assets/fr-f1.js", "/assets/en-e1.js", "/assets/shell-h1.js"}},
		{"/dashboard", "en", []string{"/assets/en-e1.js", "/assets/signin-s1.js", "/assets/shell-h1.js"}, []string{"/assets/fr-f1.js", "/assets/de-d1.js"}},
		{"/company/details", "fr", []string{"/assets/fr-f1.js", "/assets/boot-b1.js"}, []string{"/assets/signin-s1.js", "/assets/shell-h1.js", "/assets/de-d1.js"}},
		// The cache of rendered pages is per preloaded path: a second path
		// must not get the first one's links.
		{"/login", "fr", []string{"/assets/fr-f1.js", "/assets/signin-s1.js"}, []string{"/assets/shell-h1.js"}},
		{"/account", "fr", []string{"/assets/fr-f1.js"}, []string{"/assets/signin-s1.js"}},
	} {
		body := page(tc.path, tc.lang)
		for _, want := range tc.want {
			if !strings.Contains(body, `href="`+want+`"`) {
				t.Errorf("%s in %s: no preload of %s:\n%s", tc.path, tc.lang, want, body)
			}
		}
		for _, not := range tc.not {
			if strings.Contains(body, not) {
				t.Errorf("%s in %s: %s is preloaded", tc.path, tc.lang, not)
			}
		}
	}
}

func TestTheSignInPageArrivesRenderedInItsLanguage(t *testing.T) {
	e, _, _ := newSPAEnv(t)
	for _, tc := range []struct {
		name, path, lang string
		want, not        []string
	}{
		{
			name: "the sign-in page in German has the German markup and its style",
			path: "/login", lang: "de",
			want: []string{`<div id="root" data-prerender="de"><h1>Anmelden</h1></div>`, `<style data-emotion="css a1">.css-a1{color:red}</style><template id="noces-app-preloads">`},
			not:  []string{"Connexion"},
		},
		{
			name: "the sign-in page in French has the French markup",
			path: "/login", lang: "fr",
			want: []string{`<div id="root" data-prerender="fr"><h1>Connexion</h1></div>`},
			not:  []string{"Anmelden"},
		},
		{
			name: "a language the build did not render gets the empty page",
			path: "/login", lang: "en",
			want: []string{`<div id="root"></div>`},
			not:  []string{"data-prerender", "data-emotion"},
		},
		{
			name: "another page gets the empty page",
			path: "/dashboard", lang: "de",
			want: []string{`<div id="root"></div>`},
			not:  []string{"data-prerender", "Anmelden", "data-emotion"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := e.do(req{method: "GET", path: tc.path, headers: map[string]string{"Host": "pro.fr.localhost:8080", "Accept-Language": tc.lang}})
			if r.status != 200 {
				t.Fatalf("status %d", r.status)
			}
			for _, want := range tc.want {
				if !bytes.Contains(r.body, []byte(want)) {
					t.Errorf("no %s in:\n%s", want, r.body)
				}
			}
			for _, not := range tc.not {
				if bytes.Contains(r.body, []byte(not)) {
					t.Errorf("%s in:\n%s", not, r.body)
				}
			}
		})
	}
}

func TestThePrerenderedPagesAreNotServedAsAFile(t *testing.T) {
	e, _, _ := newSPAEnv(t)
	r := e.do(req{method: "GET", path: "/prerender.json"})
	if r.status != 404 {
		t.Errorf("status %d", r.status)
	}
}

// The pre-rendered sign-in page shows without the app: the browser must not
// fetch the app with the page (web/src/entry.ts fetches it when the person
// engages with the page), so its preload links wait, inert, in a template.
func TestThePrerenderedPageKeepsItsPreloadsForLater(t *testing.T) {
	e, _, _ := newSPAEnv(t)
	get := func(path, lang string) string {
		t.Helper()
		r := e.do(req{method: "GET", path: path, headers: map[string]string{"Host": "pro.fr.localhost:8080", "Accept-Language": lang}})
		if r.status != 200 {
			t.Fatalf("%s: status %d", path, r.status)
		}
		return string(r.body)
	}
	body := get("/login", "de")
	open := `<template id="` + appPreloads + `">`
	before, rest, ok := strings.Cut(body, open)
	if !ok {
		t.Fatalf("no %s in:\n%s", open, body)
	}
	inside, after, ok := strings.Cut(rest, "</template>")
	if !ok {
		t.Fatalf("the template is not closed:\n%s", body)
	}
	if strings.Contains(before+after, "modulepreload") {
		t.Errorf("a preload link outside the template:\n%s", body)
	}
	for _, want := range []string{"/assets/boot-b1.js", "/assets/de-d1.js", "/assets/signin-s1.js"} {
		if !strings.Contains(inside, `href="`+want+`"`) {
			t.Errorf("the template does not preload %s: %s", want, inside)
		}
	}
	for _, not := range []string{"/assets/fr-f1.js", "/assets/shell-h1.js"} {
		if strings.Contains(inside, not) {
			t.Errorf("the template preloads %s: %s", not, inside)
		}
	}
	if !strings.Contains(before, `<script type="module" crossorigin src="/assets/index-e1.js"></script>`) {
		t.Errorf("the entry script is gone:\n%s", body)
	}
	// A page the build did not render keeps its links, fetched with it.
	plain := get("/login", "en")
	if strings.Contains(plain, "<template") || !strings.Contains(plain, `<link rel="modulepreload" crossorigin href="/assets/boot-b1.js">`) {
		t.Errorf("the page without markup lost its preload links:\n%s", plain)
	}
}

func TestThePreloadedPathsAreReadOnce(t *testing.T) {
	files, _ := builtWeb(t)
	s := newSPA(files, "", "", "test")
	// Read at start: changing index.html afterwards changes nothing.
	s.index = []byte(`<html><head></head><body><div id="root"></div></body></html>`)
	for p, want := range map[string]string{"/login": "/login", "/dashboard": "/dashboard", "/account": "", "/dashboard/x": ""} {
		if got := s.preloadedPath(p); got != want {
			t.Errorf("preloadedPath(%q) = %q, want %q", p, got, want)
		}
	}
}
