package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"strings"
	"sync"

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
}

// paymentsConfig tells the browser which card processor takes payments.
type paymentsConfig struct {
	Provider       string `json:"provider"` // stripe or sandbox
	PublishableKey string `json:"publishableKey"`
}

// notBuilt is served when the binary was built without the web app.
var notBuilt = []byte(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Noces</title>` +
	`<main><h1>Noces</h1><p>The web app is not built into this binary. Run <code>make build</code>.</p></main></html>`)

func newSPA(files fs.FS, dsn, podcast, release string) *spa {
	s := &spa{files: files, dsn: dsn, podcast: podcast, release: release}
	if files != nil {
		if b, err := fs.ReadFile(files, "index.html"); err == nil {
			s.index = b
		}
	}
	if s.index == nil {
		s.index = notBuilt
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
	_, _ = w.Write(s.page(i18n.DomainFrom(r.Context()), i18n.LangFrom(r.Context())))
}

func (s *spa) serveFile(w http.ResponseWriter, r *http.Request, name string) {
	if strings.HasPrefix(name, "assets/") {
		// Vite puts a content hash in every asset name.
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "public, max-age=3600")
	}
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
	http.ServeFileFS(w, r, s.files, name)
}

var (
	htmlLang = regexp.MustCompile(`<html[^>]*\blang="[^"]*"`)
	langAttr = regexp.MustCompile(`lang="[^"]*"`)
)

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

func (s *spa) page(d i18n.Domain, lang string) []byte {
	key := d.Key + "/" + lang
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
	s.pages.Store(key, b)
	return b
}
