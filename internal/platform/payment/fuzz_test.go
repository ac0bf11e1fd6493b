package payment

import (
	"bytes"
	"crypto/hmac"
	"encoding/hex"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v86/webhook"
)

// FuzzParseWebhook checks the Stripe-Signature check with what an attacker
// controls: the body and the header. It never accepts a body other than the
// one signed, a body signed with another secret, or a header that does not
// carry the HMAC of the body under the secret.
func FuzzParseWebhook(f *testing.F) {
	const secret = "whsec_fuzz_secret"
	now := time.Now()
	event, err := EventJSON("evt_fuzz", "payment_intent.succeeded", now,
		map[string]any{"id": "pi_fuzz", "object": "payment_intent", "amount": 4900, "currency": "eur", "status": "succeeded"})
	if err != nil {
		f.Fatal(err)
	}
	good := SignatureHeader(event, secret, now)
	f.Add(event, good, uint16(0))
	f.Add(event, good+",v1=00", uint16(10))
	f.Add(event, "t="+strconv.FormatInt(now.Unix(), 10)+",v1=", uint16(1))
	f.Add(event, SignatureHeader(event, secret, now.Add(-time.Hour)), uint16(3))
	f.Add(event, SignatureHeader(event, "whsec_other", now), uint16(2))
	f.Add([]byte(`{"id":"evt_x","object":"event","type":"customer.subscription.deleted","data":{"object":{}}}`), "", uint16(5))
	f.Add([]byte(`{"id":"evt_y","object":"event","type":"invoice.paid","api_version":"2025-03-31.basil","data":{"object":{"id":"in_1","parent":{"subscription_details":{"subscription":"sub_1"}}}}}`), "", uint16(4))
	f.Add([]byte("not json"), "v1=abc,t=0", uint16(7))
	f.Add([]byte{}, good, uint16(0))
	f.Fuzz(func(t *testing.T, body []byte, header string, at uint16) {
		// A header the fuzzer wrote, against the genuine event: accepted
		// only when it carries the event's HMAC for its timestamp.
		if _, err := parseSigned(event, header, secret); err == nil && !carriesMAC(event, header, secret) {
			t.Fatalf("accepted the header %q, which does not sign the event", header)
		}
		// The same header against the fuzzer's body.
		if _, err := parseSigned(body, header, secret); err == nil && !carriesMAC(body, header, secret) {
			t.Fatalf("accepted the body %q with the header %q, which does not sign it", body, header)
		}
		// The fuzzer's body, signed: with another secret it is refused;
		// changed in any way after signing, it is refused.
		signed := SignatureHeader(body, secret, now)
		if _, err := parseSigned(body, SignatureHeader(body, "whsec_other", now), secret); err == nil {
			t.Fatalf("accepted %q signed with another secret", body)
		}
		for _, changed := range alterations(body, int(at)) {
			if _, err := parseSigned(changed, signed, secret); err == nil {
				t.Fatalf("accepted %q with the signature of %q", changed, body)
			}
		}
		// The genuine event signed now is accepted (the check does not
		// refuse everything).
		if e, err := parseSigned(event, good, secret); err != nil || e.ID != "evt_fuzz" {
			t.Fatalf("refused the genuine event: %v", err)
		}
	})
}

// alterations are bodies that differ from body: a byte flipped at i, a byte
// added, the last byte removed.
func alterations(body []byte, i int) [][]byte {
	var out [][]byte
	if len(body) > 0 {
		flipped := bytes.Clone(body)
		flipped[i%len(body)] ^= 0x20
		out = append(out, flipped, body[:len(body)-1])
	}
	return append(out, append(bytes.Clone(body), ' '))
}

// carriesMAC reports whether a Stripe-Signature header has a v1 signature
// equal to the HMAC-SHA256 of "t.body" for one of its t= timestamps.
func carriesMAC(body []byte, header, secret string) bool {
	var stamps, sigs []string
	for _, part := range strings.Split(header, ",") {
		k, v, _ := strings.Cut(part, "=")
		switch k {
		case "t":
			stamps = append(stamps, v)
		case "v1":
			sigs = append(sigs, v)
		}
	}
	for _, ts := range stamps {
		sec, err := strconv.ParseInt(ts, 10, 64)
		if err != nil {
			continue
		}
		want := webhook.ComputeSignature(time.Unix(sec, 0), body, secret)
		for _, s := range sigs {
			if got, err := hex.DecodeString(s); err == nil && hmac.Equal(got, want) {
				return true
			}
		}
	}
	return false
}
