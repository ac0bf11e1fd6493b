package hosts

import (
	"strings"
	"testing"

	"noces/internal/config"
)

// FuzzResolve checks the reading of the Host header, which any client
// chooses: a public face only for a configured public host, whatever the
// letter case, port or final dot; anything else is the default back-office.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"localhost:8080", "fr.localhost", "BE.LOCALHOST:80", "pro.pt.localhost.", "noces.co.uk",
		"uk.localhost", "evil.example", "[::1]:8080", "127.0.0.1", "fr.localhost:", "fr.localhost..", ":8080", "",
		"fr.localhost:8080:8080", "fr.localhost\x00", "FR.LOCALHOST.:443", "xn--fr-localhost", "pro.es.localhoſt"} {
		f.Add(s)
	}
	c, err := config.Load(func(k string) string {
		return map[string]string{"NOCES_ADDR": "127.0.0.1:8080", "NOCES_HOST_UK_PUBLIC": "noces.co.uk"}[k]
	})
	if err != nil {
		f.Fatal(err)
	}
	m := New(c)
	public := map[string]string{}
	for _, h := range c.Hosts {
		public[h.Public] = h.Key
	}
	f.Fuzz(func(t *testing.T, host string) {
		d, face := m.Resolve(host)
		if d2, face2 := m.Resolve(host); d2 != d || face2 != face {
			t.Fatalf("Resolve(%q) differs between calls", host)
		}
		if face == Public {
			name := strings.TrimSuffix(strings.ToLower(host), ".")
			if h, _, ok := strings.Cut(strings.ToLower(host), ":"); ok {
				name = strings.TrimSuffix(h, ".")
			}
			if key, ok := public[name]; !ok || key != d.Key {
				t.Fatalf("Resolve(%q) = %s public, but %q is not that domain's public host", host, d.Key, name)
			}
		}
		if !strings.ContainsAny(host, ":[]") {
			variants := []string{asciiSwapCase(host), host + ":8080", host + ":443"}
			if !strings.HasSuffix(host, ".") {
				variants = append(variants, host+".", host+".:8080")
			}
			for _, v := range variants {
				if d2, face2 := m.Resolve(v); d2 != d || face2 != face {
					t.Fatalf("Resolve(%q) = %s/%v but Resolve(%q) = %s/%v", host, d.Key, face, v, d2.Key, face2)
				}
			}
		}
	})
}

// asciiSwapCase swaps the case of ASCII letters only: host names are
// compared without regard to ASCII case.
func asciiSwapCase(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case c >= 'a' && c <= 'z':
			b[i] = c - 'a' + 'A'
		case c >= 'A' && c <= 'Z':
			b[i] = c - 'A' + 'a'
		}
	}
	return string(b)
}
