package store

import (
	"context"
	"fmt"
	"time"

	"noces/internal/model"
)

// PublicProvider is a visible planner's page data.
type PublicProvider struct {
	model.Company
	Firstname     string     `db:"firstname"`
	AvatarKey     string     `db:"avatar_key"`
	Domain        string     `db:"domain"`
	PremiumStatus string     `db:"premium_status"`
	PremiumEndAt  *time.Time `db:"premium_end_at"`
	ReviewToken   *string    `db:"review_token"`
}

// IsPremium reports whether premium is in force at now.
func (p PublicProvider) IsPremium(now time.Time) bool {
	switch p.PremiumStatus {
	case model.PremiumActive:
		return p.PremiumEndAt == nil || now.Before(*p.PremiumEndAt)
	case model.PremiumCancellation:
		return p.PremiumEndAt != nil && now.Before(*p.PremiumEndAt)
	}
	return false
}

// GetVisibleProviderBySlug returns a planner's public data, or ErrNotFound
// when the page must not show (not moderated, deleted, unverified SIRET).
func (s *Store) GetVisibleProviderBySlug(ctx context.Context, slug string) (PublicProvider, error) {
	var p PublicProvider
	err := s.q.GetContext(ctx, &p, `SELECT c.user_id, c.name, c.slug, c.siret, c.siret_status, c.website, c.date_of_creation,
		c.zipcode, c.city, c.country_code, c.latitude, c.longitude, c.created_at, c.updated_at, c.review_token,
		u.firstname, u.avatar_key, u.domain, u.premium_status, u.premium_end_at
		FROM companies c JOIN users u ON u.id = c.user_id WHERE c.slug = $1 AND `+visibleProvider, slug)
	if err != nil {
		return p, fmt.Errorf("store: public provider: %w", notFound(err))
	}
	return p, nil
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

const reviewColumns = `id, provider_id, rating, title, body, reviewer_name, reviewer_type, wedding_date, photo_key, email_key, status, created_at, moderated_at`

// CreateReview stores a pending review; a second review from the same e-mail
// for the same provider gives ErrConflict.
func (s *Store) CreateReview(ctx context.Context, r model.Review) error {
	_, err := s.exec(ctx, `INSERT INTO reviews (`+reviewColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
		r.ID, r.ProviderID, r.Rating, r.Title, r.Body, r.ReviewerName, r.ReviewerType, r.WeddingDate, r.PhotoKey, r.EmailKey, r.Status, r.CreatedAt, r.ModeratedAt)
	if err != nil {
		return fmt.Errorf("store: create review: %w", err)
	}
	return nil
}

// ListApprovedReviews returns a provider's approved reviews, newest first,
// with their count and average rating.
func (s *Store) ListApprovedReviews(ctx context.Context, providerID string, limit, offset int) ([]model.Review, int, float64, error) {
	var agg struct {
		N   int      `db:"n"`
		Avg *float64 `db:"avg"`
	}
	err := s.q.GetContext(ctx, &agg, `SELECT COUNT(*) AS n, AVG(CAST(rating AS DOUBLE PRECISION)) AS avg FROM reviews WHERE provider_id = $1 AND status = 'approved'`, providerID)
	if err != nil {
		return nil, 0, 0, fmt.Errorf("store: review stats: %w", err)
	}
	var rs []model.Review
	err = s.q.SelectContext(ctx, &rs, `SELECT `+reviewColumns+` FROM reviews WHERE provider_id = $1 AND status = 'approved'
		ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`, providerID, limit, offset)
	if err != nil {
		return nil, 0, 0, fmt.Errorf("store: list reviews: %w", err)
	}
	avg := 0.0
	if agg.Avg != nil {
		avg = *agg.Avg
	}
	return rs, agg.N, avg, nil
}

// CreateProject stores a couple's project with its languages.
func (s *Store) CreateProject(ctx context.Context, p model.Project) error {
	_, err := s.exec(ctx, `INSERT INTO projects (id, domain, event_type, event_date, service_type, event_location, event_city,
		event_zipcode, event_country, event_latitude, event_longitude, budget_range, guest_range, has_theme, wedding_theme,
		message, firstname, lastname, email, phone, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)`,
		p.ID, p.Domain, p.EventType, p.EventDate, p.ServiceType, p.EventLocation, p.EventCity, p.EventZipcode, p.EventCountry,
		p.EventLatitude, p.EventLongitude, p.BudgetRange, p.GuestRange, p.HasTheme, p.WeddingTheme, p.Message,
		p.Firstname, p.Lastname, p.Email, p.Phone, p.CreatedAt)
	if err != nil {
		return fmt.Errorf("store: create project: %w", err)
	}
	for _, code := range p.Languages {
		if _, err := s.exec(ctx, `INSERT INTO project_languages (project_id, code) VALUES ($1, $2) ON CONFLICT DO NOTHING`, p.ID, code); err != nil {
			return fmt.Errorf("store: project language: %w", err)
		}
	}
	return nil
}

// CreateEventRequest sends a project to a provider; the same project twice
// to one provider gives ErrConflict, a project that does not exist
// ErrNotFound.
func (s *Store) CreateEventRequest(ctx context.Context, r model.EventRequest) error {
	// The event date is copied for the provider's list sorted by it
	// (migration 00009); a project's date never changes once sent.
	res, err := s.exec(ctx, `INSERT INTO event_requests (id, project_id, provider_id, created_at, event_date)
		SELECT $1, p.id, $3, $4, p.event_date FROM projects p WHERE p.id = $2`,
		r.ID, r.ProjectID, r.ProviderID, r.CreatedAt)
	if err != nil {
		return fmt.Errorf("store: create event request: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: create event request for project %s: %w", r.ProjectID, ErrNotFound)
	}
	return nil
}

// SetProfileScore stores how complete a profile is.
func (s *Store) SetProfileScore(ctx context.Context, userID string, score int) error {
	if _, err := s.exec(ctx, `UPDATE companies SET profile_score = $2 WHERE user_id = $1`, userID, score); err != nil {
		return fmt.Errorf("store: profile score: %w", err)
	}
	return nil
}
