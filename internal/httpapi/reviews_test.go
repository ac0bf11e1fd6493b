package httpapi

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"noces/internal/model"
)

func TestOwnReviews(t *testing.T) {
	e := newEnv(t)
	tok := e.login("planner").Access
	me := e.users["planner"]

	t.Run("no company yet, no reviews to list", func(t *testing.T) {
		e.refused(t, req{method: "GET", path: "/api/reviews", token: tok}, 404, "company.errors.not_found", "", "")
	})

	now := e.clock.Now()
	if err := e.store.CreateCompany(context.Background(), model.Company{UserID: me.ID, Name: "Avis & Co", Slug: "avis-co", SiretStatus: "unknown",
		CountryCode: "FR", CreatedAt: now, UpdatedAt: now}); err != nil {
		t.Fatal(err)
	}
	other := e.visiblePlanner("autre", 45.75, 4.83, false, 4, 4)
	var approved []string
	for i := 0; i < 12; i++ {
		id := e.adminReview(me.ID, fmt.Sprintf("Couple%02d", i), now.Add(time.Duration(i)*time.Hour))
		approved = append(approved, id)
	}
	e.adminReview(me.ID, "Pending", now.Add(48*time.Hour)) // stays pending: never listed
	e.adminReview(other.ID, "Ailleurs", now)
	if _, err := e.store.DB().Exec(`UPDATE reviews SET status = 'approved', rating = 5 WHERE reviewer_name LIKE 'Couple%' OR reviewer_name = 'Ailleurs'`); err != nil {
		t.Fatal(err)
	}
	if _, err := e.store.DB().Exec(`UPDATE reviews SET rating = 2 WHERE id = $1`, approved[0]); err != nil {
		t.Fatal(err)
	}

	t.Run("approved reviews, newest first, paged, with the average and the review link", func(t *testing.T) {
		body := e.do(req{method: "GET", path: "/api/reviews?limit=5&page=1", token: tok}).json(t)
		items := body["items"].([]any)
		if body["total"] != float64(12) || body["pages"] != float64(3) || len(items) != 5 {
			t.Fatalf("%v", body)
		}
		if first := items[0].(map[string]any); first["reviewerName"] != "Couple11" || first["weddingDate"] != "2026-06-20" || first["imageName"] != nil {
			t.Errorf("first item %v", first)
		}
		if avg := body["average"].(float64); avg < 4.74 || avg > 4.76 { // (11*5 + 2) / 12
			t.Errorf("average %v", avg)
		}
		link := body["reviewFormUrl"].(string)
		if !strings.HasPrefix(link, e.server.Hosts.PublicURL("fr", "/review/")) || len(link) < len(e.server.Hosts.PublicURL("fr", "/review/"))+16 {
			t.Errorf("review link %q", link)
		}
		again := e.do(req{method: "GET", path: "/api/reviews?page=3&limit=5", token: tok}).json(t)
		if len(again["items"].([]any)) != 2 || again["reviewFormUrl"] != link {
			t.Errorf("last page or a changed link: %v", again)
		}
		lenient := e.do(req{method: "GET", path: "/api/reviews?page=abc&limit=999", token: tok}).json(t)
		if len(lenient["items"].([]any)) != 10 {
			t.Errorf("bad paging falls back to page 1 of 10: %d", len(lenient["items"].([]any)))
		}
	})

	t.Run("the review link opens the form for this provider", func(t *testing.T) {
		link := e.do(req{method: "GET", path: "/api/reviews", token: tok}).json(t)["reviewFormUrl"].(string)
		c, err := e.server.Directory.ReviewTarget(context.Background(), link[strings.LastIndex(link, "/")+1:])
		if err != nil || c.UserID != me.ID {
			t.Errorf("the link's token names %+v %v", c, err)
		}
	})

	t.Run("another provider's reviews are not found, and admins are refused", func(t *testing.T) {
		e.refused(t, req{method: "GET", path: "/api/reviews?prestataire_id=" + other.ID, token: tok}, 404, "errors.not_found", "", "")
		ok := e.do(req{method: "GET", path: "/api/reviews?prestataire_id=" + me.ID, token: tok})
		if ok.status != 200 {
			t.Errorf("its own id: %d", ok.status)
		}
		e.refused(t, req{method: "GET", path: "/api/reviews", token: e.login("admin").Access}, 403, "errors.forbidden", "", "")
		e.refused(t, req{method: "GET", path: "/api/reviews"}, 401, "", "", "")
	})
}

func TestReviewRepliesAndBookings(t *testing.T) {
	e := newEnv(t)
	tok := e.login("planner").Access
	admin := e.login("admin").Access
	me := e.users["planner"]
	other := e.addUser("autre", model.RolePlanner)
	otherTok := e.login("autre").Access
	now := e.clock.Now()
	if err := e.store.CreateCompany(context.Background(), model.Company{UserID: me.ID, Name: "Avis & Co", Slug: "avis-co", SiretStatus: "unknown",
		CountryCode: "FR", CreatedAt: now, UpdatedAt: now}); err != nil {
		t.Fatal(err)
	}
	mine := e.adminReview(me.ID, "Claire", e.clock.Now())
	theirs := e.adminReview(other.ID, "Marc", e.clock.Now())
	if _, err := e.store.DB().Exec(`UPDATE reviews SET status = 'approved'`); err != nil {
		t.Fatal(err)
	}
	reply := func(id string) string { return "/api/reviews/" + id + "/reply" }

	t.Run("the provider replies to its own review, once, and edits it", func(t *testing.T) {
		got := e.do(req{method: "PUT", path: reply(mine), token: tok, body: map[string]string{"reply": " Merci Claire ! "}}).json(t)
		if got["reply"] != "Merci Claire !" || got["repliedAt"] == nil || got["replyHidden"] != false || got["verified"] != false {
			t.Fatalf("%v", got)
		}
		got = e.do(req{method: "PUT", path: reply(mine), token: tok, body: map[string]string{"reply": "Merci encore"}}).json(t)
		if got["reply"] != "Merci encore" {
			t.Errorf("%v", got)
		}
		items := e.do(req{method: "GET", path: "/api/reviews", token: tok}).json(t)["items"].([]any)
		if it := items[0].(map[string]any); it["reply"] != "Merci encore" {
			t.Errorf("listed %v", it)
		}
	})
	t.Run("refusals change nothing", func(t *testing.T) {
		e.refused(t, req{method: "PUT", path: reply(mine), token: tok, body: map[string]string{"reply": strings.Repeat("a", 2001)}},
			422, "errors.validation", "reply", "review.errors.reply")
		e.refused(t, req{method: "PUT", path: reply(mine), token: tok, body: map[string]string{"reply": "  "}},
			422, "errors.validation", "reply", "review.errors.reply")
		e.refused(t, req{method: "PUT", path: reply(theirs), token: tok, body: map[string]string{"reply": "Pirate"}}, 404, "errors.not_found", "", "")
		e.refused(t, req{method: "DELETE", path: reply(theirs), token: tok}, 404, "errors.not_found", "", "")
		e.refused(t, req{method: "PUT", path: reply(mine), token: otherTok, body: map[string]string{"reply": "Pirate"}}, 404, "errors.not_found", "", "")
		e.refused(t, req{method: "PUT", path: reply(mine), token: admin, body: map[string]string{"reply": "x"}}, 403, "", "", "")
		var r string
		if err := e.store.DB().QueryRow(`SELECT reply FROM reviews WHERE id = $1`, mine).Scan(&r); err != nil || r != "Merci encore" {
			t.Errorf("%q %v", r, err)
		}
	})
	t.Run("an admin hides the reply, once, and shows it again", func(t *testing.T) {
		path := "/api/admin/reviews/" + mine + "/reply-hidden"
		got := e.do(req{method: "PUT", path: path, token: admin, body: map[string]bool{"hidden": true}}).json(t)
		if got["replyHidden"] != true || got["reply"] != "Merci encore" {
			t.Fatalf("%v", got)
		}
		e.refused(t, req{method: "PUT", path: path, token: admin, body: map[string]bool{"hidden": true}}, 409, "admin.errors.reply_not_hidable", "", "")
		e.refused(t, req{method: "PUT", path: "/api/admin/reviews/" + theirs + "/reply-hidden", token: admin, body: map[string]bool{"hidden": true}},
			409, "admin.errors.reply_not_hidable", "", "")
		e.refused(t, req{method: "PUT", path: path, token: tok, body: map[string]bool{"hidden": false}}, 403, "", "", "")
		if rows := e.auditRows(mine); len(rows) != 1 || rows[0] != "review.reply_hide" {
			t.Errorf("audit %v", rows)
		}
		if got := e.do(req{method: "PUT", path: path, token: admin, body: map[string]bool{"hidden": false}}).json(t); got["replyHidden"] != false {
			t.Errorf("%v", got)
		}
		if got := e.do(req{method: "DELETE", path: reply(mine), token: tok}).json(t); got["reply"] != "" || got["repliedAt"] != nil {
			t.Errorf("deleted %v", got)
		}
	})

	t.Run("the provider marks its unlocked request as booked, and undoes it", func(t *testing.T) {
		ids := e.sendRequests(me.ID, 2)
		path := "/api/event-requests/" + ids[0] + "/booking"
		e.refused(t, req{method: "PUT", path: path, token: tok}, 409, "event_request.errors.booked_locked", "", "")
		if _, err := e.store.DB().Exec(`UPDATE event_requests SET unlocked_at = $2 WHERE id = $1`, ids[0], e.clock.Now()); err != nil {
			t.Fatal(err)
		}
		got := e.do(req{method: "GET", path: path, token: tok}).json(t)
		if got["byProvider"] != false || got["canMark"] != true || got["invitedAt"] != nil {
			t.Fatalf("%v", got)
		}
		for range 2 {
			if got = e.do(req{method: "PUT", path: path, token: tok}).json(t); got["byProvider"] != true || got["bookedAt"] == nil {
				t.Fatalf("%v", got)
			}
		}
		e.refused(t, req{method: "PUT", path: path, token: otherTok}, 404, "event_request.errors.not_found", "", "")
		e.refused(t, req{method: "DELETE", path: path, token: otherTok}, 404, "event_request.errors.not_found", "", "")
		if got = e.do(req{method: "DELETE", path: path, token: tok}).json(t); got["byProvider"] != false {
			t.Errorf("%v", got)
		}
	})
}
