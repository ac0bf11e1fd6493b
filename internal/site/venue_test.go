package site

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

func TestVenuePage(t *testing.T) {
	e := newEnv(t)
	s := seedDirectory(e)
	e.dressVenue("chateau-loire")
	e.seedReview(s.venueOwner, 5, "Julie", model.ReviewApproved)
	e.seedReview(s.venueOwner, 3, "Paul", model.ReviewApproved)
	e.seedReview(s.venueOwner, 1, "Hidden", model.ReviewPending)
	r := e.get("fr.localhost", "/v/chateau-loire")
	if r.status != 200 {
		t.Fatalf("%d", r.status)
	}
	checkPage(t, r)
	for _, want := range []string{
		// The key image first, large, then the gallery by position;
		// the hidden photo nowhere.
		`<figure class="hero"><a href="/v/chateau-loire/photos/`, `alt="Vue : salle" fetchpriority="high"`, "Légende salle",
		// Capacities, bedrooms, price range in euros.
		"180 invités", "250 invités", "<dt>Chambres</dt><dd>12</dd>", "De 5\u202f000\u00a0€ à 12\u202f000\u00a0€",
		// Features: an icon and the words, in the model's order.
		`<h2 id="features-title">Atouts et équipements</h2>`, `<svg class="ficon"`, "<span>Jardin</span>", "<span>Parking</span>",
		"<span>Accessible en fauteuil roulant</span>", "<span>Wi-Fi</span>",
		// Services: shown parts only.
		"<h3>Traiteur</h3>", "À partir de 85\u00a0€", "Menus de saison du chef", "<h3>Hébergement</h3>", "À partir de 140\u00a0€",
		"<h3>Location du lieu</h3>", "Location du parc",
		// The video's own page, the contact person, the owner's reviews.
		`href="/v/chateau-loire/videos/`, "Visite du château", "<strong>Hélène Martin</strong>", "Responsable des événements",
		"Julie (Mariés)", "Paul (Mariés)", "4,0 sur 5", "2 avis",
		`action="/v/chateau-loire/request"`,
		// The website and social pages, without passing the page's rank on.
		`<a href="https://www.example.com/chateau-loire" rel="nofollow noopener">Site web</a>`,
		`<a href="https://www.instagram.com/chateau-loire" rel="nofollow noopener">Instagram</a>`,
	} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	for _, not := range []string{"Vue : cave", "Secret des chambres", "999\u202f999", "Hidden"} {
		if strings.Contains(r.body, not) {
			t.Errorf("the page shows %q", not)
		}
	}
	order := []string{`alt="Vue : salle"`, `alt="Vue : facade"`, `alt="Vue : parc"`}
	gallery := r.body[strings.Index(r.body, `<ul class="gallery">`):]
	last := -1
	for _, o := range order {
		i := strings.Index(gallery, o)
		if i < last {
			t.Errorf("gallery: %s out of order", o)
		}
		last = i
	}
	if i, j := strings.Index(r.body, "<span>Jardin</span>"), strings.Index(r.body, "<span>Wi-Fi</span>"); i > j {
		t.Error("features out of the model's order")
	}

	t.Run("JSON-LD", func(t *testing.T) {
		m := regexp.MustCompile(`(?s)<script type="application/ld\+json">(.*?)</script>`).FindStringSubmatch(r.body)
		if m == nil {
			t.Fatal("no JSON-LD")
		}
		var doc struct {
			Type     string   `json:"@type"`
			Capacity int      `json:"maximumAttendeeCapacity"`
			Image    []string `json:"image"`
			Address  struct {
				Locality, PostalCode, Country string
			} `json:"address"`
			Geo *struct {
				Latitude  float64 `json:"latitude"`
				Longitude float64 `json:"longitude"`
			} `json:"geo"`
			Amenities []struct {
				Type  string `json:"@type"`
				Name  string `json:"name"`
				Value bool   `json:"value"`
			} `json:"amenityFeature"`
			PriceRange string `json:"priceRange"`
			Rating     *struct {
				Value float64 `json:"ratingValue"`
				Count int     `json:"reviewCount"`
			} `json:"aggregateRating"`
		}
		if err := json.Unmarshal([]byte(m[1]), &doc); err != nil {
			t.Fatalf("%v\n%s", err, m[1])
		}
		if doc.Type != "EventVenue" || doc.Capacity != 250 || len(doc.Image) != 3 || !strings.HasSuffix(doc.Image[0], "/media/venues/salle.jpg") ||
			!strings.HasPrefix(doc.Image[0], "http://fr.localhost:8080/") || doc.Geo == nil || doc.Geo.Latitude != 47.39 ||
			doc.PriceRange != "De 5\u202f000\u00a0€ à 12\u202f000\u00a0€" {
			t.Errorf("%+v", doc)
		}
		if len(doc.Amenities) != 4 || doc.Amenities[0].Type != "LocationFeatureSpecification" || doc.Amenities[0].Name != "Jardin" || !doc.Amenities[0].Value {
			t.Errorf("amenities %+v", doc.Amenities)
		}
		if doc.Rating == nil || doc.Rating.Value != 4 || doc.Rating.Count != 2 {
			t.Errorf("rating %+v", doc.Rating)
		}
		if !strings.Contains(m[1], `"sameAs":["https://www.example.com/chateau-loire","https://www.instagram.com/chateau-loire"]`) {
			t.Errorf("no sameAs: %s", m[1])
		}
		if !strings.Contains(m[1], `"postalCode":"37000"`) {
			t.Errorf("no postal code: %s", m[1])
		}
	})

	t.Run("in German, and in pounds on the UK domain for a British venue", func(t *testing.T) {
		// A venue's page is on its country's domain only: the German page
		// is that of a venue moved to Germany for the while.
		setCountry := func(c string) {
			if _, err := e.store.DB().Exec(`UPDATE venues SET country_code = $1 WHERE slug = 'chateau-loire'`, c); err != nil {
				t.Fatal(err)
			}
		}
		setCountry("DE")
		r := e.get("de.localhost", "/v/chateau-loire")
		for _, want := range []string{"<span>Garten</span>", "<span>Rollstuhlgerecht</span>", "<h3>Catering</h3>", "Ab 85\u00a0€", "Ihr Ansprechpartner",
			"Schloss · Tours", "180 Gäste", "5.000\u00a0€ bis 12.000\u00a0€", "Über die Location"} {
			if !strings.Contains(r.body, want) {
				t.Errorf("de: the page lacks %q", want)
			}
		}
		setCountry("FR")
		e.seedVenue("Manor House", "manor-house", "York", 53.96, -1.08, true, true)
		if _, err := e.store.DB().Exec(`UPDATE venues SET country_code = 'GB' WHERE slug = 'manor-house'`); err != nil {
			t.Fatal(err)
		}
		r = e.get("uk.localhost", "/v/manor-house")
		if !strings.Contains(r.body, "£5,000 to £12,000") {
			t.Errorf("uk: no price in pounds\n%s", r.body)
		}
		r = e.get("uk.localhost", "/v/chateau-loire")
		if r.status != http.StatusMovedPermanently || r.header.Get("Location") != "http://fr.localhost:8080/v/chateau-loire" {
			t.Errorf("uk: a French venue answers %d %q", r.status, r.header.Get("Location"))
		}
	})

	t.Run("a venue without sets, photos, contact or reviews", func(t *testing.T) {
		e.seedVenue("Salle Nue", "salle-nue", "Tours", 47.39, 0.68, true, true)
		if _, err := e.store.DB().Exec(`UPDATE venues SET contact_name = '', min_price = 0, max_price = 0, website = '', sn_instagram = '' WHERE slug = 'salle-nue'`); err != nil {
			t.Fatal(err)
		}
		r := e.get("fr.localhost", "/v/salle-nue")
		if r.status != 200 {
			t.Fatalf("%d", r.status)
		}
		checkPage(t, r)
		for _, not := range []string{`class="hero"`, `id="features"`, `id="services"`, `id="contact"`, `class="chips social"`, "priceRange", "amenityFeature", "aggregateRating", `"image"`, "sameAs"} {
			if strings.Contains(r.body, not) {
				t.Errorf("an empty venue's page has %q", not)
			}
		}
	})
}

// A venue's photo may have neither alt text nor title (the owner's wizard
// asks for neither): the link around it, in the page's gallery and the full
// gallery, still has a name, the venue's.
func TestVenuePhotoWithoutWords(t *testing.T) {
	e := newEnv(t)
	seedDirectory(e)
	ctx := context.Background()
	id := e.venueID("chateau-loire")
	var owner, name string
	storetest.Must(t, e.store.DB().QueryRowContext(ctx, `SELECT owner_id, name FROM venues WHERE id = $1`, id).Scan(&owner, &name))
	now := e.clock.Now()
	photoID := model.NewID()
	storetest.Must(t, e.store.CreateVenueImage(ctx, model.Image{ID: photoID, OwnerID: owner,
		VenueID: sql.NullString{String: id, Valid: true}, IsKeyImage: true, IsVisible: true,
		ImageFile: model.ImageFile{ImageKey: "venues/bare.jpg", ThumbKey: "venues/bare-thumb.jpg", Width: 1600, Height: 1067,
			ThumbWidth: 400, ThumbHeight: 267, ByteSize: 1000}, CreatedAt: now, UpdatedAt: now}))
	want := fmt.Sprintf(`alt="%s"`, strings.ReplaceAll(name, "'", "&#39;"))
	for _, path := range []string{"/v/chateau-loire", "/v/chateau-loire/photos"} {
		r := e.get("fr.localhost", path)
		if r.status != 200 {
			t.Fatalf("%s: %d", path, r.status)
		}
		if strings.Contains(r.body, `alt=""`) || !strings.Contains(r.body, want) {
			t.Errorf("%s: the bare photo is not named %s", path, want)
		}
	}
	// Its own page has a heading all the same.
	r := e.get("fr.localhost", "/v/chateau-loire/photos/"+photoID)
	heading := "<h1>" + strings.ReplaceAll(name, "'", "&#39;") + "</h1>"
	if r.status != 200 || !strings.Contains(r.body, heading) {
		t.Errorf("the bare photo's page: %d, no %s", r.status, heading)
	}
}

func TestVenueViews(t *testing.T) {
	e := newEnv(t)
	seedDirectory(e)
	id := e.venueID("chateau-loire")
	views := func() int { return e.count(`SELECT COUNT(*) FROM venue_views WHERE venue_id = $1`, id) }
	if r := e.do(http.MethodHead, "fr.localhost", "/v/chateau-loire", nil, ""); r.status != 200 {
		t.Fatalf("HEAD: %d", r.status)
	}
	if n := views(); n != 0 {
		t.Errorf("a HEAD counted %d views", n)
	}
	e.get("fr.localhost", "/v/chateau-loire")
	e.get("fr.localhost", "/v/chateau-loire")
	if n := views(); n != 1 {
		t.Errorf("two visits of one visitor on one day: %d views", n)
	}
	e.do(http.MethodGet, "fr.localhost", "/v/chateau-loire", nil, "", "User-Agent", "another browser")
	e.clock.Advance(24 * time.Hour)
	e.get("fr.localhost", "/v/chateau-loire")
	if n := views(); n != 3 {
		t.Errorf("a second visitor, and the first on the next day: %d views, want 3", n)
	}
	if n := e.count(`SELECT COUNT(*) FROM profile_views`); n != 0 {
		t.Errorf("a venue's views counted as %d profile views", n)
	}
}

func TestVenueSearchPaging(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	for i := range 23 {
		slug := fmt.Sprintf("garden-%02d", i)
		e.seedVenue(fmt.Sprintf("Garden %02d", i), slug, "Tours", 47.39, 0.68, true, true)
		storetest.Must(t, e.store.SetVenueSets(ctx, e.venueID(slug), store.VenueSets{Features: []string{"garden", "catering"}}, e.clock.Now()))
	}
	e.seedVenue("No Garden", "no-garden", "Tours", 47.39, 0.68, true, true)
	r := e.get("fr.localhost", "/search?kind=venue&feature=catering&feature=garden&guests=10")
	for _, want := range []string{"23 résultats", "Page 1 sur 2",
		`<a rel="next" href="/search?feature=garden&amp;feature=catering&amp;guests=10&amp;kind=venue&amp;page=2">`} {
		if !strings.Contains(r.body, want) {
			t.Errorf("page 1 lacks %q", want)
		}
	}
	r = e.get("fr.localhost", "/search?feature=garden&feature=catering&guests=10&kind=venue&page=2")
	for _, want := range []string{"Page 2 sur 2", `id="s-f-garden" checked`, `id="s-f-catering" checked`,
		`<a rel="prev" href="/search?feature=garden&amp;feature=catering&amp;guests=10&amp;kind=venue">`,
		`rel="canonical" href="http://fr.localhost:8080/search?feature=garden&amp;feature=catering&amp;guests=10&amp;kind=venue&amp;page=2"`} {
		if !strings.Contains(r.body, want) {
			t.Errorf("page 2 lacks %q", want)
		}
	}
	if n := strings.Count(r.body, `<article class="result`); n != 3 || strings.Contains(r.body, "No Garden") {
		t.Errorf("%d cards on page 2", n)
	}
}
