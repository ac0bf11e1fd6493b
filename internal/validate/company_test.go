package validate

import (
	"testing"
	"time"
)

func TestCompanyName(t *testing.T) {
	for in, want := range map[string]string{
		"Maison Moreau & Fils":   "",
		"L'Atelier (Lyon) / Été": "",
		"A":                      "validation.company_name_invalid",
		"":                       "validation.required",
		"Wedding <script>":       "validation.company_name_invalid",
		"0123456789012345678901234567890123456789012345678901": "validation.company_name_invalid",
	} {
		if got := CompanyName(in); got != want {
			t.Errorf("CompanyName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCreationDate(t *testing.T) {
	today := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	for in, want := range map[string]string{
		"2015-04-01": "",
		"2026-11-22": "",
		"2026-11-23": "validation.creation_date_invalid_future",
		"1799-12-31": "validation.creation_date_invalid",
		"2015-02-30": "validation.creation_date_invalid",
		"01/04/2015": "validation.creation_date_invalid",
		"":           "validation.required",
	} {
		if got := CreationDate(in, today); got != want {
			t.Errorf("CreationDate(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWebsite(t *testing.T) {
	tests := []struct{ in, want, code string }{
		{"", "", ""},
		{"maison-moreau.fr", "https://maison-moreau.fr", ""},
		{"http://example.com/a", "http://example.com/a", ""},
		{"ftp://example.com", "", "validation.website_invalid"},
		{"not a url", "", "validation.website_invalid"},
		{"localhost", "", "validation.website_invalid"},
	}
	for _, tc := range tests {
		got, code := Website(tc.in)
		if got != tc.want || code != tc.code {
			t.Errorf("Website(%q) = %q, %q", tc.in, got, code)
		}
	}
}

func TestSiret(t *testing.T) {
	for in, want := range map[string]string{
		"73282932000074": "",
		"35600000000051": "", // La Poste: the digits sum to 20
		"73282932000075": "siret.errors.format",
		"7328293200007":  "siret.errors.format",
		"7328293200007a": "siret.errors.format",
		"":               "siret.errors.format",
	} {
		if got := Siret(in); got != want {
			t.Errorf("Siret(%q) = %q, want %q", in, got, want)
		}
	}
}
