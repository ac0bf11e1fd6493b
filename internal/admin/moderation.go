package admin

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/company"
	"noces/internal/emails"
	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/validate"
)

// Bounds of a moderation refusal's reason, after trimming.
const (
	RejectReasonMin = 5
	RejectReasonMax = 1000
)

// ModerationQueue lists the providers waiting for moderation, oldest first.
func (s *Service) ModerationQueue(ctx context.Context, page int) (Page[store.ModerationItem], error) {
	items, total, err := s.store.ListModerationQueue(ctx, ModerationPageSize, offset(page, ModerationPageSize))
	if err != nil {
		return Page[store.ModerationItem]{}, err
	}
	return Page[store.ModerationItem]{Items: items, Total: total, Page: page, PageSize: ModerationPageSize}, nil
}

// Moderation is the state of a provider after a decision.
type Moderation struct {
	UserID         string
	IsModerated    bool
	ModeratedAt    *time.Time
	ModerationNote string
}

// Approve makes a provider's profile public and e-mails its owner. Only a
// provider that finished onboarding (so has a public page) can be approved;
// approving twice is a conflict.
func (s *Service) Approve(ctx context.Context, actorID, userID string) (Moderation, error) {
	u, err := s.provider(ctx, userID)
	if err != nil {
		return Moderation{}, err
	}
	comp, err := s.store.GetCompany(ctx, u.ID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !u.HasFinishedOnboarding) {
		return Moderation{}, apperr.Wrap(apperr.Conflict, "admin.errors.not_onboarded", err)
	}
	if err != nil {
		return Moderation{}, err
	}
	now := s.clock.Now()
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		ok, err := tx.ApproveProvider(ctx, u.ID, now)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.New(apperr.Conflict, "admin.errors.already_moderated")
		}
		if err := s.audit(ctx, tx, actorID, ActionApprove, u.ID, map[string]any{"company": comp.Name}); err != nil {
			return err
		}
		// A planner whose page the SIRET still hides is told what is
		// missing, not that the profile is live.
		u.IsModerated = true
		if u.Role == model.RolePlanner && store.PlannerPageHidden(u, comp) != "" {
			return s.sendEmail(ctx, tx, u, emails.KindModerationApprovedHidden, map[string]string{
				"detailsUrl": s.links.ProURL(u.Domain, "/company/details"),
			})
		}
		// A planner's listing is its profile page; a venue owner's listings
		// are its venues, each with its own page, all reached from /venues.
		public := s.links.ProfileURL(comp.CountryCode, comp.Slug)
		if u.Role == model.RoleVenue {
			public = s.links.ProURL(u.Domain, "/venues")
		}
		return s.sendEmail(ctx, tx, u, emails.KindModerationApproved, map[string]string{
			"publicUrl":    public,
			"dashboardUrl": s.links.ProURL(u.Domain, "/dashboard"),
		})
	})
	if err != nil {
		return Moderation{}, err
	}
	return Moderation{UserID: u.ID, IsModerated: true, ModeratedAt: &now}, nil
}

// Reject refuses a provider with a reason, which is stored and e-mailed to
// its owner; the provider stays unmoderated and may be approved later.
func (s *Service) Reject(ctx context.Context, actorID, userID, reason string) (Moderation, error) {
	reason, code := validate.Text(reason)
	reason = strings.TrimSpace(reason)
	f := apperr.Fields{}
	switch n := utf8.RuneCountInString(reason); {
	case code != "":
		f.Add("reason", code)
	case n == 0:
		f.Add("reason", "validation.required")
	case n < RejectReasonMin || n > RejectReasonMax:
		f.Add("reason", "admin.validation.reject_reason_length")
	}
	if err := f.Err(); err != nil {
		return Moderation{}, err
	}
	u, err := s.provider(ctx, userID)
	if err != nil {
		return Moderation{}, err
	}
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		ok, err := tx.RejectProvider(ctx, u.ID, reason, s.clock.Now())
		if err != nil {
			return err
		}
		if !ok {
			return apperr.New(apperr.Conflict, "admin.errors.already_moderated")
		}
		if err := s.audit(ctx, tx, actorID, ActionReject, u.ID, map[string]any{"reason": reason}); err != nil {
			return err
		}
		return s.sendEmail(ctx, tx, u, emails.KindModerationRejected, map[string]string{"reason": reason})
	})
	if err != nil {
		return Moderation{}, err
	}
	return Moderation{UserID: u.ID, ModerationNote: reason}, nil
}

// VerifySiret records an admin's manual check of a provider's SIRET, for
// when the company register is not configured: active or inactive. Only a
// French company has a SIRET to verify.
func (s *Service) VerifySiret(ctx context.Context, actorID, userID string, isActive *bool) (string, error) {
	if isActive == nil {
		return "", apperr.Validation(map[string]string{"isActive": "validation.required"})
	}
	u, err := s.provider(ctx, userID)
	if err != nil {
		return "", err
	}
	c, err := s.store.GetCompany(ctx, u.ID)
	if errors.Is(err, store.ErrNotFound) {
		return "", apperr.Wrap(apperr.Conflict, "admin.errors.not_onboarded", err)
	}
	if err != nil {
		return "", err
	}
	if c.CountryCode != company.HomeCountry {
		// Only France has a register whose answer hides a profile: a number
		// of another country is checked by its check digits on saving, and an
		// admin's verdict on it would change nothing anyone sees.
		return "", apperr.New(apperr.Conflict, "company_number.errors.no_register")
	}
	status := model.SiretInactive
	if *isActive {
		status = model.SiretActive
	}
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		err := tx.SetCompanySiretStatus(ctx, u.ID, status, s.clock.Now())
		if errors.Is(err, store.ErrNotFound) {
			return apperr.Wrap(apperr.Conflict, "admin.errors.not_onboarded", err)
		}
		if err != nil {
			return err
		}
		return s.audit(ctx, tx, actorID, ActionSiret, u.ID, map[string]any{"siretStatus": status})
	})
	if err != nil {
		return "", err
	}
	return status, nil
}
