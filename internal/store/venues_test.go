package store_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"

	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

func venueImage(t *testing.T, s *store.Store, v model.Venue, position int, key bool) model.Image {
	t.Helper()
	id := model.NewID()
	im := model.Image{ID: id, OwnerID: v.OwnerID, VenueID: sql.NullString{String: v.ID, Valid: true}, Title: "t", IsVisible: true,
		Position: position, IsKeyImage: key, Alt: "alt " + id[:4], ImageFile: model.ImageFile{ImageKey: id + ".jpg", Width: 10,
			Height: 10, ThumbKey: id + "-thumb.jpg", ThumbWidth: 5, ThumbHeight: 5, ByteSize: 100}, CreatedAt: now, UpdatedAt: now}
	if err := s.CreateVenueImage(context.Background(), im); err != nil {
		t.Fatal(err)
	}
	return im
}

func TestOwnedVenuesAreTheOwnersOnly(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	owner, other := newUser(t, s, "owner@example.com"), newUser(t, s, "other@example.com")
	v := model.Venue{ID: model.NewID(), OwnerID: owner.ID, Name: "Le Clos", Slug: "le-clos", Type: "farm", SnInstagram: "https://www.instagram.com/clos",
		ContactName: "Ana", ContactRole: "Gérante", Bedrooms: sql.NullInt64{Int64: 3, Valid: true}, CreatedAt: now, UpdatedAt: now}
	if err := s.CreateVenue(ctx, v); err != nil {
		t.Fatal(err)
	}
	got, err := s.GetOwnedVenue(ctx, owner.ID, v.ID)
	if err != nil || got.SnInstagram != v.SnInstagram || got.ContactRole != "Gérante" || got.Bedrooms.Int64 != 3 {
		t.Fatalf("got %+v, %v", got, err)
	}
	if err := s.CreateVenue(ctx, model.Venue{ID: model.NewID(), OwnerID: other.ID, Name: "x", Slug: "le-clos", Type: "farm",
		CreatedAt: now, UpdatedAt: now}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a taken slug: %v", err)
	}
	for name, err := range map[string]error{
		"get":     func() error { _, err := s.GetOwnedVenue(ctx, other.ID, v.ID); return err }(),
		"lock":    s.LockOwnedVenue(ctx, other.ID, v.ID),
		"update":  s.UpdateOwnedVenue(ctx, model.Venue{ID: v.ID, OwnerID: other.ID, Name: "Volé", Type: "farm", UpdatedAt: now}),
		"publish": s.SetVenuePublished(ctx, other.ID, v.ID, true, now),
		"delete":  s.DeleteOwnedVenue(ctx, other.ID, v.ID),
	} {
		if !errors.Is(err, store.ErrNotFound) {
			t.Errorf("another owner's %s: %v", name, err)
		}
	}
	if n, _ := s.CountOwnedVenues(ctx, other.ID); n != 0 {
		t.Errorf("the other owner counts %d venues", n)
	}
	im := venueImage(t, s, v, 0, true)
	if _, err := s.GetVenueImage(ctx, other.ID, v.ID, im.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("another owner's photo: %v", err)
	}
	if err := s.DeleteVenueImage(ctx, other.ID, v.ID, im.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("another owner deletes the photo: %v", err)
	}
}

func TestAVenueHasOneKeyImage(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	u := newUser(t, s, "key@example.com")
	v := newVenue(t, s, u.ID)
	first := venueImage(t, s, v, 0, true)
	second := model.Image{ID: model.NewID(), OwnerID: u.ID, VenueID: first.VenueID, Title: "t", IsKeyImage: true,
		ImageFile: first.ImageFile, CreatedAt: now, UpdatedAt: now}
	if err := s.CreateVenueImage(ctx, second); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a second key image: %v", err)
	}
	if err := s.ClearVenueKeyImage(ctx, v.ID, now); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateVenueImage(ctx, second); err != nil {
		t.Fatalf("the key image once cleared: %v", err)
	}
	if err := s.SetVenueImagePositions(ctx, v.ID, []string{second.ID, first.ID}, now); err != nil {
		t.Fatal(err)
	}
	list, err := s.ListVenueImages(ctx, v.ID)
	if err != nil || len(list) != 2 || list[0].ID != second.ID || !list[0].IsKeyImage || list[1].Alt != first.Alt {
		t.Fatalf("list %+v, %v", list, err)
	}
}

func TestOwnedVenueCardsCountInOneQuery(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	u := newUser(t, s, "cards@example.com")
	older := newVenue(t, s, u.ID)
	newer := model.Venue{ID: model.NewID(), OwnerID: u.ID, Name: "B", Slug: "b-" + model.NewID(), Type: "boat",
		CreatedAt: now.Add(1), UpdatedAt: now.Add(1)}
	if err := s.CreateVenue(ctx, newer); err != nil {
		t.Fatal(err)
	}
	venueImage(t, s, older, 0, false)
	key := venueImage(t, s, older, 1, true)
	for _, day := range []string{"2026-11-20", "2026-11-21", "2026-10-01"} {
		if _, err := s.DB().Exec(`INSERT INTO venue_views (venue_id, day, visitor) VALUES ($1, $2, 'x')`, older.ID, day); err != nil {
			t.Fatal(err)
		}
	}
	cards, err := s.ListOwnedVenueCards(ctx, u.ID, "2026-10-24")
	if err != nil {
		t.Fatal(err)
	}
	if len(cards) != 2 || cards[0].ID != newer.ID || cards[0].KeyThumbKey != "" || cards[0].ImageCount != 0 {
		t.Fatalf("cards %+v", cards)
	}
	if c := cards[1]; c.KeyThumbKey != key.ThumbKey || c.ImageCount != 2 || c.Views30d != 2 || c.RequestCount != 0 {
		t.Errorf("card %+v", c)
	}
}

func TestVenueVideosAreReplacedKeepingTheirIDs(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	u := newUser(t, s, "videos@example.com")
	v := newVenue(t, s, u.ID)
	a := model.Video{ID: model.NewID(), OwnerID: u.ID, Title: "A", Host: "vimeo", ExternalID: "1", IsVisible: true}
	b := model.Video{ID: model.NewID(), OwnerID: u.ID, Title: "B", Host: "vimeo", ExternalID: "2", IsVisible: true}
	if err := s.SetVenueVideos(ctx, v.ID, []model.Video{a, b}, now); err != nil {
		t.Fatal(err)
	}
	a.Title, a.IsVisible = "A again", false
	c := model.Video{ID: model.NewID(), OwnerID: u.ID, Title: "C", Host: "youtube", ExternalID: "dQw4w9WgXcQ", IsVisible: true}
	if err := s.SetVenueVideos(ctx, v.ID, []model.Video{c, a}, now.Add(1)); err != nil {
		t.Fatal(err)
	}
	got, err := s.ListVenueVideos(ctx, v.ID)
	if err != nil || len(got) != 2 || got[0].ID != c.ID || got[1].ID != a.ID || got[1].Title != "A again" || got[1].IsVisible ||
		!got[1].CreatedAt.Equal(now) {
		t.Fatalf("videos %+v, %v", got, err)
	}
	if err := s.DeleteOwnedVenue(ctx, u.ID, v.ID); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := s.DB().QueryRow(`SELECT COUNT(*) FROM videos`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d videos after the venue's deletion (%v)", n, err)
	}
}
