package httpapi

import (
	"context"
	"database/sql"
	"fmt"
	"noces/internal/eventreq/eventreqtest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"noces/internal/model"
)

// visiblePlanner makes a moderated planner with a verified SIRET offering
// service (a prestation id) near (lat, lng), speaking langue (an id).
func (e *env) visiblePlanner(name string, lat, lng float64, premium bool, service, langue int) model.User {
	e.t.Helper()
	ctx := context.Background()
	now := e.clock.Now()
	u := model.User{ID: model.NewID(), Email: name + "@example.com", PasswordHash: "x", Role: model.RolePlanner,
		Firstname: "Pro", Lastname: "Planner", Phone: "+33612345678", Locale: "fr", Domain: "fr", IsModerated: true,
		HasFinishedOnboarding: true, PremiumStatus: model.PremiumNone, CreatedAt: now, UpdatedAt: now}
	if premium {
		u.PremiumStatus = model.PremiumActive
	}
	must := func(err error) {
		if err != nil {
			e.t.Fatal(err)
		}
	}
	must(e.store.CreateUser(ctx, u))
	must(e.store.CreateCompany(ctx, model.Company{UserID: u.ID, Name: name, Slug: name, SiretStatus: "active", Siret: "73282932000074",
		CountryCode: "FR", City: "Lyon", Zipcode: "69002", Latitude: sql.NullFloat64{Float64: lat, Valid: true},
		Longitude: sql.NullFloat64{Float64: lng, Valid: true}, CreatedAt: now, UpdatedAt: now}))
	must(e.store.SetCompanyServices(ctx, u.ID, []int{langue}, []model.CompanyPrestation{{PrestationID: service, IsBudgetVisible: true, IsDescriptionVisible: true}}))
	return u
}

func (e *env) formToken() string {
	e.t.Helper()
	tok, _ := e.do(req{method: "GET", path: "/api/public/options"}).json(e.t)["formToken"].(string)
	e.clock.Advance(10 * time.Second) // a person takes longer than 3 s
	return tok
}

func projectFor(token string) map[string]any {
	return map[string]any{
		"eventType": "wedding", "eventDate": "2027-06-12", "serviceType": "FULL_PLANNING",
		"eventLocationCity": "Lyon", "eventLocationZipcode": "69001", "eventLocationCountry": "FR",
		"eventLocationLatitude": 45.764, "eventLocationLongitude": 4.8357,
		"budgetRange": "20k_35k", "guestRange": "100_150", "languages": []string{"fr"},
		"hasTheme": true, "weddingTheme": "Champêtre", "message": "Nous cherchons une organisation complète.",
		"firstname": "Inès", "lastname": "Moreau", "email": "ines.couple@example.com", "phone": "+33 6 11 22 33 44",
		"formToken": token,
	}
}

func TestPublicOptions(t *testing.T) {
	e := newEnv(t)
	r := e.do(req{method: "GET", path: "/api/public/options", headers: map[string]string{"Host": "it.localhost"}}).json(t)
	types := r["eventTypes"].([]any)
	if types[0].(map[string]any)["label"] != "Matrimonio" || r["formToken"] == "" {
		t.Errorf("%v", r)
	}
	if len(r["serviceTypes"].([]any)) != 10 || len(r["languages"].([]any)) != 7 {
		t.Errorf("lists %v", r)
	}
}

func TestProjectsAreMatchedToProviders(t *testing.T) {
	e := newEnv(t)
	var near []model.User
	for i := 0; i < 9; i++ {
		near = append(near, e.visiblePlanner(fmt.Sprintf("near-%d", i), 45.70+float64(i)*0.01, 4.85, false, 4, 4))
	}
	premiumFar := e.visiblePlanner("premium-far", 45.18, 5.72, true, 4, 4) // Grenoble, 95 km
	e.visiblePlanner("paris", 48.85, 2.35, true, 4, 4)                     // too far
	e.visiblePlanner("design-only", 45.76, 4.84, true, 9, 4)               // another service
	e.visiblePlanner("german-only", 45.76, 4.84, true, 4, 1)               // another language

	before := e.counts()
	r := e.do(req{method: "POST", path: "/api/public/projects", body: projectFor(e.formToken())})
	if r.status != 201 || r.json(t)["matched"] != float64(0) {
		t.Fatalf("%d %s", r.status, r.body)
	}
	// Nothing reaches a provider before the couple confirms its e-mail.
	if n := e.counts()["event_requests"] - before["event_requests"]; n != 0 {
		t.Fatalf("%d event requests before confirmation", n)
	}
	if done := eventreqtest.Confirm(t, e.store, e.server.Events, "ines.couple@example.com"); done.Matched != 8 {
		t.Fatalf("confirmed: %+v", done)
	}
	after := e.counts()
	if after["event_requests"]-before["event_requests"] != 8 {
		t.Errorf("%d event requests", after["event_requests"]-before["event_requests"])
	}
	var premiumGot int
	if err := e.store.DB().QueryRow(`SELECT COUNT(*) FROM event_requests WHERE provider_id = $1`, premiumFar.ID).Scan(&premiumGot); err != nil {
		t.Fatal(err)
	}
	if premiumGot != 1 {
		t.Error("the premium planner within 100 km was not matched first")
	}
	// near-0 is the farthest of the nine (7 km): the premium one and the
	// seven nearest fill the eight places.
	var farthestNear int
	if err := e.store.DB().QueryRow(`SELECT COUNT(*) FROM event_requests WHERE provider_id = $1`, near[0].ID).Scan(&farthestNear); err != nil {
		t.Fatal(err)
	}
	if farthestNear != 0 {
		t.Error("the farthest planner was matched although 8 were nearer or premium")
	}
	// The confirmation link, then the summary saying to how many it went.
	confirm := e.outbox("ines.couple@example.com")
	if len(confirm) != 2 || !strings.Contains(confirm[0].BodyText+confirm[1].BodyText, "/confirm/") ||
		!strings.Contains(confirm[0].BodyText+confirm[1].BodyText, " 8.") {
		t.Errorf("couple's e-mails: %+v", confirm)
	}
	for _, u := range []model.User{near[6], premiumFar} {
		mails := e.outbox(u.Email)
		if len(mails) != 1 || !strings.Contains(mails[0].BodyText, "/event-requests/") {
			t.Fatalf("%s: %+v", u.Email, mails)
		}
		if strings.Contains(mails[0].BodyText, "ines.couple@example.com") || strings.Contains(mails[0].BodyText, "11 22 33") ||
			strings.Contains(mails[0].BodyHTML, "ines.couple@example.com") {
			t.Errorf("the provider's e-mail reveals the couple's contact: %s", mails[0].BodyText)
		}
	}
	if sms := e.outbox(premiumFar.Phone); len(sms) == 0 || sms[0].Channel != "sms" {
		t.Errorf("the premium planner got no SMS: %+v", sms)
	}
	var freeSMS int
	_ = e.store.DB().QueryRow(`SELECT COUNT(*) FROM outbox WHERE channel = 'sms'`).Scan(&freeSMS)
	if freeSMS != 1 {
		t.Errorf("%d SMS sent, want 1 (free planners get e-mail only)", freeSMS)
	}
}

func TestAProjectAddressedToOneProvider(t *testing.T) {
	e := newEnv(t)
	target := e.visiblePlanner("the-one", 48.85, 2.35, false, 3, 2)
	body := projectFor(e.formToken())
	body["providerSlug"] = "the-one"
	r := e.do(req{method: "POST", path: "/api/public/projects", body: body})
	if r.status != 201 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	if done := eventreqtest.Confirm(t, e.store, e.server.Events, "ines.couple@example.com"); done.Matched != 1 {
		t.Fatalf("confirmed: %+v", done)
	}
	var n int
	_ = e.store.DB().QueryRow(`SELECT COUNT(*) FROM event_requests WHERE provider_id = $1`, target.ID).Scan(&n)
	if n != 1 {
		t.Errorf("%d requests for the addressee", n)
	}
	body = projectFor(e.formToken())
	body["providerSlug"] = "nobody"
	if r := e.do(req{method: "POST", path: "/api/public/projects", body: body}); r.status != 404 {
		t.Errorf("an unknown provider: %d", r.status)
	}
}

func TestProjectsRefuseSpamAndBadInput(t *testing.T) {
	e := newEnv(t)
	e.visiblePlanner("someone", 45.76, 4.84, false, 4, 4)
	t.Run("a form sent within 3 s of being served is refused", func(t *testing.T) {
		fresh := e.do(req{method: "GET", path: "/api/public/options"}).json(t)["formToken"].(string)
		e.clock.Advance(2 * time.Second)
		before := e.counts()
		if r := e.do(req{method: "POST", path: "/api/public/projects", body: projectFor(fresh)}); r.status != 400 {
			t.Errorf("%d %s", r.status, r.body)
		}
		if diff := cmp.Diff(before, e.counts()); diff != "" {
			t.Errorf("written:\n%s", diff)
		}
	})
	cases := []struct {
		name   string
		body   map[string]any
		status int
		field  string
	}{
		{"a forged token", projectFor("1700000000.forged"), 400, ""},
		{"the honeypot filled", with(projectFor(e.formToken()), "website", "http://spam.example"), 400, ""},
		{"a date in the past", with(projectFor(e.formToken()), "eventDate", "2020-01-01"), 422, "eventDate"},
		{"an unknown event type", with(projectFor(e.formToken()), "eventType", "party"), 422, "eventType"},
		{"an invalid e-mail", with(projectFor(e.formToken()), "email", "ines@"), 422, "email"},
		{"an invalid phone", with(projectFor(e.formToken()), "phone", "123"), 422, "phone"},
		{"an unknown language", with(projectFor(e.formToken()), "languages", []string{"xx"}), 422, "languages"},
		{"a message over 2000 characters", with(projectFor(e.formToken()), "message", strings.Repeat("a", 2001)), 422, "message"},
	}
	for _, tc := range cases {
		t.Run(tc.name+" is refused and writes nothing", func(t *testing.T) {
			before := e.counts()
			r := e.do(req{method: "POST", path: "/api/public/projects", body: tc.body})
			if r.status != tc.status {
				t.Fatalf("%d %s", r.status, r.body)
			}
			if tc.field != "" && r.json(t)["fields"].(map[string]any)[tc.field] == nil {
				t.Errorf("no code for %s: %s", tc.field, r.body)
			}
			if diff := cmp.Diff(before, e.counts()); diff != "" {
				t.Errorf("written:\n%s", diff)
			}
		})
	}
}

func TestProjectsAreRateLimitedPerAddress(t *testing.T) {
	e := newEnv(t)
	for i := 0; i < 10; i++ {
		if r := e.do(req{method: "POST", path: "/api/public/projects", body: projectFor(e.formToken())}); r.status != 201 {
			t.Fatalf("project %d: %d %s", i+1, r.status, r.body)
		}
	}
	if r := e.do(req{method: "POST", path: "/api/public/projects", body: projectFor(e.formToken())}); r.status != 429 {
		t.Errorf("the 11th project of the day: %d", r.status)
	}
}
