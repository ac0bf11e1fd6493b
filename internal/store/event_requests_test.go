package store_test

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	gocmp "github.com/google/go-cmp/cmp"

	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// TestListEventRequestsPagesAndSorts checks every sort, direction and page of
// a provider's list against the same list sorted in Go, ties included, and
// that another provider's requests never show.
func TestListEventRequestsPagesAndSorts(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	me := newUser(t, s, "me@example.com")
	other := newUser(t, s, "other@example.com")
	type req struct {
		id, date string
		created  time.Time
		seen     bool
	}
	var mine []req
	for i := range 23 {
		// Few distinct dates and creation times, so ties must be broken by id.
		p := model.Project{ID: model.NewID(), Domain: "fr", EventType: "wedding", ServiceType: "FULL_PLANNING",
			EventDate: fmt.Sprintf("2027-0%d-1%d", 1+i%3, i%2), Firstname: "Léa", Lastname: "Martin", Email: "lea@example.com",
			CreatedAt: now, ConfirmedAt: sql.NullTime{Time: now, Valid: true}, Languages: []string{"fr", "en"}[:1+i%2]}
		storetest.Must(t, s.CreateProject(ctx, p))
		r := model.EventRequest{ID: model.NewID(), ProjectID: p.ID, ProviderID: me.ID, CreatedAt: now.Add(time.Duration(i%4) * time.Hour)}
		storetest.Must(t, s.CreateEventRequest(ctx, r))
		if i%3 == 0 {
			storetest.Must(t, s.MarkEventRequestSeen(ctx, r.ID, now))
		}
		mine = append(mine, req{r.ID, p.EventDate, r.CreatedAt, i%3 == 0})
		if i%5 == 0 { // the same project sent to another provider too
			storetest.Must(t, s.CreateEventRequest(ctx, model.EventRequest{ID: model.NewID(), ProjectID: p.ID, ProviderID: other.ID, CreatedAt: now}))
		}
	}
	for _, sort := range []store.RequestSort{store.SortCreatedAt, store.SortEventDate} {
		for _, desc := range []bool{false, true} {
			want := slices.Clone(mine)
			slices.SortFunc(want, func(a, b req) int {
				c := a.created.Compare(b.created)
				if sort == store.SortEventDate {
					c = cmp.Compare(a.date, b.date)
				}
				if c == 0 {
					c = cmp.Compare(a.id, b.id)
				}
				if desc {
					c = -c
				}
				return c
			})
			for _, page := range []struct{ limit, offset int }{{10, 0}, {10, 10}, {10, 20}, {25, 0}, {10, 30}} {
				name := fmt.Sprintf("%s desc=%v limit %d offset %d", sort, desc, page.limit, page.offset)
				rows, total, unseen, err := s.ListEventRequests(ctx, me.ID, sort, desc, page.limit, page.offset)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if total != 23 || unseen != 15 {
					t.Errorf("%s: total %d unseen %d, want 23 and 15", name, total, unseen)
				}
				var got, wantIDs []string
				for _, r := range rows {
					got = append(got, r.ID)
					if r.ProviderID != me.ID || r.Project.ID != r.ProjectID || len(r.Project.Languages) == 0 {
						t.Errorf("%s: row %+v", name, r)
					}
				}
				for _, r := range want[min(page.offset, len(want)):min(page.offset+page.limit, len(want))] {
					wantIDs = append(wantIDs, r.id)
				}
				if !slices.Equal(got, wantIDs) {
					t.Errorf("%s: got %v, want %v", name, got, wantIDs)
				}
			}
		}
	}
	rows, total, unseen, err := s.ListEventRequests(ctx, other.ID, store.SortEventDate, true, 25, 0)
	if err != nil || total != 5 || unseen != 5 || len(rows) != 5 {
		t.Errorf("other provider: %d rows, total %d, unseen %d, %v", len(rows), total, unseen, err)
	}
	rows, total, unseen, err = s.ListEventRequests(ctx, model.NewID(), store.SortCreatedAt, true, 25, 0)
	if err != nil || total != 0 || unseen != 0 || len(rows) != 0 {
		t.Errorf("provider without requests: %d rows, total %d, unseen %d, %v", len(rows), total, unseen, err)
	}
	// Opening a request moves it out of the unseen count.
	storetest.Must(t, s.MarkEventRequestSeen(ctx, mine[1].id, now))
	if _, _, unseen, err := s.ListEventRequests(ctx, me.ID, store.SortCreatedAt, true, 25, 0); err != nil || unseen != 14 {
		t.Errorf("after opening one: unseen %d, %v", unseen, err)
	}
}

// TestRequestEventDateCopiedFromProject checks that migration 00009 copies
// each project's date into the requests already sent, that a new request
// gets it too, and that a request for no project is refused.
func TestRequestEventDateCopiedFromProject(t *testing.T) {
	ctx := context.Background()
	s, err := store.Open(ctx, storetest.URL(t))
	storetest.Must(t, err)
	t.Cleanup(func() { s.Close() })
	storetest.Must(t, s.MigrateTo(ctx, 8))
	me := newUser(t, s, "me@example.com")
	mk := func(date string, old bool) model.EventRequest {
		p := model.Project{ID: model.NewID(), Domain: "fr", EventType: "wedding", ServiceType: "FULL_PLANNING",
			EventDate: date, Firstname: "Léa", Lastname: "Martin", Email: "lea@example.com", CreatedAt: now,
			ConfirmedAt: sql.NullTime{Time: now, Valid: true}, Languages: []string{"fr"}}
		if old {
			// The columns of the time, before confirmed_at (00024).
			_, err := s.DB().ExecContext(ctx, `INSERT INTO projects (id, domain, event_type, event_date, service_type, firstname,
				lastname, email, phone, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, '', $9)`,
				p.ID, p.Domain, p.EventType, p.EventDate, p.ServiceType, p.Firstname, p.Lastname, p.Email, p.CreatedAt)
			storetest.Must(t, err)
		} else {
			storetest.Must(t, s.CreateProject(ctx, p))
		}
		return model.EventRequest{ID: model.NewID(), ProjectID: p.ID, ProviderID: me.ID, CreatedAt: now}
	}
	// Written as the store did before 00009.
	a, b := mk("2027-09-12", true), mk("2028-01-05", true)
	for _, r := range []model.EventRequest{b, a} {
		_, err = s.DB().ExecContext(ctx, `INSERT INTO event_requests (id, project_id, provider_id, created_at) VALUES ($1, $2, $3, $4)`,
			r.ID, r.ProjectID, r.ProviderID, r.CreatedAt)
		storetest.Must(t, err)
	}
	storetest.Must(t, s.Migrate(ctx))
	c := mk("2027-06-01", false)
	storetest.Must(t, s.CreateEventRequest(ctx, c))
	rows, total, _, err := s.ListEventRequests(ctx, me.ID, store.SortEventDate, false, 10, 0)
	storetest.Must(t, err)
	var got []string
	for _, r := range rows {
		got = append(got, r.Project.EventDate)
	}
	if want := []string{"2027-06-01", "2027-09-12", "2028-01-05"}; total != 3 || !slices.Equal(got, want) {
		t.Errorf("by event date: total %d, %v; want 3, %v", total, got, want)
	}

	missing := model.EventRequest{ID: model.NewID(), ProjectID: model.NewID(), ProviderID: me.ID, CreatedAt: now}
	if err := s.CreateEventRequest(ctx, missing); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("request for no project: %v, want ErrNotFound", err)
	}
}

// TestEventRequestNamesItsVenue reads the venue a request is for, and never
// another owner's venue even when venue_id points at one.
func TestEventRequestNamesItsVenue(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	owner, other := newUser(t, s, "owner@example.com"), newUser(t, s, "other@example.com")
	mine := adminVenue(t, s, owner.ID, "Château du Lac", true, now)
	theirs := adminVenue(t, s, other.ID, "Their barn", true, now)
	send := func(venueID string) string {
		p := model.Project{ID: model.NewID(), Domain: "fr", EventType: "wedding", ServiceType: "VENUE", EventDate: "2027-06-12",
			Firstname: "Léa", Lastname: "Martin", Email: "lea@example.com", CreatedAt: now,
			ConfirmedAt: sql.NullTime{Time: now, Valid: true}}
		storetest.Must(t, s.CreateProject(ctx, p))
		r := model.EventRequest{ID: model.NewID(), ProjectID: p.ID, ProviderID: owner.ID, CreatedAt: now}
		storetest.Must(t, s.CreateEventRequest(ctx, r))
		if venueID != "" {
			if _, err := s.DB().ExecContext(ctx, `UPDATE event_requests SET venue_id = $1 WHERE id = $2`, venueID, r.ID); err != nil {
				t.Fatal(err)
			}
		}
		return r.ID
	}
	forMine, forNone, forTheirs := send(mine.ID), send(""), send(theirs.ID)
	type venue struct{ ID, Name, Slug string }
	want := map[string]venue{forMine: {mine.ID, mine.Name, mine.Slug}, forNone: {}, forTheirs: {}}
	read := func(r store.RequestRow) venue {
		return venue{r.VenueID.String, r.VenueName.String, r.VenueSlug.String}
	}
	rows, _, _, err := s.ListEventRequests(ctx, owner.ID, store.SortCreatedAt, true, 25, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]venue{}
	for _, r := range rows {
		got[r.ID] = read(r)
	}
	if diff := gocmp.Diff(want, got); diff != "" {
		t.Errorf("list (-want +got):\n%s", diff)
	}
	for id, w := range want {
		r, err := s.GetEventRequest(ctx, owner.ID, id)
		if err != nil {
			t.Fatal(err)
		}
		if diff := gocmp.Diff(w, read(r)); diff != "" {
			t.Errorf("detail of %s (-want +got):\n%s", id, diff)
		}
	}
	t.Run("a deleted venue leaves the request without one", func(t *testing.T) {
		if _, err := s.DB().ExecContext(ctx, `DELETE FROM venues WHERE id = $1`, mine.ID); err != nil {
			t.Fatal(err)
		}
		r, err := s.GetEventRequest(ctx, owner.ID, forMine)
		if err != nil || r.VenueID.Valid || r.VenueName.Valid {
			t.Errorf("after deletion: %+v %v", r, err)
		}
	})
}
