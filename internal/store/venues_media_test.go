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
