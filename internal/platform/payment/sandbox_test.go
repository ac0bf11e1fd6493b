package payment

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"noces/internal/i18n"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

var texts = i18n.MustLoad()

// inbox is the webhook code as the sandbox sees it: it verifies each event
// with the sandbox's own ParseWebhook and keeps it, or refuses while failing.
type inbox struct {
	mu      sync.Mutex
	sandbox *Sandbox
	events  []Event
	failing bool
}

func (in *inbox) deliver(_ context.Context, payload []byte, sig string) error {
	ev, err := in.sandbox.ParseWebhook(payload, sig)
	if err != nil {
		return err
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.failing {
		return errors.New("the database is down")
	}
	in.events = append(in.events, ev)
	return nil
}

func (in *inbox) setFailing(failing bool) {
	in.mu.Lock()
	in.failing = failing
	in.mu.Unlock()
}

func (in *inbox) types() []string {
	in.mu.Lock()
	defer in.mu.Unlock()
	var out []string
	for _, e := range in.events {
		out = append(out, e.Type)
	}
	return out
}

var sandboxNow = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

// newSandbox is one server's sandbox over st, its events going to its own
// inbox.
func newSandbox(t *testing.T, st SandboxStore) (*Sandbox, *inbox) {
	t.Helper()
	s, err := NewSandbox(SandboxConfig{Store: st, PlanCents: map[string]map[string]int64{"eur": {IntervalMonth: 6900, IntervalYear: 69000}, "gbp": {IntervalMonth: 5900, IntervalYear: 59000}},
		Now: func() time.Time { return sandboxNow }, Texts: texts})
	if err != nil {
		t.Fatal(err)
	}
	in := &inbox{sandbox: s}
	s.SetDeliver(in.deliver)
	return s, in
}

// visit sends a request to the sandbox's pages in a language.
func visit(t *testing.T, s *Sandbox, method, path, lang string, form url.Values) *httptest.ResponseRecorder {
	t.Helper()
	var r *http.Request
	if form != nil {
		r = httptest.NewRequest(method, path, strings.NewReader(form.Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	} else {
		r = httptest.NewRequest(method, path, nil)
	}
	d, _ := i18n.DomainByKey("fr")
	r = r.WithContext(i18n.WithLocale(r.Context(), d, lang))
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	return w
}

func TestSandboxCardPayment(t *testing.T) {
	ctx := context.Background()
	s, in := newSandbox(t, storetest.New(t))
	pi, err := s.CreatePaymentIntent(ctx, PaymentIntentParams{AmountCents: 5050, Currency: "eur", Description: "Noces: 2 credits",
		Metadata: map[string]string{"user_id": "u1", "credits": "2"}, IdempotencyKey: "k1", ReturnURL: "/api/credits/payment-success"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(pi.ID, "pi_sandbox_") || !strings.HasPrefix(pi.ClientSecret, pi.ID+"_secret_") || pi.RedirectURL != "/sandbox/pay/"+pi.ID {
		t.Fatalf("intent %+v", pi)
	}
	again, err := s.CreatePaymentIntent(ctx, PaymentIntentParams{AmountCents: 5050, Currency: "eur", IdempotencyKey: "k1"})
	if err != nil || again.ID != pi.ID {
		t.Errorf("the same idempotency key gave %q, want %q (%v)", again.ID, pi.ID, err)
	}

	t.Run("the card page is marked as a sandbox and names the test cards", func(t *testing.T) {
		w := visit(t, s, "GET", pi.RedirectURL, "en", nil)
		body := w.Body.String()
		for _, want := range []string{`<html lang="en">`, "Sandbox: no real payment", "4242 4242 4242 4242", "4000 0000 0000 0002",
			"Pay €50.50", "Credits: 2", `<label for="card">Card number</label>`} {
			if !strings.Contains(body, want) {
				t.Errorf("page lacks %q", want)
			}
		}
		if w.Code != 200 || !strings.Contains(w.Header().Get("Content-Security-Policy"), "default-src 'none'") {
			t.Errorf("%d %v", w.Code, w.Header())
		}
	})

	t.Run("an unknown card is refused in the page and nothing is sent", func(t *testing.T) {
		w := visit(t, s, "POST", pi.RedirectURL, "fr", url.Values{"card": {"1234 5678"}})
		if w.Code != 422 || !strings.Contains(w.Body.String(), "ce n&#39;est pas une carte de test") && !strings.Contains(w.Body.String(), "Ce n&#39;est pas une carte de test") {
			t.Errorf("%d %s", w.Code, w.Body)
		}
		if len(in.types()) != 0 {
			t.Errorf("events sent: %v", in.types())
		}
	})

	t.Run("the declining card sends a failed event and returns as Stripe does", func(t *testing.T) {
		w := visit(t, s, "POST", pi.RedirectURL, "fr", url.Values{"card": {"4000 0000 0000 0002"}})
		loc, _ := url.Parse(w.Header().Get("Location"))
		if w.Code != http.StatusSeeOther || loc.Path != "/api/credits/payment-success" || loc.Query().Get("redirect_status") != "failed" ||
			loc.Query().Get("payment_intent") != pi.ID || loc.Query().Get("payment_intent_client_secret") != pi.ClientSecret {
			t.Errorf("%d %s", w.Code, loc)
		}
		if got := in.types(); len(got) != 1 || got[0] != EventPaymentFailed {
			t.Fatalf("events %v", got)
		}
		if fc := in.events[0].PaymentIntent.FailureCode; fc != "generic_decline" {
			t.Errorf("decline code %q", fc)
		}
	})

	t.Run("the succeeding card sends the succeeded event with the amount and metadata", func(t *testing.T) {
		w := visit(t, s, "POST", pi.RedirectURL, "fr", url.Values{"card": {"4242 4242 4242 4242"}})
		loc, _ := url.Parse(w.Header().Get("Location"))
		if w.Code != http.StatusSeeOther || loc.Query().Get("redirect_status") != "succeeded" {
			t.Errorf("%d %s", w.Code, loc)
		}
		got := in.events[len(in.events)-1]
		if got.Type != EventPaymentSucceeded || got.PaymentIntent.AmountCents != 5050 || got.PaymentIntent.Metadata["credits"] != "2" ||
			!got.Created.Equal(sandboxNow) {
			t.Errorf("event %+v %+v", got, got.PaymentIntent)
		}
	})

	t.Run("a paid intent says so and is never paid twice", func(t *testing.T) {
		w := visit(t, s, "GET", pi.RedirectURL, "de", nil)
		if !strings.Contains(w.Body.String(), "Diese Zahlung ist bereits abgeschlossen.") || strings.Contains(w.Body.String(), `name="card"`) {
			t.Errorf("%s", w.Body)
		}
		n := len(in.events)
		w = visit(t, s, "POST", pi.RedirectURL, "de", url.Values{"card": {CardSucceeds}})
		if w.Code != http.StatusSeeOther || len(in.events) != n {
			t.Errorf("%d, %d events after %d", w.Code, len(in.events), n)
		}
	})

	t.Run("an unknown page is a 404 page", func(t *testing.T) {
		if w := visit(t, s, "GET", "/sandbox/pay/pi_nope", "it", nil); w.Code != 404 || !strings.Contains(w.Body.String(), "Pagina non trovata") {
			t.Errorf("%d %s", w.Code, w.Body)
		}
	})
}

func TestSandboxKeepsEventsTheWebhookRefusedAndSendsThemAgain(t *testing.T) {
	ctx := context.Background()
	s, in := newSandbox(t, storetest.New(t))
	pi, err := s.CreatePaymentIntent(ctx, PaymentIntentParams{AmountCents: 3000, Currency: "eur", ReturnURL: "/api/credits/payment-success"})
	if err != nil {
		t.Fatal(err)
	}
	in.setFailing(true)
	w := visit(t, s, "POST", pi.RedirectURL, "en", url.Values{"card": {CardSucceeds}})
	if w.Code != http.StatusBadGateway || !strings.Contains(w.Body.String(), `value="retry"`) {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	in.setFailing(false)
	w = visit(t, s, "POST", pi.RedirectURL, "en", url.Values{"action": {"retry"}})
	if w.Code != http.StatusSeeOther || !strings.Contains(w.Header().Get("Location"), "redirect_status=succeeded") {
		t.Errorf("%d %s", w.Code, w.Header().Get("Location"))
	}
	if got := in.types(); len(got) != 1 || got[0] != EventPaymentSucceeded {
		t.Errorf("events %v", got)
	}
}

func TestSandboxSubscriptionCheckoutAndPortal(t *testing.T) {
	ctx := context.Background()
	st, dbURL := storetest.NewWithURL(t)
	s, in := newSandbox(t, st)
	cus, err := s.CreateCustomer(ctx, CustomerParams{Email: "a@example.com", IdempotencyKey: "customer-u1"})
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := s.CreateCustomer(ctx, CustomerParams{Email: "a@example.com", IdempotencyKey: "customer-u1"}); again != cus {
		t.Errorf("a second customer %q for the same key", again)
	}
	if _, err := s.CreateCheckoutSession(ctx, CheckoutParams{CustomerID: "cus_unknown"}); !errors.Is(err, ErrNotFound) {
		t.Errorf("checkout for an unknown customer: %v", err)
	}
	cs, err := s.CreateCheckoutSession(ctx, CheckoutParams{CustomerID: cus, ClientReferenceID: "u1", Interval: IntervalMonth, AmountCents: 6900,
		Currency: "eur", ProductName: "Noces Premium", Metadata: map[string]string{"user_id": "u1", "plan": "premium_monthly"},
		SuccessURL: "http://localhost:8080/subscription?status=success", CancelURL: "http://localhost:8080/subscription?status=cancel"})
	if err != nil {
		t.Fatal(err)
	}

	t.Run("the checkout page shows the plan and a way back", func(t *testing.T) {
		body := visit(t, s, "GET", cs.URL, "fr", nil).Body.String()
		for _, want := range []string{"S&#39;abonner à Premium", "69\u00a0€ par mois", "Bac à sable : aucun paiement réel",
			`href="http://localhost:8080/subscription?status=cancel"`} {
			if !strings.Contains(body, want) {
				t.Errorf("page lacks %q", want)
			}
		}
	})

	t.Run("a declined card stays on the checkout page and creates nothing", func(t *testing.T) {
		w := visit(t, s, "POST", cs.URL, "en", url.Values{"card": {CardDeclines}})
		if w.Code != 422 || !strings.Contains(w.Body.String(), "Your card was declined.") || len(in.types()) != 0 {
			t.Errorf("%d %v", w.Code, in.types())
		}
	})

	var subID string
	t.Run("the test card creates an active subscription and returns to the success address", func(t *testing.T) {
		w := visit(t, s, "POST", cs.URL, "en", url.Values{"card": {CardSucceeds}})
		if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "http://localhost:8080/subscription?status=success" {
			t.Fatalf("%d %s", w.Code, w.Header().Get("Location"))
		}
		got := in.types()
		if len(got) != 3 || got[0] != EventSubscriptionCreated || got[1] != EventInvoicePaid || got[2] != EventCheckoutCompleted {
			t.Fatalf("events %v", got)
		}
		sub := in.events[0].Subscription
		subID = sub.ID
		if sub.Status != "active" || sub.CustomerID != cus || sub.Interval != IntervalMonth || !sub.StartedAt.Equal(sandboxNow) ||
			!sub.CurrentPeriodEnd.Equal(sandboxNow.AddDate(0, 1, 0)) || sub.Metadata["user_id"] != "u1" {
			t.Errorf("subscription %+v", sub)
		}
		// The first period is charged as the checkout completes, in the checkout's money.
		if inv := in.events[1].Invoice; inv == nil || inv.SubscriptionID != sub.ID || inv.CustomerID != cus ||
			inv.AmountCents != 6900 || inv.Currency != "eur" || !inv.PaidAt.Equal(sandboxNow) || inv.ID == "" {
			t.Errorf("invoice %+v", inv)
		}
		if c := in.events[2].CheckoutSession; c.SubscriptionID != sub.ID || c.ClientReferenceID != "u1" || c.CustomerID != cus {
			t.Errorf("checkout %+v", c)
		}
		if read, err := s.GetSubscription(ctx, sub.ID); err != nil || read.Status != "active" {
			t.Errorf("read back %+v %v", read, err)
		}
		// Paying the same checkout again creates nothing.
		visit(t, s, "POST", cs.URL, "en", url.Values{"card": {CardSucceeds}})
		if len(in.types()) != 3 {
			t.Errorf("events after a second payment: %v", in.types())
		}
	})

	portal, err := s.CreatePortalSession(ctx, PortalParams{CustomerID: cus, ReturnURL: "http://localhost:8080/subscription"})
	if err != nil {
		t.Fatal(err)
	}
	act := func(t *testing.T, action string) *httptest.ResponseRecorder {
		t.Helper()
		w := visit(t, s, "POST", portal.URL, "en", url.Values{"action": {action}})
		if w.Code != http.StatusSeeOther || w.Header().Get("Location") != portal.URL+"?updated=1" {
			t.Fatalf("%s: %d %s", action, w.Code, w.Body)
		}
		return w
	}
	last := func() Subscription { return *in.events[len(in.events)-1].Subscription }

	t.Run("the portal switches to the yearly plan", func(t *testing.T) {
		body := visit(t, s, "GET", portal.URL, "en", nil).Body.String()
		if !strings.Contains(body, "renews on 22 December 2026") || !strings.Contains(body, "Switch to yearly billing (€690 a year)") {
			t.Errorf("%s", body)
		}
		act(t, "switch")
		if got := last(); got.Interval != IntervalYear || !got.CurrentPeriodEnd.Equal(sandboxNow.AddDate(1, 0, 0)) {
			t.Errorf("%+v", got)
		}
	})

	t.Run("the portal cancels at the period's end, then resumes", func(t *testing.T) {
		act(t, "cancel_at_period_end")
		if got := last(); !got.CancelAtPeriodEnd || got.Status != "active" || !got.CancelAt.Equal(got.CurrentPeriodEnd) {
			t.Errorf("%+v", got)
		}
		if body := visit(t, s, "GET", portal.URL+"?updated=1", "en", nil).Body.String(); !strings.Contains(body, "stays active until 22 November 2027") ||
			!strings.Contains(body, "Your subscription has been updated.") {
			t.Errorf("%s", body)
		}
		act(t, "resume")
		if got := last(); got.CancelAtPeriodEnd || !got.CancelAt.IsZero() {
			t.Errorf("%+v", got)
		}
	})

	t.Run("an action the state does not offer is refused", func(t *testing.T) {
		n := len(in.events)
		if w := visit(t, s, "POST", portal.URL, "en", url.Values{"action": {"resume"}}); w.Code != 422 || len(in.events) != n {
			t.Errorf("%d %d", w.Code, len(in.events))
		}
	})

	t.Run("the portal cancels at once", func(t *testing.T) {
		act(t, "cancel_now")
		ev := in.events[len(in.events)-1]
		if ev.Type != EventSubscriptionDeleted || ev.Subscription.Status != "canceled" || !ev.Subscription.EndedAt.Equal(sandboxNow) {
			t.Errorf("%+v %+v", ev, ev.Subscription)
		}
	})

	t.Run("the state survives a restart", func(t *testing.T) {
		again, _ := newSandbox(t, reopen(t, dbURL))
		sub, err := again.GetSubscription(ctx, subID)
		if err != nil || sub.Status != "canceled" || sub.Interval != IntervalYear {
			t.Errorf("%+v %v", sub, err)
		}
		if body := visit(t, again, "GET", portal.URL, "en", nil).Body.String(); !strings.Contains(body, "ended on 22 November 2026") {
			t.Errorf("%s", body)
		}
		if body := visit(t, again, "GET", cs.URL, "en", nil).Body.String(); !strings.Contains(body, "This subscription is already paid.") {
			t.Errorf("%s", body)
		}
	})
}

// TestSandboxPagesHaveTheirTexts renders every page state in every language
// and fails on a key shown instead of its text.
func TestSandboxPagesHaveTheirTexts(t *testing.T) {
	src, err := os.ReadFile("templates/sandbox.html")
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for _, m := range regexp.MustCompile(`\.T "([a-z_.]+)"`).FindAllStringSubmatch(string(src), -1) {
		keys[m[1]] = true
	}
	// Keys the Go code builds from a state.
	for _, k := range []string{"sandbox.pay.title", "sandbox.pay.credits", "sandbox.pay.amount", "sandbox.pay.submit", "sandbox.pay.done", "sandbox.checkout.title",
		"sandbox.checkout.price_month", "sandbox.checkout.price_year", "sandbox.checkout.submit", "sandbox.checkout.done",
		"sandbox.portal.title", "sandbox.portal.none", "sandbox.portal.plan_month", "sandbox.portal.plan_year", "sandbox.portal.active",
		"sandbox.portal.ending", "sandbox.portal.canceled", "sandbox.portal.switch_month", "sandbox.portal.switch_year",
		"sandbox.portal.cancel_at_period_end", "sandbox.portal.resume", "sandbox.portal.cancel_now", "sandbox.portal.updated",
		"sandbox.not_found.title", "sandbox.not_found.text", "sandbox.errors.card_required", "sandbox.errors.unknown_card",
		"sandbox.errors.declined", "sandbox.errors.delivery", "sandbox.errors.action", "payment.errors.unavailable"} {
		keys[k] = true
	}
	for _, lang := range i18n.Langs {
		for k := range keys {
			if !texts.Has(lang, k) {
				t.Errorf("%s has no %s text", k, lang)
			}
		}
	}
}

// reopen opens a second pool on the database of dbURL: another server, or
// the same one after a restart.
func reopen(t *testing.T, dbURL string) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
