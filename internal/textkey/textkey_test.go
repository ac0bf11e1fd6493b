package textkey

import "testing"

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"Château de l'Épine":         "chateau-de-l-epine",
		"  Maison   Moreau & Fils  ": "maison-moreau-fils",
		"Straße 1":                   "strasse-1",
		"東京":                         "",
		"L’Atelier (Lyon)":           "l-atelier-lyon",
	} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}
