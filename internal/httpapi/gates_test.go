package httpapi

import (
	"context"
	"database/sql"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"noces/internal/model"
)

func TestModerationGatesOnTheServer(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	planner := e.users["planner"]
	if err := e.store.AddCreditLog(ctx, model.CreditLog{ID: model.NewID(), UserID: planner.ID, CreatedAt: e.clock.Now(), Description: "test",
		Deposited: 2, Ref: sql.NullString{String: "gift", Valid: true}}); err != nil {
		t.Fatal(err)
	}
	ids := e.sendRequests(planner.ID, 1)
	if err := e.store.SetUserModerated(ctx, planner.ID, false, e.clock.Now()); err != nil {
		t.Fatal(err)
	}
	tok := e.login("planner").Access
	de := map[string]string{"Accept-Language": "de"}

	before := e.counts()
	payments := e.tableRows("payments")
	for _, r := range []req{
		{method: "POST", path: "/api/credits/buy", body: map[string]any{"credits": 1, "price": 30}},
		{method: "POST", path: "/api/subscription/subscribe", body: map[string]any{"plan": "monthly"}},
		{method: "POST", path: "/api/event-requests/" + ids[0] + "/unlock"},
	} {
		t.Run(r.method+" "+r.path+" is refused until moderation", func(t *testing.T) {
			r.token, r.headers = tok, de
			got := e.do(r)
			body := got.json(t)
			want := "Ihr Profil wartet auf die Freigabe durch unser Team. Bis dahin können Sie keine Credits kaufen, kein Abonnement abschließen und keine Anfragen freischalten."
			if got.status != 403 || body["error"] != "account.errors.not_moderated" || body["message"] != want {
				t.Errorf("%d %s", got.status, got.body)
			}
		})
	}
	if diff := cmp.Diff(before, e.counts()); diff != "" || e.tableRows("payments") != payments {
		t.Errorf("refused actions wrote something: %s", diff)
	}

	t.Run("reading the lists stays allowed and shows nothing unlocked", func(t *testing.T) {
		for _, path := range []string{"/api/event-requests", "/api/credits/logs", "/api/credits/prices"} {
			if r := e.do(req{method: "GET", path: path, token: tok}); r.status != 200 {
				t.Errorf("%s: %d %s", path, r.status, r.body)
			}
		}
		d := e.do(req{method: "GET", path: "/api/event-requests/" + ids[0], token: tok}).json(t)
		if msg, _ := d["message"].(map[string]any); msg == nil || msg["isUnlocked"] != false {
			t.Errorf("detail %v", d)
		}
	})

	t.Run("once approved, the same provider unlocks", func(t *testing.T) {
		if err := e.store.SetUserModerated(ctx, planner.ID, true, e.clock.Now()); err != nil {
			t.Fatal(err)
		}
		if r := e.do(req{method: "POST", path: "/api/event-requests/" + ids[0] + "/unlock", token: tok}); r.status != 200 {
			t.Errorf("%d %s", r.status, r.body)
		}
	})
}

func TestPublicURLOnlyWhileThePageShows(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.givePage("planner", "maison-claire")
	planner := e.users["planner"]
	tok := e.login("planner").Access
	set := func(moderated bool, country, siret string) {
		t.Helper()
		if err := e.store.SetUserModerated(ctx, planner.ID, moderated, e.clock.Now()); err != nil {
			t.Fatal(err)
		}
		c, err := e.store.GetCompany(ctx, planner.ID)
		if err != nil {
			t.Fatal(err)
		}
		c.CountryCode, c.SiretStatus = country, siret
		if err := e.store.UpdateCompanyDetails(ctx, c); err != nil {
			t.Fatal(err)
		}
		if err := e.store.UpdateCompanyAddress(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name      string
		moderated bool
		country   string
		siret     string
		hidden    any
	}{
		{"a moderated French planner with an active SIRET has a link", true, "FR", model.SiretActive, nil},
		{"an unconfirmed SIRET hides the page", true, "FR", model.SiretUnknown, "siret_unverified"},
		{"a SIRET the register does not know hides the page", true, "FR", model.SiretNotFound, "siret_not_found"},
		{"a ceased company hides the page", true, "FR", model.SiretInactive, "siret_inactive"},
		{"outside France the SIRET does not matter", true, "BE", model.SiretUnknown, nil},
		{"waiting for moderation hides the page first", false, "FR", model.SiretInactive, "not_moderated"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			set(tc.moderated, tc.country, tc.siret)
			me := e.me(tok)
			url := e.do(req{method: "GET", path: "/api/profile-url", token: tok}).json(t)["url"]
			if me["publicProfileHidden"] != tc.hidden {
				t.Errorf("publicProfileHidden %v, want %v", me["publicProfileHidden"], tc.hidden)
			}
			if tc.hidden == nil {
				link, _ := me["publicUrl"].(string)
				if !strings.HasSuffix(link, "/p/maison-claire") || url != link {
					t.Errorf("publicUrl %v, profile-url %v", me["publicUrl"], url)
				}
				// The link is on the domain of the company's country, where
				// the page lives (another domain answers 301 there).
				host := strings.TrimPrefix(strings.TrimSuffix(link, "/p/maison-claire"), "http://")
				if want := strings.ToLower(tc.country) + ".localhost"; !strings.HasPrefix(host, want) {
					t.Errorf("the link %s is not on %s", link, want)
				}
				if r := e.do(req{method: "GET", path: "/p/maison-claire", headers: map[string]string{"Host": host}}); r.status != 200 {
					t.Errorf("the link answers %d", r.status)
				}
				return
			}
			if me["publicUrl"] != nil || url != nil {
				t.Errorf("a link to a hidden page: publicUrl %v, profile-url %v", me["publicUrl"], url)
			}
			if r := e.do(req{method: "GET", path: "/p/maison-claire", headers: map[string]string{"Host": "fr.localhost"}}); r.status != 404 {
				t.Errorf("the hidden page answers %d", r.status)
			}
		})
	}
	t.Run("venues and admins have no public profile link and no reason", func(t *testing.T) {
		for _, key := range []string{"venue", "admin"} {
			me := e.me(e.login(key).Access)
			if me["publicUrl"] != nil || me["publicProfileHidden"] != nil {
				t.Errorf("%s: %v %v", key, me["publicUrl"], me["publicProfileHidden"])
			}
		}
	})
}

func TestApprovalOfAPlannerTheSiretStillHides(t *testing.T) {
	e := newEnv(t)
	tok := e.login("admin").Access
	for _, tc := range []struct {
		name, siret, locale string
		hidden              bool
	}{
		{"an unconfirmed SIRET", model.SiretUnknown, "en", true},
		{"a SIRET the register does not know", model.SiretNotFound, "it", true},
		{"a ceased company", model.SiretInactive, "fr", true},
		{"an active SIRET", model.SiretActive, "pt", false},
	} {
		t.Run(tc.name+" in "+tc.locale, func(t *testing.T) {
			email := "approved-" + tc.siret + "@example.com"
			u := e.waitingProvider(email, model.RolePlanner, "Maison "+tc.siret, tc.locale)
			c, err := e.store.GetCompany(context.Background(), u.ID)
			if err != nil {
				t.Fatal(err)
			}
			c.SiretStatus = tc.siret
			if err := e.store.UpdateCompanyDetails(context.Background(), c); err != nil {
				t.Fatal(err)
			}
			if r := e.do(req{method: "POST", path: "/api/admin/users/" + u.ID + "/approve", token: tok}); r.status != 200 {
				t.Fatalf("%d %s", r.status, r.body)
			}
			mails := e.outbox(email)
			if len(mails) != 1 {
				t.Fatalf("%d e-mails", len(mails))
			}
			m := mails[0]
			public := e.server.Hosts.ProfileURL(c.CountryCode, c.Slug)
			details := e.server.Hosts.ProURL(u.Domain, "/company/details")
			page := e.do(req{method: "GET", path: "/p/" + c.Slug, headers: map[string]string{"Host": "fr.localhost"}}).status
			if !tc.hidden {
				if m.Subject != e.server.Texts.T(tc.locale, "email.moderation_approved.subject") || !strings.Contains(m.BodyText, public) || page != 200 {
					t.Errorf("page %d, e-mail %q:\n%s", page, m.Subject, m.BodyText)
				}
				return
			}
			if m.Subject != e.server.Texts.T(tc.locale, "email.moderation_approved_hidden.subject") {
				t.Errorf("subject %q", m.Subject)
			}
			if !strings.Contains(m.BodyText, details) || !strings.Contains(m.BodyText, "SIRET") || !strings.Contains(m.BodyHTML, `href="`+details+`"`) {
				t.Errorf("the e-mail does not say what is missing or where to fix it:\n%s", m.BodyText)
			}
			if strings.Contains(m.BodyText, public) || strings.Contains(m.BodyText, e.server.Texts.T(tc.locale, "email.moderation_approved.p1")) {
				t.Errorf("the e-mail links or announces a page that answers %d:\n%s", page, m.BodyText)
			}
			if page != 404 {
				t.Errorf("the hidden page answers %d", page)
			}
		})
	}
}
