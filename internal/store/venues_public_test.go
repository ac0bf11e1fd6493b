package store_test

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"testing"

	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// publicVenue creates a published venue of owner in FR, validated or not.
func publicVenue(t *testing.T, s *store.Store, owner, slug string, seats int, bedrooms int64, validated bool, features ...string) model.Venue {
	t.Helper()
	ctx := context.Background()
	v := model.Venue{ID: model.NewID(), OwnerID: owner, Name: slug, Slug: slug, Type: "castle", CountryCode: "FR", City: "Lyon",
		SeatedCapacity: seats, MinPrice: 1000, Latitude: sql.NullFloat64{Float64: 45.76, Valid: true},
		Longitude: sql.NullFloat64{Float64: 4.84, Valid: true}, IsPublished: true, IsValidated: validated,
		CreatedAt: now, UpdatedAt: now}
	if bedrooms >= 0 {
		v.Bedrooms = sql.NullInt64{Int64: bedrooms, Valid: true}
	}
	storetest.Must(t, s.CreateVenue(ctx, v))
	if len(features) > 0 {
		storetest.Must(t, s.SetVenueSets(ctx, v.ID, store.VenueSets{Features: features}, now))
	}
	return v
}

// visibleVenues are the names of the venues the search index is built
// from (publicVenue names a venue by its slug).
func visibleVenues(t *testing.T, s *store.Store) []string {
	t.Helper()
	rows, err := s.ListDirectoryRows(context.Background(), nil)
	storetest.Must(t, err)
	var got []string
	for _, v := range rows.Venues {
		got = append(got, v.Name)
	}
	slices.Sort(got)
	return got
}

func TestUnvalidatedVenueIsNotPublic(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	owner := newUser(t, s, "validation@example.com")
	storetest.Must(t, s.SetUserModerated(ctx, owner.ID, true, now))
	publicVenue(t, s, owner.ID, "checked", 100, -1, true)
	waiting := publicVenue(t, s, owner.ID, "waiting", 200, -1, false)
	if got := visibleVenues(t, s); !slices.Equal(got, []string{"checked"}) {
		t.Errorf("search = %v, want only the validated venue", got)
	}
	if _, err := s.GetVisibleVenueBySlug(ctx, "waiting"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unvalidated venue's page: %v, want not found", err)
	}
	// Validation shows it at once: the change feed reloads its owner.
	_, err := s.DB().ExecContext(ctx, `UPDATE venues SET is_validated = TRUE WHERE id = $1`, waiting.ID)
	storetest.Must(t, err)
	if got := visibleVenues(t, s); !slices.Equal(got, []string{"checked", "waiting"}) {
		t.Errorf("after validation: %v", got)
	}
	if _, err := s.GetVisibleVenueBySlug(ctx, "waiting"); err != nil {
		t.Errorf("a validated venue's page: %v", err)
	}
}

func TestVenueKeyImageAndGalleryOrder(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	owner := newUser(t, s, "photos@example.com")
	storetest.Must(t, s.SetUserModerated(ctx, owner.ID, true, now))
	keyed := publicVenue(t, s, owner.ID, "keyed", 300, -1, true)
	first := publicVenue(t, s, owner.ID, "first", 200, -1, true)
	none := publicVenue(t, s, owner.ID, "none", 100, -1, true)
	photo := func(v model.Venue, title string, pos int, key, visible bool) {
		t.Helper()
		storetest.Must(t, s.CreateVenueImage(ctx, model.Image{ID: model.NewID(), OwnerID: owner.ID,
			VenueID: sql.NullString{String: v.ID, Valid: true}, Title: title, Alt: "alt " + title, Position: pos,
			IsKeyImage: key, IsVisible: visible, ImageFile: model.ImageFile{ImageKey: "k/" + title, ThumbKey: "t/" + title,
				Width: 1600, Height: 1000, ThumbWidth: 400, ThumbHeight: 250, ByteSize: 1}, CreatedAt: now, UpdatedAt: now}))
	}
	photo(keyed, "a", 0, false, true)
	photo(keyed, "b", 1, false, true)
	photo(keyed, "c", 2, true, true)
	photo(first, "hidden-key", 0, true, false) // a hidden key image is not shown
	photo(first, "y", 2, false, true)
	photo(first, "x", 1, false, true)
	photo(none, "hidden", 0, false, false)
	if err := s.CreateVenueImage(ctx, model.Image{ID: model.NewID(), OwnerID: owner.ID, VenueID: sql.NullString{String: keyed.ID, Valid: true},
		IsKeyImage: true, ImageFile: model.ImageFile{ImageKey: "k", ThumbKey: "t", Width: 1, Height: 1, ThumbWidth: 1, ThumbHeight: 1, ByteSize: 1},
		CreatedAt: now, UpdatedAt: now}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a second key image: %v, want a conflict", err)
	}
	cards, err := s.ListVenueCardRows(ctx, []string{keyed.ID, first.ID, none.ID})
	storetest.Must(t, err)
	keys := map[string]string{}
	for _, c := range cards {
		if c.Key != nil {
			keys[c.Slug] = c.Key.Title + "|" + c.Key.Alt + "|" + c.Key.ThumbKey
		}
	}
	want := map[string]string{"keyed": "c|alt c|t/c", "first": "x|alt x|t/x"}
	if len(keys) != len(want) || keys["keyed"] != want["keyed"] || keys["first"] != want["first"] {
		t.Errorf("key images = %v, want %v", keys, want)
	}
	gallery, err := s.ListPublicVenueImages(ctx, keyed.ID)
	storetest.Must(t, err)
	var order []string
	for _, im := range gallery {
		order = append(order, im.Title)
	}
	if !slices.Equal(order, []string{"c", "a", "b"}) {
		t.Errorf("gallery order %v, want the key image then by position", order)
	}
	if gallery, _ = s.ListPublicVenueImages(ctx, none.ID); len(gallery) != 0 {
		t.Errorf("a hidden photo is public: %+v", gallery)
	}
}

func TestRecordVenueViewOncePerVisitorPerDay(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	owner := newUser(t, s, "views@example.com")
	v := publicVenue(t, s, owner.ID, "viewed", 100, -1, true)
	for i, tc := range []struct {
		day, visitor string
		fresh        bool
	}{{"2026-11-22", "a", true}, {"2026-11-22", "a", false}, {"2026-11-22", "b", true}, {"2026-11-23", "a", true}} {
		fresh, err := s.RecordVenueView(ctx, v.ID, tc.day, tc.visitor)
		storetest.Must(t, err)
		if fresh != tc.fresh {
			t.Errorf("view %d: new = %v, want %v", i, fresh, tc.fresh)
		}
	}
}
