package httpapi

import (
	"context"
	"database/sql"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"noces/internal/account"
	"noces/internal/company"
	"noces/internal/model"
	"noces/internal/platform/siren"
	"noces/internal/store/storetest"
)

func onboardingBodyFor(country, zipcode, siret string) map[string]any {
	return map[string]any{"company": map[string]any{
		"name": "Atelier Lumière & Co", "siret": siret, "dateOfCreation": "2018-06-01",
		"address":     map[string]any{"zipcode": zipcode, "city": "Lyon", "countryCode": country, "latitude": 45.76, "longitude": 4.83},
		"prestations": []int{4, 9}, "langues": []int{4, 2},
	}}
}

// newAccount registers a provider who has not finished onboarding.
func (e *env) newAccount(email, role string) account.Tokens {
	e.t.Helper()
	r := e.do(req{method: "POST", path: "/api/register", body: with(with(validRegistration(), "email", email), "role", role)})
	if r.status != 201 {
		e.t.Fatalf("register %s: %d %s", email, r.status, r.body)
	}
	var tok account.Tokens
	if err := jsonUnmarshal(r.body, &tok); err != nil {
		e.t.Fatal(err)
	}
	return tok
}

func TestReferenceLists(t *testing.T) {
	e := newEnv(t)
	s := e.login("planner")
	r := e.do(req{method: "GET", path: "/api/prestations", token: s.Access, headers: map[string]string{"Accept-Language": "en"}})
	ps := r.json(t)["prestations"].([]any)
	if len(ps) != 9 || ps[3].(map[string]any)["label"] != "Full planning" || ps[3].(map[string]any)["type"] != "FULL_PLANNING" {
		t.Errorf("prestations %v", ps)
	}
	r = e.do(req{method: "GET", path: "/api/langues", token: s.Access, headers: map[string]string{"Accept-Language": "es"}})
	ls := r.json(t)["langues"].([]any)
	if len(ls) != 7 || ls[3].(map[string]any)["label"] != "Francés" {
		t.Errorf("langues %v", ls)
	}
	if r := e.do(req{method: "GET", path: "/api/prestations"}); r.status != 401 {
		t.Errorf("anonymous: %d", r.status)
	}
}

func TestOnboarding(t *testing.T) {
	e := newEnv(t)
	s := e.newAccount("new@example.com", model.RolePlanner)
	bad := []struct {
		name        string
		body        map[string]any
		field, code string
	}{
		{"a name with markup", setCompany(onboardingBodyFor("FR", "69002", "73282932000074"), "name", "<b>x</b>"), "company.name", "validation.company_name_invalid"},
		{"a creation date in the future", setCompany(onboardingBodyFor("FR", "69002", "73282932000074"), "dateOfCreation", "2030-01-01"), "company.dateOfCreation", "validation.creation_date_invalid_future"},
		{"no creation date", setCompany(onboardingBodyFor("FR", "69002", "73282932000074"), "dateOfCreation", nil), "company.dateOfCreation", "validation.required"},
		{"a French postal code of 4 digits", onboardingBodyFor("FR", "6900", "73282932000074"), "company.address.zipcode", "validation.invalid_zipcode"},
		{"a Belgian postal code of 5 digits", onboardingBodyFor("BE", "10000", ""), "company.address.zipcode", "validation.invalid_zipcode"},
		{"a SIRET with a bad checksum in France", onboardingBodyFor("FR", "69002", "73282932000075"), "siret", "siret.errors.format"},
		{"no SIRET in France", onboardingBodyFor("FR", "69002", ""), "siret", "validation.required"},
		{"a SIRET in Belgium", onboardingBodyFor("BE", "1000", "73282932000074"), "siret", "company_number.errors.be"},
		{"no service", setCompany(onboardingBodyFor("FR", "69002", "73282932000074"), "prestations", []int{}), "company.prestations", "validation.prestations_required"},
		{"an unknown service", setCompany(onboardingBodyFor("FR", "69002", "73282932000074"), "prestations", []int{42}), "company.prestations", "validation.prestations_invalid"},
		{"no language", setCompany(onboardingBodyFor("FR", "69002", "73282932000074"), "langues", []int{}), "company.langues", "validation.langues_required"},
		{"no coordinates", setAddress(onboardingBodyFor("FR", "69002", "73282932000074"), "latitude", nil), "company.address.latitude", "validation.coordinates_required"},
		{"a country outside the list", onboardingBodyFor("US", "10001", ""), "company.address.countryCode", "validation.country_invalid"},
	}
	for _, tc := range bad {
		t.Run(tc.name+" is refused and writes nothing", func(t *testing.T) {
			before := e.counts()
			r := e.do(req{method: "POST", path: "/api/onboarding/finish", token: s.Access, body: tc.body})
			if r.status != 422 {
				t.Fatalf("%d %s", r.status, r.body)
			}
			if got := r.json(t)["fields"].(map[string]any)[tc.field]; got != tc.code {
				t.Errorf("%s = %v, want %s (%s)", tc.field, got, tc.code, r.body)
			}
			if diff := cmp.Diff(before, e.counts()); diff != "" {
				t.Errorf("written:\n%s", diff)
			}
		})
	}
	r := e.do(req{method: "POST", path: "/api/onboarding/finish", token: s.Access, body: onboardingBodyFor("FR", "69002", "73282932000074")})
	if r.status != 201 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	me := r.json(t)
	if me["hasFinishedOnboarding"] != true || me["city"] != "Lyon" || me["missingServices"] != false || me["missingServiceDetails"] != true {
		t.Errorf("me after onboarding: %v", me)
	}
	if r := e.do(req{method: "POST", path: "/api/onboarding/finish", token: s.Access, body: onboardingBodyFor("FR", "69002", "73282932000074")}); r.status != 409 {
		t.Errorf("a second finish: %d %s", r.status, r.body)
	}
	details := e.do(req{method: "GET", path: "/api/company/details", token: s.Access}).json(t)
	want := map[string]any{"countryCode": "FR", "name": "Atelier Lumière & Co", "siret": "73282932000074", "siretStatus": "unknown", "webSite": "", "dateOfCreation": "2018-06-01"}
	if diff := cmp.Diff(want, details); diff != "" {
		t.Errorf("details (-want +got):\n%s", diff)
	}

	t.Run("outside France the country's own number is asked for, normalised", func(t *testing.T) {
		s := e.newAccount("be@example.com", model.RoleVenue)
		body := onboardingBodyFor("BE", "1000", "BE 0403.170.701")
		if r := e.do(req{method: "POST", path: "/api/onboarding/finish", token: s.Access, body: body}); r.status != 201 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		if d := e.do(req{method: "GET", path: "/api/company/details", token: s.Access}).json(t); d["siret"] != "0403170701" || d["siretStatus"] != "unknown" || d["countryCode"] != "BE" {
			t.Errorf("details %v", d)
		}
	})
	t.Run("a country without a company number stores none", func(t *testing.T) {
		s := e.newAccount("nl@example.com", model.RolePlanner)
		body := onboardingBodyFor("NL", "1012 AB", "whatever")
		if r := e.do(req{method: "POST", path: "/api/onboarding/finish", token: s.Access, body: body}); r.status != 201 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		if d := e.do(req{method: "GET", path: "/api/company/details", token: s.Access}).json(t); d["siret"] != "" {
			t.Errorf("details %v", d)
		}
	})
	t.Run("an admin has no onboarding", func(t *testing.T) {
		a := e.login("admin")
		if r := e.do(req{method: "POST", path: "/api/onboarding/finish", token: a.Access, body: onboardingBodyFor("FR", "69002", "73282932000074")}); r.status != 403 {
			t.Errorf("%d", r.status)
		}
	})
	t.Run("the company pages need a company", func(t *testing.T) {
		fresh := e.newAccount("fresh@example.com", model.RolePlanner)
		if r := e.do(req{method: "GET", path: "/api/company/details", token: fresh.Access}); r.status != 404 {
			t.Errorf("%d", r.status)
		}
	})
}

func TestTwoConcurrentOnboardingFinishesCreateOneCompany(t *testing.T) {
	e := newEnv(t)
	s := e.newAccount("race@example.com", model.RolePlanner)
	statuses := make(chan int, 8)
	for i := 0; i < 8; i++ {
		go func() {
			statuses <- e.do(req{method: "POST", path: "/api/onboarding/finish", token: s.Access, body: onboardingBodyFor("FR", "69002", "73282932000074")}).status
		}()
	}
	created := 0
	for i := 0; i < 8; i++ {
		switch st := <-statuses; st {
		case 201:
			created++
		case 409:
		default:
			t.Errorf("status %d", st)
		}
	}
	if created != 1 {
		t.Errorf("%d finishes succeeded, want 1", created)
	}
}

func setCompany(body map[string]any, k string, v any) map[string]any {
	c := body["company"].(map[string]any)
	if v == nil {
		delete(c, k)
	} else {
		c[k] = v
	}
	return body
}

func setAddress(body map[string]any, k string, v any) map[string]any {
	a := body["company"].(map[string]any)["address"].(map[string]any)
	if v == nil {
		delete(a, k)
	} else {
		a[k] = v
	}
	return body
}

func TestCompanyPages(t *testing.T) {
	e := newEnv(t)
	s := e.newAccount("pages@example.com", model.RolePlanner)
	if r := e.do(req{method: "POST", path: "/api/onboarding/finish", token: s.Access, body: onboardingBodyFor("FR", "69002", "73282932000074")}); r.status != 201 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	t.Run("details: the website gets https and the SIRET stays required in France", func(t *testing.T) {
		r := e.do(req{method: "POST", path: "/api/company/details", token: s.Access, body: map[string]any{
			"name": "Atelier Lumière", "siret": "", "webSite": "atelier-lumiere.fr", "dateOfCreation": "2019-01-01"}})
		if r.status != 422 || r.json(t)["fields"].(map[string]any)["siret"] != "validation.required" {
			t.Errorf("%d %s", r.status, r.body)
		}
		r = e.do(req{method: "POST", path: "/api/company/details", token: s.Access, body: map[string]any{
			"name": "Atelier Lumière", "siret": "73282932000074", "webSite": "atelier-lumiere.fr", "dateOfCreation": "2019-01-01"}})
		if r.status != 200 || r.json(t)["webSite"] != "https://atelier-lumiere.fr" {
			t.Errorf("%d %s", r.status, r.body)
		}
		got := e.do(req{method: "GET", path: "/api/company/details", token: s.Access}).json(t)
		if got["name"] != "Atelier Lumière" || got["dateOfCreation"] != "2019-01-01" {
			t.Errorf("reloaded %v", got)
		}
	})
	t.Run("address", func(t *testing.T) {
		r := e.do(req{method: "POST", path: "/api/company/address", token: s.Access, body: map[string]any{
			"zipcode": "1000-001", "city": "Lisboa", "countryCode": "PT", "latitude": 38.72, "longitude": -9.14}})
		if r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		got := e.do(req{method: "GET", path: "/api/company/address", token: s.Access, headers: map[string]string{"Accept-Language": "fr"}}).json(t)
		if got["city"] != "Lisboa" || got["countryCode"] != "PT" || got["countryLabel"] != "Portugal" || got["zipcode"] != "1000-001" {
			t.Errorf("reloaded %v", got)
		}
		r = e.do(req{method: "POST", path: "/api/company/address", token: s.Access, body: map[string]any{
			"zipcode": "1000-001", "city": "L", "countryCode": "PT", "latitude": 38.72, "longitude": -9.14}})
		if r.status != 422 || r.json(t)["fields"].(map[string]any)["city"] != "validation.city_too_short" {
			t.Errorf("a one-letter city: %d %s", r.status, r.body)
		}
	})
	t.Run("services", func(t *testing.T) {
		body := map[string]any{"langues": []int{4}, "prestations": []int{3, 4}, "prestationDetails": []map[string]any{
			{"prestationId": 3, "description": "Le jour J, sereinement.", "budgetStartingFrom": 900, "isDescriptionVisible": true, "isBudgetVisible": false},
			{"prestationId": 4, "description": "De A à Z.", "budgetStartingFrom": 4500},
		}}
		r := e.do(req{method: "POST", path: "/api/company/services", token: s.Access, body: body})
		if r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		got := e.do(req{method: "GET", path: "/api/company/services", token: s.Access}).json(t)
		details := got["prestationDetails"].([]any)
		first := details[0].(map[string]any)
		if len(details) != 2 || first["budgetStartingFrom"] != float64(900) || first["isBudgetVisible"] != false || first["isDescriptionVisible"] != true {
			t.Errorf("reloaded %v", got)
		}
		if me := e.do(req{method: "GET", path: "/api/me", token: s.Access}).json(t); me["missingServiceDetails"] != false || me["missingServices"] != false {
			t.Errorf("completion flags %v %v", me["missingServices"], me["missingServiceDetails"])
		}
		e.tokens["pages"] = s.Access
		refused := func(name string, body map[string]any, field string) scenario {
			return scenario{name: name + " is refused", method: "POST", path: "/api/company/services", as: "pages", body: body,
				wantStatus: 422, wantNoWrites: true, after: func(t *testing.T, e *env, r resp) {
					if r.json(t)["fields"].(map[string]any)[field] == nil {
						t.Errorf("no refusal of %s: %s", field, r.body)
					}
				}}
		}
		runScenarios(t, e, []scenario{
			refused("a negative budget", map[string]any{"langues": []int{4}, "prestations": []int{3}, "prestationDetails": []map[string]any{{"prestationId": 3, "budgetStartingFrom": -1}}}, "prestationDetails.0.budgetStartingFrom"),
			refused("a detail for a service not chosen", map[string]any{"langues": []int{4}, "prestations": []int{3}, "prestationDetails": []map[string]any{{"prestationId": 5}}}, "prestationDetails.0.prestationId"),
			refused("no language", map[string]any{"langues": []int{}, "prestations": []int{3}}, "langues"),
		})
		if r := e.do(req{method: "POST", path: "/api/company/services", token: s.Access, body: `{"langues":[4],"prestations":[3],"prestationDetails":[{"prestationId":3,"budgetStartingFrom":"cheap"}]}`}); r.status != 400 {
			t.Errorf("a budget that is not a number: %d", r.status)
		}
	})
}

func TestSiretCheck(t *testing.T) {
	register := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Query().Get("q") {
		case "73282932000074":
			_, _ = w.Write([]byte(`{"results":[{"siren":"732829320","etat_administratif":"A","siege":{"siret":"73282932000074","etat_administratif":"A"},"matching_etablissements":[]}],"total_results":1}`))
		case "44306184100047":
			_, _ = w.Write([]byte(`{"results":[{"siren":"443061841","etat_administratif":"C","siege":{"siret":"44306184100047","etat_administratif":"F"},"matching_etablissements":[]}],"total_results":1}`))
		default:
			_, _ = w.Write([]byte(`{"results":[],"total_results":0}`))
		}
	}))
	defer register.Close()
	client, err := siren.NewClient(register.URL, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	e := newEnvWithStore(t, storetest.New(t), func(s *Server) {
		s.Company = company.NewService(s.Store, clockOf(s), client, s.Texts, s.Log)
	})
	s := e.login("planner")
	check := func(siret string) resp {
		return e.do(req{method: "GET", path: "/api/siren/siret?siret=" + siret, token: s.Access})
	}
	if r := check("7328293200007"); r.status != 400 || r.json(t)["error"] != "siret.errors.format" {
		t.Errorf("13 digits: %d %s", r.status, r.body)
	}
	if r := check("73282932000075"); r.status != 400 {
		t.Errorf("a bad checksum: %d", r.status)
	}
	if r := check("73282932000074"); r.status != 200 || r.json(t)["isActive"] != true || r.json(t)["status"] != "active" {
		t.Errorf("active: %d %s", r.status, r.body)
	}
	if r := check("44306184100047"); r.status != 200 || r.json(t)["isActive"] != false || r.json(t)["exists"] != true {
		t.Errorf("ceased: %d %s", r.status, r.body)
	}
	if r := check("12345678200010"); r.status != 404 || r.json(t)["error"] != "siret.errors.not_found" {
		t.Errorf("unknown: %d %s", r.status, r.body)
	}
	t.Run("onboarding refuses a number the register does not know", func(t *testing.T) {
		fresh := e.newAccount("siret@example.com", model.RolePlanner)
		r := e.do(req{method: "POST", path: "/api/onboarding/finish", token: fresh.Access, body: onboardingBodyFor("FR", "69002", "12345678200010")})
		if r.status != 422 || r.json(t)["fields"].(map[string]any)["siret"] != "siret.errors.not_found" {
			t.Errorf("%d %s", r.status, r.body)
		}
		r = e.do(req{method: "POST", path: "/api/onboarding/finish", token: fresh.Access, body: onboardingBodyFor("FR", "69002", "73282932000074")})
		if r.status != 201 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		if d := e.do(req{method: "GET", path: "/api/company/details", token: fresh.Access}).json(t); d["siretStatus"] != "active" {
			t.Errorf("status %v", d["siretStatus"])
		}
	})
}

func TestAddressSearch(t *testing.T) {
	e := newEnv(t)
	s := e.login("planner")
	r := e.do(req{method: "GET", path: "/api/address/search?q=lyon&country=FR", token: s.Access, headers: map[string]string{"Accept-Language": "de"}})
	places := r.json2(t)
	if len(places) == 0 || places[0]["city"] != "Lyon" || places[0]["country"] != "Frankreich" || places[0]["countrycode"] != "FR" {
		t.Fatalf("%s", r.body)
	}
	if lat := places[0]["lat"].(float64); lat < 45.7 || lat > 45.8 {
		t.Errorf("lat %v", lat)
	}
	if r := e.do(req{method: "GET", path: "/api/address/search?q=l", token: s.Access}); r.status != 200 || string(r.body) != "[]\n" {
		t.Errorf("one letter: %d %s", r.status, r.body)
	}
	if r := e.do(req{method: "GET", path: "/api/address/search?q=" + strings.Repeat("a", 101), token: s.Access}); r.status != 422 {
		t.Errorf("a long query: %d", r.status)
	}
}

func TestStatistics(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	planner := e.users["planner"]
	s := e.login("planner")
	// Four requests: one unseen, one seen (and answered after 48 hours), one
	// unlocked (and answered within 48 hours), one rejected: the answer rate
	// counts only the answer in time.
	now := e.clock.Now()
	for i, state := range []string{"new", "seen", "unlocked", "rejected"} {
		pid := model.NewID()
		_, err := e.store.DB().ExecContext(ctx, `INSERT INTO projects (id, domain, event_type, event_date, service_type, firstname, lastname, email, created_at)
			VALUES ($1, 'fr', 'wedding', '2027-06-12', 'FULL_PLANNING', 'Ana', 'Lima', 'ana@example.com', $2)`, pid, now)
		if err != nil {
			t.Fatal(err)
		}
		created := now.AddDate(0, 0, -i*20)
		var seen, unlocked, rejected, answered any
		inTime := false
		switch state {
		case "seen":
			seen, answered = now, created.Add(72*time.Hour)
		case "unlocked":
			seen, unlocked, answered, inTime = now, now, created.Add(time.Hour), true
		case "rejected":
			seen, rejected = now, now
		}
		_, err = e.store.DB().ExecContext(ctx, `INSERT INTO event_requests (id, project_id, provider_id, created_at, seen_at, unlocked_at, rejected_at, rejection_reason, first_answer_at, answered_48h)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, model.NewID(), pid, planner.ID, created, seen, unlocked, rejected, nullIf(state != "rejected", "budget"), answered, inTime)
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, v := range []struct{ day, visitor string }{{now.Format("2006-01-02"), "a"}, {now.Format("2006-01-02"), "b"}, {now.AddDate(0, 0, -2).Format("2006-01-02"), "a"}} {
		if _, err := e.store.RecordProfileView(ctx, planner.ID, v.day, v.visitor); err != nil {
			t.Fatal(err)
		}
	}
	if again, _ := e.store.RecordProfileView(ctx, planner.ID, now.Format("2006-01-02"), "a"); again {
		t.Error("a visitor counted twice in a day")
	}
	r := e.do(req{method: "GET", path: "/api/statistics/rates", token: s.Access}).json(t)
	data := r["data"].(map[string]any)
	want := map[string]any{"answeredRate": 25.0, "seenOpenRate": 75.0, "unlockedRate": 25.0, "rejectedRate": 25.0}
	if diff := cmp.Diff(want, data); diff != "" {
		t.Errorf("rates (-want +got):\n%s", diff)
	}
	if r["lastMonthlyMessagesCount"] != float64(2) || r["viewsTotal"] != float64(3) {
		t.Errorf("counts %v %v", r["lastMonthlyMessagesCount"], r["viewsTotal"])
	}
	if r := e.do(req{method: "GET", path: "/api/statistics/views?period=7days", token: s.Access}); r.status != 403 {
		t.Errorf("a free planner reads the views chart: %d", r.status)
	}
	if err := e.store.SetUserPremium(ctx, planner.ID, model.PremiumActive, model.NullTime(now), sql.NullTime{}, sql.NullString{}, now); err != nil {
		t.Fatal(err)
	}
	views := e.do(req{method: "GET", path: "/api/statistics/views?period=7days", token: s.Access}).json(t)["data"].([]any)
	if len(views) != 7 {
		t.Fatalf("%d days", len(views))
	}
	last, twoAgo, first := views[6].(map[string]any), views[4].(map[string]any), views[0].(map[string]any)
	if last["date"] != now.Format("2006-01-02") || last["views"] != float64(2) || twoAgo["views"] != float64(1) || first["views"] != float64(0) {
		t.Errorf("views %v", views)
	}
	if r := e.do(req{method: "GET", path: "/api/statistics/views?period=year", token: s.Access}); r.status != 422 {
		t.Errorf("an unknown period: %d", r.status)
	}
	if today := e.do(req{method: "GET", path: "/api/statistics/views?period=today", token: s.Access}).json(t)["data"].([]any); len(today) != 1 {
		t.Errorf("today: %v", today)
	}
	t.Run("another provider sees only their own counts", func(t *testing.T) {
		v := e.login("venue")
		r := e.do(req{method: "GET", path: "/api/statistics/rates", token: v.Access}).json(t)
		if r["viewsTotal"] != float64(0) || r["data"].(map[string]any)["seenOpenRate"] != float64(0) {
			t.Errorf("%v", r)
		}
	})
}

func nullIf(null bool, v string) any {
	if null {
		return nil
	}
	return v
}

func TestMarketingMessages(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	s := e.login("planner")
	if r := e.do(req{method: "GET", path: "/api/marketing/promotional-alert/active?type=planner", token: s.Access}); r.status != 200 || string(r.body) != "null\n" {
		t.Errorf("no alert: %d %q", r.status, r.body)
	}
	now := e.clock.Now()
	for _, a := range []model.PromotionalAlert{
		{ID: model.NewID(), Audience: "planner", Title: "Old", Description: "d", IsActive: true, CreatedAt: now, UpdatedAt: now.Add(-time.Hour)},
		{ID: model.NewID(), Audience: "planner", Title: "Club -30%", Description: "d", ButtonText: "Go", ButtonLink: "/subscription", IsActive: true, CreatedAt: now, UpdatedAt: now},
		{ID: model.NewID(), Audience: "venue", Title: "Venues only", Description: "d", IsActive: true, CreatedAt: now, UpdatedAt: now},
		{ID: model.NewID(), Audience: "planner", Title: "Inactive", Description: "d", CreatedAt: now, UpdatedAt: now.Add(time.Hour)},
	} {
		if err := e.store.CreateAlert(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	r := e.do(req{method: "GET", path: "/api/marketing/promotional-alert/active?type=planner", token: s.Access}).json(t)
	if r["title"] != "Club -30%" || r["buttonLink"] != "/subscription" {
		t.Errorf("alert %v", r)
	}
	if r := e.do(req{method: "GET", path: "/api/marketing/promotional-alert/active?type=couple", token: s.Access}); r.status != 422 {
		t.Errorf("an unknown type: %d", r.status)
	}
	if err := e.store.CreatePopup(ctx, model.PromotionalPopup{ID: "p1", Audience: "venue", Title: "Hello", DescriptionHTML: "<p>Hi</p>",
		ShowOncePerUser: true, IsActive: true, CreatedAt: now, UpdatedAt: now}); err != nil {
		t.Fatal(err)
	}
	p := e.do(req{method: "GET", path: "/api/marketing/promotional-popup/active?type=venue", token: s.Access}).json(t)
	if p["id"] != "p1" || p["showOncePerUser"] != true || p["description"] != "<p>Hi</p>" {
		t.Errorf("popup %v", p)
	}
}
