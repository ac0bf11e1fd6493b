// Package marketing serves the promotional alerts and popups of the
// back-office, per audience (planners or venues).
package marketing

import (
	"context"
	"errors"

	"noces/internal/apperr"
	"noces/internal/model"
	"noces/internal/store"
)

// Service reads and (for admins) writes marketing messages.
type Service struct {
	store *store.Store
}

// NewService returns the marketing service.
func NewService(s *store.Store) *Service { return &Service{store: s} }

func checkAudience(a string) error {
	if a != model.AudiencePlanner && a != model.AudienceVenue {
		return apperr.Validation(map[string]string{"type": "validation.audience_invalid"})
	}
	return nil
}

// ActiveAlert returns the active alert for audience; ok is false when none is.
func (s *Service) ActiveAlert(ctx context.Context, audience string) (a model.PromotionalAlert, ok bool, err error) {
	if err := checkAudience(audience); err != nil {
		return a, false, err
	}
	a, err = s.store.GetActiveAlert(ctx, audience)
	if errors.Is(err, store.ErrNotFound) {
		return a, false, nil
	}
	return a, err == nil, err
}

// ActivePopup returns the active popup for audience; ok is false when none is.
func (s *Service) ActivePopup(ctx context.Context, audience string) (p model.PromotionalPopup, ok bool, err error) {
	if err := checkAudience(audience); err != nil {
		return p, false, err
	}
	p, err = s.store.GetActivePopup(ctx, audience)
	if errors.Is(err, store.ErrNotFound) {
		return p, false, nil
	}
	return p, err == nil, err
}
