package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
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

// CreateAccountDeletion records why an account was closed.
func (s *Store) CreateAccountDeletion(ctx context.Context, userID, role, reason string, now time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO account_deletions (id, user_id, role, reason, created_at) VALUES ($1, $2, $3, $4, $5)`,
		model.NewID(), userID, role, reason, now)
	if err != nil {
		return fmt.Errorf("store: account deletion: %w", err)
	}
	return nil
}

// LockUserBilling takes the user's row for the rest of the transaction, so
// two events about one user's premium are applied one after the other.
func (s *Store) LockUserBilling(ctx context.Context, userID string) error {
	res, err := s.q.ExecContext(ctx, `UPDATE users SET premium_plan = premium_plan WHERE id = $1`, userID)
	if err != nil {
		return fmt.Errorf("store: lock user: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: lock user: %w", ErrNotFound)
	}
	return nil
}

// SetUserPremium sets a user's premium state and plan (NULL: none).
func (s *Store) SetUserPremium(ctx context.Context, userID, status string, start, end sql.NullTime, plan sql.NullString, now time.Time) error {
	return s.updateUser(ctx, userID, `premium_status = $2, premium_start_at = $3, premium_end_at = $4, premium_plan = $5, updated_at = $6`,
		status, start, end, plan, now)
}

// GetPremiumPlan returns the plan behind a user's premium state, or "".
func (s *Store) GetPremiumPlan(ctx context.Context, userID string) (string, error) {
	var plan sql.NullString
	err := s.q.GetContext(ctx, &plan, `SELECT premium_plan FROM users WHERE id = $1 AND deleted_at IS NULL`, userID)
	if err != nil {
		return "", fmt.Errorf("store: get premium plan: %w", notFound(err))
	}
	return plan.String, nil
}

// providerRoles is the SQL list of the roles that have a public profile.
const providerRoles = `('ROLE_PRESTATAIRE', 'ROLE_VENUE')`

// ModerationItem is a provider waiting for moderation, with its company.
type ModerationItem struct {
	ID             string    `db:"id"`
	Email          string    `db:"email"`
	Firstname      string    `db:"firstname"`
	Lastname       string    `db:"lastname"`
	Role           string    `db:"role"`
	CompanyName    string    `db:"company_name"`
	City           string    `db:"city"`
	CountryCode    string    `db:"country_code"`
	Siret          string    `db:"siret"`
	SiretStatus    string    `db:"siret_status"`
	ModerationNote string    `db:"moderation_note"`
	CreatedAt      time.Time `db:"created_at"`
}

// moderationQueueWhere picks, from users u, the providers waiting for a
// moderator: onboarding finished, not moderated, not deleted.
const moderationQueueWhere = `u.deleted_at IS NULL AND u.role IN ` + providerRoles + `
	AND u.has_finished_onboarding = TRUE AND u.is_moderated = FALSE`

// ListModerationQueue returns the live providers that finished onboarding
// and are not moderated yet, oldest first, with the total.
func (s *Store) ListModerationQueue(ctx context.Context, limit, offset int) ([]ModerationItem, int, error) {
	const where = moderationQueueWhere
	var total int
	if err := s.q.GetContext(ctx, &total, `SELECT COUNT(*) FROM users u WHERE `+where); err != nil {
		return nil, 0, fmt.Errorf("store: count moderation queue: %w", err)
	}
	items := []ModerationItem{}
	err := s.q.SelectContext(ctx, &items, `SELECT u.id, u.email, u.firstname, u.lastname, u.role,
		COALESCE(c.name, '') AS company_name, COALESCE(c.city, '') AS city, COALESCE(c.country_code, '') AS country_code,
		COALESCE(c.siret, '') AS siret, COALESCE(c.siret_status, 'unknown') AS siret_status, u.moderation_note, u.created_at
		FROM users u LEFT JOIN companies c ON c.user_id = u.id
		WHERE `+where+` ORDER BY u.created_at, u.id LIMIT $1 OFFSET $2`, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("store: list moderation queue: %w", err)
	}
	return items, total, nil
}

// ApproveProvider marks a live, unmoderated provider moderated and clears any
// earlier refusal. It reports false when nothing matched (already moderated,
// not a provider, deleted or unknown), so approving twice changes nothing.
func (s *Store) ApproveProvider(ctx context.Context, id string, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE users SET is_moderated = TRUE, moderated_at = $2, moderation_note = '', updated_at = $2
		WHERE id = $1 AND deleted_at IS NULL AND role IN `+providerRoles+` AND is_moderated = FALSE`, id, now)
	if err != nil {
		return false, fmt.Errorf("store: approve provider: %w", err)
	}
	return affected(res) == 1, nil
}

// RejectProvider records why a live, unmoderated provider was refused; the
// provider stays unmoderated. It reports false when nothing matched.
func (s *Store) RejectProvider(ctx context.Context, id, note string, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE users SET moderation_note = $2, updated_at = $3
		WHERE id = $1 AND deleted_at IS NULL AND role IN `+providerRoles+` AND is_moderated = FALSE`, id, note, now)
	if err != nil {
		return false, fmt.Errorf("store: reject provider: %w", err)
	}
	return affected(res) == 1, nil
}

// AdminUser is one line of the admin's user search.
type AdminUser struct {
	ID            string    `db:"id"`
	Email         string    `db:"email"`
	Firstname     string    `db:"firstname"`
	Lastname      string    `db:"lastname"`
	Role          string    `db:"role"`
	Company       string    `db:"company"`
	IsModerated   bool      `db:"is_moderated"`
	PremiumStatus string    `db:"premium_status"`
	Credits       int       `db:"credits"`
	CreatedAt     time.Time `db:"created_at"`
}

// SearchUsers finds live users whose e-mail, names or company name contain
// q (ignoring case), newest first, with the total. An empty q lists everyone.
// LOWER is compared with a pattern lowercased in Go, which both engines
// agree on for ASCII; SQLite's LOWER leaves other letters as they are.
func (s *Store) SearchUsers(ctx context.Context, q string, limit, offset int) ([]AdminUser, int, error) {
	where, args := `u.deleted_at IS NULL`, []any{}
	if q = strings.TrimSpace(q); q != "" {
		where += ` AND (u.email_key LIKE $1 ESCAPE '\' OR LOWER(u.firstname) LIKE $1 ESCAPE '\'
			OR LOWER(u.lastname) LIKE $1 ESCAPE '\' OR LOWER(u.firstname || ' ' || u.lastname) LIKE $1 ESCAPE '\'
			OR LOWER(COALESCE(c.name, '')) LIKE $1 ESCAPE '\')`
		args = append(args, likePattern(q))
	}
	const from = ` FROM users u LEFT JOIN companies c ON c.user_id = u.id WHERE `
	var total int
	if err := s.q.GetContext(ctx, &total, `SELECT COUNT(*)`+from+where, args...); err != nil {
		return nil, 0, fmt.Errorf("store: count users: %w", err)
	}
	n := len(args)
	users := []AdminUser{}
	err := s.q.SelectContext(ctx, &users, `SELECT u.id, u.email, u.firstname, u.lastname, u.role, COALESCE(c.name, '') AS company,
		u.is_moderated, u.premium_status, u.credits, u.created_at`+from+where+
		fmt.Sprintf(` ORDER BY u.created_at DESC, u.id DESC LIMIT $%d OFFSET $%d`, n+1, n+2), append(args, limit, offset)...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: search users: %w", err)
	}
	return users, total, nil
}
