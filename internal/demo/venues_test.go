package demo

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"strings"
	"testing"
	"time"

	"noces/internal/clock"
	"noces/internal/config"
	"noces/internal/directory/index"
	"noces/internal/hosts"
	"noces/internal/media"
	"noces/internal/model"
	"noces/internal/platform/blob"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

func TestDemoVenues(t *testing.T) {
	ctx := context.Background()
	s := storetest.New(t)
	now := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	cfg, err := config.Load(func(k string) string { return map[string]string{"NOCES_ADDR": "127.0.0.1:8080"}[k] })
	storetest.Must(t, err)
	blobs, err := blob.NewLocal(t.TempDir(), "/media/")
	storetest.Must(t, err)
	m, err := media.NewService(media.Deps{Store: s, Clock: clock.NewFixed(now), Blobs: blobs, Links: hosts.New(cfg),
		Log: slog.New(slog.NewJSONHandler(&bytes.Buffer{}, nil)), ViewKey: []byte("demo-views-key")})
	storetest.Must(t, err)
	owner := model.User{ID: model.NewID(), Email: "venue@noces.test", PasswordHash: "x", Role: model.RoleVenue, Firstname: "Sophie",
		Lastname: "Lefèvre", Locale: "fr", Domain: "fr", IsModerated: true, HasFinishedOnboarding: true,
		PremiumStatus: model.PremiumNone, CreatedAt: now, UpdatedAt: now}
	storetest.Must(t, s.CreateUser(ctx, owner))
	venues := demoVenues()
	storetest.Must(t, seedVenues(ctx, m, s, owner, venues, now))

	page, err := index.New(s, 0).SearchVenues(ctx, index.VenueQuery{Country: "FR", Limit: 10, Now: now, Features: []string{"garden", "parking"}})
	storetest.Must(t, err)
	cards, total := page.Cards, page.Total
	if total != 1 || cards[0].Slug != "chateau-de-lefevre" || cards[0].Key == nil || cards[0].Key.Alt == "" {
		t.Fatalf("the public venues: %d %+v", total, cards)
	}
	public, err := s.GetVisibleVenueBySlug(ctx, "chateau-de-lefevre")
	storetest.Must(t, err)
	if public.ContactName == "" || !public.IsValidated || !public.ValidatedAt.Valid {
		t.Errorf("the published venue: %+v", public)
	}
	photos, err := s.ListPublicVenueImages(ctx, public.ID)
	storetest.Must(t, err)
	if len(photos) < 3 || len(photos) > 5 || !photos[0].IsKeyImage || photos[0].ThumbWidth == 0 {
		t.Errorf("the published venue's photos: %+v", photos)
	}
	for _, p := range photos {
		if _, err := fs.Stat(blobs.FS(), p.ThumbKey); err != nil {
			t.Errorf("the thumbnail of %q: %v", p.Title, err)
		}
	}
	videos, err := s.ListVisibleVenueVideos(ctx, public.ID)
	if err != nil || len(videos) != 1 {
		t.Errorf("the published venue's videos: %+v %v", videos, err)
	}
	sets, err := s.GetVenueSets(ctx, public.ID)
	storetest.Must(t, err)
	if len(sets.Features) == 0 || len(sets.Details) == 0 {
		t.Errorf("the published venue's sets: %+v", sets)
	}
	var forVenue int
	storetest.Must(t, s.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM event_requests WHERE venue_id = $1`, public.ID).Scan(&forVenue))
	if forVenue != 2 {
		t.Errorf("%d demo requests for the venue, want 2", forVenue)
	}

	if _, err := s.GetVisibleVenueBySlug(ctx, "la-grange-des-tilleuls"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the draft is public: %v", err)
	}
	var draftPhotos int
	storetest.Must(t, s.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM images i JOIN venues v ON v.id = i.venue_id
		WHERE v.slug = 'la-grange-des-tilleuls' AND NOT v.is_published AND NOT v.is_validated`).Scan(&draftPhotos))
	if draftPhotos != 1 {
		t.Errorf("the draft has %d photos, want 1", draftPhotos)
	}

	if _, ok := venues[1].page("fr"); ok {
		t.Error("the draft has a public page")
	}
	page, ok := venues[0].page("fr")
	if !ok {
		t.Fatal("the published venue has no public page")
	}
	out := Print([]Account{{Email: owner.Email, Role: owner.Role, About: "venue owner", Pages: []Page{page}, Lines: []string{venues[1].describe()}}}, hosts.New(cfg))
	for _, want := range []string{`venue "Château de Lefèvre": http://fr.localhost:8080/v/chateau-de-lefevre` + "\n",
		`venue "La Grange des Tilleuls" (draft: unpublished, not validated)`,
		"back-office            http://pro.fr.localhost:8080/ (the admin's screens: http://pro.fr.localhost:8080/admin)\n",
		"public directories     http://fr.localhost:8080/\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("the demo output lacks %q:\n%s", want, out)
		}
	}
}
