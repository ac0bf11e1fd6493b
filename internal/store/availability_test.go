package store_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"noces/internal/store"
	"noces/internal/store/storetest"
)

func days(list []store.AvailabilityDay) []string {
	out := []string{}
	for _, d := range list {
		out = append(out, d.VenueID+"/"+d.Day+"/"+d.Status+"/"+d.Source)
	}
	return out
}

func TestAvailabilityCalendarsAreSeparate(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	u := newUser(t, s, "cal@example.com")
	other := newUser(t, s, "other-cal@example.com")
	v := newVenue(t, s, u.ID)
	set := func(user, venue, day, status string) {
		t.Helper()
		if err := s.SetAvailabilityDay(ctx, store.AvailabilityDay{UserID: user, VenueID: venue, Day: day, Status: status, Source: store.AvailabilityManual, CreatedAt: now}); err != nil {
			t.Fatal(err)
		}
	}
	set(u.ID, "", "2027-06-12", store.AvailabilityBooked)
	set(u.ID, "", "2027-06-12", store.AvailabilityUnavailable) // replaces, no conflict
	set(u.ID, v.ID, "2027-06-12", store.AvailabilityBooked)    // the venue's own calendar
	set(u.ID, v.ID, "2027-07-01", store.AvailabilityBooked)
	set(other.ID, "", "2027-06-13", store.AvailabilityBooked)

	own, err := s.ListAvailability(ctx, u.ID, "", "2027-06-01", "2027-06-30")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"/2027-06-12/unavailable/manual"}, days(own)); diff != "" {
		t.Errorf("company calendar (-want +got):\n%s", diff)
	}
	venue, _ := s.ListAvailability(ctx, u.ID, v.ID, "2027-06-01", "2027-07-01")
	if diff := cmp.Diff([]string{v.ID + "/2027-06-12/booked/manual", v.ID + "/2027-07-01/booked/manual"}, days(venue)); diff != "" {
		t.Errorf("venue calendar (-want +got):\n%s", diff)
	}
	// Another company never reads this venue's calendar, even with its id.
	if leaked, _ := s.ListAvailability(ctx, other.ID, v.ID, "2027-01-01", "2027-12-31"); len(leaked) != 0 {
		t.Errorf("another company read the venue: %v", days(leaked))
	}
	all, _ := s.ListCompanyAvailability(ctx, u.ID, "2027-01-01", "2027-12-31")
	if len(all) != 3 {
		t.Errorf("company feed days = %v", days(all))
	}

	if busy, _ := s.IsBusy(ctx, u.ID, "", "2027-06-12"); !busy {
		t.Error("company not busy on its day")
	}
	if busy, _ := s.IsBusy(ctx, u.ID, v.ID, "2027-06-13"); busy {
		t.Error("venue busy on a free day")
	}
	// Every calendar at once, as IsBusy tells of each: the company's own
	// day and its venue's are separate, and another company's id with this
	// venue names no calendar.
	w := newVenue(t, s, u.ID)
	cals := []store.Calendar{{UserID: u.ID}, {UserID: u.ID, VenueID: v.ID}, {UserID: u.ID, VenueID: w.ID},
		{UserID: other.ID}, {UserID: other.ID, VenueID: v.ID}}
	busy, err := s.BusyCalendars(ctx, "2027-06-12", cals)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[store.Calendar]bool{{UserID: u.ID}: true, {UserID: u.ID, VenueID: v.ID}: true}, busy); diff != "" {
		t.Errorf("calendars busy on 2027-06-12 (-want +got):\n%s", diff)
	}
	if busy, err := s.BusyCalendars(ctx, "2027-06-13", cals); err != nil || len(busy) != 1 || !busy[store.Calendar{UserID: other.ID}] {
		t.Errorf("calendars busy on 2027-06-13: %v (%v), want the other company's own", busy, err)
	}
	companies, _ := s.CompaniesBusyOn(ctx, "2027-06-12")
	if diff := cmp.Diff([]string{u.ID}, companies); diff != "" {
		t.Errorf("companies busy (-want +got):\n%s", diff)
	}
	venues, _ := s.VenuesBusyOn(ctx, "2027-07-01")
	if diff := cmp.Diff([]string{v.ID}, venues); diff != "" {
		t.Errorf("venues busy (-want +got):\n%s", diff)
	}

	if ok, _ := s.DeleteAvailabilityDay(ctx, other.ID, v.ID, "2027-07-01"); ok {
		t.Error("another company freed the venue's day")
	}
	if ok, _ := s.DeleteAvailabilityDay(ctx, u.ID, v.ID, "2027-07-01"); !ok {
		t.Error("the owner could not free its venue's day")
	}
	if ok, _ := s.DeleteAvailabilityDay(ctx, u.ID, v.ID, "2027-07-01"); ok {
		t.Error("a free day was freed twice")
	}
}

func TestAvailabilityImportKeepsManualDays(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	u := newUser(t, s, "import@example.com")
	manual := store.AvailabilityDay{UserID: u.ID, Day: "2027-05-01", Status: store.AvailabilityUnavailable, Source: store.AvailabilityManual, CreatedAt: now}
	if err := s.SetAvailabilityDay(ctx, manual); err != nil {
		t.Fatal(err)
	}
	imp := func(day string) store.AvailabilityDay {
		return store.AvailabilityDay{UserID: u.ID, Day: day, Status: store.AvailabilityBooked, Source: store.AvailabilityImport, CreatedAt: now}
	}
	n, err := s.AddAvailabilityDays(ctx, []store.AvailabilityDay{imp("2027-05-01"), imp("2027-05-02"), imp("2027-05-02")})
	if err != nil || n != 1 {
		t.Fatalf("added %d, %v", n, err)
	}
	got, _ := s.ListAvailability(ctx, u.ID, "", "2027-05-01", "2027-05-31")
	if diff := cmp.Diff([]string{"/2027-05-01/unavailable/manual", "/2027-05-02/booked/import"}, days(got)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestAvailabilityFeedRenewalKillsTheOldSecret(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	u := newUser(t, s, "feed@example.com")
	if _, ok, _ := s.HasAvailabilityFeed(ctx, u.ID); ok {
		t.Fatal("a feed before any was made")
	}
	if err := s.SetAvailabilityFeed(ctx, u.ID, "hash-1", now); err != nil {
		t.Fatal(err)
	}
	if owner, err := s.AvailabilityFeedOwner(ctx, "hash-1"); err != nil || owner != u.ID {
		t.Fatalf("owner %q, %v", owner, err)
	}
	if err := s.SetAvailabilityFeed(ctx, u.ID, "hash-2", now); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AvailabilityFeedOwner(ctx, "hash-1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("old secret: %v", err)
	}
	if _, ok, _ := s.HasAvailabilityFeed(ctx, u.ID); !ok {
		t.Error("no feed after renewal")
	}
}
