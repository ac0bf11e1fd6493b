package httpapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/klauspost/compress/gzhttp"

	"noces/internal/contentcoding"
	"noces/internal/i18n"
)

// spa serves the built back-office: hashed assets cached forever, any other
// path answered with index.html so client-side routes load, and the page's
// configuration (domain, language, Sentry DSN) written into index.html.
type spa struct {
	files   fs.FS
	index   []byte
	dsn     string
	podcast string
	release string
	// payments and tiles are set by New before the first page is served.
	payments paymentsConfig
	tiles    string
	pages    sync.Map // "domain/lang" -> rendered index.html
	// prerendered holds the pages the build rendered (prerenderFile):
	// path -> language -> markup.
	prerendered map[string]map[string]prerendered
	// preloadPaths are the paths some preload link of index.html names
	// (data-paths), read once: the rendered pages are cached per such path.
	preloadPaths map[string]bool
	etags        sync.Map // stored file name -> its ETag
}

// paymentsConfig tells the browser which card processor takes payments.
type paymentsConfig struct {
	Provider       string `json:"provider"` // stripe or sandbox
	PublishableKey string `json:"publishableKey"`
}

// notBuilt is served when the binary was built without the web app.
var notBuilt = []byte(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Noces</title>` +
	`<main><h1>Noces</h1><p>The web app is not built into this binary. Run <code>make build</code>.</p></main></html>`)

// prerenderFile is what web/scripts/prerender.mjs writes: the sign-in page
// rendered at build time in every language, so that its form shows before
// any script runs. It is read here, never served.
const prerenderFile = "prerender.json"

// prerendered is one page in one language: a <style> element with the
// rules its markup uses, and the markup of #root.
type prerendered struct {
	Head string `json:"head"`
	Body string `json:"body"`
}

func newSPA(files fs.FS, dsn, podcast, release string) *spa {
	s := &spa{files: files, dsn: dsn, podcast: podcast, release: release}
	if files != nil {
		if b, err := fs.ReadFile(files, "index.html"); err == nil {
			s.index = b
		}
		// A build without the file (or an older one) serves the empty shell.
		if b, err := fs.ReadFile(files, prerenderFile); err == nil {
			if err := json.Unmarshal(b, &s.prerendered); err != nil {
				s.prerendered = nil
			}
		}
	}
	if s.index == nil {
		s.index = notBuilt
	}
	s.preloadPaths = map[string]bool{}
	for _, m := range preloadLink.FindAllSubmatch(s.index, -1) {
		if string(m[1]) == "paths" {
			for _, p := range strings.Fields(string(m[2])) {
				s.preloadPaths[p] = true
			}
		}
	}
	return s
}

// spaCSP allows the app's own scripts only; styles inline because MUI's
// emotion injects them; images from anywhere over https (avatars, media) and
// from the map tile server; Sentry reports to its own ingest host; with
// Stripe, Stripe.js, its frames and its API.
func (s *spa) csp() string {
	connect := "'self'"
	if s.dsn != "" {
		if host := sentryOrigin(s.dsn); host != "" {
			connect += " " + host
		}
	}
	frames := "'self'"
	if origin := urlOrigin(s.podcast); origin != "" {
		frames += " " + origin
	}
	scripts := "'self'"
	if s.payments.Provider == "stripe" {
		scripts += " https://js.stripe.com"
		frames += " https://js.stripe.com https://hooks.stripe.com"
		connect += " https://api.stripe.com"
	}
	images := "'self' data: blob: https:"
	// A {s} subdomain placeholder (a.tile..., b.tile...) becomes a wildcard.
	if origin := urlOrigin(strings.Replace(s.tiles, "{s}", "*", 1)); origin != "" {
		images += " " + origin
	}
	return "default-src 'self'; script-src " + scripts + "; style-src 'self' 'unsafe-inline'; img-src " + images + "; " +
		"font-src 'self' data:; connect-src " + connect + "; frame-src " + frames + "; object-src 'none'; base-uri 'self'; " +
		"form-action 'self'; frame-ancestors 'none'"
}

// urlOrigin is scheme://host of an absolute URL, or "".
func urlOrigin(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

var dsnPattern = regexp.MustCompile(`^(https?)://[^@]+@([^/]+)/`)

func sentryOrigin(dsn string) string {
	m := dsnPattern.FindStringSubmatch(dsn)
	if m == nil {
		return ""
	}
	return m[1] + "://" + m[2]
}

// ServeHTTP serves a GET or HEAD (Handler answers the other methods).
func (s *spa) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if path.Ext(name) == ".map" || name == prerenderFile {
		// Source maps stay with whoever deploys (web/sourcemaps, uploaded to
		// Sentry): served publicly they would hand out the app's source. An
		// older build may still carry some, so refuse them by name too.
		http.NotFound(w, r)
		return
	}
	if name != "" && name != "index.html" && s.files != nil {
		if f, err := fs.Stat(s.files, name); err == nil && !f.IsDir() {
			s.serveFile(w, r, name)
			return
		}
		// A missing hashed asset is a 404, not the app: a stale page asking
		// for an old bundle must fail loudly, not parse HTML as JavaScript.
		if strings.HasPrefix(name, "assets/") {
			http.NotFound(w, r)
			return
		}
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("Content-Security-Policy", s.csp())
	_, _ = w.Write(s.page(i18n.DomainFrom(r.Context()), i18n.LangFrom(r.Context()), "/"+name))
}

func (s *spa) serveFile(w http.ResponseWriter, r *http.Request, name string) {
	h := w.Header()
	if strings.HasPrefix(name, "assets/") {
		// Vite puts a content hash in every asset name.
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "public, max-age=3600")
	}
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
	stored, coding := s.representation(name, r.Header.Get("Accept-Encoding"))
	if stored != name {
		h.Set("Content-Encoding", coding)
	}
	if stored != name || s.hasTwin(name) {
		// The build compressed this file at its best level once: never spend
		// CPU compressing it again (gzhttp would, even for a client that takes
		// only an encoding the build did not make).
		h.Set(gzhttp.HeaderNoCompression, "1")
		if !slices.Contains(h.Values("Vary"), "Accept-Encoding") {
			h.Add("Vary", "Accept-Encoding")
		}
	}
	f, err := s.files.Open(stored)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	content, ok := f.(io.ReadSeeker)
	if !ok {
		b, err := io.ReadAll(f)
		if err != nil {
			http.Error(w, "cannot read "+name, http.StatusInternalServerError)
			return
		}
		content = bytes.NewReader(b)
	}
	if etag := s.etag(stored); etag != "" {
		h.Set("ETag", etag)
	}
	if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
		h.Set("Content-Type", ct)
	}
	// ServeContent answers If-None-Match with a 304 and Range requests on
	// the stored (possibly encoded) bytes.
	http.ServeContent(w, r, name, time.Time{}, content)
}

// storedEncodings are the twins the build writes beside each compressible
// file (web/scripts/precompress.mjs), best first: brotli is about 15% smaller
// than gzip -9 on the app's JavaScript.
var storedEncodings = []struct{ coding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// representation is the stored file that answers a request for name given
// its Accept-Encoding: name.br, name.gz or name itself, and its coding.
func (s *spa) representation(name, acceptEncoding string) (stored, coding string) {
	for _, e := range storedEncodings {
		if contentcoding.Accepts(acceptEncoding, e.coding) && s.exists(name+e.suffix) {
			return name + e.suffix, e.coding
		}
	}
	return name, "identity"
}

func (s *spa) hasTwin(name string) bool {
	for _, e := range storedEncodings {
		if s.exists(name + e.suffix) {
			return true
		}
	}
	return false
}

func (s *spa) exists(name string) bool {
	info, err := fs.Stat(s.files, name)
	return err == nil && !info.IsDir()
}

// etag is a strong validator of one stored file, computed once: the embedded
// files never change while the process runs.
func (s *spa) etag(stored string) string {
	if v, ok := s.etags.Load(stored); ok {
		return v.(string)
	}
	b, err := fs.ReadFile(s.files, stored)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(b)
	etag := `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
	s.etags.Store(stored, etag)
	return etag
}

var (
	htmlLang = regexp.MustCompile(`<html[^>]*\blang="[^"]*"`)
	langAttr = regexp.MustCompile(`lang="[^"]*"`)
	// preloadLink is a link the build wrote for one language (data-locale)
	// or for the pages at some paths (data-paths), web/scripts/build-assets.mjs.
	preloadLink = regexp.MustCompile(`[ \t]*<link rel="modulepreload"[^>]*\bdata-(locale|paths)="([^"]*)"[^>]*>\n?`)
	// anyPreload is any modulepreload link of index.html, the app's own
	// chunks (no data attribute) included.
	anyPreload = regexp.MustCompile(`[ \t]*<link rel="modulepreload"[^>]*>\n?`)
)

// preloadedPath is p when a preload link of index.html or a pre-rendered
// page names it, else "": the rendered pages are cached by it, never by the
// raw path (any path of the app serves index.html).
func (s *spa) preloadedPath(p string) string {
	if _, ok := s.prerendered[p]; ok || s.preloadPaths[p] {
		return p
	}
	return ""
}

// keepPreloads drops the preload links of other languages and of other
// pages, so the browser fetches the entry, the texts of its language and the
// chunks of the page asked for at once, and nothing it will not run.
func keepPreloads(page []byte, lang, p string) []byte {
	return preloadLink.ReplaceAllFunc(page, func(tag []byte) []byte {
		m := preloadLink.FindSubmatch(tag)
		switch string(m[1]) {
		case "locale":
			if string(m[2]) == lang {
				return tag
			}
		case "paths":
			if slices.Contains(strings.Fields(string(m[2])), p) {
				return tag
			}
		}
		return nil
	})
}

// pageConfig is what the app reads from index.html at boot.
type pageConfig struct {
	Domain     string         `json:"domain"`
	Locale     string         `json:"locale"`
	Country    string         `json:"country"`
	SentryDSN  string         `json:"sentryDsn"`
	PodcastURL string         `json:"podcastUrl"`
	Release    string         `json:"release"`
	Payments   paymentsConfig `json:"payments"`
	// MapTilesURL is a tile URL template; empty: no map, the address is shown.
	MapTilesURL string `json:"mapTilesUrl"`
}

// page is index.html for a domain, a language and a path (p, "/login").
func (s *spa) page(d i18n.Domain, lang, p string) []byte {
	p = s.preloadedPath(p)
	key := d.Key + "/" + lang + "/" + p
	if b, ok := s.pages.Load(key); ok {
		return b.([]byte)
	}
	cfg, err := json.Marshal(pageConfig{Domain: d.Key, Locale: lang, Country: d.Country, SentryDSN: s.dsn, PodcastURL: s.podcast, Release: s.release,
		Payments: s.payments, MapTilesURL: s.tiles})
	if err != nil {
		panic(errors.New("httpapi: page config: " + err.Error()))
	}
	// json.Marshal escapes <, > and & so the JSON cannot close the script.
	tag := []byte(`<script type="application/json" id="noces-config">` + string(cfg) + `</script>`)
	b := bytes.Replace(s.index, []byte("<!--noces-config-->"), tag, 1)
	b = htmlLang.ReplaceAllFunc(b, func(m []byte) []byte {
		return langAttr.ReplaceAll(m, []byte(`lang="`+lang+`"`))
	})
	b = keepPreloads(b, lang, p)
	if pr, ok := s.prerendered[p][lang]; ok {
		b = withPrerendered(b, lang, pr)
	}
	s.pages.Store(key, b)
	return b
}

// emptyRoot is the element of index.html the app renders into.
var emptyRoot = []byte(`<div id="root"></div>`)

// appPreloads is the id of the <template> that holds, on a pre-rendered
// page, the preload links of the app (web/src/entry.ts adds them to the page
// when the person engages with it).
const appPreloads = "noces-app-preloads"

// withPrerendered puts a pre-rendered page into index.html: its style in
// <head>, its markup in #root, whose data-prerender names the language so
// the app hydrates it only in that language (web/src/main.tsx). The page
// needs no script to show, so its preload links move into an inert
// <template>: fetched from the HTML they stood on the paint's path (the
// browser gives them a high priority, and Lighthouse's model counts them
// before the first paint), for an app that a page nobody touches never runs.
func withPrerendered(page []byte, lang string, pr prerendered) []byte {
	if !bytes.Contains(page, emptyRoot) {
		return page
	}
	var links []byte
	page = anyPreload.ReplaceAllFunc(page, func(tag []byte) []byte {
		links = append(links, bytes.TrimSpace(tag)...)
		return nil
	})
	head := pr.Head + `<template id="` + appPreloads + `">` + string(links) + `</template>`
	page = bytes.Replace(page, []byte("</head>"), []byte(head+"</head>"), 1)
	root := `<div id="root" data-prerender="` + lang + `">` + pr.Body + `</div>`
	return bytes.Replace(page, emptyRoot, []byte(root), 1)
}
