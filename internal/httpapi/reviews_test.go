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
