package store

import (
	"context"
	"fmt"
	"time"

	"noces/internal/model"
)

const instagramAccountColumns = `user_id, ig_user_id, token_sealed, token_expires_at, token_refreshed_at, status, last_sync_at,
	created_at, updated_at`

const instagramPostColumns = `id, user_id, media_id, permalink, caption, image_key, width, height, posted_at, position`

// GetInstagramAccount returns a provider's Instagram connection, or
// ErrNotFound when there is none.
func (s *Store) GetInstagramAccount(ctx context.Context, userID string) (model.InstagramAccount, error) {
	var a model.InstagramAccount
	err := s.q.GetContext(ctx, &a, `SELECT `+instagramAccountColumns+` FROM instagram_accounts WHERE user_id = $1`, userID)
	if err != nil {
		return a, fmt.Errorf("store: get instagram account: %w", notFound(err))
	}
	return a, nil
}

// SaveInstagramAccount creates or replaces a provider's connection (a new
// connection after an expired one keeps the row, with the new token).
func (s *Store) SaveInstagramAccount(ctx context.Context, a model.InstagramAccount) error {
	_, err := s.exec(ctx, `INSERT INTO instagram_accounts (`+instagramAccountColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
		ON CONFLICT (user_id) DO UPDATE SET ig_user_id = excluded.ig_user_id, token_sealed = excluded.token_sealed,
		token_expires_at = excluded.token_expires_at, token_refreshed_at = excluded.token_refreshed_at,
		status = excluded.status, updated_at = excluded.updated_at`,
		a.UserID, a.IGUserID, a.TokenSealed, a.TokenExpiresAt, a.TokenRefreshedAt, a.Status, a.LastSyncAt, a.CreatedAt, a.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store: save instagram account: %w", err)
	}
	return nil
}

// SetInstagramToken stores a refreshed token, only when the sealed token read
// before the refresh is still the one stored: a revoke or a reconnection in
// between wins. It reports whether the row was updated.
func (s *Store) SetInstagramToken(ctx context.Context, userID, oldSealed, sealed string, expires, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE instagram_accounts SET token_sealed = $3, token_expires_at = $4, token_refreshed_at = $5,
		updated_at = $5 WHERE user_id = $1 AND token_sealed = $2`, userID, oldSealed, sealed, expires, now)
	if err != nil {
		return false, fmt.Errorf("store: set instagram token: %w", err)
	}
	return affected(res) == 1, nil
}

// SetInstagramStatus marks a connection synced or expired, only while its
// token is sealed (the one that was used): a reconnection in between wins.
func (s *Store) SetInstagramStatus(ctx context.Context, userID, sealed, status string, now time.Time) error {
	_, err := s.exec(ctx, `UPDATE instagram_accounts SET status = $3, updated_at = $4 WHERE user_id = $1 AND token_sealed = $2`,
		userID, sealed, status, now)
	if err != nil {
		return fmt.Errorf("store: set instagram status: %w", err)
	}
	return nil
}

// DeleteInstagramAccount forgets a provider's connection and its posts; the
// posts' files are listed for deletion in the same transaction, and their
// keys returned.
func (s *Store) DeleteInstagramAccount(ctx context.Context, userID string, now time.Time) ([]string, error) {
	var keys []string
	err := s.InTx(ctx, func(tx *Store) error {
		if err := tx.q.SelectContext(ctx, &keys, `SELECT image_key FROM instagram_posts WHERE user_id = $1`, userID); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `DELETE FROM instagram_posts WHERE user_id = $1`, userID); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `DELETE FROM instagram_accounts WHERE user_id = $1`, userID); err != nil {
			return err
		}
		return tx.QueueBlobDeletions(ctx, keys, now)
	})
	if err != nil {
		return nil, fmt.Errorf("store: delete instagram account: %w", err)
	}
	return keys, nil
}

// ListInstagramAccountsToSync returns the user ids of the connections whose
// token still works, oldest sync first.
func (s *Store) ListInstagramAccountsToSync(ctx context.Context) ([]string, error) {
	var ids []string
	err := s.q.SelectContext(ctx, &ids, `SELECT user_id FROM instagram_accounts WHERE status = $1
		ORDER BY last_sync_at IS NOT NULL, last_sync_at, user_id`, model.InstagramSynced)
	if err != nil {
		return nil, fmt.Errorf("store: list instagram accounts: %w", err)
	}
	return ids, nil
}

// ListInstagramPosts returns a provider's synced posts, newest first.
func (s *Store) ListInstagramPosts(ctx context.Context, userID string) ([]model.InstagramPost, error) {
	var out []model.InstagramPost
	err := s.q.SelectContext(ctx, &out, `SELECT `+instagramPostColumns+` FROM instagram_posts WHERE user_id = $1
		ORDER BY position, id`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: list instagram posts: %w", err)
	}
	return out, nil
}

// ReplaceInstagramPosts makes posts the provider's synced posts, only while
// the connection's token is still sealed (a revoke during the sync wins:
// nothing is written and ok is false). The file keys no longer used are
// listed for the sweep in the same transaction, and returned.
func (s *Store) ReplaceInstagramPosts(ctx context.Context, userID, sealed string, posts []model.InstagramPost, now time.Time) (stale []string, ok bool, err error) {
	err = s.InTx(ctx, func(tx *Store) error {
		res, err := tx.exec(ctx, `UPDATE instagram_accounts SET last_sync_at = $3, status = $4, updated_at = $3
			WHERE user_id = $1 AND token_sealed = $2`, userID, sealed, now, model.InstagramSynced)
		if err != nil {
			return err
		}
		if affected(res) != 1 {
			return nil
		}
		ok = true
		var old []model.InstagramPost
		if err := tx.q.SelectContext(ctx, &old, `SELECT `+instagramPostColumns+` FROM instagram_posts WHERE user_id = $1`, userID); err != nil {
			return err
		}
		keep := map[string]bool{}
		for _, p := range posts {
			keep[p.ImageKey] = true
		}
		for _, p := range old {
			if !keep[p.ImageKey] {
				stale = append(stale, p.ImageKey)
			}
		}
		if _, err := tx.exec(ctx, `DELETE FROM instagram_posts WHERE user_id = $1`, userID); err != nil {
			return err
		}
		for _, p := range posts {
			if _, err := tx.exec(ctx, `INSERT INTO instagram_posts (`+instagramPostColumns+`)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
				p.ID, userID, p.MediaID, p.Permalink, p.Caption, p.ImageKey, p.Width, p.Height, p.PostedAt, p.Position); err != nil {
				return err
			}
		}
		return tx.QueueBlobDeletions(ctx, stale, now)
	})
	if err != nil {
		return nil, false, fmt.Errorf("store: replace instagram posts: %w", err)
	}
	return stale, ok, nil
}
