package store

import (
	"context"
	"fmt"
	"time"

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

// UpdateCompanyDetails sets the identity of a company.
func (s *Store) UpdateCompanyDetails(ctx context.Context, c model.Company) error {
	res, err := s.exec(ctx, `UPDATE companies SET name = $2, siret = $3, siret_status = $4, website = $5,
		date_of_creation = $6, updated_at = $7 WHERE user_id = $1`,
		c.UserID, c.Name, c.Siret, c.SiretStatus, c.Website, c.DateOfCreation, c.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store: update company details: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: update company details: %w", ErrNotFound)
	}
	return nil
}

// UpdateCompanyAddress sets where a company is.
func (s *Store) UpdateCompanyAddress(ctx context.Context, c model.Company) error {
	res, err := s.exec(ctx, `UPDATE companies SET zipcode = $2, city = $3, country_code = $4, latitude = $5,
		longitude = $6, updated_at = $7 WHERE user_id = $1`,
		c.UserID, c.Zipcode, c.City, c.CountryCode, c.Latitude, c.Longitude, c.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store: update company address: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: update company address: %w", ErrNotFound)
	}
	return nil
}

// SetCompanySiretStatus records what the register (or an admin) said.
func (s *Store) SetCompanySiretStatus(ctx context.Context, userID, status string, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE companies SET siret_status = $2, updated_at = $3 WHERE user_id = $1`, userID, status, now)
	if err != nil {
		return fmt.Errorf("store: set siret status: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: set siret status: %w", ErrNotFound)
	}
	return nil
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

// SlugTaken reports whether a company slug is in use.
func (s *Store) SlugTaken(ctx context.Context, slug string) (bool, error) {
	var n int
	if err := s.q.GetContext(ctx, &n, `SELECT COUNT(*) FROM companies WHERE slug = $1`, slug); err != nil {
		return false, fmt.Errorf("store: slug: %w", err)
	}
	return n > 0, nil
}
