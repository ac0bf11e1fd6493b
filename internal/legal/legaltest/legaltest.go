// Package legaltest gives tests the legal pages with their embedded texts
// and a fixed publisher, loaded once per test binary.
package legaltest

import (
	"sync"
	"testing"

	"noces/internal/i18n"
	"noces/internal/legal"
)

// Facts are the publisher's details the tests' pages are written with.
var Facts = legal.Facts{Company: "Noces SAS", Address: "12 rue des Fleurs, 75011 Paris",
	CompanyNumber: "RCS Paris 900 000 000", Email: "legal@noces.test", Director: "Claire Dupont", Host: "Hôte SA, Roubaix"}

var (
	once sync.Once
	lib  *legal.Library
	err  error
)

// Library is the legal pages of every domain with the embedded texts and
// Facts, loaded once: rendering them all takes a while.
func Library(t testing.TB) *legal.Library {
	t.Helper()
	once.Do(func() { lib, err = legal.Load(i18n.MustLoad(), "", Facts) })
	if err != nil {
		t.Fatal(err)
	}
	return lib
}
