package main

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"noces/internal/directory/index"
	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
	"noces/internal/validate"
)

var genNow = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

func counterIDs() func() string { return counterIDsFrom("id") }

func counterIDsFrom(prefix string) func() string {
	n := 0
	return func() string { n++; return fmt.Sprintf("%s-%06d", prefix, n) }
}

func testCities(t testing.TB) []city {
	t.Helper()
	cities, err := gazetteerCities()
	if err != nil {
		t.Fatal(err)
	}
	return cities
}

func generate(t testing.TB, seed uint64, n int) []provider {
	g := newGenerator(seed, genNow, "$argon2id$fake", counterIDs(), testCities(t))
	out := make([]provider, n)
	for i := range out {
		out[i] = g.next(i)
	}
	return out
}

func TestGeneratorIsDeterministic(t *testing.T) {
	a, b := generate(t, 42, 200), generate(t, 42, 200)
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("the same seed gave other data (-first +second):\n%s", diff)
	}
	if cmp.Equal(a, generate(t, 43, 200)) {
		t.Error("another seed gave the same data")
	}
}

func TestGeneratedDataIsValidAndVaried(t *testing.T) {
	const n = 5000
	ps := generate(t, 1, n)
	emails, slugs := map[string]bool{}, map[string]bool{}
	venues, searchable := 0, 0
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
		if p.Score < 0 || p.Score > 100 || len(p.Langues) == 0 {
			t.Errorf("user %d: score %d, languages %v", i, p.Score, p.Langues)
		}
		if u.Role == model.RoleVenue {
			if p.Venue == nil || p.Venue.OwnerID != u.ID || len(p.Services) != 0 || !slices.Contains(model.VenueTypes, p.Venue.Type) ||
				p.Venue.MinPrice <= 0 || p.Venue.MaxPrice < p.Venue.MinPrice || p.Venue.SeatedCapacity <= 0 {
				t.Errorf("venue owner %d: listing %+v, services %v", i, p.Venue, p.Services)
			}
		} else {
			if p.Venue != nil || len(p.Services) == 0 {
				t.Errorf("planner %d: listing %+v, services %v", i, p.Venue, p.Services)
			}
			seen := map[string]bool{}
			for _, sv := range p.Services {
				if seen[sv.Type] || (sv.BudgetStartingFrom.Valid && sv.BudgetStartingFrom.Int64 <= 0) {
					t.Errorf("planner %d: services %+v", i, p.Services)
				}
				seen[sv.Type] = true
			}
		}
		if p.searchable() {
			searchable++
		}
		cities[c.City] = true
	}
	if share := float64(searchable) / n; share < 0.6 || share > 0.75 {
		t.Errorf("%.1f%% of providers are searchable, want about 70%% (80%% planners, 85%% moderated, 92%% SIRET active)", share*100)
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

func TestCitiesAreTheGazetteers(t *testing.T) {
	cities := testCities(t)
	if len(cities) != len(frenchCities) {
		t.Fatalf("%d cities placed, want %d", len(cities), len(frenchCities))
	}
	for _, c := range cities {
		if c.Lat < 41 || c.Lat > 51.2 || c.Lon < -5.3 || c.Lon > 9.7 || len(c.Zip) != 5 || c.Weight < 1 {
			t.Errorf("%+v is not a French city", c)
		}
	}
}

// populateForTest inserts n generated providers and returns them as
// generated, from a twin generator with the same seed and ids.
func populateForTest(t *testing.T, s *store.Store, seed uint64, n, batch int) ([]provider, []subject) {
	t.Helper()
	cities := testCities(t)
	subjects, st, err := populate(context.Background(), s, newGenerator(seed, genNow, "$argon2id$fake", counterIDs(), cities), n, batch)
	if err != nil {
		t.Fatal(err)
	}
	if len(subjects) != n || st.Users != n || st.Planners+st.Venues != n {
		t.Fatalf("got %d subjects, stats %+v", len(subjects), st)
	}
	twin := newGenerator(seed, genNow, "$argon2id$fake", counterIDs(), cities)
	ps := make([]provider, n)
	for i := range ps {
		ps[i] = twin.next(i)
	}
	return ps, subjects
}

func TestPopulateInsertsWhatTheStoreReads(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	ps, subjects := populateForTest(t, s, 7, 23, 10) // three batches, the last one short
	if n, err := s.CountUsers(ctx); err != nil || n != 23 {
		t.Fatalf("CountUsers = %d, %v; want 23", n, err)
	}
	for i, p := range ps {
		sub := subjects[i]
		if sub.ID != p.User.ID || sub.Email != p.User.Email || sub.Role != p.User.Role {
			t.Fatalf("subject %+v for user %s %s", sub, p.User.ID, p.User.Email)
		}
		u, err := s.GetUserByEmail(ctx, p.User.Email)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(p.User, u, cmpopts.EquateApproxTime(time.Second)); diff != "" {
			t.Errorf("user %d as read back (-generated +read):\n%s", i, diff)
		}
		c, err := s.GetCompany(ctx, p.User.ID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(p.Company, c, cmpopts.EquateApproxTime(time.Second)); diff != "" {
			t.Errorf("company %d as read back (-generated +read):\n%s", i, diff)
		}
		langIDs, services, err := s.GetCompanyServices(ctx, p.User.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(langIDs) != len(p.Langues) || len(services) != len(p.Services) {
			t.Errorf("provider %d: %d languages and %d services read, %d and %d generated", i, len(langIDs), len(services), len(p.Langues), len(p.Services))
		}
		for _, sv := range p.Services {
			found := false
			for _, got := range services {
				if got.Type == sv.Type {
					found = true
					if got.BudgetStartingFrom != sv.BudgetStartingFrom || got.Description != sv.Description || got.IsBudgetVisible != sv.IsBudgetVisible {
						t.Errorf("provider %d: service %+v read as %+v", i, sv, got)
					}
				}
			}
			if !found {
				t.Errorf("provider %d: service %s not read back", i, sv.Type)
			}
		}
	}
}

// TestGeneratedProvidersAreFoundBySearch keeps the search benchmark honest:
// the public search must find the generated planners and venues, with
// every filter the benchmark uses.
func TestGeneratedProvidersAreFoundBySearch(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	ps, _ := populateForTest(t, s, 11, 200, 64)
	now := genNow
	count := func(keep func(provider) bool) int {
		n := 0
		for _, p := range ps {
			if p.searchable() && keep(p) {
				n++
			}
		}
		return n
	}
	all := count(func(provider) bool { return true })
	if all < 100 {
		t.Fatalf("only %d of 200 generated providers are searchable", all)
	}
	x := index.New(s, index.DefaultCache)
	search := func(q index.PlannerQuery) ([]index.PlannerCard, int) {
		t.Helper()
		q.Country, q.Now, q.Limit = "FR", now, 20
		page, err := x.SearchPlanners(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		return page.Cards, page.Total
	}
	venueTotal := func(q index.VenueQuery) (int, error) {
		q.Country, q.Now, q.Limit = "FR", now, 20
		page, err := x.SearchVenues(ctx, q)
		return page.Total, err
	}
	if cards, total := search(index.PlannerQuery{}); total != all || len(cards) != 20 {
		t.Errorf("all of France: %d found (%d cards), %d searchable generated", total, len(cards), all)
	}
	for _, k := range serviceKinds {
		want := count(func(p provider) bool {
			return slices.ContainsFunc(p.Services, func(sv model.CompanyPrestation) bool { return sv.Type == k.Type })
		})
		if _, total := search(index.PlannerQuery{ServiceType: k.Type}); total != want {
			t.Errorf("service %s: %d found, %d generated", k.Type, total, want)
		}
	}
	if _, total := search(index.PlannerQuery{Languages: []string{"en"}}); total != count(func(p provider) bool { return slices.Contains(p.Langues, "en") }) || total == 0 {
		t.Errorf("English speakers: %d found", total)
	}
	budget := func(p provider) bool {
		return slices.ContainsFunc(p.Services, func(sv model.CompanyPrestation) bool {
			return sv.Type == "FULL_PLANNING" && sv.BudgetStartingFrom.Valid && sv.BudgetStartingFrom.Int64 <= 8000
		})
	}
	if _, total := search(index.PlannerQuery{ServiceType: "FULL_PLANNING", MaxBudget: 8000}); total != count(budget) || total == 0 {
		t.Errorf("full planning up to 8,000 euros: %d found, %d generated", total, count(budget))
	}
	// Near Paris, where most providers are: the SQL distance is an
	// approximation within 1%, so providers close to the edge may go either way.
	paris := testCities(t)[0]
	within := func(km float64) int {
		return count(func(p provider) bool {
			return index.DistanceKm(paris.Lat, paris.Lon, p.Company.Latitude.Float64, p.Company.Longitude.Float64) <= km
		})
	}
	cards, total := search(index.PlannerQuery{Near: true, Lat: paris.Lat, Lng: paris.Lon, RadiusKm: 100})
	if total < within(99) || total > within(101) || total == 0 || total == all {
		t.Errorf("near Paris: %d found, %d to %d generated within 100 km", total, within(99), within(101))
	}
	for _, c := range cards {
		if c.DistanceKm == nil || *c.DistanceKm > 101 {
			t.Errorf("%s is %v km from Paris", c.Name, c.DistanceKm)
		}
	}
	// The venues: published and validated, their owners moderated.
	venues, gardenParking, roomsCatering := 0, 0, 0
	for _, p := range ps {
		if p.Venue != nil && p.Venue.IsPublished && p.Venue.IsValidated && p.User.IsModerated {
			venues++
			if slices.Contains(p.VenueFeatures, "garden") && slices.Contains(p.VenueFeatures, "parking") {
				gardenParking++
			}
			if p.Venue.Bedrooms.Int64 >= 1 && slices.Contains(p.VenueFeatures, "catering") {
				roomsCatering++
			}
		}
	}
	if total, err := venueTotal(index.VenueQuery{}); err != nil || total != venues || venues == 0 {
		t.Errorf("venues: %d found (%v), %d generated visible", total, err, venues)
	}
	if total, err := venueTotal(index.VenueQuery{Features: []string{"garden", "parking"}}); err != nil || total != gardenParking || gardenParking == 0 {
		t.Errorf("venues with a garden and parking: %d found (%v), %d generated visible", total, err, gardenParking)
	}
	if total, err := venueTotal(index.VenueQuery{Features: []string{"catering"}, Accommodation: true}); err != nil || total != roomsCatering || roomsCatering == 0 {
		t.Errorf("venues with rooms and catering: %d found (%v), %d generated visible", total, err, roomsCatering)
	}
	// The benchmark's own searches run against this data without error.
	rng := rand.New(rand.NewPCG(1, 2))
	for _, m := range searchMixes {
		for range 5 {
			if err := m.mix(rng, testCities(t)).run(ctx, x, now); err != nil {
				t.Errorf("%s: %v", m.name, err)
			}
		}
	}
}

func TestPopulateRequestsSkewsAndLists(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	_, subjects := populateForTest(t, s, 5, 300, 100)
	g := newGenerator(99, genNow, "", counterIDsFrom("r"), testCities(t))
	const n = 3000
	projects, err := populateRequests(ctx, s, g, subjects, n)
	if err != nil {
		t.Fatal(err)
	}
	if projects < n/5 || projects > n {
		t.Errorf("%d projects for %d requests, want 1 to 5 requests each", projects, n)
	}
	sum, most, busiest := 0, 0, subject{}
	for _, sub := range subjects {
		sum += sub.Requests
		if sub.Requests > 0 && !sub.Active {
			t.Errorf("inactive %s got %d requests", sub.ID, sub.Requests)
		}
		if sub.Requests > most {
			most, busiest = sub.Requests, sub
		}
	}
	if sum != n {
		t.Errorf("subjects count %d requests, want %d", sum, n)
	}
	// Skewed: the busiest provider gets many times the average.
	if avg := float64(n) / float64(len(subjects)); float64(most) < 5*avg {
		t.Errorf("busiest provider has %d requests, average %.1f: not skewed", most, avg)
	}
	rows, total, unseen, err := s.ListEventRequests(ctx, busiest.ID, store.SortEventDate, false, 25, 0)
	if err != nil {
		t.Fatal(err)
	}
	if total != most || len(rows) != 25 || unseen <= 0 || unseen >= total {
		t.Errorf("busiest: total %d (want %d), %d rows, %d unseen", total, most, len(rows), unseen)
	}
	for i := 1; i < len(rows); i++ {
		if rows[i].Project.EventDate < rows[i-1].Project.EventDate {
			t.Errorf("not sorted by event date: %s after %s", rows[i].Project.EventDate, rows[i-1].Project.EventDate)
		}
		if len(rows[i].Project.Languages) == 0 {
			t.Errorf("request %s: project without languages", rows[i].ID)
		}
	}
	huge := requestBand{Name: "test", Min: most, Max: most}
	if got := inBand(subjects, huge); len(got) == 0 || got[0].Requests != most {
		t.Errorf("inBand(%d) = %+v", most, got)
	}
}
