package billing

import (
	"context"

	"noces/internal/model"
	"noces/internal/store"
)

// Service runs the billing rules.
type Service struct {
	store *store.Store
}

// NewService wires the billing service.
func NewService(s *store.Store) *Service { return &Service{store: s} }

// Logs returns a provider's credit ledger, newest first.
func (s *Service) Logs(ctx context.Context, userID string) ([]model.CreditLog, error) {
	return s.store.ListCreditLogs(ctx, userID)
}
