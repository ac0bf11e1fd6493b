package eventreq

import (
	"bytes"
	"context"
	"database/sql"
	"log/slog"
	"testing"
	"time"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/config"
	"noces/internal/directory/index"
	"noces/internal/emails"
	"noces/internal/eventreq/eventreqtest"
	"noces/internal/hosts"
	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/outbox/outboxtest"
	"noces/internal/ratelimit"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// submitEnv is a service able to take couples' projects, on a store with
// venue owners around Lyon.
type submitEnv struct {
	svc   *Service
	store *store.Store
	clock *clock.Fixed
}

func newSubmitEnv(t *testing.T) submitEnv {
	t.Helper()
	return newSubmitEnvOn(t, storetest.New(t))
}

// newSubmitEnvOn is newSubmitEnv on a store of the test's own.
func newSubmitEnvOn(t *testing.T, s *store.Store) submitEnv {
	t.Helper()
	cfg, err := config.Load(func(k string) string { return map[string]string{"NOCES_ADDR": "127.0.0.1:8080"}[k] })
	storetest.Must(t, err)
	clk := clock.NewFixed(now)
	texts := i18n.MustLoad()
	renderer, err := emails.NewRenderer(texts)
	storetest.Must(t, err)
	log := slog.New(slog.NewJSONHandler(&bytes.Buffer{}, nil))
	svc := NewService(Deps{Store: s, Index: index.New(s, index.DefaultCache), Clock: clk, Outbox: outboxtest.New(t, s, clk), Emails: renderer,
		Texts: texts, Links: hosts.New(cfg), Limiter: ratelimit.New(s, clk),
		FormKey: []byte("forms-key"), Log: log})
	return submitEnv{svc: svc, store: s, clock: clk}
}

// owner creates a moderated venue owner.
func (e submitEnv) owner(t *testing.T, email string) string {
	t.Helper()
	u := model.User{ID: model.NewID(), Email: email, PasswordHash: "x", Role: model.RoleVenue, Firstname: "V", Lastname: "O",
		Locale: "fr", Domain: "fr", IsModerated: true, HasFinishedOnboarding: true, PremiumStatus: model.PremiumNone,
		CreatedAt: now, UpdatedAt: now}
	storetest.Must(t, e.store.CreateUser(context.Background(), u))
	return u.ID
}

// venue creates a published venue near Lyon, lat degrees north of it.
func (e submitEnv) venue(t *testing.T, owner, slug string, seats int, lat float64, validated bool) string {
	t.Helper()
	v := model.Venue{ID: model.NewID(), OwnerID: owner, Name: slug, Slug: slug, Type: "castle", City: "Lyon", CountryCode: "FR",
		Latitude: sql.NullFloat64{Float64: 45.76 + lat, Valid: true}, Longitude: sql.NullFloat64{Float64: 4.84, Valid: true},
		SeatedCapacity: seats, IsPublished: true, IsValidated: validated, CreatedAt: now, UpdatedAt: now}
	storetest.Must(t, e.store.CreateVenue(context.Background(), v))
	return v.ID
}

// submit sends a venue project from Lyon for 100 to 150 guests.
func (e submitEnv) submit(t *testing.T, venueSlug, email string) (Submitted, error) {
	t.Helper()
	tok := e.svc.FormToken()
	e.clock.Advance(MinFillTime + time.Second)
	lat, lng := 45.76, 4.84
	in := ProjectInput{VenueSlug: venueSlug, EventType: "wedding", EventDate: "2027-06-12", ServiceType: "VENUE", City: "Lyon",
		Latitude: &lat, Longitude: &lng, GuestRange: "100_150", Firstname: "Ana", Lastname: "Lima", Email: email,
		Phone: "+33611111111", FormToken: tok, ClientIP: "192.0.2.1"}
	return e.svc.Submit(context.Background(), in, i18n.Domains[0])
}

// venuesOf returns the venue of each request of a project, by owner.
func (e submitEnv) venuesOf(t *testing.T, projectID string) map[string]sql.NullString {
	t.Helper()
	rows, err := e.store.DB().QueryContext(context.Background(), `SELECT provider_id, venue_id FROM event_requests WHERE project_id = $1`, projectID)
	storetest.Must(t, err)
	defer rows.Close()
	out := map[string]sql.NullString{}
	for rows.Next() {
		var owner string
		var venue sql.NullString
		storetest.Must(t, rows.Scan(&owner, &venue))
		out[owner] = venue
	}
	storetest.Must(t, rows.Err())
	return out
}

func TestRequestsRecordTheVenueTheyAreFor(t *testing.T) {
	e := newSubmitEnv(t)
	a := e.owner(t, "a@example.com")
	b := e.owner(t, "b@example.com")
	c := e.owner(t, "c@example.com")
	aFar := e.venue(t, a, "a-far", 300, 0.3, true)
	aNear := e.venue(t, a, "a-near", 150, 0.05, true)
	e.venue(t, a, "a-tiny", 40, 0.01, true) // too small for the guests
	bOnly := e.venue(t, b, "b-only", 200, 0.2, true)
	e.venue(t, c, "c-unchecked", 200, 0.01, false)

	t.Run("a general venue project: each owner's best match", func(t *testing.T) {
		res, err := e.submit(t, "", "general@example.com")
		storetest.Must(t, err)
		done := eventreqtest.Confirm(t, e.store, e.svc, "general@example.com")
		got := e.venuesOf(t, res.ProjectID)
		if done.Matched != 2 || len(got) != 2 {
			t.Fatalf("matched %d: %v", done.Matched, got)
		}
		if got[a].String != aNear || got[b].String != bOnly {
			t.Errorf("venues %v, want %s for a (the nearest that seats the guests) and %s for b", got, aNear, bOnly)
		}
	})
	t.Run("a project from a venue's page: that venue", func(t *testing.T) {
		res, err := e.submit(t, "a-far", "page@example.com")
		storetest.Must(t, err)
		done := eventreqtest.Confirm(t, e.store, e.svc, "page@example.com")
		got := e.venuesOf(t, res.ProjectID)
		if done.Matched != 1 || len(got) != 1 || got[a].String != aFar {
			t.Errorf("matched %d: %v, want only %s", done.Matched, got, aFar)
		}
	})
	t.Run("an unvalidated venue's page takes no project", func(t *testing.T) {
		_, err := e.submit(t, "c-unchecked", "unchecked@example.com")
		if ae, ok := apperr.As(err); !ok || ae.Kind != apperr.NotFound {
			t.Errorf("%v, want not found", err)
		}
		var n int
		storetest.Must(t, e.store.DB().QueryRow(`SELECT COUNT(*) FROM event_requests WHERE provider_id = $1`, c).Scan(&n))
		if n != 0 {
			t.Errorf("%d requests to an unvalidated venue", n)
		}
	})
	t.Run("a planner's request has no venue", func(t *testing.T) {
		p := model.Project{ID: model.NewID(), Domain: "fr", EventType: "wedding", EventDate: "2027-06-12", ServiceType: "FULL_PLANNING",
			Firstname: "Ana", Lastname: "Lima", Email: "ana@example.com", Phone: "+33611111111", CreatedAt: now,
			ConfirmedAt: sql.NullTime{Time: now, Valid: true}}
		storetest.Must(t, e.store.CreateProject(context.Background(), p))
		storetest.Must(t, e.store.CreateEventRequest(context.Background(), model.EventRequest{ID: model.NewID(), ProjectID: p.ID,
			ProviderID: b, CreatedAt: now}))
		if got := e.venuesOf(t, p.ID); got[b].Valid {
			t.Errorf("a request without a venue got %v", got[b])
		}
	})
}
