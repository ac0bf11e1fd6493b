package httpapi

import (
	"context"
	"io"
	"net"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"noces/internal/store"
	"noces/internal/store/storetest"
)

// cutProxy forwards TCP to a database and can cut every connection and
// refuse new ones, as a database outage or a network partition would.
type cutProxy struct {
	target string
	addr   string
	mu     sync.Mutex
	ln     net.Listener
	conns  []net.Conn
}

func newCutProxy(t *testing.T, target string) *cutProxy {
	p := &cutProxy{target: target}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p.addr = ln.Addr().String()
	p.serve(ln)
	t.Cleanup(p.cut)
	return p
}

func (p *cutProxy) serve(ln net.Listener) {
	p.mu.Lock()
	p.ln = ln
	p.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			up, err := net.Dial("tcp", p.target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, up)
			p.mu.Unlock()
			go func() { _, _ = io.Copy(up, c); up.Close() }()
			go func() { _, _ = io.Copy(c, up); c.Close() }()
		}
	}()
}

// cut closes the listener and every connection.
func (p *cutProxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// restore listens again on the same address.
func (p *cutProxy) restore(t *testing.T) {
	ln, err := net.Listen("tcp", p.addr)
	if err != nil {
		t.Fatal(err)
	}
	p.serve(ln)
}

// outageEnv is a server whose database sits behind a proxy the test can cut.
func outageEnv(t *testing.T) (*env, *cutProxy) {
	t.Helper()
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("SQLite is a file inside the process: it has no outage to survive; this runs on PostgreSQL")
	}
	raw := storetest.MigratedURL(t)
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	proxy := newCutProxy(t, u.Host)
	u.Host = proxy.addr
	ctx := context.Background()
	s, err := store.Open(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	return newEnvWithStore(t, s, nil), proxy
}

// waitReady polls /readyz until the database answers again.
func (e *env) waitReady(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		r := e.do(req{method: "GET", path: "/readyz"})
		if r.status == 200 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server did not recover within 10 s: %d", r.status)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func TestADatabaseOutageIsA503AndTheServerRecovers(t *testing.T) {
	e, proxy := outageEnv(t)
	session := e.login("planner")

	proxy.cut()
	if r := e.do(req{method: "GET", path: "/readyz"}); r.status != 503 {
		t.Errorf("/readyz during the outage: %d %s", r.status, r.body)
	}
	r := e.do(req{method: "GET", path: "/api/me", token: session.Access, headers: map[string]string{"Accept-Language": "en"}})
	if r.status != 503 || r.json(t)["error"] != "errors.service_unavailable" || r.header.Get("Retry-After") == "" {
		t.Errorf("/api/me during the outage: %d %v %s", r.status, r.header, r.body)
	}
	if r := e.do(req{method: "GET", path: "/healthz"}); r.status != 200 {
		t.Errorf("/healthz must stay up during a database outage: %d", r.status)
	}

	proxy.restore(t)
	e.waitReady(t)
	if r := e.do(req{method: "GET", path: "/api/me", token: session.Access}); r.status != 200 {
		t.Errorf("/api/me after the outage: %d %s", r.status, r.body)
	}
}

func TestPublicPagesDuringADatabaseOutage(t *testing.T) {
	e, proxy := outageEnv(t)
	pages := []struct {
		host, lang, method, path, body, heading string
	}{
		{"fr.localhost:8080", "fr", "GET", "/search?kind=planner&city=Lyon", "", "Le site est momentanément indisponible"},
		{"de.localhost:8080", "de", "GET", "/p/some-planner", "", "Die Website ist kurz nicht erreichbar"},
		{"uk.localhost:8080", "en", "GET", "/v/some-venue/photos", "", "The site is briefly unavailable"},
		{"it.localhost:8080", "it", "GET", "/review/some-token", "", "Il sito è momentaneamente non disponibile"},
	}
	for _, p := range pages {
		if r := e.do(req{method: p.method, path: p.path, headers: map[string]string{"Host": p.host}}); r.status == 503 {
			t.Fatalf("%s %s before the outage: %d", p.host, p.path, r.status)
		}
	}
	e.logs.Reset()

	proxy.cut()
	for range 5 {
		for _, p := range pages {
			r := e.do(req{method: p.method, path: p.path, body: p.body, contentType: "application/x-www-form-urlencoded",
				headers: map[string]string{"Host": p.host, "Accept-Language": "pt"}})
			if r.status != 503 {
				t.Fatalf("%s %s during the outage: %d %s", p.host, p.path, r.status, r.body)
			}
			if ra := r.header.Get("Retry-After"); ra == "" || ra == "0" {
				t.Errorf("%s: no Retry-After", p.path)
			}
			if !strings.Contains(string(r.body), `lang="`+p.lang+`"`) || !strings.Contains(string(r.body), p.heading) ||
				!strings.HasPrefix(r.header.Get("Content-Type"), "text/html") {
				t.Errorf("%s %s: not the page in the domain's language: %s", p.host, p.path, r.body)
			}
			if r.header.Get("Cache-Control") != "no-store" {
				t.Errorf("%s: an outage page may be cached: %q", p.path, r.header.Get("Cache-Control"))
			}
		}
	}
	logs := e.logs.String()
	if strings.Contains(logs, `"level":"ERROR"`) {
		t.Errorf("the outage logged errors:\n%s", logs)
	}
	if n := strings.Count(logs, `"level":"WARN"`); n > 2 {
		t.Errorf("20 failed pages logged %d warnings: one per interval is enough\n%s", n, logs)
	}

	proxy.restore(t)
	e.waitReady(t)
	for _, p := range pages[:3] {
		if r := e.do(req{method: p.method, path: p.path, headers: map[string]string{"Host": p.host}}); r.status == 503 {
			t.Errorf("%s %s after the outage: %d", p.host, p.path, r.status)
		}
	}
}
