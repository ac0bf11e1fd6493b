package payment

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"noces/internal/i18n"
)

// Test cards of the sandbox, as on Stripe's test mode.
const (
	CardSucceeds = "4242424242424242"
	CardDeclines = "4000000000000002"
)

// SandboxConfig configures the sandbox processor.
type SandboxConfig struct {
	// StatePath is a JSON file keeping payments, customers and subscriptions
	// across restarts; empty keeps them in memory.
	StatePath string
	// WebhookSecret signs the sandbox's events; generated when empty.
	WebhookSecret string
	// PlanCents are the premium prices per interval, shown on the portal
	// page when switching plans.
	PlanCents map[string]int64
	Now       func() time.Time
	Texts     *i18n.Bundle
	Log       *slog.Logger
}

// Deliver hands a signed event to the webhook handling code: the very path a
// Stripe delivery takes after the HTTP edge.
type Deliver func(ctx context.Context, payload []byte, signature string) error

// Sandbox is a card processor that charges nothing. It keeps what it is asked
// to create, serves test pages in place of Stripe's (card form, checkout,
// billing portal) under /sandbox/, and on the user's submit builds the event
// Stripe would send, signs it as Stripe does and delivers it, then redirects
// the browser as Stripe would.
type Sandbox struct {
	cfg    SandboxConfig
	pages  *template.Template
	mux    *http.ServeMux
	mu     sync.Mutex // guards st
	st     sandboxState
	sendMu sync.Mutex // one delivery at a time, in the order events were made

	deliverMu sync.RWMutex
	deliver   Deliver
}

type sandboxState struct {
	Intents       map[string]*sbIntent       `json:"intents"`
	Customers     map[string]CustomerParams  `json:"customers"`
	Checkouts     map[string]*sbCheckout     `json:"checkouts"`
	Portals       map[string]PortalParams    `json:"portals"`
	Subscriptions map[string]*sbSubscription `json:"subscriptions"`
	// Keys maps an idempotency key to the id of what it created.
	Keys map[string]string `json:"keys"`
	// Undelivered are events not yet accepted by the webhook code; each page
	// of the sandbox sends them again first, as Stripe retries.
	Undelivered []sbEvent `json:"undelivered"`
}

type sbIntent struct {
	PaymentIntent
	Description string    `json:"description"`
	ReturnURL   string    `json:"returnUrl"`
	Created     time.Time `json:"created"`
}

type sbCheckout struct {
	CheckoutParams
	SubscriptionID string `json:"subscriptionId"`
}

type sbSubscription struct {
	Subscription
	Currency string `json:"currency"`
}

type sbEvent struct {
	Payload []byte `json:"payload"`
}

//go:embed templates/sandbox.html
var sandboxTemplates embed.FS

// NewSandbox builds the sandbox, reading its state file when there is one.
func NewSandbox(cfg SandboxConfig) (*Sandbox, error) {
	if cfg.Texts == nil {
		return nil, errors.New("payment: the sandbox needs its texts")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.WebhookSecret == "" {
		cfg.WebhookSecret = "whsec_sandbox_" + randomHex(24)
	}
	pages, err := template.ParseFS(sandboxTemplates, "templates/sandbox.html")
	if err != nil {
		return nil, fmt.Errorf("payment: sandbox templates: %w", err)
	}
	s := &Sandbox{cfg: cfg, pages: pages, st: newSandboxState()}
	if cfg.StatePath != "" {
		raw, err := os.ReadFile(cfg.StatePath)
		switch {
		case errors.Is(err, os.ErrNotExist):
		case err != nil:
			return nil, fmt.Errorf("payment: sandbox state: %w", err)
		default:
			if err := json.Unmarshal(raw, &s.st); err != nil {
				return nil, fmt.Errorf("payment: sandbox state %s: %w", cfg.StatePath, err)
			}
			s.st.fill()
		}
	}
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("GET /sandbox/pay/{id}", s.payPage)
	s.mux.HandleFunc("POST /sandbox/pay/{id}", s.pay)
	s.mux.HandleFunc("GET /sandbox/checkout/{id}", s.checkoutPage)
	s.mux.HandleFunc("POST /sandbox/checkout/{id}", s.checkout)
	s.mux.HandleFunc("GET /sandbox/portal/{id}", s.portalPage)
	s.mux.HandleFunc("POST /sandbox/portal/{id}", s.portal)
	return s, nil
}

func newSandboxState() sandboxState {
	var st sandboxState
	st.fill()
	return st
}

func (st *sandboxState) fill() {
	if st.Intents == nil {
		st.Intents = map[string]*sbIntent{}
	}
	if st.Customers == nil {
		st.Customers = map[string]CustomerParams{}
	}
	if st.Checkouts == nil {
		st.Checkouts = map[string]*sbCheckout{}
	}
	if st.Portals == nil {
		st.Portals = map[string]PortalParams{}
	}
	if st.Subscriptions == nil {
		st.Subscriptions = map[string]*sbSubscription{}
	}
	if st.Keys == nil {
		st.Keys = map[string]string{}
	}
}

// SetDeliver names the webhook handling code the sandbox's events go to.
func (s *Sandbox) SetDeliver(d Deliver) {
	s.deliverMu.Lock()
	s.deliver = d
	s.deliverMu.Unlock()
}

// WebhookSecret is the secret the sandbox signs with.
func (s *Sandbox) WebhookSecret() string { return s.cfg.WebhookSecret }

// Name implements Provider.
func (s *Sandbox) Name() string { return ProviderSandbox }

// PublishableKey implements Provider: the sandbox needs none.
func (s *Sandbox) PublishableKey() string { return "" }

// CreatePaymentIntent implements Provider.
func (s *Sandbox) CreatePaymentIntent(_ context.Context, p PaymentIntentParams) (PaymentIntent, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if id, ok := s.st.Keys["pi:"+p.IdempotencyKey]; ok && p.IdempotencyKey != "" {
		return s.st.Intents[id].PaymentIntent, nil
	}
	id := "pi_sandbox_" + randomHex(12)
	pi := &sbIntent{PaymentIntent: PaymentIntent{
		ID: id, ClientSecret: id + "_secret_" + randomHex(12), Status: "requires_payment_method",
		AmountCents: p.AmountCents, Currency: p.Currency, Metadata: p.Metadata, RedirectURL: "/sandbox/pay/" + id,
	}, Description: p.Description, ReturnURL: p.ReturnURL, Created: s.cfg.Now()}
	s.st.Intents[id] = pi
	if p.IdempotencyKey != "" {
		s.st.Keys["pi:"+p.IdempotencyKey] = id
	}
	if err := s.saveLocked(); err != nil {
		return PaymentIntent{}, err
	}
	return pi.PaymentIntent, nil
}

// CreateCustomer implements Provider.
func (s *Sandbox) CreateCustomer(_ context.Context, p CustomerParams) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if id, ok := s.st.Keys["cus:"+p.IdempotencyKey]; ok && p.IdempotencyKey != "" {
		return id, nil
	}
	id := "cus_sandbox_" + randomHex(12)
	s.st.Customers[id] = p
	if p.IdempotencyKey != "" {
		s.st.Keys["cus:"+p.IdempotencyKey] = id
	}
	return id, s.saveLocked()
}

// CreateCheckoutSession implements Provider.
func (s *Sandbox) CreateCheckoutSession(_ context.Context, p CheckoutParams) (Session, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.st.Customers[p.CustomerID]; !ok {
		return Session{}, fmt.Errorf("payment: sandbox checkout: customer %s: %w", p.CustomerID, ErrNotFound)
	}
	id := ""
	if p.IdempotencyKey != "" {
		id = s.st.Keys["cs:"+p.IdempotencyKey]
	}
	if id == "" {
		id = "cs_sandbox_" + randomHex(12)
		s.st.Checkouts[id] = &sbCheckout{CheckoutParams: p}
		if p.IdempotencyKey != "" {
			s.st.Keys["cs:"+p.IdempotencyKey] = id
		}
		if err := s.saveLocked(); err != nil {
			return Session{}, err
		}
	}
	return Session{ID: id, URL: "/sandbox/checkout/" + id}, nil
}

// CreatePortalSession implements Provider.
func (s *Sandbox) CreatePortalSession(_ context.Context, p PortalParams) (Session, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.st.Customers[p.CustomerID]; !ok {
		return Session{}, fmt.Errorf("payment: sandbox portal: customer %s: %w", p.CustomerID, ErrNotFound)
	}
	id := "bps_sandbox_" + randomHex(12)
	s.st.Portals[id] = p
	return Session{ID: id, URL: "/sandbox/portal/" + id}, s.saveLocked()
}

// GetSubscription implements Provider.
func (s *Sandbox) GetSubscription(_ context.Context, id string) (Subscription, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sub, ok := s.st.Subscriptions[id]
	if !ok {
		return Subscription{}, fmt.Errorf("payment: sandbox subscription %s: %w", id, ErrNotFound)
	}
	return sub.Subscription, nil
}

// ParseWebhook implements Provider with the code Stripe's events go through.
func (s *Sandbox) ParseWebhook(payload []byte, signature string) (Event, error) {
	return parseSigned(payload, signature, s.cfg.WebhookSecret)
}

// saveLocked writes the state file (mu held): a temporary file renamed over
// the old one, so a crash never leaves half a file.
func (s *Sandbox) saveLocked() error {
	if s.cfg.StatePath == "" {
		return nil
	}
	raw, err := json.Marshal(s.st)
	if err != nil {
		return fmt.Errorf("payment: sandbox state: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(s.cfg.StatePath), ".sandbox-*")
	if err != nil {
		return fmt.Errorf("payment: sandbox state: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(raw); err != nil {
		tmp.Close()
		return fmt.Errorf("payment: sandbox state: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("payment: sandbox state: %w", err)
	}
	if err := os.Rename(tmp.Name(), s.cfg.StatePath); err != nil {
		return fmt.Errorf("payment: sandbox state: %w", err)
	}
	return nil
}

// queueLocked adds an event for delivery (mu held).
func (s *Sandbox) queueLocked(typ string, object any) error {
	payload, err := EventJSON("evt_sandbox_"+randomHex(12), typ, s.cfg.Now(), object)
	if err != nil {
		return err
	}
	s.st.Undelivered = append(s.st.Undelivered, sbEvent{Payload: payload})
	return nil
}

// flush delivers the waiting events in order, each signed at the moment it
// is sent; it stops at the first the webhook code refuses, to try it again
// on the next page.
func (s *Sandbox) flush(ctx context.Context) error {
	s.sendMu.Lock()
	defer s.sendMu.Unlock()
	s.deliverMu.RLock()
	deliver := s.deliver
	s.deliverMu.RUnlock()
	if deliver == nil {
		return errors.New("payment: the sandbox has nowhere to deliver its events")
	}
	for {
		s.mu.Lock()
		if len(s.st.Undelivered) == 0 {
			s.mu.Unlock()
			return nil
		}
		ev := s.st.Undelivered[0]
		s.mu.Unlock()
		// Signed with the wall clock: the receiver checks the signature's age
		// against it, as it does for Stripe.
		if err := deliver(ctx, ev.Payload, SignatureHeader(ev.Payload, s.cfg.WebhookSecret, time.Now())); err != nil {
			s.cfg.Log.ErrorContext(ctx, "sandbox: event not accepted, kept for the next page", "error", err)
			return err
		}
		s.mu.Lock()
		s.st.Undelivered = s.st.Undelivered[1:]
		err := s.saveLocked()
		s.mu.Unlock()
		if err != nil {
			return err
		}
	}
}

// ServeHTTP serves the sandbox's pages.
func (s *Sandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Robots-Tag", "noindex")
	if r.Method == http.MethodPost {
		r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
	}
	s.mux.ServeHTTP(w, r)
}

// page is what a sandbox template renders.
type page struct {
	Lang    string
	Kind    string // pay, checkout, portal, message
	Heading string
	Error   string
	Notice  string
	// Pay and checkout.
	Lines  []string
	Submit string
	Card   string
	Back   string
	// Portal.
	Actions []portalAction
	texts   *i18n.Bundle
}

type portalAction struct {
	Value, Label string
	Danger       bool
}

// T is a text in the page's language.
func (p page) T(key string, kv ...string) string { return p.texts.T(p.Lang, key, kv...) }

func (s *Sandbox) newPage(r *http.Request, kind, heading string) page {
	lang := i18n.LangFrom(r.Context())
	return page{Lang: lang, Kind: kind, Heading: s.cfg.Texts.T(lang, heading), texts: s.cfg.Texts}
}

func (s *Sandbox) render(w http.ResponseWriter, status int, p page) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	if err := s.pages.ExecuteTemplate(w, "sandbox", p); err != nil {
		s.cfg.Log.Error("sandbox: render", "error", err)
	}
}

func (s *Sandbox) notFound(w http.ResponseWriter, r *http.Request) {
	p := s.newPage(r, "message", "sandbox.not_found.title")
	p.Error = p.T("sandbox.not_found.text")
	p.Back = "/"
	s.render(w, http.StatusNotFound, p)
}

// deliveryFailed tells the user the event is waiting and offers to send it
// again (a POST with action=retry).
func (s *Sandbox) deliveryFailed(w http.ResponseWriter, r *http.Request, p page) {
	p.Kind = "retry"
	p.Error = p.T("sandbox.errors.delivery")
	s.render(w, http.StatusBadGateway, p)
}

// card reads the submitted card number without its spaces and dashes.
func card(r *http.Request) string {
	return strings.NewReplacer(" ", "", "-", "").Replace(strings.TrimSpace(r.PostFormValue("card")))
}

func (s *Sandbox) intent(id string) (sbIntent, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	pi, ok := s.st.Intents[id]
	if !ok {
		return sbIntent{}, false
	}
	return *pi, true
}

func (s *Sandbox) payForm(r *http.Request, pi sbIntent) page {
	p := s.newPage(r, "pay", "sandbox.pay.title")
	amount := formatMoney(pi.AmountCents, p.Lang)
	what := pi.Description
	if n := pi.Metadata["credits"]; n != "" {
		what = p.T("sandbox.pay.credits", "credits", n)
	}
	p.Lines = []string{what, p.T("sandbox.pay.amount", "amount", amount)}
	p.Submit = p.T("sandbox.pay.submit", "amount", amount)
	p.Back = returnURL(pi.ReturnURL, pi.PaymentIntent, "canceled")
	return p
}

func (s *Sandbox) payPage(w http.ResponseWriter, r *http.Request) {
	pi, ok := s.intent(r.PathValue("id"))
	if !ok {
		s.notFound(w, r)
		return
	}
	p := s.payForm(r, pi)
	if pi.Status == "succeeded" {
		p.Kind, p.Notice, p.Back = "message", p.T("sandbox.pay.done"), returnURL(pi.ReturnURL, pi.PaymentIntent, "succeeded")
	}
	s.render(w, http.StatusOK, p)
}

func (s *Sandbox) pay(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	pi, ok := s.intent(id)
	if !ok {
		s.notFound(w, r)
		return
	}
	p := s.payForm(r, pi)
	if r.PostFormValue("action") == "retry" || pi.Status == "succeeded" {
		if err := s.flush(r.Context()); err != nil {
			s.deliveryFailed(w, r, p)
			return
		}
		http.Redirect(w, r, returnURL(pi.ReturnURL, pi.PaymentIntent, redirectStatus(pi.Status)), http.StatusSeeOther)
		return
	}
	number := card(r)
	p.Card = r.PostFormValue("card")
	var status, failure, typ string
	switch number {
	case CardSucceeds:
		status, typ = "succeeded", EventPaymentSucceeded
	case CardDeclines:
		status, failure, typ = "requires_payment_method", "generic_decline", EventPaymentFailed
	case "":
		p.Error = p.T("sandbox.errors.card_required")
	default:
		p.Error = p.T("sandbox.errors.unknown_card")
	}
	if p.Error != "" {
		s.render(w, http.StatusUnprocessableEntity, p)
		return
	}
	s.mu.Lock()
	cur := s.st.Intents[id]
	if cur.Status != "succeeded" {
		cur.Status, cur.FailureCode = status, failure
	}
	err := s.queueLocked(typ, IntentObject(cur.PaymentIntent, s.cfg.Now()))
	if err == nil {
		err = s.saveLocked()
	}
	done := cur.PaymentIntent
	s.mu.Unlock()
	if err != nil {
		s.cfg.Log.ErrorContext(r.Context(), "sandbox: pay", "error", err)
		s.deliveryFailed(w, r, p)
		return
	}
	if err := s.flush(r.Context()); err != nil {
		s.deliveryFailed(w, r, p)
		return
	}
	// A declined card comes back to the return address with redirect_status
	// failed, as Stripe's redirect-based confirmations do.
	http.Redirect(w, r, returnURL(pi.ReturnURL, done, redirectStatus(done.Status)), http.StatusSeeOther)
}

// redirectStatus is the redirect_status Stripe adds to a return URL.
func redirectStatus(piStatus string) string {
	switch piStatus {
	case "succeeded", "processing":
		return piStatus
	case "canceled":
		return "canceled"
	}
	return "failed"
}

// returnURL is where Stripe sends the browser after a confirmation.
func returnURL(base string, pi PaymentIntent, status string) string {
	u, err := url.Parse(base)
	if err != nil || base == "" {
		u = &url.URL{Path: "/"}
	}
	q := u.Query()
	q.Set("payment_intent", pi.ID)
	q.Set("payment_intent_client_secret", pi.ClientSecret)
	q.Set("redirect_status", status)
	u.RawQuery = q.Encode()
	return u.String()
}

func (s *Sandbox) checkoutOf(id string) (sbCheckout, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cs, ok := s.st.Checkouts[id]
	if !ok {
		return sbCheckout{}, false
	}
	return *cs, true
}

func (s *Sandbox) checkoutForm(r *http.Request, cs sbCheckout) page {
	p := s.newPage(r, "checkout", "sandbox.checkout.title")
	amount := formatMoney(cs.AmountCents, p.Lang)
	p.Lines = []string{cs.ProductName, p.T("sandbox.checkout.price_"+cs.Interval, "amount", amount)}
	p.Submit = p.T("sandbox.checkout.submit")
	p.Back = cs.CancelURL
	return p
}

func (s *Sandbox) checkoutPage(w http.ResponseWriter, r *http.Request) {
	cs, ok := s.checkoutOf(r.PathValue("id"))
	if !ok {
		s.notFound(w, r)
		return
	}
	p := s.checkoutForm(r, cs)
	if cs.SubscriptionID != "" {
		p.Kind, p.Notice, p.Back = "message", p.T("sandbox.checkout.done"), cs.SuccessURL
	}
	s.render(w, http.StatusOK, p)
}

func (s *Sandbox) checkout(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	cs, ok := s.checkoutOf(id)
	if !ok {
		s.notFound(w, r)
		return
	}
	p := s.checkoutForm(r, cs)
	if r.PostFormValue("action") == "retry" || cs.SubscriptionID != "" {
		if err := s.flush(r.Context()); err != nil {
			s.deliveryFailed(w, r, p)
			return
		}
		http.Redirect(w, r, cs.SuccessURL, http.StatusSeeOther)
		return
	}
	p.Card = r.PostFormValue("card")
	switch card(r) {
	case CardSucceeds:
	case CardDeclines:
		// Checkout shows a decline in the page and lets the customer try
		// another card; nothing is created.
		p.Error = p.T("sandbox.errors.declined")
	case "":
		p.Error = p.T("sandbox.errors.card_required")
	default:
		p.Error = p.T("sandbox.errors.unknown_card")
	}
	if p.Error != "" {
		s.render(w, http.StatusUnprocessableEntity, p)
		return
	}
	s.mu.Lock()
	cur := s.st.Checkouts[id]
	var err error
	if cur.SubscriptionID == "" {
		now := s.cfg.Now().UTC().Truncate(time.Second)
		sub := &sbSubscription{Subscription: Subscription{
			ID: "sub_sandbox_" + randomHex(12), CustomerID: cur.CustomerID, Status: "active", Interval: cur.Interval,
			StartedAt: now, CurrentPeriodEnd: addInterval(now, cur.Interval), Metadata: cur.Metadata,
		}, Currency: cur.Currency}
		s.st.Subscriptions[sub.ID] = sub
		cur.SubscriptionID = sub.ID
		err = s.queueLocked(EventSubscriptionCreated, SubscriptionObject(sub.Subscription, cur.AmountCents, sub.Currency))
		if err == nil {
			err = s.queueLocked(EventCheckoutCompleted, CheckoutObject(CheckoutSession{
				ID: id, CustomerID: cur.CustomerID, SubscriptionID: sub.ID, ClientReferenceID: cur.ClientReferenceID, Metadata: cur.Metadata}))
		}
		if err == nil {
			err = s.saveLocked()
		}
	}
	s.mu.Unlock()
	if err != nil {
		s.cfg.Log.ErrorContext(r.Context(), "sandbox: checkout", "error", err)
		s.deliveryFailed(w, r, p)
		return
	}
	if err := s.flush(r.Context()); err != nil {
		s.deliveryFailed(w, r, p)
		return
	}
	http.Redirect(w, r, cs.SuccessURL, http.StatusSeeOther)
}

func addInterval(t time.Time, interval string) time.Time {
	if interval == IntervalYear {
		return t.AddDate(1, 0, 0)
	}
	return t.AddDate(0, 1, 0)
}

// portalState is the portal session and the customer's latest subscription.
func (s *Sandbox) portalState(id string) (PortalParams, *sbSubscription, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ps, ok := s.st.Portals[id]
	if !ok {
		return ps, nil, false
	}
	var latest *sbSubscription
	for _, sub := range s.st.Subscriptions {
		if sub.CustomerID != ps.CustomerID {
			continue
		}
		if latest == nil || sub.StartedAt.After(latest.StartedAt) || (sub.StartedAt.Equal(latest.StartedAt) && sub.ID > latest.ID) {
			latest = sub
		}
	}
	if latest == nil {
		return ps, nil, true
	}
	cp := *latest
	return ps, &cp, true
}

func (s *Sandbox) portalForm(r *http.Request, ps PortalParams, sub *sbSubscription) page {
	p := s.newPage(r, "portal", "sandbox.portal.title")
	p.Back = ps.ReturnURL
	if sub == nil {
		p.Lines = []string{p.T("sandbox.portal.none")}
		return p
	}
	plan := p.T("sandbox.portal.plan_" + sub.Interval)
	price := formatMoney(s.cfg.PlanCents[sub.Interval], p.Lang)
	switch {
	case sub.Status == "canceled":
		p.Lines = []string{p.T("sandbox.portal.canceled", "plan", plan, "date", formatDate(sub.EndedAt, p.Lang))}
	case sub.CancelAtPeriodEnd:
		p.Lines = []string{p.T("sandbox.portal.ending", "plan", plan, "date", formatDate(sub.CurrentPeriodEnd, p.Lang))}
		p.Actions = []portalAction{{Value: "resume", Label: p.T("sandbox.portal.resume")}, {Value: "cancel_now", Label: p.T("sandbox.portal.cancel_now"), Danger: true}}
	default:
		p.Lines = []string{p.T("sandbox.portal.active", "plan", plan, "price", price, "date", formatDate(sub.CurrentPeriodEnd, p.Lang))}
		other := IntervalYear
		if sub.Interval == IntervalYear {
			other = IntervalMonth
		}
		p.Actions = []portalAction{
			{Value: "switch", Label: p.T("sandbox.portal.switch_"+other, "price", formatMoney(s.cfg.PlanCents[other], p.Lang))},
			{Value: "cancel_at_period_end", Label: p.T("sandbox.portal.cancel_at_period_end")},
			{Value: "cancel_now", Label: p.T("sandbox.portal.cancel_now"), Danger: true},
		}
	}
	return p
}

func (s *Sandbox) portalPage(w http.ResponseWriter, r *http.Request) {
	ps, sub, ok := s.portalState(r.PathValue("id"))
	if !ok {
		s.notFound(w, r)
		return
	}
	p := s.portalForm(r, ps, sub)
	if r.URL.Query().Get("updated") == "1" {
		p.Notice = p.T("sandbox.portal.updated")
	}
	s.render(w, http.StatusOK, p)
}

func (s *Sandbox) portal(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	ps, sub, ok := s.portalState(id)
	if !ok {
		s.notFound(w, r)
		return
	}
	p := s.portalForm(r, ps, sub)
	action := r.PostFormValue("action")
	if action == "retry" {
		if err := s.flush(r.Context()); err != nil {
			s.deliveryFailed(w, r, p)
			return
		}
		http.Redirect(w, r, "/sandbox/portal/"+id+"?updated=1", http.StatusSeeOther)
		return
	}
	allowed := false
	for _, a := range p.Actions {
		allowed = allowed || a.Value == action
	}
	if !allowed {
		p.Error = p.T("sandbox.errors.action")
		s.render(w, http.StatusUnprocessableEntity, p)
		return
	}
	s.mu.Lock()
	cur := s.st.Subscriptions[sub.ID]
	now := s.cfg.Now().UTC().Truncate(time.Second)
	typ := EventSubscriptionUpdated
	switch action {
	case "switch":
		// A new interval starts a new billing period today, as on Stripe.
		cur.Interval = IntervalYear
		if sub.Interval == IntervalYear {
			cur.Interval = IntervalMonth
		}
		cur.CurrentPeriodEnd = addInterval(now, cur.Interval)
	case "cancel_at_period_end":
		cur.CancelAtPeriodEnd, cur.CancelAt = true, cur.CurrentPeriodEnd
	case "resume":
		cur.CancelAtPeriodEnd, cur.CancelAt = false, time.Time{}
	case "cancel_now":
		cur.Status, cur.EndedAt, cur.CancelAtPeriodEnd, cur.CancelAt = "canceled", now, false, time.Time{}
		typ = EventSubscriptionDeleted
	}
	err := s.queueLocked(typ, SubscriptionObject(cur.Subscription, s.cfg.PlanCents[cur.Interval], cur.Currency))
	if err == nil {
		err = s.saveLocked()
	}
	s.mu.Unlock()
	if err != nil {
		s.cfg.Log.ErrorContext(r.Context(), "sandbox: portal", "error", err)
		s.deliveryFailed(w, r, p)
		return
	}
	if err := s.flush(r.Context()); err != nil {
		s.deliveryFailed(w, r, p)
		return
	}
	http.Redirect(w, r, "/sandbox/portal/"+id+"?updated=1", http.StatusSeeOther)
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("payment: no randomness: " + err.Error())
	}
	return hex.EncodeToString(b)
}

// formatMoney writes euro cents the way each language does.
func formatMoney(cents int64, lang string) string {
	units, rest := cents/100, cents%100
	if lang == "en" {
		return fmt.Sprintf("€%d.%02d", units, rest)
	}
	return fmt.Sprintf("%d,%02d\u00a0€", units, rest)
}

// formatDate writes a day the way each language does.
func formatDate(t time.Time, lang string) string {
	switch lang {
	case "de":
		return t.Format("02.01.2006")
	case "nl":
		return t.Format("02-01-2006")
	}
	return t.Format("02/01/2006")
}
