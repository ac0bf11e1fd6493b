package site

import (
	"bytes"
	"context"
	"database/sql"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"noces/internal/clock"
	"noces/internal/config"
	"noces/internal/conversation"
	"noces/internal/directory"
	"noces/internal/directory/index"
	"noces/internal/emails"
	"noces/internal/eventreq"
	"noces/internal/hosts"
	"noces/internal/i18n"
	"noces/internal/legal/legaltest"
	"noces/internal/media"
	"noces/internal/model"
	"noces/internal/outbox/outboxtest"
	"noces/internal/platform/blob"
	"noces/internal/platform/geo"
	"noces/internal/ratelimit"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// env is the public site over a fresh database, built the way app.New
// builds it, with a fixed clock.
type env struct {
	t       testing.TB
	store   *store.Store
	index   *index.Index
	clock   *clock.Fixed
	site    *Site
	hosts   *hosts.Map
	limiter *ratelimit.Limiter
	media   *media.Service
	handler http.Handler
	logs    *bytes.Buffer
}

var (
	gazetteerOnce sync.Once
	gazetteer     *geo.Gazetteer
	gazetteerErr  error
)

func sharedGazetteer(t testing.TB) *geo.Gazetteer {
	t.Helper()
	gazetteerOnce.Do(func() {
		gazetteer = geo.NewGazetteer()
		gazetteerErr = gazetteer.Load()
	})
	if gazetteerErr != nil {
		t.Fatal(gazetteerErr)
	}
	return gazetteer
}

var testNow = time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC)

func newEnv(t testing.TB) *env {
	t.Helper()
	return newEnvOn(t, storetest.New(t), clock.NewFixed(testNow))
}

// newEnvOn is newEnv over the store s, with the clock clk.
func newEnvOn(t testing.TB, s *store.Store, clk *clock.Fixed) *env {
	t.Helper()
	cfg, err := config.Load(func(k string) string {
		return map[string]string{"NOCES_ADDR": "127.0.0.1:8080"}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	texts := i18n.MustLoad()
	hm := hosts.New(cfg)
	logs := &bytes.Buffer{}
	log := slog.New(slog.NewJSONHandler(logs, nil))
	blobs, err := blob.NewLocal(t.TempDir(), "/media/")
	if err != nil {
		t.Fatal(err)
	}
	renderer, err := emails.NewRenderer(texts)
	if err != nil {
		t.Fatal(err)
	}
	limiter := ratelimit.New(s, clk)
	idx := index.New(s, index.DefaultCache)
	dir := directory.NewService(s, idx, clk, blobs, limiter, []byte("profile-views-key"))
	ob := outboxtest.New(t, s, clk)
	events := eventreq.NewService(eventreq.Deps{Store: s, Index: idx, Clock: clk, Outbox: ob, Emails: renderer,
		Texts: texts, Links: hm, Limiter: limiter, FormKey: []byte("forms-key"), Log: log})
	conversations := conversation.NewService(conversation.Deps{Store: s, Clock: clk, Outbox: ob, Emails: renderer,
		Texts: texts, Links: hm, Limiter: limiter, Events: events, Log: log})
	med, err := media.NewService(media.Deps{Store: s, Clock: clk, Blobs: blobs, Links: hm, Log: log, ViewKey: []byte("media-views-key")})
	if err != nil {
		t.Fatal(err)
	}
	st, err := New(Deps{Texts: texts, Hosts: hm, Directory: dir, Events: events, Conversations: conversations, Geo: sharedGazetteer(t), Media: med, Legal: legaltest.Library(t), Log: log, Clock: clk,
		SearchPageBytes: DefaultSearchPageBytes})
	if err != nil {
		t.Fatal(err)
	}
	// The HTTP edge puts the domain of the Host in the context; so does this.
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		d, _ := hm.Resolve(r.Host)
		st.ServeHTTP(w, r.WithContext(i18n.WithLocale(r.Context(), d, d.Lang)))
	})
	return &env{t: t, store: s, index: idx, clock: clk, site: st, hosts: hm, limiter: limiter, media: med, handler: h, logs: logs}
}

type resp struct {
	status int
	header http.Header
	body   string
}

// do sends one request to the site on host (fr.localhost, de.localhost...).
func (e *env) do(method, host, target string, body io.Reader, contentType string, headers ...string) resp {
	e.t.Helper()
	r := httptest.NewRequest(method, target, body)
	r.Host = host + ":8080"
	r.RemoteAddr = "192.0.2.10:40000"
	r.Header.Set("User-Agent", "site-test")
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		r.Header.Set(headers[i], headers[i+1])
	}
	w := httptest.NewRecorder()
	e.handler.ServeHTTP(w, r)
	return resp{status: w.Code, header: w.Header(), body: w.Body.String()}
}

func (e *env) get(host, target string) resp {
	e.t.Helper()
	return e.do(http.MethodGet, host, target, nil, "")
}

func (e *env) postForm(host, target string, v url.Values) resp {
	e.t.Helper()
	return e.do(http.MethodPost, host, target, strings.NewReader(v.Encode()), "application/x-www-form-urlencoded")
}

// count runs a COUNT(*) query, to check what a request wrote.
func (e *env) count(query string, args ...any) int {
	e.t.Helper()
	var n int
	if err := e.store.DB().QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

// planner describes a planner to seed.
type planner struct {
	name, slug, city, country, siret string
	lat, lng                         float64
	premium, hidden                  bool
	services                         []model.CompanyPrestation
	langues                          []int // ids: 1 de, 2 en, 3 es, 4 fr, 5 it, 6 nl, 7 pt
	since                            string
}

// seedPlanner creates a planner through the store and returns its user id.
func (e *env) seedPlanner(p planner) string {
	e.t.Helper()
	ctx := context.Background()
	now := e.clock.Now()
	u := model.User{ID: model.NewID(), Email: p.slug + "@example.com", PasswordHash: "x", Role: model.RolePlanner,
		Firstname: "Test", Lastname: "Planner", Phone: "+33612345678", Locale: "fr", Domain: "fr",
		IsModerated: !p.hidden, HasFinishedOnboarding: true, PremiumStatus: model.PremiumNone, CreatedAt: now, UpdatedAt: now}
	storetest.Must(e.t, e.store.CreateUser(ctx, u))
	if p.premium {
		start, end := now.AddDate(0, -1, 0), now.AddDate(1, 0, 0)
		storetest.Must(e.t, e.store.SetUserPremium(ctx, u.ID, model.PremiumActive, model.NullTime(start), model.NullTime(end), sql.NullString{}, now))
	}
	if p.country == "" {
		p.country = "FR"
	}
	if p.siret == "" {
		p.siret = model.SiretActive
	}
	c := model.Company{UserID: u.ID, Name: p.name, Slug: p.slug, Siret: "73282932000074", SiretStatus: p.siret, City: p.city,
		CountryCode: p.country, Latitude: sql.NullFloat64{Float64: p.lat, Valid: true},
		Longitude: sql.NullFloat64{Float64: p.lng, Valid: true}, CreatedAt: now, UpdatedAt: now}
	if p.since != "" {
		c.DateOfCreation = sql.NullString{String: p.since, Valid: true}
	}
	storetest.Must(e.t, e.store.CreateCompany(ctx, c))
	if p.services == nil {
		p.services = []model.CompanyPrestation{{PrestationID: 4, Description: "Tout, du premier rendez-vous au dernier slow.",
			BudgetStartingFrom: sql.NullInt64{Int64: 1500, Valid: true}, IsDescriptionVisible: true, IsBudgetVisible: true}}
	}
	if p.langues == nil {
		p.langues = []int{4, 2}
	}
	storetest.Must(e.t, e.store.SetCompanyServices(ctx, u.ID, p.langues, p.services))
	return u.ID
}

// seedVenue creates a venue owned by a new venue user.
func (e *env) seedVenue(name, slug, city string, lat, lng float64, published, ownerModerated bool) string {
	e.t.Helper()
	ctx := context.Background()
	now := e.clock.Now()
	u := model.User{ID: model.NewID(), Email: "venue-" + slug + "@example.com", PasswordHash: "x", Role: model.RoleVenue,
		Firstname: "Test", Lastname: "Venue", Locale: "fr", Domain: "fr", IsModerated: ownerModerated,
		HasFinishedOnboarding: true, PremiumStatus: model.PremiumNone, CreatedAt: now, UpdatedAt: now}
	storetest.Must(e.t, e.store.CreateUser(ctx, u))
	v := model.Venue{ID: model.NewID(), OwnerID: u.ID, Name: name, Slug: slug, Type: "castle", City: city, Zipcode: "37000",
		CountryCode: "FR", Latitude: sql.NullFloat64{Float64: lat, Valid: true}, Longitude: sql.NullFloat64{Float64: lng, Valid: true},
		Description: "Un château du XVIe siècle au bord de la Loire.", DetailedDescription: "Le parc.\n\nLa salle des fêtes.",
		SeatedCapacity: 180, StandingCapacity: 250, Bedrooms: sql.NullInt64{Int64: 12, Valid: true}, MinPrice: 5000, MaxPrice: 12000,
		ContactName: "Hélène Martin", ContactRole: "Responsable des événements", Website: "https://www.example.com/" + slug,
		SnInstagram: "https://www.instagram.com/" + slug,
		IsPublished: published, IsValidated: published, CreatedAt: now, UpdatedAt: now}
	storetest.Must(e.t, e.store.CreateVenue(ctx, v))
	return u.ID
}

// venueID is the id of the venue of slug.
func (e *env) venueID(slug string) string {
	e.t.Helper()
	var id string
	storetest.Must(e.t, e.store.DB().QueryRowContext(context.Background(), `SELECT id FROM venues WHERE slug = $1`, slug).Scan(&id))
	return id
}

// dressVenue gives the venue of slug features, services told with hidden
// and shown parts, photos (the key image last by position, a hidden one)
// and a video.
func (e *env) dressVenue(slug string) {
	e.t.Helper()
	ctx := context.Background()
	now := e.clock.Now()
	id := e.venueID(slug)
	var owner string
	storetest.Must(e.t, e.store.DB().QueryRowContext(ctx, `SELECT owner_id FROM venues WHERE id = $1`, id).Scan(&owner))
	storetest.Must(e.t, e.store.SetVenueSets(ctx, id, store.VenueSets{
		Features:    []string{"garden", "parking", "wheelchairAccessible", "wifi"},
		Prestations: []string{"venue_hire", "catering", "accommodation"},
		Details: []model.VenuePrestationDetail{
			{Prestation: "catering", Description: "Menus de saison du chef", BudgetStartingFrom: 85, IsDescriptionVisible: true, IsBudgetVisible: true},
			{Prestation: "accommodation", Description: "Secret des chambres", BudgetStartingFrom: 140, IsBudgetVisible: true},
			{Prestation: "venue_hire", Description: "Location du parc", BudgetStartingFrom: 999999, IsDescriptionVisible: true},
		}}, now))
	for i, p := range []struct {
		name    string
		key, on bool
	}{{"facade", false, true}, {"parc", false, true}, {"salle", true, true}, {"cave", false, false}} {
		storetest.Must(e.t, e.store.CreateVenueImage(ctx, model.Image{ID: model.NewID(), OwnerID: owner,
			VenueID: sql.NullString{String: id, Valid: true}, Title: "Photo " + p.name, Alt: "Vue : " + p.name, Caption: "Légende " + p.name,
			IsKeyImage: p.key, IsVisible: p.on, Position: i, ImageFile: model.ImageFile{ImageKey: "venues/" + p.name + ".jpg",
				ThumbKey: "venues/" + p.name + "-thumb.jpg", Width: 1600, Height: 1067, ThumbWidth: 400, ThumbHeight: 267, ByteSize: 1000},
			CreatedAt: now, UpdatedAt: now}))
	}
	storetest.Must(e.t, e.store.CreateVideo(ctx, model.Video{ID: model.NewID(), OwnerID: owner, VenueID: sql.NullString{String: id, Valid: true},
		Title: "Visite du château", Host: "youtube", ExternalID: "dQw4w9WgXcQ", IsVisible: true, CreatedAt: now, UpdatedAt: now}))
}

// seedReview stores an approved (or pending) review of a provider.
func (e *env) seedReview(providerID string, rating int, name, status string) {
	e.t.Helper()
	r := model.Review{ID: model.NewID(), ProviderID: providerID, Rating: rating, Title: "Un grand merci",
		Body: "Une organisation parfaite du début à la fin, merci !", ReviewerName: name, ReviewerType: "couple",
		WeddingDate: sql.NullString{String: "2025-06-14", Valid: true}, EmailKey: store.EmailKey(name + "@example.com"),
		Status: status, CreatedAt: e.clock.Now()}
	storetest.Must(e.t, e.store.CreateReview(context.Background(), r))
}

var (
	tokenPattern = regexp.MustCompile(`name="formToken" value="([^"]+)"`)
	scriptTag    = regexp.MustCompile(`(?i)<script[^>]*>`)
	h1Tag        = regexp.MustCompile(`(?i)<h1[\s>]`)
)

// formToken reads the anti-spam token of a page's form.
func formToken(t *testing.T, body string) string {
	t.Helper()
	m := tokenPattern.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no form token in the page")
	}
	return m[1]
}

// uncached makes the site keep no search answer and no search page: every
// search is then computed and rendered as if asked for the first time.
func (e *env) uncached() {
	e.index.SetCache(0)
	e.site.searchPages.resize(0)
}
