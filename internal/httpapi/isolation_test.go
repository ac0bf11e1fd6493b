package httpapi

import (
	"net/http"
	"strings"
	"testing"

	"noces/internal/model"
)

// TestAnotherPlannersDataIsNeverVisible: a planner's photos, videos,
// portfolios, event requests and company stay out of reach of another
// planner of the same role, by id and in every list.
func TestAnotherPlannersDataIsNeverVisible(t *testing.T) {
	e := newEnv(t)
	tok := e.login("planner").Access
	e.givePage("planner", "maison-privee")
	e.addUser("other-planner", model.RolePlanner)

	photo := e.uploadPhoto(tok, pngOf(t, 400, 400), goodPhoto)
	if photo.status != 201 {
		t.Fatalf("photo: %d %s", photo.status, photo.body)
	}
	image := photo.json(t)["image"].(map[string]any)["id"].(string)
	video := e.do(req{method: "POST", path: "/api/videos", token: tok, body: map[string]any{"title": "Notre film", "link": "https://youtu.be/dQw4w9WgXcQ"}})
	if video.status != 201 {
		t.Fatalf("video: %d %s", video.status, video.body)
	}
	videoID := video.json(t)["video"].(map[string]any)["id"].(string)
	portfolio := e.do(req{method: "POST", path: "/api/portfolios", token: tok, body: validPortfolio("Mariage en Provence")})
	if portfolio.status != 201 {
		t.Fatalf("portfolio: %d %s", portfolio.status, portfolio.body)
	}
	portfolioID := portfolio.json(t)["id"].(string)
	requests := e.sendRequests(e.users["planner"].ID, 2)

	notFound := func(name, method, path string, body any) scenario {
		code := "errors.not_found"
		if strings.HasPrefix(path, "/api/event-requests/") {
			code = "event_request.errors.not_found"
		}
		return scenario{name: "another planner cannot " + name, method: method, path: path, body: body, as: "other-planner",
			wantStatus: http.StatusNotFound, wantCode: code, wantNoWrites: true}
	}
	runScenarios(t, e, []scenario{
		notFound("hide the photo", "PATCH", "/api/images/"+image+"/visibility", nil),
		notFound("retitle the photo", "PATCH", "/api/images/"+image, map[string]string{"title": "Volé", "description": "Une photo volée ici."}),
		notFound("delete the photo", "DELETE", "/api/images/"+image, nil),
		notFound("put the photo in their gallery's order", "PUT", "/api/images/order", map[string][]string{"imageIds": {image}}),
		notFound("hide the video", "PATCH", "/api/videos/"+videoID+"/visibility", nil),
		notFound("delete the video", "DELETE", "/api/videos/"+videoID, nil),
		notFound("read the portfolio", "GET", "/api/portfolios/"+portfolioID, nil),
		notFound("change the portfolio", "PUT", "/api/portfolios/"+portfolioID, validPortfolio("Volé")),
		notFound("publish the portfolio", "POST", "/api/portfolios/"+portfolioID+"/publish", nil),
		notFound("delete the portfolio", "DELETE", "/api/portfolios/"+portfolioID, nil),
		notFound("get the portfolio's public address", "GET", "/api/portfolios/"+portfolioID+"/public-url", nil),
		notFound("read the event request", "GET", "/api/event-requests/"+requests[0], nil),
		notFound("unlock the event request", "POST", "/api/event-requests/"+requests[0]+"/unlock", nil),
		notFound("reject the event request", "POST", "/api/event-requests/"+requests[1]+"/reject", map[string]string{"reason": "not_available"}),
		{name: "another planner's photo list is empty", method: "GET", path: "/api/images", as: "other-planner",
			wantStatus: http.StatusOK, wantJSON: map[string]any{"imageCount": 0, "images": []any{}}},
		{name: "another planner's video list is empty", method: "GET", path: "/api/videos", as: "other-planner",
			wantStatus: http.StatusOK, wantJSON: map[string]any{"videoCount": 0, "videos": []any{}}},
		{name: "another planner's portfolio list is empty", method: "GET", path: "/api/portfolios", as: "other-planner",
			wantStatus: http.StatusOK, wantJSON: map[string]any{"portfolioCount": 0}},
		{name: "another planner's event request list is empty", method: "GET", path: "/api/event-requests", as: "other-planner",
			wantStatus: http.StatusOK, wantJSON: map[string]any{"total": 0, "unreadMessages": 0, "eventRequests": []any{}}},
		{name: "another planner without a company has no company details", method: "GET", path: "/api/company/details", as: "other-planner",
			wantStatus: http.StatusNotFound, wantCode: "company.errors.not_found"},
		{name: "another planner with a company reads their own details only", method: "GET", path: "/api/company/details", as: "other-planner",
			setUp:      func(t *testing.T, e *env) { e.givePage("other-planner", "maison-voisine") },
			wantStatus: http.StatusOK, wantJSON: map[string]any{"name": "Maison maison-voisine"}},
		{name: "the owner reads their own company details", method: "GET", path: "/api/company/details", as: "planner",
			wantStatus: http.StatusOK, wantJSON: map[string]any{"name": "Maison maison-privee"}},
		{name: "the owner still has the photo, untouched", method: "GET", path: "/api/images", as: "planner",
			wantStatus: http.StatusOK, wantJSON: map[string]any{"imageCount": 1,
				"images": []any{map[string]any{"id": image, "title": goodPhoto["title"], "isVisible": true}}}},
		{name: "the owner still has the video, visible", method: "GET", path: "/api/videos", as: "planner",
			wantStatus: http.StatusOK, wantJSON: map[string]any{"videoCount": 1,
				"videos": []any{map[string]any{"id": videoID, "isVisible": true}}}},
		{name: "the owner's portfolio is unchanged and unpublished", method: "GET", path: "/api/portfolios/" + portfolioID, as: "planner",
			wantStatus: http.StatusOK, wantJSON: map[string]any{"title": "Mariage en Provence", "isPublished": false}},
		{name: "the owner's two event requests are still unread", method: "GET", path: "/api/event-requests", as: "planner",
			wantStatus: http.StatusOK, wantJSON: map[string]any{"total": 2, "unreadMessages": 0}},
	})
}
