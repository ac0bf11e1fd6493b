package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"math"
	"testing"
)

func TestPlausibleName(t *testing.T) {
	for s, want := range map[string]bool{
		"Bruxelles": true, "Monaco di Baviera": true, "L'Aquila": true, "Sant’Agata": true,
		"MUC": false, "Мюнхен": false, "慕尼黑": false, "Paris 01": false, "ab": false,
	} {
		if got := plausibleName(s); got != want {
			t.Errorf("plausibleName(%q) = %v", s, got)
		}
	}
}

func TestStripQualifier(t *testing.T) {
	for in, want := range map[string]string{
		"Halle (Saale)": "Halle", "Ketzin/Havel": "Ketzin", "Berlin": "Berlin", "(x)": "(x)",
	} {
		if got := stripQualifier(in); got != want {
			t.Errorf("stripQualifier(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLocatorFallsBackToShorterPrefixes(t *testing.T) {
	var l locator
	l.add("69001", 45, 4)
	l.add("69002", 46, 5)
	if lat, lng, d := l.at([]string{"69001"}); d != 5 || lat != 45 || lng != 4 {
		t.Errorf("exact: %v %v %d", lat, lng, d)
	}
	if lat, lng, d := l.at([]string{"69009"}); d != 4 || lat != 45.5 || lng != 4.5 {
		t.Errorf("4 digits: %v %v %d", lat, lng, d)
	}
	if _, _, d := l.at([]string{"75001"}); d != 0 {
		t.Errorf("unrelated code located with %d digits", d)
	}
}

func TestCoordAndDistance(t *testing.T) {
	if got := coord(45.748460001); got != "45.7485" {
		t.Errorf("coord = %s", got)
	}
	if got := coord(4.8); got != "4.8" {
		t.Errorf("coord = %s", got)
	}
	// Paris to Lyon is about 392 km
	if d := km(48.8534, 2.3488, 45.7485, 4.8467); math.Abs(d-392) > 5 {
		t.Errorf("km = %v", d)
	}
}

func TestEncodeIsSortedAndStable(t *testing.T) {
	rows := func() []outRow {
		return []outRow{
			{cc: "FR", postcode: "69002", city: "Lyon", lat: 45.7485, lng: 4.8467, pop: 5, aliases: []string{"Lione"}},
			{cc: "BE", city: "Brussel", lat: 50.85, lng: 4.35, pop: 9, aliases: []string{"Bruxelles", "Brussels"}},
			{cc: "FR", postcode: "69001", city: "Lyon", lat: 45.7485, lng: 4.8467, pop: 5, aliases: []string{"Lione"}},
		}
	}
	a, err := (&builder{rows: rows()}).encode()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := (&builder{rows: rows()}).encode()
	if !bytes.Equal(a, b) {
		t.Error("two encodings of the same rows differ")
	}
	zr, err := gzip.NewReader(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	text, _ := io.ReadAll(zr)
	want := "# country\tpostcode\tcity\tlat\tlng\tpopulation\taliases (|)\n" +
		"# Made by tools/gazetteer; sources and licences in tools/gazetteer/README.md\n" +
		"BE\t\tBrussel\t50.85\t4.35\t9\tBruxelles|Brussels\n" +
		"FR\t69001\tLyon\t45.7485\t4.8467\t5\tLione\n" +
		"FR\t69002\tLyon\t45.7485\t4.8467\t5\t\n"
	if string(text) != want {
		t.Errorf("encoded:\n%s\nwant:\n%s", text, want)
	}
}
