package clientip

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func mustPrefixes(t *testing.T, s string) []netip.Prefix {
	t.Helper()
	p, err := ParsePrefixes(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestResolve(t *testing.T) {
	proxies := New(mustPrefixes(t, "10.0.0.0/8, 2001:db8:ffff::/48, 192.0.2.254"))
	tests := []struct {
		name     string
		resolver *Resolver
		remote   string
		headers  map[string][]string
		want     string
	}{
		{"without trusted proxies the header is ignored", New(nil), "10.0.0.1:5000",
			map[string][]string{"X-Forwarded-For": {"203.0.113.7"}}, "10.0.0.1"},
		{"a peer that is not a trusted proxy is the client, whatever it says", proxies, "198.51.100.9:5000",
			map[string][]string{"X-Forwarded-For": {"203.0.113.7"}, "Forwarded": {"for=203.0.113.8"}}, "198.51.100.9"},
		{"behind a trusted proxy the header gives the client", proxies, "10.0.0.1:5000",
			map[string][]string{"X-Forwarded-For": {"203.0.113.7"}}, "203.0.113.7"},
		{"spoofed leftmost entries are ignored", proxies, "10.0.0.1:5000",
			map[string][]string{"X-Forwarded-For": {"1.1.1.1, 8.8.8.8, 203.0.113.7"}}, "203.0.113.7"},
		{"trusted hops on the right are skipped", proxies, "10.0.0.1:5000",
			map[string][]string{"X-Forwarded-For": {"1.1.1.1, 203.0.113.7, 10.9.9.9, 192.0.2.254"}}, "203.0.113.7"},
		{"several header lines are one list", proxies, "10.0.0.1:5000",
			map[string][]string{"X-Forwarded-For": {"1.1.1.1", "203.0.113.7, 10.2.2.2"}}, "203.0.113.7"},
		{"an entry with a port", proxies, "10.0.0.1:5000",
			map[string][]string{"X-Forwarded-For": {"203.0.113.7:4711"}}, "203.0.113.7"},
		{"IPv6 entries, bracketed or not", proxies, "[2001:db8:ffff::1]:443",
			map[string][]string{"X-Forwarded-For": {"[2001:db8:1::9]:80, 2001:db8:ffff::2"}}, "2001:db8:1::9"},
		{"IPv4 written as IPv6 is IPv4", proxies, "[::ffff:10.0.0.1]:5000",
			map[string][]string{"X-Forwarded-For": {"::ffff:203.0.113.7"}}, "203.0.113.7"},
		{"garbage on the right leaves the last known hop", proxies, "10.0.0.1:5000",
			map[string][]string{"X-Forwarded-For": {"203.0.113.7, not-an-address"}}, "10.0.0.1"},
		{"an empty header leaves the peer", proxies, "10.0.0.1:5000",
			map[string][]string{"X-Forwarded-For": {""}}, "10.0.0.1"},
		{"only trusted hops: the furthest one", proxies, "10.0.0.1:5000",
			map[string][]string{"X-Forwarded-For": {"10.3.3.3, 10.2.2.2"}}, "10.3.3.3"},
		{"Forwarded gives the client", proxies, "10.0.0.1:5000",
			map[string][]string{"Forwarded": {`for=192.0.2.60;proto=http;by=203.0.113.43`}}, "192.0.2.60"},
		{"Forwarded: quoted IPv6 with a port, spoofed entries on the left", proxies, "10.0.0.1:5000",
			map[string][]string{"Forwarded": {`for=1.1.1.1, For="[2001:db8:cafe::17]:4711";proto=https`, `for=10.1.1.1`}}, "2001:db8:cafe::17"},
		{"Forwarded: a quoted comma does not split an element", proxies, "10.0.0.1:5000",
			map[string][]string{"Forwarded": {`for=203.0.113.7;host="a,for=1.1.1.1"`}}, "203.0.113.7"},
		{"Forwarded: for=unknown leaves the last known hop", proxies, "10.0.0.1:5000",
			map[string][]string{"Forwarded": {`for=203.0.113.7, for=unknown`}}, "10.0.0.1"},
		{"Forwarded: an obfuscated node leaves the last known hop", proxies, "10.0.0.1:5000",
			map[string][]string{"Forwarded": {`for=_hidden, for=10.4.4.4`}}, "10.4.4.4"},
		{"X-Forwarded-For wins over Forwarded", proxies, "10.0.0.1:5000",
			map[string][]string{"X-Forwarded-For": {"203.0.113.7"}, "Forwarded": {"for=203.0.113.8"}}, "203.0.113.7"},
		{"a peer without a port", New(nil), "203.0.113.7", nil, "203.0.113.7"},
		{"a peer that is not an address is kept as is", proxies, "@", map[string][]string{"X-Forwarded-For": {"203.0.113.7"}}, "@"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.Header{}
			for k, vs := range tt.headers {
				for _, v := range vs {
					h.Add(k, v)
				}
			}
			if got := tt.resolver.Resolve(tt.remote, h); got != tt.want {
				t.Errorf("Resolve = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestParseForwarded(t *testing.T) {
	got := ParseForwarded([]string{`for=192.0.2.43, for="[2001:db8:cafe::17]";by=x`, `proto=https;FOR="\"a\\b\"", by=203.0.113.43`})
	want := []string{"192.0.2.43", "[2001:db8:cafe::17]", `"a\b"`, ""}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("for= nodes (-want +got):\n%s", diff)
	}
}

func TestParsePrefixes(t *testing.T) {
	got, err := ParsePrefixes(" 10.0.0.0/8 ,, 192.0.2.1, 2001:db8::/32, 172.16.5.4/12 ")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"10.0.0.0/8", "192.0.2.1/32", "2001:db8::/32", "172.16.0.0/12"}
	var s []string
	for _, p := range got {
		s = append(s, p.String())
	}
	if diff := cmp.Diff(want, s); diff != "" {
		t.Errorf("prefixes (-want +got):\n%s", diff)
	}
	for _, bad := range []string{"10.0.0.0/33", "proxy.example.com", "10.0.0.0/8;", "fe80::1%eth0", "10.0.0"} {
		if _, err := ParsePrefixes(bad); err == nil {
			t.Errorf("%q was accepted", bad)
		}
	}
	if p, err := ParsePrefixes(""); err != nil || len(p) != 0 {
		t.Errorf("empty list: %v %v", p, err)
	}
}

func TestMiddlewarePutsTheAddressInTheContext(t *testing.T) {
	var seen string
	h := New(mustPrefixes(t, "10.0.0.0/8")).Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = Of(r)
	}))
	r := httptest.NewRequest("GET", "/", nil)
	r.RemoteAddr = "10.0.0.1:1234"
	r.Header.Set("X-Forwarded-For", "203.0.113.7")
	h.ServeHTTP(httptest.NewRecorder(), r)
	if seen != "203.0.113.7" {
		t.Errorf("the handler saw %q", seen)
	}
	// Without the middleware, Of is the peer and never a header.
	bare := r.WithContext(context.Background())
	if got := Of(bare); got != "10.0.0.1" {
		t.Errorf("Of without the middleware: %q", got)
	}
}

func TestLocal(t *testing.T) {
	tests := []struct {
		name    string
		remote  string
		headers map[string][]string
		want    bool
	}{
		{"a loopback peer, nothing forwarded", "127.0.0.1:5000", nil, true},
		{"an IPv6 loopback peer", "[::1]:5000", nil, true},
		{"IPv4 loopback written as IPv6", "[::ffff:127.0.0.1]:5000", nil, true},
		{"another machine", "192.0.2.1:5000", nil, false},
		{"another machine saying it forwards for loopback", "192.0.2.1:5000",
			map[string][]string{"X-Forwarded-For": {"127.0.0.1"}, "Forwarded": {"for=127.0.0.1"}}, false},
		{"a proxy here forwarding for an outside client", "127.0.0.1:5000",
			map[string][]string{"X-Forwarded-For": {"203.0.113.7"}}, false},
		{"a proxy here forwarding for a client here", "127.0.0.1:5000",
			map[string][]string{"X-Forwarded-For": {"127.0.0.1"}}, true},
		{"two proxies here, both for loopback", "127.0.0.1:5000",
			map[string][]string{"X-Forwarded-For": {"::1, 127.0.0.2:4711"}}, true},
		{"an outside address anywhere in the chain", "127.0.0.1:5000",
			map[string][]string{"X-Forwarded-For": {"203.0.113.7, 127.0.0.1"}}, false},
		{"an unreadable entry could be anyone", "127.0.0.1:5000",
			map[string][]string{"X-Forwarded-For": {"127.0.0.1, not-an-address"}}, false},
		{"Forwarded for an outside client", "127.0.0.1:5000",
			map[string][]string{"Forwarded": {`for="[2001:db8::7]:80";proto=https`}}, false},
		{"Forwarded for unknown", "127.0.0.1:5000", map[string][]string{"Forwarded": {"for=unknown"}}, false},
		{"Forwarded without for=", "127.0.0.1:5000", map[string][]string{"Forwarded": {"proto=https"}}, false},
		{"Forwarded for loopback", "127.0.0.1:5000", map[string][]string{"Forwarded": {`for="[::1]"`}}, true},
		{"X-Forwarded-For here but Forwarded outside", "127.0.0.1:5000",
			map[string][]string{"X-Forwarded-For": {"127.0.0.1"}, "Forwarded": {"for=203.0.113.7"}}, false},
		{"X-Real-IP outside", "127.0.0.1:5000", map[string][]string{"X-Real-IP": {"203.0.113.7"}}, false},
		{"a peer that is not an address", "@", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.Header{}
			for k, vs := range tt.headers {
				for _, v := range vs {
					h.Add(k, v)
				}
			}
			if got := Local(tt.remote, h); got != tt.want {
				t.Errorf("Local = %t, want %t", got, tt.want)
			}
		})
	}
}
