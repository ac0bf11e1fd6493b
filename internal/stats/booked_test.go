package stats

import (
	"database/sql"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"noces/internal/clock"
	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

var now = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

type seed struct {
	t *testing.T
	s *store.Store
}

func (sd seed) provider(email string) model.User { return sd.providerOn("fr", email) }

func (sd seed) providerOn(domain, email string) model.User {
	u := model.User{ID: model.NewID(), Email: email, PasswordHash: "x", Role: model.RolePlanner, Firstname: "P",
		Lastname: "Q", Locale: "fr", Domain: domain, IsModerated: true, PremiumStatus: model.PremiumNone, CreatedAt: now, UpdatedAt: now}
	storetest.Must(sd.t, sd.s.CreateUser(sd.t.Context(), u))
	return u
}

// request is a project sent to each of providers; it returns their requests.
func (sd seed) request(providers ...model.User) []string {
	p := model.Project{ID: model.NewID(), Domain: "fr", EventType: "wedding", EventDate: "2027-06-12", ServiceType: "FULL_PLANNING",
		Firstname: "Ana", Lastname: "Lima", Email: "ana@example.com", Phone: "+33611111111", CreatedAt: now}
	storetest.Must(sd.t, sd.s.CreateProject(sd.t.Context(), p))
	var ids []string
	for _, u := range providers {
		r := model.EventRequest{ID: model.NewID(), ProjectID: p.ID, ProviderID: u.ID, CreatedAt: now}
		storetest.Must(sd.t, sd.s.CreateEventRequest(sd.t.Context(), r))
		ids = append(ids, r.ID)
	}
	return ids
}

func (sd seed) outcome(requestID, outcome, booked string, at time.Time) {
	var b any
	if booked != "" {
		b = booked
	}
	_, err := sd.s.DB().ExecContext(sd.t.Context(), `UPDATE projects SET outcome = $2, outcome_request_id = $3, outcome_at = $4
		WHERE id = (SELECT project_id FROM event_requests WHERE id = $1)`, requestID, outcome, b, at)
	storetest.Must(sd.t, err)
}

func (sd seed) ledger(u model.User, ref string, deposited, withdrawn int, at time.Time) {
	storetest.Must(sd.t, sd.s.AddCreditLog(sd.t.Context(), model.CreditLog{ID: model.NewID(), UserID: u.ID, CreatedAt: at,
		Description: "x", Deposited: deposited, Withdrawn: withdrawn, Ref: sql.NullString{String: ref, Valid: true}}))
}

func (sd seed) payment(u model.User, credits int, cents int64, currency, status string) {
	_, err := sd.s.CreatePayment(sd.t.Context(), model.Payment{ID: model.NewID(), UserID: u.ID, Provider: "sandbox", IntentID: model.NewID(),
		Credits: credits, AmountCents: cents, Currency: currency, Status: status, CreatedAt: now, UpdatedAt: now})
	storetest.Must(sd.t, err)
}

func (sd seed) invoice(u model.User, cents int64, currency string, at time.Time) {
	_, err := sd.s.RecordPremiumInvoice(sd.t.Context(), store.PremiumInvoice{ID: model.NewID(), UserID: u.ID, SubscriptionID: "sub",
		AmountCents: cents, Currency: currency, PaidAt: at, CreatedAt: at})
	storetest.Must(sd.t, err)
}

func TestBookingsCountTheProvidersWeddingsAndWhatEachCost(t *testing.T) {
	s := storetest.New(t)
	sd := seed{t, s}
	u, other := sd.provider("p@example.com"), sd.provider("o@example.com")

	// Booked with u this month and in September; booked with the other
	// provider, booked someone else, and booked with u 13 months ago: not counted.
	a := sd.request(u, other)
	sd.outcome(a[0], model.ProjectOutcomeBookedProvider, a[0], now.Add(-time.Hour))
	b := sd.request(u)
	sd.outcome(b[0], model.ProjectOutcomeBookedProvider, b[0], time.Date(2026, 9, 30, 23, 0, 0, 0, time.UTC))
	c := sd.request(u, other)
	sd.outcome(c[0], model.ProjectOutcomeBookedProvider, c[1], now.Add(-time.Hour))
	d := sd.request(u)
	sd.outcome(d[0], model.ProjectOutcomeBookedOther, "", now.Add(-time.Hour))
	e := sd.request(u)
	sd.outcome(e[0], model.ProjectOutcomeBookedProvider, e[0], now.AddDate(-1, -1, 0))

	// Credits: 11 bought for 285 EUR and 5 for 100 GBP (a failed payment
	// does not count), 3 unlocks and 1 refund in the period, 1 unlock
	// before it; a premium invoice in the period, one before it.
	sd.payment(u, 10, 25500, "eur", model.PaymentSucceeded)
	sd.payment(u, 1, 3000, "eur", model.PaymentSucceeded)
	sd.payment(u, 5, 12000, "eur", model.PaymentFailed)
	sd.payment(u, 5, 10000, "gbp", model.PaymentSucceeded)
	sd.ledger(u, "payment:all", 16, 0, now.AddDate(-2, 0, 0))
	sd.ledger(u, "unlock:old", 0, 1, now.AddDate(-1, -1, 0))
	for _, id := range []string{a[0], b[0], d[0]} {
		sd.ledger(u, "unlock:"+id, 0, 1, now.AddDate(0, -1, 0))
	}
	sd.ledger(u, "refund:"+d[0], 1, 0, now.AddDate(0, -1, 0))
	sd.invoice(u, 4900, "EUR", now.AddDate(0, -2, 0))
	sd.invoice(u, 4900, "EUR", now.AddDate(-1, -1, 0))
	// The other provider's spend is its own.
	sd.payment(other, 1, 3000, "eur", model.PaymentSucceeded)
	sd.invoice(other, 9900, "EUR", now.AddDate(0, -2, 0))

	svc := NewService(s, clock.NewFixed(now))
	got, err := svc.Bookings(t.Context(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	// The 2 credits spent are shared as the 16 bought were: 11/16 valued
	// at the euro average, 5/16 at the pound one; never added together.
	eurPer, gbpPer := int64(4232), int64(625) // (2 × 28500 / 16 = 3563, + 4900) / 2; 2 × 10000 / 16 = 1250, / 2
	want := Bookings{Booked: 2, CreditsSpent: 2, Costs: []Cost{
		{Currency: "EUR", CreditValueCents: 2591, SpentCents: 8463, PerBookingCents: &eurPer},
		{Currency: "GBP", CreditValueCents: 2000, SpentCents: 1250, PerBookingCents: &gbpPer},
	}}
	for i, m := range []string{"2025-12", "2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11"} {
		want.Months = append(want.Months, MonthBooked{Month: m})
		if i == 9 || i == 11 {
			want.Months[i].Booked = 1
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Bookings (-want +got):\n%s", diff)
	}

	// The other provider: one wedding booked, one credit bought, none spent.
	got, err = svc.Bookings(t.Context(), other.ID)
	if err != nil {
		t.Fatal(err)
	}
	if c := got.Costs; got.Booked != 1 || len(c) != 1 || c[0].SpentCents != 9900 || c[0].PerBookingCents == nil || *c[0].PerBookingCents != 9900 {
		t.Errorf("the other provider: %+v", got)
	}
}

func TestBookingsBeforeAFirstBookingHaveNoCostPerBooking(t *testing.T) {
	s := storetest.New(t)
	sd := seed{t, s}
	u := sd.provider("p@example.com")
	a := sd.request(u)
	sd.ledger(u, "welcome", 3, 0, now.AddDate(0, -1, 0))
	sd.ledger(u, "unlock:"+a[0], 0, 1, now)
	got, err := NewService(s, clock.NewFixed(now)).Bookings(t.Context(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	// Given credits cost nothing.
	if c := got.Costs; got.Booked != 0 || len(c) != 1 || c[0].Currency != "EUR" || c[0].PerBookingCents != nil || c[0].SpentCents != 0 ||
		got.CreditsSpent != 1 || len(got.Months) != 12 {
		t.Errorf("%+v", got)
	}
}

// A UK provider's card is in pounds, its billing currency, even before it
// paid anything; euros it once paid come after.
func TestBookingsOfAUKProviderAreInPoundsFirst(t *testing.T) {
	s := storetest.New(t)
	sd := seed{t, s}
	u := sd.providerOn("uk", "uk@example.com")
	svc := NewService(s, clock.NewFixed(now))
	got, err := svc.Bookings(t.Context(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Costs) != 1 || got.Costs[0] != (Cost{Currency: "GBP"}) {
		t.Errorf("before any payment: %+v", got.Costs)
	}
	sd.payment(u, 1, 3000, "eur", model.PaymentSucceeded)
	sd.invoice(u, 5900, "gbp", now.AddDate(0, -1, 0))
	got, err = svc.Bookings(t.Context(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := []Cost{{Currency: "GBP", SpentCents: 5900}, {Currency: "EUR", CreditValueCents: 3000}}
	if diff := cmp.Diff(want, got.Costs); diff != "" {
		t.Errorf("costs (-want +got):\n%s", diff)
	}
}
