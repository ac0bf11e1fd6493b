package store_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

func TestPaymentsOnEveryEngine(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	u := newUser(t, s, "pay@example.com")
	p := model.Payment{ID: model.NewID(), UserID: u.ID, Provider: "sandbox", IntentID: "pi_1", Credits: 2, AmountCents: 5050,
		Currency: "eur", Status: model.PaymentPending, CreatedAt: now, UpdatedAt: now}

	created, err := s.CreatePayment(ctx, p)
	if err != nil || !created {
		t.Fatalf("%v %v", created, err)
	}
	t.Run("a payment reads back whole", func(t *testing.T) {
		got, err := s.GetPaymentByIntent(ctx, "pi_1")
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(p, got); diff != "" {
			t.Errorf("on %s (-want +got):\n%s", storetest.Engine(), diff)
		}
	})
	t.Run("a second record of the same intent changes nothing", func(t *testing.T) {
		again := p
		again.ID, again.Credits = model.NewID(), 5
		if created, err := s.CreatePayment(ctx, again); err != nil || created {
			t.Errorf("%v %v", created, err)
		}
		if got, _ := s.GetPaymentByIntent(ctx, "pi_1"); got.Credits != 2 || got.ID != p.ID {
			t.Errorf("%+v", got)
		}
	})
	t.Run("an unknown intent is ErrNotFound", func(t *testing.T) {
		if _, err := s.GetPaymentByIntent(ctx, "pi_nope"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("got %v", err)
		}
	})
	t.Run("a succeeded payment stays succeeded", func(t *testing.T) {
		for _, step := range []struct {
			status string
			moved  bool
		}{{model.PaymentFailed, true}, {model.PaymentFailed, false}, {model.PaymentSucceeded, true},
			{model.PaymentFailed, false}, {model.PaymentCanceled, false}, {model.PaymentProcessing, false}} {
			moved, err := s.SetPaymentStatus(ctx, "pi_1", step.status, now.Add(time.Minute))
			if err != nil || moved != step.moved {
				t.Errorf("to %s: moved %v, want %v (%v)", step.status, moved, step.moved, err)
			}
		}
		if got, _ := s.GetPaymentByIntent(ctx, "pi_1"); got.Status != model.PaymentSucceeded {
			t.Errorf("status %s", got.Status)
		}
	})
	t.Run("a status outside the list is refused by the database", func(t *testing.T) {
		pending := p
		pending.ID, pending.IntentID = model.NewID(), "pi_2"
		storetest.Must(t, func() error { _, err := s.CreatePayment(ctx, pending); return err }())
		if _, err := s.SetPaymentStatus(ctx, "pi_2", "lost", now); err == nil {
			t.Error("accepted")
		}
	})
}

func TestBillingCustomersAndSubscriptionsOnEveryEngine(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	u := newUser(t, s, "sub@example.com")
	other := newUser(t, s, "other@example.com")

	t.Run("the first customer of a user wins", func(t *testing.T) {
		if ok, err := s.CreateBillingCustomer(ctx, u.ID, "cus_1", now); err != nil || !ok {
			t.Fatalf("%v %v", ok, err)
		}
		if ok, err := s.CreateBillingCustomer(ctx, u.ID, "cus_2", now); err != nil || ok {
			t.Errorf("%v %v", ok, err)
		}
		if ok, err := s.CreateBillingCustomer(ctx, other.ID, "cus_1", now); err != nil || ok {
			t.Errorf("a customer given to a second user: %v %v", ok, err)
		}
		if id, err := s.GetBillingCustomer(ctx, u.ID); err != nil || id != "cus_1" {
			t.Errorf("%q %v", id, err)
		}
		if id, err := s.GetUserIDByCustomer(ctx, "cus_1"); err != nil || id != u.ID {
			t.Errorf("%q %v", id, err)
		}
		if _, err := s.GetBillingCustomer(ctx, other.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("got %v", err)
		}
	})

	start := now.Truncate(time.Second)
	end := start.AddDate(0, 1, 0)
	sub := model.Subscription{ID: "sub_1", UserID: u.ID, CustomerID: "cus_1", Plan: "monthly", Status: "active",
		StartedAt: model.NullTime(start), CurrentPeriodEnd: model.NullTime(end), EventAt: 100, CreatedAt: now, UpdatedAt: now}

	t.Run("a newer event's state replaces an older one, never the reverse", func(t *testing.T) {
		if wrote, err := s.SaveSubscription(ctx, sub); err != nil || !wrote {
			t.Fatalf("%v %v", wrote, err)
		}
		newer := sub
		newer.CancelAtPeriodEnd, newer.CancelAt, newer.EventAt = true, model.NullTime(end), 200
		if wrote, err := s.SaveSubscription(ctx, newer); err != nil || !wrote {
			t.Fatalf("%v %v", wrote, err)
		}
		older := sub
		older.Status, older.EventAt = "incomplete", 150
		if wrote, err := s.SaveSubscription(ctx, older); err != nil || wrote {
			t.Errorf("an older event wrote: %v %v", wrote, err)
		}
		same := newer
		same.Plan = "yearly"
		if wrote, err := s.SaveSubscription(ctx, same); err != nil || !wrote {
			t.Errorf("an event of the same second did not write: %v %v", wrote, err)
		}
		got, err := s.GetSubscription(ctx, "sub_1")
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(same, got); diff != "" {
			t.Errorf("on %s (-want +got):\n%s", storetest.Engine(), diff)
		}
	})

	t.Run("a user's subscriptions come latest first", func(t *testing.T) {
		later := start.Add(48 * time.Hour)
		second := sub
		second.ID, second.StartedAt = "sub_2", model.NullTime(later)
		storetest.Must(t, func() error { _, err := s.SaveSubscription(ctx, second); return err }())
		subs, err := s.ListUserSubscriptions(ctx, u.ID)
		if err != nil || len(subs) != 2 || subs[0].ID != "sub_2" {
			t.Errorf("%+v %v", subs, err)
		}
		if subs, _ := s.ListUserSubscriptions(ctx, other.ID); len(subs) != 0 {
			t.Errorf("another user sees %+v", subs)
		}
	})

	t.Run("premium state and plan are set together", func(t *testing.T) {
		plan := "yearly"
		storetest.Must(t, s.InTx(ctx, func(tx *store.Store) error {
			if err := tx.LockUserBilling(ctx, u.ID); err != nil {
				return err
			}
			return tx.SetUserPremium(ctx, u.ID, model.PremiumCancellation, model.NullTime(start), model.NullTime(end), sql.NullString{String: plan, Valid: true}, now)
		}))
		got, _ := s.GetUser(ctx, u.ID)
		if got.PremiumStatus != model.PremiumCancellation || !got.PremiumEndAt.Time.Equal(end) || !got.PremiumStartAt.Time.Equal(start) {
			t.Errorf("%+v", got)
		}
		if p, err := s.GetPremiumPlan(ctx, u.ID); err != nil || p != "yearly" {
			t.Errorf("%q %v", p, err)
		}
		if p, err := s.GetPremiumPlan(ctx, other.ID); err != nil || p != "" {
			t.Errorf("%q %v", p, err)
		}
		if err := s.LockUserBilling(ctx, model.NewID()); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("locking an unknown user: %v", err)
		}
	})
}
