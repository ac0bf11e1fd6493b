package media

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"sync"
	"testing"
	"time"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/model"
	"noces/internal/platform/blob"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

type links struct{}

func (links) PublicURL(domain, path string) string { return "http://" + domain + ".localhost" + path }

func newService(t *testing.T) (*Service, *store.Store) {
	t.Helper()
	s := storetest.New(t)
	blobs, err := blob.NewLocal(t.TempDir(), "/media/")
	if err != nil {
		t.Fatal(err)
	}
	svc, err := NewService(Deps{Store: s, Clock: clock.NewFixed(time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC)), Blobs: blobs,
		Links: links{}, FreePhotoQuota: 2, ViewKey: []byte("k")})
	if err != nil {
		t.Fatal(err)
	}
	return svc, s
}

func newProvider(t *testing.T, s *store.Store, premium bool) string {
	t.Helper()
	now := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	u := model.User{ID: model.NewID(), PasswordHash: "x", Role: model.RolePlanner, Firstname: "A", Lastname: "B",
		Locale: "fr", Domain: "fr", IsModerated: true, HasFinishedOnboarding: true, PremiumStatus: model.PremiumNone,
		CreatedAt: now, UpdatedAt: now}
	u.Email = u.ID + "@example.com"
	if premium {
		u.PremiumStatus = model.PremiumActive
	}
	storetest.Must(t, s.CreateUser(context.Background(), u))
	return u.ID
}

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y += 5 {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x), 90, 160, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Racing additions of one free provider must not get past the quota, on
// either engine.
func TestQuotaHoldsUnderConcurrency(t *testing.T) {
	svc, s := newService(t)
	ctx := context.Background()
	user := newProvider(t, s, false)
	var wg sync.WaitGroup
	results := make(chan error, 12)
	for range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := svc.AddVideo(ctx, user, VideoInput{Title: "Le film du mariage", Link: "https://youtu.be/dQw4w9WgXcQ"})
			results <- err
		}()
	}
	wg.Wait()
	close(results)
	ok, refused := 0, 0
	for err := range results {
		switch {
		case err == nil:
			ok++
		case apperr.IsKind(err, apperr.Forbidden):
			refused++
		default:
			t.Errorf("unexpected error: %v", err)
		}
	}
	if n, _ := s.CountVideos(ctx, user); ok != FreeVideoQuota || n != FreeVideoQuota || refused != 12-FreeVideoQuota {
		t.Errorf("%d added, %d refused, %d stored", ok, refused, n)
	}
}

func TestPhotoQuotaIsTheSetting(t *testing.T) {
	svc, s := newService(t)
	ctx := context.Background()
	user := newProvider(t, s, false)
	for i := range 2 {
		if _, err := svc.UploadImage(ctx, user, pngOf(t, 400, 400), "Photo du jour", "Une description assez longue."); err != nil {
			t.Fatalf("photo %d: %v", i, err)
		}
	}
	_, err := svc.UploadImage(ctx, user, pngOf(t, 400, 400), "Photo du jour", "Une description assez longue.")
	if e, ok := apperr.As(err); !ok || e.Code != "photos.upload.error.quota_reached" {
		t.Errorf("third photo: %v", err)
	}
	l, err := svc.Images(ctx, user)
	if err != nil || l.FreePlanQuota != 2 || l.CanAddMore || l.Images[0].Views != nil {
		t.Errorf("list %+v %v", l, err)
	}
}

// Photos sent at once to an empty portfolio: exactly one becomes the key image.
func TestOneKeyImageUnderConcurrency(t *testing.T) {
	svc, s := newService(t)
	ctx := context.Background()
	user := newProvider(t, s, true)
	p, err := svc.CreatePortfolio(ctx, user, PortfolioInput{Title: "Au château", Description: "Un mariage au château, cent invités.",
		WeddingDate: "2025-09-20", NumberOfGuests: 100, Location: "Château de Vaux", Style: "Classique"})
	if err != nil {
		t.Fatal(err)
	}
	data := pngOf(t, 400, 400)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, errs, err := svc.AddImages(ctx, user, p.ID, []Upload{{Name: "a.png", Data: data}}); err != nil || len(errs) > 0 {
				t.Errorf("%v %v", err, errs)
			}
		}()
	}
	wg.Wait()
	got, err := svc.Portfolio(ctx, user, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	keys := 0
	for _, im := range got.Images {
		if im.IsKeyImage {
			keys++
		}
	}
	if len(got.Images) != 4 || keys != 1 {
		t.Errorf("%d photos, %d key images", len(got.Images), keys)
	}
}

func TestPublicMediaShowsOnlyWhatIsVisible(t *testing.T) {
	svc, s := newService(t)
	ctx := context.Background()
	user := newProvider(t, s, true)
	shown, err := svc.UploadImage(ctx, user, pngOf(t, 400, 400), "Visible", "Une photo que l'on montre.")
	if err != nil {
		t.Fatal(err)
	}
	hidden, _ := svc.UploadImage(ctx, user, pngOf(t, 400, 400), "Cachée", "Une photo que l'on cache.")
	no := false
	if _, err := svc.SetImageVisibility(ctx, user, hidden.ID, &no); err != nil {
		t.Fatal(err)
	}
	v, _ := svc.AddVideo(ctx, user, VideoInput{Title: "Vidéo cachée", Link: "https://vimeo.com/1234", Visible: &no})
	draft, _ := svc.CreatePortfolio(ctx, user, PortfolioInput{Title: "Brouillon", Description: "Un portfolio pas encore publié.",
		WeddingDate: "2025-09-20", NumberOfGuests: 80, Location: "Lyon", Style: "Moderne"})
	m, err := svc.ProviderMedia(ctx, user)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Images) != 1 || m.Images[0].ID != shown.ID || len(m.Videos) != 0 || len(m.Portfolios) != 0 {
		t.Errorf("public media %+v (hidden video %s, draft %s)", m, v.ID, draft.ID)
	}
	if _, err := svc.PublishedPortfolio(ctx, user, draft.ID); !apperr.IsKind(err, apperr.NotFound) {
		t.Errorf("a draft portfolio: %v", err)
	}
	if err := svc.RecordImageView(ctx, hidden.ID, "192.0.2.1", "ua"); !apperr.IsKind(err, apperr.NotFound) {
		t.Errorf("a hidden photo's view: %v", err)
	}
}
