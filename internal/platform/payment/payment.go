// Package payment is what billing needs from a card processor: payments of
// credits (PaymentIntents), premium subscriptions (Checkout Sessions, the
// billing portal, Subscriptions) and the processor's signed events. Stripe is
// the real implementation; Sandbox stands in when no Stripe key is set, so the
// whole purchase flow can be tried locally, with events built, signed and
// verified exactly as Stripe's are.
package payment

import (
	"context"
	"errors"
	"time"
)

// Provider names, as the browser sees them in the page configuration.
const (
	ProviderStripe  = "stripe"
	ProviderSandbox = "sandbox"
)

// Plan intervals of the premium subscription.
const (
	IntervalMonth = "month"
	IntervalYear  = "year"
)

// SignatureTolerance is how old a signed event may be: older ones are refused
// so a captured request cannot be replayed later.
const SignatureTolerance = 5 * time.Minute

// Errors the processors return; anything else is the processor failing.
var (
	// ErrNotFound means the processor has no such object.
	ErrNotFound = errors.New("payment: not found")
	// ErrUnavailable means the processor could not be reached or failed.
	ErrUnavailable = errors.New("payment: the card processor is unavailable")
	// ErrSignature means a webhook's signature is missing, wrong or too old.
	ErrSignature = errors.New("payment: invalid webhook signature")
	// ErrAPIVersion means a correctly signed webhook was written for another
	// API version than the one this server reads: its objects may not have
	// the shape we expect, so it is refused, and the operator must point the
	// endpoint at our version (a different fix from a wrong secret).
	ErrAPIVersion = errors.New("payment: webhook event of another API version")
)

// Provider is a card processor.
type Provider interface {
	// Name is ProviderStripe or ProviderSandbox.
	Name() string
	// PublishableKey is the browser's key (empty for the sandbox).
	PublishableKey() string
	// CreatePaymentIntent starts a card payment. The idempotency key makes a
	// retried call return the same payment.
	CreatePaymentIntent(ctx context.Context, p PaymentIntentParams) (PaymentIntent, error)
	// CreateCustomer creates the customer a subscription is billed to. The
	// idempotency key makes a retried call return the same customer.
	CreateCustomer(ctx context.Context, p CustomerParams) (string, error)
	// CreateCheckoutSession opens a subscription checkout for a customer.
	CreateCheckoutSession(ctx context.Context, p CheckoutParams) (Session, error)
	// CreatePortalSession opens the page where a customer manages their
	// subscription.
	CreatePortalSession(ctx context.Context, p PortalParams) (Session, error)
	// GetSubscription reads a subscription's current state (ErrNotFound when
	// the processor does not know it).
	GetSubscription(ctx context.Context, id string) (Subscription, error)
	// ParseWebhook verifies a webhook's Stripe-Signature header against the
	// payload (ErrSignature when wrong or older than SignatureTolerance) and
	// parses the event.
	ParseWebhook(payload []byte, signature string) (Event, error)
}

// PaymentIntentParams describe a card payment.
type PaymentIntentParams struct {
	AmountCents    int64
	Currency       string // ISO code, lowercase (eur)
	Description    string
	Metadata       map[string]string
	IdempotencyKey string
	// ReturnURL is where the sandbox's card page sends the browser after a
	// confirmation (Stripe.js is given its own return URL by the page).
	ReturnURL string
}

// PaymentIntent is a card payment.
type PaymentIntent struct {
	ID           string
	ClientSecret string
	Status       string // requires_payment_method, processing, succeeded, canceled, ...
	AmountCents  int64
	Currency     string
	Metadata     map[string]string
	// RedirectURL is the sandbox's card page; empty with Stripe, where the
	// page confirms the payment itself.
	RedirectURL string
	// FailureCode is the decline code of the last failed attempt, if any.
	FailureCode string
}

// CustomerParams describe the customer of a subscription.
type CustomerParams struct {
	Email          string
	Name           string
	Metadata       map[string]string
	IdempotencyKey string
}

// CheckoutParams describe a subscription checkout.
type CheckoutParams struct {
	CustomerID        string
	ClientReferenceID string // the user's id, echoed by the completed event
	Interval          string // IntervalMonth or IntervalYear
	AmountCents       int64  // per interval
	Currency          string
	ProductName       string
	Metadata          map[string]string // also put on the subscription
	SuccessURL        string
	CancelURL         string
	Locale            string // the interface language
	IdempotencyKey    string
}

// PortalParams describe a billing portal visit.
type PortalParams struct {
	CustomerID string
	ReturnURL  string
	Locale     string
}

// Session is a page of the processor the browser is sent to.
type Session struct {
	ID  string
	URL string
}

// Subscription is the processor's view of a subscription.
type Subscription struct {
	ID                string
	CustomerID        string
	Status            string // incomplete, active, trialing, past_due, canceled, unpaid, ...
	Interval          string // IntervalMonth or IntervalYear
	CancelAtPeriodEnd bool
	CancelAt          time.Time // zero when no cancellation is scheduled
	StartedAt         time.Time
	CurrentPeriodEnd  time.Time
	EndedAt           time.Time // zero while it runs
	Metadata          map[string]string
}

// CheckoutSession is a completed checkout.
type CheckoutSession struct {
	ID                string
	Mode              string
	CustomerID        string
	SubscriptionID    string
	ClientReferenceID string
	Metadata          map[string]string
}

// Event types billing acts on.
const (
	EventPaymentSucceeded     = "payment_intent.succeeded"
	EventPaymentFailed        = "payment_intent.payment_failed"
	EventPaymentCanceled      = "payment_intent.canceled"
	EventPaymentProcessing    = "payment_intent.processing"
	EventCheckoutCompleted    = "checkout.session.completed"
	EventSubscriptionCreated  = "customer.subscription.created"
	EventSubscriptionUpdated  = "customer.subscription.updated"
	EventSubscriptionDeleted  = "customer.subscription.deleted"
	EventInvoicePaid          = "invoice.paid"
	eventPaymentIntentPrefix  = "payment_intent."
	eventSubscriptionPrefix   = "customer.subscription."
	eventCheckoutSessionPrefx = "checkout.session."
	eventInvoicePrefix        = "invoice."
)

// Event is a verified processor event. Exactly one of the object fields is
// set for the types above; other types carry none.
type Event struct {
	ID              string
	Type            string
	Created         time.Time
	PaymentIntent   *PaymentIntent
	CheckoutSession *CheckoutSession
	Subscription    *Subscription
	Invoice         *Invoice
}

// Invoice is a paid invoice: what a customer was charged, once, for a
// subscription's period (the first one with the checkout, then each renewal).
type Invoice struct {
	ID             string
	CustomerID     string
	SubscriptionID string // empty for an invoice no subscription made
	AmountCents    int64
	Currency       string
	PaidAt         time.Time
}
