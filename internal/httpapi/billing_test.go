package httpapi

import (
	"log/slog"
	"testing"

	"noces/internal/billing"
	"noces/internal/clock"
	"noces/internal/i18n"
	"noces/internal/platform/payment"
	"noces/internal/store"
)

// newTestBilling is the billing service every test server runs: the sandbox
// processor, as a server without Stripe keys has, its events delivered to
// the webhook code.
func newTestBilling(t *testing.T, s *store.Store, clk clock.Clock, texts *i18n.Bundle, log *slog.Logger) (*billing.Service, *payment.Sandbox) {
	t.Helper()
	sandbox, err := payment.NewSandbox(payment.SandboxConfig{PlanCents: billing.PlanCents(), Now: clk.Now, Texts: texts, Log: log})
	if err != nil {
		t.Fatal(err)
	}
	svc := billing.NewService(billing.Deps{Store: s, Clock: clk, Payments: sandbox, Log: log})
	sandbox.SetDeliver(svc.HandleWebhook)
	return svc, sandbox
}
