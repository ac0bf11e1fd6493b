package hosts

import (
	"testing"

	"noces/internal/config"
)

func TestResolve(t *testing.T) {
	c, err := config.Load(func(k string) string {
		return map[string]string{"NOCES_ADDR": "127.0.0.1:8080", "NOCES_HOST_UK_PUBLIC": "noces.co.uk"}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	m := New(c)
	tests := []struct {
		host, domain string
		face         Face
	}{
		{"localhost:8080", "fr", Pro},
		{"127.0.0.1:8080", "fr", Pro},
		{"fr.localhost:8080", "fr", Public},
		{"BE.localhost", "be", Public},
		{"pro.pt.localhost:8080", "pt", Pro},
		{"noces.co.uk", "uk", Public},
		{"uk.localhost", "fr", Pro}, // replaced by the configured host
		{"pro.de.localhost.", "de", Pro},
		{"evil.example", "fr", Pro},
	}
	for _, tc := range tests {
		d, f := m.Resolve(tc.host)
		if d.Key != tc.domain || f != tc.face {
			t.Errorf("Resolve(%q) = %s/%v, want %s/%v", tc.host, d.Key, f, tc.domain, tc.face)
		}
	}
	if got, want := m.ProfileURL("IT", "studio-rossi"), "http://it.localhost:8080/p/studio-rossi"; got != want {
		t.Errorf("ProfileURL = %q, want %q", got, want)
	}
	if got, want := m.ProfileURL("GB", "york-weddings"), "http://noces.co.uk:8080/p/york-weddings"; got != want {
		t.Errorf("ProfileURL = %q, want %q", got, want)
	}
	if got, want := m.ProfileURL("CH", "zurich"), "http://fr.localhost:8080/p/zurich"; got != want {
		t.Errorf("ProfileURL of a country without a domain = %q, want %q", got, want)
	}
	if got, want := m.PublicURL("uk", "/"), "http://noces.co.uk:8080/"; got != want {
		t.Errorf("PublicURL = %q, want %q", got, want)
	}
}

func TestHomeDomain(t *testing.T) {
	for country, key := range map[string]string{"FR": "fr", "BE": "be", "GB": "uk", "DE": "de", "IT": "it", "ES": "es", "PT": "pt"} {
		if d, ok := HomeDomain(country); !ok || d.Key != key {
			t.Errorf("%s: %q %v, want %q", country, d.Key, ok, key)
		}
	}
	for _, country := range []string{"", "CH", "UK", "fr"} {
		if d, ok := HomeDomain(country); ok {
			t.Errorf("%q has the domain %q", country, d.Key)
		}
	}
}

func TestListingDomainIsTheHomeDomainElseTheDefault(t *testing.T) {
	for country, key := range map[string]string{"FR": "fr", "BE": "be", "GB": "uk", "DE": "de", "IT": "it", "ES": "es", "PT": "pt",
		"": "fr", "CH": "fr", "UK": "fr", "fr": "fr"} {
		if d := ListingDomain(country); d.Key != key {
			t.Errorf("%q: %q, want %q", country, d.Key, key)
		}
	}
}
