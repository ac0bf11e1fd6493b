package main

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"noces/internal/model"
	"noces/internal/store/storetest"
	"noces/internal/validate"
)

var genNow = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

func counterIDs() func() string {
	n := 0
	return func() string { n++; return fmt.Sprintf("id-%06d", n) }
}

func generate(seed uint64, n int) []provider {
	g := newGenerator(seed, genNow, "$argon2id$fake", counterIDs())
	out := make([]provider, n)
	for i := range out {
		out[i] = g.next(i)
	}
	return out
}

func TestGeneratorIsDeterministic(t *testing.T) {
	a, b := generate(42, 200), generate(42, 200)
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("the same seed gave other data (-first +second):\n%s", diff)
	}
	if cmp.Equal(a, generate(43, 200)) {
		t.Error("another seed gave the same data")
	}
}

func TestGeneratedDataIsValidAndVaried(t *testing.T) {
	const n = 5000
	ps := generate(1, n)
	emails, slugs := map[string]bool{}, map[string]bool{}
	venues := 0
	cities := map[string]bool{}
	for i, p := range ps {
		if t.Failed() {
			break // one broken rule would fail every user: a few examples are enough
		}
		u, c := p.User, p.Company
		if emails[strings.ToLower(u.Email)] {
			t.Fatalf("user %d: e-mail %s taken twice", i, u.Email)
		}
		emails[strings.ToLower(u.Email)] = true
		if slugs[c.Slug] {
			t.Fatalf("user %d: slug %s taken twice", i, c.Slug)
		}
		slugs[c.Slug] = true
		if code := validate.Email(u.Email); code != "" {
			t.Errorf("user %d: e-mail %q: %s", i, u.Email, code)
		}
		for _, name := range []string{u.Firstname, u.Lastname} {
			if code := validate.PersonName(name); code != "" {
				t.Errorf("user %d: name %q: %s", i, name, code)
			}
		}
		if e164, code := validate.Phone(u.Phone, "FR"); code != "" || e164 != u.Phone {
			t.Errorf("user %d: phone %q: %q %s", i, u.Phone, e164, code)
		}
		switch u.Role {
		case model.RoleVenue:
			venues++
		case model.RolePlanner:
		default:
			t.Errorf("user %d: role %q", i, u.Role)
		}
		if c.UserID != u.ID || u.PasswordHash != "$argon2id$fake" {
			t.Errorf("user %d: company of %q, hash %q", i, c.UserID, u.PasswordHash)
		}
		if !c.Latitude.Valid || c.Latitude.Float64 < 41 || c.Latitude.Float64 > 51.2 ||
			!c.Longitude.Valid || c.Longitude.Float64 < -5.3 || c.Longitude.Float64 > 9.7 {
			t.Errorf("user %d: %s at %v,%v is not in France", i, c.City, c.Latitude, c.Longitude)
		}
		if len(c.Zipcode) != 5 || c.CountryCode != "FR" {
			t.Errorf("user %d: zipcode %q country %q", i, c.Zipcode, c.CountryCode)
		}
		if !luhnValid(c.Siret) {
			t.Errorf("user %d: SIRET %s fails the Luhn check", i, c.Siret)
		}
		if u.CreatedAt.After(genNow) || (u.PremiumStartAt.Valid && u.PremiumStartAt.Time.Before(u.CreatedAt)) {
			t.Errorf("user %d: created %v, premium from %v", i, u.CreatedAt, u.PremiumStartAt)
		}
		cities[c.City] = true
	}
	if share := float64(venues) / n; math.Abs(share-0.20) > 0.02 {
		t.Errorf("venues are %.1f%% of users, want about 20%%", share*100)
	}
	if len(cities) < 30 {
		t.Errorf("only %d cities used", len(cities))
	}
}

func luhnValid(s string) bool {
	d := make([]byte, len(s))
	for i := range s {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
		d[i] = s[i] - '0'
	}
	return len(d) == 14 && luhnSum(d, false)%10 == 0
}

func TestLuhnKnownSiret(t *testing.T) {
	// The SIRET of the demo companies, a real one.
	if !luhnValid("73282932000074") {
		t.Error("73282932000074 should pass the Luhn check")
	}
	if luhnValid("73282932000075") {
		t.Error("73282932000075 should fail the Luhn check")
	}
}

func TestSlugify(t *testing.T) {
	tests := map[string]string{
		"Château de l'Étang":              "chateau-de-l-etang",
		"Pâtisserie Zoé – Saint-Étienne":  "patisserie-zoe-saint-etienne",
		"  Maison  Lefèvre Mariages  ":    "maison-lefevre-mariages",
		"DJ Noël Aix-en-Provence":         "dj-noel-aix-en-provence",
		"Studio Guérin Photographie 2026": "studio-guerin-photographie-2026",
	}
	for in, want := range tests {
		if got := slugify(in); got != want {
			t.Errorf("slugify(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPopulateInsertsThroughTheStore(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	g := newGenerator(7, time.Now(), "$argon2id$fake", model.NewID)
	subjects, st, err := populate(ctx, s, g, 23, 10) // three batches, the last one short
	if err != nil {
		t.Fatal(err)
	}
	if len(subjects) != 23 || st.Users != 23 || st.Planners+st.Venues != 23 {
		t.Fatalf("got %d subjects, stats %+v", len(subjects), st)
	}
	n, err := s.CountUsers(ctx)
	if err != nil || n != 23 {
		t.Fatalf("CountUsers = %d, %v; want 23", n, err)
	}
	for _, sub := range subjects {
		u, err := s.GetUser(ctx, sub.ID)
		if err != nil {
			t.Fatal(err)
		}
		if u.Role != sub.Role {
			t.Errorf("user %s: role %s, subject says %s", u.ID, u.Role, sub.Role)
		}
		if _, err := s.GetCompany(ctx, sub.ID); err != nil {
			t.Errorf("user %s: company: %v", u.ID, err)
		}
	}
}
