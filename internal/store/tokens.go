package store

import (
	"context"
	"fmt"
	"time"

	"noces/internal/model"
)

const refreshColumns = `id, token_hash, family_id, user_id, impersonator_id, created_at, expires_at, used_at, revoked_at`

// CreateRefreshToken stores a new refresh token (its hash only).
func (s *Store) CreateRefreshToken(ctx context.Context, t model.RefreshToken) error {
	_, err := s.exec(ctx, `INSERT INTO refresh_tokens (`+refreshColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		t.ID, t.TokenHash, t.FamilyID, t.UserID, t.ImpersonatorID, t.CreatedAt, t.ExpiresAt, t.UsedAt, t.RevokedAt)
	if err != nil {
		return fmt.Errorf("store: create refresh token: %w", err)
	}
	return nil
}

// GetRefreshTokenByHash finds a token by its hash.
func (s *Store) GetRefreshTokenByHash(ctx context.Context, hash string) (model.RefreshToken, error) {
	var t model.RefreshToken
	err := s.q.GetContext(ctx, &t, `SELECT `+refreshColumns+` FROM refresh_tokens WHERE token_hash = $1`, hash)
	if err != nil {
		return t, fmt.Errorf("store: get refresh token: %w", notFound(err))
	}
	return t, nil
}

// MarkRefreshTokenUsed marks a live token used. It reports false when the
// token was already used or revoked, which is how a replay is detected even
// when two requests race with the same token.
func (s *Store) MarkRefreshTokenUsed(ctx context.Context, id string, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE refresh_tokens SET used_at = $2 WHERE id = $1 AND used_at IS NULL AND revoked_at IS NULL`, id, now)
	if err != nil {
		return false, fmt.Errorf("store: use refresh token: %w", err)
	}
	return affected(res) == 1, nil
}

// RevokeRefreshFamily revokes every token of a family.
func (s *Store) RevokeRefreshFamily(ctx context.Context, familyID string, now time.Time) error {
	_, err := s.exec(ctx, `UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL`, familyID, now)
	if err != nil {
		return fmt.Errorf("store: revoke family: %w", err)
	}
	return nil
}

// RevokeUserRefreshTokens revokes every session of a user but the family
// keepFamily (empty revokes all).
func (s *Store) RevokeUserRefreshTokens(ctx context.Context, userID, keepFamily string, now time.Time) error {
	_, err := s.exec(ctx, `UPDATE refresh_tokens SET revoked_at = $3
		WHERE user_id = $1 AND family_id <> $2 AND revoked_at IS NULL`, userID, keepFamily, now)
	if err != nil {
		return fmt.Errorf("store: revoke user tokens: %w", err)
	}
	return nil
}

// DeleteExpiredRefreshTokens removes tokens past their expiry.
func (s *Store) DeleteExpiredRefreshTokens(ctx context.Context, now time.Time) (int64, error) {
	res, err := s.exec(ctx, `DELETE FROM refresh_tokens WHERE expires_at < $1`, now)
	if err != nil {
		return 0, fmt.Errorf("store: delete expired tokens: %w", err)
	}
	return affected(res), nil
}
