package payment

import (
	"time"
)

// The functions below write objects in Stripe's JSON shape, for the events
// the sandbox sends and the events tests build: the parsing side then reads
// them with stripe-go's own types, as it reads Stripe's.

// IntentObject is a payment_intent object.
func IntentObject(pi PaymentIntent, created time.Time) map[string]any {
	obj := map[string]any{
		"id": pi.ID, "object": "payment_intent", "amount": pi.AmountCents, "currency": pi.Currency,
		"status": pi.Status, "client_secret": pi.ClientSecret, "metadata": orEmpty(pi.Metadata),
		"created": created.Unix(), "livemode": false, "last_payment_error": nil, "amount_received": 0,
	}
	if pi.Status == "succeeded" {
		obj["amount_received"] = pi.AmountCents
	}
	if pi.FailureCode != "" {
		obj["last_payment_error"] = map[string]any{"type": "card_error", "code": "card_declined",
			"decline_code": pi.FailureCode, "message": "Your card was declined."}
	}
	return obj
}

// SubscriptionObject is a subscription object billed amountCents per interval.
func SubscriptionObject(sub Subscription, amountCents int64, currency string) map[string]any {
	return map[string]any{
		"id": sub.ID, "object": "subscription", "customer": sub.CustomerID, "status": sub.Status,
		"cancel_at_period_end": sub.CancelAtPeriodEnd, "cancel_at": unixOrNil(sub.CancelAt),
		"start_date": sub.StartedAt.Unix(), "created": sub.StartedAt.Unix(), "ended_at": unixOrNil(sub.EndedAt),
		"canceled_at": unixOrNil(sub.EndedAt), "metadata": orEmpty(sub.Metadata), "currency": currency, "livemode": false,
		"items": map[string]any{"object": "list", "has_more": false, "data": []any{map[string]any{
			"id": "si_" + sub.ID, "object": "subscription_item", "quantity": 1, "subscription": sub.ID,
			"current_period_end": sub.CurrentPeriodEnd.Unix(),
			"price": map[string]any{"id": "price_premium_" + sub.Interval, "object": "price", "currency": currency,
				"unit_amount": amountCents, "type": "recurring", "recurring": map[string]any{"interval": sub.Interval, "interval_count": 1}},
		}}},
	}
}

// CheckoutObject is a completed checkout.session object in subscription mode.
func CheckoutObject(cs CheckoutSession) map[string]any {
	return map[string]any{
		"id": cs.ID, "object": "checkout.session", "mode": "subscription", "status": "complete", "payment_status": "paid",
		"customer": cs.CustomerID, "subscription": cs.SubscriptionID, "client_reference_id": cs.ClientReferenceID,
		"metadata": orEmpty(cs.Metadata), "livemode": false,
	}
}

// InvoiceObject is a paid invoice object of a subscription.
func InvoiceObject(inv Invoice) map[string]any {
	return map[string]any{
		"id": inv.ID, "object": "invoice", "customer": inv.CustomerID, "status": "paid", "paid": true,
		"amount_due": inv.AmountCents, "amount_paid": inv.AmountCents, "currency": inv.Currency, "livemode": false,
		"created": inv.PaidAt.Unix(), "billing_reason": "subscription_create",
		"status_transitions": map[string]any{"paid_at": inv.PaidAt.Unix(), "finalized_at": inv.PaidAt.Unix()},
		"parent": map[string]any{"type": "subscription_details",
			"subscription_details": map[string]any{"subscription": inv.SubscriptionID, "metadata": map[string]string{}}},
	}
}

// SignedEvent builds an event around object and signs it with secret at t:
// the body and Stripe-Signature header of one webhook delivery.
func SignedEvent(secret, id, typ string, created time.Time, object any, t time.Time) (payload []byte, signature string, err error) {
	payload, err = EventJSON(id, typ, created, object)
	if err != nil {
		return nil, "", err
	}
	return payload, SignatureHeader(payload, secret, t), nil
}

func unixOrNil(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.Unix()
}

func orEmpty(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}
