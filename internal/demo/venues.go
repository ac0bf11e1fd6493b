package demo

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"time"

	"noces/internal/imaging"
	"noces/internal/media"
	"noces/internal/model"
	"noces/internal/store"
)

// demoVenue is a venue of the demo venue owner, with what its page shows.
type demoVenue struct {
	venue    model.Venue
	sets     store.VenueSets
	photos   [][3]string // title, alt text and caption; the pictures are drawn
	video    string      // a YouTube or Vimeo link, "" for none
	requests int         // demo couples' projects sent for this venue
}

// demoVenues are the demo venue owner's: one published and validated, on
// the public site at once, and one draft.
func demoVenues() []demoVenue {
	at := func(lat, lng float64) (sql.NullFloat64, sql.NullFloat64) {
		return sql.NullFloat64{Float64: lat, Valid: true}, sql.NullFloat64{Float64: lng, Valid: true}
	}
	lat, lng := at(47.3941, 0.6848)
	lat2, lng2 := at(47.2200, 0.5100)
	return []demoVenue{
		{
			venue: model.Venue{Name: "Château de Lefèvre", Slug: "chateau-de-lefevre", Type: "castle", Address: "12 allée du Parc",
				Zipcode: "37000", City: "Tours", CountryCode: "FR", Latitude: lat, Longitude: lng,
				Description: "Un château du XVIIIe siècle au cœur d'un parc de huit hectares, à dix minutes de Tours.",
				DetailedDescription: "Le château accueille un mariage par week-end, de la cérémonie laïque sous les tilleuls au brunch du lendemain.\n\n" +
					"L'orangerie reçoit jusqu'à 180 invités assis ; les douze chambres et la suite nuptiale logent la famille proche.",
				SeatedCapacity: 180, StandingCapacity: 250, Bedrooms: sql.NullInt64{Int64: 12, Valid: true}, MinPrice: 4500, MaxPrice: 15000,
				Website: "https://www.example.com/chateau-de-lefevre", SnInstagram: "https://www.instagram.com/chateaudelefevre",
				ContactName: "Sophie Lefèvre", ContactRole: "Propriétaire", IsPublished: true, IsValidated: true},
			sets: store.VenueSets{
				Features: []string{"ceremonyAndReception", "outdoorCeremony", "garden", "parking", "wheelchairAccessible", "bridalSuite",
					"catering", "bar", "danceFloor", "lighting", "tables", "chairs", "wifi"},
				Prestations: []string{"venue_hire", "catering", "accommodation", "brunch"},
				Details: []model.VenuePrestationDetail{
					{Prestation: "venue_hire", Description: "Le parc, l'orangerie et les salons du vendredi au dimanche.", BudgetStartingFrom: 4500,
						IsDescriptionVisible: true, IsBudgetVisible: true},
					{Prestation: "catering", Description: "Menus de saison du traiteur du château, vins de Loire compris.", BudgetStartingFrom: 95,
						IsDescriptionVisible: true, IsBudgetVisible: true},
					{Prestation: "accommodation", Description: "Douze chambres et la suite nuptiale, petit-déjeuner servi.", BudgetStartingFrom: 140,
						IsDescriptionVisible: true, IsBudgetVisible: true},
					{Prestation: "brunch", Description: "Le brunch du dimanche sur la terrasse.", BudgetStartingFrom: 35,
						IsDescriptionVisible: true, IsBudgetVisible: false},
				},
			},
			photos: [][3]string{
				{"La façade", "La façade du château au coucher du soleil, vue depuis la pelouse", "La façade sud, côté parc"},
				{"L'orangerie", "L'orangerie dressée pour un dîner de 180 invités", "L'orangerie et ses grandes verrières"},
				{"Le parc", "Une allée de tilleuls menant à l'arche de la cérémonie", "La cérémonie sous les tilleuls"},
				{"La suite nuptiale", "Une chambre aux murs clairs avec un lit à baldaquin", "La suite nuptiale"},
			},
			video:    "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
			requests: 2,
		},
		{
			venue: model.Venue{Name: "La Grange des Tilleuls", Slug: "la-grange-des-tilleuls", Type: "farm", Zipcode: "37250",
				City: "Montbazon", CountryCode: "FR", Latitude: lat2, Longitude: lng2,
				Description: "Une grange restaurée pour les mariages champêtres.", SeatedCapacity: 90, StandingCapacity: 120,
				MinPrice: 2000, ContactName: "Sophie Lefèvre", ContactRole: "Propriétaire"},
			sets: store.VenueSets{Features: []string{"garden", "parking"}, Prestations: []string{"venue_hire"}},
			photos: [][3]string{
				{"La grange", "La grange en pierre et ses portes ouvertes sur le pré", "La grange au printemps"},
			},
		},
	}
}

// describe is how the demo output names a venue that is not public.
func (d demoVenue) describe() string {
	return fmt.Sprintf("venue %q (draft: unpublished, not validated)", d.venue.Name)
}

// page is the public page of a published, validated venue, on its owner's
// domain (where the back-office links it).
func (d demoVenue) page(domain string) (Page, bool) {
	if !d.venue.IsPublished || !d.venue.IsValidated {
		return Page{}, false
	}
	return Page{Label: fmt.Sprintf("venue %q", d.venue.Name), Domain: domain, Path: "/v/" + d.venue.Slug}, true
}

// seedVenues creates the demo venues of an owner with their sets, drawn
// photos (through the imaging pipeline of every upload: re-encoded, with a
// thumbnail), the first one the key image, a video and requests.
func seedVenues(ctx context.Context, m *media.Service, s *store.Store, owner model.User, venues []demoVenue, now time.Time) error {
	for _, d := range venues {
		v := d.venue
		v.ID, v.OwnerID, v.Email, v.Phone, v.CreatedAt, v.UpdatedAt = model.NewID(), owner.ID, owner.Email, owner.Phone, now, now
		if v.IsValidated {
			v.ValidatedAt = sql.NullTime{Time: now, Valid: true}
		}
		if err := s.CreateVenue(ctx, v); err != nil {
			return fmt.Errorf("venue %s: %w", v.Slug, err)
		}
		if err := s.SetVenueSets(ctx, v.ID, d.sets, now); err != nil {
			return fmt.Errorf("venue %s: sets: %w", v.Slug, err)
		}
		for i, p := range d.photos {
			if err := venuePhoto(ctx, m, s, v, i, p, now); err != nil {
				return fmt.Errorf("venue %s: photo %q: %w", v.Slug, p[0], err)
			}
		}
		if d.video != "" {
			host, id, ok := media.ParseVideoLink(d.video)
			if !ok {
				return fmt.Errorf("venue %s: the video link %q does not parse", v.Slug, d.video)
			}
			err := s.CreateVideo(ctx, model.Video{ID: model.NewID(), OwnerID: owner.ID, VenueID: sql.NullString{String: v.ID, Valid: true},
				Title: "Une journée au " + v.Name, Host: host, ExternalID: id, IsVisible: true, CreatedAt: now, UpdatedAt: now})
			if err != nil {
				return fmt.Errorf("venue %s: video: %w", v.Slug, err)
			}
		}
		if err := seedRequests(ctx, s, owner.ID, v.ID, d.requests, now); err != nil {
			return err
		}
	}
	return nil
}

// venuePhoto draws, processes and stores the i-th photo of a venue.
func venuePhoto(ctx context.Context, m *media.Service, s *store.Store, v model.Venue, i int, p [3]string, now time.Time) error {
	data, err := picture(i + 1)
	if err != nil {
		return err
	}
	r, err := imaging.ProcessAll(ctx, data, imaging.Options{MinWidth: media.MinSide, MinHeight: media.MinSide, MaxSide: media.MaxSide,
		Quality: media.JPEGQuality, ThumbSide: media.ThumbSide, ThumbQuality: 82})
	if err != nil {
		return err
	}
	row := model.Image{ID: model.NewID(), OwnerID: v.OwnerID, VenueID: sql.NullString{String: v.ID, Valid: true}, Title: p[0], Alt: p[1],
		Caption: p[2], IsVisible: true, IsKeyImage: i == 0, Position: i, CreatedAt: now, UpdatedAt: now}
	base := "venues/" + v.ID + "/" + row.ID
	row.ImageFile = model.ImageFile{ImageKey: base + ".jpg", Width: r.Size.X, Height: r.Size.Y, ThumbKey: base + "-thumb.jpg",
		ThumbWidth: r.ThumbSize.X, ThumbHeight: r.ThumbSize.Y, ByteSize: len(r.Image)}
	if err := m.Blobs.Put(ctx, row.ImageKey, bytes.NewReader(r.Image)); err != nil {
		return err
	}
	if err := m.Blobs.Put(ctx, row.ThumbKey, bytes.NewReader(r.Thumb)); err != nil {
		return err
	}
	return s.CreateVenueImage(ctx, row)
}
