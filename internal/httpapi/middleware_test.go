package httpapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"noces/internal/store/storetest"
)

func TestResponseValidationCatchesADrift(t *testing.T) {
	e := newEnv(t)
	inner := &testing.T{}
	drifted := &env{t: inner, router: e.router}
	hr := httptest.NewRequest("GET", "/api/me", nil)
	drifted.validate(hr, resp{status: 200, header: http.Header{"Content-Type": {"application/json"}}, body: []byte(`{"id": 1}`)})
	if !inner.Failed() {
		t.Error("a /api/me answer missing every field passed the OpenAPI check")
	}
}

func TestRequestIDs(t *testing.T) {
	e := newEnv(t)
	r := e.do(req{method: "GET", path: "/healthz"})
	if len(r.header.Get("X-Request-Id")) < 8 {
		t.Errorf("no request id: %q", r.header.Get("X-Request-Id"))
	}
	r = e.do(req{method: "GET", path: "/healthz", headers: map[string]string{"X-Request-Id": "from-proxy-1234"}})
	if got := r.header.Get("X-Request-Id"); got != "from-proxy-1234" {
		t.Errorf("a proxy's request id was not kept: %q", got)
	}
	r = e.do(req{method: "GET", path: "/healthz", headers: map[string]string{"X-Request-Id": "<script>"}})
	if got := r.header.Get("X-Request-Id"); got == "<script>" {
		t.Error("an unsafe request id was echoed")
	}
	if !strings.Contains(e.logs.String(), `"request_id":"from-proxy-1234"`) {
		t.Error("the request id is not in the JSON log")
	}
}

func TestSecurityHeaders(t *testing.T) {
	e := newEnv(t)
	for _, path := range []string{"/api/me", "/dashboard"} {
		r := e.do(req{method: "GET", path: path})
		h := r.header
		if h.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no nosniff", path)
		}
		if !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
			t.Errorf("%s: CSP without frame-ancestors: %q", path, h.Get("Content-Security-Policy"))
		}
		if h.Get("Strict-Transport-Security") != "" {
			t.Errorf("%s: HSTS over plain HTTP", path)
		}
	}
	r := e.do(req{method: "GET", path: "/dashboard", headers: map[string]string{"X-Forwarded-Proto": "https"}})
	if !strings.HasPrefix(r.header.Get("Strict-Transport-Security"), "max-age=") {
		t.Error("no HSTS behind a TLS proxy")
	}
}

func TestGzip(t *testing.T) {
	e := newEnv(t)
	r := e.do(req{method: "GET", path: "/assets/index-abc123.js", headers: map[string]string{"Accept-Encoding": "gzip"}})
	if r.header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("not compressed: %v", r.header)
	}
	zr, err := gzip.NewReader(bytes.NewReader(r.body))
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if !bytes.HasPrefix(plain, []byte(`console.log("app")`)) {
		t.Errorf("decompressed body is %q", plain[:20])
	}
}

func TestMetricsCountRequestsPerRoute(t *testing.T) {
	e := newEnv(t)
	s := e.login("planner")
	e.do(req{method: "GET", path: "/api/me", token: s.Access})
	e.do(req{method: "GET", path: "/api/me", token: s.Access})
	e.do(req{method: "GET", path: "/settings/whatever"})
	text := e.scrape()
	for _, want := range []string{
		`noces_http_requests_total{method="GET",route="GET /api/me",status="200"} 2`,
		`noces_http_request_duration_seconds_count{method="GET",route="GET /api/me"} 2`,
		`noces_http_requests_total{method="POST",route="POST /api/login_check",status="200"} 1`,
		`noces_http_requests_total{method="GET",route="spa",status="200"} 1`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

func TestPanicsBecomeA500(t *testing.T) {
	e := newEnvWithStore(t, storetest.New(t), func(s *Server) {
		s.route("GET /api/test/panic", http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }))
	})
	r := e.do(req{method: "GET", path: "/api/test/panic", headers: map[string]string{"Accept-Language": "en"}})
	if r.status != 500 {
		t.Fatalf("status %d", r.status)
	}
	var body errorBody
	if err := json.Unmarshal(r.body, &body); err != nil || body.Error != "errors.internal" || !strings.Contains(body.Message, "Something went wrong") {
		t.Errorf("body %s", r.body)
	}
	if !strings.Contains(e.logs.String(), `"msg":"panic"`) {
		t.Error("the panic was not logged")
	}
	// The server goes on.
	if r := e.do(req{method: "GET", path: "/healthz"}); r.status != 200 {
		t.Errorf("after a panic /healthz answered %d", r.status)
	}
}

func TestTheBackOfficeApp(t *testing.T) {
	e := newEnv(t)
	t.Run("client routes get index.html with the page configuration", func(t *testing.T) {
		r := e.do(req{method: "GET", path: "/company/details", headers: map[string]string{"Host": "pro.de.localhost:8080", "Accept-Language": "es"}})
		body := string(r.body)
		if r.status != 200 || !strings.Contains(body, `<html lang="es">`) {
			t.Fatalf("%d %s", r.status, body)
		}
		if !strings.Contains(body, `<script type="application/json" id="noces-config">{"domain":"de","locale":"es","country":"DE","sentryDsn":"","podcastUrl":"","release":"test","payments":{"provider":"sandbox","publishableKey":""},"mapTilesUrl":""}</script>`) {
			t.Errorf("no page configuration in %s", body)
		}
		if r.header.Get("Cache-Control") != "no-cache" {
			t.Errorf("index.html cache: %q", r.header.Get("Cache-Control"))
		}
		if !strings.Contains(r.header.Get("Content-Security-Policy"), "script-src 'self'") {
			t.Errorf("CSP %q", r.header.Get("Content-Security-Policy"))
		}
	})
	t.Run("hashed assets are cached forever", func(t *testing.T) {
		r := e.do(req{method: "GET", path: "/assets/index-abc123.js"})
		if r.header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Errorf("cache %q", r.header.Get("Cache-Control"))
		}
	})
	t.Run("a missing asset is a 404, not the app", func(t *testing.T) {
		if r := e.do(req{method: "GET", path: "/assets/index-old.js"}); r.status != 404 {
			t.Errorf("status %d", r.status)
		}
	})
	t.Run("plain localhost is the French back-office", func(t *testing.T) {
		r := e.do(req{method: "GET", path: "/", headers: map[string]string{"Host": "localhost:8080"}})
		if !strings.Contains(string(r.body), `"domain":"fr","locale":"fr"`) {
			t.Errorf("%s", r.body)
		}
	})
}

func TestThePublicHosts(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct{ host, lang, heading string }{
		{"fr.localhost:8080", "fr", "Les meilleurs professionnels du mariage en France"},
		{"be.localhost:8080", "nl", "De beste trouwprofessionals in België"},
		{"uk.localhost:8080", "en", "The best wedding professionals in the United Kingdom"},
		{"de.localhost:8080", "de", "Die besten Hochzeitsprofis in Deutschland"},
		{"it.localhost:8080", "it", "I migliori professionisti del matrimonio in Italia"},
		{"es.localhost:8080", "es", "Los mejores profesionales de bodas en España"},
		{"pt.localhost:8080", "pt", "Os melhores profissionais de casamentos em Portugal"},
	} {
		t.Run(tc.host, func(t *testing.T) {
			// The browser's language does not change a public domain's page.
			r := e.do(req{method: "GET", path: "/", headers: map[string]string{"Host": tc.host, "Accept-Language": "ja"}})
			body := string(r.body)
			if r.status != 200 || !strings.Contains(body, `<html lang="`+tc.lang+`">`) || !strings.Contains(body, tc.heading) {
				t.Errorf("%d, want lang %s and %q in\n%s", r.status, tc.lang, tc.heading, body)
			}
			if !strings.Contains(body, `hreflang="pt-PT" href="http://pt.localhost:8080/"`) {
				t.Error("no hreflang links between domains")
			}
			if strings.Contains(body, "<script") {
				t.Error("a public page carries a script")
			}
		})
	}
	r := e.do(req{method: "GET", path: "/nope", headers: map[string]string{"Host": "fr.localhost"}})
	if r.status != 404 || !strings.Contains(string(r.body), "Page introuvable") {
		t.Errorf("public not-found: %d", r.status)
	}
	// The API answers on public hosts too.
	if r := e.do(req{method: "GET", path: "/healthz", headers: map[string]string{"Host": "fr.localhost"}}); r.status != 200 {
		t.Errorf("healthz on a public host: %d", r.status)
	}
}

func TestAPIDocs(t *testing.T) {
	e := newEnv(t)
	r := e.do(req{method: "GET", path: "/api/openapi.json"})
	var doc map[string]any
	if err := json.Unmarshal(r.body, &doc); err != nil || doc["openapi"] != "3.1.0" {
		t.Fatalf("openapi.json: %v %v", err, doc["openapi"])
	}
	r = e.do(req{method: "GET", path: "/api/docs"})
	page := string(r.body)
	for _, want := range []string{"<title>Noces — API</title>", "/api/login_check", "refresh_token", "ROLE_PRESTATAIRE"} {
		if !strings.Contains(page, want) {
			t.Errorf("the docs page lacks %q", want)
		}
	}
}

func TestAClientThatWentAwayIsNoOutage(t *testing.T) {
	var logs bytes.Buffer
	s := &Server{Deps: Deps{Log: slog.New(slog.NewJSONHandler(&logs, nil))}}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := httptest.NewRequest("GET", "/api/me", nil).WithContext(ctx)
	w := httptest.NewRecorder()
	// What a driver returns when the query's context is cancelled mid-read.
	s.fail(w, r, fmt.Errorf("query: %w", io.ErrUnexpectedEOF))
	if logs.Len() != 0 {
		t.Errorf("a cancelled request was logged: %s", logs.String())
	}
	if w.Body.Len() != 0 {
		t.Errorf("a body was written for nobody: %s", w.Body.String())
	}
}
