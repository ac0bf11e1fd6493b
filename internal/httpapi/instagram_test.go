package httpapi

import (
	"net/url"
	"strings"
	"testing"

	"noces/internal/instagram"
	"noces/internal/instagram/instagramtest"
	"noces/internal/platform/blob"
	"noces/internal/site"
	"noces/internal/store/storetest"
)

// newInstagramEnv is the test server with the Instagram sync pointed at a
// fake Instagram.
func newInstagramEnv(t *testing.T, posts int) (*env, *instagramtest.Fake) {
	t.Helper()
	fake := instagramtest.New(t, posts)
	c, err := instagram.NewClient(instagram.Config{AppID: instagramtest.AppID, AppSecret: instagramtest.AppSecret,
		AuthorizeURL: fake.URL + "/oauth/authorize", TokenURL: fake.URL + "/oauth/access_token", GraphURL: fake.URL})
	if err != nil {
		t.Fatal(err)
	}
	var e *env
	e = newEnvWithStore(t, storetest.New(t), func(srv *Server) {
		blobs, err := blob.NewLocal(t.TempDir(), "/media/")
		if err != nil {
			t.Fatal(err)
		}
		svc, err := instagram.NewService(instagram.Deps{Store: srv.Store, Clock: clockOf(srv), Blobs: blobs, Client: c,
			TokenKey: []byte(strings.Repeat("t", 32)), StateKey: []byte(strings.Repeat("s", 32)), Log: srv.Log})
		if err != nil {
			t.Fatal(err)
		}
		srv.Instagram = svc
		srv.Site.(*site.Site).Instagram = svc
	})
	return e, fake
}

// connectInstagram runs the browser's round trip: the auth URL, the fake's
// window, the callback and the screen posting the ticket back.
func (e *env) connectInstagram(t *testing.T, fake *instagramtest.Fake, tok string) resp {
	t.Helper()
	r := e.do(req{method: "GET", path: "/api/instagram/auth-url", token: tok})
	if r.status != 200 {
		t.Fatalf("auth url: %d %s", r.status, r.body)
	}
	auth, _ := url.Parse(r.json(t)["url"].(string))
	q := auth.Query()
	if q.Get("client_id") != instagramtest.AppID || q.Get("scope") != instagram.Scope || q.Get("response_type") != "code" ||
		q.Get("redirect_uri") != "http://example.com/api/instagram/callback" {
		t.Errorf("auth url: %s", auth)
	}
	code := fake.IssueCode(q.Get("redirect_uri"))
	back := e.do(req{method: "GET", path: "/api/instagram/callback?" + url.Values{"code": {code}, "state": {q.Get("state")}}.Encode()})
	loc, _ := url.Parse(back.header.Get("Location"))
	if back.status != 303 || loc.Path != "/social-networks" || loc.Query().Get("token") == "" {
		t.Fatalf("callback: %d %s", back.status, back.header.Get("Location"))
	}
	if strings.Contains(loc.RawQuery, code) || back.header.Get("Referrer-Policy") != "no-referrer" {
		t.Errorf("the code is readable in the screen's address: %s", loc)
	}
	return e.do(req{method: "POST", path: "/api/instagram/token", token: tok, body: map[string]string{"token": loc.Query().Get("token")}})
}

func TestInstagramSyncThroughTheAPI(t *testing.T) {
	e, fake := newInstagramEnv(t, 8)
	tok := e.login("planner").Access
	status := func() map[string]any {
		return e.do(req{method: "GET", path: "/api/social-networks", token: tok}).json(t)["instagramStatus"].(map[string]any)
	}
	if st := status(); st["available"] != true || st["reason"] != "premium" || st["hasToken"] != false {
		t.Errorf("a free planner: %v", st)
	}
	if r := e.do(req{method: "GET", path: "/api/instagram/auth-url", token: tok}); r.status != 403 || r.json(t)["error"] != "instagram.errors.premium_required" {
		t.Errorf("a free planner gets an auth url: %d %s", r.status, r.body)
	}
	e.makePremium("planner")
	if r := e.do(req{method: "GET", path: "/api/instagram/auth-url", token: tok}); r.status != 403 || r.json(t)["error"] != "instagram.errors.link_required" {
		t.Errorf("a planner without a link gets an auth url: %d %s", r.status, r.body)
	}
	if r := e.do(req{method: "POST", path: "/api/social-networks", token: tok, body: map[string]string{"snInstagram": "instagram.com/atelier_lumiere"}}); r.status != 200 {
		t.Fatalf("save link: %d %s", r.status, r.body)
	}
	r := e.connectInstagram(t, fake, tok)
	if r.status != 200 || r.json(t)["success"] != true {
		t.Fatalf("token: %d %s", r.status, r.body)
	}
	st := status()
	posts, _ := st["posts"].([]any)
	if st["hasToken"] != true || st["tokenExpired"] != false || st["lastSyncAt"] == nil || len(posts) != instagramtest.Shown(8) {
		t.Fatalf("after connecting: %v", st)
	}
	if strings.Contains(e.logs.String(), "IGAA") {
		t.Errorf("a token is in the log")
	}
	if n := e.countRows("instagram_accounts"); n != 1 {
		t.Errorf("%d accounts", n)
	}
	var sealed string
	if err := e.store.DB().QueryRow("SELECT token_sealed FROM instagram_accounts").Scan(&sealed); err != nil || strings.Contains(sealed, "IGAA") {
		t.Errorf("the stored column is the token: %q %v", sealed, err)
	}

	// The public page shows them, each linked to its post.
	e.givePage("planner", "atelier-insta")
	page := e.do(req{method: "GET", path: "/p/atelier-insta", headers: map[string]string{"Host": "fr.localhost"}})
	body := string(page.body)
	if page.status != 200 || !strings.Contains(body, `id="instagram"`) || !strings.Contains(body, "https://www.instagram.com/p/Post0/") ||
		strings.Count(body, "/media/instagram/") != instagramtest.Shown(8) {
		t.Errorf("public page: %d, instagram section %v", page.status, strings.Contains(body, `id="instagram"`))
	}

	// Expired on Instagram's side: the screen says so, the page hides them.
	fake.Expire()
	if err := e.server.Instagram.SyncAll(t.Context()); err != nil {
		t.Fatal(err)
	}
	if st := status(); st["tokenExpired"] != true {
		t.Errorf("after error 190: %v", st)
	}
	page = e.do(req{method: "GET", path: "/p/atelier-insta", headers: map[string]string{"Host": "fr.localhost"}})
	if strings.Contains(string(page.body), `id="instagram"`) {
		t.Errorf("an expired connection's posts are public")
	}

	// Revoking forgets everything.
	rv := e.do(req{method: "GET", path: "/api/instagram/revoke", token: tok})
	if rv.status != 200 || rv.json(t)["success"] != true {
		t.Fatalf("revoke: %d %s", rv.status, rv.body)
	}
	if st := status(); st["hasToken"] != false || len(st["posts"].([]any)) != 0 || e.countRows("instagram_posts") != 0 {
		t.Errorf("after revoking: %v", st)
	}
}

func TestInstagramReturnsThatAreRefused(t *testing.T) {
	e, fake := newInstagramEnv(t, 3)
	e.makePremium("planner")
	e.addUser("other", "ROLE_PRESTATAIRE")
	e.makePremium("other")
	tok, otherTok := e.login("planner").Access, e.login("other").Access
	for _, tk := range []string{tok, otherTok} {
		e.do(req{method: "POST", path: "/api/social-networks", token: tk, body: map[string]string{"snInstagram": "instagram.com/atelier"}})
	}
	auth, _ := url.Parse(e.do(req{method: "GET", path: "/api/instagram/auth-url", token: tok}).json(t)["url"].(string))
	state := auth.Query().Get("state")

	for name, q := range map[string]url.Values{
		"refused on Instagram": {"error": {"access_denied"}, "error_reason": {"user_denied"}, "state": {state}},
		"a forged state":       {"code": {"abc"}, "state": {"eyJ1Ijoib3RoZXIifQ.1.2.3"}},
		"no state":             {"code": {"abc"}},
	} {
		t.Run(name, func(t *testing.T) {
			r := e.do(req{method: "GET", path: "/api/instagram/callback?" + q.Encode()})
			loc, _ := url.Parse(r.header.Get("Location"))
			if r.status != 303 || loc.Query().Get("token") != "" || loc.Query().Get("instagram") == "" {
				t.Errorf("%d %s", r.status, r.header.Get("Location"))
			}
		})
	}
	// The planner's ticket, redeemed by another user's session, is refused
	// and the code is not spent.
	back := e.do(req{method: "GET", path: "/api/instagram/callback?" + url.Values{"code": {fake.IssueCode(auth.Query().Get("redirect_uri"))}, "state": {state}}.Encode()})
	loc, _ := url.Parse(back.header.Get("Location"))
	ticket := loc.Query().Get("token")
	r := e.do(req{method: "POST", path: "/api/instagram/token", token: otherTok, body: map[string]string{"token": ticket}})
	if r.status != 422 || r.json(t)["error"] != "instagram.errors.bad_return" {
		t.Errorf("another user's ticket: %d %s", r.status, r.body)
	}
	if fake.Count("/oauth/access_token") != 0 || e.countRows("instagram_accounts") != 0 {
		t.Errorf("something was exchanged or stored")
	}
	// A code Instagram refuses is the user's error, nothing stored.
	bad := e.do(req{method: "GET", path: "/api/instagram/callback?" + url.Values{"code": {"not-issued"}, "state": {state}}.Encode()})
	loc, _ = url.Parse(bad.header.Get("Location"))
	r = e.do(req{method: "POST", path: "/api/instagram/token", token: tok, body: map[string]string{"token": loc.Query().Get("token")}})
	if r.status != 422 || e.countRows("instagram_accounts") != 0 {
		t.Errorf("a refused code: %d %s", r.status, r.body)
	}
	// A non-provider (admin) has no such route.
	if r := e.do(req{method: "GET", path: "/api/instagram/auth-url", token: e.login("admin").Access}); r.status != 403 {
		t.Errorf("admin: %d", r.status)
	}
}

func TestInstagramWithoutAnApp(t *testing.T) {
	e := newEnv(t)
	e.makePremium("planner")
	tok := e.login("planner").Access
	for _, r := range []req{
		{method: "GET", path: "/api/instagram/auth-url", token: tok},
		{method: "POST", path: "/api/instagram/token", token: tok, body: map[string]string{"token": "x"}},
		{method: "GET", path: "/api/instagram/revoke", token: tok},
	} {
		if got := e.do(r); got.status != 503 || got.json(t)["error"] != "instagram.errors.unavailable" {
			t.Errorf("%s %s: %d %s", r.method, r.path, got.status, got.body)
		}
	}
	r := e.do(req{method: "GET", path: "/api/instagram/callback?code=a&state=b"})
	if r.status != 303 || !strings.HasSuffix(r.header.Get("Location"), "instagram=unavailable") {
		t.Errorf("callback: %d %s", r.status, r.header.Get("Location"))
	}
}
