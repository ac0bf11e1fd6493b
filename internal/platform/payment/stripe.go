package payment

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v86"
)

// StripeConfig configures the Stripe processor.
type StripeConfig struct {
	SecretKey      string
	PublishableKey string
	WebhookSecret  string
	// APIURL is Stripe's API (https://api.stripe.com); tests point it at
	// stripe-mock.
	APIURL string
	// PriceMonthly and PriceYearly are Price ids of the premium plans; when
	// empty, Checkout gets the amounts inline (price_data).
	PriceMonthly string
	PriceYearly  string
	// HTTPClient defaults to one with a 20 s timeout.
	HTTPClient *http.Client
	Log        *slog.Logger
}

// Stripe is the real card processor.
type Stripe struct {
	cfg    StripeConfig
	client *stripe.Client
}

// NewStripe builds the Stripe processor; every key is required.
func NewStripe(cfg StripeConfig) (*Stripe, error) {
	if cfg.SecretKey == "" || cfg.PublishableKey == "" || cfg.WebhookSecret == "" {
		return nil, errors.New("payment: Stripe needs its secret key, publishable key and webhook secret")
	}
	u, err := url.Parse(cfg.APIURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, errors.New("payment: the Stripe API URL must be an http(s) URL")
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 20 * time.Second}
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	backends := stripe.NewBackendsWithConfig(&stripe.BackendConfig{
		URL:               stripe.String(strings.TrimRight(cfg.APIURL, "/")),
		HTTPClient:        cfg.HTTPClient,
		LeveledLogger:     slogLeveled{cfg.Log},
		MaxNetworkRetries: stripe.Int64(2),
	})
	return &Stripe{cfg: cfg, client: stripe.NewClient(cfg.SecretKey, stripe.WithBackends(backends))}, nil
}

// Name implements Provider.
func (s *Stripe) Name() string { return ProviderStripe }

// PublishableKey implements Provider.
func (s *Stripe) PublishableKey() string { return s.cfg.PublishableKey }

// CreatePaymentIntent implements Provider.
func (s *Stripe) CreatePaymentIntent(ctx context.Context, p PaymentIntentParams) (PaymentIntent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:                  stripe.Int64(p.AmountCents),
		Currency:                stripe.String(p.Currency),
		Description:             stripe.String(p.Description),
		AutomaticPaymentMethods: &stripe.PaymentIntentCreateAutomaticPaymentMethodsParams{Enabled: stripe.Bool(true)},
		Metadata:                p.Metadata,
	}
	params.SetIdempotencyKey(p.IdempotencyKey)
	pi, err := s.client.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return PaymentIntent{}, stripeErr("create payment intent", err)
	}
	return fromStripeIntent(pi), nil
}

// CreateCustomer implements Provider.
func (s *Stripe) CreateCustomer(ctx context.Context, p CustomerParams) (string, error) {
	params := &stripe.CustomerCreateParams{Email: stripe.String(p.Email), Name: stripe.String(p.Name), Metadata: p.Metadata}
	params.SetIdempotencyKey(p.IdempotencyKey)
	c, err := s.client.V1Customers.Create(ctx, params)
	if err != nil {
		return "", stripeErr("create customer", err)
	}
	return c.ID, nil
}

// CreateCheckoutSession implements Provider.
func (s *Stripe) CreateCheckoutSession(ctx context.Context, p CheckoutParams) (Session, error) {
	item := &stripe.CheckoutSessionCreateLineItemParams{Quantity: stripe.Int64(1)}
	price := s.cfg.PriceMonthly
	if p.Interval == IntervalYear {
		price = s.cfg.PriceYearly
	}
	// The configured Price ids are the euro plans; another currency (the
	// UK domain's pounds) is always given inline.
	if price != "" && strings.EqualFold(p.Currency, "eur") {
		item.Price = stripe.String(price)
	} else {
		item.PriceData = &stripe.CheckoutSessionCreateLineItemPriceDataParams{
			Currency:    stripe.String(p.Currency),
			UnitAmount:  stripe.Int64(p.AmountCents),
			Recurring:   &stripe.CheckoutSessionCreateLineItemPriceDataRecurringParams{Interval: stripe.String(p.Interval)},
			ProductData: &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{Name: stripe.String(p.ProductName)},
		}
	}
	params := &stripe.CheckoutSessionCreateParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModeSubscription)),
		Customer:          stripe.String(p.CustomerID),
		ClientReferenceID: stripe.String(p.ClientReferenceID),
		LineItems:         []*stripe.CheckoutSessionCreateLineItemParams{item},
		SuccessURL:        stripe.String(p.SuccessURL),
		CancelURL:         stripe.String(p.CancelURL),
		Metadata:          p.Metadata,
		SubscriptionData:  &stripe.CheckoutSessionCreateSubscriptionDataParams{Metadata: p.Metadata},
	}
	if p.Locale != "" {
		params.Locale = stripe.String(p.Locale)
	}
	params.SetIdempotencyKey(p.IdempotencyKey)
	cs, err := s.client.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return Session{}, stripeErr("create checkout session", err)
	}
	return Session{ID: cs.ID, URL: cs.URL}, nil
}

// CreatePortalSession implements Provider.
func (s *Stripe) CreatePortalSession(ctx context.Context, p PortalParams) (Session, error) {
	params := &stripe.BillingPortalSessionCreateParams{Customer: stripe.String(p.CustomerID), ReturnURL: stripe.String(p.ReturnURL)}
	if p.Locale != "" {
		params.Locale = stripe.String(p.Locale)
	}
	ps, err := s.client.V1BillingPortalSessions.Create(ctx, params)
	if err != nil {
		return Session{}, stripeErr("create portal session", err)
	}
	return Session{ID: ps.ID, URL: ps.URL}, nil
}

// GetSubscription implements Provider.
func (s *Stripe) GetSubscription(ctx context.Context, id string) (Subscription, error) {
	sub, err := s.client.V1Subscriptions.Retrieve(ctx, id, nil)
	if err != nil {
		return Subscription{}, stripeErr("get subscription", err)
	}
	return fromStripeSubscription(sub), nil
}

// ParseWebhook implements Provider.
func (s *Stripe) ParseWebhook(payload []byte, signature string) (Event, error) {
	return parseSigned(payload, signature, s.cfg.WebhookSecret)
}

// stripeErr classifies a Stripe failure: a missing object is ErrNotFound,
// anything else (network, 5xx, a request Stripe refused) is ErrUnavailable,
// the cause kept for the log.
func stripeErr(op string, err error) error {
	var se *stripe.Error
	if errors.As(err, &se) && (se.Code == stripe.ErrorCodeResourceMissing || se.HTTPStatusCode == http.StatusNotFound) {
		return fmt.Errorf("payment: stripe %s: %w: %v", op, ErrNotFound, err)
	}
	return fmt.Errorf("payment: stripe %s: %w: %v", op, ErrUnavailable, err)
}

// slogLeveled hands stripe-go's log lines to the server's logger.
type slogLeveled struct{ log *slog.Logger }

func (l slogLeveled) Debugf(format string, v ...any) {
	l.log.Debug(fmt.Sprintf(format, v...), "component", "stripe")
}
func (l slogLeveled) Infof(format string, v ...any) {
	l.log.Debug(fmt.Sprintf(format, v...), "component", "stripe")
}
func (l slogLeveled) Warnf(format string, v ...any) {
	l.log.Warn(fmt.Sprintf(format, v...), "component", "stripe")
}
func (l slogLeveled) Errorf(format string, v ...any) {
	l.log.Error(fmt.Sprintf(format, v...), "component", "stripe")
}
