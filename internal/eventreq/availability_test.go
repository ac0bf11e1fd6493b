package eventreq

import (
	"context"
	"database/sql"
	"maps"
	"slices"
	"testing"
	"time"

	"noces/internal/apperr"
	"noces/internal/eventreq/eventreqtest"
	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// The wedding date of these tests and the day after it.
const (
	weddingDay = "2027-06-12"
	dayAfter   = "2027-06-13"
)

// planner creates a visible planner in Lyon offering full planning
// (prestation 4) in French (langue 4).
func (e submitEnv) planner(t *testing.T, slug string) string {
	t.Helper()
	ctx := context.Background()
	u := model.User{ID: model.NewID(), Email: slug + "@example.com", PasswordHash: "x", Role: model.RolePlanner, Firstname: "P",
		Lastname: "Q", Locale: "fr", Domain: "fr", IsModerated: true, HasFinishedOnboarding: true, PremiumStatus: model.PremiumNone,
		CreatedAt: now, UpdatedAt: now}
	storetest.Must(t, e.store.CreateUser(ctx, u))
	storetest.Must(t, e.store.CreateCompany(ctx, model.Company{UserID: u.ID, Name: slug, Slug: slug, SiretStatus: "active",
		CountryCode: "FR", City: "Lyon", Latitude: sql.NullFloat64{Float64: 45.76, Valid: true},
		Longitude: sql.NullFloat64{Float64: 4.84, Valid: true}, CreatedAt: now, UpdatedAt: now}))
	storetest.Must(t, e.store.SetCompanyServices(ctx, u.ID, []int{4}, []model.CompanyPrestation{{PrestationID: 4}}))
	return u.ID
}

// take marks day taken on a calendar: the company's own when venueID is "".
func (e submitEnv) take(t *testing.T, user, venueID, day string) {
	t.Helper()
	storetest.Must(t, e.store.SetAvailabilityDay(context.Background(), store.AvailabilityDay{UserID: user, VenueID: venueID,
		Day: day, Status: store.AvailabilityBooked, Source: store.AvailabilityManual, CreatedAt: now}))
}

// submitProject sends a project from Lyon for weddingDay, general or
// addressed, for full planning or (venue) a venue for 100 to 150 guests.
func (e submitEnv) submitProject(t *testing.T, email string, venue bool, plannerSlug, venueSlug string) (Submitted, error) {
	t.Helper()
	tok := e.svc.FormToken()
	e.clock.Advance(MinFillTime + time.Second)
	lat, lng := 45.76, 4.84
	in := ProjectInput{ProviderSlug: plannerSlug, VenueSlug: venueSlug, EventType: "wedding", EventDate: weddingDay,
		ServiceType: "FULL_PLANNING", City: "Lyon", Latitude: &lat, Longitude: &lng, GuestRange: "100_150",
		Languages: []string{"fr"}, Firstname: "Ana", Lastname: "Lima", Email: email, Phone: "+33611111111", FormToken: tok,
		ClientIP: "192.0.2.1"}
	if venue {
		in.ServiceType = "VENUE"
	}
	return e.svc.Submit(context.Background(), in, i18n.Domains[0])
}

// requested returns the providers a project's requests went to, sorted.
func (e submitEnv) requested(t *testing.T, projectID string) []string {
	t.Helper()
	return slices.Sorted(maps.Keys(e.venuesOf(t, projectID)))
}

func TestMatchingSkipsWhoIsTakenOnTheDate(t *testing.T) {
	e := newSubmitEnv(t)
	booked := e.planner(t, "booked")
	free := e.planner(t, "free")
	takenNextDay := e.planner(t, "taken-next-day")
	lateBooked := e.planner(t, "late-booked")
	e.take(t, booked, "", weddingDay)
	e.take(t, takenNextDay, "", dayAfter)

	a, b := e.owner(t, "a@example.com"), e.owner(t, "b@example.com")
	aNear := e.venue(t, a, "a-near", 150, 0.01, true)
	aFar := e.venue(t, a, "a-far", 200, 0.2, true)
	bOnly := e.venue(t, b, "b-only", 200, 0.05, true)
	e.take(t, a, aNear, weddingDay)
	e.take(t, b, "", weddingDay) // the owner's own day: its venue stays open
	e.take(t, b, bOnly, dayAfter)

	t.Run("planners: the one taken on the date gets nothing, one taken the day after does", func(t *testing.T) {
		res, err := e.submitProject(t, "planners@example.com", false, "", "")
		storetest.Must(t, err)
		// Taken after the form, before the couple confirms: the
		// confirming transaction reads the calendar again.
		e.take(t, lateBooked, "", weddingDay)
		done := eventreqtest.Confirm(t, e.store, e.svc, "planners@example.com")
		want := []string{free, takenNextDay}
		slices.Sort(want)
		if got := e.requested(t, res.ProjectID); done.Matched != 2 || !slices.Equal(got, want) {
			t.Errorf("matched %d: %v, want %v", done.Matched, got, want)
		}
	})
	t.Run("venues: a venue taken on the date gets nothing, its owner's other venue does", func(t *testing.T) {
		res, err := e.submitProject(t, "venues@example.com", true, "", "")
		storetest.Must(t, err)
		done := eventreqtest.Confirm(t, e.store, e.svc, "venues@example.com")
		got := e.venuesOf(t, res.ProjectID)
		if done.Matched != 2 || got[a].String != aFar || got[b].String != bOnly {
			t.Errorf("matched %d: %v, want %s for a and %s for b", done.Matched, got, aFar, bOnly)
		}
	})
}

func TestAFormToATakenPageIsRefusedBeforeItIsSent(t *testing.T) {
	e := newSubmitEnv(t)
	booked := e.planner(t, "booked")
	e.planner(t, "free")
	owner := e.owner(t, "owner@example.com")
	taken := e.venue(t, owner, "taken", 200, 0, true)
	e.venue(t, owner, "open", 200, 0, true)
	e.take(t, booked, "", weddingDay)
	e.take(t, owner, taken, weddingDay)

	for _, tc := range []struct {
		name, planner, venue string
		refused              bool
	}{
		{"a planner taken on the date", "booked", "", true},
		{"a venue taken on the date", "", "taken", true},
		{"a free planner", "free", "", false},
		{"a free venue of the same owner", "", "open", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := e.count(t, `SELECT COUNT(*) FROM projects`)
			mails := e.count(t, `SELECT COUNT(*) FROM outbox`)
			_, err := e.submitProject(t, "couple@example.com", tc.venue != "", tc.planner, tc.venue)
			if !tc.refused {
				storetest.Must(t, err)
				return
			}
			ae, ok := apperr.As(err)
			if !ok || ae.Kind != apperr.Invalid || ae.Fields["eventDate"] != "project.errors.date_unavailable" {
				t.Fatalf("%v, want the date refused", err)
			}
			if n, m := e.count(t, `SELECT COUNT(*) FROM projects`), e.count(t, `SELECT COUNT(*) FROM outbox`); n != before || m != mails {
				t.Errorf("refused, yet projects %d -> %d, outbox %d -> %d", before, n, mails, m)
			}
		})
	}
	t.Run("a page taken between the form and the confirmation gets nothing", func(t *testing.T) {
		free := e.planner(t, "free-then-taken")
		res, err := e.submitProject(t, "late@example.com", false, "free-then-taken", "")
		storetest.Must(t, err)
		e.take(t, free, "", weddingDay)
		done := eventreqtest.Confirm(t, e.store, e.svc, "late@example.com")
		if got := e.requested(t, res.ProjectID); done.Matched != 0 || len(got) != 0 {
			t.Errorf("matched %d: %v, want none", done.Matched, got)
		}
	})
}
