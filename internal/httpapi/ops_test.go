package httpapi

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"noces/internal/store/storetest"
)

// fromPeer serves a request coming from the connection address remote, with
// the headers given, through the whole middleware chain.
func (e *env) fromPeer(method, path, remote string, headers map[string]string) *httptest.ResponseRecorder {
	e.t.Helper()
	hr := httptest.NewRequest(method, path, nil)
	hr.RemoteAddr = remote
	for k, v := range headers {
		hr.Header.Set(k, v)
	}
	if h := headers["Host"]; h != "" {
		hr.Host = h
	}
	rec := httptest.NewRecorder()
	e.handler.ServeHTTP(rec, hr)
	return rec
}

// scrape reads /metrics as the local Prometheus would.
func (e *env) scrape() string {
	e.t.Helper()
	rec := e.fromPeer("GET", "/metrics", "127.0.0.1:40000", nil)
	if rec.Code != 200 {
		e.t.Fatalf("/metrics from loopback: %d %s", rec.Code, rec.Body)
	}
	return rec.Body.String()
}

func TestRandomMethodsAddNoMetricsSeries(t *testing.T) {
	e := newEnv(t)
	e.do(req{method: "GET", path: "/healthz"})
	before := strings.Count(e.scrape(), "\n")
	letters := "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	for i := range 1000 {
		b := make([]byte, 8)
		for j := range b {
			b[j] = letters[rand.IntN(len(letters))]
		}
		method := fmt.Sprintf("%s%d", b, i)
		path := []string{"/healthz", "/api/me", "/nowhere/" + method, "/api/" + method}[i%4]
		e.fromPeer(method, path, "192.0.2.7:1234", nil)
	}
	text := e.scrape()
	// One series per route of the four for OTHER (and its status), and
	// nothing else: allow for the new route/status pairs, not for methods.
	if grown := strings.Count(text, "\n") - before; grown > 120 {
		t.Errorf("1,000 random methods added %d lines to /metrics", grown)
	}
	if strings.Contains(text, `method="A`) || strings.Contains(text, `method="Z`) {
		t.Errorf("a made-up method is a label:\n%s", text)
	}
	if !strings.Contains(text, `method="OTHER"`) {
		t.Error("unknown methods are not counted as OTHER")
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "noces_http_requests_total{") && strings.Contains(line, "/nowhere/") {
			t.Errorf("a raw path is a label: %s", line)
		}
	}
}

func TestMetricsAreForOperatorsOnly(t *testing.T) {
	e := newEnvWithStore(t, storetest.New(t), func(s *Server) { s.MetricsToken = "scrape-token-0123456789" })
	e.do(req{method: "GET", path: "/healthz"})
	cases := []struct {
		name, remote string
		headers      map[string]string
		want         int
	}{
		{"loopback v4", "127.0.0.1:5000", nil, 200},
		{"loopback v6", "[::1]:5000", nil, 200},
		{"another machine", "192.0.2.1:5000", nil, 401},
		{"a forwarded header does not make a client local", "192.0.2.1:5000",
			map[string]string{"X-Forwarded-For": "127.0.0.1", "Forwarded": "for=127.0.0.1"}, 401},
		{"a wrong token", "192.0.2.1:5000", map[string]string{"Authorization": "Bearer scrape-token-0123456788"}, 401},
		{"the token", "192.0.2.1:5000", map[string]string{"Authorization": "Bearer scrape-token-0123456789"}, 200},
		{"a public host with the token", "192.0.2.1:5000",
			map[string]string{"Host": "fr.localhost:8080", "Authorization": "Bearer scrape-token-0123456789"}, 404},
		{"a public host from loopback", "127.0.0.1:5000", map[string]string{"Host": "de.localhost:8080"}, 404},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := e.fromPeer("GET", "/metrics", c.remote, c.headers)
			if rec.Code != c.want {
				t.Fatalf("%d, want %d: %s", rec.Code, c.want, rec.Body)
			}
			if c.want == 200 && !strings.Contains(rec.Body.String(), "noces_http_requests_total") {
				t.Errorf("no metrics in %s", rec.Body)
			}
			if c.want != 200 && strings.Contains(rec.Body.String(), "noces_http") {
				t.Errorf("metrics leaked: %s", rec.Body)
			}
		})
	}

	t.Run("behind a trusted proxy on this machine, the forwarded client decides", func(t *testing.T) {
		proxied := newEnvWithStore(t, storetest.New(t), func(s *Server) {
			s.MetricsToken = "scrape-token-0123456789"
			s.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
		})
		token := "Bearer scrape-token-0123456789"
		cases := []struct {
			name    string
			headers map[string]string
			want    int
		}{
			{"an outside client", map[string]string{"X-Forwarded-For": "203.0.113.7"}, 401},
			{"an outside client named by Forwarded", map[string]string{"Forwarded": "for=203.0.113.7;proto=https"}, 401},
			{"an outside client claiming loopback on the left", map[string]string{"X-Forwarded-For": "127.0.0.1, 203.0.113.7"}, 401},
			{"an unreadable client", map[string]string{"X-Forwarded-For": "unknown"}, 401},
			{"an outside client with the token", map[string]string{"X-Forwarded-For": "203.0.113.7", "Authorization": token}, 200},
			{"a client on this machine", map[string]string{"X-Forwarded-For": "127.0.0.1"}, 200},
			{"a direct scrape from loopback", nil, 200},
		}
		for _, c := range cases {
			rec := proxied.fromPeer("GET", "/metrics", "127.0.0.1:5000", c.headers)
			if rec.Code != c.want {
				t.Errorf("%s: %d, want %d", c.name, rec.Code, c.want)
			}
			if c.want != 200 && strings.Contains(rec.Body.String(), "noces_http") {
				t.Errorf("%s: metrics leaked", c.name)
			}
		}
	})

	t.Run("without a configured token no bearer passes", func(t *testing.T) {
		plain := newEnv(t)
		rec := plain.fromPeer("GET", "/metrics", "192.0.2.1:5000", map[string]string{"Authorization": "Bearer "})
		if rec.Code != http.StatusUnauthorized {
			t.Errorf("%d %s", rec.Code, rec.Body)
		}
	})
}
