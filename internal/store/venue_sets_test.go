package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

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
