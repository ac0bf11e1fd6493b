package site

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"noces/internal/directory"
	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

var ldScript = regexp.MustCompile(`(?s)<script type="application/ld\+json">(.*?)</script>`)

// ldReviews reads the Review items and rating of a page's JSON-LD.
func ldReviews(t *testing.T, body string) (map[string]any, []map[string]any) {
	t.Helper()
	m := ldScript.FindStringSubmatch(body)
	if m == nil {
		t.Fatal("no JSON-LD")
	}
	var doc struct {
		Rating map[string]any   `json:"aggregateRating"`
		Review []map[string]any `json:"review"`
	}
	if err := json.Unmarshal([]byte(m[1]), &doc); err != nil {
		t.Fatalf("%v\n%s", err, m[1])
	}
	return doc.Rating, doc.Review
}

func TestVerifiedReviewsRepliesAndJSONLD(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	pl := e.seedPlanner(planner{name: "Atelier Lumière", slug: "atelier-lumiere", city: "Lyon", lat: 45.76, lng: 4.84})
	owner := e.seedVenue("Château de la Loire", "chateau-loire", "Tours", 47.39, 0.68, true, true)
	evil := "Parfait </script><script>alert(1)</script> & <b>merci</b>"
	verified := model.Review{ID: model.NewID(), ProviderID: pl, Rating: 5, Title: "Un grand merci", Body: evil,
		ReviewerName: "Claire Dupont", ReviewerType: "couple", EmailKey: "claire", Status: model.ReviewApproved, CreatedAt: e.clock.Now(),
		RequestID: sql.NullString{String: model.NewID(), Valid: true}, Reply: "Merci Claire </script>, à bientôt !",
		RepliedAt: sql.NullTime{Time: e.clock.Now(), Valid: true}}
	storetest.Must(t, e.store.CreateReview(ctx, verified))
	e.seedReview(pl, 3, "Marc", model.ReviewApproved)
	for _, rv := range []model.Review{verified} {
		v := rv
		v.ID, v.ProviderID, v.EmailKey, v.RequestID = model.NewID(), owner, "claire-venue", sql.NullString{String: model.NewID(), Valid: true}
		storetest.Must(t, e.store.CreateReview(ctx, v))
	}

	r := e.get("fr.localhost", "/p/atelier-lumiere")
	if r.status != 200 {
		t.Fatal(r.status)
	}
	if strings.Contains(r.body, "<script>alert") || strings.Contains(r.body, "<b>merci</b>") {
		t.Fatal("a review broke out of its text")
	}
	if n := strings.Count(r.body, "✓ Réservation vérifiée"); n != 1 {
		t.Errorf("%d verified marks, want 1 (the general link's review has none)", n)
	}
	if !strings.Contains(r.body, "Réponse de Atelier Lumière") || !strings.Contains(r.body, "Merci Claire &lt;/script&gt;, à bientôt !") {
		t.Error("the reply is not under its review")
	}
	rating, items := ldReviews(t, r.body)
	if rating["ratingValue"] != 4.0 || rating["reviewCount"] != 2.0 || len(items) != 2 {
		t.Errorf("rating %v, %d reviews", rating, len(items))
	}
	var found bool
	for _, it := range items {
		if it["reviewBody"] == evil {
			found = true
			author, _ := it["author"].(map[string]any)
			rr, _ := it["reviewRating"].(map[string]any)
			if author["name"] != "Claire" || rr["ratingValue"] != 5.0 || it["datePublished"] != "2026-03-10" || it["@type"] != "Review" {
				t.Errorf("%v", it)
			}
		}
	}
	if !found {
		t.Errorf("the review's body is not in the JSON-LD intact: %v", items)
	}

	// A venue's page: the same reviews of its owner, with their JSON-LD.
	r = e.get("fr.localhost", "/v/chateau-loire")
	if rating, items := ldReviews(t, r.body); rating == nil || len(items) != 1 || items[0]["reviewBody"] != evil {
		t.Errorf("venue: %v %v", rating, items)
	}
	if !strings.Contains(r.body, "✓ Réservation vérifiée") || !strings.Contains(r.body, "Réponse de Château de la Loire") {
		t.Error("the venue's page lacks the mark or the reply")
	}

	// Hidden by an admin: the reply disappears, the review stays.
	if ok, err := e.store.SetReviewReplyHidden(ctx, verified.ID, true, e.clock.Now()); err != nil || !ok {
		t.Fatal(ok, err)
	}
	r = e.get("fr.localhost", "/p/atelier-lumiere")
	if strings.Contains(r.body, "Merci Claire") || strings.Contains(r.body, "Réponse de") || !strings.Contains(r.body, "Réservation vérifiée") {
		t.Error("a hidden reply is still shown")
	}
	// Without reviews: no rating, no Review items.
	e.seedPlanner(planner{name: "Sans Avis", slug: "sans-avis", city: "Lyon", lat: 45.7, lng: 4.8})
	if rating, items := ldReviews(t, e.get("fr.localhost", "/p/sans-avis").body); rating != nil || items != nil {
		t.Errorf("%v %v", rating, items)
	}
}

func TestVerifiedReviewForm(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	pl := e.seedPlanner(planner{name: "Atelier Lumière", slug: "atelier-lumiere", city: "Lyon", lat: 45.76, lng: 4.84})
	p := model.Project{ID: model.NewID(), Domain: "fr", EventType: "wedding", EventDate: "2026-02-14", ServiceType: "FULL_PLANNING",
		Firstname: "Ana", Lastname: "Lima", Email: "ana@couple.test", Phone: "+33611111111", CreatedAt: e.clock.Now()}
	storetest.Must(t, e.store.CreateProject(ctx, p))
	req := model.EventRequest{ID: model.NewID(), ProjectID: p.ID, ProviderID: pl, CreatedAt: e.clock.Now()}
	storetest.Must(t, e.store.CreateEventRequest(ctx, req))
	_, err := e.store.DB().ExecContext(ctx, `UPDATE event_requests SET unlocked_at = $2 WHERE id = $1`, req.ID, e.clock.Now())
	storetest.Must(t, err)
	if ok, err := e.store.MarkRequestBooked(ctx, pl, req.ID, e.clock.Now()); err != nil || !ok {
		t.Fatal(ok, err)
	}
	tok, hash := directory.NewInvitationToken()
	if ok, err := e.store.CreateReviewInvitation(ctx, req.ID, hash, e.clock.Now()); err != nil || !ok {
		t.Fatal(ok, err)
	}
	path := "/reviews/verified/" + tok

	r := e.get("fr.localhost", path)
	if r.status != 200 || !strings.Contains(r.body, "Réservation vérifiée") || !strings.Contains(r.body, `value="Ana"`) ||
		strings.Contains(r.body, `name="email"`) || strings.Contains(r.body, `name="reviewerType"`) || !strings.Contains(r.body, `noindex`) {
		t.Fatalf("%d\n%s", r.status, r.body)
	}
	if r.header.Get("Referrer-Policy") != "same-origin" {
		t.Error("the private link may leak through the Referer")
	}
	// Another token: the last character changed (to one that still ends a
	// canonical 32-byte token, so the parse passes and the lookup refuses).
	other := tok[:42] + "A"
	if tok[42] == 'A' {
		other = tok[:42] + "E"
	}
	for _, bad := range []string{"/reviews/verified/x", "/reviews/verified/" + strings.Repeat("A", 43), "/reviews/verified/" + other} {
		if r := e.get("fr.localhost", bad); r.status != 404 {
			t.Errorf("%s: %d", bad, r.status)
		}
	}
	// A refused form changes nothing.
	r = e.postForm("fr.localhost", path, url.Values{"rating": {"9"}, "title": {"Top"}, "body": {"court"}, "reviewerName": {"Ana"}})
	if r.status != 422 || e.count(`SELECT COUNT(*) FROM reviews`) != 0 || e.count(`SELECT COUNT(*) FROM review_invitations WHERE used_at IS NULL`) != 1 {
		t.Fatalf("refused: %d", r.status)
	}
	form := url.Values{"rating": {"5"}, "title": {"Une journée parfaite"}, "body": {"Tout était parfait, du début à la fin, merci !"},
		"reviewerName": {"Ana Lima"}}
	r = e.postForm("fr.localhost", path, form)
	if r.status != 303 || r.header.Get("Location") != path+"/sent" {
		t.Fatalf("%d %s", r.status, r.header.Get("Location"))
	}
	pending, _, err := e.store.ListReviewsByStatus(ctx, model.ReviewPending, 10, 0)
	storetest.Must(t, err)
	if len(pending) != 1 || pending[0].RequestID.String != req.ID || pending[0].ReviewerType != "couple" ||
		pending[0].EmailKey != store.EmailKey("ana@couple.test") || pending[0].WeddingDate.String != "2026-02-14" {
		t.Fatalf("%+v", pending)
	}
	// The link is spent: the page thanks, a second post is refused.
	if r := e.get("fr.localhost", path); r.status != 200 || !strings.Contains(r.body, "Atelier Lumière") || strings.Contains(r.body, "<form") {
		t.Errorf("%d", r.status)
	}
	r = e.postForm("fr.localhost", path, form)
	if e.count(`SELECT COUNT(*) FROM reviews`) != 1 {
		t.Errorf("a second review through one link (%d)", r.status)
	}
	e.clock.Advance(directory.InvitationValidFor + time.Hour)
	if r := e.get("fr.localhost", path); r.status != 404 {
		t.Errorf("expired: %d", r.status)
	}
}
