package clientip

import (
	"net/http"
	"net/netip"
	"strings"
	"testing"
)

// FuzzClientAddress feeds any X-Forwarded-For and Forwarded values to a
// resolver behind a trusted proxy and to one trusting nobody. Whatever the
// headers say, the answer is an address; without trust it is the peer; with
// trust it is the peer or an address the headers carry, never one to the
// left of an untrusted hop; a request Local calls local resolves to a
// loopback address, whoever is trusted; and a for= node survives being
// quoted again.
// Seeds are in testdata/fuzz/FuzzClientAddress.
func FuzzClientAddress(f *testing.F) {
	trusted := New([]netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")})
	f.Fuzz(func(t *testing.T, xff, fwd string) {
		h := http.Header{}
		if xff != "" {
			h.Set("X-Forwarded-For", xff)
		}
		if fwd != "" {
			h.Set("Forwarded", fwd)
		}
		if got := New(nil).Resolve("10.0.0.1:443", h); got != "10.0.0.1" {
			t.Fatalf("without trusted proxies: %q", got)
		}
		got := trusted.Resolve("10.0.0.1:443", h)
		a, err := netip.ParseAddr(got)
		if err != nil {
			t.Fatalf("not an address: %q", got)
		}
		var chain []string
		if xff != "" {
			chain = ParseXForwardedFor(h.Values("X-Forwarded-For"))
		} else {
			chain = ParseForwarded(h.Values("Forwarded"))
		}
		// The answer is the peer or one of the chain's entries, and every
		// entry right of it is a trusted proxy.
		at := -1
		for i := len(chain) - 1; i >= 0; i-- {
			if n, ok := parseNode(chain[i]); ok && n == a {
				at = i
				break
			}
		}
		if at < 0 && got != "10.0.0.1" {
			t.Fatalf("%q is neither the peer nor in the chain %q", got, chain)
		}
		if at >= 0 {
			for _, right := range chain[at+1:] {
				if n, ok := parseNode(right); !ok || !trusted.Trusts(n) {
					t.Fatalf("%q chosen left of %q, which no trusted proxy wrote (chain %q)", got, right, chain)
				}
			}
		}
		if Local("127.0.0.1:443", h) {
			for _, r := range []*Resolver{New(nil), trusted, New([]netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")})} {
				if a, err := netip.ParseAddr(r.Resolve("127.0.0.1:443", h)); err != nil || !a.IsLoopback() {
					t.Fatalf("local, yet the client is %v (%v)", a, err)
				}
			}
		}
		if Local("10.0.0.1:443", h) {
			t.Fatal("a peer on another machine is local")
		}
		// A node quoted again parses back to itself.
		for _, node := range ParseForwarded([]string{fwd}) {
			q := `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(node) + `"`
			back := ParseForwarded([]string{"for=" + q})
			if len(back) != 1 || back[0] != node {
				t.Fatalf("node %q quoted as %s reads back as %q", node, q, back)
			}
		}
	})
}
