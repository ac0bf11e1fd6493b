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
	// Store keeps payments, customers, subscriptions and undelivered events
	// in the database, so that every server sees them and they survive a
	// restart.
	Store SandboxStore
	// WebhookSecret signs the sandbox's events; generated when empty. Events
	// are signed and checked by the server that delivers them, so a secret
	// per process works; one shared by every server (app derives it from the
	// token key) also lets a tool sign an event any of them accepts.
	WebhookSecret string
	// PlanCents are the premium prices per currency (lower case) and
	// interval, shown on the portal page when switching plans.
	PlanCents map[string]map[string]int64
	Now       func() time.Time
	Texts     *i18n.Bundle
	Log       *slog.Logger
}

// SandboxStore is the database as the sandbox needs it (store.Store is
// one). Objects are kept whole as JSON under a kind (intent, customer,
// checkout, portal, subscription) and a version that every change checks,
// so that servers changing one object at once cannot both succeed; events
// wait in the transaction of their change until a server claims and
// delivers them.
type SandboxStore interface {
	// CreateSandboxObject stores a new object and returns id or, when an
	// object of the kind already has the idempotency key, that object's id.
	CreateSandboxObject(ctx context.Context, kind, id, customerID, key string, object []byte, at time.Time) (string, error)
	// GetSandboxObject reads an object and its version.
	GetSandboxObject(ctx context.Context, kind, id string) (object []byte, version int64, found bool, err error)
	// LatestSandboxObject reads a customer's newest object of a kind.
	LatestSandboxObject(ctx context.Context, kind, customerID string) (object []byte, version int64, found bool, err error)
	// UpdateSandboxObject replaces an object read at version and queues
	// events, at once; false when the object changed meanwhile.
	UpdateSandboxObject(ctx context.Context, kind, id string, version int64, object []byte, events [][]byte, at time.Time) (bool, error)
	// CompleteSandboxCheckout replaces a checkout read at version, creates
	// the subscription it starts and queues events, at once; false when the
	// checkout changed meanwhile.
	CompleteSandboxCheckout(ctx context.Context, checkoutID string, version int64, checkout []byte,
		subscriptionID, customerID string, subscription []byte, events [][]byte, at time.Time) (bool, error)
	// ClaimSandboxEvent claims the oldest waiting event until until; ok is
	// false when none waits or another holds the oldest.
	ClaimSandboxEvent(ctx context.Context, claim string, now, until time.Time) (id string, payload []byte, ok bool, err error)
	// DeleteSandboxEvent forgets a delivered event still held by claim.
	DeleteSandboxEvent(ctx context.Context, id, claim string) error
	// ReleaseSandboxEvent gives back a refused event for a later pass.
	ReleaseSandboxEvent(ctx context.Context, id, claim, deliveryErr string) error
}

// Kinds of the sandbox's objects in the SandboxStore.
const (
	kindIntent       = "intent"
	kindCustomer     = "customer"
	kindCheckout     = "checkout"
	kindPortal       = "portal"
	kindSubscription = "subscription"
)

// eventLease is how long a claimed event is left to its deliverer before
// another pass may take it over (its server having stopped mid-delivery).
// Delivery is a call in the same process, far shorter.
const eventLease = time.Minute

// changeAttempts bounds how often a change is tried again after another
// request changed the same object first.
const changeAttempts = 8

// errBusy means an object kept changing under a change for changeAttempts.
var errBusy = errors.New("payment: sandbox object changed by others meanwhile")

// Deliver hands a signed event to the webhook handling code: the very path a
// Stripe delivery takes after the HTTP edge.
type Deliver func(ctx context.Context, payload []byte, signature string) error

// Sandbox is a card processor that charges nothing. It keeps what it is asked
// to create, serves test pages in place of Stripe's (card form, checkout,
// billing portal) under /sandbox/, and on the user's submit builds the event
// Stripe would send, signs it as Stripe does and delivers it, then redirects
// the browser as Stripe would. Its state lives in the database, so any server
// of several can serve any of its pages.
type Sandbox struct {
	cfg    SandboxConfig
	pages  *template.Template
	mux    *http.ServeMux
	sendMu sync.Mutex // one delivery pass at a time in this process

	deliverMu sync.RWMutex
	deliver   Deliver
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

//go:embed templates/sandbox.html
var sandboxTemplates embed.FS

// NewSandbox builds the sandbox over its store.
func NewSandbox(cfg SandboxConfig) (*Sandbox, error) {
	if cfg.Texts == nil {
		return nil, errors.New("payment: the sandbox needs its texts")
	}
	if cfg.Store == nil {
		return nil, errors.New("payment: the sandbox needs its store")
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
	s := &Sandbox{cfg: cfg, pages: pages}
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("GET /sandbox/pay/{id}", s.payPage)
	s.mux.HandleFunc("POST /sandbox/pay/{id}", s.pay)
	s.mux.HandleFunc("GET /sandbox/checkout/{id}", s.checkoutPage)
	s.mux.HandleFunc("POST /sandbox/checkout/{id}", s.checkout)
	s.mux.HandleFunc("GET /sandbox/portal/{id}", s.portalPage)
	s.mux.HandleFunc("POST /sandbox/portal/{id}", s.portal)
	return s, nil
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

// load reads an object of a kind into v and returns its version.
func (s *Sandbox) load(ctx context.Context, kind, id string, v any) (int64, bool, error) {
	raw, version, found, err := s.cfg.Store.GetSandboxObject(ctx, kind, id)
	if err != nil || !found {
		return 0, false, err
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return 0, false, fmt.Errorf("payment: sandbox %s %s: %w", kind, id, err)
	}
	return version, true, nil
}

// create stores v as a new object and returns its id, or the id of the
// object stored earlier, by any server, under the same idempotency key.
func (s *Sandbox) create(ctx context.Context, kind, id, customerID, key string, v any) (string, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("payment: sandbox %s: %w", kind, err)
	}
	return s.cfg.Store.CreateSandboxObject(ctx, kind, id, customerID, key, raw, s.cfg.Now())
}

// CreatePaymentIntent implements Provider.
func (s *Sandbox) CreatePaymentIntent(ctx context.Context, p PaymentIntentParams) (PaymentIntent, error) {
	id := "pi_sandbox_" + randomHex(12)
	pi := sbIntent{PaymentIntent: PaymentIntent{
		ID: id, ClientSecret: id + "_secret_" + randomHex(12), Status: "requires_payment_method",
		AmountCents: p.AmountCents, Currency: p.Currency, Metadata: p.Metadata, RedirectURL: "/sandbox/pay/" + id,
	}, Description: p.Description, ReturnURL: p.ReturnURL, Created: s.cfg.Now()}
	got, err := s.create(ctx, kindIntent, id, "", p.IdempotencyKey, pi)
	if err != nil {
		return PaymentIntent{}, err
	}
	if got == id {
		return pi.PaymentIntent, nil
	}
	first, _, found, err := s.intent(ctx, got)
	if err == nil && !found {
		err = fmt.Errorf("payment: sandbox intent %s: %w", got, ErrNotFound)
	}
	if err != nil {
		return PaymentIntent{}, err
	}
	return first.PaymentIntent, nil
}

// CreateCustomer implements Provider.
func (s *Sandbox) CreateCustomer(ctx context.Context, p CustomerParams) (string, error) {
	return s.create(ctx, kindCustomer, "cus_sandbox_"+randomHex(12), "", p.IdempotencyKey, p)
}

// hasCustomer tells whether the customer exists, as Stripe checks before a
// checkout or portal session.
func (s *Sandbox) hasCustomer(ctx context.Context, id string) error {
	var c CustomerParams
	_, found, err := s.load(ctx, kindCustomer, id, &c)
	if err == nil && !found {
		err = fmt.Errorf("payment: sandbox customer %s: %w", id, ErrNotFound)
	}
	return err
}

// CreateCheckoutSession implements Provider.
func (s *Sandbox) CreateCheckoutSession(ctx context.Context, p CheckoutParams) (Session, error) {
	if err := s.hasCustomer(ctx, p.CustomerID); err != nil {
		return Session{}, fmt.Errorf("payment: sandbox checkout: %w", err)
	}
	id, err := s.create(ctx, kindCheckout, "cs_sandbox_"+randomHex(12), p.CustomerID, p.IdempotencyKey, sbCheckout{CheckoutParams: p})
	if err != nil {
		return Session{}, err
	}
	return Session{ID: id, URL: "/sandbox/checkout/" + id}, nil
}

// CreatePortalSession implements Provider.
func (s *Sandbox) CreatePortalSession(ctx context.Context, p PortalParams) (Session, error) {
	if err := s.hasCustomer(ctx, p.CustomerID); err != nil {
		return Session{}, fmt.Errorf("payment: sandbox portal: %w", err)
	}
	id, err := s.create(ctx, kindPortal, "bps_sandbox_"+randomHex(12), p.CustomerID, "", p)
	if err != nil {
		return Session{}, err
	}
	return Session{ID: id, URL: "/sandbox/portal/" + id}, nil
}

// GetSubscription implements Provider.
func (s *Sandbox) GetSubscription(ctx context.Context, id string) (Subscription, error) {
	var sub sbSubscription
	_, found, err := s.load(ctx, kindSubscription, id, &sub)
	if err != nil {
		return Subscription{}, fmt.Errorf("payment: sandbox subscription: %w: %w", ErrUnavailable, err)
	}
	if !found {
		return Subscription{}, fmt.Errorf("payment: sandbox subscription %s: %w", id, ErrNotFound)
	}
	return sub.Subscription, nil
}

// ParseWebhook implements Provider with the code Stripe's events go through.
func (s *Sandbox) ParseWebhook(payload []byte, signature string) (Event, error) {
	return parseSigned(payload, signature, s.cfg.WebhookSecret)
}

// newEvent builds an event's JSON, ready to store beside its change.
func (s *Sandbox) newEvent(typ string, object any) ([]byte, error) {
	return EventJSON("evt_sandbox_"+randomHex(12), typ, s.cfg.Now(), object)
}

// FlushPending delivers the waiting events, oldest first, each signed at the
// moment it is sent, and returns once none waits. It stops at the first the
// webhook code refuses (left for the next pass, the error returned) and at
// the first another server or pass is delivering (which goes on from there).
// Each event is claimed before it is sent, so passes running at once on
// several servers deliver it once. The sandbox's pages call it after each
// change; a periodic job may call it too, for events whose page was left.
func (s *Sandbox) FlushPending(ctx context.Context) error {
	s.sendMu.Lock()
	defer s.sendMu.Unlock()
	s.deliverMu.RLock()
	deliver := s.deliver
	s.deliverMu.RUnlock()
	if deliver == nil {
		return errors.New("payment: the sandbox has nowhere to deliver its events")
	}
	claim := randomHex(16)
	for {
		now := s.cfg.Now()
		id, payload, ok, err := s.cfg.Store.ClaimSandboxEvent(ctx, claim, now, now.Add(eventLease))
		if err != nil || !ok {
			return err
		}
		// Signed with the wall clock: the receiver checks the signature's age
		// against it, as it does for Stripe.
		if err := deliver(ctx, payload, SignatureHeader(payload, s.cfg.WebhookSecret, time.Now())); err != nil {
			s.cfg.Log.ErrorContext(ctx, "sandbox: event not accepted, kept for the next pass", "error", err)
			if rerr := s.cfg.Store.ReleaseSandboxEvent(ctx, id, claim, err.Error()); rerr != nil {
				s.cfg.Log.ErrorContext(ctx, "sandbox: release event", "error", rerr)
			}
			return err
		}
		if err := s.cfg.Store.DeleteSandboxEvent(ctx, id, claim); err != nil {
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

// Date writes a day in full in the page's language, through the one
// formatter of dates.
func (p page) Date(t time.Time) string { return p.texts.Date(p.Lang, t) }

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

// cardOf reads the card of a payment form into p and returns it when it is
// one of the test cards; otherwise it shows p again with the error, a 422,
// and reports false.
func (s *Sandbox) cardOf(w http.ResponseWriter, r *http.Request, p *page) (string, bool) {
	p.Card = r.PostFormValue("card")
	switch c := card(r); c {
	case CardSucceeds, CardDeclines:
		return c, true
	case "":
		p.Error = p.T("sandbox.errors.card_required")
	default:
		p.Error = p.T("sandbox.errors.unknown_card")
	}
	s.render(w, http.StatusUnprocessableEntity, *p)
	return "", false
}

// found answers a page whose object could not be read, with a 503 when the
// store failed and a 404 when there is no such object, and reports whether
// there is one to show.
func (s *Sandbox) found(w http.ResponseWriter, r *http.Request, heading string, ok bool, err error) bool {
	if err != nil {
		s.unavailablePage(w, r, heading, err)
		return false
	}
	if !ok {
		s.notFound(w, r)
		return false
	}
	return true
}

// deliverThenRedirect delivers the pending events and sends the browser on
// to; when they cannot be delivered, p says so and offers to retry.
func (s *Sandbox) deliverThenRedirect(w http.ResponseWriter, r *http.Request, p page, to string) {
	if err := s.FlushPending(r.Context()); err != nil {
		s.deliveryFailed(w, r, p)
		return
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

// unavailable shows p again with the message that the sandbox cannot reach
// its database, and a 503: nothing was changed, the user may submit again.
func (s *Sandbox) unavailable(w http.ResponseWriter, r *http.Request, p page, err error) {
	s.cfg.Log.ErrorContext(r.Context(), "sandbox: state", "error", err)
	p.Error = p.T("payment.errors.unavailable")
	s.render(w, http.StatusServiceUnavailable, p)
}

// unavailablePage is unavailable before the object is read, on a plain page.
func (s *Sandbox) unavailablePage(w http.ResponseWriter, r *http.Request, heading string, err error) {
	p := s.newPage(r, "message", heading)
	p.Back = "/"
	s.unavailable(w, r, p, err)
}

func (s *Sandbox) intent(ctx context.Context, id string) (sbIntent, int64, bool, error) {
	var pi sbIntent
	version, found, err := s.load(ctx, kindIntent, id, &pi)
	return pi, version, found, err
}

func (s *Sandbox) payForm(r *http.Request, pi sbIntent) page {
	p := s.newPage(r, "pay", "sandbox.pay.title")
	amount := formatMoney(pi.AmountCents, pi.Currency, p.Lang)
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
	pi, _, ok, err := s.intent(r.Context(), r.PathValue("id"))
	if !s.found(w, r, "sandbox.pay.title", ok, err) {
		return
	}
	p := s.payForm(r, pi)
	if pi.Status == "succeeded" {
		p.Kind, p.Notice, p.Back = "message", p.T("sandbox.pay.done"), returnURL(pi.ReturnURL, pi.PaymentIntent, "succeeded")
	}
	s.render(w, http.StatusOK, p)
}

func (s *Sandbox) pay(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("id")
	pi, _, ok, err := s.intent(ctx, id)
	if !s.found(w, r, "sandbox.pay.title", ok, err) {
		return
	}
	p := s.payForm(r, pi)
	if r.PostFormValue("action") == "retry" || pi.Status == "succeeded" {
		s.deliverThenRedirect(w, r, p, returnURL(pi.ReturnURL, pi.PaymentIntent, redirectStatus(pi.Status)))
		return
	}
	c, ok := s.cardOf(w, r, &p)
	if !ok {
		return
	}
	status, failure, typ := "succeeded", "", EventPaymentSucceeded
	if c == CardDeclines {
		status, failure, typ = "requires_payment_method", "generic_decline", EventPaymentFailed
	}
	done, err := s.attempt(ctx, id, status, failure, typ)
	if err != nil {
		s.unavailable(w, r, p, err)
		return
	}
	// A declined card comes back to the return address with redirect_status
	// failed, as Stripe's redirect-based confirmations do.
	s.deliverThenRedirect(w, r, p, returnURL(pi.ReturnURL, done, redirectStatus(done.Status)))
}

// attempt records a card attempt on an intent with its event, unless the
// intent is paid already: a paid intent stays paid, and a second payment of
// it, from this server or another, sends no second event. When another
// attempt changes the intent first, this one reads it again and decides anew.
func (s *Sandbox) attempt(ctx context.Context, id, status, failure, typ string) (PaymentIntent, error) {
	for range changeAttempts {
		cur, version, found, err := s.intent(ctx, id)
		if err == nil && !found {
			err = fmt.Errorf("payment: sandbox intent %s: %w", id, ErrNotFound)
		}
		if err != nil {
			return PaymentIntent{}, err
		}
		if cur.Status == "succeeded" {
			return cur.PaymentIntent, nil
		}
		cur.Status, cur.FailureCode = status, failure
		ok, err := s.change(ctx, kindIntent, id, version, cur, typ, IntentObject(cur.PaymentIntent, s.cfg.Now()))
		if err != nil {
			return PaymentIntent{}, err
		}
		if ok {
			return cur.PaymentIntent, nil
		}
	}
	return PaymentIntent{}, errBusy
}

// change stores an object read at version with the event telling of it; it
// reports false when the object changed since.
func (s *Sandbox) change(ctx context.Context, kind, id string, version int64, v any, typ string, object any) (bool, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return false, fmt.Errorf("payment: sandbox %s: %w", kind, err)
	}
	ev, err := s.newEvent(typ, object)
	if err != nil {
		return false, err
	}
	return s.cfg.Store.UpdateSandboxObject(ctx, kind, id, version, raw, [][]byte{ev}, s.cfg.Now())
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

func (s *Sandbox) checkoutOf(ctx context.Context, id string) (sbCheckout, int64, bool, error) {
	var cs sbCheckout
	version, found, err := s.load(ctx, kindCheckout, id, &cs)
	return cs, version, found, err
}

func (s *Sandbox) checkoutForm(r *http.Request, cs sbCheckout) page {
	p := s.newPage(r, "checkout", "sandbox.checkout.title")
	amount := formatMoney(cs.AmountCents, cs.Currency, p.Lang)
	p.Lines = []string{cs.ProductName, p.T("sandbox.checkout.price_"+cs.Interval, "amount", amount)}
	p.Submit = p.T("sandbox.checkout.submit")
	p.Back = cs.CancelURL
	return p
}

func (s *Sandbox) checkoutPage(w http.ResponseWriter, r *http.Request) {
	cs, _, ok, err := s.checkoutOf(r.Context(), r.PathValue("id"))
	if !s.found(w, r, "sandbox.checkout.title", ok, err) {
		return
	}
	p := s.checkoutForm(r, cs)
	if cs.SubscriptionID != "" {
		p.Kind, p.Notice, p.Back = "message", p.T("sandbox.checkout.done"), cs.SuccessURL
	}
	s.render(w, http.StatusOK, p)
}

func (s *Sandbox) checkout(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("id")
	cs, _, ok, err := s.checkoutOf(ctx, id)
	if !s.found(w, r, "sandbox.checkout.title", ok, err) {
		return
	}
	p := s.checkoutForm(r, cs)
	if r.PostFormValue("action") == "retry" || cs.SubscriptionID != "" {
		s.deliverThenRedirect(w, r, p, cs.SuccessURL)
		return
	}
	c, ok := s.cardOf(w, r, &p)
	if !ok {
		return
	}
	if c == CardDeclines {
		// Checkout shows a decline in the page and lets the customer try
		// another card; nothing is created.
		p.Error = p.T("sandbox.errors.declined")
		s.render(w, http.StatusUnprocessableEntity, p)
		return
	}
	if err := s.subscribe(ctx, id); err != nil {
		s.unavailable(w, r, p, err)
		return
	}
	s.deliverThenRedirect(w, r, p, cs.SuccessURL)
}

// subscribe completes a checkout: it starts its subscription and queues the
// events Stripe sends then, unless the checkout is complete already (paid
// twice, or at once through two servers: one subscription, one set of events).
func (s *Sandbox) subscribe(ctx context.Context, id string) error {
	for range changeAttempts {
		cur, version, found, err := s.checkoutOf(ctx, id)
		if err == nil && !found {
			err = fmt.Errorf("payment: sandbox checkout %s: %w", id, ErrNotFound)
		}
		if err != nil || cur.SubscriptionID != "" {
			return err
		}
		now := s.cfg.Now().UTC().Truncate(time.Second)
		sub := sbSubscription{Subscription: Subscription{
			ID: "sub_sandbox_" + randomHex(12), CustomerID: cur.CustomerID, Status: "active", Interval: cur.Interval,
			StartedAt: now, CurrentPeriodEnd: addInterval(now, cur.Interval), Metadata: cur.Metadata,
		}, Currency: cur.Currency}
		cur.SubscriptionID = sub.ID
		created, err := s.newEvent(EventSubscriptionCreated, SubscriptionObject(sub.Subscription, cur.AmountCents, sub.Currency))
		if err != nil {
			return err
		}
		// Stripe charges the first period as the checkout completes.
		paid, err := s.newEvent(EventInvoicePaid, InvoiceObject(Invoice{ID: "in_sandbox_" + randomHex(12),
			CustomerID: cur.CustomerID, SubscriptionID: sub.ID, AmountCents: cur.AmountCents, Currency: cur.Currency, PaidAt: now}))
		if err != nil {
			return err
		}
		completed, err := s.newEvent(EventCheckoutCompleted, CheckoutObject(CheckoutSession{
			ID: id, CustomerID: cur.CustomerID, SubscriptionID: sub.ID, ClientReferenceID: cur.ClientReferenceID, Metadata: cur.Metadata}))
		if err != nil {
			return err
		}
		rawCheckout, err := json.Marshal(cur)
		if err != nil {
			return fmt.Errorf("payment: sandbox checkout: %w", err)
		}
		rawSub, err := json.Marshal(sub)
		if err != nil {
			return fmt.Errorf("payment: sandbox subscription: %w", err)
		}
		ok, err := s.cfg.Store.CompleteSandboxCheckout(ctx, id, version, rawCheckout, sub.ID, cur.CustomerID, rawSub,
			[][]byte{created, paid, completed}, now)
		if err != nil || ok {
			return err
		}
	}
	return errBusy
}

func addInterval(t time.Time, interval string) time.Time {
	if interval == IntervalYear {
		return t.AddDate(1, 0, 0)
	}
	return t.AddDate(0, 1, 0)
}

// portalState is the portal session and the customer's latest subscription
// (nil when none) with its version.
func (s *Sandbox) portalState(ctx context.Context, id string) (PortalParams, *sbSubscription, int64, bool, error) {
	var ps PortalParams
	_, found, err := s.load(ctx, kindPortal, id, &ps)
	if err != nil || !found {
		return ps, nil, 0, found, err
	}
	raw, version, found, err := s.cfg.Store.LatestSandboxObject(ctx, kindSubscription, ps.CustomerID)
	if err != nil || !found {
		return ps, nil, 0, true, err
	}
	var sub sbSubscription
	if err := json.Unmarshal(raw, &sub); err != nil {
		return ps, nil, 0, true, fmt.Errorf("payment: sandbox subscription of %s: %w", ps.CustomerID, err)
	}
	return ps, &sub, version, true, nil
}

func (s *Sandbox) portalForm(r *http.Request, ps PortalParams, sub *sbSubscription) page {
	p := s.newPage(r, "portal", "sandbox.portal.title")
	p.Back = ps.ReturnURL
	if sub == nil {
		p.Lines = []string{p.T("sandbox.portal.none")}
		return p
	}
	plan := p.T("sandbox.portal.plan_" + sub.Interval)
	cur := strings.ToLower(sub.Currency)
	price := formatMoney(s.cfg.PlanCents[cur][sub.Interval], cur, p.Lang)
	switch {
	case sub.Status == "canceled":
		p.Lines = []string{p.T("sandbox.portal.canceled", "plan", plan, "date", p.Date(sub.EndedAt))}
	case sub.CancelAtPeriodEnd:
		p.Lines = []string{p.T("sandbox.portal.ending", "plan", plan, "date", p.Date(sub.CurrentPeriodEnd))}
		p.Actions = []portalAction{{Value: "resume", Label: p.T("sandbox.portal.resume")}, {Value: "cancel_now", Label: p.T("sandbox.portal.cancel_now"), Danger: true}}
	default:
		p.Lines = []string{p.T("sandbox.portal.active", "plan", plan, "price", price, "date", p.Date(sub.CurrentPeriodEnd))}
		other := IntervalYear
		if sub.Interval == IntervalYear {
			other = IntervalMonth
		}
		p.Actions = []portalAction{
			{Value: "switch", Label: p.T("sandbox.portal.switch_"+other, "price", formatMoney(s.cfg.PlanCents[cur][other], cur, p.Lang))},
			{Value: "cancel_at_period_end", Label: p.T("sandbox.portal.cancel_at_period_end")},
			{Value: "cancel_now", Label: p.T("sandbox.portal.cancel_now"), Danger: true},
		}
	}
	return p
}

func (s *Sandbox) portalPage(w http.ResponseWriter, r *http.Request) {
	ps, sub, _, ok, err := s.portalState(r.Context(), r.PathValue("id"))
	if !s.found(w, r, "sandbox.portal.title", ok, err) {
		return
	}
	p := s.portalForm(r, ps, sub)
	if r.URL.Query().Get("updated") == "1" {
		p.Notice = p.T("sandbox.portal.updated")
	}
	s.render(w, http.StatusOK, p)
}

func (s *Sandbox) portal(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("id")
	action := r.PostFormValue("action")
	// The actions offered depend on the subscription's state: when another
	// request changes it first, the action is checked again on the new one.
	for range changeAttempts {
		ps, sub, version, ok, err := s.portalState(ctx, id)
		if !s.found(w, r, "sandbox.portal.title", ok, err) {
			return
		}
		p := s.portalForm(r, ps, sub)
		if action == "retry" {
			s.deliverThenRedirect(w, r, p, "/sandbox/portal/"+id+"?updated=1")
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
		cur := *sub
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
		changed, err := s.change(ctx, kindSubscription, cur.ID, version, cur, typ,
			SubscriptionObject(cur.Subscription, s.cfg.PlanCents[strings.ToLower(cur.Currency)][cur.Interval], cur.Currency))
		if err != nil {
			s.unavailable(w, r, p, err)
			return
		}
		if !changed {
			continue
		}
		s.deliverThenRedirect(w, r, p, "/sandbox/portal/"+id+"?updated=1")
		return
	}
	s.unavailablePage(w, r, "sandbox.portal.title", errBusy)
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("payment: no randomness: " + err.Error())
	}
	return hex.EncodeToString(b)
}

// formatMoney writes cents of currency the way each language does.
func formatMoney(cents int64, currency, lang string) string {
	return i18n.Money(lang, cents, currency)
}
