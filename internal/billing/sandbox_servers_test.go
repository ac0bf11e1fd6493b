package billing

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"noces/internal/clock"
	"noces/internal/config"
	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/platform/payment"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// TestCreditsBoughtThroughTwoServers runs two servers on one database, each
// with its own pool, sandbox and billing service, as behind a load balancer:
// a purchase started on one and paid on both at once is credited once, from
// one event.
func TestCreditsBoughtThroughTwoServers(t *testing.T) {
	ctx := context.Background()
	first, dbURL := storetest.NewWithURL(t)
	second, err := store.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { second.Close() })
	clk := clock.NewFixed(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC))
	var delivered atomic.Int32
	server := func(s *store.Store) (*Service, *payment.Sandbox) {
		sandbox, err := payment.NewSandbox(payment.SandboxConfig{Store: s, PlanCents: PlanCents(config.DefaultPrices), Now: clk.Now, Texts: texts})
		if err != nil {
			t.Fatal(err)
		}
		svc := NewService(Deps{Store: s, Clock: clk, Payments: sandbox})
		sandbox.SetDeliver(func(ctx context.Context, payload []byte, sig string) error {
			delivered.Add(1)
			return svc.HandleWebhook(ctx, payload, sig)
		})
		return svc, sandbox
	}
	svcA, sandboxA := server(first)
	_, sandboxB := server(second)

	now := clk.Now()
	u := model.User{ID: model.NewID(), Email: "two@example.com", PasswordHash: "x", Role: model.RolePlanner, Firstname: "Ana",
		Lastname: "Silva", Locale: "fr", Domain: "fr", IsModerated: true, HasFinishedOnboarding: true,
		PremiumStatus: model.PremiumNone, CreatedAt: now, UpdatedAt: now}
	storetest.Must(t, first.CreateUser(ctx, u))
	p, err := svcA.Buy(ctx, u.ID, BuyInput{Credits: 2, Price: 50.5})
	if err != nil {
		t.Fatal(err)
	}

	var wg sync.WaitGroup
	for i, s := range []*payment.Sandbox{sandboxA, sandboxB, sandboxA, sandboxB, sandboxB, sandboxA} {
		wg.Go(func() {
			r := httptest.NewRequest("POST", p.RedirectURL, strings.NewReader(url.Values{"card": {payment.CardSucceeds}}.Encode()))
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			d, _ := i18n.DomainByKey("fr")
			r = r.WithContext(i18n.WithLocale(r.Context(), d, "fr"))
			w := httptest.NewRecorder()
			s.ServeHTTP(w, r)
			if w.Code != http.StatusSeeOther || !strings.Contains(w.Header().Get("Location"), "redirect_status=succeeded") {
				t.Errorf("payment %d: %d %s", i, w.Code, w.Header().Get("Location"))
			}
		})
	}
	wg.Wait()

	if n := delivered.Load(); n != 1 {
		t.Errorf("billing received %d events, want 1", n)
	}
	row, err := second.GetPaymentByIntent(ctx, p.PaymentIntentID)
	if err != nil || row.Status != model.PaymentSucceeded {
		t.Errorf("%+v %v", row, err)
	}
	read, err := second.GetUser(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	ledger, err := first.GetLedgerBalance(ctx, u.ID)
	if err != nil || read.Credits != 2 || ledger != 2 {
		t.Errorf("credits %d, ledger %d (%v), want 2", read.Credits, ledger, err)
	}
}
