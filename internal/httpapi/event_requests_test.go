package httpapi

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"noces/internal/model"
)

// sendRequests sends n projects to a provider.
func (e *env) sendRequests(providerID string, n int) []string {
	e.t.Helper()
	ctx := context.Background()
	var ids []string
	for i := 0; i < n; i++ {
		p := model.Project{ID: model.NewID(), Domain: "fr", EventType: "wedding", EventDate: e.clock.Now().AddDate(0, 0, 3+i*30).Format("2006-01-02"),
			ServiceType: "FULL_PLANNING", EventCity: "Lyon", EventCountry: "FR", BudgetRange: "20k_35k", GuestRange: "50_100",
			Message: "Bonjour !", Firstname: "Inès", Lastname: "Moreau", Email: "ines@example.com", Phone: "+33611223344",
			CreatedAt: e.clock.Now(), ConfirmedAt: sql.NullTime{Time: e.clock.Now(), Valid: true}, Languages: []string{"fr", "en"}}
		if err := e.store.CreateProject(ctx, p); err != nil {
			e.t.Fatal(err)
		}
		id := model.NewID()
		if err := e.store.CreateEventRequest(ctx, model.EventRequest{ID: id, ProjectID: p.ID, ProviderID: providerID, CreatedAt: e.clock.Now().Add(time.Duration(i) * time.Minute)}); err != nil {
			e.t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return ids
}

func TestEventRequestsAPI(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	planner := e.users["planner"]
	if err := e.store.AddCreditLog(ctx, model.CreditLog{ID: model.NewID(), UserID: planner.ID, CreatedAt: e.clock.Now(), Description: "test",
		Deposited: 1, Ref: sql.NullString{String: "t1", Valid: true}}); err != nil {
		t.Fatal(err)
	}
	ids := e.sendRequests(planner.ID, 30)
	s := e.login("planner")

	list := e.do(req{method: "GET", path: "/api/event-requests?page=2&pageSize=25&sortField=createdAt&sortDirection=desc", token: s.Access, headers: map[string]string{"Accept-Language": "en"}}).json(t)
	items := list["eventRequests"].([]any)
	if list["total"] != float64(30) || list["unreadMessages"] != float64(0) || len(items) != 5 {
		t.Fatalf("list %v", list)
	}
	first := items[0].(map[string]any)
	if first["uuid"] != ids[4] || first["isUnlocked"] != false || first["project"].(map[string]any)["eventTypeLabel"] != "Wedding" {
		t.Errorf("page 2 starts with %v", first)
	}
	if langs := first["project"].(map[string]any)["languagesLabel"].([]any); len(langs) != 2 || langs[0] != "English" {
		t.Errorf("languages %v", langs)
	}
	if r := e.do(req{method: "GET", path: "/api/event-requests?sortField=price", token: s.Access}); r.status != 422 {
		t.Errorf("an unknown sort: %d", r.status)
	}

	detail := e.do(req{method: "GET", path: "/api/event-requests/" + ids[0], token: s.Access}).json(t)
	member := detail["project"].(map[string]any)["member"].(map[string]any)
	if member["email"] != nil || member["phone"] != nil || member["lastname"] != nil || member["firstname"] != "Inès" {
		t.Errorf("a locked request shows contact details: %v", member)
	}
	if len(detail["rejectionReasons"].(map[string]any)) != 7 {
		t.Errorf("reasons %v", detail["rejectionReasons"])
	}
	if after := e.do(req{method: "GET", path: "/api/event-requests", token: s.Access}).json(t); after["unreadMessages"] != float64(0) {
		t.Errorf("opening a request read a message: %v", after["unreadMessages"])
	}

	r := e.do(req{method: "POST", path: "/api/event-requests/" + ids[0] + "/unlock", token: s.Access})
	if r.status != 200 || r.json(t)["email"] != "ines@example.com" {
		t.Fatalf("unlock: %d %s", r.status, r.body)
	}
	if me := e.do(req{method: "GET", path: "/api/me", token: s.Access}).json(t); me["credits"] != float64(0) {
		t.Errorf("credits after unlock: %v", me["credits"])
	}
	if r := e.do(req{method: "POST", path: "/api/event-requests/" + ids[0] + "/unlock", token: s.Access}); r.status != 200 {
		t.Errorf("unlocking again is free: %d", r.status)
	}
	if r := e.do(req{method: "POST", path: "/api/event-requests/" + ids[1] + "/unlock", token: s.Access}); r.status != 409 || r.json(t)["error"] != "event_request.errors.no_credits" {
		t.Errorf("without credits: %d %s", r.status, r.body)
	}
	r = e.do(req{method: "POST", path: "/api/event-requests/" + ids[1] + "/reject", token: s.Access, body: map[string]string{"reason": "not_available"}})
	if r.status != 200 || r.json(t)["message"].(map[string]any)["rejectionReason"] != "not_available" {
		t.Errorf("reject: %d %s", r.status, r.body)
	}
	if r := e.do(req{method: "POST", path: "/api/event-requests/" + ids[2] + "/reject", token: s.Access, body: map[string]string{"reason": ""}}); r.status != 422 {
		t.Errorf("no reason: %d", r.status)
	}

	runScenarios(t, e, []scenario{
		{name: "a venue cannot read another provider's request", method: "GET", path: "/api/event-requests/" + ids[0], as: "venue",
			wantStatus: 404, wantCode: "event_request.errors.not_found"},
		{name: "a venue cannot unlock another provider's request", method: "POST", path: "/api/event-requests/" + ids[3] + "/unlock", as: "venue",
			wantStatus: 404, wantCode: "event_request.errors.not_found", wantNoWrites: true},
		{name: "a venue lists none of another provider's requests", method: "GET", path: "/api/event-requests", as: "venue",
			wantStatus: 200, wantJSON: map[string]any{"total": 0}},
	})
}
