package httpapi

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"noces/internal/model"
	"noces/internal/store"
)

// venueOf makes a venue of owner, published or not, with photos (the last
// one the key image) and features, created now.
func (e *env) venueOf(ownerID, name string, published bool, photos int, features ...string) model.Venue {
	e.t.Helper()
	ctx := context.Background()
	now := e.clock.Now()
	v := model.Venue{ID: model.NewID(), OwnerID: ownerID, Name: name, Slug: strings.ToLower(strings.ReplaceAll(name, " ", "-")),
		Type: "castle", City: "Annecy", CountryCode: "FR", Description: "Au bord du lac", SeatedCapacity: 120, StandingCapacity: 200,
		MinPrice: 3000, MaxPrice: 9000, IsPublished: published, CreatedAt: now, UpdatedAt: now}
	if err := e.store.CreateVenue(ctx, v); err != nil {
		e.t.Fatal(err)
	}
	for i := range photos {
		id := model.NewID()
		im := model.Image{ID: id, OwnerID: ownerID, VenueID: sql.NullString{String: v.ID, Valid: true}, Title: "Photo", IsVisible: true,
			Position: i + 1, ImageFile: model.ImageFile{ImageKey: "venues/" + id + ".jpg", Width: 1600, Height: 1067,
				ThumbKey: "venues/" + id + "-thumb.jpg", ThumbWidth: 480, ThumbHeight: 320, ByteSize: 2000}, CreatedAt: now, UpdatedAt: now}
		if err := e.store.CreateImage(ctx, im); err != nil {
			e.t.Fatal(err)
		}
		if i == photos-1 {
			if _, err := e.store.DB().ExecContext(ctx, `UPDATE images SET is_key_image = TRUE WHERE id = $1`, id); err != nil {
				e.t.Fatal(err)
			}
		}
	}
	if err := e.store.SetVenueSets(ctx, v.ID, store.VenueSets{Features: features}, now); err != nil {
		e.t.Fatal(err)
	}
	e.clock.Advance(time.Second) // lists are ordered by creation
	return v
}

// venueState reads a venue's validation straight from the database.
func (e *env) venueState(id string) (bool, sql.NullTime) {
	e.t.Helper()
	var ok bool
	var at sql.NullTime
	if err := e.store.DB().QueryRow(`SELECT is_validated, validated_at FROM venues WHERE id = $1`, id).Scan(&ok, &at); err != nil {
		e.t.Fatal(err)
	}
	return ok, at
}

func TestAdminVenueRoutesRefuseEveryoneButAdmins(t *testing.T) {
	e := newEnv(t)
	v := e.venueOf(e.users["venue"].ID, "Château Refus", true, 1)
	var table []scenario
	for _, r := range []req{
		{method: "GET", path: "/api/admin/venues"},
		{method: "GET", path: "/api/admin/venues/" + v.ID},
		{method: "PUT", path: "/api/admin/venues/" + v.ID + "/validation", body: map[string]any{"validated": true}},
	} {
		for _, who := range []struct {
			name, as string
			status   int
			code     string
		}{
			{"a planner", "planner", http.StatusForbidden, "errors.forbidden"},
			{"the venue's owner", "venue", http.StatusForbidden, "errors.forbidden"},
			{"an anonymous caller", "", http.StatusUnauthorized, "errors.unauthorized"},
		} {
			table = append(table, scenario{name: r.method + " " + r.path + " is refused to " + who.name,
				method: r.method, path: r.path, body: r.body, as: who.as,
				wantStatus: who.status, wantCode: who.code, wantNoWrites: true})
		}
	}
	runScenarios(t, e, table)
	if ok, _ := e.venueState(v.ID); ok {
		t.Error("a refused validation validated the venue")
	}
}

func TestAdminVenueValidation(t *testing.T) {
	e := newEnv(t)
	tok := e.login("admin").Access
	owner := e.waitingProvider("sophie@example.com", model.RoleVenue, "Domaine Sophie", "de")
	if _, err := e.store.ApproveProvider(context.Background(), owner.ID, e.clock.Now()); err != nil {
		t.Fatal(err)
	}
	draft := e.venueOf(owner.ID, "Scheune Entwurf", false, 0)
	queued := e.venueOf(owner.ID, "Schloss am See", true, 3, "wifi", "garden", "parking")
	later := e.venueOf(e.users["venue"].ID, "Later Barn", true, 1)
	path := "/api/admin/venues/" + queued.ID + "/validation"

	t.Run("the queue lists published venues to validate, oldest first, with photos, features and owner", func(t *testing.T) {
		r := e.do(req{method: "GET", path: "/api/admin/venues", token: tok})
		if r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		body := r.json(t)
		items := body["items"].([]any)
		if body["total"] != float64(2) || len(items) != 2 || body["pageSize"] != float64(20) {
			t.Fatalf("%s", r.body)
		}
		first := items[0].(map[string]any)
		if first["id"] != queued.ID || items[1].(map[string]any)["id"] != later.ID {
			t.Fatalf("order %v, %v", first["id"], items[1].(map[string]any)["id"])
		}
		want := map[string]any{"id": owner.ID, "firstname": "Jana", "lastname": "Keller", "email": "sophie@example.com",
			"isModerated": true, "domain": "de"}
		if diff := cmp.Diff(want, first["owner"]); diff != "" {
			t.Errorf("owner (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]any{"garden", "parking", "wifi"}, first["features"]); diff != "" {
			t.Errorf("features (-want +got):\n%s", diff)
		}
		photos := first["photos"].([]any)
		key := photos[0].(map[string]any)
		if len(photos) != 3 || key["isKeyImage"] != true || !strings.HasSuffix(key["thumbnailUrl"].(string), "-thumb.jpg") ||
			key["imageUrl"] == key["thumbnailUrl"] {
			t.Errorf("photos %v", photos)
		}
		if first["publicUrl"] != nil || first["isValidated"] != false || first["validatedAt"] != nil || first["seatedCapacity"] != float64(120) {
			t.Errorf("facts %v", first)
		}
	})
	t.Run("all lists the drafts too", func(t *testing.T) {
		body := e.do(req{method: "GET", path: "/api/admin/venues?status=all", token: tok}).json(t)
		if body["total"] != float64(3) {
			t.Errorf("all: %v", body["total"])
		}
	})
	t.Run("an unknown status is refused", func(t *testing.T) {
		e.refused(t, req{method: "GET", path: "/api/admin/venues?status=drafts", token: tok}, 422, "errors.validation",
			"status", "admin.validation.venue_status_invalid")
	})
	t.Run("an unknown venue is not found", func(t *testing.T) {
		e.refused(t, req{method: "GET", path: "/api/admin/venues/" + model.NewID(), token: tok}, 404, "admin.errors.venue_not_found", "", "")
		e.refused(t, req{method: "PUT", path: "/api/admin/venues/" + model.NewID() + "/validation", token: tok,
			body: map[string]any{"validated": true}}, 404, "admin.errors.venue_not_found", "", "")
	})
	t.Run("one venue reads with all its photos, a draft too", func(t *testing.T) {
		r := e.do(req{method: "GET", path: "/api/admin/venues/" + draft.ID, token: tok})
		if body := r.json(t); r.status != 200 || body["isPublished"] != false || len(body["photos"].([]any)) != 0 {
			t.Errorf("%d %s", r.status, r.body)
		}
	})
	for _, tc := range []struct {
		name             string
		path             string
		body             any
		status           int
		code, field, fcd string
	}{
		{"a draft cannot be validated", "/api/admin/venues/" + draft.ID + "/validation", map[string]any{"validated": true}, 409,
			"admin.errors.venue_not_published", "", ""},
		{"a body without validated", path, map[string]any{}, 422, "errors.validation", "validated", "validation.required"},
		{"validated that is not a boolean", path, map[string]any{"validated": "yes"}, 400, "errors.malformed_json", "", ""},
		{"an unknown field", path, map[string]any{"validated": true, "isValidated": true}, 400, "", "", ""},
	} {
		t.Run(tc.name+" is refused and writes nothing", func(t *testing.T) {
			e.refused(t, req{method: "PUT", path: tc.path, token: tok, body: tc.body}, tc.status, tc.code, tc.field, tc.fcd)
		})
	}
	if ok, _ := e.venueState(draft.ID); ok {
		t.Fatal("the draft was validated")
	}

	t.Run("validation stamps the venue, audits and e-mails the owner in their language", func(t *testing.T) {
		e.clock.Advance(time.Minute) // within the access token's life
		r := e.do(req{method: "PUT", path: path, token: tok, body: map[string]any{"validated": true}})
		if r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		body := r.json(t)
		at := e.clock.Now().UTC().Format(time.RFC3339)
		if body["isValidated"] != true || body["validatedAt"] != at || !strings.HasSuffix(body["publicUrl"].(string), "/v/"+queued.Slug) {
			t.Errorf("reply %v", body)
		}
		if ok, stamp := e.venueState(queued.ID); !ok || !stamp.Valid {
			t.Errorf("stored %v %v", ok, stamp)
		}
		if diff := cmp.Diff([]string{"venue.validate"}, e.auditRows(owner.ID)); diff != "" {
			t.Errorf("audit (-want +got):\n%s", diff)
		}
		mails := e.outbox("sophie@example.com")
		if len(mails) != 1 {
			t.Fatalf("%d e-mails", len(mails))
		}
		m := mails[0]
		wantSubject := strings.ReplaceAll(e.server.Texts.T("de", "email.venue_validated.subject"), "{venueName}", queued.Name)
		if m.Subject != wantSubject || !strings.Contains(m.BodyText, "Schloss am See") || !strings.Contains(m.BodyText, "/v/"+queued.Slug) ||
			!strings.Contains(m.BodyText, "Jana") {
			t.Errorf("e-mail %q\n%s", m.Subject, m.BodyText)
		}
	})
	t.Run("validating a validated venue writes and sends nothing", func(t *testing.T) {
		before, audit := e.adminCounts(), e.auditRows(owner.ID)
		r := e.do(req{method: "PUT", path: path, token: tok, body: map[string]any{"validated": true}})
		if r.status != 200 || r.json(t)["isValidated"] != true {
			t.Fatalf("%d %s", r.status, r.body)
		}
		if diff := cmp.Diff(before, e.adminCounts()); diff != "" {
			t.Errorf("wrote (-before +after):\n%s", diff)
		}
		if diff := cmp.Diff(audit, e.auditRows(owner.ID)); diff != "" {
			t.Errorf("audit (-before +after):\n%s", diff)
		}
	})
	t.Run("the queue no longer holds it; the validated list does", func(t *testing.T) {
		q := e.do(req{method: "GET", path: "/api/admin/venues?status=to_validate", token: tok}).json(t)
		v := e.do(req{method: "GET", path: "/api/admin/venues?status=validated", token: tok}).json(t)
		if q["total"] != float64(1) || v["total"] != float64(1) || v["items"].([]any)[0].(map[string]any)["id"] != queued.ID {
			t.Errorf("queue %v, validated %v", q, v)
		}
	})
	t.Run("withdrawal clears the validation, is audited and sends nothing", func(t *testing.T) {
		r := e.do(req{method: "PUT", path: path, token: tok, body: map[string]any{"validated": false}})
		if body := r.json(t); r.status != 200 || body["isValidated"] != false || body["validatedAt"] != nil || body["publicUrl"] != nil {
			t.Fatalf("%d %s", r.status, r.body)
		}
		if diff := cmp.Diff([]string{"venue.validate", "venue.unvalidate"}, e.auditRows(owner.ID)); diff != "" {
			t.Errorf("audit (-want +got):\n%s", diff)
		}
		if n := len(e.outbox("sophie@example.com")); n != 1 {
			t.Errorf("%d e-mails", n)
		}
	})
	t.Run("of concurrent validations one audits and e-mails", func(t *testing.T) {
		var wg sync.WaitGroup
		statuses := make([]int, 8)
		for i := range statuses {
			wg.Go(func() {
				statuses[i] = e.do(req{method: "PUT", path: "/api/admin/venues/" + later.ID + "/validation", token: tok,
					body: map[string]any{"validated": true}}).status
			})
		}
		wg.Wait()
		for _, s := range statuses {
			if s != 200 {
				t.Errorf("statuses %v", statuses)
				break
			}
		}
		if diff := cmp.Diff([]string{"venue.validate"}, e.auditRows(e.users["venue"].ID)); diff != "" {
			t.Errorf("audit (-want +got):\n%s", diff)
		}
		if n := len(e.outbox("venue@example.com")); n != 1 {
			t.Errorf("%d e-mails", n)
		}
	})
}

// TestVenueOwnerRequestsAndCredits: a venue owner reads its requests with
// the venue each is for, unlocks one with a credit, rejects another, and
// reaches none of another owner's.
func TestVenueOwnerRequestsAndCredits(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	owner := e.users["venue"]
	other := e.addUser("venue2", model.RoleVenue)
	if err := e.store.AddCreditLog(ctx, model.CreditLog{ID: model.NewID(), UserID: owner.ID, CreatedAt: e.clock.Now(), Description: "test",
		Deposited: 1, Ref: sql.NullString{String: "t1", Valid: true}}); err != nil {
		t.Fatal(err)
	}
	lake := e.venueOf(owner.ID, "Château du Lac", true, 1)
	barn := e.venueOf(other.ID, "Grange Voisine", true, 1)
	ids := e.sendRequests(owner.ID, 3)
	theirs := e.sendRequests(other.ID, 1)
	for id, venue := range map[string]string{ids[0]: lake.ID, ids[1]: lake.ID, theirs[0]: barn.ID} {
		if _, err := e.store.DB().ExecContext(ctx, `UPDATE event_requests SET venue_id = $1 WHERE id = $2`, venue, id); err != nil {
			t.Fatal(err)
		}
	}
	// A request pointing at another owner's venue never names it.
	if _, err := e.store.DB().ExecContext(ctx, `UPDATE event_requests SET venue_id = $1 WHERE id = $2`, barn.ID, ids[2]); err != nil {
		t.Fatal(err)
	}
	s := e.login("venue")
	lakeRef := map[string]any{"id": lake.ID, "name": "Château du Lac", "slug": lake.Slug}

	list := e.do(req{method: "GET", path: "/api/event-requests?sortDirection=asc", token: s.Access}).json(t)
	got := map[string]any{}
	for _, it := range list["eventRequests"].([]any) {
		m := it.(map[string]any)
		got[m["uuid"].(string)] = m["venue"]
	}
	if diff := cmp.Diff(map[string]any{ids[0]: lakeRef, ids[1]: lakeRef, ids[2]: nil}, got); list["total"] != float64(3) || diff != "" {
		t.Errorf("total %v, venues (-want +got):\n%s", list["total"], diff)
	}
	detail := e.do(req{method: "GET", path: "/api/event-requests/" + ids[0], token: s.Access}).json(t)
	if diff := cmp.Diff(lakeRef, detail["venue"]); diff != "" {
		t.Errorf("detail venue (-want +got):\n%s", diff)
	}

	r := e.do(req{method: "POST", path: "/api/event-requests/" + ids[0] + "/unlock", token: s.Access})
	if r.status != 200 || r.json(t)["email"] != "ines@example.com" {
		t.Fatalf("unlock: %d %s", r.status, r.body)
	}
	if credits, sum := e.ledger("venue"); credits != 0 || sum != 0 {
		t.Errorf("after unlock: %d credits, ledger %d", credits, sum)
	}
	if r := e.do(req{method: "POST", path: "/api/event-requests/" + ids[1] + "/unlock", token: s.Access}); r.status != 409 ||
		r.json(t)["error"] != "event_request.errors.no_credits" {
		t.Errorf("without credits: %d %s", r.status, r.body)
	}
	r = e.do(req{method: "POST", path: "/api/event-requests/" + ids[1] + "/reject", token: s.Access, body: map[string]string{"reason": "not_available"}})
	if body := r.json(t); r.status != 200 || body["message"].(map[string]any)["isRejected"] != true {
		t.Errorf("reject: %d %s", r.status, r.body)
	} else if diff := cmp.Diff(lakeRef, body["venue"]); diff != "" {
		t.Errorf("rejected request's venue (-want +got):\n%s", diff)
	}
	if logs := e.do(req{method: "GET", path: "/api/credits/logs", token: s.Access}); logs.status != 200 {
		t.Errorf("credit logs: %d %s", logs.status, logs.body)
	}
	// More credits are bought as a planner buys them (one at 30 EUR).
	e.buy(s.Access, 1, 30)

	runScenarios(t, e, []scenario{
		{name: "another venue owner cannot read the request", method: "GET", path: "/api/event-requests/" + ids[0], as: "venue2",
			wantStatus: 404, wantCode: "event_request.errors.not_found"},
		{name: "another venue owner cannot unlock it", method: "POST", path: "/api/event-requests/" + ids[2] + "/unlock", as: "venue2",
			wantStatus: 404, wantCode: "event_request.errors.not_found", wantNoWrites: true},
		{name: "another venue owner cannot reject it", method: "POST", path: "/api/event-requests/" + ids[2] + "/reject", as: "venue2",
			body: map[string]string{"reason": "not_available"}, wantStatus: 404, wantCode: "event_request.errors.not_found", wantNoWrites: true},
		{name: "another venue owner lists only its own, with its venue", method: "GET", path: "/api/event-requests", as: "venue2",
			wantStatus: 200, wantJSON: map[string]any{"total": 1, "eventRequests": []any{map[string]any{"uuid": theirs[0],
				"venue": map[string]any{"id": barn.ID, "name": "Grange Voisine", "slug": barn.Slug}}}}},
		{name: "a venue owner reads the credit prices", method: "GET", path: "/api/credits/prices", as: "venue", wantStatus: 200},
	})

	t.Run("an owner awaiting moderation reads its requests but cannot unlock them", func(t *testing.T) {
		if _, err := e.store.DB().ExecContext(ctx, `UPDATE users SET is_moderated = FALSE WHERE id = $1`, other.ID); err != nil {
			t.Fatal(err)
		}
		runScenarios(t, e, []scenario{
			{name: "the list", method: "GET", path: "/api/event-requests", as: "venue2", wantStatus: 200, wantJSON: map[string]any{"total": 1}},
			{name: "an unlock", method: "POST", path: "/api/event-requests/" + theirs[0] + "/unlock", as: "venue2",
				wantStatus: 403, wantCode: "account.errors.not_moderated", wantNoWrites: true},
		})
	})
}
