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

// PublicListings holds the listings the search shows, no other: the same
// visibility as the directory (moderation, SIRET in France, deletion,
// publication and validation of venues), with a planner's services, and
// the directory's version moves with a change of visibility.
func TestPublicListings(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	seedPlanner(t, s, "visible", "FR", "active", 45.75, 4.85, false, 4, 3000, 4, 50)
	seedPlanner(t, s, "belgian", "BE", "unknown", 50.85, 4.35, false, 9, 0, 6, 10)
	seedPlanner(t, s, "siret-unknown", "FR", "unknown", 45.76, 4.83, false, 4, 0, 4, 10)
	seedPlanner(t, s, "siret-inactive", "FR", "inactive", 45.76, 4.83, false, 4, 0, 4, 10)
	deleted := seedPlanner(t, s, "deleted", "FR", "active", 45.76, 4.83, false, 4, 0, 4, 10)
	storetest.Must(t, s.AnonymiseUser(ctx, deleted, now))
	unmoderated := newUser(t, s, "unmoderated@example.com")
	storetest.Must(t, s.CreateCompany(ctx, model.Company{UserID: unmoderated.ID, Name: "u", Slug: "unmoderated", SiretStatus: "active",
		CountryCode: "FR", City: "Lyon", CreatedAt: now, UpdatedAt: now}))
	owner := newUser(t, s, "owner@example.com")
	storetest.Must(t, s.SetUserModerated(ctx, owner.ID, true, now))
	venue := func(slug string, published, validated bool) {
		storetest.Must(t, s.CreateVenue(ctx, model.Venue{ID: model.NewID(), OwnerID: owner.ID, Name: slug, Slug: slug, Type: "castle",
			CountryCode: "FR", City: "Tours", Latitude: sql.NullFloat64{Float64: 47.39, Valid: true},
			Longitude: sql.NullFloat64{Float64: 0.68, Valid: true}, IsPublished: published, IsValidated: validated, CreatedAt: now, UpdatedAt: now}))
	}
	venue("castle", true, true)
	venue("draft", false, true)
	venue("unvalidated", true, false)

	before, err := s.DirectoryVersion(ctx)
	storetest.Must(t, err)
	list, err := s.PublicListings(ctx)
	storetest.Must(t, err)
	var got []string
	for _, l := range list {
		got = append(got, l.Kind+" "+l.Country+" "+l.Slug)
		if l.UpdatedAt.IsZero() {
			t.Errorf("%s: no time of change", l.Slug)
		}
		switch l.Slug {
		case "visible":
			if !slices.Equal(l.Services, []string{"FULL_PLANNING"}) {
				t.Errorf("visible: services %v", l.Services)
			}
		case "belgian":
			if !slices.Equal(l.Services, []string{"WEDDING_DESIGN"}) {
				t.Errorf("belgian: services %v", l.Services)
			}
		case "castle":
			if l.City != "Tours" || l.Services != nil {
				t.Errorf("castle: %+v", l)
			}
		}
	}
	slices.Sort(got)
	if want := []string{"planner BE belgian", "planner FR visible", "venue FR castle"}; !slices.Equal(got, want) {
		t.Errorf("listings %v, want %v", got, want)
	}

	storetest.Must(t, s.SetUserModerated(ctx, owner.ID, false, now))
	after, err := s.DirectoryVersion(ctx)
	storetest.Must(t, err)
	if after <= before {
		t.Errorf("the version did not move with a moderation: %d then %d", before, after)
	}
	list, err = s.PublicListings(ctx)
	storetest.Must(t, err)
	if slices.ContainsFunc(list, func(l store.PublicListing) bool { return l.Kind == "venue" }) {
		t.Error("the venue of an owner no longer moderated is listed")
	}
}
