// Package clientip finds the address of the client behind a request: the
// connection's peer, or, when that peer is a proxy the operator trusts
// (NOCES_TRUSTED_PROXIES), the address that proxy reports in
// X-Forwarded-For or Forwarded (RFC 7239). It is resolved once per request
// by Middleware and read with Of, so every rate limit and view counter sees
// the same address.
//
// Only what a trusted proxy wrote can be believed: a client may send any
// header it likes, and a proxy appends to what it received. The chain is
// therefore read from the right, skipping the trusted proxies, and the first
// address that is not one of them is the client; whatever lies further left
// was written by that client and is ignored. X-Forwarded-For is read when
// present, Forwarded otherwise; a proxy that writes only Forwarded must drop
// a received X-Forwarded-For.
package clientip

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Resolver finds the client's address given the proxies to trust.
type Resolver struct {
	trusted []netip.Prefix
}

// New returns a Resolver trusting the proxies in trusted; none trusts no
// header, so the client is the connection's peer.
func New(trusted []netip.Prefix) *Resolver {
	return &Resolver{trusted: trusted}
}

// ParsePrefixes reads a comma-separated list of CIDRs (a bare address is its
// own /32 or /128). Spaces around entries and empty entries are allowed; an
// entry that is neither is an error naming it.
func ParsePrefixes(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil || a.Zone() != "" {
			return nil, fmt.Errorf("%q is not a CIDR (want e.g. 10.0.0.0/8 or 2001:db8::/32)", f)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}

// Trusts tells whether a is one of the trusted proxies.
func (r *Resolver) Trusts(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range r.trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// Resolve returns the client's address of a request that came from
// remoteAddr (host:port, as http.Request.RemoteAddr) with headers h.
func (r *Resolver) Resolve(remoteAddr string, h http.Header) string {
	peer, ok := parseNode(remoteAddr)
	if !ok {
		// Not an IP (a unix socket, a test): the best key there is.
		return remoteAddr
	}
	if !r.Trusts(peer) {
		return peer.String()
	}
	var chain []string
	if xff := h.Values("X-Forwarded-For"); len(xff) > 0 {
		chain = ParseXForwardedFor(xff)
	} else {
		chain = ParseForwarded(h.Values("Forwarded"))
	}
	client := peer
	for i := len(chain) - 1; i >= 0; i-- {
		a, ok := parseNode(chain[i])
		if !ok {
			// "unknown", an obfuscated name or garbage: the hop that wrote
			// it is the last address known.
			break
		}
		client = a
		if !r.Trusts(a) {
			break
		}
	}
	return client.String()
}

// Local reports whether a request from remoteAddr with headers h comes from
// this machine: its peer is a loopback address and so is every client a
// proxy says it forwards the request for (X-Forwarded-For, Forwarded,
// X-Real-IP). Through a proxy on the same machine the peer is always
// loopback, so the forwarded clients decide, whether or not the proxy is
// trusted; one that is not an address ("unknown", an obfuscated node, an
// element without for=) could be anyone, so it is not local. A client can
// only lose by writing such headers itself.
func Local(remoteAddr string, h http.Header) bool {
	peer, ok := parseNode(remoteAddr)
	if !ok || !peer.IsLoopback() {
		return false
	}
	var nodes []string
	if xff := h.Values("X-Forwarded-For"); len(xff) > 0 {
		nodes = append(nodes, ParseXForwardedFor(xff)...)
	}
	if fwd := h.Values("Forwarded"); len(fwd) > 0 {
		nodes = append(nodes, ParseForwarded(fwd)...)
	}
	nodes = append(nodes, h.Values("X-Real-IP")...)
	for _, n := range nodes {
		if a, ok := parseNode(n); !ok || !a.IsLoopback() {
			return false
		}
	}
	return true
}

// ParseXForwardedFor lists the addresses of X-Forwarded-For header lines,
// leftmost (furthest from this server) first, entries as written.
func ParseXForwardedFor(values []string) []string {
	var out []string
	for _, v := range values {
		for _, f := range strings.Split(v, ",") {
			out = append(out, strings.TrimSpace(f))
		}
	}
	return out
}

// ParseForwarded lists the for= nodes of Forwarded header lines (RFC 7239),
// leftmost first, unquoted; an element without for= gives "". Parsing is
// lenient in what it skips but never lets a quoted comma or semicolon split
// an element.
func ParseForwarded(values []string) []string {
	var out []string
	for _, v := range values {
		for _, elem := range splitQuoted(v, ',') {
			node := ""
			for _, pair := range splitQuoted(elem, ';') {
				name, value, ok := strings.Cut(pair, "=")
				if !ok || !strings.EqualFold(strings.TrimSpace(name), "for") {
					continue
				}
				node = unquote(strings.TrimSpace(value))
				break
			}
			out = append(out, node)
		}
	}
	return out
}

// splitQuoted splits s at sep outside double quotes (a backslash escapes the
// next character inside quotes).
func splitQuoted(s string, sep byte) []string {
	var out []string
	start, quoted := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case !quoted && c == sep:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// unquote reads an RFC 7230 quoted-string, or returns a token as is.
func unquote(v string) string {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return v
	}
	var b strings.Builder
	for i := 1; i < len(v)-1; i++ {
		if v[i] == '\\' && i+1 < len(v)-1 {
			i++
		}
		b.WriteByte(v[i])
	}
	return b.String()
}

// parseNode reads an address written as 192.0.2.1, 192.0.2.1:80, 2001:db8::1,
// [2001:db8::1] or [2001:db8::1]:80; IPv4 in IPv6 becomes IPv4 and a zone is
// dropped, so one client has one spelling.
func parseNode(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return netip.Addr{}, false
	}
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap().WithZone(""), true
	}
	host := s
	if h, _, err := net.SplitHostPort(s); err == nil {
		host = h
	} else if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		host = s[1 : len(s)-1]
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap().WithZone(""), true
}

type ctxKey struct{}

// WithAddr returns ctx carrying the client's address.
func WithAddr(ctx context.Context, addr string) context.Context {
	return context.WithValue(ctx, ctxKey{}, addr)
}

// Middleware resolves the client's address once and puts it in the context.
func (r *Resolver) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		next.ServeHTTP(w, req.WithContext(WithAddr(req.Context(), r.Resolve(req.RemoteAddr, req.Header))))
	})
}

// Of is the client's address of a request: the one Middleware resolved, or,
// for a handler served without it, the connection's peer.
func Of(req *http.Request) string {
	if a, ok := req.Context().Value(ctxKey{}).(string); ok {
		return a
	}
	return New(nil).Resolve(req.RemoteAddr, nil)
}
