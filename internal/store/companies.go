package store

import (
	"context"
	"fmt"

	"noces/internal/model"
)

const companyColumns = `user_id, name, slug, siret, siret_status, website, date_of_creation, zipcode, city,
	country_code, latitude, longitude, created_at, updated_at`

// CreateCompany inserts a provider's company; a taken slug gives ErrConflict.
func (s *Store) CreateCompany(ctx context.Context, c model.Company) error {
	_, err := s.exec(ctx, `INSERT INTO companies (`+companyColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
		c.UserID, c.Name, c.Slug, c.Siret, c.SiretStatus, c.Website, c.DateOfCreation, c.Zipcode, c.City,
		c.CountryCode, c.Latitude, c.Longitude, c.CreatedAt, c.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store: create company: %w", err)
	}
	return nil
}

// GetCompany returns the company of a provider.
func (s *Store) GetCompany(ctx context.Context, userID string) (model.Company, error) {
	var c model.Company
	err := s.q.GetContext(ctx, &c, `SELECT `+companyColumns+` FROM companies WHERE user_id = $1`, userID)
	if err != nil {
		return c, fmt.Errorf("store: get company: %w", notFound(err))
	}
	return c, nil
}
