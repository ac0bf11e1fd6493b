package payment

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"noces/internal/platform/payment/stripemock"
)

func TestMain(m *testing.M) { os.Exit(stripemock.Run(m)) }

// recorder sits between the client and stripe-mock and keeps what was sent.
type recorder struct {
	mu       sync.Mutex
	requests []recorded
}

type recorded struct {
	method, path, idempotencyKey string
	form                         url.Values
}

func (rec *recorder) last(t *testing.T) recorded {
	t.Helper()
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if len(rec.requests) == 0 {
		t.Fatal("no request reached Stripe")
	}
	return rec.requests[len(rec.requests)-1]
}

// newStripe returns a client of stripe-mock through a recording proxy.
func newStripe(t *testing.T, prices ...string) (*Stripe, *recorder) {
	t.Helper()
	target, err := url.Parse(stripemock.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	proxy := httputil.NewSingleHostReverseProxy(target)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseForm(); err != nil {
			t.Errorf("unreadable request to Stripe: %v", err)
		}
		rec.mu.Lock()
		rec.requests = append(rec.requests, recorded{r.Method, r.URL.Path, r.Header.Get("Idempotency-Key"), r.PostForm})
		rec.mu.Unlock()
		// ParseForm drained the body: send it again as it was.
		body := r.PostForm.Encode()
		r.Body = http.NoBody
		if body != "" {
			r.Body = readCloser{strings.NewReader(body)}
			r.ContentLength = int64(len(body))
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	cfg := StripeConfig{SecretKey: "sk_test_123", PublishableKey: "pk_test_123", WebhookSecret: "whsec_test", APIURL: srv.URL}
	if len(prices) == 2 {
		cfg.PriceMonthly, cfg.PriceYearly = prices[0], prices[1]
	}
	s, err := NewStripe(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s, rec
}

type readCloser struct{ *strings.Reader }

func (readCloser) Close() error { return nil }

func TestStripeCallsAgainstStripeMock(t *testing.T) {
	ctx := context.Background()
	s, rec := newStripe(t)

	t.Run("a payment intent carries the amount, the metadata and the idempotency key", func(t *testing.T) {
		pi, err := s.CreatePaymentIntent(ctx, PaymentIntentParams{AmountCents: 5050, Currency: "eur", Description: "2 credits",
			Metadata: map[string]string{"user_id": "u1", "credits": "2"}, IdempotencyKey: "buy-abc"})
		if err != nil {
			t.Fatal(err)
		}
		if pi.ID == "" || pi.ClientSecret == "" || pi.RedirectURL != "" {
			t.Errorf("intent %+v", pi)
		}
		got := rec.last(t)
		if got.method != "POST" || got.path != "/v1/payment_intents" || got.idempotencyKey != "buy-abc" {
			t.Errorf("request %+v", got)
		}
		for k, want := range map[string]string{"amount": "5050", "currency": "eur", "metadata[user_id]": "u1",
			"metadata[credits]": "2", "automatic_payment_methods[enabled]": "true"} {
			if got.form.Get(k) != want {
				t.Errorf("%s = %q, want %q", k, got.form.Get(k), want)
			}
		}
	})

	t.Run("a customer is created once per idempotency key", func(t *testing.T) {
		id, err := s.CreateCustomer(ctx, CustomerParams{Email: "a@example.com", Name: "Ana Silva",
			Metadata: map[string]string{"user_id": "u1"}, IdempotencyKey: "customer-u1"})
		if err != nil || id == "" {
			t.Fatalf("%q %v", id, err)
		}
		got := rec.last(t)
		if got.path != "/v1/customers" || got.idempotencyKey != "customer-u1" || got.form.Get("email") != "a@example.com" {
			t.Errorf("request %+v", got)
		}
	})

	t.Run("a checkout session in subscription mode with an inline yearly price", func(t *testing.T) {
		sess, err := s.CreateCheckoutSession(ctx, CheckoutParams{CustomerID: "cus_1", ClientReferenceID: "u1", Interval: IntervalYear,
			AmountCents: 69000, Currency: "eur", ProductName: "Noces Premium", Metadata: map[string]string{"user_id": "u1", "plan": "premium_yearly"},
			SuccessURL: "http://pro.fr.localhost/subscription?status=success", CancelURL: "http://pro.fr.localhost/subscription?status=cancel", Locale: "fr"})
		if err != nil {
			t.Fatal(err)
		}
		if sess.ID == "" || sess.URL == "" {
			t.Errorf("session %+v", sess)
		}
		got := rec.last(t)
		for k, want := range map[string]string{"mode": "subscription", "customer": "cus_1", "client_reference_id": "u1",
			"line_items[0][price_data][unit_amount]": "69000", "line_items[0][price_data][recurring][interval]": "year",
			"line_items[0][price_data][currency]": "eur", "line_items[0][quantity]": "1", "locale": "fr",
			"subscription_data[metadata][user_id]": "u1", "metadata[plan]": "premium_yearly",
			"success_url": "http://pro.fr.localhost/subscription?status=success"} {
			if got.form.Get(k) != want {
				t.Errorf("%s = %q, want %q", k, got.form.Get(k), want)
			}
		}
	})

	t.Run("configured price ids replace the inline prices", func(t *testing.T) {
		priced, rec := newStripe(t, "price_month", "price_year")
		if _, err := priced.CreateCheckoutSession(ctx, CheckoutParams{CustomerID: "cus_1", ClientReferenceID: "u1", Interval: IntervalMonth,
			AmountCents: 6900, Currency: "eur", ProductName: "Noces Premium", SuccessURL: "http://x/s", CancelURL: "http://x/c"}); err != nil {
			t.Fatal(err)
		}
		got := rec.last(t)
		if got.form.Get("line_items[0][price]") != "price_month" || got.form.Get("line_items[0][price_data][unit_amount]") != "" {
			t.Errorf("form %v", got.form)
		}
	})

	t.Run("the UK domain's pounds are always inline: the configured price ids are the euro plans", func(t *testing.T) {
		priced, rec := newStripe(t, "price_month", "price_year")
		if _, err := priced.CreateCheckoutSession(ctx, CheckoutParams{CustomerID: "cus_1", ClientReferenceID: "u1", Interval: IntervalYear,
			AmountCents: 59000, Currency: "gbp", ProductName: "Noces Premium", SuccessURL: "http://x/s", CancelURL: "http://x/c", Locale: "en"}); err != nil {
			t.Fatal(err)
		}
		got := rec.last(t)
		if got.form.Get("line_items[0][price]") != "" || got.form.Get("line_items[0][price_data][currency]") != "gbp" ||
			got.form.Get("line_items[0][price_data][unit_amount]") != "59000" {
			t.Errorf("form %v", got.form)
		}
		pi, err := priced.CreatePaymentIntent(ctx, PaymentIntentParams{AmountCents: 6250, Currency: "gbp", IdempotencyKey: "buy-uk",
			Metadata: map[string]string{"user_id": "u2", "credits": "3"}})
		if err != nil || pi.ID == "" {
			t.Fatalf("%+v %v", pi, err)
		}
		if got := rec.last(t); got.form.Get("amount") != "6250" || got.form.Get("currency") != "gbp" {
			t.Errorf("payment intent form %v", got.form)
		}
	})

	t.Run("a billing portal session", func(t *testing.T) {
		sess, err := s.CreatePortalSession(ctx, PortalParams{CustomerID: "cus_1", ReturnURL: "http://pro.fr.localhost/subscription", Locale: "de"})
		if err != nil || sess.URL == "" {
			t.Fatalf("%+v %v", sess, err)
		}
		got := rec.last(t)
		if got.path != "/v1/billing_portal/sessions" || got.form.Get("customer") != "cus_1" || got.form.Get("return_url") != "http://pro.fr.localhost/subscription" {
			t.Errorf("request %+v", got)
		}
	})

	t.Run("a subscription is read", func(t *testing.T) {
		sub, err := s.GetSubscription(ctx, "sub_123")
		if err != nil {
			t.Fatal(err)
		}
		if sub.ID == "" || sub.Status == "" || sub.CustomerID == "" {
			t.Errorf("subscription %+v", sub)
		}
		if got := rec.last(t); got.method != "GET" || got.path != "/v1/subscriptions/sub_123" {
			t.Errorf("request %+v", got)
		}
	})
}

func TestStripeFailuresAreClassified(t *testing.T) {
	ctx := context.Background()
	missing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"error":{"type":"invalid_request_error","code":"resource_missing","message":"No such subscription"}}`))
	}))
	defer missing.Close()
	s, err := NewStripe(StripeConfig{SecretKey: "sk_test_1", PublishableKey: "pk_test_1", WebhookSecret: "whsec_1", APIURL: missing.URL})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetSubscription(ctx, "sub_gone"); !errors.Is(err, ErrNotFound) {
		t.Errorf("a missing subscription: %v", err)
	}

	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = w.Write([]byte(`{"error":{"type":"api_error","message":"boom"}}`))
	}))
	defer down.Close()
	s, err = NewStripe(StripeConfig{SecretKey: "sk_test_1", PublishableKey: "pk_test_1", WebhookSecret: "whsec_1", APIURL: down.URL,
		HTTPClient: &http.Client{Timeout: 2 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreatePaymentIntent(ctx, PaymentIntentParams{AmountCents: 3000, Currency: "eur", IdempotencyKey: "k"}); !errors.Is(err, ErrUnavailable) {
		t.Errorf("a failing Stripe: %v", err)
	}

	for _, cfg := range []StripeConfig{
		{PublishableKey: "pk", WebhookSecret: "whsec", APIURL: "https://api.stripe.com"},
		{SecretKey: "sk", PublishableKey: "pk", WebhookSecret: "whsec", APIURL: "ftp://api.stripe.com"},
	} {
		if _, err := NewStripe(cfg); err == nil {
			t.Errorf("NewStripe accepted %+v", cfg)
		}
	}
}

func TestWebhookSignatures(t *testing.T) {
	s, _ := newStripe(t)
	now := time.Now()
	created := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	pi := IntentObject(PaymentIntent{ID: "pi_1", ClientSecret: "pi_1_secret", Status: "succeeded", AmountCents: 5050, Currency: "eur",
		Metadata: map[string]string{"user_id": "u1"}}, created)
	payload, sig, err := SignedEvent("whsec_test", "evt_1", EventPaymentSucceeded, created, pi, now)
	if err != nil {
		t.Fatal(err)
	}

	t.Run("a signed event is parsed", func(t *testing.T) {
		ev, err := s.ParseWebhook(payload, sig)
		if err != nil {
			t.Fatal(err)
		}
		if ev.ID != "evt_1" || ev.Type != EventPaymentSucceeded || !ev.Created.Equal(created) || ev.PaymentIntent == nil ||
			ev.PaymentIntent.ID != "pi_1" || ev.PaymentIntent.AmountCents != 5050 || ev.PaymentIntent.Metadata["user_id"] != "u1" {
			t.Errorf("event %+v %+v", ev, ev.PaymentIntent)
		}
	})

	refused := []struct {
		name, sig string
		payload   []byte
	}{
		{"no signature", "", payload},
		{"another secret", SignatureHeader(payload, "whsec_other", now), payload},
		{"a changed body", sig, []byte(strings.Replace(string(payload), "5050", "9050", 1))},
		{"a signature older than five minutes", SignatureHeader(payload, "whsec_test", now.Add(-5*time.Minute-10*time.Second)), payload},
		{"a malformed header", "t=abc,v1=zz", payload},
	}
	for _, tc := range refused {
		t.Run(tc.name+" is refused", func(t *testing.T) {
			if _, err := s.ParseWebhook(tc.payload, tc.sig); !errors.Is(err, ErrSignature) {
				t.Errorf("got %v, want ErrSignature", err)
			}
		})
	}

	t.Run("an event of another API version is refused as such, not as a bad signature", func(t *testing.T) {
		for _, version := range []string{"2020-08-27", "2024-06-20.acacia"} {
			old := []byte(strings.Replace(string(payload), `"api_version":"`, `"api_version":"`+version+`","x":"`, 1))
			_, err := s.ParseWebhook(old, SignatureHeader(old, "whsec_test", now))
			if !errors.Is(err, ErrAPIVersion) || errors.Is(err, ErrSignature) {
				t.Errorf("%s: got %v, want ErrAPIVersion", version, err)
			}
		}
		// A wrong signature stays a signature error, whatever the version.
		old := []byte(strings.Replace(string(payload), `"api_version":"`, `"api_version":"2020-08-27","x":"`, 1))
		if _, err := s.ParseWebhook(old, SignatureHeader(old, "whsec_other", now)); !errors.Is(err, ErrSignature) {
			t.Errorf("a wrong signature of another version: %v", err)
		}
	})

	t.Run("a signature four minutes old is accepted", func(t *testing.T) {
		if _, err := s.ParseWebhook(payload, SignatureHeader(payload, "whsec_test", now.Add(-4*time.Minute))); err != nil {
			t.Error(err)
		}
	})

	t.Run("subscriptions and checkouts are parsed from Stripe's shape", func(t *testing.T) {
		start := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
		sub := Subscription{ID: "sub_1", CustomerID: "cus_1", Status: "active", Interval: IntervalYear, CancelAtPeriodEnd: true,
			CancelAt: start.AddDate(1, 0, 0), StartedAt: start, CurrentPeriodEnd: start.AddDate(1, 0, 0), Metadata: map[string]string{"user_id": "u1"}}
		payload, sig, err := SignedEvent("whsec_test", "evt_2", EventSubscriptionUpdated, created, SubscriptionObject(sub, 69000, "eur"), now)
		if err != nil {
			t.Fatal(err)
		}
		ev, err := s.ParseWebhook(payload, sig)
		if err != nil {
			t.Fatal(err)
		}
		got := ev.Subscription
		if got == nil || got.ID != "sub_1" || got.CustomerID != "cus_1" || got.Interval != IntervalYear || !got.CancelAtPeriodEnd ||
			!got.StartedAt.Equal(start) || !got.CurrentPeriodEnd.Equal(sub.CurrentPeriodEnd) || !got.CancelAt.Equal(sub.CancelAt) ||
			!got.EndedAt.IsZero() || got.Metadata["user_id"] != "u1" {
			t.Errorf("subscription %+v", got)
		}

		payload, sig, err = SignedEvent("whsec_test", "evt_3", EventCheckoutCompleted, created,
			CheckoutObject(CheckoutSession{ID: "cs_1", CustomerID: "cus_1", SubscriptionID: "sub_1", ClientReferenceID: "u1"}), now)
		if err != nil {
			t.Fatal(err)
		}
		ev, err = s.ParseWebhook(payload, sig)
		if err != nil {
			t.Fatal(err)
		}
		if cs := ev.CheckoutSession; cs == nil || cs.SubscriptionID != "sub_1" || cs.CustomerID != "cus_1" || cs.ClientReferenceID != "u1" || cs.Mode != "subscription" {
			t.Errorf("checkout %+v", cs)
		}
	})

	t.Run("a paid invoice names its subscription through its parent, as Stripe writes it since 2025", func(t *testing.T) {
		// Trimmed from an invoice.paid event of API version 2025-03-31.basil.
		obj := json.RawMessage(`{"id":"in_1Q","object":"invoice","customer":"cus_1","currency":"gbp","amount_due":5900,
			"amount_paid":5900,"status":"paid","billing_reason":"subscription_cycle",
			"parent":{"type":"subscription_details","quote_details":null,
				"subscription_details":{"metadata":{"user_id":"u1"},"subscription":"sub_1"}},
			"status_transitions":{"finalized_at":1764000000,"marked_uncollectible_at":null,"paid_at":1764000060,"voided_at":null}}`)
		payload, sig, err := SignedEvent("whsec_test", "evt_5", EventInvoicePaid, created, obj, now)
		if err != nil {
			t.Fatal(err)
		}
		ev, err := s.ParseWebhook(payload, sig)
		if err != nil {
			t.Fatal(err)
		}
		want := Invoice{ID: "in_1Q", CustomerID: "cus_1", SubscriptionID: "sub_1", AmountCents: 5900, Currency: "gbp", PaidAt: time.Unix(1764000060, 0).UTC()}
		if ev.Invoice == nil || *ev.Invoice != want {
			t.Errorf("invoice %+v, want %+v", ev.Invoice, want)
		}
		// The sandbox's invoices take the same path.
		payload, sig, err = SignedEvent("whsec_test", "evt_6", EventInvoicePaid, created, InvoiceObject(want), now)
		if err != nil {
			t.Fatal(err)
		}
		if ev, err = s.ParseWebhook(payload, sig); err != nil || ev.Invoice == nil || *ev.Invoice != want {
			t.Errorf("sandbox invoice %+v %v", ev.Invoice, err)
		}
	})

	t.Run("a declined payment carries its decline code", func(t *testing.T) {
		obj := IntentObject(PaymentIntent{ID: "pi_2", Status: "requires_payment_method", AmountCents: 3000, Currency: "eur", FailureCode: "generic_decline"}, created)
		payload, sig, err := SignedEvent("whsec_test", "evt_4", EventPaymentFailed, created, obj, now)
		if err != nil {
			t.Fatal(err)
		}
		ev, err := s.ParseWebhook(payload, sig)
		if err != nil {
			t.Fatal(err)
		}
		if ev.PaymentIntent.FailureCode != "generic_decline" || ev.PaymentIntent.Status != "requires_payment_method" {
			t.Errorf("intent %+v", ev.PaymentIntent)
		}
	})
}
