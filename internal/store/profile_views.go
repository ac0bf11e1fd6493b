package store

import (
	"context"
	"fmt"
)

// DayCount is a count for one day (YYYY-MM-DD).
type DayCount struct {
	Day   string `db:"day"`
	Count int    `db:"n"`
}

// CountProfileViewsByDay counts a provider's profile views per day from
// fromDay (YYYY-MM-DD) on; days without views are absent.
func (s *Store) CountProfileViewsByDay(ctx context.Context, userID, fromDay string) ([]DayCount, error) {
	var out []DayCount
	err := s.q.SelectContext(ctx, &out, `SELECT day, COUNT(*) AS n FROM profile_views
		WHERE user_id = $1 AND day >= $2 GROUP BY day ORDER BY day`, userID, fromDay)
	if err != nil {
		return nil, fmt.Errorf("store: profile views: %w", err)
	}
	return out, nil
}

// CountProfileViews counts all of a provider's profile views.
func (s *Store) CountProfileViews(ctx context.Context, userID string) (int, error) {
	var n int
	if err := s.q.GetContext(ctx, &n, `SELECT COUNT(*) FROM profile_views WHERE user_id = $1`, userID); err != nil {
		return 0, fmt.Errorf("store: count profile views: %w", err)
	}
	return n, nil
}

// RecordProfileView counts a visitor once per day; it reports whether this
// view was new.
func (s *Store) RecordProfileView(ctx context.Context, userID, day, visitor string) (bool, error) {
	res, err := s.exec(ctx, `INSERT INTO profile_views (user_id, day, visitor) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, userID, day, visitor)
	if err != nil {
		return false, fmt.Errorf("store: record view: %w", err)
	}
	return affected(res) == 1, nil
}
