package store

import (
	"context"
	"fmt"
	"time"
)

// DeleteExpiredPasswordResets forgets reset links that expired before
// before; they only counted repeated requests for a quarter of an hour.
func (s *Store) DeleteExpiredPasswordResets(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.exec(ctx, `DELETE FROM password_resets WHERE expires_at < $1`, before)
	if err != nil {
		return 0, fmt.Errorf("store: delete expired resets: %w", err)
	}
	return affected(res), nil
}

// DeleteExpiredPhoneCodes forgets the SMS codes that expired before before.
func (s *Store) DeleteExpiredPhoneCodes(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.exec(ctx, `DELETE FROM phone_codes WHERE expires_at < $1`, before)
	if err != nil {
		return 0, fmt.Errorf("store: delete expired phone codes: %w", err)
	}
	return affected(res), nil
}

// PruneDirectoryChanges deletes the directory change feed's rows that every
// server has had the time to read (see directoryKeep).
func (s *Store) PruneDirectoryChanges(ctx context.Context) error {
	version, pruned, err := s.directoryVersion(ctx)
	if err != nil {
		return err
	}
	return s.pruneDirectoryChanges(ctx, version, pruned)
}

// QueueBlobDeletions records media files to remove, in the transaction that
// deletes what they belong to; the periodic sweep removes them.
func (s *Store) QueueBlobDeletions(ctx context.Context, keys []string, at time.Time) error {
	for _, k := range keys {
		if k == "" {
			continue
		}
		_, err := s.exec(ctx, `INSERT INTO blob_deletions (blob_key, requested_at) VALUES ($1, $2)
			ON CONFLICT (blob_key) DO NOTHING`, k, at)
		if err != nil {
			return fmt.Errorf("store: queue blob deletion: %w", err)
		}
	}
	return nil
}

// ListBlobDeletions returns up to limit keys waiting for removal, oldest first.
func (s *Store) ListBlobDeletions(ctx context.Context, limit int) ([]string, error) {
	var keys []string
	err := s.q.SelectContext(ctx, &keys, `SELECT blob_key FROM blob_deletions ORDER BY requested_at, blob_key LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("store: list blob deletions: %w", err)
	}
	return keys, nil
}

// BlobDeleted forgets a key once its file is gone.
func (s *Store) BlobDeleted(ctx context.Context, key string) error {
	if _, err := s.exec(ctx, `DELETE FROM blob_deletions WHERE blob_key = $1`, key); err != nil {
		return fmt.Errorf("store: blob deleted: %w", err)
	}
	return nil
}

// ListLiveSubscriptionIDs returns the subscriptions not known to have ended,
// for the daily reconciliation with the card processor.
func (s *Store) ListLiveSubscriptionIDs(ctx context.Context) ([]string, error) {
	var ids []string
	err := s.q.SelectContext(ctx, &ids, `SELECT id FROM subscriptions WHERE ended_at IS NULL
		AND status NOT IN ('canceled', 'incomplete_expired') ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("store: live subscriptions: %w", err)
	}
	return ids, nil
}

// DeleteUserMedia deletes a closing account's photos (its gallery, its
// portfolios' and venues' photos, its Instagram posts) and lists their files
// for the sweep, in the caller's transaction; it returns the files' keys.
func (s *Store) DeleteUserMedia(ctx context.Context, userID string, now time.Time) ([]string, error) {
	var keys []string
	err := s.q.SelectContext(ctx, &keys, `
		SELECT image_key FROM images WHERE owner_id = $1
		UNION ALL SELECT thumb_key FROM images WHERE owner_id = $1
		UNION ALL SELECT pi.image_key FROM portfolio_images pi JOIN portfolios p ON p.id = pi.portfolio_id WHERE p.owner_id = $1
		UNION ALL SELECT pi.thumb_key FROM portfolio_images pi JOIN portfolios p ON p.id = pi.portfolio_id WHERE p.owner_id = $1
		UNION ALL SELECT image_key FROM instagram_posts WHERE user_id = $1`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: user media: %w", err)
	}
	for _, q := range []string{
		`DELETE FROM images WHERE owner_id = $1`,
		`DELETE FROM portfolio_images WHERE portfolio_id IN (SELECT id FROM portfolios WHERE owner_id = $1)`,
		`DELETE FROM instagram_posts WHERE user_id = $1`,
	} {
		if _, err := s.exec(ctx, q, userID); err != nil {
			return nil, fmt.Errorf("store: delete user media: %w", err)
		}
	}
	return keys, s.QueueBlobDeletions(ctx, keys, now)
}
