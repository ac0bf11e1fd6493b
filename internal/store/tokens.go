package store

import (
	"context"
	"fmt"
	"slices"
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

// RevokeRefreshFamily revokes every token of a family and records the
// family in the revocation feed, in one transaction (the caller's, if any).
func (s *Store) RevokeRefreshFamily(ctx context.Context, familyID string, now time.Time) error {
	return s.InTx(ctx, func(tx *Store) error {
		_, err := tx.exec(ctx, `UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL`, familyID, now)
		if err != nil {
			return fmt.Errorf("store: revoke family: %w", err)
		}
		return tx.recordRevocations(ctx, []string{familyID}, now)
	})
}

// RevokeUserRefreshTokens revokes every session of a user but the family
// keepFamily (empty revokes all), and records the families it revoked in the
// revocation feed, in one transaction (the caller's, if any).
func (s *Store) RevokeUserRefreshTokens(ctx context.Context, userID, keepFamily string, now time.Time) error {
	return s.InTx(ctx, func(tx *Store) error {
		// The families the update revoked, not a list read before it: a
		// session opened in between is revoked and recorded alike.
		var revoked []string
		err := tx.q.SelectContext(ctx, &revoked, `UPDATE refresh_tokens SET revoked_at = $3
			WHERE user_id = $1 AND family_id <> $2 AND revoked_at IS NULL RETURNING family_id`, userID, keepFamily, now)
		if err != nil {
			return fmt.Errorf("store: revoke user tokens: %w", err)
		}
		slices.Sort(revoked)
		families := slices.Compact(revoked)
		if len(families) == 0 {
			return nil
		}
		return tx.recordRevocations(ctx, families, now)
	})
}

// recordRevocations raises the feed's counter and writes families under the
// new value. It must run inside the transaction that revokes them: the
// counter's row stays locked until that transaction ends, which is what
// makes the values visible in order (migration 00012).
func (s *Store) recordRevocations(ctx context.Context, families []string, now time.Time) error {
	if !s.inTx {
		return fmt.Errorf("store: record revocations outside a transaction")
	}
	var seq int64
	if err := s.q.GetContext(ctx, &seq, `UPDATE session_revocation_version SET version = version + 1 WHERE id = 1 RETURNING version`); err != nil {
		return fmt.Errorf("store: revocation counter: %w", err)
	}
	for _, f := range families {
		if _, err := s.exec(ctx, `INSERT INTO session_revocations (seq, family_id, revoked_at) VALUES ($1, $2, $3)`, seq, f, now); err != nil {
			return fmt.Errorf("store: record revocation: %w", err)
		}
	}
	return nil
}

// SessionRevocationsAfter returns the feed's rows after sequence seq, in
// order: one small read of the index on seq, however many rows there are.
func (s *Store) SessionRevocationsAfter(ctx context.Context, seq int64) ([]model.SessionRevocation, error) {
	var out []model.SessionRevocation
	err := s.q.SelectContext(ctx, &out, `SELECT seq, family_id, revoked_at FROM session_revocations WHERE seq > $1 ORDER BY seq`, seq)
	if err != nil {
		return nil, fmt.Errorf("store: session revocations: %w", err)
	}
	return out, nil
}

// DeleteSessionRevocationsBefore forgets the feed's rows revoked before
// before: the access tokens they refused have expired.
func (s *Store) DeleteSessionRevocationsBefore(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.exec(ctx, `DELETE FROM session_revocations WHERE revoked_at < $1`, before)
	if err != nil {
		return 0, fmt.Errorf("store: prune session revocations: %w", err)
	}
	return affected(res), nil
}

// DeleteExpiredRefreshTokens removes tokens past their expiry.
func (s *Store) DeleteExpiredRefreshTokens(ctx context.Context, now time.Time) (int64, error) {
	res, err := s.exec(ctx, `DELETE FROM refresh_tokens WHERE expires_at < $1`, now)
	if err != nil {
		return 0, fmt.Errorf("store: delete expired tokens: %w", err)
	}
	return affected(res), nil
}
