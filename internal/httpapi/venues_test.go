package httpapi

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"noces/internal/imaging/imagingtest"
	"noces/internal/model"
	"noces/internal/platform/blob"
	"noces/internal/venue"
)

// venueImage is one images[i] group of a test form.
type venueImage struct {
	data   []byte
	fields map[string]string
}

// venueFormBody is a multipart venue form: its fields, then its photos.
func venueFormBody(t *testing.T, fields map[string]string, images ...venueImage) (string, []byte) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		if err := w.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	for i, im := range images {
		for k, v := range im.fields {
			_ = w.WriteField(fmt.Sprintf("images[%d][%s]", i, k), v)
		}
		if im.data != nil {
			fw, err := w.CreateFormFile(fmt.Sprintf("images[%d][file]", i), fmt.Sprintf("photo-%d.png", i))
			if err != nil {
				t.Fatal(err)
			}
			_, _ = fw.Write(im.data)
		}
	}
	_ = w.Close()
	return w.FormDataContentType(), b.Bytes()
}

func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// goodVenue is a form that passes every rule, with name.
func goodVenue(t *testing.T, name string) map[string]string {
	return map[string]string{
		"name": "  " + name + " ", "type": "castle", "email": "contact@chateau.example", "phone": "01 23 45 67 89",
		"address": "1 allée du Parc", "zipcode": "37000", "city": "Tours", "countryCode": "FR",
		"latitude": "47.39", "longitude": "0.68",
		"description":         "Un château du XVIIIe siècle au bord de la Loire.",
		"detailedDescription": strings.Repeat("Des salons, un parc et une orangerie. ", 4),
		"seatedCapacity":      "180", "standingCapacity": "250", "bedrooms": "12", "minPrice": "4000", "maxPrice": "12000",
		"website": "chateau.example", "snInstagram": "instagram.com/chateau_loire",
		"contactPerson": jsonText(t, map[string]string{"name": "Sophie Lefèvre", "role": "Gérante"}),
		"features":      jsonText(t, map[string]bool{"garden": true, "parking": true, "wifi": true, "bar": false}),
		"prestations":   jsonText(t, []string{"catering", "venue_hire"}),
		"prestationDetails": jsonText(t, []map[string]any{{"title": "catering", "description": "Menus de saison du chef.",
			"budgetStartingFrom": 85, "isDescriptionVisible": true, "isBudgetVisible": false}}),
		"videos": jsonText(t, []map[string]any{{"link": "https://youtu.be/dQw4w9WgXcQ", "title": "Visite du château"}}),
	}
}

func (e *env) postVenue(token, path string, fields map[string]string, images ...venueImage) resp {
	e.t.Helper()
	ct, body := venueFormBody(e.t, fields, images...)
	return e.do(req{method: "POST", path: path, token: token, body: body, contentType: ct})
}

// createVenue makes a venue with photos as key and returns its id.
func (e *env) createVenue(key, name string, photos int) string {
	e.t.Helper()
	var images []venueImage
	for range photos {
		images = append(images, venueImage{data: pngOf(e.t, 400, 400)})
	}
	r := e.postVenue(e.login(key).Access, "/api/venues", goodVenue(e.t, name), images...)
	if r.status != http.StatusCreated {
		e.t.Fatalf("create venue: %d %s", r.status, r.body)
	}
	return r.json(e.t)["id"].(string)
}

// venueFiles counts the stored files of venue photos.
func (e *env) venueFiles() int {
	e.t.Helper()
	n := 0
	if err := e.server.Media.List(context.Background(), "venues/", func(blob.Info) error { n++; return nil }); err != nil {
		e.t.Fatal(err)
	}
	return n
}

// venueRows counts every venue table's rows.
func (e *env) venueRows() string {
	e.t.Helper()
	var out []string
	for _, table := range []string{"venues", "venue_features", "venue_prestations", "venue_prestation_details", "images", "videos"} {
		out = append(out, fmt.Sprintf("%s=%d", table, e.countRows(table)))
	}
	return strings.Join(out, " ")
}

func TestVenueRoutesAreForVenueOwnersOnly(t *testing.T) {
	e := newEnv(t)
	id := e.createVenue("venue", "Château du Lac", 1)
	routes := []struct{ method, path string }{
		{"GET", "/api/venues"}, {"POST", "/api/venues"}, {"GET", "/api/venues/types"}, {"GET", "/api/venues/prestations"},
		{"GET", "/api/venues/" + id}, {"POST", "/api/venues/" + id}, {"DELETE", "/api/venues/" + id},
		{"PUT", "/api/venues/" + id + "/publish"}, {"POST", "/api/venues/" + id + "/images"},
		{"PUT", "/api/venues/" + id + "/images/x"}, {"DELETE", "/api/venues/" + id + "/images/x"},
	}
	var scenarios []scenario
	for _, r := range routes {
		scenarios = append(scenarios,
			scenario{name: "anonymous: " + r.method + " " + r.path, method: r.method, path: r.path,
				wantStatus: http.StatusUnauthorized, wantCode: "errors.unauthorized", wantNoWrites: true},
			scenario{name: "a planner: " + r.method + " " + r.path, method: r.method, path: r.path, as: "planner",
				wantStatus: http.StatusForbidden, wantCode: "errors.forbidden", wantNoWrites: true},
			scenario{name: "an admin: " + r.method + " " + r.path, method: r.method, path: r.path, as: "admin",
				wantStatus: http.StatusForbidden, wantCode: "errors.forbidden", wantNoWrites: true})
	}
	runScenarios(t, e, scenarios)
}

func TestVenueCreateGetAndList(t *testing.T) {
	e := newEnv(t)
	tok := e.login("venue").Access
	r := e.postVenue(tok, "/api/venues", goodVenue(t, "Château de la Loire"),
		venueImage{data: pngOf(t, 400, 400), fields: map[string]string{"alt": "La façade", "caption": "Au printemps"}},
		venueImage{data: pngOf(t, 500, 400), fields: map[string]string{"title": "Le parc", "isVisible": "false"}})
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	v := r.json(t)
	id := v["id"].(string)
	runScenarios(t, e, []scenario{
		{name: "the owner reads the venue with every field trimmed and normalised", method: "GET", path: "/api/venues/" + id, as: "venue",
			wantStatus: http.StatusOK, wantJSON: map[string]any{
				"name": "Château de la Loire", "slug": "chateau-de-la-loire", "type": "castle", "typeLabel": "Château",
				"phone": "+33123456789", "zipcode": "37000", "countryCode": "FR", "countryLabel": "France",
				"latitude": 47.39, "longitude": 0.68, "seatedCapacity": 180, "bedrooms": 12, "minPrice": 4000,
				"website": "https://chateau.example", "snInstagram": "https://www.instagram.com/chateau_loire", "snFacebook": "",
				"isPublished": false, "isValidated": false, "publicUrl": nil,
				"contactPerson": map[string]any{"name": "Sophie Lefèvre", "role": "Gérante"},
				"features":      map[string]any{"garden": true, "parking": true, "wifi": true, "bar": false, "seaView": false},
				"prestations":   []any{"venue_hire", "catering"},
				"prestationDetails": []any{map[string]any{"title": "catering", "description": "Menus de saison du chef.",
					"budgetStartingFrom": 85, "isDescriptionVisible": true, "isBudgetVisible": false}},
				"images": []any{
					map[string]any{"alt": "La façade", "caption": "Au printemps", "isKeyImage": true, "isVisible": true, "position": 0, "width": 400},
					map[string]any{"title": "Le parc", "isKeyImage": false, "isVisible": false, "position": 1, "width": 500}},
				"videos": []any{map[string]any{"link": "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "title": "Visite du château",
					"status": true, "thumbnailUrl": "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"}},
				"reviews": []any{}}},
		{name: "the labels follow the user's language", method: "GET", path: "/api/venues/" + id, as: "venue",
			headers: map[string]string{"Accept-Language": "en"}, wantStatus: http.StatusOK,
			wantJSON: map[string]any{"typeLabel": "Castle", "countryLabel": "France"}},
		{name: "the list shows the card with its key image and checklist", method: "GET", path: "/api/venues", as: "venue",
			setUp: func(t *testing.T, e *env) {
				day := e.clock.Now().UTC().Format("2006-01-02")
				for _, visitor := range []string{"a", "b"} {
					if _, err := e.store.DB().Exec(`INSERT INTO venue_views (venue_id, day, visitor) VALUES ($1, $2, $3)`, id, day, visitor); err != nil {
						t.Fatal(err)
					}
				}
				// A view of two months ago is not in the last 30 days.
				if _, err := e.store.DB().Exec(`INSERT INTO venue_views (venue_id, day, visitor) VALUES ($1, $2, $3)`, id, "2026-09-01", "c"); err != nil {
					t.Fatal(err)
				}
				reqs := e.sendRequests(e.users["venue"].ID, 1)
				if _, err := e.store.DB().Exec(`UPDATE event_requests SET venue_id = $1 WHERE id = $2`, id, reqs[0]); err != nil {
					t.Fatal(err)
				}
			},
			wantStatus: http.StatusOK, wantJSON: map[string]any{"venueCount": 1, "freePlanQuota": 1, "isPremium": false,
				"canAddMore": false, "maxImages": 30, "maxImageBytes": 5242880,
				"venues": []any{map[string]any{"id": id, "name": "Château de la Loire", "typeLabel": "Château", "imageCount": 2,
					"hasDescription": true, "hasCapacities": true, "hasPrices": true, "views30d": 2, "requestCount": 1,
					"isPublished": false, "publicUrl": nil}}},
			after: func(t *testing.T, e *env, r resp) {
				card := r.json(t)["venues"].([]any)[0].(map[string]any)
				key := v["images"].([]any)[0].(map[string]any)["thumbnailUrl"]
				if card["keyImageUrl"] != key {
					t.Errorf("keyImageUrl %v, want the key image's thumbnail %v", card["keyImageUrl"], key)
				}
			}},
		{name: "types come with their labels", method: "GET", path: "/api/venues/types", as: "venue",
			headers: map[string]string{"Accept-Language": "de"}, wantStatus: http.StatusOK,
			after: func(t *testing.T, e *env, r resp) {
				types := r.json(t)["types"].([]any)
				if len(types) != len(model.VenueTypes) || types[0].(map[string]any)["value"] != "boat" || types[0].(map[string]any)["label"] == "boat" {
					t.Errorf("types = %v", types)
				}
			}},
		{name: "prestations come with their labels", method: "GET", path: "/api/venues/prestations", as: "venue",
			headers: map[string]string{"Accept-Language": "en"}, wantStatus: http.StatusOK,
			after: func(t *testing.T, e *env, r resp) {
				list := r.json(t)["prestations"].([]any)
				if len(list) != len(model.VenuePrestations) || list[0].(map[string]any)["label"] != "Venue hire" {
					t.Errorf("prestations = %v", list)
				}
			}},
	})
	if got := e.venueFiles(); got != 4 {
		t.Errorf("%d stored files, want 2 photos and 2 thumbnails", got)
	}
}

func TestVenueFormRefusals(t *testing.T) {
	e := newEnv(t)
	form := func(change map[string]string, images ...venueImage) (string, []byte) {
		f := goodVenue(t, "Domaine des Pins")
		for k, v := range change {
			if v == "-" {
				delete(f, k)
				continue
			}
			f[k] = v
		}
		return venueFormBody(t, f, images...)
	}
	refused := func(name string, status int, code string, fields map[string]string, change map[string]string, images ...venueImage) scenario {
		ct, body := form(change, images...)
		return scenario{name: name, method: "POST", path: "/api/venues", as: "venue", body: body, contentType: ct,
			wantStatus: status, wantCode: code, wantFields: fields, wantNoWrites: true,
			after: func(t *testing.T, e *env, r resp) {
				if n := e.countRows("venues"); n != 0 {
					t.Errorf("%d venues written", n)
				}
				if n := e.venueFiles(); n != 0 {
					t.Errorf("%d photo files left behind", n)
				}
			}}
	}
	photo := venueImage{data: pngOf(t, 400, 400)}
	big := venueImage{data: append(pngOf(t, 400, 400), make([]byte, 5<<20)...)}
	runScenarios(t, e, []scenario{
		refused("every field of step 0 and 1 missing", 422, "errors.validation", map[string]string{
			"name": "venue.errors.name_required", "type": "venue.errors.type_required", "email": "validation.email_required",
			"countryCode": "validation.country_required", "address": "venue.errors.address_required",
			"city": "validation.city_too_short", "description": "venue.errors.description_required",
			"seatedCapacity": "venue.errors.seated_capacity_required", "standingCapacity": "venue.errors.standing_capacity_required",
			"minPrice": "venue.errors.min_price_required", "maxPrice": "venue.errors.max_price_required",
			"prestations": "validation.prestations_required"},
			map[string]string{"name": "-", "type": "-", "email": "-", "phone": "-", "address": "-", "zipcode": "-", "city": "-",
				"countryCode": "-", "description": "-", "seatedCapacity": "-", "standingCapacity": "-", "minPrice": "-",
				"maxPrice": "-", "prestations": "-", "prestationDetails": "-"}),
		refused("blank text is missing text once trimmed", 422, "errors.validation",
			map[string]string{"name": "venue.errors.name_required", "description": "venue.errors.description_required"},
			map[string]string{"name": "   ", "description": "\n \t"}),
		refused("bad values of each kind", 422, "errors.validation", map[string]string{
			"type": "venue.errors.type_invalid", "email": "validation.email_invalid", "zipcode": "validation.invalid_zipcode",
			"phone": "validation.phone_invalid", "seatedCapacity": "venue.errors.number_invalid",
			"standingCapacity": "venue.errors.capacity_too_large", "maxPrice": "venue.errors.price_range",
			"bedrooms": "venue.errors.bedrooms_invalid", "website": "validation.website_invalid",
			"snFacebook": "social_networks.errors.invalid_facebook", "latitude": "validation.coordinates_invalid",
			"description": "venue.errors.description_length"},
			map[string]string{"type": "igloo", "email": "nope", "zipcode": "3700", "phone": "12", "seatedCapacity": "cent",
				"standingCapacity": "100001", "minPrice": "5000", "maxPrice": "4000", "bedrooms": "-1", "website": "pas un site",
				"snFacebook": "https://evil.example/page", "latitude": "91", "description": "Trop court."}),
		refused("a country outside the seven domains", 422, "errors.validation",
			map[string]string{"countryCode": "validation.country_invalid"}, map[string]string{"countryCode": "US"}),
		refused("prestations, details and videos are checked", 422, "errors.validation", map[string]string{
			"prestations":                             "validation.prestations_invalid",
			"prestationDetails[0].title":              "validation.prestation_not_selected",
			"prestationDetails[1].description":        "venue.errors.detail_description_required",
			"prestationDetails[1].budgetStartingFrom": "venue.errors.detail_budget_required",
			"videos[0].link":                          "videos.errors.invalid_url",
			"videos[1].title":                         "videos.errors.title_min_length",
			"features":                                "venue.errors.feature_unknown"},
			map[string]string{"prestations": `["catering","spa"]`,
				"prestationDetails": `[{"title":"drinks","description":"Un bar à vins.","budgetStartingFrom":10,"isDescriptionVisible":true,"isBudgetVisible":true},{"title":"catering","description":"","isDescriptionVisible":true,"isBudgetVisible":true}]`,
				"videos":            `[{"link":"https://dailymotion.com/x","title":"Notre domaine"},{"link":"https://vimeo.com/123456","title":"Nous"}]`,
				"features":          `{"garden":true,"helipad":true}`}),
		refused("JSON fields that are not JSON", 422, "errors.validation",
			map[string]string{"contactPerson": "venue.errors.invalid_json", "videos": "venue.errors.invalid_json"},
			map[string]string{"contactPerson": `{"name":"x","age":3}`, "videos": `[{"link":`}),
		refused("a photo that is not an image, by its bytes", 422, "errors.validation",
			map[string]string{"images[1].file": "venue.errors.image_format"}, nil,
			photo, venueImage{data: []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")}, photo),
		refused("a photo too small", 422, "errors.validation",
			map[string]string{"images[0].file": "venue.errors.image_too_small"}, nil, venueImage{data: pngOf(t, 200, 200)}),
		refused("a photo's metadata without its file", 422, "errors.validation",
			map[string]string{"images[1].file": "venue.errors.image_required", "images[0].isVisible": "venue.errors.boolean_invalid"}, nil,
			venueImage{data: pngOf(t, 400, 400), fields: map[string]string{"isVisible": "oui"}}, venueImage{fields: map[string]string{"alt": "x"}}),
		refused("a photo over 5 MB", 413, "venue.errors.image_too_large",
			map[string]string{"images[1].file": "venue.errors.image_too_large"}, nil, photo, big),
		refused("a field the form does not have", 400, "media.errors.malformed_upload",
			map[string]string{"isValidated": "validation.unknown_field"}, map[string]string{"isValidated": "true"}),
		refused("a photo index past the limit", 422, "venue.errors.image_limit",
			map[string]string{"images[30][alt]": "venue.errors.image_limit"}, map[string]string{"images[30][alt]": "x"}),
		refused("a text over its byte limit", 422, "errors.validation",
			map[string]string{"detailedDescription": "venue.errors.field_too_long"},
			map[string]string{"detailedDescription": strings.Repeat("é", 20000)}),
		refused("text that is not UTF-8", 400, "media.errors.malformed_upload",
			map[string]string{"name": "validation.invalid_utf8"}, map[string]string{"name": "Ch\xe2teau"}),
		{name: "a body that is not multipart", method: "POST", path: "/api/venues", as: "venue", body: map[string]string{"name": "x"},
			wantStatus: http.StatusUnsupportedMediaType, wantCode: "errors.unsupported_media_type", wantNoWrites: true},
		{name: "a field sent twice is refused, so a form has a bounded number of parts", method: "POST", path: "/api/venues", as: "venue",
			body: []byte("--venue-test-boundary\r\nContent-Disposition: form-data; name=\"images[0][alt]\"\r\n\r\nx\r\n" +
				"--venue-test-boundary\r\nContent-Disposition: form-data; name=\"images[0][alt]\"\r\n\r\ny\r\n--venue-test-boundary--\r\n"),
			contentType: venueMultipartType, wantStatus: http.StatusBadRequest, wantCode: "media.errors.malformed_upload",
			wantFields: map[string]string{"images[0][alt]": "venue.errors.field_repeated"}, wantNoWrites: true},
	})
}

func TestAVenueFormAnnouncedOverItsLimitIsNotRead(t *testing.T) {
	e := newEnv(t)
	hr := httptest.NewRequest("POST", "/api/venues", strings.NewReader("--x--"))
	hr.Header.Set("Content-Type", "multipart/form-data; boundary=x")
	hr.Header.Set("Authorization", "Bearer "+e.login("venue").Access)
	hr.ContentLength = venue.MaxFormBytes + 1
	rec := httptest.NewRecorder()
	e.handler.ServeHTTP(rec, hr)
	if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), "venue.errors.upload_too_large") {
		t.Errorf("%d %s", rec.Code, rec.Body)
	}
}

func TestAFreeOwnerHasOneVenueAndPremiumAny(t *testing.T) {
	e := newEnv(t)
	e.createVenue("venue", "Le Moulin", 0)
	ct, body := venueFormBody(t, goodVenue(t, "Le Moulin"), venueImage{data: pngOf(t, 400, 400)})
	runScenarios(t, e, []scenario{
		{name: "a free owner with a venue cannot add another", method: "POST", path: "/api/venues", as: "venue", body: body,
			contentType: ct, wantStatus: http.StatusForbidden, wantCode: "venue.errors.premium_required", wantNoWrites: true},
		{name: "the list says so", method: "GET", path: "/api/venues", as: "venue", wantStatus: http.StatusOK,
			wantJSON: map[string]any{"venueCount": 1, "canAddMore": false, "isPremium": false}},
		{name: "a premium owner adds a second venue, its slug numbered", method: "POST", path: "/api/venues", as: "venue",
			body: body, contentType: ct, setUp: func(t *testing.T, e *env) { e.makePremium("venue") },
			wantStatus: http.StatusCreated, wantJSON: map[string]any{"name": "Le Moulin", "slug": "le-moulin-2"}},
		{name: "and can add more", method: "GET", path: "/api/venues", as: "venue", wantStatus: http.StatusOK,
			wantJSON: map[string]any{"venueCount": 2, "canAddMore": true, "isPremium": true}},
	})
}

func TestTwentyConcurrentCreatesOfAFreeOwnerMakeOneVenue(t *testing.T) {
	e := newEnv(t)
	tok := e.login("venue").Access
	ct, body := venueFormBody(t, goodVenue(t, "La Bergerie"))
	statuses := make([]int, 20)
	var wg sync.WaitGroup
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = e.do(req{method: "POST", path: "/api/venues", token: tok, body: body, contentType: ct}).status
		}()
	}
	wg.Wait()
	created, refused := 0, 0
	for _, s := range statuses {
		switch s {
		case http.StatusCreated:
			created++
		case http.StatusForbidden:
			refused++
		}
	}
	if created != 1 || refused != 19 {
		t.Errorf("statuses %v: want one 201 and nineteen 403", statuses)
	}
	if n := e.countRows("venues"); n != 1 {
		t.Errorf("%d venues, want 1", n)
	}
}

func TestAnotherOwnersVenueIsNotFound(t *testing.T) {
	e := newEnv(t)
	id := e.createVenue("venue", "Villa Rosa", 2)
	image := e.do(req{method: "GET", path: "/api/venues/" + id, token: e.login("venue").Access}).json(t)["images"].([]any)[0].(map[string]any)["id"].(string)
	e.addUser("other-venue", model.RoleVenue)
	ct, body := venueFormBody(t, map[string]string{"name": "Volée"})
	pct, pbody := photoForm(t, pngOf(t, 400, 400), nil)
	pbody = bytes.Replace(pbody, []byte(`name="image"`), []byte(`name="file"`), 1)
	notFound := func(name, method, path string, body any, ct string) scenario {
		return scenario{name: "another owner cannot " + name, method: method, path: path, body: body, contentType: ct,
			as: "other-venue", wantStatus: http.StatusNotFound, wantCode: "venue.detail.not_found", wantNoWrites: true}
	}
	before := ""
	runScenarios(t, e, []scenario{
		{name: "snapshot", method: "GET", path: "/api/venues", as: "venue", wantStatus: 200,
			after: func(t *testing.T, e *env, r resp) { before = e.venueRows() }},
		notFound("read it", "GET", "/api/venues/"+id, nil, ""),
		notFound("change it", "POST", "/api/venues/"+id, body, ct),
		notFound("publish it", "PUT", "/api/venues/"+id+"/publish", map[string]bool{"published": true}, ""),
		notFound("delete it", "DELETE", "/api/venues/"+id, nil, ""),
		notFound("add a photo to it", "POST", "/api/venues/"+id+"/images", pbody, pct),
		notFound("change its photo", "PUT", "/api/venues/"+id+"/images/"+image, map[string]string{"alt": "Volé"}, ""),
		notFound("delete its photo", "DELETE", "/api/venues/"+id+"/images/"+image, nil, ""),
		{name: "another owner's list is empty", method: "GET", path: "/api/venues", as: "other-venue", wantStatus: http.StatusOK,
			wantJSON: map[string]any{"venueCount": 0, "venues": []any{}, "canAddMore": true}},
		{name: "an unknown id is not found either", method: "GET", path: "/api/venues/nope", as: "venue",
			wantStatus: http.StatusNotFound, wantCode: "venue.detail.not_found"},
		{name: "the owner's venue is untouched", method: "GET", path: "/api/venues/" + id, as: "venue", wantStatus: http.StatusOK,
			wantJSON: map[string]any{"name": "Villa Rosa", "isPublished": false},
			after: func(t *testing.T, e *env, r resp) {
				if after := e.venueRows(); after != before {
					t.Errorf("rows changed: %s, then %s", before, after)
				}
			}},
	})
}

func TestVenuePublication(t *testing.T) {
	e := newEnv(t)
	id := e.createVenue("venue", "Mas des Oliviers", 0)
	path := "/api/venues/" + id + "/publish"
	runScenarios(t, e, []scenario{
		{name: "publishing without a photo lists what is missing", method: "PUT", path: path, as: "venue",
			body: map[string]bool{"published": true}, wantStatus: 422, wantCode: "venue.errors.publish_incomplete",
			wantFields: map[string]string{"images": "venue.errors.photo_required"}},
		{name: "a row missing step 1 fields lists them too", method: "PUT", path: path, as: "venue",
			setUp: func(t *testing.T, e *env) {
				if _, err := e.store.DB().Exec(`UPDATE venues SET description = '', min_price = 0 WHERE id = $1`, id); err != nil {
					t.Fatal(err)
				}
			},
			body: map[string]bool{"published": true}, wantStatus: 422, wantCode: "venue.errors.publish_incomplete",
			wantFields: map[string]string{"images": "venue.errors.photo_required", "description": "venue.errors.description_required",
				"minPrice": "venue.errors.min_price_required"}},
		{name: "a body without published is refused", method: "PUT", path: path, as: "venue", body: map[string]any{},
			wantStatus: 422, wantFields: map[string]string{"published": "validation.required"}},
		{name: "with the fields and a photo it is published, not yet public", method: "PUT", path: path, as: "venue",
			setUp: func(t *testing.T, e *env) {
				if _, err := e.store.DB().Exec(`UPDATE venues SET description = 'Un mas provençal entre les oliviers.', min_price = 3000 WHERE id = $1`, id); err != nil {
					t.Fatal(err)
				}
				pct, pbody := photoForm(t, pngOf(t, 400, 400), nil)
				pbody = bytes.Replace(pbody, []byte(`name="image"`), []byte(`name="file"`), 1)
				r := e.do(req{method: "POST", path: "/api/venues/" + id + "/images", token: e.login("venue").Access, body: pbody, contentType: pct})
				if r.status != 201 {
					t.Fatalf("photo: %d %s", r.status, r.body)
				}
			},
			body: map[string]bool{"published": true}, wantStatus: 200, wantJSON: map[string]any{"isPublished": true, "publicUrl": nil}},
		{name: "validated, it is public on its country's domain", method: "GET", path: "/api/venues/" + id, as: "venue",
			setUp: func(t *testing.T, e *env) {
				if _, err := e.store.DB().Exec(`UPDATE venues SET is_validated = TRUE WHERE id = $1`, id); err != nil {
					t.Fatal(err)
				}
			},
			wantStatus: 200, wantJSON: map[string]any{"isValidated": true, "publicUrl": "http://fr.localhost:8080/v/mas-des-oliviers"}},
		{name: "a change keeps it published and validated, and its slug", method: "POST", path: "/api/venues/" + id, as: "venue",
			body: venueMultipart(t, map[string]string{"name": "Mas des Oliviers et des Vignes"}), contentType: venueMultipartType,
			wantStatus: 200, wantJSON: map[string]any{"name": "Mas des Oliviers et des Vignes", "slug": "mas-des-oliviers",
				"isPublished": true, "isValidated": true, "publicUrl": "http://fr.localhost:8080/v/mas-des-oliviers"}},
		{name: "unpublishing is always allowed", method: "PUT", path: path, as: "venue", body: map[string]bool{"published": false},
			wantStatus: 200, wantJSON: map[string]any{"isPublished": false, "publicUrl": nil}},
	})
}

// venueMultipartType is the boundary venueMultipart writes with.
const venueMultipartType = "multipart/form-data; boundary=venue-test-boundary"

// venueMultipart is a multipart body of text fields, for scenarios.
func venueMultipart(t *testing.T, fields map[string]string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	if err := w.SetBoundary("venue-test-boundary"); err != nil {
		t.Fatal(err)
	}
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	_ = w.Close()
	return b.Bytes()
}

func TestVenueUpdate(t *testing.T) {
	e := newEnv(t)
	tok := e.login("venue").Access
	id := e.createVenue("venue", "Ferme du Bois", 1)
	v := e.do(req{method: "GET", path: "/api/venues/" + id, token: tok}).json(t)
	videoID := v["videos"].([]any)[0].(map[string]any)["id"].(string)
	detailID := v["prestationDetails"].([]any)[0].(map[string]any)["id"].(string)
	runScenarios(t, e, []scenario{
		{name: "sets, videos and details sent replace them, keeping the ids sent", method: "POST", path: "/api/venues/" + id, as: "venue",
			body: venueMultipart(t, map[string]string{
				"features":    `{"seaView":true}`,
				"prestations": `["catering","drinks"]`,
				"prestationDetails": `[{"id":"` + detailID + `","title":"catering","description":"Un nouveau menu.","budgetStartingFrom":90,"isDescriptionVisible":true,"isBudgetVisible":true},` +
					`{"id":"someone-elses","title":"drinks","description":"Vins du domaine.","budgetStartingFrom":20,"isDescriptionVisible":false,"isBudgetVisible":true}]`,
				"videos": `[{"id":"` + videoID + `","link":"https://vimeo.com/123456","title":"Le film du lieu","status":false},{"link":"https://youtu.be/dQw4w9WgXcQ","title":"Une autre visite"}]`}),
			contentType: venueMultipartType, wantStatus: 200,
			wantJSON: map[string]any{"name": "Ferme du Bois", "prestations": []any{"catering", "drinks"},
				"features": map[string]any{"seaView": true, "garden": false},
				"videos": []any{map[string]any{"id": videoID, "link": "https://vimeo.com/123456", "status": false, "thumbnailUrl": nil},
					map[string]any{"title": "Une autre visite"}},
				"prestationDetails": []any{map[string]any{"id": detailID, "description": "Un nouveau menu."},
					map[string]any{"title": "drinks", "isDescriptionVisible": false}}},
			after: func(t *testing.T, e *env, r resp) {
				if got := r.json(t)["prestationDetails"].([]any)[1].(map[string]any)["id"]; got == "someone-elses" {
					t.Error("an id the venue does not have was kept")
				}
			}},
		{name: "prestations alone drop the details of the others", method: "POST", path: "/api/venues/" + id, as: "venue",
			body: venueMultipart(t, map[string]string{"prestations": `["drinks"]`}), contentType: venueMultipartType, wantStatus: 200,
			wantJSON: map[string]any{"prestations": []any{"drinks"}, "prestationDetails": []any{map[string]any{"title": "drinks"}}}},
		{name: "a bad field changes nothing", method: "POST", path: "/api/venues/" + id, as: "venue",
			body: venueMultipart(t, map[string]string{"name": "Ferme du Bois Joli", "maxPrice": "10"}), contentType: venueMultipartType,
			wantStatus: 422, wantFields: map[string]string{"maxPrice": "venue.errors.price_range"}, wantNoWrites: true,
			after: func(t *testing.T, e *env, r resp) {
				var name string
				if err := e.store.DB().QueryRow(`SELECT name FROM venues WHERE id = $1`, id).Scan(&name); err != nil || name != "Ferme du Bois" {
					t.Errorf("name %q (%v)", name, err)
				}
			}},
		{name: "new photos come last; one flagged becomes the key image", method: "GET", path: "/api/venues/" + id, as: "venue",
			wantStatus: 200,
			after: func(t *testing.T, e *env, r resp) {
				ct, body := venueFormBody(t, map[string]string{"city": "Lyon", "zipcode": "69002"},
					venueImage{data: pngOf(t, 400, 400), fields: map[string]string{"isKeyImage": "true"}})
				got := e.do(req{method: "POST", path: "/api/venues/" + id, token: tok, body: body, contentType: ct})
				if got.status != 200 {
					t.Fatalf("update: %d %s", got.status, got.body)
				}
				images := got.json(t)["images"].([]any)
				if len(images) != 2 || images[0].(map[string]any)["isKeyImage"] != false || images[1].(map[string]any)["isKeyImage"] != true ||
					images[1].(map[string]any)["position"] != float64(1) || got.json(t)["city"] != "Lyon" {
					t.Errorf("images %v", images)
				}
			}},
	})
}

func TestVenuePhotos(t *testing.T) {
	e := newEnv(t)
	tok := e.login("venue").Access
	id := e.createVenue("venue", "Hôtel du Port", 0)
	upload := func(t *testing.T, data []byte, fields map[string]string) resp {
		t.Helper()
		var b bytes.Buffer
		w := multipart.NewWriter(&b)
		for k, v := range fields {
			_ = w.WriteField(k, v)
		}
		fw, _ := w.CreateFormFile("file", "photo.jpg")
		_, _ = fw.Write(data)
		_ = w.Close()
		return e.do(req{method: "POST", path: "/api/venues/" + id + "/images", token: tok, body: b.Bytes(), contentType: w.FormDataContentType()})
	}
	var ids []string
	for i := range 3 {
		r := upload(t, pngOf(t, 400+i, 400), map[string]string{"alt": fmt.Sprintf("Vue %d", i)})
		if r.status != 201 {
			t.Fatalf("upload %d: %d %s", i, r.status, r.body)
		}
		im := r.json(t)["image"].(map[string]any)
		if im["isKeyImage"] != (i == 0) || im["position"] != float64(i) {
			t.Errorf("photo %d: %v", i, im)
		}
		ids = append(ids, im["id"].(string))
	}
	order := func(t *testing.T) (list []string, key string) {
		t.Helper()
		for _, x := range e.do(req{method: "GET", path: "/api/venues/" + id, token: tok}).json(t)["images"].([]any) {
			im := x.(map[string]any)
			list = append(list, im["id"].(string))
			if im["isKeyImage"] == true {
				key = im["id"].(string)
			}
		}
		return list, key
	}
	img := func(i int) string { return "/api/venues/" + id + "/images/" + ids[i] }
	runScenarios(t, e, []scenario{
		{name: "a file that is not JPEG, PNG or WebP, or over 5 MB, is refused", method: "GET", path: "/api/venues/" + id, as: "venue",
			wantStatus: 200,
			after: func(t *testing.T, e *env, _ resp) {
				r := upload(t, []byte("GIF89a\x01\x00\x01\x00"), nil)
				if r.status != http.StatusUnsupportedMediaType || r.json(t)["error"] != "venue.errors.image_format" {
					t.Errorf("GIF: %d %s", r.status, r.body)
				}
				r = upload(t, append(pngOf(t, 400, 400), make([]byte, 5<<20)...), nil)
				if r.status != http.StatusRequestEntityTooLarge || r.json(t)["error"] != "venue.errors.image_too_large" {
					t.Errorf("6 MB: %d %s", r.status, r.body)
				}
			}},
		{name: "metadata changes, and another photo becomes the key image", method: "PUT", path: img(2), as: "venue",
			body:       map[string]any{"alt": " Le port ", "caption": "Au coucher du soleil", "isKeyImage": true, "isVisible": false},
			wantStatus: 200, wantJSON: map[string]any{"alt": "Le port", "caption": "Au coucher du soleil", "isKeyImage": true, "isVisible": false},
			after: func(t *testing.T, e *env, r resp) {
				if _, key := order(t); key != ids[2] {
					t.Errorf("key image %s, want %s", key, ids[2])
				}
			}},
		{name: "the key image cannot be unset, only replaced", method: "PUT", path: img(2), as: "venue",
			body: map[string]any{"isKeyImage": false}, wantStatus: 422,
			wantFields: map[string]string{"isKeyImage": "venue.errors.key_image_required"}},
		{name: "text over its length is refused", method: "PUT", path: img(0), as: "venue",
			body: map[string]any{"caption": strings.Repeat("x", 201)}, wantStatus: 422,
			wantFields: map[string]string{"caption": "venue.errors.image_text_too_long"}},
		{name: "a photo moves to the front, the others shifting", method: "PUT", path: img(2), as: "venue",
			body: map[string]any{"position": 0}, wantStatus: 200, wantJSON: map[string]any{"position": 0},
			after: func(t *testing.T, e *env, r resp) {
				if got, _ := order(t); strings.Join(got, ",") != strings.Join([]string{ids[2], ids[0], ids[1]}, ",") {
					t.Errorf("order %v", got)
				}
			}},
		{name: "a photo of another venue id is not found", method: "PUT", path: "/api/venues/" + id + "/images/nope", as: "venue",
			body: map[string]any{"alt": "x"}, wantStatus: 404, wantCode: "venue.errors.image_not_found"},
		{name: "deleting the key image makes the next photo the key image", method: "DELETE", path: img(2), as: "venue", wantStatus: 204,
			after: func(t *testing.T, e *env, r resp) {
				list, key := order(t)
				if len(list) != 2 || key != ids[0] {
					t.Errorf("photos %v, key %s; want the next photo %s", list, key, ids[0])
				}
				if n := e.venueFiles(); n != 4 {
					t.Errorf("%d files, want 4", n)
				}
			}},
		{name: "a venue holds 30 photos", method: "GET", path: "/api/venues/" + id, as: "venue", wantStatus: 200,
			setUp: func(t *testing.T, e *env) {
				now := e.clock.Now()
				for i := range model.MaxVenueImages - 2 {
					im := model.Image{ID: model.NewID(), OwnerID: e.users["venue"].ID, VenueID: nullStr(id), Title: "x", IsVisible: true,
						Position: 10 + i, ImageFile: model.ImageFile{ImageKey: "k.jpg", Width: 1, Height: 1, ThumbKey: "t.jpg", ThumbWidth: 1,
							ThumbHeight: 1, ByteSize: 1}, CreatedAt: now, UpdatedAt: now}
					if err := e.store.CreateVenueImage(context.Background(), im); err != nil {
						t.Fatal(err)
					}
				}
			},
			after: func(t *testing.T, e *env, _ resp) {
				r := upload(t, pngOf(t, 400, 400), nil)
				if r.status != 422 || r.json(t)["error"] != "venue.errors.image_limit" {
					t.Errorf("31st photo: %d %s", r.status, r.body)
				}
				ct, body := venueFormBody(t, map[string]string{"city": "Nantes", "zipcode": "44000"}, venueImage{data: pngOf(t, 400, 400)})
				r = e.do(req{method: "POST", path: "/api/venues/" + id, token: tok, body: body, contentType: ct})
				if r.status != 422 || r.json(t)["error"] != "venue.errors.image_limit" {
					t.Errorf("31st photo by update: %d %s", r.status, r.body)
				}
				if n := e.venueFiles(); n != 4 {
					t.Errorf("%d files, want 4: a refused photo's files stay behind", n)
				}
			}},
	})
}

func nullStr(s string) sql.NullString { return sql.NullString{String: s, Valid: true} }

func TestDeletingAVenueDeletesItsPhotos(t *testing.T) {
	e := newEnv(t)
	id := e.createVenue("venue", "Péniche Lumière", 2)
	if n := e.venueFiles(); n != 4 {
		t.Fatalf("%d files, want 4", n)
	}
	runScenarios(t, e, []scenario{
		{name: "the owner deletes it", method: "DELETE", path: "/api/venues/" + id, as: "venue", wantStatus: 204,
			after: func(t *testing.T, e *env, r resp) {
				if rows := e.venueRows(); rows != "venues=0 venue_features=0 venue_prestations=0 venue_prestation_details=0 images=0 videos=0" {
					t.Errorf("rows left: %s", rows)
				}
				if n := e.venueFiles(); n != 0 {
					t.Errorf("%d files left", n)
				}
			}},
		{name: "it is gone", method: "GET", path: "/api/venues/" + id, as: "venue", wantStatus: 404, wantCode: "venue.detail.not_found"},
		{name: "and a free owner may make another", method: "POST", path: "/api/venues", as: "venue",
			body: venueMultipart(t, goodVenue(t, "Péniche Lumière")), contentType: venueMultipartType, wantStatus: 201,
			wantJSON: map[string]any{"slug": "peniche-lumiere"}},
	})
}

func TestConcurrentUploadsNeverPassThePhotoLimit(t *testing.T) {
	e := newEnv(t)
	tok := e.login("venue").Access
	id := e.createVenue("venue", "Le Phare", 1)
	now := e.clock.Now()
	for i := range model.MaxVenueImages - 3 {
		im := model.Image{ID: model.NewID(), OwnerID: e.users["venue"].ID, VenueID: nullStr(id), Title: "x", IsVisible: true,
			Position: 1 + i, ImageFile: model.ImageFile{ImageKey: "k.jpg", Width: 1, Height: 1, ThumbKey: "t.jpg", ThumbWidth: 1,
				ThumbHeight: 1, ByteSize: 1}, CreatedAt: now, UpdatedAt: now}
		if err := e.store.CreateVenueImage(context.Background(), im); err != nil {
			t.Fatal(err)
		}
	}
	// Room for two more: six uploads at once add two, refuse four, and
	// leave no file of a refused one.
	ct, body := photoForm(t, pngOf(t, 400, 400), nil)
	body = bytes.Replace(body, []byte(`name="image"`), []byte(`name="file"`), 1)
	statuses := make([]int, 6)
	var wg sync.WaitGroup
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = e.do(req{method: "POST", path: "/api/venues/" + id + "/images", token: tok, body: body, contentType: ct}).status
		}()
	}
	wg.Wait()
	added := 0
	for _, s := range statuses {
		switch s {
		case http.StatusCreated:
			added++
		case http.StatusUnprocessableEntity:
		default:
			t.Errorf("status %d", s)
		}
	}
	if added != 2 || e.countRows("images") != model.MaxVenueImages {
		t.Errorf("statuses %v, %d photos", statuses, e.countRows("images"))
	}
	if n := e.venueFiles(); n != 2*3 {
		t.Errorf("%d files, want those of the first photo and the two added", n)
	}
}

func TestVenuePhotoBombsAndOversizedBodiesAreRefusedEarly(t *testing.T) {
	e := newEnv(t)
	tok := e.login("venue").Access
	id := e.createVenue("venue", "Le Belvédère", 0)
	srv := httptest.NewServer(e.handler)
	t.Cleanup(srv.Close)
	bomb := imagingtest.BombPNG(7000, 7000, true) // 392 MB once decoded

	t.Run("a decompression bomb in a create names its photo, and nothing is kept", func(t *testing.T) {
		e.makePremium("venue")
		ct, body := venueFormBody(t, goodVenue(t, "Le Belvédère"), venueImage{data: pngOf(t, 400, 400)}, venueImage{data: bomb})
		status, out := post(t, srv.URL+"/api/venues", ct, tok, body, true)
		fields, _ := out["fields"].(map[string]any)
		if status != http.StatusUnprocessableEntity || fields["images[1].file"] != "images.errors.too_many_pixels" {
			t.Errorf("%d %v", status, out)
		}
		if n := e.countRows("venues"); n != 1 {
			t.Errorf("%d venues", n)
		}
		if n := e.venueFiles(); n != 0 {
			t.Errorf("%d files left behind", n)
		}
	})
	t.Run("a decompression bomb uploaded alone", func(t *testing.T) {
		ct, body := multipartBody(t, "file", "bomb.png", bomb)
		status, out := post(t, srv.URL+"/api/venues/"+id+"/images", ct, tok, body, true)
		fields, _ := out["fields"].(map[string]any)
		if status != http.StatusUnprocessableEntity || out["error"] != "images.errors.too_many_pixels" || fields["file"] != "images.errors.too_many_pixels" {
			t.Errorf("%d %v", status, out)
		}
	})
	big := bytes.Repeat([]byte{0x89, 'P', 'N', 'G'}, 6<<20/4) // over 5 MB
	for _, withLength := range []bool{true, false} {
		ct, body := multipartBody(t, "file", "big.png", big)
		if status, out := post(t, srv.URL+"/api/venues/"+id+"/images", ct, tok, body, withLength); status != http.StatusRequestEntityTooLarge ||
			out["error"] != "venue.errors.image_too_large" {
			t.Errorf("a 6 MB photo alone (Content-Length %t): %d %v", withLength, status, out)
		}
		ct, body = venueFormBody(t, goodVenue(t, "Le Belvédère"), venueImage{data: big})
		if status, out := post(t, srv.URL+"/api/venues", ct, tok, body, withLength); status != http.StatusRequestEntityTooLarge ||
			out["error"] != "venue.errors.image_too_large" {
			t.Errorf("a 6 MB photo in a create (Content-Length %t): %d %v", withLength, status, out)
		}
	}
	if n := e.venueFiles(); n != 0 {
		t.Errorf("%d files left behind", n)
	}
}

func TestOwnersNamingVenuesAlikeAtOnceGetDistinctSlugs(t *testing.T) {
	e := newEnv(t)
	var tokens []string
	for i := range 6 {
		key := fmt.Sprintf("owner-%d", i)
		e.addUser(key, model.RoleVenue)
		tokens = append(tokens, e.login(key).Access)
	}
	ct, body := venueFormBody(t, goodVenue(t, "La Grange"))
	slugs := make([]string, len(tokens))
	var wg sync.WaitGroup
	for i, tok := range tokens {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := e.do(req{method: "POST", path: "/api/venues", token: tok, body: body, contentType: ct})
			if r.status != http.StatusCreated {
				t.Errorf("owner %d: %d %s", i, r.status, r.body)
				return
			}
			slugs[i], _ = r.json(t)["slug"].(string)
		}()
	}
	wg.Wait()
	t.Logf("slugs %v", slugs)
	seen := map[string]bool{}
	for _, s := range slugs {
		if !strings.HasPrefix(s, "la-grange") || seen[s] {
			t.Errorf("slugs %v", slugs)
		}
		seen[s] = true
	}
}
