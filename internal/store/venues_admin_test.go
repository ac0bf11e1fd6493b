package store_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// adminVenue makes a venue of owner created at created, published or not.
func adminVenue(t *testing.T, s *store.Store, owner, name string, published bool, created time.Time) model.Venue {
	t.Helper()
	v := model.Venue{ID: model.NewID(), OwnerID: owner, Name: name, Slug: model.NewID(), Type: "castle", City: "Lyon",
		CountryCode: "FR", IsPublished: published, CreatedAt: created, UpdatedAt: created}
	storetest.Must(t, s.CreateVenue(context.Background(), v))
	return v
}

func venueIDs(vs []store.AdminVenue) []string {
	out := []string{}
	for _, v := range vs {
		out = append(out, v.ID)
	}
	return out
}

func TestAdminVenueListsAndValidation(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	owner := adminFixture(t, s, "venue@example.com", model.RoleVenue, "Domaine", true, true, adminNow)
	gone := adminFixture(t, s, "gone-venue@example.com", model.RoleVenue, "Gone", true, true, adminNow)
	newer := adminVenue(t, s, owner.ID, "Newer", true, adminNow.Add(2*time.Hour))
	older := adminVenue(t, s, owner.ID, "Older", true, adminNow.Add(time.Hour))
	draft := adminVenue(t, s, owner.ID, "Draft", false, adminNow)
	hidden := adminVenue(t, s, gone.ID, "Of a deleted owner", true, adminNow)
	storetest.Must(t, s.AnonymiseUser(ctx, gone.ID, adminNow))

	list := func(status string) ([]string, int) {
		t.Helper()
		vs, total, err := s.ListAdminVenues(ctx, status, 50, 0)
		if err != nil {
			t.Fatal(err)
		}
		return venueIDs(vs), total
	}

	t.Run("the queue holds published venues not validated, oldest first", func(t *testing.T) {
		ids, total := list(store.AdminVenuesToValidate)
		if diff := cmp.Diff([]string{older.ID, newer.ID}, ids); total != 2 || diff != "" {
			t.Errorf("total %d, queue (-want +got):\n%s", total, diff)
		}
	})
	t.Run("all lists the queue first, then the rest, and never a deleted owner's venue", func(t *testing.T) {
		ids, total := list(store.AdminVenuesAll)
		if diff := cmp.Diff([]string{older.ID, newer.ID, draft.ID}, ids); total != 3 || diff != "" {
			t.Errorf("total %d, all (-want +got):\n%s", total, diff)
		}
		if _, err := s.GetAdminVenue(ctx, hidden.ID); err == nil {
			t.Error("a deleted owner's venue is readable")
		}
	})
	t.Run("a page past the end is empty with the total", func(t *testing.T) {
		vs, total, err := s.ListAdminVenues(ctx, store.AdminVenuesAll, 2, 2)
		if err != nil || total != 3 || len(vs) != 1 || vs[0].ID != draft.ID {
			t.Errorf("second page: %v %d %v", venueIDs(vs), total, err)
		}
		vs, total, err = s.ListAdminVenues(ctx, store.AdminVenuesAll, 2, 4)
		if err != nil || total != 3 || len(vs) != 0 {
			t.Errorf("past the end: %v %d %v", venueIDs(vs), total, err)
		}
	})
	t.Run("an unknown status is an error", func(t *testing.T) {
		if _, _, err := s.ListAdminVenues(ctx, "drafts", 50, 0); err == nil {
			t.Error("no error")
		}
	})
	t.Run("validation is conditional, stamps the time and touches the venue", func(t *testing.T) {
		at := adminNow.Add(24 * time.Hour)
		ok, err := s.ValidateVenue(ctx, older.ID, at)
		if err != nil || !ok {
			t.Fatalf("first validation: %v %v", ok, err)
		}
		if ok, err := s.ValidateVenue(ctx, older.ID, at.Add(time.Minute)); err != nil || ok {
			t.Errorf("second validation: %v %v", ok, err)
		}
		if ok, err := s.ValidateVenue(ctx, draft.ID, at); err != nil || ok {
			t.Errorf("a draft was validated: %v %v", ok, err)
		}
		v, err := s.GetAdminVenue(ctx, older.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !v.IsValidated || !v.ValidatedAt.Valid || !v.ValidatedAt.Time.Equal(at) || !v.UpdatedAt.Equal(at) {
			t.Errorf("validated venue %+v", v.Venue)
		}
		if v.OwnerEmail != "venue@example.com" || !v.OwnerModerated || v.OwnerLocale != "fr" || v.OwnerFirstname != "Ana" {
			t.Errorf("owner facts %+v", v)
		}
		ids, _ := list(store.AdminVenuesToValidate)
		if diff := cmp.Diff([]string{newer.ID}, ids); diff != "" {
			t.Errorf("queue after validation (-want +got):\n%s", diff)
		}
		storetest.Must(t, func() error { _, err := s.ValidateVenue(ctx, newer.ID, at.Add(time.Hour)); return err }())
		ids, _ = list(store.AdminVenuesValidated)
		if diff := cmp.Diff([]string{newer.ID, older.ID}, ids); diff != "" {
			t.Errorf("validated, last first (-want +got):\n%s", diff)
		}
	})
	t.Run("withdrawing a validation clears its time, once", func(t *testing.T) {
		at := adminNow.Add(48 * time.Hour)
		if ok, err := s.UnvalidateVenue(ctx, older.ID, at); err != nil || !ok {
			t.Fatalf("unvalidate: %v %v", ok, err)
		}
		if ok, err := s.UnvalidateVenue(ctx, older.ID, at); err != nil || ok {
			t.Errorf("second unvalidate: %v %v", ok, err)
		}
		v, _ := s.GetAdminVenue(ctx, older.ID)
		if v.IsValidated || v.ValidatedAt.Valid || !v.UpdatedAt.Equal(at) {
			t.Errorf("after withdrawal %+v", v.Venue)
		}
	})
}

func TestVenuesImagesAndFeaturesInBulk(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	owner := newUser(t, s, "photos@example.com")
	a := adminVenue(t, s, owner.ID, "A", true, now)
	b := adminVenue(t, s, owner.ID, "B", true, now)
	empty := adminVenue(t, s, owner.ID, "Empty", true, now)
	first, key, hiddenPhoto := newImage(owner.ID, sql.NullString{String: a.ID, Valid: true}, true),
		newImage(owner.ID, sql.NullString{String: a.ID, Valid: true}, true),
		newImage(owner.ID, sql.NullString{String: a.ID, Valid: true}, false)
	first.Position, key.Position, hiddenPhoto.Position = 1, 2, 3
	ofB := newImage(owner.ID, sql.NullString{String: b.ID, Valid: true}, true)
	gallery := newImage(owner.ID, sql.NullString{}, true)
	for _, im := range []model.Image{first, key, hiddenPhoto, ofB, gallery} {
		storetest.Must(t, s.CreateImage(ctx, im))
	}
	if _, err := s.DB().ExecContext(ctx, `UPDATE images SET is_key_image = TRUE, alt = 'The lawn' WHERE id = $1`, key.ID); err != nil {
		t.Fatal(err)
	}
	storetest.Must(t, s.SetVenueSets(ctx, a.ID, store.VenueSets{Features: []string{"wifi", "garden", "parking"}}, now))

	images, err := s.ListVenuesImages(ctx, []string{a.ID, b.ID, empty.ID})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for id, ims := range images {
		for _, im := range ims {
			got[id] = append(got[id], im.ID)
		}
	}
	want := map[string][]string{a.ID: {key.ID, first.ID, hiddenPhoto.ID}, b.ID: {ofB.ID}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("photos: key first, then in order, hidden ones too, no gallery photo (-want +got):\n%s", diff)
	}
	if k := images[a.ID][0]; !k.IsKeyImage || k.Alt != "The lawn" || k.ThumbKey == "" {
		t.Errorf("key image %+v", k)
	}
	features, err := s.ListVenuesFeatures(ctx, []string{a.ID, b.ID})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string][]string{a.ID: {"garden", "parking", "wifi"}}, features); diff != "" {
		t.Errorf("features in display order (-want +got):\n%s", diff)
	}
}
