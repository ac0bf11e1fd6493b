package httpapi

import (
	"context"
	"io"
	"net"
	"net/url"
	"os"
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

func TestADatabaseOutageIsA503AndTheServerRecovers(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("SQLite is a file inside the process: it has no outage to survive; this runs on PostgreSQL")
	}
	raw := storetest.URL(t)
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
	e := newEnvWithStore(t, s, nil)
	session := e.login("planner")

	proxy.cut()
	if r := e.do(req{method: "GET", path: "/readyz"}); r.status != 503 {
		t.Errorf("/readyz during the outage: %d %s", r.status, r.body)
	}
	r := e.do(req{method: "GET", path: "/api/me", token: session.Access, headers: map[string]string{"Accept-Language": "en"}})
	if r.status != 503 || r.json(t)["error"] != "errors.service_unavailable" {
		t.Errorf("/api/me during the outage: %d %s", r.status, r.body)
	}
	if r := e.do(req{method: "GET", path: "/healthz"}); r.status != 200 {
		t.Errorf("/healthz must stay up during a database outage: %d", r.status)
	}

	proxy.restore(t)
	deadline := time.Now().Add(10 * time.Second)
	for {
		r := e.do(req{method: "GET", path: "/readyz"})
		if r.status == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server did not recover within 10 s: %d", r.status)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if r := e.do(req{method: "GET", path: "/api/me", token: session.Access}); r.status != 200 {
		t.Errorf("/api/me after the outage: %d %s", r.status, r.body)
	}
}
