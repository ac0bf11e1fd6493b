package account

import (
	"context"
	"database/sql"
	"strings"

	"noces/internal/apperr"
	"noces/internal/emails"
	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/validate"
)

// Registration is what a provider fills in to open an account.
type Registration struct {
	Email, Phone, Firstname, Lastname, Password, Role, Locale string
	TosIsAccepted                                             bool
	// Domain is the domain of the host the form was sent from.
	Domain i18n.Domain
}

// WelcomeCreditRef is the ledger reference of the welcome credit: unique per
// user, so it can never be granted twice.
func WelcomeCreditRef(userID string) string { return "welcome:" + userID }

// Register creates a provider account with its welcome credit, signs it in
// and sends the welcome e-mail. Every rule is checked here, whatever the form
// checked; a refused registration writes nothing.
func (s *Service) Register(ctx context.Context, in Registration) (Tokens, error) {
	f := apperr.Fields{}
	phone, code := validate.Phone(in.Phone, in.Domain.Country)
	if code != "" {
		f.Add("phone", code)
	}
	if in.Role != model.RolePlanner && in.Role != model.RoleVenue {
		f.Add("role", "validation.role_invalid")
	}
	if !in.TosIsAccepted {
		f.Add("tosIsAccepted", "register.validation.terms_required")
	}
	if in.Locale == "" {
		in.Locale = in.Domain.Lang
	}
	nu := NewUser{
		Email: in.Email, Password: strings.TrimSpace(in.Password), Role: in.Role, Firstname: in.Firstname,
		Lastname: in.Lastname, Phone: phone, Locale: in.Locale, Domain: in.Domain.Key,
	}
	// Collect the other fields' codes too, so the form shows every problem at once.
	if err := s.checkNewUser(&nu); err != nil {
		if e, ok := apperr.As(err); ok {
			for k, v := range e.Fields {
				f.Add(k, v)
			}
		}
	}
	if err := f.Err(); err != nil {
		return Tokens{}, err
	}
	u, err := s.newUserRow(ctx, nu)
	if err != nil {
		return Tokens{}, err
	}
	var tokens Tokens
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		if err := insertUser(ctx, tx, u); err != nil {
			return err
		}
		err := tx.AddCreditLog(ctx, model.CreditLog{
			ID: model.NewID(), UserID: u.ID, CreatedAt: s.clock.Now(), Description: "credits.log.welcome",
			Deposited: 1, Ref: sql.NullString{String: WelcomeCreditRef(u.ID), Valid: true},
		})
		if err != nil {
			return err
		}
		if tokens, err = s.withStore(tx).openSession(ctx, u, "", model.NewID()); err != nil {
			return err
		}
		return s.sendEmail(ctx, tx, u, u.Email, emails.KindWelcome, map[string]string{"dashboardUrl": s.links.ProURL(u.Domain, "/dashboard")})
	})
	if err != nil {
		return Tokens{}, err
	}
	return tokens, nil
}
