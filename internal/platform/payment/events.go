package payment

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v86"
	"github.com/stripe/stripe-go/v86/webhook"
)

// parseSigned verifies a Stripe-Signature header with the library's own
// check (HMAC-SHA256 of "t.payload", at most SignatureTolerance old), then
// the event's API version against this library's (ErrAPIVersion, told apart
// from a bad signature), and parses the event. Stripe and the sandbox share
// it, so a sandbox event takes the path a real one does.
func parseSigned(payload []byte, signature, secret string) (Event, error) {
	e, err := webhook.ConstructEventWithOptions(payload, signature, secret,
		webhook.ConstructEventOptions{Tolerance: SignatureTolerance, IgnoreAPIVersionMismatch: true})
	if err != nil {
		return Event{}, fmt.Errorf("%w: %v", ErrSignature, err)
	}
	if !compatibleAPIVersion(stripe.APIVersion, e.APIVersion) {
		return Event{}, fmt.Errorf("%w: %q, this server reads %q", ErrAPIVersion, e.APIVersion, stripe.APIVersion)
	}
	return parseEvent(e)
}

// compatibleAPIVersion is the library's own rule, which it does not export:
// versions are "yyyy-mm-dd.train" and events of the same release train share
// their objects' shape; older versions (no train) and other trains do not,
// and a preview library takes its exact version only.
func compatibleAPIVersion(ours, theirs string) bool {
	_, ourTrain, ok := strings.Cut(ours, ".")
	if !ok {
		return ours == theirs
	}
	_, theirTrain, ok := strings.Cut(theirs, ".")
	if !ok {
		return false
	}
	if ourTrain == "preview" {
		return ours == theirs
	}
	return ourTrain == theirTrain
}

// parseEvent turns a Stripe event into the processor-neutral Event.
func parseEvent(e stripe.Event) (Event, error) {
	out := Event{ID: e.ID, Type: string(e.Type), Created: unix(e.Created)}
	if e.Data == nil {
		return out, fmt.Errorf("payment: event %s has no data", e.ID)
	}
	switch {
	case strings.HasPrefix(out.Type, eventPaymentIntentPrefix):
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(e.Data.Raw, &pi); err != nil {
			return out, fmt.Errorf("payment: event %s: %w", e.ID, err)
		}
		v := fromStripeIntent(&pi)
		out.PaymentIntent = &v
	case strings.HasPrefix(out.Type, eventCheckoutSessionPrefx):
		var cs stripe.CheckoutSession
		if err := json.Unmarshal(e.Data.Raw, &cs); err != nil {
			return out, fmt.Errorf("payment: event %s: %w", e.ID, err)
		}
		v := CheckoutSession{ID: cs.ID, Mode: string(cs.Mode), ClientReferenceID: cs.ClientReferenceID, Metadata: cs.Metadata}
		if cs.Customer != nil {
			v.CustomerID = cs.Customer.ID
		}
		if cs.Subscription != nil {
			v.SubscriptionID = cs.Subscription.ID
		}
		out.CheckoutSession = &v
	case strings.HasPrefix(out.Type, eventSubscriptionPrefix):
		var sub stripe.Subscription
		if err := json.Unmarshal(e.Data.Raw, &sub); err != nil {
			return out, fmt.Errorf("payment: event %s: %w", e.ID, err)
		}
		v := fromStripeSubscription(&sub)
		out.Subscription = &v
	case strings.HasPrefix(out.Type, eventInvoicePrefix):
		var inv stripe.Invoice
		if err := json.Unmarshal(e.Data.Raw, &inv); err != nil {
			return out, fmt.Errorf("payment: event %s: %w", e.ID, err)
		}
		v := fromStripeInvoice(&inv)
		out.Invoice = &v
	}
	return out, nil
}

func fromStripeIntent(pi *stripe.PaymentIntent) PaymentIntent {
	out := PaymentIntent{ID: pi.ID, ClientSecret: pi.ClientSecret, Status: string(pi.Status), AmountCents: pi.Amount,
		Currency: string(pi.Currency), Metadata: pi.Metadata}
	if pi.LastPaymentError != nil {
		out.FailureCode = string(pi.LastPaymentError.Code)
		if pi.LastPaymentError.DeclineCode != "" {
			out.FailureCode = string(pi.LastPaymentError.DeclineCode)
		}
	}
	return out
}

func fromStripeSubscription(sub *stripe.Subscription) Subscription {
	out := Subscription{ID: sub.ID, Status: string(sub.Status), CancelAtPeriodEnd: sub.CancelAtPeriodEnd,
		CancelAt: unix(sub.CancelAt), StartedAt: unix(sub.StartDate), EndedAt: unix(sub.EndedAt), Metadata: sub.Metadata}
	if sub.Customer != nil {
		out.CustomerID = sub.Customer.ID
	}
	if sub.Items != nil {
		for _, it := range sub.Items.Data {
			if it == nil {
				continue
			}
			// Since 2025 the billing period lives on the items.
			if end := unix(it.CurrentPeriodEnd); end.After(out.CurrentPeriodEnd) {
				out.CurrentPeriodEnd = end
			}
			switch {
			case it.Price != nil && it.Price.Recurring != nil:
				out.Interval = string(it.Price.Recurring.Interval)
			case it.Plan != nil:
				out.Interval = string(it.Plan.Interval)
			}
		}
	}
	return out
}

func fromStripeInvoice(inv *stripe.Invoice) Invoice {
	out := Invoice{ID: inv.ID, AmountCents: inv.AmountPaid, Currency: string(inv.Currency)}
	if inv.Customer != nil {
		out.CustomerID = inv.Customer.ID
	}
	// Since 2025 the subscription is named by the invoice's parent.
	if inv.Parent != nil && inv.Parent.SubscriptionDetails != nil && inv.Parent.SubscriptionDetails.Subscription != nil {
		out.SubscriptionID = inv.Parent.SubscriptionDetails.Subscription.ID
	}
	if inv.StatusTransitions != nil {
		out.PaidAt = unix(inv.StatusTransitions.PaidAt)
	}
	return out
}

func unix(sec int64) time.Time {
	if sec == 0 {
		return time.Time{}
	}
	return time.Unix(sec, 0).UTC()
}

// SignatureHeader is the Stripe-Signature header Stripe would send for payload
// signed with secret at t: "t=<unix seconds>,v1=<hex HMAC-SHA256>". The
// sandbox signs its events with it, and tests build events the same way.
func SignatureHeader(payload []byte, secret string, t time.Time) string {
	sig := webhook.ComputeSignature(t, payload, secret)
	return "t=" + strconv.FormatInt(t.Unix(), 10) + ",v1=" + hex.EncodeToString(sig)
}

// EventJSON builds the JSON of a Stripe event of type typ around object, as
// Stripe sends it: the library's API version, so verification accepts it.
func EventJSON(id, typ string, created time.Time, object any) ([]byte, error) {
	raw, err := json.Marshal(object)
	if err != nil {
		return nil, fmt.Errorf("payment: event object: %w", err)
	}
	return json.Marshal(map[string]any{
		"id": id, "object": "event", "api_version": stripe.APIVersion, "created": created.Unix(),
		"type": typ, "livemode": false, "pending_webhooks": 1,
		"data": map[string]any{"object": json.RawMessage(raw)},
	})
}
