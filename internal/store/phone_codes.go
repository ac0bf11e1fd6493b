package store

import (
	"context"
	"fmt"
	"noces/internal/model"
	"time"
)

const phoneCodeColumns = `id, user_id, phone, code_hash, attempts, created_at, expires_at, used_at`

// CreatePhoneCode stores a new code and retires the user's earlier ones: only
// the latest code sent can confirm a number.
func (s *Store) CreatePhoneCode(ctx context.Context, c model.PhoneCode) error {
	return s.InTx(ctx, func(tx *Store) error {
		if _, err := tx.exec(ctx, `UPDATE phone_codes SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL`, c.UserID, c.CreatedAt); err != nil {
			return fmt.Errorf("store: retire phone codes: %w", err)
		}
		_, err := tx.exec(ctx, `INSERT INTO phone_codes (`+phoneCodeColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
			c.ID, c.UserID, c.Phone, c.CodeHash, c.Attempts, c.CreatedAt, c.ExpiresAt, c.UsedAt)
		if err != nil {
			return fmt.Errorf("store: create phone code: %w", err)
		}
		return nil
	})
}

// GetActivePhoneCode returns the user's live code for phone.
func (s *Store) GetActivePhoneCode(ctx context.Context, userID, phone string, now time.Time) (model.PhoneCode, error) {
	var c model.PhoneCode
	err := s.q.GetContext(ctx, &c, `SELECT `+phoneCodeColumns+` FROM phone_codes
		WHERE user_id = $1 AND phone = $2 AND used_at IS NULL AND expires_at > $3
		ORDER BY created_at DESC LIMIT 1`, userID, phone, now)
	if err != nil {
		return c, fmt.Errorf("store: get phone code: %w", notFound(err))
	}
	return c, nil
}

// CountPhoneCodeAttempt takes one of a code's tries; false when the code has
// none left (or is spent), so parallel guesses cannot exceed the limit.
func (s *Store) CountPhoneCodeAttempt(ctx context.Context, id string, maxAttempts int) (bool, error) {
	res, err := s.exec(ctx, `UPDATE phone_codes SET attempts = attempts + 1 WHERE id = $1 AND used_at IS NULL AND attempts < $2`, id, maxAttempts)
	if err != nil {
		return false, fmt.Errorf("store: phone code attempt: %w", err)
	}
	return affected(res) == 1, nil
}

// UsePhoneCode spends a code; false when it was already spent.
func (s *Store) UsePhoneCode(ctx context.Context, id string, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE phone_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL`, id, now)
	if err != nil {
		return false, fmt.Errorf("store: use phone code: %w", err)
	}
	return affected(res) == 1, nil
}
