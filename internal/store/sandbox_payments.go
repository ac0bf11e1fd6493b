package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"noces/internal/model"
)

// The sandbox card processor's state (payment.SandboxStore): objects kept
// whole as JSON under a version, and the events waiting for delivery. The
// methods take and return plain values because the payment package, a leaf,
// cannot know the store's types, nor the store the processor's.

// CreateSandboxObject stores a new object of a kind under id, at version 1.
// With a key, the first call stores it and every later call with the same
// kind and key, from any server, stores nothing and returns the first call's
// id: the caller compares it with its own id to know which happened.
func (s *Store) CreateSandboxObject(ctx context.Context, kind, id, customerID, key string, object []byte, at time.Time) (string, error) {
	res, err := s.exec(ctx, `INSERT INTO sandbox_objects (kind, id, customer_id, idempotency_key, version, object, created_at)
		VALUES ($1, $2, $3, $4, 1, $5, $6) ON CONFLICT DO NOTHING`, kind, id, customerID, key, string(object), at.UTC())
	if err != nil {
		return "", fmt.Errorf("store: create sandbox %s: %w", kind, err)
	}
	if affected(res) == 1 {
		return id, nil
	}
	if key == "" {
		return "", fmt.Errorf("store: create sandbox %s %s: %w", kind, id, ErrConflict)
	}
	var first string
	err = s.q.GetContext(ctx, &first, `SELECT id FROM sandbox_objects WHERE kind = $1 AND idempotency_key = $2`, kind, key)
	if err != nil {
		return "", fmt.Errorf("store: sandbox %s by key: %w", kind, notFound(err))
	}
	return first, nil
}

// GetSandboxObject reads an object and its version; found is false when
// there is none (the sandbox shows its not-found page for a wrong address).
func (s *Store) GetSandboxObject(ctx context.Context, kind, id string) (object []byte, version int64, found bool, err error) {
	return s.sandboxObject(ctx, "get sandbox "+kind, `SELECT object, version FROM sandbox_objects WHERE kind = $1 AND id = $2`, kind, id)
}

// LatestSandboxObject reads a customer's newest object of a kind (the
// subscription the billing portal manages), and its version.
func (s *Store) LatestSandboxObject(ctx context.Context, kind, customerID string) (object []byte, version int64, found bool, err error) {
	return s.sandboxObject(ctx, "latest sandbox "+kind, `SELECT object, version FROM sandbox_objects
		WHERE kind = $1 AND customer_id = $2 ORDER BY created_at DESC, id DESC LIMIT 1`, kind, customerID)
}

func (s *Store) sandboxObject(ctx context.Context, what, query string, args ...any) ([]byte, int64, bool, error) {
	var row struct {
		Object  string `db:"object"`
		Version int64  `db:"version"`
	}
	err := s.q.GetContext(ctx, &row, query, args...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, 0, false, nil
	}
	if err != nil {
		return nil, 0, false, fmt.Errorf("store: %s: %w", what, err)
	}
	return []byte(row.Object), row.Version, true, nil
}

// UpdateSandboxObject replaces an object that was read at version and
// queues the events telling of the change, in one transaction. It reports
// false, and stores nothing, when the object changed since it was read: of
// two servers paying one intent at once, one wins and the other reads the
// paid intent again.
func (s *Store) UpdateSandboxObject(ctx context.Context, kind, id string, version int64, object []byte, events [][]byte, at time.Time) (bool, error) {
	stored := false
	err := s.InTx(ctx, func(tx *Store) error {
		ok, err := tx.replaceSandboxObject(ctx, kind, id, version, object)
		if err != nil || !ok {
			return err
		}
		stored = true
		return tx.queueSandboxEvents(ctx, events, at)
	})
	return stored, err
}

// CompleteSandboxCheckout stores a paid checkout (read at version), the
// subscription it starts and the events telling of both, in one
// transaction, so that no subscription exists without its checkout nor its
// events. It reports false, storing nothing, when the checkout changed since
// it was read (paid meanwhile through another request or server).
func (s *Store) CompleteSandboxCheckout(ctx context.Context, checkoutID string, version int64, checkout []byte,
	subscriptionID, customerID string, subscription []byte, events [][]byte, at time.Time) (bool, error) {
	stored := false
	err := s.InTx(ctx, func(tx *Store) error {
		ok, err := tx.replaceSandboxObject(ctx, "checkout", checkoutID, version, checkout)
		if err != nil || !ok {
			return err
		}
		if _, err := tx.exec(ctx, `INSERT INTO sandbox_objects (kind, id, customer_id, idempotency_key, version, object, created_at)
			VALUES ('subscription', $1, $2, '', 1, $3, $4)`, subscriptionID, customerID, string(subscription), at.UTC()); err != nil {
			return fmt.Errorf("store: create sandbox subscription: %w", err)
		}
		stored = true
		return tx.queueSandboxEvents(ctx, events, at)
	})
	return stored, err
}

func (s *Store) replaceSandboxObject(ctx context.Context, kind, id string, version int64, object []byte) (bool, error) {
	res, err := s.exec(ctx, `UPDATE sandbox_objects SET object = $4, version = version + 1
		WHERE kind = $1 AND id = $2 AND version = $3`, kind, id, version, string(object))
	if err != nil {
		return false, fmt.Errorf("store: update sandbox %s: %w", kind, err)
	}
	return affected(res) == 1, nil
}

func (s *Store) queueSandboxEvents(ctx context.Context, events [][]byte, at time.Time) error {
	for _, payload := range events {
		if _, err := s.exec(ctx, `INSERT INTO sandbox_events (id, payload, created_at) VALUES ($1, $2, $3)`,
			model.NewID(), string(payload), at.UTC()); err != nil {
			return fmt.Errorf("store: queue sandbox event: %w", err)
		}
	}
	return nil
}

// ClaimSandboxEvent claims the oldest undelivered event for claim until
// until, and returns it. ok is false when there is none, or when the oldest
// is being delivered by someone else (its claim runs past now): the caller
// stops there rather than overtake it. The claim is a conditional UPDATE, so
// of several servers reaching for one event only one gets it.
func (s *Store) ClaimSandboxEvent(ctx context.Context, claim string, now, until time.Time) (id string, payload []byte, ok bool, err error) {
	var ev struct {
		ID           string     `db:"id"`
		Payload      string     `db:"payload"`
		ClaimedUntil *time.Time `db:"claimed_until"`
	}
	err = s.q.GetContext(ctx, &ev, `SELECT id, payload, claimed_until FROM sandbox_events ORDER BY created_at, id LIMIT 1`)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil, false, nil
	}
	if err != nil {
		return "", nil, false, fmt.Errorf("store: oldest sandbox event: %w", err)
	}
	if ev.ClaimedUntil != nil && ev.ClaimedUntil.After(now) {
		return "", nil, false, nil
	}
	res, err := s.exec(ctx, `UPDATE sandbox_events SET claim = $2, claimed_until = $3
		WHERE id = $1 AND (claimed_until IS NULL OR claimed_until <= $4)`, ev.ID, claim, until.UTC(), now.UTC())
	if err != nil {
		return "", nil, false, fmt.Errorf("store: claim sandbox event: %w", err)
	}
	if affected(res) != 1 {
		return "", nil, false, nil
	}
	return ev.ID, []byte(ev.Payload), true, nil
}

// DeleteSandboxEvent forgets a delivered event, if claim still holds it (a
// claim that ran out belongs to whoever took the event over).
func (s *Store) DeleteSandboxEvent(ctx context.Context, id, claim string) error {
	if _, err := s.exec(ctx, `DELETE FROM sandbox_events WHERE id = $1 AND claim = $2`, id, claim); err != nil {
		return fmt.Errorf("store: delete sandbox event: %w", err)
	}
	return nil
}

// ReleaseSandboxEvent gives back an event the webhook code refused, noting
// why, so that the next pass of any server tries it again.
func (s *Store) ReleaseSandboxEvent(ctx context.Context, id, claim, deliveryErr string) error {
	_, err := s.exec(ctx, `UPDATE sandbox_events SET claim = '', claimed_until = NULL, attempts = attempts + 1, last_error = $3
		WHERE id = $1 AND claim = $2`, id, claim, deliveryErr)
	if err != nil {
		return fmt.Errorf("store: release sandbox event: %w", err)
	}
	return nil
}
