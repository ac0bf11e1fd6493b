package httpapi

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"noces/internal/model"
	"noces/internal/platform/payment"
	"noces/internal/store/storetest"
)

// meStep is one write that changes GET /api/me's answer, and the fields it
// changes.
type meStep struct {
	name   string
	fields []string
	write  func()
}

// runMeSteps checks each step on a kept answer: the user's answer is read
// twice (the second is served from the cache), the step writes, and the
// next answer must be the tables' (meOracle) and differ from the one kept
// in each of the step's fields, so a stale answer cannot pass.
func runMeSteps(t *testing.T, read, write *env, key, token string, steps []meStep) {
	t.Helper()
	for _, st := range steps {
		before := read.me(token)
		if again := read.me(token); !reflect.DeepEqual(again, before) {
			t.Fatalf("%s: two reads with no write differ", st.name)
		}
		st.write()
		got := read.me(token)
		sameMe(t, st.name, got, write.meOracle(write.users[key].ID, ""))
		for _, f := range st.fields {
			if reflect.DeepEqual(before[f], got[f]) {
				t.Errorf("%s: %s stayed %#v", st.name, f, got[f])
			}
		}
	}
}

// status fails the test unless r has the status want.
func status(t *testing.T, what string, r resp, want int) {
	t.Helper()
	if r.status != want {
		t.Fatalf("%s: %d %s", what, r.status, r.body)
	}
}

// TestMeSeesEveryWrite changes every field of GET /api/me, one write at a
// time, through the API where a route makes the write and through the
// store functions the services call otherwise (and raw SQL, as a tool
// would), each while an answer is kept: the next GET must show the change.
func TestMeSeesEveryWrite(t *testing.T) {
	e := newEnv(t)
	e.meFixtures()
	ctx := context.Background()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	exec := func(q string, args ...any) {
		t.Helper()
		_, err := e.store.DB().ExecContext(ctx, q, args...)
		must(err)
	}
	full := e.users["full"].ID
	tok, admin := e.login("full").Access, e.login("admin").Access
	now := e.clock.Now()
	budget := sql.NullInt64{Int64: 900, Valid: true}
	runMeSteps(t, e, e, "full", tok, []meStep{
		{"names (API)", []string{"firstname", "lastname", "fullName"}, func() {
			status(t, "personal-info", e.do(req{method: "POST", path: "/api/account/personal-info", token: tok,
				body: map[string]string{"firstname": "Camille", "lastname": "Roux"}}), 200)
		}},
		{"locale (API)", []string{"locale"}, func() {
			status(t, "change-locale", e.do(req{method: "POST", path: "/api/account/change-locale", token: tok,
				body: map[string]string{"locale": "de"}}), 200)
		}},
		{"credits (admin API)", []string{"credits"}, func() {
			status(t, "credits", e.do(req{method: "POST", path: "/api/admin/users/" + full + "/credits", token: admin,
				body: map[string]any{"amount": 5, "reason": "Geste commercial"}}), 200)
		}},
		{"picture removed (API)", []string{"avatar", "hasProfilePicture"}, func() {
			status(t, "delete-profile-image", e.do(req{method: "DELETE", path: "/api/images/delete-profile-image", token: tok}), 204)
		}},
		{"email", []string{"email"}, func() { must(e.store.UpdateUserEmail(ctx, full, "camille@example.com", now)) }},
		{"phone", []string{"phone"}, func() { must(e.store.UpdateUserPhone(ctx, full, "+33698765432", now)) }},
		{"moderation withdrawn", []string{"isModerated", "publicUrl", "publicProfileHidden"}, func() {
			must(e.store.SetUserModerated(ctx, full, false, now))
		}},
		{"moderated again", []string{"isModerated", "publicUrl", "publicProfileHidden"}, func() {
			must(e.store.SetUserModerated(ctx, full, true, now))
		}},
		{"SIRET found closed", []string{"publicUrl", "publicProfileHidden"}, func() {
			must(e.store.SetCompanySiretStatus(ctx, full, model.SiretInactive, now))
		}},
		{"address", []string{"city", "zipcode", "latitude", "longitude"}, func() {
			c, err := e.store.GetCompany(ctx, full)
			must(err)
			c.City, c.Zipcode = "Annecy", "74000"
			c.Latitude, c.Longitude = sql.NullFloat64{Float64: 45.9, Valid: true}, sql.NullFloat64{Float64: 6.12, Valid: true}
			must(e.store.UpdateCompanyAddress(ctx, c))
		}},
		{"every service complete", []string{"missingServiceDetails"}, func() {
			must(e.store.SetCompanyServices(ctx, full, nil, []model.CompanyPrestation{
				{PrestationID: 1, Description: "Tout organiser", BudgetStartingFrom: budget}}))
		}},
		{"no service", []string{"missingServices"}, func() { must(e.store.SetCompanyServices(ctx, full, nil, nil)) }},
		{"photos deleted", []string{"hasPhotos"}, func() {
			rows, err := e.store.DB().QueryContext(ctx, `SELECT id FROM images WHERE owner_id = $1 AND venue_id IS NULL`, full)
			must(err)
			var ids []string
			for rows.Next() {
				var id string
				must(rows.Scan(&id))
				ids = append(ids, id)
			}
			must(rows.Close())
			for _, id := range ids {
				must(e.store.DeleteImage(ctx, full, id))
			}
		}},
		{"video deleted (SQL)", []string{"hasVideos"}, func() { exec(`DELETE FROM videos WHERE owner_id = $1`, full) }},
		{"portrait completed", []string{"missingBenefits"}, func() {
			must(e.store.SavePortrait(ctx, model.Portrait{UserID: full, Portrait: "Vingt ans de mariages.",
				Experience: "Trois cents mariages.", Benefits: "Un carnet d'adresses.", UpdatedAt: now}))
		}},
		{"portrait emptied (SQL)", []string{"missingPortrait", "missingExperiences", "missingBenefits"}, func() {
			exec(`DELETE FROM portraits WHERE user_id = $1`, full)
		}},
		{"onboarding reopened (SQL)", []string{"hasFinishedOnboarding"}, func() {
			exec(`UPDATE users SET has_finished_onboarding = FALSE WHERE id = $1`, full)
		}},
		{"premium ended", []string{"isPremium", "premiumStatus", "premiumPlan", "premiumEndAt"}, func() {
			must(e.store.SetUserPremium(ctx, full, model.PremiumCanceled, model.NullTime(now.Add(-24*time.Hour)),
				model.NullTime(now.Add(-time.Minute)), sql.NullString{String: "yearly", Valid: true}, now))
		}},
		{"country (SQL)", []string{"country"}, func() { exec(`UPDATE companies SET country_code = 'BE' WHERE user_id = $1`, full) }},
		{"role (SQL)", []string{"roles"}, func() { exec(`UPDATE users SET role = $2 WHERE id = $1`, full, model.RoleVenue) }},
		{"company deleted", []string{"city", "zipcode", "latitude", "longitude"}, func() {
			must(e.store.DeleteCompany(ctx, full))
		}},
	})

	// Premium through the processor's webhooks, for the venue owner.
	venue := e.login("venue").Access
	start := now.Truncate(time.Second)
	sub := payment.Subscription{ID: "sub_me", CustomerID: "cus_me", Status: "active", Interval: payment.IntervalYear, StartedAt: start,
		CurrentPeriodEnd: start.AddDate(1, 0, 0), Metadata: map[string]string{"user_id": e.users["venue"].ID}}
	ended := sub
	ended.Status, ended.EndedAt = "canceled", start.Add(time.Hour)
	runMeSteps(t, e, e, "venue", venue, []meStep{
		{"premium bought (webhook)", []string{"premiumStatus", "premiumPlan", "premiumStartAt", "premiumEndAt"}, func() {
			status(t, "created", e.webhook(payment.EventSubscriptionCreated, start, payment.SubscriptionObject(sub, 69000, "eur"), time.Now()), 200)
			status(t, "checkout", e.webhook(payment.EventCheckoutCompleted, start, payment.CheckoutObject(payment.CheckoutSession{ID: "cs_me",
				CustomerID: "cus_me", SubscriptionID: "sub_me", ClientReferenceID: e.users["venue"].ID}), time.Now()), 200)
		}},
		{"premium cancelled (webhook)", []string{"premiumStatus", "premiumPlan", "isPremium", "premiumEndAt"}, func() {
			status(t, "deleted", e.webhook(payment.EventSubscriptionDeleted, start.Add(time.Hour), payment.SubscriptionObject(ended, 69000, "eur"), time.Now()), 200)
		}},
	})

	// An account deleted while its answer is kept: the token still
	// verifies, the answer must not.
	e.me(tok)
	exec(`UPDATE users SET deleted_at = $2 WHERE id = $1`, full, now)
	if r := e.do(req{method: "GET", path: "/api/me", token: tok}); r.status != http.StatusUnauthorized {
		t.Errorf("a deleted account's GET /api/me: %d %s", r.status, r.body)
	}
}

// TestMeChangesWhenPremiumEnds: a premium's end changes the answer with no
// write; a kept answer stops at that moment.
func TestMeChangesWhenPremiumEnds(t *testing.T) {
	e := newEnv(t)
	e.meFixtures()
	tok := e.login("venue").Access // a cancellation in force for 24 more hours
	e.me(tok)
	before := e.me(tok)
	if before["isPremium"] != true || before["premiumStatus"] != "cancellation" {
		t.Fatalf("fixture: %v %v", before["isPremium"], before["premiumStatus"])
	}
	e.clock.Advance(24*time.Hour + time.Second)
	// A new token (the first has expired) of the same user: the same
	// answer kept.
	got := e.me(e.login("venue").Access)
	sameMe(t, "venue after its premium's end", got, e.meOracle(e.users["venue"].ID, ""))
	if got["isPremium"] != false || got["premiumStatus"] != "canceled" || got["premiumPlan"] != nil {
		t.Errorf("after the end: %v %v %v", got["isPremium"], got["premiumStatus"], got["premiumPlan"])
	}
}

// TestMeKeepsEachUsersAnswer: with every kind of user's answer kept, and an
// admin's impersonation of a planner whose own answer is kept too, each
// token gets its own answer, read after read, in any order.
func TestMeKeepsEachUsersAnswer(t *testing.T) {
	e := newEnv(t)
	keys := e.meFixtures()
	tokens := map[string]string{}
	for _, k := range keys {
		tokens[k] = e.login(k).Access
	}
	r := e.do(req{method: "POST", path: "/api/impersonation/impersonate", token: tokens["admin"],
		body: map[string]string{"user_id": e.users["full"].ID}})
	status(t, "impersonate", r, 200)
	imp, _ := r.json(t)["token"].(string)
	want := map[string]map[string]any{"impersonated": e.meOracle(e.users["full"].ID, e.users["admin"].ID)}
	for _, k := range keys {
		want[k] = e.meOracle(e.users[k].ID, "")
	}
	tokens["impersonated"] = imp
	order := append([]string{"impersonated"}, keys...)
	for round := range 3 {
		for i := range order {
			// A different order each round: forwards, backwards, forwards.
			k := order[i]
			if round == 1 {
				k = order[len(order)-1-i]
			}
			sameMe(t, fmt.Sprintf("%s (round %d)", k, round+1), e.me(tokens[k]), want[k])
		}
	}
}

// TestMeSeesWritesOfAnotherServer: two servers on one database, each with
// its own kept answers; a write through one shows at once on the other.
func TestMeSeesWritesOfAnotherServer(t *testing.T) {
	s1, dbURL := storetest.NewWithURL(t)
	a := newEnvWithStore(t, s1, nil)
	b := newEnvWithStore(t, storetest.Open(t, dbURL), nil)
	a.meFixtures()
	b.addUser("full", model.RolePlanner)
	tok, admin := a.login("full").Access, a.login("admin").Access
	full := a.users["full"].ID
	runMeSteps(t, b, a, "full", tok, []meStep{
		{"names through the other server", []string{"firstname", "lastname", "fullName"}, func() {
			status(t, "personal-info", a.do(req{method: "POST", path: "/api/account/personal-info", token: tok,
				body: map[string]string{"firstname": "Camille", "lastname": "Roux"}}), 200)
		}},
		{"credits through the other server", []string{"credits"}, func() {
			status(t, "credits", a.do(req{method: "POST", path: "/api/admin/users/" + full + "/credits", token: admin,
				body: map[string]any{"amount": 3, "reason": "Geste commercial"}}), 200)
		}},
		{"services through the other server", []string{"missingServiceDetails"}, func() {
			status(t, "services", a.do(req{method: "POST", path: "/api/company/services", token: tok,
				body: map[string]any{"langues": []int{1}, "prestations": []int{1}, "prestationDetails": []map[string]any{
					{"prestationId": 1, "description": "Tout organiser", "budgetStartingFrom": 1200}}}}), 200)
		}},
	})
}

// TestMeCacheStaysWithinItsBytes: however many users ask, the answers kept
// stay within the cache's bound, and the newest is kept.
func TestMeCacheStaysWithinItsBytes(t *testing.T) {
	c := newMeCache(64 << 10)
	body := []byte(strings.Repeat("x", 900))
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	for i := range 10_000 {
		k := meKey{user: fmt.Sprintf("user-%05d", i)}
		c.put(k, &meEntry{version: int64(i), body: body})
		if c.get(k, now) == nil {
			t.Fatalf("user %d: the answer just kept is not there", i)
		}
		if c.bytes > c.maxBytes {
			t.Fatalf("user %d: %d bytes kept, bound %d", i, c.bytes, c.maxBytes)
		}
	}
	sum := 0
	for k, e := range c.entries {
		sum += entrySize(k, e)
	}
	if sum != c.bytes || len(c.entries) < 50 {
		t.Errorf("%d entries of %d bytes, counted %d", len(c.entries), sum, c.bytes)
	}
	// An answer that changes at a premium's end is not served from then.
	k := meKey{user: "premium"}
	c.put(k, &meEntry{version: 1, until: now.Add(time.Hour), body: body})
	if c.get(k, now.Add(time.Hour-time.Second)) == nil || c.get(k, now.Add(time.Hour)) != nil {
		t.Error("an answer is served past its end, or not before")
	}
	// Replacing an answer counts its bytes once.
	before := c.bytes
	c.put(k, &meEntry{version: 2, body: body})
	c.put(k, &meEntry{version: 3, body: body})
	if c.bytes > before+entrySize(k, &meEntry{body: body}) {
		t.Errorf("replacing an answer grew the count from %d to %d", before, c.bytes)
	}
}
