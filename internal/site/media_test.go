package site

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"noces/internal/media"
	"noces/internal/model"
	"noces/internal/store/storetest"
)

// seededMedia is a premium planner's photos, videos and portfolios, half of
// them hidden or unpublished.
type seededMedia struct {
	shown, hidden     media.Image
	video, hiddenVid  media.Video
	published, draft  media.Portfolio
	otherPlannerPhoto media.Image
}

func seedMedia(e *env, s seeded) seededMedia {
	e.t.Helper()
	t := e.t
	ctx := context.Background()
	var m seededMedia
	var err error
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	m.shown, err = e.media.UploadImage(ctx, s.premium, pngOf(t, 800, 600), "Dîner sous les étoiles", "La table d'honneur au crépuscule.")
	must(err)
	m.hidden, err = e.media.UploadImage(ctx, s.premium, pngOf(t, 800, 600), "Photo privée", "Une photo qui reste cachée.")
	must(err)
	no := false
	_, err = e.media.SetImageVisibility(ctx, s.premium, m.hidden.ID, &no)
	must(err)
	m.otherPlannerPhoto, err = e.media.UploadImage(ctx, s.free, pngOf(t, 400, 400), "Photo d'un autre", "La photo d'un autre planner.")
	must(err)
	m.video, err = e.media.AddVideo(ctx, s.premium, media.VideoInput{Title: "Le film du mariage", Description: "Trois minutes d'émotion.",
		Link: "https://youtu.be/dQw4w9WgXcQ"})
	must(err)
	m.hiddenVid, err = e.media.AddVideo(ctx, s.premium, media.VideoInput{Title: "Vidéo cachée", Link: "https://vimeo.com/76979871", Visible: &no})
	must(err)
	in := media.PortfolioInput{Title: "Mariage au domaine", Description: "Cent vingt invités entre vignes et oliviers.\n\nUn dîner sous les platanes.",
		WeddingDate: "2025-06-14", TotalBudget: 42000, PlannerBudget: 4500, NumberOfGuests: 120, Location: "Domaine des Oliviers",
		City: "Aix-en-Provence", Style: "Champêtre", IsBudgetHidden: true, Prestations: []int{4}}
	m.published, err = e.media.CreatePortfolio(ctx, s.premium, in)
	must(err)
	_, errs, err := e.media.AddImages(ctx, s.premium, m.published.ID, []media.Upload{{Name: "a.png", Data: pngOf(t, 600, 400)}})
	must(err)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	_, err = e.media.SetPublished(ctx, s.premium, m.published.ID, true)
	must(err)
	in.Title, in.Description = "Brouillon secret", "Un mariage pas encore prêt à être montré."
	m.draft, err = e.media.CreatePortfolio(ctx, s.premium, in)
	must(err)
	_, err = e.media.SavePortrait(ctx, s.premium, media.Portrait{Portrait: `<p>Je suis <strong>Claire</strong>.</p><script>alert("x")</script>`,
		Benefits: "<ul><li>Un seul interlocuteur</li><li>Des prestataires choisis</li></ul>"})
	must(err)
	_, err = e.media.SaveSocial(ctx, s.premium, map[string]string{"instagram": "instagram.com/maison_premium", "pinterest": "pinterest.fr/maisonpremium"})
	must(err)
	return m
}

func TestProviderPageShowsVisibleMedia(t *testing.T) {
	e := newEnv(t)
	s := seedDirectory(e)
	m := seedMedia(e, s)
	r := e.get("fr.localhost", "/p/maison-premium")
	if r.status != 200 {
		t.Fatalf("%d", r.status)
	}
	for _, want := range []string{
		`alt="Dîner sous les étoiles"`, `loading="lazy"`, `href="/p/maison-premium/photos/` + m.shown.ID + `"`,
		`srcset="` + m.shown.ThumbURL + ` 480w, ` + m.shown.URL + ` 800w"`,
		`href="/p/maison-premium/videos/` + m.video.ID + `"`, "Le film du mariage", "Vidéo sur YouTube",
		`href="/p/maison-premium/portfolio/` + m.published.ID + `"`, "Mariage au domaine",
		"<p>Je suis <strong>Claire</strong>.</p>", "<li>Un seul interlocuteur</li>", "Nos atouts",
		`href="https://www.instagram.com/maison_premium"`, `href="https://www.pinterest.com/maisonpremium"`,
		`"sameAs":["https://www.instagram.com/maison_premium","https://www.pinterest.com/maisonpremium"]`,
	} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	for _, hidden := range []string{"Photo privée", m.hidden.ID, "Vidéo cachée", "Brouillon secret", "Photo d'un autre", "alert(", "<iframe", "youtube.com"} {
		if strings.Contains(r.body, hidden) {
			t.Errorf("the page shows %q", hidden)
		}
	}
	if scriptTag.MatchString(strings.ReplaceAll(r.body, `<script type="application/ld+json">`, "")) {
		t.Error("a script on the page")
	}
	if csp := r.header.Get("Content-Security-Policy"); strings.Contains(csp, "frame-src") || !strings.Contains(csp, "default-src 'none'") {
		t.Errorf("csp %q", csp)
	}
	t.Run("a planner without media shows no empty sections", func(t *testing.T) {
		r := e.get("fr.localhost", "/p/atelier-lumiere")
		if strings.Contains(r.body, `id="videos"`) || strings.Contains(r.body, `id="portfolios"`) || strings.Contains(r.body, `id="about"`) {
			t.Errorf("empty media sections on a page without media")
		}
	})
}

func TestPhotoPage(t *testing.T) {
	e := newEnv(t)
	s := seedDirectory(e)
	m := seedMedia(e, s)
	ctx := context.Background()
	second, err := e.media.UploadImage(ctx, s.premium, pngOf(t, 600, 900), "Le bouquet", "Pivoines et eucalyptus.")
	if err != nil {
		t.Fatal(err)
	}
	path := "/p/maison-premium/photos/" + m.shown.ID
	r := e.get("fr.localhost", path)
	if r.status != 200 {
		t.Fatalf("%d", r.status)
	}
	for _, want := range []string{"<h1>Dîner sous les étoiles</h1>", `src="` + m.shown.URL + `"`, `width="800" height="600"`,
		// The gallery's order puts a new photo last: the shown one comes first.
		"La table d'honneur au crépuscule.", `rel="next" href="/p/maison-premium/photos/` + second.ID + `"`, "1 sur 2",
		`<link rel="canonical" href="http://fr.localhost:8080` + path + `">`, `"@type":"ImageObject"`} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the photo page lacks %s", want)
		}
	}
	views := func(id string) int {
		return e.count(`SELECT COUNT(*) FROM image_views WHERE image_id = $1`, id)
	}
	e.do(http.MethodHead, "fr.localhost", path, nil, "")
	if n := views(m.shown.ID); n != 1 {
		t.Errorf("after one visit and a HEAD: %d views", n)
	}
	e.get("fr.localhost", path)
	e.do(http.MethodGet, "fr.localhost", path, nil, "", "User-Agent", "another browser")
	if n := views(m.shown.ID); n != 2 {
		t.Errorf("two visitors, one twice: %d views", n)
	}
	e.clock.Advance(24 * time.Hour)
	e.get("fr.localhost", path)
	if n := views(m.shown.ID); n != 3 {
		t.Errorf("the next day: %d views", n)
	}
	for _, p := range []string{
		"/p/maison-premium/photos/" + m.hidden.ID,            // hidden
		"/p/maison-premium/photos/" + m.otherPlannerPhoto.ID, // another planner's
		"/p/atelier-lumiere/photos/" + m.shown.ID,            // under another planner
		"/p/maison-premium/photos/nope",
	} {
		if r := e.get("fr.localhost", p); r.status != 404 {
			t.Errorf("%s: %d", p, r.status)
		}
	}
	// Another profile's photo, on that profile's own domain.
	if r := e.get("de.localhost", "/p/hochzeit-berlin/photos/"+m.shown.ID); r.status != 404 {
		t.Errorf("under the Berlin planner: %d", r.status)
	}
	if n := views(m.hidden.ID) + views(m.otherPlannerPhoto.ID); n != 0 {
		t.Errorf("refused pages counted %d views", n)
	}
}

func TestGalleryPagesArePaged(t *testing.T) {
	e := newEnv(t)
	s := seedDirectory(e)
	ctx := context.Background()
	now := e.clock.Now()
	for i := range 60 {
		id := model.NewID()
		storetest.Must(t, e.store.CreateImage(ctx, model.Image{ID: id, OwnerID: s.premium, Title: fmt.Sprintf("Photo %02d", i), IsVisible: true,
			ImageFile: model.ImageFile{ImageKey: "images/" + id + ".jpg", Width: 1200, Height: 800, ThumbKey: "images/" + id + "-thumb.jpg", ThumbWidth: 480,
				ThumbHeight: 320, ByteSize: 1}, CreatedAt: now.Add(time.Duration(i) * time.Second), UpdatedAt: now}))
	}
	profile := e.get("fr.localhost", "/p/maison-premium")
	if n := strings.Count(profile.body, `class="gallery"`); n != 1 || strings.Count(profile.body, "/photos/") != pagePhotos {
		t.Errorf("the profile shows %d photo links", strings.Count(profile.body, "/photos/"))
	}
	if !strings.Contains(profile.body, `href="/p/maison-premium/photos">Voir les 60 photos</a>`) {
		t.Error("no link to the full gallery")
	}
	one := e.get("fr.localhost", "/p/maison-premium/photos")
	two := e.get("fr.localhost", "/p/maison-premium/photos?page=2")
	if one.status != 200 || two.status != 200 || strings.Count(one.body, `<li><a href="/p/maison-premium/photos/`) != photosPerPage ||
		strings.Count(two.body, `<li><a href="/p/maison-premium/photos/`) != 60-photosPerPage || !strings.Contains(one.body, `rel="next" href="/p/maison-premium/photos?page=2"`) {
		t.Errorf("gallery pages %d %d", one.status, two.status)
	}
	for _, bad := range []string{"?page=3", "?page=0", "?page=x"} {
		if r := e.get("fr.localhost", "/p/maison-premium/photos"+bad); r.status != 404 {
			t.Errorf("%s: %d", bad, r.status)
		}
	}
}

func TestVideoPage(t *testing.T) {
	e := newEnv(t)
	s := seedDirectory(e)
	m := seedMedia(e, s)
	r := e.get("fr.localhost", "/p/maison-premium/videos/"+m.video.ID)
	if r.status != 200 {
		t.Fatalf("%d", r.status)
	}
	if !strings.Contains(r.body, `<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Le film du mariage"`) ||
		!strings.Contains(r.body, `href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"`) || !strings.Contains(r.body, "confidentialité renforcée") {
		t.Errorf("video page %s", r.body)
	}
	csp := r.header.Get("Content-Security-Policy")
	if !strings.HasSuffix(csp, "; frame-src https://www.youtube-nocookie.com") || !strings.HasPrefix(csp, "default-src 'none'") {
		t.Errorf("csp %q", csp)
	}
	if scriptTag.MatchString(strings.ReplaceAll(r.body, `<script type="application/ld+json">`, "")) {
		t.Error("a script on the video page")
	}
	for _, p := range []string{"/p/maison-premium/videos/" + m.hiddenVid.ID, "/p/atelier-lumiere/videos/" + m.video.ID} {
		if r := e.get("fr.localhost", p); r.status != 404 {
			t.Errorf("%s: %d", p, r.status)
		}
	}
}

func TestPortfolioPage(t *testing.T) {
	e := newEnv(t)
	s := seedDirectory(e)
	m := seedMedia(e, s)
	path := "/p/maison-premium/portfolio/" + m.published.ID
	r := e.get("fr.localhost", path)
	if r.status != 200 {
		t.Fatalf("%d", r.status)
	}
	for _, want := range []string{"<h1>Mariage au domaine</h1>", "juin 2025", "Domaine des Oliviers, Aix-en-Provence", "120 invités",
		"Champêtre", "Organisation complète", `<p class="text">Un dîner sous les platanes.</p>`, `alt="Mariage au domaine"`,
		`"@type":"CreativeWork"`} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the portfolio page lacks %s", want)
		}
	}
	if strings.Contains(r.body, "Budget total") || strings.Contains(r.body, "42\u202f000") {
		t.Error("a hidden budget is shown")
	}
	views := func() int {
		return e.count(`SELECT COUNT(*) FROM portfolio_views WHERE portfolio_id = $1`, m.published.ID)
	}
	e.get("fr.localhost", path)
	e.do(http.MethodHead, "fr.localhost", path, nil, "")
	if n := views(); n != 1 {
		t.Errorf("one visitor twice and a HEAD: %d views", n)
	}
	for _, p := range []string{"/p/maison-premium/portfolio/" + m.draft.ID, "/p/atelier-lumiere/portfolio/" + m.published.ID,
		"/p/maison-premium/portfolio/nope"} {
		if r := e.get("fr.localhost", p); r.status != 404 {
			t.Errorf("%s: %d", p, r.status)
		}
	}
	if n := e.count(`SELECT COUNT(*) FROM portfolio_views WHERE portfolio_id = $1`, m.draft.ID); n != 0 {
		t.Errorf("a draft counted %d views", n)
	}
	// Withdrawn, it is gone from the page and the profile.
	if _, err := e.media.SetPublished(context.Background(), s.premium, m.published.ID, false); err != nil {
		t.Fatal(err)
	}
	if r := e.get("fr.localhost", path); r.status != 404 {
		t.Errorf("a withdrawn portfolio: %d", r.status)
	}
	if strings.Contains(e.get("fr.localhost", "/p/maison-premium").body, "Mariage au domaine") {
		t.Error("the profile still links a withdrawn portfolio")
	}
}

func TestVenuePageShowsItsMedia(t *testing.T) {
	e := newEnv(t)
	s := seedDirectory(e)
	ctx := context.Background()
	var venueID string
	if err := e.store.DB().QueryRowContext(ctx, `SELECT id FROM venues WHERE slug = 'chateau-loire'`).Scan(&venueID); err != nil {
		t.Fatal(err)
	}
	now := e.clock.Now()
	mk := func(title string, visible bool) string {
		id := model.NewID()
		storetest.Must(t, e.store.CreateImage(ctx, model.Image{ID: id, OwnerID: s.venueOwner, VenueID: sql.NullString{String: venueID, Valid: true}, Title: title, IsVisible: visible,
			ImageFile: model.ImageFile{ImageKey: "venues/" + id + ".jpg", Width: 1200, Height: 800, ThumbKey: "venues/" + id + "-thumb.jpg", ThumbWidth: 480,
				ThumbHeight: 320, ByteSize: 1}, CreatedAt: now, UpdatedAt: now}))
		return id
	}
	shown, hidden := mk("La cour d'honneur", true), mk("Les cuisines", false)
	storetest.Must(t, e.store.CreateVideo(ctx, model.Video{ID: model.NewID(), OwnerID: s.venueOwner, VenueID: sql.NullString{String: venueID, Valid: true}, Title: "Visite du château",
		Host: media.HostVimeo, ExternalID: "76979871", IsVisible: true, CreatedAt: now, UpdatedAt: now}))
	r := e.get("fr.localhost", "/v/chateau-loire")
	if !strings.Contains(r.body, `alt="La cour d&#39;honneur"`) || strings.Contains(r.body, "Les cuisines") ||
		!strings.Contains(r.body, "Visite du château") || !strings.Contains(r.body, "Vidéo sur Vimeo") {
		t.Errorf("venue page media missing or hidden shown")
	}
	if r := e.get("fr.localhost", "/v/chateau-loire/photos/"+shown); r.status != 200 || !strings.Contains(r.body, "← Retour à Château de la Loire") {
		t.Errorf("venue photo page %d", r.status)
	}
	if r := e.get("fr.localhost", "/v/chateau-loire/photos/"+hidden); r.status != 404 {
		t.Errorf("a hidden venue photo: %d", r.status)
	}
	if n := e.count(`SELECT COUNT(*) FROM image_views WHERE image_id = $1`, shown); n != 1 {
		t.Errorf("venue photo views %d", n)
	}
	vid := regexp.MustCompile(`href="(/v/chateau-loire/videos/[^"]+)"`).FindStringSubmatch(r.body)
	if vid == nil {
		t.Fatal("no video link")
	}
	if v := e.get("fr.localhost", vid[1]); v.status != 200 || !strings.Contains(v.header.Get("Content-Security-Policy"), "frame-src https://player.vimeo.com") ||
		!strings.Contains(v.body, `src="https://player.vimeo.com/video/76979871?dnt=1"`) {
		t.Errorf("venue video page %d %q", v.status, v.header.Get("Content-Security-Policy"))
	}
}

func TestMediaPageSizes(t *testing.T) {
	e := newEnv(t)
	s := seedDirectory(e)
	m := seedMedia(e, s)
	ctx := context.Background()
	now := e.clock.Now()
	long := strings.Repeat("Une description un peu longue pour remplir la page. ", 18)
	for i := range 200 {
		id := model.NewID()
		storetest.Must(t, e.store.CreateImage(ctx, model.Image{ID: id, OwnerID: s.premium, Title: fmt.Sprintf("Une photo au titre assez long %03d", i),
			Description: long, IsVisible: true, ImageFile: model.ImageFile{ImageKey: "images/" + id + ".jpg", Width: 1200, Height: 800, ThumbKey: "images/" + id + "-thumb.jpg",
				ThumbWidth: 480, ThumbHeight: 320, ByteSize: 1}, CreatedAt: now, UpdatedAt: now}))
	}
	for i := range 40 {
		_, err := e.media.AddVideo(ctx, s.premium, media.VideoInput{Title: fmt.Sprintf("Un film de mariage numéro %02d", i), Description: long[:900],
			Link: "https://youtu.be/dQw4w9WgXcQ"})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, path := range []string{"/p/maison-premium", "/p/maison-premium/photos", "/p/maison-premium/photos/" + m.shown.ID,
		"/p/maison-premium/videos/" + m.video.ID, "/p/maison-premium/portfolio/" + m.published.ID} {
		r := e.get("fr.localhost", path)
		t.Logf("%-60s %6d bytes", path, len(r.body))
		if r.status != 200 || len(r.body) >= 100_000 {
			t.Errorf("%s: %d, %d bytes", path, r.status, len(r.body))
		}
	}
}
