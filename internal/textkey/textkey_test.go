package textkey

import "testing"

func TestFoldAndSlug(t *testing.T) {
	for in, want := range map[string]string{"Saint-Étienne": "saint-etienne", "Köln": "koln", "Straße": "strasse", "Œuvre": "oeuvre"} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"Château de l'Épine":         "chateau-de-l-epine",
		"  Maison   Moreau & Fils  ": "maison-moreau-fils",
		"東京":                         "",
		"L’Atelier (Lyon)":           "l-atelier-lyon",
	} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}
