package httpapi

import (
	"strings"
	"testing"
)

// The badge page of the back-office previews the badges from its own origin:
// /badge/{slug}.svg answers on a back-office host as on a public one, with
// the same script-free SVG and the same day of cache.
func TestBadgeOnTheBackOfficeHost(t *testing.T) {
	e := newEnv(t)
	e.visiblePlanner("atelier-badge", 45.76, 4.84, false, 4, 4)
	for _, host := range []string{"pro.fr.localhost", "localhost", "fr.localhost"} {
		r := e.do(req{method: "GET", path: "/badge/atelier-badge.svg?theme=black&size=big", headers: map[string]string{"Host": host}})
		if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "image/svg+xml") {
			t.Fatalf("%s: %d %s", host, r.status, r.header.Get("Content-Type"))
		}
		if !strings.Contains(string(r.body), "atelier-badge</text>") || !strings.Contains(string(r.body), `fill="#1d1719"`) {
			t.Errorf("%s: %s", host, r.body)
		}
		if cc := r.header.Get("Cache-Control"); cc != "public, max-age=86400" {
			t.Errorf("%s: cache %q", host, cc)
		}
		if csp := r.header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") || strings.Contains(csp, "script-src") {
			t.Errorf("%s: CSP %q", host, csp)
		}
	}
	if r := e.do(req{method: "GET", path: "/badge/nobody.svg", headers: map[string]string{"Host": "pro.fr.localhost"}}); r.status != 404 {
		t.Errorf("an unknown planner's badge: %d", r.status)
	}
}
