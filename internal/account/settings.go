package account

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/emails"
	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/platform/blob"
	"noces/internal/store"
	"noces/internal/validate"
)

// DeletionReasonMin is the shortest reason accepted for closing an account,
// counted after trimming.
const DeletionReasonMin = 30

// UpdatePersonalInfo sets the user's names.
func (s *Service) UpdatePersonalInfo(ctx context.Context, c Claims, firstname, lastname string) error {
	firstname, lastname = strings.TrimSpace(firstname), strings.TrimSpace(lastname)
	f := apperr.Fields{}
	if code := validate.PersonName(firstname); code != "" {
		f.Add("firstname", code)
	}
	if code := validate.PersonName(lastname); code != "" {
		f.Add("lastname", code)
	}
	if err := f.Err(); err != nil {
		return err
	}
	return s.store.UpdateUserNames(ctx, c.UserID, firstname, lastname, s.clock.Now())
}

// ChangeEmail moves the sign-in address. The old address is told, in case
// the change was not the owner's; the session is renewed with new tokens.
func (s *Service) ChangeEmail(ctx context.Context, c Claims, email string) (Tokens, error) {
	email = strings.TrimSpace(email)
	if code := validate.Email(email); code != "" {
		return Tokens{}, apperr.Validation(map[string]string{"email": code})
	}
	u, err := s.store.GetUser(ctx, c.UserID)
	if err != nil {
		return Tokens{}, err
	}
	if store.EmailKey(email) == store.EmailKey(u.Email) {
		return Tokens{}, apperr.Validation(map[string]string{"email": "account.email.errors.same"})
	}
	old := u.Email
	var tokens Tokens
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		now := s.clock.Now()
		if err := tx.UpdateUserEmail(ctx, u.ID, email, now); err != nil {
			if errors.Is(err, store.ErrConflict) {
				return &apperr.Error{Kind: apperr.Conflict, Code: "register.errors.email_already_used",
					Fields: map[string]string{"email": "register.errors.email_already_used"}, Err: err}
			}
			return err
		}
		if c.SessionID != "" {
			if err := tx.RevokeRefreshFamily(ctx, c.SessionID, now); err != nil {
				return err
			}
		}
		u.Email = email
		var err error
		if tokens, err = s.withStore(tx).openSession(ctx, u, c.ImpersonatorID, model.NewID()); err != nil {
			return err
		}
		return s.sendEmail(ctx, tx, u, old, emails.KindEmailChanged, map[string]string{"newEmail": email})
	})
	if err != nil {
		return Tokens{}, err
	}
	s.sessions.revokedHere(ctx)
	return tokens, nil
}

// ChangeLocale sets the interface language.
func (s *Service) ChangeLocale(ctx context.Context, c Claims, locale string) error {
	if !i18n.IsLang(locale) {
		return apperr.Validation(map[string]string{"locale": "validation.locale_invalid"})
	}
	return s.store.UpdateUserLocale(ctx, c.UserID, locale, s.clock.Now())
}

// ChangePassword checks the current password, sets the new one and signs out
// every other session.
func (s *Service) ChangePassword(ctx context.Context, c Claims, current, next string) error {
	next = strings.TrimSpace(next)
	if current == "" {
		return apperr.Validation(map[string]string{"currentPassword": "validation.required"})
	}
	if code := validate.Password(next); code != "" {
		return apperr.Validation(map[string]string{"newPassword": code})
	}
	u, err := s.store.GetUser(ctx, c.UserID)
	if err != nil {
		return err
	}
	ok, err := s.hasher.Verify(ctx, current, u.PasswordHash)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.Validation(map[string]string{"currentPassword": "security.errors.current_password_invalid"})
	}
	hash, err := s.hasher.Hash(ctx, next)
	if err != nil {
		return err
	}
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		now := s.clock.Now()
		if err := tx.UpdateUserPassword(ctx, u.ID, hash, now); err != nil {
			return err
		}
		if err := tx.RevokeUserRefreshTokens(ctx, u.ID, c.SessionID, now); err != nil {
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

// DeleteAccount closes the account: personal data erased, public pages gone,
// every session revoked; the credit ledger stays for the accounts.
func (s *Service) DeleteAccount(ctx context.Context, c Claims, reason string) error {
	reason, code := validate.Text(reason)
	reason = strings.TrimSpace(reason)
	if code != "" {
		return apperr.Validation(map[string]string{"reason": code})
	}
	if utf8.RuneCountInString(reason) < DeletionReasonMin {
		return apperr.Validation(map[string]string{"reason": "account.delete.errors.reason_too_short"})
	}
	if c.ImpersonatorID != "" {
		// An admin acting as someone may look, not close their account.
		return apperr.New(apperr.Forbidden, "errors.forbidden")
	}
	u, err := s.store.GetUser(ctx, c.UserID)
	if err != nil {
		return err
	}
	files := []string{u.AvatarKey}
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		now := s.clock.Now()
		if err := tx.CreateAccountDeletion(ctx, u.ID, u.Role, reason, now); err != nil {
			return err
		}
		if err := tx.DeleteCompany(ctx, u.ID); err != nil {
			return err
		}
		if err := tx.AnonymiseUser(ctx, u.ID, now); err != nil {
			return err
		}
		// Its photos (gallery, portfolios, venues, Instagram) go with it:
		// rows now, files by the sweep.
		media, err := tx.DeleteUserMedia(ctx, u.ID, now)
		if err != nil {
			return err
		}
		files = append(files, media...)
		if err := tx.QueueBlobDeletions(ctx, []string{u.AvatarKey}, now); err != nil {
			return err
		}
		return tx.RevokeUserRefreshTokens(ctx, u.ID, "", now)
	})
	if err != nil {
		return err
	}
	s.sessions.revokedHere(ctx)
	blob.RemoveCommitted(ctx, s.log, s.store, s.blobs, files...)
	return nil
}

// roleAllowsImpersonation reports whether role may be impersonated.
func roleAllowsImpersonation(role string) bool { return role != model.RoleAdmin }
