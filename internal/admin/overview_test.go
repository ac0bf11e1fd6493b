package admin

import (
	"context"
	"database/sql"
	"fmt"
	"reflect"
	"testing"
	"time"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// overviewWorld builds a platform with known events around the days of a
// 7-day overview that ends on 2026-11-26 in Paris (UTC+1 in November).
type overviewWorld struct {
	t   *testing.T
	ctx context.Context
	st  *store.Store
	svc *Service
	n   int
}

func newOverviewWorld(t *testing.T) *overviewWorld {
	st := storetest.New(t)
	// 22:30 UTC on the 26th is 23:30 in Paris: the 27th begins there in
	// half an hour, and a payment at 23:30 UTC belongs to it.
	clk := clock.NewFixed(time.Date(2026, 11, 26, 22, 30, 0, 0, time.UTC))
	return &overviewWorld{t: t, ctx: context.Background(), st: st, svc: NewService(Deps{Store: st, Clock: clk})}
}

func (w *overviewWorld) id() string {
	w.n++
	return fmt.Sprintf("id-%04d", w.n)
}

func (w *overviewWorld) provider(at time.Time, finished, moderated bool) model.User {
	w.t.Helper()
	u := model.User{ID: w.id(), Email: w.id() + "@example.com", PasswordHash: "x", Role: model.RolePlanner, Firstname: "Ana",
		Lastname: "Silva", Locale: "fr", Domain: "fr", IsModerated: moderated, HasFinishedOnboarding: finished,
		PremiumStatus: model.PremiumNone, CreatedAt: at, UpdatedAt: at}
	storetest.Must(w.t, w.st.CreateUser(w.ctx, u))
	return u
}

func (w *overviewWorld) request(provider model.User, at time.Time, unlockedAt time.Time) {
	w.t.Helper()
	p := model.Project{ID: w.id(), Domain: "fr", EventType: "wedding", EventDate: "2027-06-12", ServiceType: "planner",
		Firstname: "Léa", Lastname: "Martin", Email: "lea@example.com", CreatedAt: at, ConfirmedAt: sql.NullTime{Time: at, Valid: true}}
	storetest.Must(w.t, w.st.CreateProject(w.ctx, p))
	r := model.EventRequest{ID: w.id(), ProjectID: p.ID, ProviderID: provider.ID, CreatedAt: at}
	storetest.Must(w.t, w.st.CreateEventRequest(w.ctx, r))
	if !unlockedAt.IsZero() {
		if ok, err := w.st.UnlockEventRequest(w.ctx, provider.ID, r.ID, unlockedAt); !ok || err != nil {
			w.t.Fatalf("unlock: %v %v", ok, err)
		}
	}
}

func (w *overviewWorld) payment(u model.User, at time.Time, credits int, cents int64, currency, status string) {
	w.t.Helper()
	p := model.Payment{ID: w.id(), UserID: u.ID, Provider: "sandbox", IntentID: w.id(), Credits: credits, AmountCents: cents,
		Currency: currency, Status: status, CreatedAt: at.Add(-time.Minute), UpdatedAt: at}
	if _, err := w.st.CreatePayment(w.ctx, p); err != nil {
		w.t.Fatal(err)
	}
}

func (w *overviewWorld) invoice(u model.User, at time.Time, cents int64, currency string) {
	w.t.Helper()
	if _, err := w.st.RecordPremiumInvoice(w.ctx, store.PremiumInvoice{ID: w.id(), UserID: u.ID, SubscriptionID: "sub_" + u.ID,
		AmountCents: cents, Currency: currency, PaidAt: at, CreatedAt: at}); err != nil {
		w.t.Fatal(err)
	}
}

func TestOverviewCountsEachDayOfTheAdminsTimeZone(t *testing.T) {
	w := newOverviewWorld(t)
	utc := func(d, h, m int) time.Time { return time.Date(2026, 11, d, h, m, 0, 0, time.UTC) }

	// Before the period (the 19th in Paris): counted nowhere.
	old := w.provider(utc(19, 22, 59), true, true)
	w.request(old, utc(19, 22, 0), utc(19, 22, 30))
	// 23:10 UTC on the 19th is the 20th in Paris: the period's first day.
	waiting := w.provider(utc(19, 23, 10), true, false)
	w.provider(utc(21, 9, 0), false, false) // onboarding unfinished: new, not waiting
	w.provider(utc(25, 9, 0), true, false)  // waiting too
	// Requests: two on the 24th (one unlocked on the 25th), one on the 26th
	// (unlocked the same day), one made before the period but unlocked in it.
	w.request(old, utc(24, 10, 0), utc(25, 8, 0))
	w.request(old, utc(24, 11, 0), time.Time{})
	w.request(old, utc(26, 22, 0), utc(26, 22, 10))
	w.request(old, utc(18, 10, 0), utc(22, 10, 0))
	// Money: credits in euros and pounds, a failed payment that counts
	// nothing, premium in both currencies.
	w.payment(old, utc(23, 12, 0), 5, 13500, "eur", model.PaymentSucceeded)
	w.payment(old, utc(23, 13, 0), 1, 3000, "eur", model.PaymentSucceeded)
	w.payment(old, utc(26, 23, 30), 1, 2500, "gbp", model.PaymentSucceeded) // the 27th in Paris: not yet
	w.payment(old, utc(25, 23, 30), 1, 2500, "gbp", model.PaymentSucceeded) // the 26th in Paris
	w.payment(waiting, utc(24, 8, 0), 10, 24000, "eur", "failed")
	w.invoice(old, utc(20, 7, 0), 6900, "eur")
	w.invoice(old, utc(26, 7, 0), 5900, "gbp")
	w.invoice(waiting, utc(26, 8, 0), 69000, "eur")
	// A failed message and a sent one.
	for i, state := range []string{model.OutboxFailed, model.OutboxSent} {
		storetest.Must(t, w.st.CreateOutboxMessage(w.ctx, model.OutboxMessage{ID: w.id(), Channel: "email", Recipient: fmt.Sprintf("r%d@example.com", i),
			BodyText: "x", CreatedAt: utc(25, 0, 0), State: state}))
	}

	got, err := w.svc.Overview(w.ctx, 7, "Europe/Paris")
	if err != nil {
		t.Fatal(err)
	}
	eur := func(c int64) []Money { return []Money{{"eur", c}} }
	gbp := func(c int64) []Money { return []Money{{"gbp", c}} }
	want := Overview{Days: 7, TimeZone: "Europe/Paris", AwaitingModeration: 2, FailedMessages: 1,
		RequestsReceived: 3, RequestsUnlocked: 2,
		Series: []OverviewDay{
			{Date: "2026-11-20", NewProviders: 1, PremiumRevenue: eur(6900)},
			{Date: "2026-11-21", NewProviders: 1},
			{Date: "2026-11-22", Unlocks: 1},
			{Date: "2026-11-23", CreditsSold: 6, CreditRevenue: eur(16500)},
			{Date: "2026-11-24", Projects: 2, Requests: 2},
			{Date: "2026-11-25", NewProviders: 1, Unlocks: 1},
			{Date: "2026-11-26", Projects: 1, Requests: 1, Unlocks: 1, CreditsSold: 1, CreditRevenue: gbp(2500),
				PremiumRevenue: []Money{{"eur", 69000}, {"gbp", 5900}}},
		},
		Total: OverviewDay{NewProviders: 3, Projects: 3, Requests: 3, Unlocks: 3, CreditsSold: 7,
			CreditRevenue: []Money{{"eur", 16500}, {"gbp", 2500}}, PremiumRevenue: []Money{{"eur", 75900}, {"gbp", 5900}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("overview\n got %+v\nwant %+v", got, want)
	}

	t.Run("in UTC the same events fall on other days", func(t *testing.T) {
		got, err := w.svc.Overview(w.ctx, 7, "")
		if err != nil {
			t.Fatal(err)
		}
		// The 26th in UTC runs to 23:59 UTC: the pound payment at 23:30 is in.
		last := got.Series[6]
		if got.TimeZone != "UTC" || last.Date != "2026-11-26" || !reflect.DeepEqual(last.CreditRevenue, gbp(2500)) || last.CreditsSold != 1 {
			t.Errorf("last day %+v", last)
		}
		if first := got.Series[0]; first.Date != "2026-11-20" || first.NewProviders != 0 || !reflect.DeepEqual(first.PremiumRevenue, eur(6900)) {
			t.Errorf("first day %+v", first)
		}
	})

	t.Run("a period or a time zone it does not know is a field error", func(t *testing.T) {
		for _, tc := range []struct {
			days  int
			tz    string
			field string
		}{
			{14, "", "days"}, {-1, "UTC", "days"}, {30, "Mars/Olympus", "tz"}, {30, "../../etc/passwd", "tz"},
			{30, string(make([]byte, 65)), "tz"},
		} {
			_, err := w.svc.Overview(w.ctx, tc.days, tc.tz)
			e, ok := apperr.As(err)
			if !ok || e.Kind != apperr.Invalid || e.Fields[tc.field] == "" {
				t.Errorf("days %d tz %q: %v", tc.days, tc.tz, err)
			}
		}
	})

	t.Run("the default is 30 days ending today", func(t *testing.T) {
		got, err := w.svc.Overview(w.ctx, 0, "Europe/Paris")
		if err != nil || got.Days != 30 || len(got.Series) != 30 || got.Series[0].Date != "2026-10-28" || got.Series[29].Date != "2026-11-26" {
			t.Errorf("%d days from %s: %v", got.Days, got.Series[0].Date, err)
		}
	})
}
