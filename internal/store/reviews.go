package store

import (
	"context"
	"fmt"
	"noces/internal/model"
	"time"
)

const reviewColumns = `id, provider_id, rating, title, body, reviewer_name, reviewer_type, wedding_date, photo_key, email_key, status, created_at, moderated_at,
	request_id, reply, replied_at, reply_hidden_at`

// CreateReview stores a pending review; a second review from the same e-mail
// for the same provider, or a second verified review of one request, gives
// ErrConflict.
func (s *Store) CreateReview(ctx context.Context, r model.Review) error {
	_, err := s.exec(ctx, `INSERT INTO reviews (`+reviewColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
		r.ID, r.ProviderID, r.Rating, r.Title, r.Body, r.ReviewerName, r.ReviewerType, r.WeddingDate, r.PhotoKey, r.EmailKey, r.Status, r.CreatedAt, r.ModeratedAt,
		r.RequestID, r.Reply, r.RepliedAt, r.ReplyHiddenAt)
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

// ReviewStats returns the number of a provider's approved reviews and their
// average rating (0 without any), in one aggregate: the badge asks it on
// every cache miss, so it does not list the reviews themselves.
func (s *Store) ReviewStats(ctx context.Context, providerID string) (int, float64, error) {
	var agg struct {
		N   int      `db:"n"`
		Avg *float64 `db:"avg"`
	}
	err := s.q.GetContext(ctx, &agg, `SELECT COUNT(*) AS n, AVG(CAST(rating AS DOUBLE PRECISION)) AS avg FROM reviews WHERE provider_id = $1 AND status = 'approved'`, providerID)
	if err != nil {
		return 0, 0, fmt.Errorf("store: review stats: %w", err)
	}
	if agg.Avg == nil {
		return agg.N, 0, nil
	}
	return agg.N, *agg.Avg, nil
}

// AdminReview is a review with the provider it is about, for moderation.
type AdminReview struct {
	model.Review
	ProviderName  string `db:"provider_name"`
	ProviderEmail string `db:"provider_email"`
}

var adminReviewSelect = `SELECT ` + prefixed("r", reviewColumns) + `,
	COALESCE(NULLIF(c.name, ''), TRIM(u.firstname || ' ' || u.lastname)) AS provider_name, u.email AS provider_email
	FROM reviews r JOIN users u ON u.id = r.provider_id LEFT JOIN companies c ON c.user_id = r.provider_id`

// ListReviewsByStatus returns the reviews of one status with their provider,
// oldest first for the pending queue and newest first otherwise, with the total.
func (s *Store) ListReviewsByStatus(ctx context.Context, status string, limit, offset int) ([]AdminReview, int, error) {
	var total int
	if err := s.q.GetContext(ctx, &total, `SELECT COUNT(*) FROM reviews WHERE status = $1`, status); err != nil {
		return nil, 0, fmt.Errorf("store: count reviews: %w", err)
	}
	order := `r.created_at DESC, r.id DESC`
	if status == model.ReviewPending {
		order = `r.created_at, r.id`
	}
	rs := []AdminReview{}
	err := s.q.SelectContext(ctx, &rs, adminReviewSelect+` WHERE r.status = $1 ORDER BY `+order+` LIMIT $2 OFFSET $3`, status, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("store: list reviews: %w", err)
	}
	return rs, total, nil
}

// GetReviewForModeration returns one review with its provider.
func (s *Store) GetReviewForModeration(ctx context.Context, id string) (AdminReview, error) {
	var r AdminReview
	if err := s.q.GetContext(ctx, &r, adminReviewSelect+` WHERE r.id = $1`, id); err != nil {
		return r, fmt.Errorf("store: get review: %w", notFound(err))
	}
	return r, nil
}

// SetReviewStatus moves a review to status unless it already has it: a
// conditional UPDATE, so two admins deciding at once take effect once. It
// reports false when nothing changed (already in that status, or unknown).
func (s *Store) SetReviewStatus(ctx context.Context, id, status string, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE reviews SET status = $2, moderated_at = $3 WHERE id = $1 AND status <> $2`, id, status, now)
	if err != nil {
		return false, fmt.Errorf("store: set review status: %w", err)
	}
	return affected(res) == 1, nil
}
