package account

import (
	"context"
	"database/sql"
	"errors"

	"noces/internal/apperr"
	"noces/internal/model"
	"noces/internal/store"
)

// Impersonate lets an admin act as another user: the new session's tokens
// carry the admin's id, and the start is written to the audit log.
func (s *Service) Impersonate(ctx context.Context, admin Claims, userID string) (Tokens, Profile, error) {
	if admin.Role != model.RoleAdmin || admin.ImpersonatorID != "" {
		return Tokens{}, Profile{}, apperr.New(apperr.Forbidden, "impersonation.errors.unauthorized")
	}
	target, err := s.store.GetUser(ctx, userID)
	if errors.Is(err, store.ErrNotFound) {
		return Tokens{}, Profile{}, apperr.Wrap(apperr.NotFound, "impersonation.errors.user_not_found", err)
	}
	if err != nil {
		return Tokens{}, Profile{}, err
	}
	if !roleAllowsImpersonation(target.Role) {
		return Tokens{}, Profile{}, apperr.New(apperr.Forbidden, "impersonation.errors.admin_target")
	}
	var tokens Tokens
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		var err error
		if tokens, err = s.withStore(tx).openSession(ctx, target, admin.UserID, model.NewID()); err != nil {
			return err
		}
		return tx.CreateAuditEntry(ctx, model.AuditEntry{ID: model.NewID(), ActorID: admin.UserID,
			Action: "impersonation.start", TargetID: sql.NullString{String: target.ID, Valid: true}, CreatedAt: s.clock.Now()})
	})
	if err != nil {
		return Tokens{}, Profile{}, err
	}
	p, err := s.Me(ctx, Claims{UserID: target.ID, ImpersonatorID: admin.UserID})
	return tokens, p, err
}

// StopImpersonating ends the impersonation session and gives the admin a
// session of their own back.
func (s *Service) StopImpersonating(ctx context.Context, c Claims) (Tokens, Profile, error) {
	if c.ImpersonatorID == "" {
		return Tokens{}, Profile{}, apperr.New(apperr.Forbidden, "impersonation.errors.not_impersonating")
	}
	admin, err := s.store.GetUser(ctx, c.ImpersonatorID)
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return Tokens{}, Profile{}, apperr.Wrap(apperr.Unauthorized, "errors.unauthorized", err)
		}
		return Tokens{}, Profile{}, err
	}
	var tokens Tokens
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		now := s.clock.Now()
		if c.SessionID != "" {
			if err := tx.RevokeRefreshFamily(ctx, c.SessionID, now); err != nil {
				return err
			}
		}
		var err error
		if tokens, err = s.withStore(tx).openSession(ctx, admin, "", model.NewID()); err != nil {
			return err
		}
		return tx.CreateAuditEntry(ctx, model.AuditEntry{ID: model.NewID(), ActorID: admin.ID,
			Action: "impersonation.stop", TargetID: sql.NullString{String: c.UserID, Valid: true}, CreatedAt: now})
	})
	if err != nil {
		return Tokens{}, Profile{}, err
	}
	s.sessions.revokedHere(ctx)
	p, err := s.Me(ctx, Claims{UserID: admin.ID})
	return tokens, p, err
}
