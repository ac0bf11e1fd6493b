package billing

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/config"
	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/platform/payment"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

var texts = i18n.MustLoad()

type fixture struct {
	t       *testing.T
	ctx     context.Context
	store   *store.Store
	clock   *clock.Fixed
	sandbox *payment.Sandbox
	svc     *Service
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	s := storetest.New(t)
	clk := clock.NewFixed(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC))
	sandbox, err := payment.NewSandbox(payment.SandboxConfig{Store: s, PlanCents: PlanCents(config.DefaultPrices), Now: clk.Now, Texts: texts})
	if err != nil {
		t.Fatal(err)
	}
	svc := NewService(Deps{Store: s, Clock: clk, Payments: sandbox})
	sandbox.SetDeliver(svc.HandleWebhook)
	return &fixture{t: t, ctx: context.Background(), store: s, clock: clk, sandbox: sandbox, svc: svc}
}

func (f *fixture) user(email string, moderated bool) model.User {
	return f.userOn("fr", email, moderated)
}

// userOn is a provider who signed up on domain.
func (f *fixture) userOn(domain, email string, moderated bool) model.User {
	f.t.Helper()
	now := f.clock.Now()
	u := model.User{ID: model.NewID(), Email: email, PasswordHash: "x", Role: model.RolePlanner, Firstname: "Ana", Lastname: "Silva",
		Locale: "fr", Domain: domain, IsModerated: moderated, HasFinishedOnboarding: true, PremiumStatus: model.PremiumNone,
		CreatedAt: now, UpdatedAt: now}
	storetest.Must(f.t, f.store.CreateUser(f.ctx, u))
	return u
}

// send signs an event as the processor does and hands it to the webhook code.
func (f *fixture) send(typ string, created time.Time, object any) error {
	f.t.Helper()
	payload, sig, err := payment.SignedEvent(f.sandbox.WebhookSecret(), "evt_"+model.NewID(), typ, created, object, time.Now())
	if err != nil {
		f.t.Fatal(err)
	}
	return f.svc.HandleWebhook(f.ctx, payload, sig)
}

func (f *fixture) balance(userID string) (cached, ledger int) {
	f.t.Helper()
	u, err := f.store.GetUser(f.ctx, userID)
	if err != nil {
		f.t.Fatal(err)
	}
	sum, err := f.store.GetLedgerBalance(f.ctx, userID)
	if err != nil {
		f.t.Fatal(err)
	}
	return u.Credits, sum
}

func (f *fixture) rows(table string) int {
	f.t.Helper()
	var n int
	if err := f.store.DB().QueryRow("SELECT COUNT(*) FROM " + table).Scan(&n); err != nil {
		f.t.Fatal(err)
	}
	return n
}

func wantCode(t *testing.T, err error, kind apperr.Kind, code string) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Kind != kind || (e.Code != code && e.Fields["credits"] != code && e.Fields["price"] != code && e.Fields["plan"] != code) {
		t.Errorf("got %v, want %s", err, code)
	}
}

func TestBuy(t *testing.T) {
	f := newFixture(t)
	u := f.user("buyer@example.com", true)

	t.Run("quantities outside 1-50 and wrong prices are refused and nothing is written", func(t *testing.T) {
		for _, in := range []struct {
			credits int
			price   float64
			code    string
		}{{0, 0, "credits.errors.quantity"}, {51, 750, "credits.errors.quantity"}, {2, 50, "credits.errors.price_mismatch"},
			{2, 50.49, "credits.errors.price_mismatch"}, {10, 195, "credits.errors.price_mismatch"}, {1, -30, "credits.errors.price_mismatch"}} {
			_, err := f.svc.Buy(f.ctx, u.ID, BuyInput{Credits: in.credits, Price: in.price})
			wantCode(t, err, apperr.Invalid, in.code)
		}
		if n := f.rows("payments"); n != 0 {
			t.Errorf("%d payments written", n)
		}
	})

	t.Run("an unmoderated provider cannot buy", func(t *testing.T) {
		fresh := f.user("fresh@example.com", false)
		_, err := f.svc.Buy(f.ctx, fresh.ID, BuyInput{Credits: 1, Price: 30})
		wantCode(t, err, apperr.Forbidden, "account.errors.not_moderated")
	})

	t.Run("the server's price starts a pending payment and adds no credit", func(t *testing.T) {
		p, err := f.svc.Buy(f.ctx, u.ID, BuyInput{Credits: 2, Price: 50.5})
		if err != nil {
			t.Fatal(err)
		}
		if p.Provider != "sandbox" || p.ClientSecret == "" || p.RedirectURL != "/sandbox/pay/"+p.PaymentIntentID {
			t.Errorf("%+v", p)
		}
		row, err := f.store.GetPaymentByIntent(f.ctx, p.PaymentIntentID)
		if err != nil || row.UserID != u.ID || row.Credits != 2 || row.AmountCents != 5050 || row.Status != model.PaymentPending {
			t.Errorf("%+v %v", row, err)
		}
		if c, l := f.balance(u.ID); c != 0 || l != 0 {
			t.Errorf("credits %d ledger %d", c, l)
		}
	})

	t.Run("a retry with the same idempotency key is the same payment", func(t *testing.T) {
		a, err := f.svc.Buy(f.ctx, u.ID, BuyInput{Credits: 3, Price: 72, IdempotencyKey: "click-1"})
		if err != nil {
			t.Fatal(err)
		}
		b, err := f.svc.Buy(f.ctx, u.ID, BuyInput{Credits: 3, Price: 72, IdempotencyKey: "click-1"})
		if err != nil || a.PaymentIntentID != b.PaymentIntentID || a.ClientSecret != b.ClientSecret {
			t.Errorf("%+v %+v %v", a, b, err)
		}
		c, err := f.svc.Buy(f.ctx, u.ID, BuyInput{Credits: 5, Price: 111, IdempotencyKey: "click-1"})
		if err != nil || c.PaymentIntentID == a.PaymentIntentID {
			t.Errorf("another quantity under the same key: %+v %v", c, err)
		}
		if n := f.rows("payments"); n != 3 {
			t.Errorf("%d payments, want 3", n)
		}
	})
}

func TestPaymentEvents(t *testing.T) {
	f := newFixture(t)
	u := f.user("events@example.com", true)
	other := f.user("other@example.com", true)
	now := f.clock.Now()
	buy := func(credits int) payment.PaymentIntent {
		t.Helper()
		cents, _ := PriceCents(config.DefaultPrices["eur"].CreditCents, credits)
		p, err := f.svc.Buy(f.ctx, u.ID, BuyInput{Credits: credits, Price: float64(cents) / 100})
		if err != nil {
			t.Fatal(err)
		}
		return payment.PaymentIntent{ID: p.PaymentIntentID, ClientSecret: p.ClientSecret, AmountCents: cents, Currency: "eur",
			Metadata: map[string]string{"user_id": u.ID}}
	}
	with := func(pi payment.PaymentIntent, status string) map[string]any {
		pi.Status = status
		return payment.IntentObject(pi, now)
	}

	t.Run("a bad or stale signature changes nothing", func(t *testing.T) {
		pi := buy(1)
		payload, _, err := payment.SignedEvent(f.sandbox.WebhookSecret(), "evt_x", payment.EventPaymentSucceeded, now, with(pi, "succeeded"), time.Now())
		if err != nil {
			t.Fatal(err)
		}
		for _, sig := range []string{"", "t=1,v1=00", payment.SignatureHeader(payload, "whsec_forged", time.Now()),
			payment.SignatureHeader(payload, f.sandbox.WebhookSecret(), time.Now().Add(-6*time.Minute))} {
			wantCode(t, f.svc.HandleWebhook(f.ctx, payload, sig), apperr.Malformed, "payment.errors.signature")
		}
		if c, _ := f.balance(u.ID); c != 0 {
			t.Errorf("credits %d", c)
		}
	})

	t.Run("the same succeeded event delivered 20 times at once credits once", func(t *testing.T) {
		pi := buy(5)
		var wg sync.WaitGroup
		errs := make(chan error, 20)
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs <- f.send(payment.EventPaymentSucceeded, now, with(pi, "succeeded"))
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Error(err)
			}
		}
		if c, l := f.balance(u.ID); c != 5 || l != 5 {
			t.Errorf("credits %d ledger %d, want 5", c, l)
		}
		var n int
		if err := f.store.DB().QueryRow(`SELECT COUNT(*) FROM credit_log WHERE ref = $1`, CreditRef(pi.ID)).Scan(&n); err != nil || n != 1 {
			t.Errorf("%d ledger rows (%v)", n, err)
		}
		if row, _ := f.store.GetPaymentByIntent(f.ctx, pi.ID); row.Status != model.PaymentSucceeded {
			t.Errorf("status %s", row.Status)
		}
		if c, _ := f.balance(other.ID); c != 0 {
			t.Errorf("another user got %d credits", c)
		}
	})

	t.Run("a failure after the success changes nothing", func(t *testing.T) {
		pi := buy(2)
		if err := f.send(payment.EventPaymentSucceeded, now, with(pi, "succeeded")); err != nil {
			t.Fatal(err)
		}
		pi.FailureCode = "generic_decline"
		for _, typ := range []string{payment.EventPaymentFailed, payment.EventPaymentCanceled, payment.EventPaymentProcessing} {
			if err := f.send(typ, now.Add(-time.Minute), with(pi, "requires_payment_method")); err != nil {
				t.Fatal(err)
			}
		}
		if row, _ := f.store.GetPaymentByIntent(f.ctx, pi.ID); row.Status != model.PaymentSucceeded {
			t.Errorf("status %s", row.Status)
		}
		if c, l := f.balance(u.ID); c != 7 || l != 7 {
			t.Errorf("credits %d ledger %d, want 7", c, l)
		}
	})

	t.Run("a failed payment adds nothing, and a later success still credits", func(t *testing.T) {
		pi := buy(1)
		failed := pi
		failed.FailureCode = "insufficient_funds"
		if err := f.send(payment.EventPaymentFailed, now, with(failed, "requires_payment_method")); err != nil {
			t.Fatal(err)
		}
		if row, _ := f.store.GetPaymentByIntent(f.ctx, pi.ID); row.Status != model.PaymentFailed {
			t.Errorf("status %s", row.Status)
		}
		if c, _ := f.balance(u.ID); c != 7 {
			t.Errorf("credits %d", c)
		}
		if err := f.send(payment.EventPaymentSucceeded, now, with(pi, "succeeded")); err != nil {
			t.Fatal(err)
		}
		if c, l := f.balance(u.ID); c != 8 || l != 8 {
			t.Errorf("credits %d ledger %d, want 8", c, l)
		}
	})

	t.Run("a success for an unknown intent or another amount credits nobody", func(t *testing.T) {
		stranger := payment.PaymentIntent{ID: "pi_not_ours", AmountCents: 3000, Currency: "eur", Metadata: map[string]string{"user_id": u.ID}}
		if err := f.send(payment.EventPaymentSucceeded, now, with(stranger, "succeeded")); err != nil {
			t.Fatal(err)
		}
		pi := buy(1)
		pi.AmountCents = 1
		if err := f.send(payment.EventPaymentSucceeded, now, with(pi, "succeeded")); err != nil {
			t.Fatal(err)
		}
		if c, l := f.balance(u.ID); c != 8 || l != 8 {
			t.Errorf("credits %d ledger %d, want 8", c, l)
		}
	})

	t.Run("events of other kinds are acknowledged and ignored", func(t *testing.T) {
		if err := f.send("invoice.paid", now, map[string]any{"id": "in_1", "object": "invoice"}); err != nil {
			t.Error(err)
		}
	})

	t.Run("the return address reports the outcome without crediting", func(t *testing.T) {
		pi := buy(1)
		for _, tc := range []struct{ intent, redirect, want string }{
			{"", "succeeded", ReturnMissing},
			{"pi_unknown", "succeeded", ReturnIntentNotFound},
			{pi.ID, "succeeded", ReturnSucceeded},
			{pi.ID, "processing", ReturnProcessing},
			{pi.ID, "failed", ReturnFailed},
			{pi.ID, "requires_payment_method", ReturnFailed},
			{pi.ID, "canceled", ReturnCanceled},
			{pi.ID, "requires_capture", ReturnCapturable},
			{pi.ID, "", ReturnProcessing},
			{pi.ID, "weird", ReturnUnknownStatus},
		} {
			got, err := f.svc.PaymentReturn(f.ctx, tc.intent, tc.redirect)
			if err != nil || got != tc.want {
				t.Errorf("%q %q: %q %v, want %q", tc.intent, tc.redirect, got, err, tc.want)
			}
		}
		if c, _ := f.balance(u.ID); c != 8 {
			t.Errorf("credits %d", c)
		}
	})
}

// sub is a subscription in the processor's shape, for events.
func sub(id, customer, status, interval string, start time.Time, cancelAtEnd bool, ended time.Time, userID string) map[string]any {
	s := payment.Subscription{ID: id, CustomerID: customer, Status: status, Interval: interval, StartedAt: start,
		CurrentPeriodEnd: start.AddDate(0, 1, 0), CancelAtPeriodEnd: cancelAtEnd, EndedAt: ended, Metadata: map[string]string{"user_id": userID}}
	if interval == payment.IntervalYear {
		s.CurrentPeriodEnd = start.AddDate(1, 0, 0)
	}
	return payment.SubscriptionObject(s, 6900, "eur")
}

func TestSubscriptionEventsInAnyOrder(t *testing.T) {
	start := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	t0 := start
	active := func(u string) map[string]any {
		return sub("sub_"+u, "cus_"+u, "active", payment.IntervalMonth, start, false, time.Time{}, u)
	}
	ending := func(u string) map[string]any {
		return sub("sub_"+u, "cus_"+u, "active", payment.IntervalMonth, start, true, time.Time{}, u)
	}
	deleted := func(u string) map[string]any {
		return sub("sub_"+u, "cus_"+u, "canceled", payment.IntervalMonth, start, false, start.Add(72*time.Hour), u)
	}
	type delivery struct {
		typ  string
		at   time.Duration
		body func(string) map[string]any
	}
	created := delivery{payment.EventSubscriptionCreated, 0, active}
	updated := delivery{payment.EventSubscriptionUpdated, time.Hour, ending}
	gone := delivery{payment.EventSubscriptionDeleted, 2 * time.Hour, deleted}
	tests := []struct {
		name       string
		deliveries []delivery
		status     string
		end        time.Time
	}{
		{"created alone is active until the period's end", []delivery{created}, model.PremiumActive, start.AddDate(0, 1, 0)},
		{"created then cancel at period end", []delivery{created, updated}, model.PremiumCancellation, start.AddDate(0, 1, 0)},
		{"the cancellation arriving before the creation", []delivery{updated, created}, model.PremiumCancellation, start.AddDate(0, 1, 0)},
		{"every event twice, the newest first", []delivery{gone, updated, created, gone, created, updated}, model.PremiumCanceled, start.Add(72 * time.Hour)},
		{"the deletion between two older events", []delivery{created, gone, updated}, model.PremiumCanceled, start.Add(72 * time.Hour)},
	}
	// One database for every case: each has its own user and subscription.
	f := newFixture(t)
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f.t = t
			u := f.user(fmt.Sprintf("order%d@example.com", i), true)
			for _, d := range tc.deliveries {
				if err := f.send(d.typ, t0.Add(d.at), d.body(u.ID)); err != nil {
					t.Fatal(err)
				}
			}
			got, _ := f.store.GetUser(f.ctx, u.ID)
			if got.PremiumStatus != tc.status || !got.PremiumEndAt.Valid || !got.PremiumEndAt.Time.Equal(tc.end) ||
				!got.PremiumStartAt.Time.Equal(start) {
				t.Errorf("%s from %v to %v, want %s to %v", got.PremiumStatus, got.PremiumStartAt.Time, got.PremiumEndAt.Time, tc.status, tc.end)
			}
			// A plan while the subscription is in force; none once ended.
			wantPlan := PlanMonthly
			if tc.status == model.PremiumCanceled {
				wantPlan = ""
			}
			if plan, _ := f.svc.PremiumPlan(f.ctx, u.ID); plan != wantPlan {
				t.Errorf("plan %q, want %q", plan, wantPlan)
			}
		})
	}

	t.Run("a cancelled subscription past its end is canceled, without a plan, before the last event", func(t *testing.T) {
		f := newFixture(t) // its own clock, moved past the end
		u := f.user("lapsed@example.com", true)
		for _, d := range []delivery{created, updated} {
			if err := f.send(d.typ, t0.Add(d.at), d.body(u.ID)); err != nil {
				t.Fatal(err)
			}
		}
		got, _ := f.store.GetUser(f.ctx, u.ID)
		plan, _ := f.svc.PremiumPlan(f.ctx, u.ID)
		if status, inForce := f.svc.PremiumState(got, plan); status != model.PremiumCancellation || inForce != PlanMonthly {
			t.Errorf("before its end: %s %q", status, inForce)
		}
		f.clock.Advance(got.PremiumEndAt.Time.Sub(f.clock.Now()) + time.Second)
		if status, inForce := f.svc.PremiumState(got, plan); status != model.PremiumCanceled || inForce != "" {
			t.Errorf("after its end: %s %q", status, inForce)
		}
		active := got
		active.PremiumStatus = model.PremiumActive
		if status, inForce := f.svc.PremiumState(active, plan); status != model.PremiumActive || inForce != PlanMonthly {
			t.Errorf("a renewal late to arrive is no cancellation: %s %q", status, inForce)
		}
	})

	t.Run("a new subscription after a canceled one makes premium active again", func(t *testing.T) {
		f.t = t
		u := f.user("again@example.com", true)
		for _, d := range []delivery{created, gone} {
			if err := f.send(d.typ, t0.Add(d.at), d.body(u.ID)); err != nil {
				t.Fatal(err)
			}
		}
		later := start.AddDate(0, 2, 0)
		if err := f.send(payment.EventSubscriptionCreated, later, sub("sub_new", "cus_"+u.ID, "active", payment.IntervalYear, later, false, time.Time{}, u.ID)); err != nil {
			t.Fatal(err)
		}
		// The old subscription's deletion delivered once more changes nothing.
		if err := f.send(gone.typ, t0.Add(gone.at), gone.body(u.ID)); err != nil {
			t.Fatal(err)
		}
		got, _ := f.store.GetUser(f.ctx, u.ID)
		if got.PremiumStatus != model.PremiumActive || !got.PremiumEndAt.Time.Equal(later.AddDate(1, 0, 0)) {
			t.Errorf("%s until %v", got.PremiumStatus, got.PremiumEndAt.Time)
		}
		if plan, _ := f.svc.PremiumPlan(f.ctx, u.ID); plan != PlanYearly {
			t.Errorf("plan %q", plan)
		}
	})

	t.Run("an unpaid checkout's subscription is not premium", func(t *testing.T) {
		f.t = t
		u := f.user("incomplete@example.com", true)
		if err := f.send(payment.EventSubscriptionCreated, t0, sub("sub_i", "cus_i", "incomplete", payment.IntervalMonth, start, false, time.Time{}, u.ID)); err != nil {
			t.Fatal(err)
		}
		if got, _ := f.store.GetUser(f.ctx, u.ID); got.PremiumStatus != model.PremiumNone {
			t.Errorf("status %s", got.PremiumStatus)
		}
	})

	t.Run("a subscription of nobody we know is acknowledged", func(t *testing.T) {
		f.t = t
		before := f.rows("subscriptions")
		if err := f.send(payment.EventSubscriptionCreated, t0, sub("sub_x", "cus_x", "active", payment.IntervalMonth, start, false, time.Time{}, "")); err != nil {
			t.Error(err)
		}
		if n := f.rows("subscriptions"); n != before {
			t.Errorf("%d subscriptions stored", n-before)
		}
	})
}

func TestTheProcessorsStateWinsOverAStalePayload(t *testing.T) {
	f := newFixture(t)
	u := f.user("fresh@example.com", true)
	// A checkout through the sandbox: its subscription is known there.
	url, err := f.svc.Subscribe(f.ctx, u.ID, PlanPremiumMonthly, "http://localhost/subscription?status=success", "http://localhost/subscription?status=cancel", "fr")
	if err != nil {
		t.Fatal(err)
	}
	postSandbox(t, f.sandbox, url, "card", payment.CardSucceeds)
	got, _ := f.store.GetUser(f.ctx, u.ID)
	if got.PremiumStatus != model.PremiumActive {
		t.Fatalf("status %s", got.PremiumStatus)
	}
	subs, _ := f.store.ListUserSubscriptions(f.ctx, u.ID)
	// A late event whose payload says canceled, while the processor says
	// active: the processor is right.
	stale := sub(subs[0].ID, subs[0].CustomerID, "canceled", payment.IntervalMonth, subs[0].StartedAt.Time, false, f.clock.Now(), u.ID)
	if err := f.send(payment.EventSubscriptionUpdated, f.clock.Now().Add(time.Hour), stale); err != nil {
		t.Fatal(err)
	}
	if got, _ := f.store.GetUser(f.ctx, u.ID); got.PremiumStatus != model.PremiumActive {
		t.Errorf("status %s", got.PremiumStatus)
	}
}

func TestSubscribeAndPortal(t *testing.T) {
	f := newFixture(t)
	u := f.user("premium@example.com", true)
	success, cancel := "http://localhost:8080/subscription?status=success", "http://localhost:8080/subscription?status=cancel"

	t.Run("an unknown plan, an unmoderated provider and a portal without a customer are refused", func(t *testing.T) {
		for _, plan := range []string{"", "monthly", "free_monthly", "premium"} {
			_, err := f.svc.Subscribe(f.ctx, u.ID, plan, success, cancel, "fr")
			wantCode(t, err, apperr.Invalid, "subscription.errors.plan")
		}
		fresh := f.user("fresh@example.com", false)
		_, err := f.svc.Subscribe(f.ctx, fresh.ID, PlanPremiumYearly, success, cancel, "fr")
		wantCode(t, err, apperr.Forbidden, "account.errors.not_moderated")
		_, err = f.svc.Portal(f.ctx, u.ID, "http://localhost:8080/subscription", "fr")
		wantCode(t, err, apperr.Conflict, "subscription.errors.no_subscription")
		if n := f.rows("billing_customers"); n != 0 {
			t.Errorf("%d customers", n)
		}
	})

	var first string
	t.Run("two checkouts reuse one customer", func(t *testing.T) {
		a, err := f.svc.Subscribe(f.ctx, u.ID, PlanPremiumYearly, success, cancel, "fr")
		if err != nil {
			t.Fatal(err)
		}
		b, err := f.svc.Subscribe(f.ctx, u.ID, PlanPremiumMonthly, success, cancel, "fr")
		if err != nil || a == b || !strings.HasPrefix(a, "/sandbox/checkout/") {
			t.Fatalf("%q %q %v", a, b, err)
		}
		if n := f.rows("billing_customers"); n != 1 {
			t.Errorf("%d customers", n)
		}
		first = a
	})

	t.Run("paying the checkout makes premium active with its plan, then subscribing again is refused", func(t *testing.T) {
		loc := postSandbox(t, f.sandbox, first, "card", payment.CardSucceeds)
		if loc != success {
			t.Errorf("returned to %q", loc)
		}
		got, _ := f.store.GetUser(f.ctx, u.ID)
		now := f.clock.Now()
		if got.PremiumStatus != model.PremiumActive || !got.PremiumStartAt.Time.Equal(now.Truncate(time.Second)) ||
			!got.PremiumEndAt.Time.Equal(now.Truncate(time.Second).AddDate(1, 0, 0)) || !got.IsPremium(now) {
			t.Errorf("%+v", got)
		}
		if plan, _ := f.svc.PremiumPlan(f.ctx, u.ID); plan != PlanYearly {
			t.Errorf("plan %q", plan)
		}
		_, err := f.svc.Subscribe(f.ctx, u.ID, PlanPremiumMonthly, success, cancel, "fr")
		wantCode(t, err, apperr.Conflict, "subscription.errors.already_premium")
	})

	t.Run("the portal cancels at the period's end, resumes, switches plan, and cancels at once", func(t *testing.T) {
		portal, err := f.svc.Portal(f.ctx, u.ID, "http://localhost:8080/subscription", "fr")
		if err != nil {
			t.Fatal(err)
		}
		user := func() model.User { got, _ := f.store.GetUser(f.ctx, u.ID); return got }
		postSandbox(t, f.sandbox, portal, "action", "cancel_at_period_end")
		if got := user(); got.PremiumStatus != model.PremiumCancellation || !got.IsPremium(f.clock.Now()) {
			t.Errorf("%s", got.PremiumStatus)
		}
		postSandbox(t, f.sandbox, portal, "action", "resume")
		if got := user(); got.PremiumStatus != model.PremiumActive {
			t.Errorf("%s", got.PremiumStatus)
		}
		postSandbox(t, f.sandbox, portal, "action", "switch")
		if plan, _ := f.svc.PremiumPlan(f.ctx, u.ID); plan != PlanMonthly {
			t.Errorf("plan %q", plan)
		}
		postSandbox(t, f.sandbox, portal, "action", "cancel_now")
		if got := user(); got.PremiumStatus != model.PremiumCanceled || got.IsPremium(f.clock.Now()) || !got.PremiumEndAt.Time.Equal(f.clock.Now().Truncate(time.Second)) {
			t.Errorf("%s until %v", got.PremiumStatus, got.PremiumEndAt.Time)
		}
		if _, err := f.svc.Subscribe(f.ctx, u.ID, PlanPremiumMonthly, success, cancel, "fr"); err != nil {
			t.Errorf("subscribing after a cancellation: %v", err)
		}
	})
}

func TestProcessorFailuresAre503s(t *testing.T) {
	// A refusal, not a 5xx: stripe-go retries those with back-off, which
	// would only slow the test down.
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte(`{"error":{"type":"invalid_request_error","message":"account closed"}}`))
	}))
	defer down.Close()
	stripe, err := payment.NewStripe(payment.StripeConfig{SecretKey: "sk_test_1", PublishableKey: "pk_test_1", WebhookSecret: "whsec_1",
		APIURL: down.URL, HTTPClient: &http.Client{Timeout: time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	f := newFixture(t)
	f.svc = NewService(Deps{Store: f.store, Clock: f.clock, Payments: stripe})
	u := f.user("down@example.com", true)
	_, err = f.svc.Buy(f.ctx, u.ID, BuyInput{Credits: 1, Price: 30})
	wantCode(t, err, apperr.Unavailable, "payment.errors.unavailable")
	_, err = f.svc.Subscribe(f.ctx, u.ID, PlanPremiumMonthly, "http://x/s", "http://x/c", "fr")
	wantCode(t, err, apperr.Unavailable, "payment.errors.unavailable")
	if n := f.rows("payments") + f.rows("billing_customers"); n != 0 {
		t.Errorf("%d rows written", n)
	}
	// An event naming a subscription while Stripe is down is refused, so
	// Stripe delivers it again later.
	payload, sig, err := payment.SignedEvent("whsec_1", "evt_1", payment.EventSubscriptionUpdated, f.clock.Now(),
		sub("sub_1", "cus_1", "active", payment.IntervalMonth, f.clock.Now(), false, time.Time{}, u.ID), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	wantCode(t, f.svc.HandleWebhook(f.ctx, payload, sig), apperr.Unavailable, "payment.errors.unavailable")
}

func TestPricesListEveryQuantity(t *testing.T) {
	ps := NewService(Deps{}).Pricing("eur").Credits()
	if len(ps) != MaxCredits || ps[0] != (Price{1, 3000}) || ps[9] != (Price{10, 19550}) || ps[49] != (Price{50, 75000}) {
		t.Errorf("%v", ps)
	}
}

// postSandbox submits a sandbox page's form as a browser would and returns
// where it redirects.
func postSandbox(t *testing.T, s *payment.Sandbox, page, field, value string) string {
	t.Helper()
	r := httptest.NewRequest("POST", page, strings.NewReader(url.Values{field: {value}}.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	d, _ := i18n.DomainByKey("fr")
	r = r.WithContext(i18n.WithLocale(r.Context(), d, "fr"))
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	if w.Code != http.StatusSeeOther {
		t.Fatalf("POST %s: %d %s", page, w.Code, w.Body)
	}
	return w.Header().Get("Location")
}

// A premium state that drifted from the processor's (a webhook lost for
// good) is put right by the daily reconciliation.
func TestReconcileRestoresTheProcessorsState(t *testing.T) {
	f := newFixture(t)
	u := f.user("drift@example.com", true)
	url, err := f.svc.Subscribe(f.ctx, u.ID, PlanPremiumMonthly, "http://localhost/subscription?status=success", "http://localhost/subscription?status=cancel", "fr")
	if err != nil {
		t.Fatal(err)
	}
	postSandbox(t, f.sandbox, url, "card", payment.CardSucceeds)
	// The database lost the subscription's state: it says canceled and the
	// user is no longer premium, while the processor still bills them.
	if _, err := f.store.DB().ExecContext(f.ctx, `UPDATE subscriptions SET status = 'past_due' WHERE user_id = $1`, u.ID); err != nil {
		t.Fatal(err)
	}
	storetest.Must(t, f.store.SetUserPremium(f.ctx, u.ID, model.PremiumNone, sql.NullTime{}, sql.NullTime{}, sql.NullString{}, f.clock.Now()))
	n, err := f.svc.Reconcile(f.ctx)
	if err != nil || n != 1 {
		t.Fatalf("reconciled %d subscriptions: %v", n, err)
	}
	if got, _ := f.store.GetUser(f.ctx, u.ID); got.PremiumStatus != model.PremiumActive {
		t.Errorf("after the reconciliation: %s, want active", got.PremiumStatus)
	}
	subs, _ := f.store.ListUserSubscriptions(f.ctx, u.ID)
	if len(subs) != 1 || subs[0].Status != "active" {
		t.Errorf("subscriptions %+v", subs)
	}
}

func TestPaidInvoicesAreKeptOnce(t *testing.T) {
	f := newFixture(t)
	u := f.user("invoices@example.com", true)
	if _, err := f.store.CreateBillingCustomer(f.ctx, u.ID, "cus_inv", f.clock.Now()); err != nil {
		t.Fatal(err)
	}
	paid := time.Date(2026, 11, 20, 8, 30, 0, 0, time.UTC)
	renewal := payment.InvoiceObject(payment.Invoice{ID: "in_renewal", CustomerID: "cus_inv", SubscriptionID: "sub_inv",
		AmountCents: 5900, Currency: "GBP", PaidAt: paid})

	t.Run("an invoice delivered eight times at once is kept once", func(t *testing.T) {
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				if err := f.send(payment.EventInvoicePaid, paid, renewal); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		var got store.PremiumInvoice
		err := f.store.DB().QueryRow(`SELECT user_id, subscription_id, amount_cents, currency, paid_at FROM premium_invoices`).
			Scan(&got.UserID, &got.SubscriptionID, &got.AmountCents, &got.Currency, &got.PaidAt)
		if n := f.rows("premium_invoices"); n != 1 || err != nil || got.UserID != u.ID || got.AmountCents != 5900 || got.Currency != "gbp" ||
			!got.PaidAt.Equal(paid) || got.SubscriptionID != "sub_inv" {
			t.Errorf("%d invoices, %+v %v", n, got, err)
		}
	})

	t.Run("an unknown customer's invoice and an invoice of no subscription are acknowledged and not kept", func(t *testing.T) {
		other := payment.InvoiceObject(payment.Invoice{ID: "in_other", CustomerID: "cus_someone_else", SubscriptionID: "sub_x",
			AmountCents: 6900, Currency: "eur", PaidAt: paid})
		oneOff := payment.InvoiceObject(payment.Invoice{ID: "in_one_off", CustomerID: "cus_inv", AmountCents: 1000, Currency: "eur", PaidAt: paid})
		delete(oneOff, "parent")
		for _, obj := range []map[string]any{other, oneOff} {
			if err := f.send(payment.EventInvoicePaid, paid, obj); err != nil {
				t.Error(err)
			}
		}
		if n := f.rows("premium_invoices"); n != 1 {
			t.Errorf("%d invoices kept", n)
		}
	})

	t.Run("paying a sandbox checkout keeps its first invoice", func(t *testing.T) {
		v := f.user("sandbox-invoice@example.com", true)
		url, err := f.svc.Subscribe(f.ctx, v.ID, PlanPremiumMonthly, "http://localhost:8080/s", "http://localhost:8080/c", "fr")
		if err != nil {
			t.Fatal(err)
		}
		postSandbox(t, f.sandbox, url, "card", payment.CardSucceeds)
		var cents int64
		if err := f.store.DB().QueryRow(`SELECT amount_cents FROM premium_invoices WHERE user_id = $1`, v.ID).Scan(&cents); err != nil || cents != config.DefaultPrices["eur"].MonthlyCents {
			t.Errorf("first invoice %d %v", cents, err)
		}
	})
}

// The UK domain pays in pounds: its prices, the processor's charge, the
// payment and the ledger row all say GBP, and a French provider's euros
// stay apart.
func TestPoundsOnTheUKDomain(t *testing.T) {
	f := newFixture(t)
	uk := f.userOn("uk", "uk@example.com", true)
	fr := f.user("fr@example.com", true)

	// The euro price of 2 credits is not the pound price: refused, nothing written.
	_, err := f.svc.Buy(f.ctx, uk.ID, BuyInput{Credits: 2, Price: 50.5})
	wantCode(t, err, apperr.Invalid, "credits.errors.price_mismatch")
	if n := f.rows("payments"); n != 0 {
		t.Fatalf("%d payments written", n)
	}

	pay := func(u model.User, credits int, price float64) {
		t.Helper()
		p, err := f.svc.Buy(f.ctx, u.ID, BuyInput{Credits: credits, Price: price})
		if err != nil {
			t.Fatal(err)
		}
		postSandbox(t, f.sandbox, p.RedirectURL, "card", payment.CardSucceeds)
	}
	pay(uk, 2, 44)
	pay(fr, 2, 50.5)

	type row struct {
		Credits  int
		Amount   int64
		Currency string
	}
	for _, tc := range []struct {
		u    model.User
		want row
	}{{uk, row{2, 4400, "gbp"}}, {fr, row{2, 5050, "eur"}}} {
		var p row
		err := f.store.DB().QueryRow(`SELECT credits, amount_cents, currency FROM payments WHERE user_id = $1 AND status = 'succeeded'`, tc.u.ID).
			Scan(&p.Credits, &p.Amount, &p.Currency)
		if err != nil || p != tc.want {
			t.Errorf("%s payment %+v %v, want %+v", tc.u.Domain, p, err, tc.want)
		}
		logs, err := f.svc.Logs(f.ctx, tc.u.ID)
		if err != nil || len(logs) != 1 {
			t.Fatalf("%s ledger %v %v", tc.u.Domain, logs, err)
		}
		if got := (row{logs[0].Deposited, logs[0].AmountCents, logs[0].Currency}); got != tc.want {
			t.Errorf("%s ledger row %+v, want %+v", tc.u.Domain, got, tc.want)
		}
		if c, l := f.balance(tc.u.ID); c != 2 || l != 2 {
			t.Errorf("%s credits %d ledger %d", tc.u.Domain, c, l)
		}
	}

	// Premium a year in pounds: the checkout's price and the paid invoice.
	loc, err := f.svc.Subscribe(f.ctx, uk.ID, PlanPremiumYearly, "http://localhost/s", "http://localhost/c", "en")
	if err != nil {
		t.Fatal(err)
	}
	postSandbox(t, f.sandbox, loc, "card", payment.CardSucceeds)
	var amount int64
	var currency string
	if err := f.store.DB().QueryRow(`SELECT amount_cents, currency FROM premium_invoices WHERE user_id = $1`, uk.ID).Scan(&amount, &currency); err != nil ||
		amount != 59000 || currency != "gbp" {
		t.Errorf("premium invoice %d %q %v", amount, currency, err)
	}
}
