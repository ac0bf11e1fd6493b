package store

import (
	"context"
	"fmt"
	"noces/internal/model"
)

// ListPrestations returns the service types by id.
func (s *Store) ListPrestations(ctx context.Context) ([]model.Prestation, error) {
	var ps []model.Prestation
	if err := s.q.SelectContext(ctx, &ps, `SELECT id, type FROM prestations ORDER BY id`); err != nil {
		return nil, fmt.Errorf("store: list prestations: %w", err)
	}
	return ps, nil
}

// ListLangues returns the languages by id.
func (s *Store) ListLangues(ctx context.Context) ([]model.Langue, error) {
	var ls []model.Langue
	if err := s.q.SelectContext(ctx, &ls, `SELECT id, code FROM langues ORDER BY id`); err != nil {
		return nil, fmt.Errorf("store: list langues: %w", err)
	}
	return ls, nil
}

// GetCompanyServices returns a provider's languages and services.
func (s *Store) GetCompanyServices(ctx context.Context, userID string) ([]int, []model.CompanyPrestation, error) {
	var langues []int
	if err := s.q.SelectContext(ctx, &langues, `SELECT langue_id FROM company_langues WHERE user_id = $1 ORDER BY langue_id`, userID); err != nil {
		return nil, nil, fmt.Errorf("store: company langues: %w", err)
	}
	var ps []model.CompanyPrestation
	err := s.q.SelectContext(ctx, &ps, `SELECT cp.prestation_id, p.type, cp.description, cp.budget_starting_from,
		cp.is_description_visible, cp.is_budget_visible
		FROM company_prestations cp JOIN prestations p ON p.id = cp.prestation_id
		WHERE cp.user_id = $1 ORDER BY cp.prestation_id`, userID)
	if err != nil {
		return nil, nil, fmt.Errorf("store: company prestations: %w", err)
	}
	return langues, ps, nil
}

// SetCompanyServices replaces a provider's languages and services.
func (s *Store) SetCompanyServices(ctx context.Context, userID string, langues []int, ps []model.CompanyPrestation) error {
	return s.InTx(ctx, func(tx *Store) error {
		if _, err := tx.exec(ctx, `DELETE FROM company_langues WHERE user_id = $1`, userID); err != nil {
			return fmt.Errorf("store: clear langues: %w", err)
		}
		if _, err := tx.exec(ctx, `DELETE FROM company_prestations WHERE user_id = $1`, userID); err != nil {
			return fmt.Errorf("store: clear prestations: %w", err)
		}
		for _, id := range langues {
			if _, err := tx.exec(ctx, `INSERT INTO company_langues (user_id, langue_id) VALUES ($1, $2)`, userID, id); err != nil {
				return fmt.Errorf("store: add langue: %w", err)
			}
		}
		for _, p := range ps {
			_, err := tx.exec(ctx, `INSERT INTO company_prestations (user_id, prestation_id, description, budget_starting_from,
				is_description_visible, is_budget_visible) VALUES ($1, $2, $3, $4, $5, $6)`,
				userID, p.PrestationID, p.Description, p.BudgetStartingFrom, p.IsDescriptionVisible, p.IsBudgetVisible)
			if err != nil {
				return fmt.Errorf("store: add prestation: %w", err)
			}
		}
		return nil
	})
}
