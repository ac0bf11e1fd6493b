package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"noces/internal/store"
	"noces/internal/store/storetest"
)

func TestSandboxObjectsOnEveryEngine(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()

	t.Run("an object reads back with its version, a missing one is not found", func(t *testing.T) {
		id, err := s.CreateSandboxObject(ctx, "intent", "pi_1", "", "", []byte(`{"amount":900}`), now)
		if err != nil || id != "pi_1" {
			t.Fatalf("%q %v", id, err)
		}
		obj, version, found, err := s.GetSandboxObject(ctx, "intent", "pi_1")
		if err != nil || !found || string(obj) != `{"amount":900}` || version != 1 {
			t.Errorf("%s %d %v %v", obj, version, found, err)
		}
		// The kind is part of the address: a checkout page cannot open an intent.
		if _, _, found, err := s.GetSandboxObject(ctx, "checkout", "pi_1"); found || err != nil {
			t.Errorf("%v %v", found, err)
		}
		if _, err := s.CreateSandboxObject(ctx, "intent", "pi_1", "", "", []byte(`{}`), now); !errors.Is(err, store.ErrConflict) {
			t.Errorf("a second object under one id: %v", err)
		}
	})

	t.Run("an idempotency key gives back the first object of its kind", func(t *testing.T) {
		first, err := s.CreateSandboxObject(ctx, "customer", "cus_1", "", "customer-u1", []byte(`{}`), now)
		if err != nil || first != "cus_1" {
			t.Fatalf("%q %v", first, err)
		}
		again, err := s.CreateSandboxObject(ctx, "customer", "cus_2", "", "customer-u1", []byte(`{}`), now)
		if err != nil || again != "cus_1" {
			t.Errorf("%q %v", again, err)
		}
		if _, _, found, _ := s.GetSandboxObject(ctx, "customer", "cus_2"); found {
			t.Error("the second call stored its object")
		}
		other, err := s.CreateSandboxObject(ctx, "checkout", "cs_1", "cus_1", "customer-u1", []byte(`{}`), now)
		if err != nil || other != "cs_1" {
			t.Errorf("the same key on another kind: %q %v", other, err)
		}
	})

	t.Run("a change applies to the version it read, with its events", func(t *testing.T) {
		ok, err := s.UpdateSandboxObject(ctx, "intent", "pi_1", 1, []byte(`{"status":"succeeded"}`), [][]byte{[]byte(`{"id":"evt_1"}`)}, now)
		if err != nil || !ok {
			t.Fatalf("%v %v", ok, err)
		}
		ok, err = s.UpdateSandboxObject(ctx, "intent", "pi_1", 1, []byte(`{"status":"requires_payment_method"}`), [][]byte{[]byte(`{"id":"evt_2"}`)}, now)
		if err != nil || ok {
			t.Errorf("a change to an older version: %v %v", ok, err)
		}
		obj, version, _, _ := s.GetSandboxObject(ctx, "intent", "pi_1")
		if string(obj) != `{"status":"succeeded"}` || version != 2 {
			t.Errorf("%s %d", obj, version)
		}
		if got := drain(t, s); !cmp.Equal(got, []string{`{"id":"evt_1"}`}) {
			t.Errorf("events %v", got)
		}
	})

	t.Run("a completed checkout starts its subscription once", func(t *testing.T) {
		events := [][]byte{[]byte(`{"id":"evt_created"}`), []byte(`{"id":"evt_completed"}`)}
		ok, err := s.CompleteSandboxCheckout(ctx, "cs_1", 1, []byte(`{"sub":"sub_1"}`), "sub_1", "cus_1", []byte(`{"id":"sub_1"}`), events, now)
		if err != nil || !ok {
			t.Fatalf("%v %v", ok, err)
		}
		ok, err = s.CompleteSandboxCheckout(ctx, "cs_1", 1, []byte(`{"sub":"sub_2"}`), "sub_2", "cus_1", []byte(`{"id":"sub_2"}`), events, now)
		if err != nil || ok {
			t.Errorf("completed twice: %v %v", ok, err)
		}
		if _, _, found, _ := s.GetSandboxObject(ctx, "subscription", "sub_2"); found {
			t.Error("the second completion stored its subscription")
		}
		if got := drain(t, s); !cmp.Equal(got, []string{`{"id":"evt_created"}`, `{"id":"evt_completed"}`}) {
			t.Errorf("events %v", got)
		}
	})

	t.Run("a customer's latest subscription is the one started last", func(t *testing.T) {
		if _, err := s.CreateSandboxObject(ctx, "subscription", "sub_0", "cus_1", "", []byte(`{"id":"sub_0"}`), now.Add(-time.Hour)); err != nil {
			t.Fatal(err)
		}
		obj, version, found, err := s.LatestSandboxObject(ctx, "subscription", "cus_1")
		if err != nil || !found || string(obj) != `{"id":"sub_1"}` || version != 1 {
			t.Errorf("%s %d %v %v", obj, version, found, err)
		}
		if _, _, found, err := s.LatestSandboxObject(ctx, "subscription", "cus_nobody"); found || err != nil {
			t.Errorf("%v %v", found, err)
		}
	})
}

func TestSandboxEventClaimsOnEveryEngine(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	for i, id := range []string{"pi_a", "pi_b"} {
		if _, err := s.CreateSandboxObject(ctx, "intent", id, "", "", []byte(`{}`), now); err != nil {
			t.Fatal(err)
		}
		if ok, err := s.UpdateSandboxObject(ctx, "intent", id, 1, []byte(`{}`), [][]byte{[]byte(id)}, now.Add(time.Duration(i)*time.Second)); err != nil || !ok {
			t.Fatal(ok, err)
		}
	}
	lease := now.Add(time.Minute)

	id, payload, ok, err := s.ClaimSandboxEvent(ctx, "one", now, lease)
	if err != nil || !ok || string(payload) != "pi_a" {
		t.Fatalf("%s %v %v", payload, ok, err)
	}
	t.Run("the oldest event held by another stops the others", func(t *testing.T) {
		if _, payload, ok, err := s.ClaimSandboxEvent(ctx, "two", now, lease); ok || err != nil {
			t.Errorf("claimed %s while the oldest is held: %v", payload, err)
		}
	})
	t.Run("a refused event goes back, its error kept, for the next pass", func(t *testing.T) {
		storetest.Must(t, s.ReleaseSandboxEvent(ctx, id, "one", "the database is down"))
		var attempts int
		var lastError string
		storetest.Must(t, s.DB().QueryRowContext(ctx, `SELECT attempts, last_error FROM sandbox_events WHERE id = $1`, id).Scan(&attempts, &lastError))
		if attempts != 1 || lastError != "the database is down" {
			t.Errorf("%d %q", attempts, lastError)
		}
		again, payload, ok, err := s.ClaimSandboxEvent(ctx, "two", now, lease)
		if err != nil || !ok || again != id || string(payload) != "pi_a" {
			t.Errorf("%s %s %v %v", again, payload, ok, err)
		}
	})
	t.Run("only the holder of a claim deletes its event", func(t *testing.T) {
		storetest.Must(t, s.DeleteSandboxEvent(ctx, id, "one"))
		if _, _, ok, _ := s.ClaimSandboxEvent(ctx, "three", now, lease); ok {
			t.Error("an old claim deleted the event, or the held event was claimed")
		}
		storetest.Must(t, s.DeleteSandboxEvent(ctx, id, "two"))
	})
	t.Run("a claim that ran out is taken over", func(t *testing.T) {
		_, payload, ok, err := s.ClaimSandboxEvent(ctx, "four", now, lease)
		if err != nil || !ok || string(payload) != "pi_b" {
			t.Fatalf("%s %v %v", payload, ok, err)
		}
		if _, _, ok, _ := s.ClaimSandboxEvent(ctx, "five", lease.Add(-time.Second), lease); ok {
			t.Error("taken over before its lease ran out")
		}
		if _, payload, ok, err := s.ClaimSandboxEvent(ctx, "five", lease, lease.Add(time.Minute)); err != nil || !ok || string(payload) != "pi_b" {
			t.Errorf("%s %v %v", payload, ok, err)
		}
	})
}

// drain claims and deletes every waiting event, returning their payloads in
// delivery order.
func drain(t *testing.T, s *store.Store) []string {
	t.Helper()
	var out []string
	for {
		id, payload, ok, err := s.ClaimSandboxEvent(context.Background(), "drain", now, now.Add(time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return out
		}
		out = append(out, string(payload))
		storetest.Must(t, s.DeleteSandboxEvent(context.Background(), id, "drain"))
	}
}
