package httpapi

import (
	"bytes"
	"context"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"noces/internal/billing"
	"noces/internal/model"
	"noces/internal/platform/payment"
	"noces/internal/platform/payment/stripemock"
	"noces/internal/store/storetest"
)

// sandboxOf is the test server's sandbox processor.
func (e *env) sandboxOf() *payment.Sandbox {
	e.t.Helper()
	sb, ok := e.server.Sandbox.(*payment.Sandbox)
	if !ok {
		e.t.Fatal("the test server runs no sandbox")
	}
	return sb
}

// webhook delivers an event signed with the sandbox's secret at signedAt.
func (e *env) webhook(typ string, created time.Time, object any, signedAt time.Time) resp {
	e.t.Helper()
	payload, sig, err := payment.SignedEvent(e.sandboxOf().WebhookSecret(), "evt_"+model.NewID(), typ, created, object, signedAt)
	if err != nil {
		e.t.Fatal(err)
	}
	return e.do(req{method: "POST", path: "/api/webhooks/stripe", body: payload, headers: map[string]string{"Stripe-Signature": sig}})
}

// form posts a sandbox page's form as a browser would.
func (e *env) form(path string, values url.Values, host string) resp {
	e.t.Helper()
	h := map[string]string{}
	if host != "" {
		h["Host"] = host
	}
	return e.do(req{method: "POST", path: path, body: values.Encode(), contentType: "application/x-www-form-urlencoded", headers: h})
}

func (e *env) me(token string) map[string]any {
	e.t.Helper()
	r := e.do(req{method: "GET", path: "/api/me", token: token})
	if r.status != 200 {
		e.t.Fatalf("me: %d %s", r.status, r.body)
	}
	return r.json(e.t)
}

func (e *env) tableRows(table string) int {
	e.t.Helper()
	var n int
	if err := e.store.DB().QueryRow("SELECT COUNT(*) FROM " + table).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

// ledger is a user's cached balance and the sum of their ledger.
func (e *env) ledger(key string) (int, int) {
	e.t.Helper()
	u, err := e.store.GetUser(context.Background(), e.users[key].ID)
	if err != nil {
		e.t.Fatal(err)
	}
	sum, err := e.store.GetLedgerBalance(context.Background(), u.ID)
	if err != nil {
		e.t.Fatal(err)
	}
	return u.Credits, sum
}

func (e *env) buy(token string, credits int, price float64) map[string]any {
	e.t.Helper()
	r := e.do(req{method: "POST", path: "/api/credits/buy", token: token, body: map[string]any{"credits": credits, "price": price}})
	if r.status != 200 {
		e.t.Fatalf("buy: %d %s", r.status, r.body)
	}
	return r.json(e.t)
}

func location(t *testing.T, r resp) *url.URL {
	t.Helper()
	u, err := url.Parse(r.header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestCreditPricesAndBuyRules(t *testing.T) {
	e := newEnv(t)
	planner, venue, admin := e.login("planner"), e.login("venue"), e.login("admin")

	t.Run("the price list has every quantity", func(t *testing.T) {
		r := e.do(req{method: "GET", path: "/api/credits/prices", token: planner.Access})
		body := r.json(t)
		prices, _ := body["prices"].([]any)
		if r.status != 200 || body["currency"] != "EUR" || len(prices) != 50 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		if p := prices[1].(map[string]any); p["credits"] != 2.0 || p["priceCents"] != 5050.0 {
			t.Errorf("two credits: %v", p)
		}
	})

	before := e.counts()
	payments := e.tableRows("payments")
	refusals := []struct {
		name   string
		r      req
		status int
		code   string
		field  string
	}{
		{"a price that disagrees with the formula", req{method: "POST", path: "/api/credits/buy", token: planner.Access,
			body: map[string]any{"credits": 2, "price": 50}}, 422, "errors.validation", "price"},
		{"a price a cent off", req{method: "POST", path: "/api/credits/buy", token: planner.Access,
			body: map[string]any{"credits": 10, "price": 195.49}}, 422, "errors.validation", "price"},
		{"no credits", req{method: "POST", path: "/api/credits/buy", token: planner.Access,
			body: map[string]any{"credits": 0, "price": 0}}, 422, "errors.validation", "credits"},
		{"51 credits", req{method: "POST", path: "/api/credits/buy", token: planner.Access,
			body: map[string]any{"credits": 51, "price": 765}}, 422, "errors.validation", "credits"},
		{"a fractional quantity", req{method: "POST", path: "/api/credits/buy", token: planner.Access,
			body: `{"credits": 1.5, "price": 30}`}, 400, "errors.malformed_json", ""},
		{"an unknown field", req{method: "POST", path: "/api/credits/buy", token: planner.Access,
			body: map[string]any{"credits": 1, "price": 30, "discount": 5}}, 400, "errors.malformed_json", ""},
		{"an admin", req{method: "POST", path: "/api/credits/buy", token: admin.Access,
			body: map[string]any{"credits": 1, "price": 30}}, 403, "errors.forbidden", ""},
		{"no session", req{method: "POST", path: "/api/credits/buy", body: map[string]any{"credits": 1, "price": 30}}, 401, "errors.unauthorized", ""},
		{"an admin asking the prices", req{method: "GET", path: "/api/credits/prices", token: admin.Access}, 403, "errors.forbidden", ""},
	}
	for _, tc := range refusals {
		t.Run(tc.name+" is refused", func(t *testing.T) {
			r := e.do(tc.r)
			if r.status != tc.status || r.json(t)["error"] != tc.code {
				t.Fatalf("%d %s", r.status, r.body)
			}
			if tc.field != "" && field(t, r, tc.field) == "" {
				t.Errorf("no code for %s: %s", tc.field, r.body)
			}
		})
	}
	t.Run("the message of a wrong price is in the user's language", func(t *testing.T) {
		r := e.do(req{method: "POST", path: "/api/credits/buy", token: planner.Access, body: map[string]any{"credits": 2, "price": 50},
			headers: map[string]string{"Accept-Language": "de"}})
		if field(t, r, "price") != "credits.errors.price_mismatch" {
			t.Errorf("%s", r.body)
		}
	})
	if diff := cmp.Diff(before, e.counts()); diff != "" || e.tableRows("payments") != payments {
		t.Errorf("refused purchases wrote something: %s", diff)
	}

	t.Run("planners and venues buy; the sandbox sends them to its card page", func(t *testing.T) {
		for _, tok := range []string{planner.Access, venue.Access} {
			p := e.buy(tok, 3, 72)
			if p["provider"] != "sandbox" || p["clientSecret"] == "" || p["redirectUrl"] != "/sandbox/pay/"+p["paymentIntentId"].(string) {
				t.Errorf("%v", p)
			}
		}
		if c, _ := e.ledger("planner"); c != 0 {
			t.Errorf("credits before any payment: %d", c)
		}
	})

	t.Run("a provider waiting for moderation cannot buy", func(t *testing.T) {
		fresh := e.newAccount("fresh@example.com", "ROLE_PRESTATAIRE")
		r := e.do(req{method: "POST", path: "/api/credits/buy", token: fresh.Access, body: map[string]any{"credits": 1, "price": 30}})
		if r.status != 403 || r.json(t)["error"] != "account.errors.not_moderated" {
			t.Errorf("%d %s", r.status, r.body)
		}
	})

	t.Run("a retried purchase with the same Idempotency-Key is the same payment", func(t *testing.T) {
		h := map[string]string{"Idempotency-Key": "dialog-42"}
		a := e.do(req{method: "POST", path: "/api/credits/buy", token: planner.Access, body: map[string]any{"credits": 1, "price": 30}, headers: h})
		b := e.do(req{method: "POST", path: "/api/credits/buy", token: planner.Access, body: map[string]any{"credits": 1, "price": 30}, headers: h})
		if a.json(t)["paymentIntentId"] != b.json(t)["paymentIntentId"] {
			t.Errorf("%s / %s", a.body, b.body)
		}
		// Another user's key space is their own.
		c := e.do(req{method: "POST", path: "/api/credits/buy", token: venue.Access, body: map[string]any{"credits": 1, "price": 30}, headers: h})
		if c.json(t)["paymentIntentId"] == a.json(t)["paymentIntentId"] {
			t.Error("two users share one payment")
		}
	})
}

func TestPaymentReturnRedirects(t *testing.T) {
	e := newEnv(t)
	planner := e.login("planner")
	pi := e.buy(planner.Access, 1, 30)["paymentIntentId"].(string)
	for _, tc := range []struct{ query, want string }{
		{"?payment_intent=" + pi + "&payment_intent_client_secret=x&redirect_status=succeeded", "true"},
		{"?payment_intent=" + pi + "&redirect_status=processing", "processing"},
		{"?payment_intent=" + pi + "&redirect_status=failed", "payment_failed"},
		{"?payment_intent=" + pi + "&redirect_status=requires_payment_method", "payment_failed"},
		{"?payment_intent=" + pi + "&redirect_status=canceled", "canceled"},
		{"?payment_intent=" + pi + "&redirect_status=requires_capture", "amount_capturable_updated"},
		{"?payment_intent=" + pi + "&redirect_status=whatever", "unknown_status"},
		{"?payment_intent=" + pi, "processing"},
		{"?payment_intent=pi_unknown&redirect_status=succeeded", "payment_intent_not_found"},
		{"?redirect_status=succeeded", "missing_parameters"},
		{"", "missing_parameters"},
	} {
		r := e.do(req{method: "GET", path: "/api/credits/payment-success" + tc.query})
		if r.status != 302 || r.header.Get("Location") != "/credits?status="+tc.want {
			t.Errorf("%s: %d %s", tc.query, r.status, r.header.Get("Location"))
		}
	}
	if c, l := e.ledger("planner"); c != 0 || l != 0 {
		t.Errorf("the return address added credits: %d %d", c, l)
	}
}

func TestStripeWebhook(t *testing.T) {
	e := newEnv(t)
	planner, venue := e.login("planner"), e.login("venue")
	now := e.clock.Now()
	intent := func(p map[string]any, credits int, status string) map[string]any {
		cents := map[int]int64{1: 3000, 2: 5050, 5: 11100}[credits]
		return payment.IntentObject(payment.PaymentIntent{ID: p["paymentIntentId"].(string), ClientSecret: p["clientSecret"].(string),
			Status: status, AmountCents: cents, Currency: "eur"}, now)
	}

	t.Run("a bad or stale signature is a 400 and changes nothing", func(t *testing.T) {
		p := e.buy(planner.Access, 1, 30)
		payload, _, err := payment.SignedEvent(e.sandboxOf().WebhookSecret(), "evt_1", payment.EventPaymentSucceeded, now, intent(p, 1, "succeeded"), time.Now())
		if err != nil {
			t.Fatal(err)
		}
		for name, sig := range map[string]string{
			"no signature":             "",
			"a forged signature":       payment.SignatureHeader(payload, "whsec_forged", time.Now()),
			"a six-minute-old one":     payment.SignatureHeader(payload, e.sandboxOf().WebhookSecret(), time.Now().Add(-6*time.Minute)),
			"a garbled header":         "v1=,t=",
			"another body's signature": payment.SignatureHeader([]byte(`{}`), e.sandboxOf().WebhookSecret(), time.Now()),
		} {
			r := e.do(req{method: "POST", path: "/api/webhooks/stripe", body: payload, headers: map[string]string{"Stripe-Signature": sig}})
			if r.status != 400 || r.json(t)["error"] != "payment.errors.signature" {
				t.Errorf("%s: %d %s", name, r.status, r.body)
			}
		}
		if c, l := e.ledger("planner"); c != 0 || l != 0 {
			t.Errorf("credits %d %d", c, l)
		}
	})

	t.Run("an event of another API version is a 400 of its own and changes nothing", func(t *testing.T) {
		p := e.buy(planner.Access, 1, 30)
		payload, _, err := payment.SignedEvent(e.sandboxOf().WebhookSecret(), "evt_old", payment.EventPaymentSucceeded, now, intent(p, 1, "succeeded"), time.Now())
		if err != nil {
			t.Fatal(err)
		}
		old := []byte(strings.Replace(string(payload), `"api_version":"`, `"api_version":"2022-11-15","x":"`, 1))
		r := e.do(req{method: "POST", path: "/api/webhooks/stripe", body: old,
			headers: map[string]string{"Stripe-Signature": payment.SignatureHeader(old, e.sandboxOf().WebhookSecret(), time.Now()), "Accept-Language": "en"}})
		if r.status != 400 || r.json(t)["error"] != "payment.errors.api_version" || !strings.Contains(r.json(t)["message"].(string), "API version") {
			t.Errorf("%d %s", r.status, r.body)
		}
		if c, l := e.ledger("planner"); c != 0 || l != 0 {
			t.Errorf("credits %d %d", c, l)
		}
	})

	t.Run("the same succeeded event delivered 20 times at once credits once", func(t *testing.T) {
		p := e.buy(planner.Access, 5, 111)
		payload, sig, err := payment.SignedEvent(e.sandboxOf().WebhookSecret(), "evt_dup", payment.EventPaymentSucceeded, now, intent(p, 5, "succeeded"), time.Now())
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		statuses := make(chan int, 20)
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				hr := httptest.NewRequest("POST", "/api/webhooks/stripe", bytes.NewReader(payload))
				hr.Header.Set("Content-Type", "application/json")
				hr.Header.Set("Stripe-Signature", sig)
				rec := httptest.NewRecorder()
				e.handler.ServeHTTP(rec, hr)
				statuses <- rec.Code
			}()
		}
		wg.Wait()
		close(statuses)
		for s := range statuses {
			if s != 200 {
				t.Errorf("a delivery answered %d", s)
			}
		}
		if c, l := e.ledger("planner"); c != 5 || l != 5 {
			t.Errorf("credits %d ledger %d, want 5", c, l)
		}
		if me := e.me(planner.Access); me["credits"] != 5.0 {
			t.Errorf("/api/me credits %v", me["credits"])
		}
		logs := e.do(req{method: "GET", path: "/api/credits/logs", token: planner.Access, headers: map[string]string{"Accept-Language": "en"}}).json(t)["logs"].([]any)
		if len(logs) != 1 || logs[0].(map[string]any)["description"] != "Credit purchase" || logs[0].(map[string]any)["deposited"] != 5.0 {
			t.Errorf("logs %v", logs)
		}
	})

	t.Run("a failed payment adds nothing, and neither does a failure after a success", func(t *testing.T) {
		p := e.buy(planner.Access, 2, 50.5)
		if r := e.webhook(payment.EventPaymentFailed, now, intent(p, 2, "requires_payment_method"), time.Now()); r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		if c, _ := e.ledger("planner"); c != 5 {
			t.Errorf("credits %d", c)
		}
		if r := e.webhook(payment.EventPaymentSucceeded, now, intent(p, 2, "succeeded"), time.Now()); r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		e.webhook(payment.EventPaymentFailed, now.Add(time.Minute), intent(p, 2, "requires_payment_method"), time.Now())
		e.webhook(payment.EventPaymentSucceeded, now, intent(p, 2, "succeeded"), time.Now())
		if c, l := e.ledger("planner"); c != 7 || l != 7 {
			t.Errorf("credits %d ledger %d, want 7", c, l)
		}
	})

	t.Run("another user's payment is never theirs to see or spend", func(t *testing.T) {
		if c, l := e.ledger("venue"); c != 0 || l != 0 {
			t.Errorf("the venue has %d credits", c)
		}
		logs := e.do(req{method: "GET", path: "/api/credits/logs", token: venue.Access}).json(t)["logs"].([]any)
		if len(logs) != 0 {
			t.Errorf("the venue sees %v", logs)
		}
		// An event naming the venue in its metadata still credits the buyer:
		// the payment row says whose it is.
		p := e.buy(planner.Access, 1, 30)
		obj := intent(p, 1, "succeeded")
		obj["metadata"] = map[string]string{"user_id": e.users["venue"].ID}
		e.webhook(payment.EventPaymentSucceeded, now, obj, time.Now())
		if c, _ := e.ledger("venue"); c != 0 {
			t.Errorf("the venue got %d credits", c)
		}
		if c, _ := e.ledger("planner"); c != 8 {
			t.Errorf("the planner has %d credits, want 8", c)
		}
	})

	t.Run("subscription events set premium status, dates and plan, in any order", func(t *testing.T) {
		start := now.Truncate(time.Second)
		s := payment.Subscription{ID: "sub_http", CustomerID: "cus_http", Status: "active", Interval: payment.IntervalYear, StartedAt: start,
			CurrentPeriodEnd: start.AddDate(1, 0, 0), Metadata: map[string]string{"user_id": e.users["venue"].ID}}
		ending := s
		ending.CancelAtPeriodEnd, ending.CancelAt = true, s.CurrentPeriodEnd
		ended := s
		ended.Status, ended.EndedAt = "canceled", start.Add(24*time.Hour)

		// The cancellation arrives before the creation.
		e.webhook(payment.EventSubscriptionUpdated, start.Add(time.Hour), payment.SubscriptionObject(ending, 69000, "eur"), time.Now())
		e.webhook(payment.EventSubscriptionCreated, start, payment.SubscriptionObject(s, 69000, "eur"), time.Now())
		e.webhook(payment.EventCheckoutCompleted, start, payment.CheckoutObject(payment.CheckoutSession{ID: "cs_http", CustomerID: "cus_http",
			SubscriptionID: "sub_http", ClientReferenceID: e.users["venue"].ID}), time.Now())
		me := e.me(venue.Access)
		if me["premiumStatus"] != "cancellation" || me["premiumPlan"] != "yearly" || me["isPremium"] != true ||
			me["premiumEndAt"] != start.AddDate(1, 0, 0).Format(time.RFC3339) || me["premiumStartAt"] != start.Format(time.RFC3339) {
			t.Errorf("%v %v %v %v %v", me["premiumStatus"], me["premiumPlan"], me["isPremium"], me["premiumStartAt"], me["premiumEndAt"])
		}
		e.webhook(payment.EventSubscriptionDeleted, start.Add(24*time.Hour), payment.SubscriptionObject(ended, 69000, "eur"), time.Now())
		e.webhook(payment.EventSubscriptionUpdated, start.Add(time.Hour), payment.SubscriptionObject(ending, 69000, "eur"), time.Now())
		me = e.me(venue.Access)
		if me["premiumStatus"] != "canceled" || me["isPremium"] != false || me["premiumEndAt"] != start.Add(24*time.Hour).Format(time.RFC3339) ||
			me["premiumPlan"] != nil {
			t.Errorf("%v %v %v %v", me["premiumStatus"], me["isPremium"], me["premiumEndAt"], me["premiumPlan"])
		}
		if me := e.me(planner.Access); me["premiumStatus"] != "none" || me["premiumPlan"] != nil {
			t.Errorf("the planner's premium changed: %v %v", me["premiumStatus"], me["premiumPlan"])
		}
	})

	t.Run("an oversized body is refused", func(t *testing.T) {
		r := e.do(req{method: "POST", path: "/api/webhooks/stripe", body: strings.Repeat("x", 1<<20+1), headers: map[string]string{"Stripe-Signature": "t=1,v1=00"}})
		if r.status != 413 {
			t.Errorf("%d %s", r.status, r.body)
		}
	})
}

func TestSandboxJourney(t *testing.T) {
	e := newEnv(t)
	planner := e.login("planner")
	const host = "pro.fr.localhost:8080"

	t.Run("a test card payment adds the credits once", func(t *testing.T) {
		p := e.buy(planner.Access, 2, 50.5)
		page := e.do(req{method: "GET", path: p["redirectUrl"].(string), headers: map[string]string{"Host": host, "Accept-Language": "pt"}})
		if page.status != 200 || !strings.Contains(string(page.body), "Ambiente de teste: nenhum pagamento real") ||
			!strings.Contains(string(page.body), "Pagar 50,50\u00a0€") {
			t.Fatalf("%d %s", page.status, page.body)
		}
		paid := e.form(p["redirectUrl"].(string), url.Values{"card": {"4242 4242 4242 4242"}}, host)
		back := location(t, paid)
		if paid.status != 303 || back.Path != "/api/credits/payment-success" || back.Query().Get("redirect_status") != "succeeded" {
			t.Fatalf("%d %s", paid.status, back)
		}
		ret := e.do(req{method: "GET", path: back.String(), headers: map[string]string{"Host": host}})
		if ret.header.Get("Location") != "/credits?status=true" {
			t.Errorf("return %d %s", ret.status, ret.header.Get("Location"))
		}
		// A second submit (the back button) pays nothing more.
		e.form(p["redirectUrl"].(string), url.Values{"card": {"4242424242424242"}}, host)
		if c, l := e.ledger("planner"); c != 2 || l != 2 {
			t.Errorf("credits %d ledger %d, want 2", c, l)
		}
	})

	t.Run("the declining card adds nothing and says the payment failed", func(t *testing.T) {
		p := e.buy(planner.Access, 1, 30)
		declined := e.form(p["redirectUrl"].(string), url.Values{"card": {"4000 0000 0000 0002"}}, host)
		back := location(t, declined)
		ret := e.do(req{method: "GET", path: back.String(), headers: map[string]string{"Host": host}})
		if ret.header.Get("Location") != "/credits?status=payment_failed" {
			t.Errorf("return %s", ret.header.Get("Location"))
		}
		if c, l := e.ledger("planner"); c != 2 || l != 2 {
			t.Errorf("credits %d ledger %d, want 2", c, l)
		}
	})

	var portal string
	t.Run("subscribing through the test checkout makes premium active", func(t *testing.T) {
		r := e.do(req{method: "GET", path: "/api/subscription/update", token: planner.Access, headers: map[string]string{"Host": host}})
		if r.status != 409 || r.json(t)["error"] != "subscription.errors.no_subscription" {
			t.Errorf("portal before any subscription: %d %s", r.status, r.body)
		}
		r = e.do(req{method: "POST", path: "/api/subscription/subscribe", token: planner.Access, body: map[string]string{"plan": "premium_monthly"},
			headers: map[string]string{"Host": host}})
		body := r.json(t)
		if r.status != 200 || body["success"] != true || !strings.HasPrefix(body["session_url"].(string), "/sandbox/checkout/") {
			t.Fatalf("%d %s", r.status, r.body)
		}
		done := e.form(body["session_url"].(string), url.Values{"card": {"4242 4242 4242 4242"}}, host)
		if done.status != 303 || done.header.Get("Location") != "http://"+host+"/subscription?status=success" {
			t.Fatalf("%d %s", done.status, done.header.Get("Location"))
		}
		me := e.me(planner.Access)
		start := e.clock.Now().Truncate(time.Second)
		if me["premiumStatus"] != "active" || me["isPremium"] != true || me["premiumPlan"] != "monthly" ||
			me["premiumStartAt"] != start.Format(time.RFC3339) || me["premiumEndAt"] != start.AddDate(0, 1, 0).Format(time.RFC3339) {
			t.Errorf("%v %v %v %v %v", me["premiumStatus"], me["isPremium"], me["premiumPlan"], me["premiumStartAt"], me["premiumEndAt"])
		}
		r = e.do(req{method: "POST", path: "/api/subscription/subscribe", token: planner.Access, body: map[string]string{"plan": "premium_yearly"}})
		if r.status != 409 || r.json(t)["error"] != "subscription.errors.already_premium" {
			t.Errorf("a second subscription: %d %s", r.status, r.body)
		}
		r = e.do(req{method: "GET", path: "/api/subscription/update", token: planner.Access, headers: map[string]string{"Host": host}})
		portal = r.json(t)["session_url"].(string)
		if r.status != 200 || !strings.HasPrefix(portal, "/sandbox/portal/") {
			t.Fatalf("%d %s", r.status, r.body)
		}
	})

	t.Run("credits are kept but paused while premium is active", func(t *testing.T) {
		ids := e.sendRequests(e.users["planner"].ID, 1)
		r := e.do(req{method: "POST", path: "/api/event-requests/" + ids[0] + "/unlock", token: planner.Access})
		if r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		if c, l := e.ledger("planner"); c != 2 || l != 2 {
			t.Errorf("an unlock under premium spent a credit: %d %d", c, l)
		}
	})

	t.Run("the test portal cancels at the period's end, then at once", func(t *testing.T) {
		page := e.do(req{method: "GET", path: portal, headers: map[string]string{"Host": host, "Accept-Language": "fr"}})
		if !strings.Contains(string(page.body), "Résilier à la fin de la période") || !strings.Contains(string(page.body), "http://"+host+"/subscription") {
			t.Errorf("%s", page.body)
		}
		e.form(portal, url.Values{"action": {"cancel_at_period_end"}}, host)
		me := e.me(planner.Access)
		end := e.clock.Now().Truncate(time.Second).AddDate(0, 1, 0)
		// Still the plan in force until its end, and said to end.
		if me["premiumStatus"] != "cancellation" || me["isPremium"] != true || me["premiumEndAt"] != end.Format(time.RFC3339) ||
			me["premiumPlan"] != "monthly" {
			t.Errorf("%v %v %v %v", me["premiumStatus"], me["isPremium"], me["premiumEndAt"], me["premiumPlan"])
		}
		e.form(portal, url.Values{"action": {"cancel_now"}}, host)
		me = e.me(planner.Access)
		if me["premiumStatus"] != "canceled" || me["isPremium"] != false || me["premiumPlan"] != nil {
			t.Errorf("%v %v %v", me["premiumStatus"], me["isPremium"], me["premiumPlan"])
		}
	})

	t.Run("the sandbox pages exist on back-office hosts only", func(t *testing.T) {
		r := e.do(req{method: "GET", path: portal, headers: map[string]string{"Host": "fr.localhost:8080"}})
		if strings.Contains(string(r.body), "Sandbox") || strings.Contains(string(r.body), "Bac à sable") {
			t.Errorf("a public host served the sandbox: %d", r.status)
		}
	})
}

func TestReturnAddressesStayOnOurHosts(t *testing.T) {
	e := newEnv(t)
	venue := e.login("venue")
	for _, tc := range []struct{ host, want string }{
		{"pro.de.localhost:8080", "http://pro.de.localhost:8080/subscription?status=success"},
		{"localhost:8080", "http://localhost:8080/subscription?status=success"},
		{"evil.example", "http://pro.fr.localhost:8080/subscription?status=success"},
		{"fr.localhost:8080", "http://pro.fr.localhost:8080/subscription?status=success"},
	} {
		r := e.do(req{method: "POST", path: "/api/subscription/subscribe", token: venue.Access, body: map[string]string{"plan": "premium_yearly"},
			headers: map[string]string{"Host": tc.host}})
		checkout := r.json(t)["session_url"].(string)
		// The sandbox page is visited on the back-office host.
		page := e.do(req{method: "GET", path: checkout, headers: map[string]string{"Host": "pro.fr.localhost:8080"}})
		if !strings.Contains(string(page.body), `href="`+strings.Replace(tc.want, "success", "cancel", 1)+`"`) {
			t.Errorf("from %s: no way back to %s in %s", tc.host, tc.want, page.body)
		}
	}
	r := e.do(req{method: "POST", path: "/api/subscription/subscribe", token: venue.Access, body: map[string]string{"plan": "monthly"}})
	if r.status != 422 || field(t, r, "plan") != "subscription.errors.plan" {
		t.Errorf("%d %s", r.status, r.body)
	}
}

// stripeEnv is a test server whose billing runs on Stripe, played by stripe-mock.
func stripeEnv(t *testing.T, tiles string) *env {
	t.Helper()
	stripe, err := payment.NewStripe(payment.StripeConfig{SecretKey: "sk_test_123", PublishableKey: "pk_test_123",
		WebhookSecret: "whsec_test", APIURL: stripemock.URL(t)})
	if err != nil {
		t.Fatal(err)
	}
	return newEnvWithStore(t, storetest.New(t), func(s *Server) {
		s.Billing = billing.NewService(billing.Deps{Store: s.Store, Clock: clockOf(s), Payments: stripe})
		s.Sandbox = nil
		s.spa.payments.Provider, s.spa.payments.PublishableKey = s.Billing.Provider()
		s.spa.tiles = tiles
	})
}

func TestStripeProvider(t *testing.T) {
	e := stripeEnv(t, "http://tiles.example:8081/{z}/{x}/{y}.png")
	planner := e.login("planner")

	t.Run("a purchase gets Stripe's client secret and no redirect", func(t *testing.T) {
		p := e.buy(planner.Access, 10, 195.5)
		if p["provider"] != "stripe" || p["redirectUrl"] != nil || p["clientSecret"] == "" || !strings.HasPrefix(p["paymentIntentId"].(string), "pi_") {
			t.Errorf("%v", p)
		}
		if e.tableRows("payments") != 1 {
			t.Error("no payment recorded")
		}
	})

	t.Run("subscribe and update answer Stripe's session addresses", func(t *testing.T) {
		r := e.do(req{method: "POST", path: "/api/subscription/subscribe", token: planner.Access, body: map[string]string{"plan": "premium_yearly"}})
		if r.status != 200 || !strings.HasPrefix(r.json(t)["session_url"].(string), "https://") {
			t.Fatalf("%d %s", r.status, r.body)
		}
		r = e.do(req{method: "GET", path: "/api/subscription/update", token: planner.Access})
		if r.status != 200 || !strings.HasPrefix(r.json(t)["session_url"].(string), "https://") {
			t.Errorf("%d %s", r.status, r.body)
		}
	})

	t.Run("the page names Stripe, its key and the tile server, and the CSP lets them in", func(t *testing.T) {
		r := e.do(req{method: "GET", path: "/credits", headers: map[string]string{"Host": "pro.fr.localhost:8080"}})
		body := string(r.body)
		if !strings.Contains(body, `"payments":{"provider":"stripe","publishableKey":"pk_test_123"}`) ||
			!strings.Contains(body, `"mapTilesUrl":"http://tiles.example:8081/{z}/{x}/{y}.png"`) {
			t.Errorf("%s", body)
		}
		csp := r.header.Get("Content-Security-Policy")
		for _, want := range []string{"script-src 'self' https://js.stripe.com;", "https://hooks.stripe.com", "connect-src 'self' https://api.stripe.com",
			"img-src 'self' data: blob: https: http://tiles.example:8081;"} {
			if !strings.Contains(csp, want) {
				t.Errorf("CSP lacks %q: %s", want, csp)
			}
		}
	})

	t.Run("no sandbox pages with Stripe", func(t *testing.T) {
		r := e.do(req{method: "GET", path: "/sandbox/pay/pi_123", headers: map[string]string{"Host": "pro.fr.localhost:8080"}})
		if strings.Contains(string(r.body), "Sandbox") {
			t.Errorf("%s", r.body)
		}
	})

	t.Run("Stripe's signed events are verified with the webhook secret", func(t *testing.T) {
		obj := payment.IntentObject(payment.PaymentIntent{ID: "pi_x", Status: "succeeded", AmountCents: 3000, Currency: "eur"}, e.clock.Now())
		payload, sig, err := payment.SignedEvent("whsec_test", "evt_s", payment.EventPaymentSucceeded, e.clock.Now(), obj, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if r := e.do(req{method: "POST", path: "/api/webhooks/stripe", body: payload, headers: map[string]string{"Stripe-Signature": sig}}); r.status != 200 {
			t.Errorf("%d %s", r.status, r.body)
		}
		_, bad, _ := payment.SignedEvent("whsec_sandbox", "evt_s", payment.EventPaymentSucceeded, e.clock.Now(), obj, time.Now())
		if r := e.do(req{method: "POST", path: "/api/webhooks/stripe", body: payload, headers: map[string]string{"Stripe-Signature": bad}}); r.status != 400 {
			t.Errorf("%d %s", r.status, r.body)
		}
	})
}

func TestMain(m *testing.M) { os.Exit(stripemock.Run(m)) }

func TestACancelledPlanPastItsEndIsNoLongerThePlan(t *testing.T) {
	e := newEnv(t)
	venue := e.login("venue")
	start := e.clock.Now().Truncate(time.Second)
	s := payment.Subscription{ID: "sub_lapse", CustomerID: "cus_lapse", Status: "active", Interval: payment.IntervalMonth, StartedAt: start,
		CurrentPeriodEnd: start.AddDate(0, 1, 0), CancelAtPeriodEnd: true, Metadata: map[string]string{"user_id": e.users["venue"].ID}}
	e.webhook(payment.EventSubscriptionUpdated, start, payment.SubscriptionObject(s, 6900, "eur"), time.Now())
	me := e.me(venue.Access)
	if me["premiumStatus"] != "cancellation" || me["premiumPlan"] != "monthly" || me["isPremium"] != true {
		t.Fatalf("%v %v %v", me["premiumStatus"], me["premiumPlan"], me["isPremium"])
	}
	// The period ends; the processor's deletion event has not come yet.
	e.clock.Advance(start.AddDate(0, 1, 0).Sub(e.clock.Now()) + time.Minute)
	me = e.me(e.login("venue").Access)
	if me["premiumStatus"] != "canceled" || me["premiumPlan"] != nil || me["isPremium"] != false ||
		me["premiumEndAt"] != start.AddDate(0, 1, 0).Format(time.RFC3339) {
		t.Errorf("%v %v %v %v", me["premiumStatus"], me["premiumPlan"], me["isPremium"], me["premiumEndAt"])
	}
}
