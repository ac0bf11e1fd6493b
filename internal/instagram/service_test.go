package instagram_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/instagram"
	"noces/internal/instagram/instagramtest"
	"noces/internal/model"
	"noces/internal/platform/blob"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

const redirect = "https://pro.fr.localhost/api/instagram/callback"

type fixture struct {
	svc   *instagram.Service
	store *store.Store
	fake  *instagramtest.Fake
	clock *clock.Fixed
	dir   string
}

func newFixture(t *testing.T, posts int) *fixture {
	t.Helper()
	s := storetest.New(t)
	dir := t.TempDir()
	blobs, err := blob.NewLocal(dir, "/media/")
	if err != nil {
		t.Fatal(err)
	}
	fake := instagramtest.New(t, posts)
	c, err := instagram.NewClient(instagram.Config{AppID: instagramtest.AppID, AppSecret: instagramtest.AppSecret,
		AuthorizeURL: fake.URL + "/oauth/authorize", TokenURL: fake.URL + "/oauth/access_token", GraphURL: fake.URL})
	if err != nil {
		t.Fatal(err)
	}
	clk := clock.NewFixed(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC))
	svc, err := instagram.NewService(instagram.Deps{Store: s, Clock: clk, Blobs: blobs, Client: c,
		TokenKey: []byte(strings.Repeat("t", 32)), StateKey: []byte(strings.Repeat("s", 32))})
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{svc: svc, store: s, fake: fake, clock: clk, dir: dir}
}

// provider makes a planner, premium or not, with or without an Instagram link.
func (f *fixture) provider(t *testing.T, premium, link bool) string {
	t.Helper()
	now := f.clock.Now()
	u := model.User{ID: model.NewID(), PasswordHash: "x", Role: model.RolePlanner, Firstname: "A", Lastname: "B",
		Locale: "fr", Domain: "fr", IsModerated: true, HasFinishedOnboarding: true, PremiumStatus: model.PremiumNone,
		CreatedAt: now, UpdatedAt: now}
	u.Email = u.ID + "@example.com"
	if premium {
		u.PremiumStatus = model.PremiumActive
	}
	ctx := context.Background()
	storetest.Must(t, f.store.CreateUser(ctx, u))
	if link {
		storetest.Must(t, f.store.SaveSocialLinks(ctx, model.SocialLinks{UserID: u.ID, Instagram: "https://www.instagram.com/atelier", UpdatedAt: now}))
	}
	return u.ID
}

// connect goes through the whole return: state, callback, ticket, exchange.
func (f *fixture) connect(t *testing.T, userID string) {
	t.Helper()
	ctx := context.Background()
	auth, err := f.svc.AuthURL(ctx, userID, redirect)
	if err != nil {
		t.Fatal(err)
	}
	ticket, err := f.svc.Callback(f.fake.IssueCode(redirect)+"#_", stateOf(t, auth), redirect)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Connect(ctx, userID, ticket); err != nil {
		t.Fatal(err)
	}
}

func stateOf(t *testing.T, auth string) string {
	t.Helper()
	i := strings.Index(auth, "state=")
	if i < 0 {
		t.Fatalf("no state in %s", auth)
	}
	st := auth[i+len("state="):]
	if j := strings.IndexByte(st, '&'); j >= 0 {
		st = st[:j]
	}
	return strings.NewReplacer("%3D", "=", "%2F", "/").Replace(st)
}

func TestConnectingExchangesTheCodeTwiceAndSyncsThePosts(t *testing.T) {
	f := newFixture(t, 20)
	ctx := context.Background()
	id := f.provider(t, true, true)
	f.connect(t, id)

	form := f.fake.Form
	if form.Get("grant_type") != "authorization_code" || form.Get("redirect_uri") != redirect || form.Get("client_secret") != instagramtest.AppSecret {
		t.Errorf("code exchange form: %v", form)
	}
	if f.fake.Count("/access_token") != 1 {
		t.Errorf("the short-lived token was not exchanged for a long-lived one")
	}
	st, err := f.svc.Status(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if !st.HasToken || st.TokenExpired || st.LastSyncAt == nil || st.Reason != "" {
		t.Errorf("status after connecting: %+v", st)
	}
	// 20 posts, 4 a page: the sync follows the cursors until 12 pictures.
	if len(st.Posts) != instagram.Posts {
		t.Fatalf("%d posts, want %d", len(st.Posts), instagram.Posts)
	}
	if f.fake.Count("/me/media") < 3 {
		t.Errorf("paging not followed: %d pages", f.fake.Count("/me/media"))
	}
	for i, p := range st.Posts {
		if !strings.HasPrefix(p.ImageURL, "/media/instagram/"+id+"/") || p.Width != 400 || !strings.HasPrefix(p.Permalink, "https://www.instagram.com/p/") {
			t.Errorf("post %d: %+v", i, p)
		}
		if _, err := os.Stat(filepath.Join(f.dir, strings.TrimPrefix(p.ImageURL, "/media/"))); err != nil {
			t.Errorf("post %d: picture not stored: %v", i, err)
		}
	}
	// The video without a thumbnail (post 4) is skipped; the one with (post 2) shows.
	if st.Posts[2].Permalink != "https://www.instagram.com/p/Post2/" || st.Posts[4].Permalink != "https://www.instagram.com/p/Post5/" {
		t.Errorf("posts kept: %s, %s", st.Posts[2].Permalink, st.Posts[4].Permalink)
	}
	public, err := f.svc.PublicPosts(ctx, id)
	if err != nil || len(public) != instagram.Posts {
		t.Errorf("public posts: %d, %v", len(public), err)
	}
}

func TestTheTokenIsStoredSealed(t *testing.T) {
	f := newFixture(t, 3)
	id := f.provider(t, true, true)
	f.connect(t, id)
	a, err := f.store.GetInstagramAccount(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(a.TokenSealed, "IGAA") || len(a.TokenSealed) < 40 {
		t.Errorf("the stored column holds the token: %q", a.TokenSealed)
	}
	if a.IGUserID != "17841400008460056" || !a.TokenExpiresAt.After(f.clock.Now().Add(59*24*time.Hour)) {
		t.Errorf("account: %+v", a)
	}
	// The same sealed token copied to another user's row does not open.
	other := f.provider(t, true, true)
	a.UserID = other
	storetest.Must(t, f.store.SaveInstagramAccount(context.Background(), a))
	if err := f.svc.Sync(context.Background(), other); err != nil {
		t.Fatal(err)
	}
	b, _ := f.store.GetInstagramAccount(context.Background(), other)
	if b.Status != model.InstagramExpired {
		t.Errorf("a token sealed for another user opened: %s", b.Status)
	}
}

func TestOnlyPremiumProvidersWithALinkMaySync(t *testing.T) {
	f := newFixture(t, 3)
	ctx := context.Background()
	for _, c := range []struct {
		name          string
		premium, link bool
		code, reason  string
	}{
		{"a free plan", false, true, "instagram.errors.premium_required", instagram.ReasonPremium},
		{"no Instagram link", true, false, "instagram.errors.link_required", instagram.ReasonLink},
	} {
		t.Run(c.name, func(t *testing.T) {
			id := f.provider(t, c.premium, c.link)
			_, err := f.svc.AuthURL(ctx, id, redirect)
			if e, ok := apperr.As(err); !ok || e.Kind != apperr.Forbidden || e.Code != c.code {
				t.Errorf("auth url: %v", err)
			}
			// A ticket made while allowed is refused once not.
			ticket, _ := f.svc.Callback("code", stateFor(t, f, id), redirect)
			if err := f.svc.Connect(ctx, id, ticket); !apperr.IsKind(err, apperr.Forbidden) {
				t.Errorf("connect: %v", err)
			}
			st, _ := f.svc.Status(ctx, id)
			if st.Reason != c.reason {
				t.Errorf("reason %q", st.Reason)
			}
		})
	}
}

// stateFor makes a state for id through a premium detour: the state itself
// does not depend on the plan.
func stateFor(t *testing.T, f *fixture, id string) string {
	t.Helper()
	states, err := instagram.NewStates([]byte(strings.Repeat("s", 32)))
	if err != nil {
		t.Fatal(err)
	}
	return states.Make(id, f.clock.Now())
}

func TestAnotherUsersReturnIsRefused(t *testing.T) {
	f := newFixture(t, 3)
	ctx := context.Background()
	alice, bob := f.provider(t, true, true), f.provider(t, true, true)
	auth, err := f.svc.AuthURL(ctx, alice, redirect)
	if err != nil {
		t.Fatal(err)
	}
	ticket, err := f.svc.Callback(f.fake.IssueCode(redirect), stateOf(t, auth), redirect)
	if err != nil {
		t.Fatal(err)
	}
	err = f.svc.Connect(ctx, bob, ticket)
	if e, ok := apperr.As(err); !ok || e.Code != "instagram.errors.bad_return" {
		t.Errorf("bob redeemed alice's ticket: %v", err)
	}
	if f.fake.Count("/oauth/access_token") != 0 {
		t.Errorf("the code was exchanged for the wrong user")
	}
	// A forged, altered or late state never becomes a ticket.
	for name, st := range map[string]string{"forged": "YWxpY2U.9999999999.bm9uY2U.bWFj", "altered": stateOf(t, auth) + "x", "empty": ""} {
		if _, err := f.svc.Callback("code", st, redirect); !errors.Is(err, instagram.ErrBadState) {
			t.Errorf("%s state: %v", name, err)
		}
	}
	f.clock.Advance(instagram.StateTTL + time.Second)
	if _, err := f.svc.Callback("code", stateOf(t, auth), redirect); !errors.Is(err, instagram.ErrBadState) {
		t.Errorf("expired state: %v", err)
	}
	// A ticket past its time is refused too.
	f.clock.Advance(instagram.TicketTTL + time.Second)
	if err := f.svc.Connect(ctx, alice, ticket); !apperr.IsKind(err, apperr.Invalid) {
		t.Errorf("late ticket: %v", err)
	}
}

func TestAnExpiredTokenTurnsTheStatusAndHidesThePosts(t *testing.T) {
	f := newFixture(t, 3)
	ctx := context.Background()
	id := f.provider(t, true, true)
	f.connect(t, id)
	f.fake.Expire()
	err := f.svc.Sync(ctx, id)
	if !errors.Is(err, instagram.ErrTokenExpired) {
		t.Fatalf("sync with an expired token: %v", err)
	}
	st, _ := f.svc.Status(ctx, id)
	if !st.TokenExpired || !st.HasToken || len(st.Posts) != instagramtest.Shown(3) {
		t.Errorf("status: %+v", st)
	}
	if public, _ := f.svc.PublicPosts(ctx, id); len(public) != 0 {
		t.Errorf("an expired connection's posts are public: %d", len(public))
	}
	// The schedule no longer calls Instagram for it.
	before := f.fake.Count("/me/media")
	storetest.Must(t, f.svc.SyncAll(ctx))
	if f.fake.Count("/me/media") != before {
		t.Errorf("an expired connection was synced")
	}
	// Reconnecting makes it synced again.
	f.connect(t, id)
	if st, _ := f.svc.Status(ctx, id); st.TokenExpired {
		t.Errorf("still expired after reconnecting")
	}
}

func TestTheTokenIsRefreshedBeforeItExpires(t *testing.T) {
	f := newFixture(t, 3)
	ctx := context.Background()
	id := f.provider(t, true, true)
	f.connect(t, id)
	a0, _ := f.store.GetInstagramAccount(ctx, id)

	f.clock.Advance(30 * 24 * time.Hour) // 30 days left: not yet
	storetest.Must(t, f.svc.SyncAll(ctx))
	if f.fake.Count("/refresh_access_token") != 0 {
		t.Errorf("refreshed with 30 days left")
	}
	f.clock.Advance(21 * 24 * time.Hour) // 9 days left
	storetest.Must(t, f.svc.SyncAll(ctx))
	if f.fake.Count("/refresh_access_token") != 1 {
		t.Fatalf("not refreshed with 9 days left")
	}
	if r := f.fake.Requests["/refresh_access_token"]; r.URL.Query().Get("grant_type") != "ig_refresh_token" {
		t.Errorf("refresh request: %s", r.URL.RawQuery)
	}
	a1, _ := f.store.GetInstagramAccount(ctx, id)
	if a1.TokenSealed == a0.TokenSealed || !a1.TokenExpiresAt.After(f.clock.Now().Add(59*24*time.Hour)) || a1.Status != model.InstagramSynced {
		t.Errorf("after refresh: %+v", a1)
	}
	// The refreshed token is the one used next.
	storetest.Must(t, f.svc.Sync(ctx, id))
	if q := f.fake.Requests["/me/media"].URL.Query().Get("access_token"); !strings.HasPrefix(q, "IGAArefreshed") {
		t.Errorf("media read with %q", q)
	}
}

func TestRevokingForgetsTheTokenAndThePosts(t *testing.T) {
	f := newFixture(t, 3)
	ctx := context.Background()
	id := f.provider(t, true, true)
	f.connect(t, id)
	st, _ := f.svc.Status(ctx, id)
	storetest.Must(t, f.svc.Revoke(ctx, id))
	if _, err := f.store.GetInstagramAccount(ctx, id); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("account kept: %v", err)
	}
	if posts, _ := f.store.ListInstagramPosts(ctx, id); len(posts) != 0 {
		t.Errorf("%d posts kept", len(posts))
	}
	for _, p := range st.Posts {
		if _, err := os.Stat(filepath.Join(f.dir, strings.TrimPrefix(p.ImageURL, "/media/"))); !os.IsNotExist(err) {
			t.Errorf("picture kept: %s", p.ImageURL)
		}
	}
	// Revoking twice is fine.
	storetest.Must(t, f.svc.Revoke(ctx, id))
}

func TestAResyncKeepsThePicturesItHasAndDropsTheOld(t *testing.T) {
	f := newFixture(t, 3)
	ctx := context.Background()
	id := f.provider(t, true, true)
	f.connect(t, id)
	before, _ := f.store.ListInstagramPosts(ctx, id)
	pics := f.fake.Count("/pics/0")
	// A new post arrives on top; the oldest shown stays (fewer than 12).
	f.fake.Posts = append([]map[string]any{{"id": "1790new", "media_type": "IMAGE", "media_url": f.fake.URL + "/pics/9",
		"permalink": "https://www.instagram.com/p/New/", "timestamp": "2026-11-22T08:00:00+0000"}}, f.fake.Posts[1:]...)
	storetest.Must(t, f.svc.Sync(ctx, id))
	after, _ := f.store.ListInstagramPosts(ctx, id)
	if len(after) != len(before) || after[0].MediaID != "1790new" || after[1].ImageKey != before[1].ImageKey {
		t.Errorf("after resync: %+v", after)
	}
	if f.fake.Count("/pics/0") != pics {
		t.Errorf("a picture already stored was downloaded again")
	}
	if _, err := os.Stat(filepath.Join(f.dir, before[0].ImageKey)); !os.IsNotExist(err) {
		t.Errorf("the dropped post's picture is kept")
	}
}

func TestWithoutAnAppEverythingIsUnavailable(t *testing.T) {
	s := storetest.New(t)
	blobs, _ := blob.NewLocal(t.TempDir(), "/media/")
	svc, err := instagram.NewService(instagram.Deps{Store: s, Blobs: blobs})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := svc.AuthURL(ctx, "u", redirect); !apperr.IsKind(err, apperr.Unavailable) {
		t.Errorf("auth url: %v", err)
	}
	if err := svc.Revoke(ctx, "u"); !apperr.IsKind(err, apperr.Unavailable) {
		t.Errorf("revoke: %v", err)
	}
	if st, err := svc.Status(ctx, "u"); err != nil || st.Available {
		t.Errorf("status: %+v %v", st, err)
	}
	if err := svc.SyncAll(ctx); err != nil {
		t.Error(err)
	}
}
