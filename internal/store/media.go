package store

import (
	"context"
	"fmt"
)

// LockUserMedia takes the write lock of a user's row for the rest of the
// transaction: two uploads of one user then count their media one after the
// other, so a quota cannot be overrun by racing requests on PostgreSQL (SQLite
// transactions already take the write lock when they begin).
func (s *Store) LockUserMedia(ctx context.Context, userID string) error {
	res, err := s.exec(ctx, `UPDATE users SET updated_at = updated_at WHERE id = $1`, userID)
	if err != nil {
		return fmt.Errorf("store: lock user media: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: lock user media: %w", ErrNotFound)
	}
	return nil
}

// MediaCounts tell what a provider's profile has, for the completion tasks.
type MediaCounts struct {
	Images int `db:"images"`
	Videos int `db:"videos"`
}

// CountMedia counts a provider's own photos and videos in one query.
func (s *Store) CountMedia(ctx context.Context, userID string) (MediaCounts, error) {
	var c MediaCounts
	err := s.q.GetContext(ctx, &c, `SELECT
		(SELECT COUNT(*) FROM images WHERE owner_id = $1 AND venue_id IS NULL) AS images,
		(SELECT COUNT(*) FROM videos WHERE owner_id = $1 AND venue_id IS NULL) AS videos`, userID)
	if err != nil {
		return c, fmt.Errorf("store: count media: %w", err)
	}
	return c, nil
}
