package billing

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"strconv"
	"strings"
	"time"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/config"
	"noces/internal/model"
	"noces/internal/platform/payment"
	"noces/internal/store"
)

// Premium plans: the API's names and the plan stored on the user.
const (
	PlanPremiumMonthly = "premium_monthly"
	PlanPremiumYearly  = "premium_yearly"
	PlanMonthly        = "monthly"
	PlanYearly         = "yearly"
)

// PaymentReturnPath is where the sandbox's card page returns, as Stripe.js
// does with the return_url the page gives it.
const PaymentReturnPath = "/api/credits/payment-success"

// Deps are what the billing service needs.
type Deps struct {
	Store    *store.Store
	Clock    clock.Clock
	Payments payment.Provider
	Log      *slog.Logger
	// Prices per currency (config.Config.Prices); config.DefaultPrices
	// when nil.
	Prices map[string]config.Prices
}

// Service runs the billing rules.
type Service struct {
	store  *store.Store
	clock  clock.Clock
	pay    payment.Provider
	log    *slog.Logger
	prices map[string]config.Prices
}

// NewService wires the billing service.
func NewService(d Deps) *Service {
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	if d.Prices == nil {
		d.Prices = config.DefaultPrices
	}
	return &Service{store: d.Store, clock: d.Clock, pay: d.Payments, log: d.Log, prices: d.Prices}
}

// Provider is the card processor's name (stripe or sandbox) and the key the
// browser needs.
func (s *Service) Provider() (name, publishableKey string) {
	return s.pay.Name(), s.pay.PublishableKey()
}

// Logs returns a provider's credit ledger, newest first.
func (s *Service) Logs(ctx context.Context, userID string) ([]model.CreditLog, error) {
	return s.store.ListCreditLogs(ctx, userID)
}

// Price is what a number of credits costs.
type Price struct {
	Credits    int   `json:"credits"`
	PriceCents int64 `json:"priceCents"`
}

// PricingOf returns the prices a user pays: those of the domain they
// signed up on.
func (s *Service) PricingOf(ctx context.Context, userID string) (Pricing, error) {
	u, err := s.store.GetUser(ctx, userID)
	if err != nil {
		return Pricing{}, err
	}
	return s.PricingFor(u.Domain), nil
}

// BuyInput is a purchase as the client shows it.
type BuyInput struct {
	Credits int
	// Price is the total the client showed, in the user's currency; it
	// must be the server's price to the cent.
	Price float64
	// IdempotencyKey, when given, makes a retried purchase return the same
	// payment instead of starting a second one.
	IdempotencyKey string
}

// Purchase is a payment the browser confirms.
type Purchase struct {
	ClientSecret    string
	PaymentIntentID string
	Provider        string
	RedirectURL     string // the sandbox's card page; empty with Stripe
}

// CreditRef is the ledger reference of a payment: its credits are added once.
func CreditRef(intentID string) string { return "payment:" + intentID }

// Buy starts a credit purchase. The quantity and the price are checked
// before anything is written or sent; credits arrive with the processor's
// succeeded event, never here.
func (s *Service) Buy(ctx context.Context, userID string, in BuyInput) (Purchase, error) {
	u, err := s.provider(ctx, userID)
	if err != nil {
		return Purchase{}, err
	}
	if in.Credits < MinCredits || in.Credits > MaxCredits {
		return Purchase{}, apperr.Validation(map[string]string{"credits": "credits.errors.quantity"})
	}
	pricing := s.PricingFor(u.Domain)
	cents, err := PriceCents(pricing.CreditCents, in.Credits)
	if err != nil {
		return Purchase{}, err
	}
	if math.IsNaN(in.Price) || math.IsInf(in.Price, 0) || int64(math.Round(in.Price*100)) != cents {
		return Purchase{}, apperr.Validation(map[string]string{"price": "credits.errors.price_mismatch"})
	}
	key := in.IdempotencyKey
	if key == "" {
		key = model.NewID()
	}
	// The quantity is part of the key: the same key with another quantity
	// is another purchase, never a processor's idempotency conflict.
	key = idempotencyKey("buy", u.ID, strconv.Itoa(in.Credits), key)
	pi, err := s.pay.CreatePaymentIntent(ctx, payment.PaymentIntentParams{
		AmountCents: cents, Currency: pricing.Currency, IdempotencyKey: key, ReturnURL: PaymentReturnPath,
		Description: fmt.Sprintf("Noces: %d credits", in.Credits),
		Metadata:    map[string]string{"user_id": u.ID, "credits": strconv.Itoa(in.Credits)},
	})
	if err != nil {
		return Purchase{}, unavailable(err)
	}
	now := s.clock.Now()
	if _, err := s.store.CreatePayment(ctx, model.Payment{ID: model.NewID(), UserID: u.ID, Provider: s.pay.Name(),
		IntentID: pi.ID, Credits: in.Credits, AmountCents: cents, Currency: pricing.Currency, Status: model.PaymentPending,
		CreatedAt: now, UpdatedAt: now}); err != nil {
		return Purchase{}, err
	}
	return Purchase{ClientSecret: pi.ClientSecret, PaymentIntentID: pi.ID, Provider: s.pay.Name(), RedirectURL: pi.RedirectURL}, nil
}

// Domain is the domain a user signed up on: the processor's pages send
// them back to its back office when the request's own host is not ours.
func (s *Service) Domain(ctx context.Context, userID string) (string, error) {
	u, err := s.store.GetUser(ctx, userID)
	if err != nil {
		return "", err
	}
	return u.Domain, nil
}

// provider returns the user if they may pay: a moderated provider.
func (s *Service) provider(ctx context.Context, userID string) (model.User, error) {
	u, err := s.store.GetUser(ctx, userID)
	if err != nil {
		return u, err
	}
	if !u.IsModerated {
		return u, apperr.New(apperr.Forbidden, "account.errors.not_moderated")
	}
	return u, nil
}

// idempotencyKey joins the parts of a key and hashes the result, so a key of
// any length from a client stays within the processor's limit.
func idempotencyKey(parts ...string) string {
	sum := sha256.Sum256([]byte(strings.Join(parts, "\x00")))
	return parts[0] + "-" + hex.EncodeToString(sum[:16])
}

func unavailable(err error) error {
	return apperr.Wrap(apperr.Unavailable, "payment.errors.unavailable", err)
}

// Payment return statuses, the values the credits page reads.
const (
	ReturnSucceeded       = "true"
	ReturnProcessing      = "processing"
	ReturnCapturable      = "amount_capturable_updated"
	ReturnCanceled        = "canceled"
	ReturnFailed          = "payment_failed"
	ReturnMissing         = "missing_parameters"
	ReturnIntentNotFound  = "payment_intent_not_found"
	ReturnUnknownStatus   = "unknown_status"
	stripeRequiresCapture = "requires_capture"
)

// PaymentReturn turns the processor's return parameters into the status the
// credits page shows. It reads and changes nothing but a lookup: credits come
// from the webhook only.
func (s *Service) PaymentReturn(ctx context.Context, intentID, redirectStatus string) (string, error) {
	if intentID == "" {
		return ReturnMissing, nil
	}
	p, err := s.store.GetPaymentByIntent(ctx, intentID)
	if errors.Is(err, store.ErrNotFound) {
		return ReturnIntentNotFound, nil
	}
	if err != nil {
		return "", err
	}
	status := redirectStatus
	if status == "" {
		status = p.Status
	}
	switch status {
	case "succeeded":
		return ReturnSucceeded, nil
	case "processing", model.PaymentPending:
		return ReturnProcessing, nil
	case stripeRequiresCapture:
		return ReturnCapturable, nil
	case "canceled":
		return ReturnCanceled, nil
	case "failed", "requires_payment_method":
		return ReturnFailed, nil
	}
	return ReturnUnknownStatus, nil
}

// HandleWebhook verifies a processor's event and applies it. A bad or stale
// signature is a 400 that changes nothing.
func (s *Service) HandleWebhook(ctx context.Context, payload []byte, signature string) error {
	ev, err := s.pay.ParseWebhook(payload, signature)
	if errors.Is(err, payment.ErrSignature) {
		return apperr.Wrap(apperr.Malformed, "payment.errors.signature", err)
	}
	if errors.Is(err, payment.ErrAPIVersion) {
		return apperr.Wrap(apperr.Malformed, "payment.errors.api_version", err)
	}
	if err != nil {
		return apperr.Wrap(apperr.Malformed, "payment.errors.event", err)
	}
	return s.HandleEvent(ctx, ev)
}

// HandleEvent applies a verified event exactly once, whatever the order and
// number of deliveries: credits through the ledger with the payment as
// reference, premium from the subscription's state.
func (s *Service) HandleEvent(ctx context.Context, ev payment.Event) error {
	switch {
	case ev.Type == payment.EventPaymentSucceeded && ev.PaymentIntent != nil:
		return s.paymentSucceeded(ctx, *ev.PaymentIntent)
	case ev.Type == payment.EventPaymentFailed && ev.PaymentIntent != nil:
		return s.paymentStatus(ctx, ev.PaymentIntent.ID, model.PaymentFailed)
	case ev.Type == payment.EventPaymentCanceled && ev.PaymentIntent != nil:
		return s.paymentStatus(ctx, ev.PaymentIntent.ID, model.PaymentCanceled)
	case ev.Type == payment.EventPaymentProcessing && ev.PaymentIntent != nil:
		return s.paymentStatus(ctx, ev.PaymentIntent.ID, model.PaymentProcessing)
	case ev.Type == payment.EventCheckoutCompleted && ev.CheckoutSession != nil:
		return s.checkoutCompleted(ctx, ev)
	case (ev.Type == payment.EventSubscriptionCreated || ev.Type == payment.EventSubscriptionUpdated ||
		ev.Type == payment.EventSubscriptionDeleted) && ev.Subscription != nil:
		return s.syncSubscription(ctx, ev.Subscription.ID, ev.Created, ev.Subscription, "")
	case ev.Type == payment.EventInvoicePaid && ev.Invoice != nil:
		return s.invoicePaid(ctx, *ev.Invoice)
	}
	s.log.DebugContext(ctx, "billing: event ignored", "event", ev.ID, "type", ev.Type)
	return nil
}

// invoicePaid keeps what a premium subscription was charged, once per
// invoice, for the admin's revenue figures. Invoices of no subscription, or
// of a customer this server does not know (another integration on the same
// account), are acknowledged and ignored.
func (s *Service) invoicePaid(ctx context.Context, inv payment.Invoice) error {
	if inv.SubscriptionID == "" {
		return nil
	}
	userID, err := s.store.GetUserIDByCustomer(ctx, inv.CustomerID)
	if errors.Is(err, store.ErrNotFound) {
		s.log.WarnContext(ctx, "billing: invoice paid by an unknown customer", "invoice", inv.ID, "customer", inv.CustomerID)
		return nil
	}
	if err != nil {
		return err
	}
	paidAt := inv.PaidAt
	if paidAt.IsZero() {
		paidAt = s.clock.Now()
	}
	_, err = s.store.RecordPremiumInvoice(ctx, store.PremiumInvoice{ID: inv.ID, UserID: userID, SubscriptionID: inv.SubscriptionID,
		AmountCents: inv.AmountCents, Currency: strings.ToLower(inv.Currency), PaidAt: paidAt.UTC(), CreatedAt: s.clock.Now()})
	return err
}

// paymentSucceeded adds the payment's credits once: the ledger's unique
// reference turns every further delivery, concurrent or late, into a no-op.
func (s *Service) paymentSucceeded(ctx context.Context, pi payment.PaymentIntent) error {
	p, err := s.store.GetPaymentByIntent(ctx, pi.ID)
	if errors.Is(err, store.ErrNotFound) {
		// Not a purchase of this server (another integration on the same
		// account): acknowledged, so the processor stops sending it.
		s.log.WarnContext(ctx, "billing: payment succeeded for an unknown intent", "intent", pi.ID)
		return nil
	}
	if err != nil {
		return err
	}
	if pi.AmountCents != p.AmountCents || !strings.EqualFold(pi.Currency, p.Currency) {
		s.log.ErrorContext(ctx, "billing: a succeeded payment does not match its purchase: no credits added",
			"intent", pi.ID, "amount", pi.AmountCents, "want", p.AmountCents, "currency", pi.Currency)
		return nil
	}
	now := s.clock.Now()
	return s.store.InTx(ctx, func(tx *store.Store) error {
		err := tx.AddCreditLog(ctx, model.CreditLog{ID: model.NewID(), UserID: p.UserID, CreatedAt: now,
			Description: "credits.log.purchase", Deposited: p.Credits, Ref: sql.NullString{String: CreditRef(pi.ID), Valid: true},
			Currency: p.Currency, AmountCents: p.AmountCents})
		if err != nil && !errors.Is(err, store.ErrDuplicateRef) {
			return err
		}
		_, err = tx.SetPaymentStatus(ctx, pi.ID, model.PaymentSucceeded, now)
		return err
	})
}

// paymentStatus records a payment's other outcomes; a succeeded payment
// stays succeeded and keeps its credits.
func (s *Service) paymentStatus(ctx context.Context, intentID, status string) error {
	_, err := s.store.SetPaymentStatus(ctx, intentID, status, s.clock.Now())
	return err
}

// checkoutCompleted links the customer to the user who checked out, then
// reads the subscription the checkout created.
func (s *Service) checkoutCompleted(ctx context.Context, ev payment.Event) error {
	cs := ev.CheckoutSession
	if cs.SubscriptionID == "" {
		return nil // a one-off checkout: nothing of ours
	}
	userID := cs.ClientReferenceID
	if userID == "" {
		userID = cs.Metadata["user_id"]
	}
	return s.syncSubscription(ctx, cs.SubscriptionID, ev.Created, nil, userID)
}

// syncSubscription reads the subscription's current state from the
// processor (the payload of an event may be older than another already
// applied; the processor's state is not), falls back to the event's payload
// when the processor does not know it, stores it unless a newer event was
// applied, and derives the user's premium state from their subscriptions.
func (s *Service) syncSubscription(ctx context.Context, id string, eventAt time.Time, payload *payment.Subscription, userHint string) error {
	sub, err := s.pay.GetSubscription(ctx, id)
	switch {
	case errors.Is(err, payment.ErrNotFound) && payload != nil:
		sub = *payload
	case errors.Is(err, payment.ErrNotFound):
		s.log.WarnContext(ctx, "billing: event names an unknown subscription", "subscription", id)
		return nil
	case err != nil:
		return unavailable(err) // a 503: the processor delivers the event again later
	}
	userID, err := s.subscriber(ctx, sub, userHint)
	if err != nil {
		return err
	}
	if userID == "" {
		s.log.WarnContext(ctx, "billing: subscription of no known user", "subscription", id, "customer", sub.CustomerID)
		return nil
	}
	plan := planOf(sub)
	if plan == "" {
		s.log.WarnContext(ctx, "billing: subscription of an unknown plan", "subscription", id, "interval", sub.Interval)
		return nil
	}
	now := s.clock.Now()
	return s.store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.LockUserBilling(ctx, userID); err != nil {
			return err
		}
		if sub.CustomerID != "" {
			if _, err := tx.CreateBillingCustomer(ctx, userID, sub.CustomerID, now); err != nil {
				return err
			}
		}
		wrote, err := tx.SaveSubscription(ctx, model.Subscription{ID: sub.ID, UserID: userID, CustomerID: sub.CustomerID,
			Plan: plan, Status: sub.Status, CancelAtPeriodEnd: sub.CancelAtPeriodEnd, CancelAt: model.NullTime(sub.CancelAt.UTC()),
			StartedAt: model.NullTime(sub.StartedAt.UTC()), CurrentPeriodEnd: model.NullTime(sub.CurrentPeriodEnd.UTC()),
			EndedAt: model.NullTime(sub.EndedAt.UTC()),
			EventAt: eventAt.Unix(), CreatedAt: now, UpdatedAt: now})
		if err != nil || !wrote {
			return err
		}
		subs, err := tx.ListUserSubscriptions(ctx, userID)
		if err != nil {
			return err
		}
		st := premiumOf(subs, now)
		return tx.SetUserPremium(ctx, userID, st.Status, st.Start, st.End, st.Plan, now)
	})
}

// subscriber finds the user of a subscription: the one it is stored for, the
// checkout's user, the user named in its metadata, or the customer's user.
func (s *Service) subscriber(ctx context.Context, sub payment.Subscription, hint string) (string, error) {
	stored, err := s.store.GetSubscription(ctx, sub.ID)
	if err == nil {
		return stored.UserID, nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return "", err
	}
	for _, id := range []string{hint, sub.Metadata["user_id"]} {
		if id == "" {
			continue
		}
		if _, err := s.store.GetUser(ctx, id); err == nil {
			return id, nil
		} else if !errors.Is(err, store.ErrNotFound) {
			return "", err
		}
	}
	if sub.CustomerID == "" {
		return "", nil
	}
	id, err := s.store.GetUserIDByCustomer(ctx, sub.CustomerID)
	if errors.Is(err, store.ErrNotFound) {
		return "", nil
	}
	return id, err
}

func planOf(sub payment.Subscription) string {
	switch sub.Interval {
	case payment.IntervalMonth:
		return PlanMonthly
	case payment.IntervalYear:
		return PlanYearly
	}
	switch sub.Metadata["plan"] {
	case PlanPremiumMonthly:
		return PlanMonthly
	case PlanPremiumYearly:
		return PlanYearly
	}
	return ""
}

// premium is a user's premium state.
type premium struct {
	Status     string
	Start, End sql.NullTime
	Plan       sql.NullString
}

// premiumOf derives the premium state from a user's subscriptions, the latest
// started first. A running subscription wins over ended ones (a new
// subscription after a cancellation); one not yet paid counts for nothing.
func premiumOf(subs []model.Subscription, now time.Time) premium {
	var running, ended *model.Subscription
	for i := range subs {
		sub := &subs[i]
		switch sub.Status {
		case "active", "trialing", "past_due":
			if running == nil {
				running = sub
			}
		case "canceled", "unpaid", "incomplete_expired":
			if ended == nil {
				ended = sub
			}
		}
	}
	switch {
	case running != nil:
		plan := sql.NullString{String: running.Plan, Valid: true}
		if running.CancelAtPeriodEnd || running.CancelAt.Valid {
			end := running.CurrentPeriodEnd
			if running.CancelAt.Valid {
				end = running.CancelAt
			}
			return premium{Status: model.PremiumCancellation, Start: running.StartedAt, End: end, Plan: plan}
		}
		return premium{Status: model.PremiumActive, Start: running.StartedAt, End: running.CurrentPeriodEnd, Plan: plan}
	case ended != nil:
		// No plan once it has ended: nothing bills again, and a plan
		// stored here would read as one in force.
		end := ended.EndedAt
		if !end.Valid {
			end = model.NullTime(now)
		}
		return premium{Status: model.PremiumCanceled, Start: ended.StartedAt, End: end}
	}
	return premium{Status: model.PremiumNone}
}

// Subscribe opens a subscription checkout for a moderated provider without
// premium in force; the processor's events start premium.
func (s *Service) Subscribe(ctx context.Context, userID, plan, successURL, cancelURL, lang string) (string, error) {
	u, err := s.provider(ctx, userID)
	if err != nil {
		return "", err
	}
	pricing := s.PricingFor(u.Domain)
	var interval string
	var cents int64
	switch plan {
	case PlanPremiumMonthly:
		interval, cents = payment.IntervalMonth, pricing.MonthlyCents
	case PlanPremiumYearly:
		interval, cents = payment.IntervalYear, pricing.YearlyCents
	default:
		return "", apperr.Validation(map[string]string{"plan": "subscription.errors.plan"})
	}
	if u.IsPremium(s.clock.Now()) {
		return "", apperr.New(apperr.Conflict, "subscription.errors.already_premium")
	}
	customer, err := s.customer(ctx, u)
	if err != nil {
		return "", err
	}
	session, err := s.pay.CreateCheckoutSession(ctx, payment.CheckoutParams{
		CustomerID: customer, ClientReferenceID: u.ID, Interval: interval, AmountCents: cents, Currency: pricing.Currency,
		ProductName: "Noces Premium", Metadata: map[string]string{"user_id": u.ID, "plan": plan},
		SuccessURL: successURL, CancelURL: cancelURL, Locale: lang,
	})
	if err != nil {
		return "", unavailable(err)
	}
	return session.URL, nil
}

// customer returns the user's customer at the processor, creating it once.
func (s *Service) customer(ctx context.Context, u model.User) (string, error) {
	id, err := s.store.GetBillingCustomer(ctx, u.ID)
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return "", err
	}
	// The key makes two concurrent first subscriptions create one customer.
	id, err = s.pay.CreateCustomer(ctx, payment.CustomerParams{Email: u.Email, Name: strings.TrimSpace(u.Firstname + " " + u.Lastname),
		Metadata: map[string]string{"user_id": u.ID}, IdempotencyKey: idempotencyKey("customer", u.ID)})
	if err != nil {
		return "", unavailable(err)
	}
	if _, err := s.store.CreateBillingCustomer(ctx, u.ID, id, s.clock.Now()); err != nil {
		return "", err
	}
	return s.store.GetBillingCustomer(ctx, u.ID)
}

// Portal opens the processor's page where the user manages their
// subscription; it needs a customer, made by a first subscription.
func (s *Service) Portal(ctx context.Context, userID, returnURL, lang string) (string, error) {
	id, err := s.store.GetBillingCustomer(ctx, userID)
	if errors.Is(err, store.ErrNotFound) {
		return "", apperr.New(apperr.Conflict, "subscription.errors.no_subscription")
	}
	if err != nil {
		return "", err
	}
	session, err := s.pay.CreatePortalSession(ctx, payment.PortalParams{CustomerID: id, ReturnURL: returnURL, Locale: lang})
	if err != nil {
		return "", unavailable(err)
	}
	return session.URL, nil
}

// PremiumPlan is the plan of the user's subscription in force (running,
// or cancelled and running until its end): monthly or yearly; "" without
// one, and once a cancelled subscription has ended.
func (s *Service) PremiumPlan(ctx context.Context, userID string) (string, error) {
	return s.store.GetPremiumPlan(ctx, userID)
}

// PremiumState is the premium status and plan a client is told now, from
// the user's stored state and stored plan. A cancelled subscription whose
// end has passed is canceled, without a plan, even before the processor's
// last event arrives: after a cancellation the reply says so, and never
// shows the billing of a plan that will not bill again.
func (s *Service) PremiumState(u model.User, plan string) (status, planInForce string) {
	status = u.PremiumStatus
	if status == model.PremiumCancellation && !u.IsPremium(s.clock.Now()) {
		status = model.PremiumCanceled
	}
	switch status {
	case model.PremiumActive, model.PremiumCancellation:
		return status, plan
	}
	return status, ""
}

// Reconcile reads every subscription not known to have ended from the
// processor and stores its state, so that a webhook lost for good (an
// endpoint down longer than the processor retries) is caught within a day.
// A failure on one subscription does not stop the others; the first is
// returned.
func (s *Service) Reconcile(ctx context.Context) (int, error) {
	ids, err := s.store.ListLiveSubscriptionIDs(ctx)
	if err != nil {
		return 0, err
	}
	var first error
	for _, id := range ids {
		if err := s.syncSubscription(ctx, id, s.clock.Now(), nil, ""); err != nil {
			s.log.WarnContext(ctx, "billing: reconcile", "subscription", id, "err", err.Error())
			if first == nil {
				first = err
			}
		}
	}
	return len(ids), first
}
