package payment

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"noces/internal/store/storetest"
)

// servers are two sandboxes on one database through two pools, as two
// servers behind a load balancer; each delivers to its own inbox, as each
// server's billing code receives the events it delivers.
type servers struct {
	a, b     *Sandbox
	inA, inB *inbox
}

func newServers(t *testing.T) servers {
	t.Helper()
	st, dbURL := storetest.NewWithURL(t)
	a, inA := newSandbox(t, st)
	b, inB := newSandbox(t, reopen(t, dbURL))
	return servers{a: a, b: b, inA: inA, inB: inB}
}

// pick is server i of the two, alternately.
func (sv servers) pick(i int) *Sandbox {
	if i%2 == 0 {
		return sv.a
	}
	return sv.b
}

// received is every event billing received, through either server, with
// each event id seen more than once.
func (sv servers) received(t *testing.T) (types []string, repeated []string) {
	t.Helper()
	seen := map[string]bool{}
	for _, in := range []*inbox{sv.inA, sv.inB} {
		in.mu.Lock()
		for _, ev := range in.events {
			if seen[ev.ID] {
				repeated = append(repeated, ev.ID)
			}
			seen[ev.ID] = true
			types = append(types, ev.Type)
		}
		in.mu.Unlock()
	}
	return types, repeated
}

func count(types []string, typ string) int {
	n := 0
	for _, t := range types {
		if t == typ {
			n++
		}
	}
	return n
}

func TestSandboxServersShareTheirState(t *testing.T) {
	ctx := context.Background()
	sv := newServers(t)

	t.Run("an intent made on one server is paid on the other, its event sent once", func(t *testing.T) {
		pi, err := sv.a.CreatePaymentIntent(ctx, PaymentIntentParams{AmountCents: 2500, Currency: "eur", ReturnURL: "/api/credits/payment-success",
			Metadata: map[string]string{"credits": "1"}})
		if err != nil {
			t.Fatal(err)
		}
		if w := visit(t, sv.b, "GET", pi.RedirectURL, "en", nil); w.Code != 200 || !strings.Contains(w.Body.String(), "Pay €25") {
			t.Fatalf("%d %s", w.Code, w.Body)
		}
		w := visit(t, sv.b, "POST", pi.RedirectURL, "en", url.Values{"card": {CardSucceeds}})
		if w.Code != http.StatusSeeOther || !strings.Contains(w.Header().Get("Location"), "redirect_status=succeeded") {
			t.Fatalf("%d %s", w.Code, w.Header().Get("Location"))
		}
		if w := visit(t, sv.a, "GET", pi.RedirectURL, "en", nil); !strings.Contains(w.Body.String(), "This payment is already complete.") {
			t.Errorf("the first server does not see the payment: %s", w.Body)
		}
		for _, s := range []*Sandbox{sv.a, sv.b} {
			if err := s.FlushPending(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if types, repeated := sv.received(t); len(types) != 1 || types[0] != EventPaymentSucceeded || len(repeated) != 0 {
			t.Errorf("billing received %v (repeated %v), want one %s", types, repeated, EventPaymentSucceeded)
		}
	})

	t.Run("an idempotency key used again on the other server gives the first object", func(t *testing.T) {
		pi, err := sv.a.CreatePaymentIntent(ctx, PaymentIntentParams{AmountCents: 2500, Currency: "eur", IdempotencyKey: "credits-u1-1"})
		if err != nil {
			t.Fatal(err)
		}
		again, err := sv.b.CreatePaymentIntent(ctx, PaymentIntentParams{AmountCents: 2500, Currency: "eur", IdempotencyKey: "credits-u1-1"})
		if err != nil || again.ID != pi.ID || again.ClientSecret != pi.ClientSecret || again.AmountCents != 2500 {
			t.Errorf("got %+v (%v), want %+v", again, err, pi)
		}
		cus, err := sv.b.CreateCustomer(ctx, CustomerParams{Email: "a@example.com", IdempotencyKey: "customer-u1"})
		if err != nil {
			t.Fatal(err)
		}
		if again, err := sv.a.CreateCustomer(ctx, CustomerParams{Email: "a@example.com", IdempotencyKey: "customer-u1"}); err != nil || again != cus {
			t.Errorf("customer %q (%v), want %q", again, err, cus)
		}
		// A key is scoped to its kind, as Stripe's are to their endpoint.
		if other, err := sv.a.CreateCustomer(ctx, CustomerParams{Email: "a@example.com", IdempotencyKey: "credits-u1-1"}); err != nil || other == cus {
			t.Errorf("customer with an intent's key: %q %v", other, err)
		}
		params := CheckoutParams{CustomerID: cus, Interval: IntervalMonth, AmountCents: 6900, Currency: "eur", IdempotencyKey: "checkout-u1"}
		cs, err := sv.a.CreateCheckoutSession(ctx, params)
		if err != nil {
			t.Fatal(err)
		}
		if again, err := sv.b.CreateCheckoutSession(ctx, params); err != nil || again != cs {
			t.Errorf("checkout %+v (%v), want %+v", again, err, cs)
		}
	})

	t.Run("an idempotency key sent to both servers at once makes one intent", func(t *testing.T) {
		ids := make([]string, 8)
		var wg sync.WaitGroup
		for i := range ids {
			wg.Go(func() {
				pi, err := sv.pick(i).CreatePaymentIntent(ctx, PaymentIntentParams{AmountCents: 900, Currency: "eur", IdempotencyKey: "credits-u2-1"})
				if err != nil {
					t.Error(err)
				}
				ids[i] = pi.ID
			})
		}
		wg.Wait()
		for _, id := range ids {
			if id != ids[0] || id == "" {
				t.Fatalf("intents %v", ids)
			}
		}
	})
}

func TestSandboxPaidAtOnceOnBothServers(t *testing.T) {
	ctx := context.Background()
	sv := newServers(t)
	pi, err := sv.a.CreatePaymentIntent(ctx, PaymentIntentParams{AmountCents: 5050, Currency: "eur", ReturnURL: "/api/credits/payment-success"})
	if err != nil {
		t.Fatal(err)
	}
	// Declines among the payments: they must not undo the success nor send
	// a failure after it.
	var wg sync.WaitGroup
	var succeeded atomic.Int32
	for i := range 10 {
		wg.Go(func() {
			number := CardSucceeds
			if i%3 == 2 {
				number = CardDeclines
			}
			w := visit(t, sv.pick(i), "POST", pi.RedirectURL, "en", url.Values{"card": {number}})
			if w.Code != http.StatusSeeOther {
				t.Errorf("payment %d: %d %s", i, w.Code, w.Body)
			}
			if number == CardSucceeds && !strings.Contains(w.Header().Get("Location"), "redirect_status=succeeded") {
				t.Errorf("payment %d went back with %s", i, w.Header().Get("Location"))
			}
			if strings.Contains(w.Header().Get("Location"), "redirect_status=succeeded") {
				succeeded.Add(1)
			}
		})
	}
	wg.Wait()
	types, repeated := sv.received(t)
	if count(types, EventPaymentSucceeded) != 1 || len(repeated) != 0 {
		t.Errorf("billing received %v (repeated %v), want one %s", types, repeated, EventPaymentSucceeded)
	}
	for _, s := range []*Sandbox{sv.a, sv.b} {
		if body := visit(t, s, "GET", pi.RedirectURL, "en", nil).Body.String(); !strings.Contains(body, "This payment is already complete.") {
			t.Errorf("a decline undid the payment: %s", body)
		}
	}
	if succeeded.Load() < 7 {
		t.Errorf("%d payments went back succeeded, want at least the 7 with the succeeding card", succeeded.Load())
	}
}

func TestSandboxCheckoutPaidAtOnceOnBothServers(t *testing.T) {
	ctx := context.Background()
	sv := newServers(t)
	cus, err := sv.a.CreateCustomer(ctx, CustomerParams{Email: "a@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	cs, err := sv.b.CreateCheckoutSession(ctx, CheckoutParams{CustomerID: cus, ClientReferenceID: "u1", Interval: IntervalYear, AmountCents: 69000,
		Currency: "eur", ProductName: "Noces Premium", SuccessURL: "/subscription?status=success", CancelURL: "/subscription?status=cancel"})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 6 {
		wg.Go(func() {
			w := visit(t, sv.pick(i), "POST", cs.URL, "en", url.Values{"card": {CardSucceeds}})
			if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/subscription?status=success" {
				t.Errorf("checkout %d: %d %s", i, w.Code, w.Body)
			}
		})
	}
	wg.Wait()
	types, repeated := sv.received(t)
	if len(types) != 3 || count(types, EventSubscriptionCreated) != 1 || count(types, EventInvoicePaid) != 1 ||
		count(types, EventCheckoutCompleted) != 1 || len(repeated) != 0 {
		t.Errorf("billing received %v (repeated %v), want one subscription, one invoice and one checkout", types, repeated)
	}
	portal, err := sv.a.CreatePortalSession(ctx, PortalParams{CustomerID: cus, ReturnURL: "/subscription"})
	if err != nil {
		t.Fatal(err)
	}
	if body := visit(t, sv.b, "GET", portal.URL, "en", nil).Body.String(); !strings.Contains(body, "Premium (yearly, €690) is active") {
		t.Errorf("%s", body)
	}
}

func TestSandboxEventsFlushedOnceFromBothServers(t *testing.T) {
	ctx := context.Background()
	sv := newServers(t)
	sv.inA.setFailing(true)
	const payments = 5
	for range payments {
		pi, err := sv.a.CreatePaymentIntent(ctx, PaymentIntentParams{AmountCents: 900, Currency: "eur"})
		if err != nil {
			t.Fatal(err)
		}
		if w := visit(t, sv.a, "POST", pi.RedirectURL, "en", url.Values{"card": {CardSucceeds}}); w.Code != http.StatusBadGateway {
			t.Fatalf("%d %s", w.Code, w.Body)
		}
	}
	if types, _ := sv.received(t); len(types) != 0 {
		t.Fatalf("delivered while refused: %v", types)
	}
	sv.inA.setFailing(false)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			if err := sv.pick(i).FlushPending(ctx); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	// A pass that met another's claim stopped there; one more pass sends
	// whatever it left.
	if err := sv.b.FlushPending(ctx); err != nil {
		t.Fatal(err)
	}
	types, repeated := sv.received(t)
	if count(types, EventPaymentSucceeded) != payments || len(types) != payments || len(repeated) != 0 {
		t.Errorf("billing received %v (repeated %v), want %d payments once each", types, repeated, payments)
	}
}

func TestSandboxTakesOverAClaimThatRanOut(t *testing.T) {
	ctx := context.Background()
	st := storetest.New(t)
	now := sandboxNow
	var mu sync.Mutex
	s, in := newSandbox(t, st)
	s.cfg.Now = func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return now
	}
	in.setFailing(true)
	pi, err := s.CreatePaymentIntent(ctx, PaymentIntentParams{AmountCents: 900, Currency: "eur"})
	if err != nil {
		t.Fatal(err)
	}
	visit(t, s, "POST", pi.RedirectURL, "en", url.Values{"card": {CardSucceeds}})
	in.setFailing(false)
	// A server claims the event and stops before delivering it.
	if _, _, ok, err := st.ClaimSandboxEvent(ctx, "a-server-that-stopped", now, now.Add(eventLease)); err != nil || !ok {
		t.Fatalf("claim: %v %v", ok, err)
	}
	if err := s.FlushPending(ctx); err != nil || len(in.types()) != 0 {
		t.Fatalf("delivered under another's claim: %v %v", in.types(), err)
	}
	mu.Lock()
	now = now.Add(eventLease + time.Second)
	mu.Unlock()
	if err := s.FlushPending(ctx); err != nil {
		t.Fatal(err)
	}
	if got := in.types(); len(got) != 1 || got[0] != EventPaymentSucceeded {
		t.Errorf("events %v", got)
	}
}
