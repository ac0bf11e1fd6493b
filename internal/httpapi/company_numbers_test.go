package httpapi

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"noces/internal/model"
	"noces/internal/store"
)

// TestCompanyNumbersPerCountry: a Belgian and an Italian planner give their
// country's number (not a SIRET); an invalid one is refused and writes
// nothing, a valid one is stored normalised and, with no register for
// those countries, the moderated planner is listed in the directory without
// a register check. Runs on SQLite and PostgreSQL (storetest).
func TestCompanyNumbersPerCountry(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	for _, tc := range []struct {
		country, zipcode, city          string
		invalid, wrongCode, valid, want string
	}{
		{"BE", "1000", "Bruxelles", "0403.170.702", "company_number.errors.be", "BE 0403.170.701", "0403170701"},
		{"IT", "20121", "Milano", "00743110158", "company_number.errors.it", "IT 00743110157", "00743110157"},
	} {
		t.Run(tc.country, func(t *testing.T) {
			s := e.newAccount("numbers-"+tc.country+"@example.com", model.RolePlanner)
			body := onboardingBodyFor(tc.country, tc.zipcode, tc.invalid)
			body["company"].(map[string]any)["address"].(map[string]any)["city"] = tc.city
			before := e.counts()
			r := e.do(req{method: "POST", path: "/api/onboarding/finish", token: s.Access, body: body})
			if r.status != 422 || r.json(t)["fields"].(map[string]any)["siret"] != tc.wrongCode {
				t.Fatalf("an invalid number: %d %s", r.status, r.body)
			}
			if diff := cmp.Diff(before, e.counts()); diff != "" {
				t.Errorf("an invalid number wrote:\n%s", diff)
			}
			body["company"].(map[string]any)["siret"] = tc.valid
			if r := e.do(req{method: "POST", path: "/api/onboarding/finish", token: s.Access, body: body}); r.status != 201 {
				t.Fatalf("a valid number: %d %s", r.status, r.body)
			}
			me := e.me(s.Access)
			id := me["id"].(string)
			if err := e.store.SetUserModerated(ctx, id, true, e.clock.Now()); err != nil {
				t.Fatal(err)
			}
			c, err := e.store.GetCompany(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if c.Siret != tc.want || c.SiretStatus != model.SiretUnknown {
				t.Errorf("stored %q (%s), want %q unknown", c.Siret, c.SiretStatus, tc.want)
			}
			if _, err := e.store.GetVisibleProviderBySlug(ctx, c.Slug); err != nil {
				t.Errorf("the public page of a moderated %s planner with a valid number: %v", tc.country, err)
			}
			listings, err := e.store.PublicListings(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if !listed(listings, c.Slug) {
				t.Errorf("%s planner %s is not in the directory", tc.country, c.Slug)
			}
			if hidden := e.me(s.Access)["publicProfileHidden"]; hidden != nil {
				t.Errorf("publicProfileHidden = %v", hidden)
			}

			details := map[string]any{"name": "Atelier Lumière", "siret": tc.invalid, "webSite": "", "dateOfCreation": "2019-01-01"}
			r = e.do(req{method: "POST", path: "/api/company/details", token: s.Access, body: details})
			if r.status != 422 || r.json(t)["fields"].(map[string]any)["siret"] != tc.wrongCode {
				t.Errorf("details with an invalid number: %d %s", r.status, r.body)
			}
			if again, _ := e.store.GetCompany(ctx, id); again.Siret != tc.want || again.Name != c.Name {
				t.Errorf("a refused save changed the company: %q %q", again.Siret, again.Name)
			}
			details["siret"] = ""
			if r := e.do(req{method: "POST", path: "/api/company/details", token: s.Access, body: details}); r.status != 422 ||
				r.json(t)["fields"].(map[string]any)["siret"] != "validation.required" {
				t.Errorf("details without a number: %d %s", r.status, r.body)
			}

			// Moving to France: the number means nothing there, so it is
			// cleared and the French rule (a SIRET the register confirms) hides the page.
			r = e.do(req{method: "POST", path: "/api/company/address", token: s.Access, body: map[string]any{
				"zipcode": "69002", "city": "Lyon", "countryCode": "FR", "latitude": 45.76, "longitude": 4.83}})
			if r.status != 200 {
				t.Fatalf("move: %d %s", r.status, r.body)
			}
			if moved, _ := e.store.GetCompany(ctx, id); moved.Siret != "" {
				t.Errorf("the %s number was kept in France: %q", tc.country, moved.Siret)
			}
			if _, err := e.store.GetVisibleProviderBySlug(ctx, c.Slug); err == nil {
				t.Error("a French planner without a confirmed SIRET is public")
			}
		})
	}
}

func listed(ls []store.PublicListing, slug string) bool {
	for _, l := range ls {
		if l.Kind == "planner" && l.Slug == slug {
			return true
		}
	}
	return false
}

// TestAdminVerifiesOnlyAFrenchSiret: with no register outside France, an
// admin's manual verdict is refused for an Italian company and writes nothing.
func TestAdminVerifiesOnlyAFrenchSiret(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tok := e.login("admin").Access
	p := e.waitingProvider("italia@example.com", model.RolePlanner, "Studio Milano", "it")
	c, err := e.store.GetCompany(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	c.CountryCode, c.City, c.Zipcode = "IT", "Milano", "20121"
	c.Siret = "00743110157"
	if err := e.store.UpdateCompanyAddress(ctx, c); err != nil {
		t.Fatal(err)
	}
	if err := e.store.UpdateCompanyDetails(ctx, c); err != nil {
		t.Fatal(err)
	}
	e.refused(t, req{method: "POST", path: "/api/admin/users/" + p.ID + "/siret-verify", token: tok, body: map[string]any{"isActive": true}},
		409, "company_number.errors.no_register", "", "")
	if again, _ := e.store.GetCompany(ctx, p.ID); again.SiretStatus != model.SiretUnknown {
		t.Errorf("status %q", again.SiretStatus)
	}
	if rows := e.auditRows(p.ID); len(rows) != 0 {
		t.Errorf("audit %v", rows)
	}
}
