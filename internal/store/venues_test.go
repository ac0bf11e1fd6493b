package store_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

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

func newVenue(t *testing.T, s *store.Store, owner string) model.Venue {
	t.Helper()
	id := model.NewID()
	v := model.Venue{ID: id, OwnerID: owner, Name: "Venue " + id[:8], Slug: "venue-" + id, Type: "castle", CreatedAt: now, UpdatedAt: now}
	if err := s.CreateVenue(context.Background(), v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestVenueSetsAreReplacedWhole(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	u := newUser(t, s, "sets@example.com")
	v := newVenue(t, s, u.ID)
	other := newVenue(t, s, u.ID)

	first := store.VenueSets{Features: []string{"garden", "wifi"}, Prestations: []string{"venue_hire", "catering"},
		Details: []model.VenuePrestationDetail{{Prestation: "catering", Description: "Seasonal menus", BudgetStartingFrom: 85, IsBudgetVisible: true}}}
	if err := s.SetVenueSets(ctx, v.ID, first, now); err != nil {
		t.Fatal(err)
	}
	second := store.VenueSets{Features: []string{"wifi", "parking"}, Prestations: []string{"accommodation"},
		Details: []model.VenuePrestationDetail{
			{Prestation: "accommodation", Description: "Twelve rooms", BudgetStartingFrom: 120, IsDescriptionVisible: true},
			{Prestation: "accommodation", Description: "A cottage", BudgetStartingFrom: 300}}}
	later := now.Add(time.Hour)
	if err := s.SetVenueSets(ctx, v.ID, second, later); err != nil {
		t.Fatal(err)
	}
	got, err := s.GetVenueSets(ctx, v.ID)
	if err != nil {
		t.Fatal(err)
	}
	// Features and services come back in the order of the model's lists.
	if diff := cmp.Diff([]string{"parking", "wifi"}, got.Features); diff != "" {
		t.Errorf("features (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"accommodation"}, got.Prestations); diff != "" {
		t.Errorf("prestations (-want +got):\n%s", diff)
	}
	if len(got.Details) != 2 || got.Details[0].Description != "Twelve rooms" || got.Details[1].Position != 1 || !got.Details[0].IsDescriptionVisible {
		t.Errorf("details = %+v", got.Details)
	}
	if empty, _ := s.GetVenueSets(ctx, other.ID); len(empty.Features)+len(empty.Prestations)+len(empty.Details) != 0 {
		t.Errorf("the other venue has sets: %+v", empty)
	}
}

func TestVenueSetsRefuseADetailOfAServiceNotChosen(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	u := newUser(t, s, "orphan@example.com")
	v := newVenue(t, s, u.ID)
	keep := store.VenueSets{Features: []string{"garden"}, Prestations: []string{"catering"}}
	if err := s.SetVenueSets(ctx, v.ID, keep, now); err != nil {
		t.Fatal(err)
	}
	bad := store.VenueSets{Prestations: []string{"venue_hire"},
		Details: []model.VenuePrestationDetail{{Prestation: "brunch", Description: "Sunday brunch", BudgetStartingFrom: 30}}}
	if err := s.SetVenueSets(ctx, v.ID, bad, now); err == nil {
		t.Fatal("a detail of a service the venue does not sell was stored")
	}
	got, _ := s.GetVenueSets(ctx, v.ID)
	if diff := cmp.Diff(keep.Features, got.Features); diff != "" || len(got.Prestations) != 1 || got.Prestations[0] != "catering" {
		t.Errorf("a refused change was half-written: %+v", got)
	}
	if err := s.SetVenueSets(ctx, model.NewID(), keep, now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown venue: err = %v, want ErrNotFound", err)
	}
}
