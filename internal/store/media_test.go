package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

func newImage(owner string, venue sql.NullString, visible bool) model.Image {
	id := model.NewID()
	return model.Image{ID: id, OwnerID: owner, VenueID: venue, Title: "Photo " + id[:8], IsVisible: visible,
		ImageFile: model.ImageFile{ImageKey: "images/" + id + ".jpg", Width: 1200, Height: 800, ThumbKey: "images/" + id + "-thumb.jpg",
			ThumbWidth: 480, ThumbHeight: 320, ByteSize: 1000}, CreatedAt: now, UpdatedAt: now}
}

// LockUserMedia makes a second transaction of the same user wait until the
// first commits, so a count taken after it sees the first one's insert.
func TestLockUserMediaSerialisesCounts(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	u := newUser(t, s, "lock@example.com")
	counted := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- s.InTx(ctx, func(tx *store.Store) error {
			if err := tx.LockUserMedia(ctx, u.ID); err != nil {
				return err
			}
			if _, err := tx.CountImages(ctx, u.ID); err != nil {
				return err
			}
			close(counted)
			// Long enough for the other transaction to count, were it not held.
			time.Sleep(300 * time.Millisecond)
			return tx.CreateImage(ctx, newImage(u.ID, sql.NullString{}, true))
		})
	}()
	<-counted
	var seen int
	err := s.InTx(ctx, func(tx *store.Store) error {
		if err := tx.LockUserMedia(ctx, u.ID); err != nil {
			return err
		}
		var err error
		seen, err = tx.CountImages(ctx, u.ID)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if seen != 1 {
		t.Errorf("the second transaction counted %d images before the first committed", seen)
	}
	if err := s.LockUserMedia(ctx, "nobody"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown user: %v", err)
	}
}

func TestImagesAreScopedToTheirOwner(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	a, b := newUser(t, s, "a@example.com"), newUser(t, s, "b@example.com")
	venueID := model.NewID()
	storetest.Must(t, s.CreateVenue(ctx, model.Venue{ID: venueID, OwnerID: b.ID, Name: "Château", Slug: "chateau", Type: "castle",
		CreatedAt: now, UpdatedAt: now}))
	mine, hidden := newImage(a.ID, sql.NullString{}, true), newImage(a.ID, sql.NullString{}, false)
	venueImage := newImage(b.ID, sql.NullString{String: venueID, Valid: true}, true)
	for _, im := range []model.Image{mine, hidden, venueImage} {
		storetest.Must(t, s.CreateImage(ctx, im))
	}
	if n, _ := s.CountImages(ctx, a.ID); n != 2 {
		t.Errorf("a has %d images", n)
	}
	if n, _ := s.CountImages(ctx, b.ID); n != 0 {
		t.Errorf("venue photos count in b's gallery: %d", n)
	}
	for name, err := range map[string]error{
		"get":     func() error { _, err := s.GetImage(ctx, b.ID, mine.ID); return err }(),
		"visible": s.SetImageVisible(ctx, b.ID, mine.ID, false, now),
		"text":    s.UpdateImageText(ctx, b.ID, mine.ID, "x", "y", now),
		"delete":  s.DeleteImage(ctx, b.ID, mine.ID),
		"venue":   s.DeleteImage(ctx, b.ID, venueImage.ID),
	} {
		if !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%s by another owner: %v", name, err)
		}
	}
	visible, err := s.ListVisibleImages(ctx, a.ID)
	if err != nil || len(visible) != 1 || visible[0].ID != mine.ID {
		t.Errorf("visible %v %v", visible, err)
	}
	onVenue, err := s.ListPublicVenueImages(ctx, venueID)
	if err != nil || len(onVenue) != 1 || onVenue[0].ID != venueImage.ID {
		t.Errorf("venue %v %v", onVenue, err)
	}
	if _, err := s.GetVisibleImageByID(ctx, hidden.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a hidden image is public: %v", err)
	}
	for range 2 {
		if _, err := s.RecordImageView(ctx, mine.ID, "2026-11-22", "v1"); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.RecordImageView(ctx, mine.ID, "2026-11-23", "v1"); err != nil {
		t.Fatal(err)
	}
	list, _ := s.ListImages(ctx, a.ID)
	for _, im := range list {
		if im.ID == mine.ID && im.Views != 2 {
			t.Errorf("views %d, want one per visitor per day", im.Views)
		}
	}
	storetest.Must(t, s.DeleteImage(ctx, a.ID, mine.ID))
	var left int
	if err := s.DB().QueryRow(`SELECT COUNT(*) FROM image_views`).Scan(&left); err != nil || left != 0 {
		t.Errorf("views of a deleted photo remain: %d %v", left, err)
	}
}

func TestPortfolioKeyImageIsUnique(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	u := newUser(t, s, "pf@example.com")
	p := model.Portfolio{ID: model.NewID(), OwnerID: u.ID, Title: "T", Description: "D", WeddingDate: "2025-01-01",
		NumberOfGuests: 10, Location: "L", Style: "S", CreatedAt: now, UpdatedAt: now}
	storetest.Must(t, s.CreatePortfolio(ctx, p, []int{1, 4}))
	img := func(key bool) model.PortfolioImage {
		return model.PortfolioImage{ID: model.NewID(), PortfolioID: p.ID, IsKeyImage: key, ImageFile: model.ImageFile{ImageKey: "k", Width: 1, Height: 1,
			ThumbKey: "t", ThumbWidth: 1, ThumbHeight: 1, ByteSize: 1}, CreatedAt: now}
	}
	first, second := img(true), img(false)
	storetest.Must(t, s.CreatePortfolioImage(ctx, first))
	storetest.Must(t, s.CreatePortfolioImage(ctx, second))
	if err := s.CreatePortfolioImage(ctx, img(true)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a second key image: %v", err)
	}
	storetest.Must(t, s.InTx(ctx, func(tx *store.Store) error { return tx.SetPortfolioKeyImage(ctx, p.ID, second.ID) }))
	images, _ := s.ListPortfolioImages(ctx, []string{p.ID})
	keys := 0
	for _, im := range images[p.ID] {
		if im.IsKeyImage {
			keys++
			if im.ID != second.ID {
				t.Errorf("key image %s", im.ID)
			}
		}
	}
	if keys != 1 {
		t.Errorf("%d key images", keys)
	}
	prest, _ := s.ListPortfolioPrestations(ctx, []string{p.ID})
	if len(prest[p.ID]) != 2 {
		t.Errorf("prestations %v", prest)
	}
}

func TestTextFingerprintsAreUnique(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	a, b := newUser(t, s, "fa@example.com"), newUser(t, s, "fb@example.com")
	storetest.Must(t, s.ReplaceTextFingerprints(ctx, a.ID, "portrait.portrait", []string{"f1", "f2"}))
	if err := s.ReplaceTextFingerprints(ctx, b.ID, "portrait.portrait", []string{"f2"}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("another user's text: %v", err)
	}
	storetest.Must(t, s.ReplaceTextFingerprints(ctx, a.ID, "portrait.portrait", []string{"f2", "f3"}))
	found, err := s.FindTextFingerprints(ctx, []string{"f1", "f2", "f3"})
	if err != nil || len(found) != 2 || found["f3"].Source != "portrait.portrait" {
		t.Errorf("found %v %v", found, err)
	}
}

// TestImagePositionsBackfilled checks that migration 00014 numbers the
// gallery photos written before it by creation, oldest first, per owner,
// leaves venue photos alone, and that a new photo then goes last.
func TestImagePositionsBackfilled(t *testing.T) {
	ctx := context.Background()
	s, err := store.Open(ctx, storetest.URL(t))
	storetest.Must(t, err)
	t.Cleanup(func() { s.Close() })
	storetest.Must(t, s.MigrateTo(ctx, 13))
	a, b := newUser(t, s, "a@example.com"), newUser(t, s, "b@example.com")
	mk := func(owner string, at time.Time, title string) model.Image {
		im := newImage(owner, sql.NullString{}, true)
		im.Title, im.CreatedAt, im.UpdatedAt = title, at, at
		storetest.Must(t, s.CreateImage(ctx, im))
		return im
	}
	// Written out of order, as uploads newest first would list them.
	mk(a.ID, now.Add(2*time.Hour), "a3")
	mk(a.ID, now, "a1")
	mk(b.ID, now.Add(time.Hour), "b1")
	mk(a.ID, now.Add(time.Hour), "a2")
	storetest.Must(t, s.Migrate(ctx))
	titles := func(owner string) []string {
		rows, err := s.ListImages(ctx, owner)
		storetest.Must(t, err)
		var out []string
		for _, r := range rows {
			out = append(out, fmt.Sprintf("%s@%d", r.Title, r.Position))
		}
		return out
	}
	if got, want := titles(a.ID), []string{"a1@1", "a2@2", "a3@3"}; !slices.Equal(got, want) {
		t.Errorf("owner a: %v, want %v", got, want)
	}
	if got, want := titles(b.ID), []string{"b1@1"}; !slices.Equal(got, want) {
		t.Errorf("owner b: %v, want %v", got, want)
	}
	storetest.Must(t, s.InTx(ctx, func(tx *store.Store) error {
		storetest.Must(t, tx.LockUserMedia(ctx, a.ID))
		next, err := tx.NextImagePosition(ctx, a.ID)
		if next != 4 {
			t.Errorf("next position %d, want 4", next)
		}
		return err
	}))
}
