package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

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

// SlugTaken reports whether a company slug is in use.
func (s *Store) SlugTaken(ctx context.Context, slug string) (bool, error) {
	var n int
	if err := s.q.GetContext(ctx, &n, `SELECT COUNT(*) FROM companies WHERE slug = $1`, slug); err != nil {
		return false, fmt.Errorf("store: slug: %w", err)
	}
	return n > 0, nil
}

// SetProfileScore sets a company's score by hand, as tests do to order a
// directory; the triggers of migration 23 (profile_score.go) compute it
// again from the profile at its next change.
func (s *Store) SetProfileScore(ctx context.Context, userID string, score int) error {
	if _, err := s.exec(ctx, `UPDATE companies SET profile_score = $2 WHERE user_id = $1`, userID, score); err != nil {
		return fmt.Errorf("store: profile score: %w", err)
	}
	return nil
}

// DeleteCompany removes a provider's company (and with it the public pages).
func (s *Store) DeleteCompany(ctx context.Context, userID string) error {
	if _, err := s.exec(ctx, `DELETE FROM companies WHERE user_id = $1`, userID); err != nil {
		return fmt.Errorf("store: delete company: %w", err)
	}
	return nil
}

// GetCompanyByReviewToken finds the company a review link belongs to.
func (s *Store) GetCompanyByReviewToken(ctx context.Context, token string) (model.Company, error) {
	var c model.Company
	err := s.q.GetContext(ctx, &c, `SELECT `+companyColumns+` FROM companies WHERE review_token = $1`, token)
	if err != nil {
		return c, fmt.Errorf("store: company by review token: %w", notFound(err))
	}
	return c, nil
}

// EnsureReviewToken gives a company its review link token once; it returns
// the token in force.
func (s *Store) EnsureReviewToken(ctx context.Context, userID, candidate string) (string, error) {
	if _, err := s.exec(ctx, `UPDATE companies SET review_token = $2 WHERE user_id = $1 AND review_token IS NULL`, userID, candidate); err != nil {
		return "", fmt.Errorf("store: review token: %w", err)
	}
	var token string
	if err := s.q.GetContext(ctx, &token, `SELECT review_token FROM companies WHERE user_id = $1`, userID); err != nil {
		return "", fmt.Errorf("store: review token: %w", notFound(err))
	}
	return token, nil
}

// PublicProvider is a visible planner's page data.
type PublicProvider struct {
	model.Company
	Firstname     string       `db:"firstname"`
	AvatarKey     string       `db:"avatar_key"`
	Domain        string       `db:"domain"`
	PremiumStatus string       `db:"premium_status"`
	PremiumEndAt  sql.NullTime `db:"premium_end_at"`
}

// IsPremium reports whether premium is in force at now, by model.PremiumInForce.
func (p PublicProvider) IsPremium(now time.Time) bool {
	return model.PremiumInForce(p.PremiumStatus, p.PremiumEndAt, now)
}

// GetVisibleProviderBySlug returns a planner's public data, or ErrNotFound
// when the page must not show (not moderated, deleted, unverified SIRET).
func (s *Store) GetVisibleProviderBySlug(ctx context.Context, slug string) (PublicProvider, error) {
	var p PublicProvider
	err := s.q.GetContext(ctx, &p, `SELECT `+prefixed("c", companyColumns)+`,
		u.firstname, u.avatar_key, u.domain, u.premium_status, u.premium_end_at
		FROM companies c JOIN users u ON u.id = c.user_id WHERE c.slug = $1 AND `+visibleProvider, slug)
	if err != nil {
		return p, fmt.Errorf("store: public provider: %w", notFound(err))
	}
	return p, nil
}
