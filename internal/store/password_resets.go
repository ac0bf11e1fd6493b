package store

import (
	"context"
	"fmt"
	"noces/internal/model"
	"time"
)

// CountPasswordResets counts the reset requests of an address since since.
func (s *Store) CountPasswordResets(ctx context.Context, emailKey string, since time.Time) (int, error) {
	var n int
	err := s.q.GetContext(ctx, &n, `SELECT COUNT(*) FROM password_resets WHERE email_key = $1 AND created_at > $2`, emailKey, since)
	if err != nil {
		return 0, fmt.Errorf("store: count resets: %w", err)
	}
	return n, nil
}

// CreatePasswordReset records a reset request.
func (s *Store) CreatePasswordReset(ctx context.Context, r model.PasswordReset) error {
	_, err := s.exec(ctx, `INSERT INTO password_resets (id, email_key, user_id, token_hash, created_at, expires_at, used_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, r.ID, r.EmailKey, r.UserID, r.TokenHash, r.CreatedAt, r.ExpiresAt, r.UsedAt)
	if err != nil {
		return fmt.Errorf("store: create reset: %w", err)
	}
	return nil
}

// GetPasswordResetByToken finds a reset by its token's hash.
func (s *Store) GetPasswordResetByToken(ctx context.Context, tokenHash string) (model.PasswordReset, error) {
	var r model.PasswordReset
	err := s.q.GetContext(ctx, &r, `SELECT id, email_key, user_id, token_hash, created_at, expires_at, used_at
		FROM password_resets WHERE token_hash = $1`, tokenHash)
	if err != nil {
		return r, fmt.Errorf("store: get reset: %w", notFound(err))
	}
	return r, nil
}

// UsePasswordReset spends a reset token; false when it was already spent,
// so two concurrent resets with one link cannot both succeed.
func (s *Store) UsePasswordReset(ctx context.Context, id string, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE password_resets SET used_at = $2 WHERE id = $1 AND used_at IS NULL AND expires_at > $2`, id, now)
	if err != nil {
		return false, fmt.Errorf("store: use reset: %w", err)
	}
	return affected(res) == 1, nil
}
