package store_test

import (
	"context"
	"database/sql"
	"slices"
	"testing"

	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// TestSearchWithADateLeavesOutWhoIsTaken checks the date filter of the
// directory's search: a planner or venue whose own calendar has the date
// taken is left out, on that date only, and marking or freeing a day
// reaches the next search through the change feed (migration 32), past the
// answers the index keeps.
func TestSearchWithADateLeavesOutWhoIsTaken(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	booked := seedPlanner(t, s, "booked", "FR", "active", 45.75, 4.85, false, 4, 0, 4, 50)
	seedPlanner(t, s, "free", "FR", "active", 45.76, 4.84, false, 4, 0, 4, 40)
	owner := newUser(t, s, "owner@example.com")
	storetest.Must(t, s.SetUserModerated(ctx, owner.ID, true, now))
	venue := func(slug string, seats int) string {
		id := model.NewID()
		storetest.Must(t, s.CreateVenue(ctx, model.Venue{ID: id, OwnerID: owner.ID, Name: slug, Slug: slug, Type: "castle",
			CountryCode: "FR", City: "X", SeatedCapacity: seats, Latitude: sql.NullFloat64{Float64: 45.76, Valid: true},
			Longitude: sql.NullFloat64{Float64: 4.84, Valid: true}, IsPublished: true, IsValidated: true, CreatedAt: now, UpdatedAt: now}))
		return id
	}
	takenVenue := venue("taken-venue", 200)
	venue("open-venue", 100)
	mark := func(user, venueID, day string) {
		t.Helper()
		storetest.Must(t, s.SetAvailabilityDay(ctx, store.AvailabilityDay{UserID: user, VenueID: venueID, Day: day,
			Status: store.AvailabilityBooked, Source: store.AvailabilityManual, CreatedAt: now}))
	}
	planners := func(date string) []string {
		t.Helper()
		cards, total, err := s.SearchProviders(ctx, store.DirectoryQuery{Country: "FR", Date: date, Limit: 10, Now: now})
		storetest.Must(t, err)
		var out []string
		for _, c := range cards {
			out = append(out, c.Name)
		}
		if total != len(out) {
			t.Errorf("date %q: total %d for %v", date, total, out)
		}
		return out
	}
	venues := func(date string) []string {
		t.Helper()
		cards, _, err := s.SearchVenues(ctx, store.VenueQuery{Country: "FR", Date: date, Limit: 10, Now: now})
		storetest.Must(t, err)
		var out []string
		for _, c := range cards {
			out = append(out, c.Name)
		}
		return out
	}
	// Searched once before any day is taken: the answers are kept, and
	// the days marked next must still reach the searches below.
	if got := planners("2027-06-12"); !slices.Equal(got, []string{"booked", "free"}) {
		t.Fatalf("before any day is taken: %v", got)
	}
	venues("2027-06-12")

	mark(booked, "", "2027-06-12")
	mark(owner.ID, takenVenue, "2027-06-12")
	mark(owner.ID, "", "2027-06-13") // the owner's own day closes none of its venues

	tests := []struct {
		name, date    string
		planners, vns []string
	}{
		{"the taken date", "2027-06-12", []string{"free"}, []string{"open-venue"}},
		{"another date", "2027-06-11", []string{"booked", "free"}, []string{"taken-venue", "open-venue"}},
		{"no date", "", []string{"booked", "free"}, []string{"taken-venue", "open-venue"}},
		{"the venue owner's own day", "2027-06-13", []string{"booked", "free"}, []string{"taken-venue", "open-venue"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := planners(tc.date); !slices.Equal(got, tc.planners) {
				t.Errorf("planners %v, want %v", got, tc.planners)
			}
			if got := venues(tc.date); !slices.Equal(got, tc.vns) {
				t.Errorf("venues %v, want %v", got, tc.vns)
			}
		})
	}
	t.Run("a day freed is searchable again", func(t *testing.T) {
		ok, err := s.DeleteAvailabilityDay(ctx, booked, "", "2027-06-12")
		storetest.Must(t, err)
		if !ok {
			t.Fatal("the day was not taken")
		}
		if got := planners("2027-06-12"); !slices.Equal(got, []string{"booked", "free"}) {
			t.Errorf("planners %v after the day was freed", got)
		}
	})
	t.Run("an import reaches the search", func(t *testing.T) {
		_, err := s.AddAvailabilityDays(ctx, []store.AvailabilityDay{
			{UserID: booked, Day: "2027-06-20", Status: store.AvailabilityUnavailable, Source: store.AvailabilityImport, CreatedAt: now},
			{UserID: booked, Day: "2027-06-21", Status: store.AvailabilityUnavailable, Source: store.AvailabilityImport, CreatedAt: now},
		})
		storetest.Must(t, err)
		for _, d := range []string{"2027-06-20", "2027-06-21"} {
			if got := planners(d); !slices.Equal(got, []string{"free"}) {
				t.Errorf("%s: planners %v", d, got)
			}
		}
	})
}
