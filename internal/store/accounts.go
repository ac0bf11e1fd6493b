package store

import (
	"context"
	"fmt"
	"time"

	"noces/internal/model"
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

// UpdateUserPassword sets a new password hash.
func (s *Store) UpdateUserPassword(ctx context.Context, id, hash string, now time.Time) error {
	return s.updateUser(ctx, id, `password_hash = $2, updated_at = $3`, hash, now)
}

// UpdateUserNames sets the first and last names.
func (s *Store) UpdateUserNames(ctx context.Context, id, first, last string, now time.Time) error {
	return s.updateUser(ctx, id, `firstname = $2, lastname = $3, updated_at = $4`, first, last, now)
}

// UpdateUserEmail sets the sign-in address; a taken one gives ErrConflict.
func (s *Store) UpdateUserEmail(ctx context.Context, id, email string, now time.Time) error {
	return s.updateUser(ctx, id, `email = $2, email_key = $3, updated_at = $4`, email, EmailKey(email), now)
}

// UpdateUserLocale sets the interface language.
func (s *Store) UpdateUserLocale(ctx context.Context, id, locale string, now time.Time) error {
	return s.updateUser(ctx, id, `locale = $2, updated_at = $3`, locale, now)
}

// UpdateUserPhone sets the confirmed phone number.
func (s *Store) UpdateUserPhone(ctx context.Context, id, phone string, now time.Time) error {
	return s.updateUser(ctx, id, `phone = $2, updated_at = $3`, phone, now)
}

// UpdateUserAvatar sets the profile picture's blob key ("" removes it).
func (s *Store) UpdateUserAvatar(ctx context.Context, id, key string, now time.Time) error {
	return s.updateUser(ctx, id, `avatar_key = $2, updated_at = $3`, key, now)
}

// updateUser runs one UPDATE of a live user; $1 is the id.
func (s *Store) updateUser(ctx context.Context, id, set string, args ...any) error {
	res, err := s.exec(ctx, `UPDATE users SET `+set+` WHERE id = $1 AND deleted_at IS NULL`, append([]any{id}, args...)...)
	if err != nil {
		return fmt.Errorf("store: update user: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: update user: %w", ErrNotFound)
	}
	return nil
}

// AnonymiseUser erases a user's personal data and marks the account deleted.
// The row stays, so the credit ledger that refers to it stays whole.
func (s *Store) AnonymiseUser(ctx context.Context, id string, now time.Time) error {
	placeholder := "deleted-" + id + "@deleted.invalid"
	return s.updateUser(ctx, id, `email = $2, email_key = $2, password_hash = '', firstname = '', lastname = '',
		phone = '', avatar_key = '', deleted_at = $3, updated_at = $3`, placeholder, now)
}

// DeleteCompany removes a provider's company (and with it the public pages).
func (s *Store) DeleteCompany(ctx context.Context, userID string) error {
	if _, err := s.exec(ctx, `DELETE FROM companies WHERE user_id = $1`, userID); err != nil {
		return fmt.Errorf("store: delete company: %w", err)
	}
	return nil
}

// CreateAccountDeletion records why an account was closed.
func (s *Store) CreateAccountDeletion(ctx context.Context, userID, role, reason string, now time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO account_deletions (id, user_id, role, reason, created_at) VALUES ($1, $2, $3, $4, $5)`,
		model.NewID(), userID, role, reason, now)
	if err != nil {
		return fmt.Errorf("store: account deletion: %w", err)
	}
	return nil
}

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
