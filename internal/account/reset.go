package account

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"noces/internal/apperr"
	"noces/internal/emails"
	"noces/internal/model"
	"noces/internal/ratelimit"
	"noces/internal/store"
	"noces/internal/validate"
)

// ResetTTL is how long a reset link works.
const ResetTTL = time.Hour

// resetRepeatWindow: a second request for one address within it is answered
// "already requested" and sends nothing.
const resetRepeatWindow = 15 * time.Minute

// Reset requests per client address: enough for a family behind one router,
// too few to sweep addresses.
var resetIPRule = ratelimit.Rule{Max: 20, Window: time.Hour}

// ResetRequest is the outcome of a reset request, identical whether or not
// the address has an account.
type ResetRequest struct {
	AlreadyRequested bool
}

// RequestPasswordReset e-mails a reset link when the address has an account.
// Every request is recorded, account or not, so the answers (sent, or
// already requested within 15 minutes) reveal nothing about the address.
func (s *Service) RequestPasswordReset(ctx context.Context, email, ip string) (ResetRequest, error) {
	email = strings.TrimSpace(email)
	if code := validate.Email(email); code != "" {
		return ResetRequest{}, apperr.Validation(map[string]string{"email": code})
	}
	if err := s.limiter.Allow(ctx, "reset:ip:"+ip, resetIPRule); err != nil {
		return ResetRequest{}, err
	}
	key := store.EmailKey(email)
	now := s.clock.Now()
	n, err := s.store.CountPasswordResets(ctx, key, now.Add(-resetRepeatWindow))
	if err != nil {
		return ResetRequest{}, err
	}
	if n > 0 {
		return ResetRequest{AlreadyRequested: true}, nil
	}
	row := model.PasswordReset{ID: model.NewID(), EmailKey: key, CreatedAt: now, ExpiresAt: now.Add(ResetTTL)}
	u, err := s.store.GetUserByEmail(ctx, email)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return ResetRequest{}, s.store.CreatePasswordReset(ctx, row)
	case err != nil:
		return ResetRequest{}, err
	}
	token, hash, err := newOpaqueToken()
	if err != nil {
		return ResetRequest{}, err
	}
	row.UserID = sql.NullString{String: u.ID, Valid: true}
	row.TokenHash = sql.NullString{String: hash, Valid: true}
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.CreatePasswordReset(ctx, row); err != nil {
			return err
		}
		return s.sendEmail(ctx, tx, u, u.Email, emails.KindPasswordReset, map[string]string{
			"resetUrl": s.links.ProURL(u.Domain, "/forgot-password-reset/"+token),
		})
	})
	return ResetRequest{}, err
}

// ResetPassword sets a new password with a reset link's token. The token
// works once, for an hour; the reset signs the user out everywhere.
func (s *Service) ResetPassword(ctx context.Context, token, newPassword, confirm string) error {
	newPassword, confirm = strings.TrimSpace(newPassword), strings.TrimSpace(confirm)
	f := apperr.Fields{}
	if code := validate.Password(newPassword); code != "" {
		f.Add("newPassword", code)
	}
	if newPassword != confirm {
		f.Add("confirmPassword", "validation.passwords_mismatch")
	}
	if err := f.Err(); err != nil {
		return err
	}
	invalid := &apperr.Error{Kind: apperr.Invalid, Code: "reset_password.errors.invalid_token",
		Fields: map[string]string{"token": "reset_password.errors.invalid_token"}}
	r, err := s.store.GetPasswordResetByToken(ctx, hashToken(token))
	if errors.Is(err, store.ErrNotFound) || (err == nil && !r.UserID.Valid) {
		return invalid
	}
	if err != nil {
		return err
	}
	hash, err := s.hasher.Hash(ctx, newPassword)
	if err != nil {
		return err
	}
	var u model.User
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		now := s.clock.Now()
		won, err := tx.UsePasswordReset(ctx, r.ID, now)
		if err != nil {
			return err
		}
		if !won {
			return invalid
		}
		if u, err = tx.GetUser(ctx, r.UserID.String); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return invalid
			}
			return err
		}
		if err := tx.UpdateUserPassword(ctx, u.ID, hash, now); err != nil {
			return err
		}
		if err := tx.RevokeUserRefreshTokens(ctx, u.ID, "", now); err != nil {
			return err
		}
		return s.sendEmail(ctx, tx, u, u.Email, emails.KindPasswordChanged, nil)
	})
	if err != nil {
		return err
	}
	s.sessions.revokedHere(ctx)
	return nil
}
