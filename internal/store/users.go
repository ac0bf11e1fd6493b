package store

import (
	"context"
	"fmt"
	"time"

	"noces/internal/model"
)

const userColumns = `id, email, password_hash, role, firstname, lastname, phone, locale, domain,
	avatar_key, credits, is_moderated, has_finished_onboarding, premium_status, premium_start_at,
	premium_end_at, created_at, updated_at, deleted_at`

// CreateUser inserts u; a taken e-mail gives ErrConflict.
func (s *Store) CreateUser(ctx context.Context, u model.User) error {
	_, err := s.exec(ctx, `INSERT INTO users (`+userColumns+`, email_key)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)`,
		u.ID, u.Email, u.PasswordHash, u.Role, u.Firstname, u.Lastname, u.Phone, u.Locale, u.Domain,
		u.AvatarKey, u.Credits, u.IsModerated, u.HasFinishedOnboarding, u.PremiumStatus, u.PremiumStartAt,
		u.PremiumEndAt, u.CreatedAt, u.UpdatedAt, u.DeletedAt, EmailKey(u.Email))
	if err != nil {
		return fmt.Errorf("store: create user: %w", err)
	}
	return nil
}

// GetUser returns a user that has not been deleted.
func (s *Store) GetUser(ctx context.Context, id string) (model.User, error) {
	var u model.User
	err := s.q.GetContext(ctx, &u, `SELECT `+userColumns+` FROM users WHERE id = $1 AND deleted_at IS NULL`, id)
	if err != nil {
		return u, fmt.Errorf("store: get user: %w", notFound(err))
	}
	return u, nil
}

// GetUserByEmail finds a live user by e-mail, whatever its case.
func (s *Store) GetUserByEmail(ctx context.Context, email string) (model.User, error) {
	var u model.User
	err := s.q.GetContext(ctx, &u, `SELECT `+userColumns+` FROM users WHERE email_key = $1 AND deleted_at IS NULL`, EmailKey(email))
	if err != nil {
		return u, fmt.Errorf("store: get user by email: %w", notFound(err))
	}
	return u, nil
}

// UpdateUserPremium sets the premium state of a user.
func (s *Store) UpdateUserPremium(ctx context.Context, id, status string, start, end *time.Time, now time.Time) error {
	return s.updateUser(ctx, id, `premium_status = $2, premium_start_at = $3, premium_end_at = $4, updated_at = $5`, status, start, end, now)
}

// SetUserModerated marks a provider moderated or not.
func (s *Store) SetUserModerated(ctx context.Context, id string, moderated bool, now time.Time) error {
	return s.updateUser(ctx, id, `is_moderated = $2, updated_at = $3`, moderated, now)
}

// SetUserOnboarded marks onboarding finished. It reports false when it already
// was, so a second finish can be refused without a read-then-write race.
func (s *Store) SetUserOnboarded(ctx context.Context, id string, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE users SET has_finished_onboarding = TRUE, updated_at = $2
		WHERE id = $1 AND deleted_at IS NULL AND has_finished_onboarding = FALSE`, id, now)
	if err != nil {
		return false, fmt.Errorf("store: set onboarded: %w", err)
	}
	return affected(res) == 1, nil
}

// CountUsers counts live users, for the demo seeding and the admin.
func (s *Store) CountUsers(ctx context.Context) (int, error) {
	var n int
	if err := s.q.GetContext(ctx, &n, `SELECT COUNT(*) FROM users WHERE deleted_at IS NULL`); err != nil {
		return 0, fmt.Errorf("store: count users: %w", err)
	}
	return n, nil
}
