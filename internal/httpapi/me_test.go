package httpapi

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// meOracle is what GET /api/me must answer for userID, worked out from the
// tables one read at a time with the rules of part 1 section 3: the answer
// the handler gives with one query is checked against it field by field.
func (e *env) meOracle(userID, impersonatorID string) map[string]any {
	e.t.Helper()
	ctx := context.Background()
	now := e.clock.Now()
	u, err := e.store.GetUser(ctx, userID)
	if err != nil {
		e.t.Fatal(err)
	}
	want := meResponse{ID: u.ID, Roles: []string{u.Role}, Locale: u.Locale,
		FullName: strings.TrimSpace(u.Firstname + " " + u.Lastname), Firstname: u.Firstname, Lastname: u.Lastname,
		Email: u.Email, Phone: u.Phone, Credits: u.Credits, IsPremium: u.IsPremium(now),
		IsModerated: u.IsModerated, HasFinishedOnboarding: u.HasFinishedOnboarding, HasProfilePicture: u.AvatarKey != ""}
	if u.AvatarKey != "" {
		url := e.accounts.AvatarURL(u.AvatarKey)
		want.Avatar = &url
	}
	if u.PremiumStartAt.Valid {
		want.PremiumStartAt = &u.PremiumStartAt.Time
	}
	if u.PremiumEndAt.Valid {
		want.PremiumEndAt = &u.PremiumEndAt.Time
	}
	// The status a client is told: a cancellation past its end is over; the
	// plan shows only while a subscription is in force.
	want.PremiumStatus = u.PremiumStatus
	if u.PremiumStatus == model.PremiumCancellation && !u.IsPremium(now) {
		want.PremiumStatus = model.PremiumCanceled
	}
	plan, err := e.store.GetPremiumPlan(ctx, userID)
	if err != nil {
		e.t.Fatal(err)
	}
	if plan != "" && (want.PremiumStatus == model.PremiumActive || want.PremiumStatus == model.PremiumCancellation) {
		want.PremiumPlan = &plan
	}
	c, err := e.store.GetCompany(ctx, userID)
	switch {
	case err == nil:
		want.City, want.Country, want.Zipcode = c.City, c.CountryCode, c.Zipcode
		if c.Latitude.Valid && c.Longitude.Valid {
			want.Latitude, want.Longitude = &c.Latitude.Float64, &c.Longitude.Float64
		}
		if u.Role == model.RolePlanner {
			if hidden := store.PlannerPageHidden(u, c); hidden != "" {
				want.PublicProfileHidden = &hidden
			} else {
				url := e.server.Hosts.ProfileURL(c.CountryCode, c.Slug)
				want.PublicURL = &url
			}
		}
	case !errors.Is(err, store.ErrNotFound):
		e.t.Fatal(err)
	}
	_, services, err := e.store.GetCompanyServices(ctx, userID)
	if err != nil {
		e.t.Fatal(err)
	}
	want.MissingServices = len(services) == 0
	for _, sv := range services {
		want.MissingServiceDetails = want.MissingServiceDetails || sv.Description == "" || !sv.BudgetStartingFrom.Valid
	}
	counts, err := e.store.CountMedia(ctx, userID)
	if err != nil {
		e.t.Fatal(err)
	}
	want.HasPhotos, want.HasVideos = counts.Images > 0, counts.Videos > 0
	p, err := e.store.GetPortrait(ctx, userID)
	if err != nil {
		e.t.Fatal(err)
	}
	want.MissingPortrait, want.MissingExperiences, want.MissingBenefits = p.Portrait == "", p.Experience == "", p.Benefits == ""
	if impersonatorID != "" {
		want.ImpersonatorID = &impersonatorID
	}
	raw, err := json.Marshal(want)
	if err != nil {
		e.t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		e.t.Fatal(err)
	}
	return out
}

// sameMe fails the test for every field where got differs from want, and for
// a field one has and the other lacks.
func sameMe(t *testing.T, who string, got, want map[string]any) {
	t.Helper()
	keys := map[string]bool{}
	for k := range got {
		keys[k] = true
	}
	for k := range want {
		keys[k] = true
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	slices.Sort(sorted)
	for _, k := range sorted {
		g, gok := got[k]
		w, wok := want[k]
		if gok != wok || !reflect.DeepEqual(g, w) {
			t.Errorf("%s: %s = %#v (present %v), want %#v (present %v)", who, k, g, gok, w, wok)
		}
	}
}

// meFixtures makes one user of each kind GET /api/me tells apart, and
// returns their keys in e.users.
func (e *env) meFixtures() []string {
	e.t.Helper()
	ctx := context.Background()
	now := e.clock.Now()
	must := func(err error) {
		e.t.Helper()
		if err != nil {
			e.t.Fatal(err)
		}
	}
	exec := func(q string, args ...any) {
		e.t.Helper()
		_, err := e.store.DB().ExecContext(ctx, q, args...)
		must(err)
	}
	company := func(key, slug, country, siret string, lat, lng sql.NullFloat64) {
		e.t.Helper()
		must(e.store.CreateCompany(ctx, model.Company{UserID: e.users[key].ID, Name: "Maison " + slug, Slug: slug,
			SiretStatus: siret, Siret: "73282932000074", CountryCode: country, City: "Lyon", Zipcode: "69002",
			Latitude: lat, Longitude: lng, CreatedAt: now, UpdatedAt: now}))
	}
	photo := func(ownerID string, venueID sql.NullString) {
		e.t.Helper()
		id := model.NewID()
		must(e.store.CreateImage(ctx, model.Image{ID: id, OwnerID: ownerID, VenueID: venueID, Title: "Photo", IsVisible: true,
			ImageFile: model.ImageFile{ImageKey: "images/" + id + ".jpg", Width: 1600, Height: 1067,
				ThumbKey: "images/" + id + "-thumb.jpg", ThumbWidth: 480, ThumbHeight: 320, ByteSize: 2000},
			CreatedAt: now, UpdatedAt: now}))
	}
	video := func(ownerID string, venueID sql.NullString) {
		e.t.Helper()
		must(e.store.CreateVideo(ctx, model.Video{ID: model.NewID(), OwnerID: ownerID, VenueID: venueID, Title: "Film",
			Host: "youtube", ExternalID: "dQw4w9WgXcQ", IsVisible: true, CreatedAt: now, UpdatedAt: now}))
	}
	at := func(d time.Duration) sql.NullTime { return model.NullTime(now.Add(d)) }
	lyonLat, lyonLng := sql.NullFloat64{Float64: 45.76, Valid: true}, sql.NullFloat64{Float64: 4.84, Valid: true}
	budget := sql.NullInt64{Int64: 1500, Valid: true}

	// A planner with everything: a public page, languages, one service
	// complete and one without its budget, photos, a video, a portrait
	// without its benefits, a picture, and a yearly premium in force.
	full := e.addUser("full", model.RolePlanner).ID
	company("full", "maison-full", "FR", model.SiretActive, lyonLat, lyonLng)
	must(e.store.SetCompanyServices(ctx, full, []int{1, 2}, []model.CompanyPrestation{
		{PrestationID: 1, Description: "Tout organiser", BudgetStartingFrom: budget},
		{PrestationID: 2, Description: "Le jour J"}}))
	photo(full, sql.NullString{})
	photo(full, sql.NullString{})
	video(full, sql.NullString{})
	must(e.store.SavePortrait(ctx, model.Portrait{UserID: full, Portrait: "Vingt ans de mariages.", Experience: "Trois cents mariages.", UpdatedAt: now}))
	must(e.store.UpdateUserAvatar(ctx, full, "avatars/"+full+".webp", now))
	must(e.store.SetUserPremium(ctx, full, model.PremiumActive, at(-24*time.Hour), at(300*24*time.Hour),
		sql.NullString{String: "yearly", Valid: true}, now))
	exec(`UPDATE users SET credits = 7, phone = '+33612345678', locale = 'en' WHERE id = $1`, full)

	// A planner whose French SIRET is unverified (the page is hidden), every
	// service complete but no language, a cancelled monthly premium whose
	// end has passed, and onboarding not finished.
	hidden := e.addUser("hidden", model.RolePlanner).ID
	company("hidden", "maison-hidden", "FR", model.SiretUnknown, lyonLat, lyonLng)
	must(e.store.SetCompanyServices(ctx, hidden, nil, []model.CompanyPrestation{
		{PrestationID: 3, Description: "Décoration", BudgetStartingFrom: budget}}))
	must(e.store.SetUserPremium(ctx, hidden, model.PremiumCancellation, at(-60*24*time.Hour), at(-time.Hour),
		sql.NullString{String: "monthly", Valid: true}, now))
	must(e.store.SavePortrait(ctx, model.Portrait{UserID: hidden, Benefits: "Un carnet d'adresses.", UpdatedAt: now}))
	exec(`UPDATE users SET has_finished_onboarding = FALSE WHERE id = $1`, hidden)

	// A planner not moderated yet, abroad, with half a position, languages
	// but no service, and only a video.
	unmod := e.addUser("unmoderated", model.RolePlanner).ID
	company("unmoderated", "maison-unmod", "BE", model.SiretUnknown, lyonLat, sql.NullFloat64{})
	must(e.store.SetUserModerated(ctx, unmod, false, now))
	must(e.store.SetCompanyServices(ctx, unmod, []int{3}, nil))
	video(unmod, sql.NullString{})

	// A planner whose SIRET the register did not find and one it found
	// closed, each with a service lacking its description.
	for key, status := range map[string]string{"notfound": model.SiretNotFound, "inactive": model.SiretInactive} {
		id := e.addUser(key, model.RolePlanner).ID
		company(key, "maison-"+key, "FR", status, lyonLat, lyonLng)
		must(e.store.SetCompanyServices(ctx, id, nil, []model.CompanyPrestation{{PrestationID: 1, BudgetStartingFrom: budget}}))
	}

	// A venue owner with a company and a venue with photos and a video,
	// which are the venue's and not the owner's gallery; a cancelled premium
	// still in force; an avatar.
	owner := e.users["venue"].ID
	company("venue", "domaine-venue", "FR", model.SiretUnknown, lyonLat, lyonLng)
	v := e.venueOf(owner, "Domaine du Lac", true, 2)
	video(owner, sql.NullString{String: v.ID, Valid: true})
	must(e.store.SetUserPremium(ctx, owner, model.PremiumCancellation, at(-24*time.Hour), at(24*time.Hour),
		sql.NullString{String: "monthly", Valid: true}, now))
	must(e.store.UpdateUserAvatar(ctx, owner, "avatars/"+owner+".webp", now))

	// A premium granted without a subscription: active, no end, no plan.
	must(e.store.SetUserPremium(ctx, e.users["admin"].ID, model.PremiumActive, at(-time.Hour), sql.NullTime{}, sql.NullString{}, now))

	return []string{"planner", "full", "hidden", "unmoderated", "notfound", "inactive", "venue", "admin"}
}

// TestMeAnswersFieldByField checks every field of GET /api/me for planners
// with and without a company, services, media and premium, a venue owner,
// an admin, and an admin impersonating a planner, against the tables.
func TestMeAnswersFieldByField(t *testing.T) {
	e := newEnv(t)
	keys := e.meFixtures()
	for _, key := range keys {
		got := e.me(e.login(key).Access)
		sameMe(t, key, got, e.meOracle(e.users[key].ID, ""))
	}

	// The fixtures tell the cases apart: each flag is true for some users
	// and false for others, so the comparison above checks both ways.
	answers := map[string]map[string]any{}
	for _, key := range keys {
		answers[key] = e.me(e.login(key).Access)
	}
	for _, f := range []string{"isPremium", "hasPhotos", "hasVideos", "hasProfilePicture", "missingServices",
		"missingServiceDetails", "missingPortrait", "missingExperiences", "missingBenefits", "isModerated", "hasFinishedOnboarding"} {
		seen := map[any]bool{}
		for _, a := range answers {
			seen[a[f]] = true
		}
		if !seen[true] || !seen[false] {
			t.Errorf("the fixtures give %s only %v", f, seen)
		}
	}
	for key, want := range map[string]map[string]any{
		"full":        {"premiumStatus": "active", "premiumPlan": "yearly", "publicProfileHidden": nil, "hasPhotos": true, "credits": 7.0},
		"hidden":      {"premiumStatus": "canceled", "premiumPlan": nil, "publicUrl": nil, "publicProfileHidden": store.HiddenSiretUnverified},
		"unmoderated": {"publicProfileHidden": store.HiddenNotModerated, "latitude": nil, "country": "BE", "missingServices": true},
		"notfound":    {"publicProfileHidden": store.HiddenSiretNotFound, "missingServiceDetails": true},
		"inactive":    {"publicProfileHidden": store.HiddenSiretInactive},
		"venue":       {"premiumStatus": "cancellation", "premiumPlan": "monthly", "hasPhotos": false, "hasVideos": false, "publicUrl": nil, "publicProfileHidden": nil},
		"admin":       {"premiumStatus": "active", "premiumPlan": nil, "isPremium": true, "city": ""},
	} {
		for f, v := range want {
			if !reflect.DeepEqual(answers[key][f], v) {
				t.Errorf("%s: %s = %#v, want %#v", key, f, answers[key][f], v)
			}
		}
	}
	if answers["full"]["publicUrl"] == nil {
		t.Errorf("full: no publicUrl")
	}

	// An admin impersonating the planner with everything sees that
	// planner's answer, with the admin's id as impersonatorId.
	r := e.do(req{method: "POST", path: "/api/impersonation/impersonate", token: e.login("admin").Access,
		body: map[string]string{"user_id": e.users["full"].ID}})
	if r.status != 200 {
		t.Fatalf("impersonate: %d %s", r.status, r.body)
	}
	tok, _ := r.json(t)["token"].(string)
	got := e.me(tok)
	sameMe(t, "impersonated", got, e.meOracle(e.users["full"].ID, e.users["admin"].ID))
	if got["impersonatorId"] != e.users["admin"].ID {
		t.Errorf("impersonatorId = %v", got["impersonatorId"])
	}
}

// TestMeRunsOneQuery counts the statements GET /api/me sends to the
// database, for every kind of user and an impersonation: one, the profile's
// (store.GetMe) on a user's first request, then the version's
// (store.MeVersion) while the answer kept is still the answer. The revocation feed is read at most every 250 ms by one
// request of the whole server, not by each: it is kept out of the count.
func TestMeRunsOneQuery(t *testing.T) {
	ctx := context.Background()
	s, err := store.Open(ctx, storetest.MigratedURL(t), store.CountQueries())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	e := newEnvWithStore(t, s, nil)
	e.accounts.SetSessionSync(time.Hour, time.Hour)
	tokens := map[string]string{}
	for _, key := range e.meFixtures() {
		tokens[key] = e.login(key).Access
	}
	r := e.do(req{method: "POST", path: "/api/impersonation/impersonate", token: tokens["admin"],
		body: map[string]string{"user_id": e.users["full"].ID}})
	tokens["impersonated"], _ = r.json(t)["token"].(string)
	for key, tok := range tokens {
		e.me(tok) // the first request of the server reads the revocation feed
		for round := range 3 {
			var n store.QueryCount
			hr := httptest.NewRequestWithContext(store.WithQueryCount(ctx, &n), "GET", "/api/me", nil)
			hr.Header.Set("Authorization", "Bearer "+tok)
			rec := httptest.NewRecorder()
			e.handler.ServeHTTP(rec, hr)
			if rec.Code != 200 {
				t.Fatalf("%s: %d %s", key, rec.Code, rec.Body)
			}
			if n.N() != 1 {
				t.Errorf("%s, request %d: GET /api/me ran %d queries, want 1", key, round+1, n.N())
			}
		}
	}
}

// TestMeBenchmark measures GET /api/me through the whole handler chain
// (token check, middleware, the query, JSON) for the planner with
// everything, on the engine of the run. It runs only when NOCES_BENCH_ME is
// set, as a benchmark to profile:
//
//	NOCES_BENCH_ME=1 go test -run TestMeBenchmark -cpuprofile /tmp/me.prof ./internal/httpapi
func TestMeBenchmark(t *testing.T) {
	if os.Getenv("NOCES_BENCH_ME") == "" {
		t.Skip("set NOCES_BENCH_ME=1 to measure GET /api/me")
	}
	e := newEnv(t)
	e.meFixtures()
	tok := e.login("full").Access
	e.me(tok)
	res := testing.Benchmark(func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			hr := httptest.NewRequest("GET", "/api/me", nil)
			hr.Header.Set("Authorization", "Bearer "+tok)
			rec := httptest.NewRecorder()
			e.handler.ServeHTTP(rec, hr)
			if rec.Code != 200 {
				b.Fatalf("%d %s", rec.Code, rec.Body)
			}
		}
	})
	t.Logf("GET /api/me on %s: %s %s", storetest.Engine(), res, res.MemString())
}
