package store

import (
	"context"
	"fmt"
	"time"

	"noces/internal/model"
)

// CountRateEvents counts the events of bucket since since, and returns the
// oldest of them (zero when none), from which a Retry-After is computed.
func (s *Store) CountRateEvents(ctx context.Context, bucket string, since time.Time) (int, time.Time, error) {
	var n int
	if err := s.q.GetContext(ctx, &n, `SELECT COUNT(*) FROM rate_events WHERE bucket = $1 AND created_at > $2`, bucket, since); err != nil {
		return 0, time.Time{}, fmt.Errorf("store: count rate events: %w", err)
	}
	if n == 0 {
		return 0, time.Time{}, nil
	}
	// A plain column, not MIN(): SQLite types an aggregate's result as text.
	var oldest time.Time
	err := s.q.GetContext(ctx, &oldest, `SELECT created_at FROM rate_events WHERE bucket = $1 AND created_at > $2
		ORDER BY created_at LIMIT 1`, bucket, since)
	if err != nil {
		return 0, time.Time{}, fmt.Errorf("store: oldest rate event: %w", err)
	}
	return n, oldest, nil
}

// NewestRateEvent returns the time of the latest event of bucket since
// since, and false when there is none.
func (s *Store) NewestRateEvent(ctx context.Context, bucket string, since time.Time) (time.Time, bool, error) {
	var newest []time.Time
	err := s.q.SelectContext(ctx, &newest, `SELECT created_at FROM rate_events WHERE bucket = $1 AND created_at > $2
		ORDER BY created_at DESC LIMIT 1`, bucket, since)
	if err != nil {
		return time.Time{}, false, fmt.Errorf("store: newest rate event: %w", err)
	}
	if len(newest) == 0 {
		return time.Time{}, false, nil
	}
	return newest[0], true, nil
}

// CreateRateEvent records one event in bucket.
func (s *Store) CreateRateEvent(ctx context.Context, bucket string, at time.Time) error {
	if _, err := s.exec(ctx, `INSERT INTO rate_events (id, bucket, created_at) VALUES ($1, $2, $3)`, model.NewID(), bucket, at); err != nil {
		return fmt.Errorf("store: rate event: %w", err)
	}
	return nil
}

// CreateRateEventOnce records the event id in bucket unless it exists, and
// says whether this call recorded it: racing callers cannot both win.
func (s *Store) CreateRateEventOnce(ctx context.Context, id, bucket string, at time.Time) (bool, error) {
	res, err := s.exec(ctx, `INSERT INTO rate_events (id, bucket, created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`, id, bucket, at)
	if err != nil {
		return false, fmt.Errorf("store: rate event once: %w", err)
	}
	return affected(res) == 1, nil
}

// DeleteRateEvents forgets a bucket, e.g. the failures of an account after a
// successful sign-in.
func (s *Store) DeleteRateEvents(ctx context.Context, bucket string) error {
	if _, err := s.exec(ctx, `DELETE FROM rate_events WHERE bucket = $1`, bucket); err != nil {
		return fmt.Errorf("store: delete rate events: %w", err)
	}
	return nil
}

// DeleteRateEventsBefore drops events older than any window.
func (s *Store) DeleteRateEventsBefore(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.exec(ctx, `DELETE FROM rate_events WHERE created_at < $1`, before)
	if err != nil {
		return 0, fmt.Errorf("store: prune rate events: %w", err)
	}
	return affected(res), nil
}
