package store_test

import (
	"context"
	"database/sql"
	"slices"
	"strings"
	"testing"

	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// seedPlanner creates a visible planner with one service and one language.
func seedPlanner(t *testing.T, s *store.Store, name, country, siretStatus string, lat, lng float64, premium bool, service int, budget int64, langue int, score int) string {
	t.Helper()
	ctx := context.Background()
	u := newUser(t, s, name+"@example.com")
	storetest.Must(t, s.SetUserModerated(ctx, u.ID, true, now))
	if premium {
		storetest.Must(t, s.SetUserPremium(ctx, u.ID, model.PremiumActive, model.NullTime(now), sql.NullTime{}, sql.NullString{}, now))
	}
	storetest.Must(t, s.CreateCompany(ctx, model.Company{UserID: u.ID, Name: name, Slug: name, SiretStatus: siretStatus,
		CountryCode: country, City: "X", Latitude: sql.NullFloat64{Float64: lat, Valid: true},
		Longitude: sql.NullFloat64{Float64: lng, Valid: true}, CreatedAt: now, UpdatedAt: now}))
	storetest.Must(t, s.SetCompanyServices(ctx, u.ID, []int{langue}, []model.CompanyPrestation{{PrestationID: service,
		BudgetStartingFrom: sql.NullInt64{Int64: budget, Valid: budget > 0}, IsBudgetVisible: true, IsDescriptionVisible: true}}))
	storetest.Must(t, s.SetProfileScore(ctx, u.ID, score))
	return u.ID
}

// TestDirectoryRowsAreThoseOfVisibleListings checks the reads the search
// index is built from (internal/directory/index tests the search over
// them): visible planners and venues only, every row of the users asked
// for, and the reference codes.
func TestDirectoryRowsAreThoseOfVisibleListings(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	one := seedPlanner(t, s, "one", "FR", "active", 45.75, 4.85, true, 4, 3000, 2, 50)
	hidden := seedPlanner(t, s, "hidden", "FR", "unknown", 45.75, 4.85, false, 9, 0, 4, 10)
	owner := newUser(t, s, "owner@example.com")
	storetest.Must(t, s.SetUserModerated(ctx, owner.ID, true, now))
	venue := publicVenue(t, s, owner.ID, "castle", 120, 3, true, "garden", "parking")
	publicVenue(t, s, owner.ID, "unvalidated", 80, -1, false)
	storetest.Must(t, s.SetAvailabilityDay(ctx, store.AvailabilityDay{UserID: owner.ID, VenueID: venue.ID, Day: "2027-06-12",
		Status: store.AvailabilityBooked, Source: store.AvailabilityManual, CreatedAt: now}))
	r := model.Review{ID: model.NewID(), ProviderID: one, Rating: 4, Title: "Great", Body: strings.Repeat("b", 30),
		ReviewerName: "Ana", ReviewerType: "couple", EmailKey: "a@example.com", Status: model.ReviewApproved, CreatedAt: now}
	storetest.Must(t, s.CreateReview(ctx, r))

	all, err := s.ListDirectoryRows(ctx, nil)
	storetest.Must(t, err)
	if len(all.Planners) != 1 || all.Planners[0].UserID != one || all.Planners[0].Score != 50 ||
		all.Planners[0].Premium.Status != model.PremiumActive || !all.Planners[0].Latitude.Valid {
		t.Errorf("planners %+v, want the visible one", all.Planners)
	}
	if len(all.Venues) != 1 || all.Venues[0].ID != venue.ID || all.Venues[0].Seated != 120 || all.Venues[0].Bedrooms.Int64 != 3 {
		t.Errorf("venues %+v, want the validated one", all.Venues)
	}
	if len(all.Services) != 2 || len(all.Languages) != 2 || len(all.Features) != 2 {
		t.Errorf("every user's services %+v, languages %+v, features %+v", all.Services, all.Languages, all.Features)
	}
	if len(all.Reviews) != 1 || all.Reviews[0] != (store.DirectoryReviews{UserID: one, Count: 1, Sum: 4}) {
		t.Errorf("reviews %+v", all.Reviews)
	}
	if len(all.Busy) != 1 || all.Busy[0].VenueID.String != venue.ID || all.Busy[0].Day != "2027-06-12" {
		t.Errorf("taken days %+v", all.Busy)
	}
	some, err := s.ListDirectoryRows(ctx, []string{hidden, owner.ID})
	storetest.Must(t, err)
	if len(some.Planners) != 0 || len(some.Venues) != 1 || len(some.Services) != 1 || some.Services[0].UserID != hidden ||
		len(some.Reviews) != 0 {
		t.Errorf("the rows of two users: %+v", some)
	}
	if none, err := s.ListDirectoryRows(ctx, []string{}); err != nil || len(none.Planners)+len(none.Services) != 0 {
		t.Errorf("no user: %+v, %v", none, err)
	}
	codes, err := s.ListDirectoryCodes(ctx)
	storetest.Must(t, err)
	if codes.Services["FULL_PLANNING"] != 4 || codes.Languages["en"] != 2 {
		t.Errorf("codes %+v", codes)
	}
	cards, err := s.ListProviderCardRows(ctx, []string{one, "nobody"})
	storetest.Must(t, err)
	if len(cards) != 1 || cards[0].Slug != "one" || cards[0].Photo != nil {
		t.Errorf("card rows %+v", cards)
	}
}

// TestPruneDirectoryChangesKeepsTheRecentOnes checks the clean-up of the
// change feed: what is older than directoryKeep versions goes, and the
// feed says how far it went, for the indexes behind it to reload.
func TestPruneDirectoryChangesKeepsTheRecentOnes(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	one := seedPlanner(t, s, "one", "FR", "active", 45.75, 4.85, false, 4, 3000, 4, 50)
	defer store.SetDirectoryKeep(2)()
	for i := range 6 {
		_, err := s.DB().ExecContext(ctx, `UPDATE companies SET profile_score = $2 WHERE user_id = $1`, one, 10+i)
		storetest.Must(t, err)
	}
	storetest.Must(t, s.PruneDirectoryChanges(ctx))
	var left int
	storetest.Must(t, s.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM directory_changes`).Scan(&left))
	if left > 3 {
		t.Errorf("%d changes left after pruning, want at most 3", left)
	}
	feed, err := s.GetDirectoryFeed(ctx)
	storetest.Must(t, err)
	if feed.PrunedThrough != feed.Version-2 {
		t.Errorf("feed %+v, want pruned through two versions back", feed)
	}
	changed, err := s.ListDirectoryChanges(ctx, feed.PrunedThrough, feed.Version)
	storetest.Must(t, err)
	if !slices.Equal(changed, []string{one}) {
		t.Errorf("changes kept %v", changed)
	}
}
