package store

import (
	"context"
	"fmt"
	"noces/internal/model"
	"time"
)

const portfolioColumns = `id, owner_id, title, description, wedding_date, total_budget, planner_budget, number_of_guests,
	location, city, postal_code, country_code, latitude, longitude, style, is_budget_hidden, is_published, created_at, updated_at`

const portfolioImageColumns = `id, portfolio_id, caption, position, is_key_image, image_key, width, height,
	thumb_key, thumb_width, thumb_height, byte_size, created_at`

// CountPortfolios counts a provider's portfolios.
func (s *Store) CountPortfolios(ctx context.Context, ownerID string) (int, error) {
	var n int
	if err := s.q.GetContext(ctx, &n, `SELECT COUNT(*) FROM portfolios WHERE owner_id = $1`, ownerID); err != nil {
		return 0, fmt.Errorf("store: count portfolios: %w", err)
	}
	return n, nil
}

// CreatePortfolio stores a portfolio and its services.
func (s *Store) CreatePortfolio(ctx context.Context, p model.Portfolio, prestations []int) error {
	_, err := s.exec(ctx, `INSERT INTO portfolios (`+portfolioColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
		p.ID, p.OwnerID, p.Title, p.Description, p.WeddingDate, p.TotalBudget, p.PlannerBudget, p.NumberOfGuests,
		p.Location, p.City, p.PostalCode, p.CountryCode, p.Latitude, p.Longitude, p.Style, p.IsBudgetHidden, p.IsPublished,
		p.CreatedAt, p.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store: create portfolio: %w", err)
	}
	return s.setPortfolioPrestations(ctx, p.ID, prestations)
}

// UpdatePortfolio replaces a portfolio's fields and services (not its
// publication, which has its own actions).
func (s *Store) UpdatePortfolio(ctx context.Context, p model.Portfolio, prestations []int) error {
	res, err := s.exec(ctx, `UPDATE portfolios SET title = $3, description = $4, wedding_date = $5, total_budget = $6,
		planner_budget = $7, number_of_guests = $8, location = $9, city = $10, postal_code = $11, country_code = $12,
		latitude = $13, longitude = $14, style = $15, is_budget_hidden = $16, updated_at = $17
		WHERE id = $1 AND owner_id = $2`,
		p.ID, p.OwnerID, p.Title, p.Description, p.WeddingDate, p.TotalBudget, p.PlannerBudget, p.NumberOfGuests,
		p.Location, p.City, p.PostalCode, p.CountryCode, p.Latitude, p.Longitude, p.Style, p.IsBudgetHidden, p.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store: update portfolio: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: update portfolio: %w", ErrNotFound)
	}
	return s.setPortfolioPrestations(ctx, p.ID, prestations)
}

func (s *Store) setPortfolioPrestations(ctx context.Context, id string, prestations []int) error {
	if _, err := s.exec(ctx, `DELETE FROM portfolio_prestations WHERE portfolio_id = $1`, id); err != nil {
		return fmt.Errorf("store: portfolio prestations: %w", err)
	}
	for _, p := range prestations {
		if _, err := s.exec(ctx, `INSERT INTO portfolio_prestations (portfolio_id, prestation_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, id, p); err != nil {
			return fmt.Errorf("store: portfolio prestation: %w", err)
		}
	}
	return nil
}

// GetPortfolio returns one of a provider's portfolios; another owner's is
// ErrNotFound.
func (s *Store) GetPortfolio(ctx context.Context, ownerID, id string) (model.Portfolio, error) {
	var p model.Portfolio
	err := s.q.GetContext(ctx, &p, `SELECT `+portfolioColumns+` FROM portfolios WHERE id = $1 AND owner_id = $2`, id, ownerID)
	if err != nil {
		return p, fmt.Errorf("store: get portfolio: %w", notFound(err))
	}
	return p, nil
}

// ListPortfolios returns a provider's portfolios, newest first.
func (s *Store) ListPortfolios(ctx context.Context, ownerID string) ([]model.Portfolio, error) {
	var out []model.Portfolio
	err := s.q.SelectContext(ctx, &out, `SELECT `+portfolioColumns+` FROM portfolios WHERE owner_id = $1
		ORDER BY created_at DESC, id DESC`, ownerID)
	if err != nil {
		return nil, fmt.Errorf("store: list portfolios: %w", err)
	}
	return out, nil
}

// ListPublishedPortfolios returns the portfolios a provider's public page
// shows, latest weddings first.
func (s *Store) ListPublishedPortfolios(ctx context.Context, ownerID string) ([]model.Portfolio, error) {
	var out []model.Portfolio
	err := s.q.SelectContext(ctx, &out, `SELECT `+portfolioColumns+` FROM portfolios WHERE owner_id = $1 AND is_published = TRUE
		ORDER BY wedding_date DESC, created_at DESC, id DESC`, ownerID)
	if err != nil {
		return nil, fmt.Errorf("store: published portfolios: %w", err)
	}
	return out, nil
}

// SetPortfolioPublished publishes or withdraws a portfolio.
func (s *Store) SetPortfolioPublished(ctx context.Context, ownerID, id string, published bool, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE portfolios SET is_published = $3, updated_at = $4 WHERE id = $1 AND owner_id = $2`,
		id, ownerID, published, now)
	if err != nil {
		return fmt.Errorf("store: publish portfolio: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: publish portfolio: %w", ErrNotFound)
	}
	return nil
}

// DeletePortfolio removes a portfolio with its photos' rows and views; the
// caller deletes the files.
func (s *Store) DeletePortfolio(ctx context.Context, ownerID, id string) error {
	res, err := s.exec(ctx, `DELETE FROM portfolios WHERE id = $1 AND owner_id = $2`, id, ownerID)
	if err != nil {
		return fmt.Errorf("store: delete portfolio: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: delete portfolio: %w", ErrNotFound)
	}
	return nil
}

// ListPortfolioPrestations returns the service ids of each portfolio.
func (s *Store) ListPortfolioPrestations(ctx context.Context, ids []string) (map[string][]int, error) {
	out := map[string][]int{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		PortfolioID  string `db:"portfolio_id"`
		PrestationID int    `db:"prestation_id"`
	}
	in, args := inList(ids, 0)
	err := s.q.SelectContext(ctx, &rows, `SELECT portfolio_id, prestation_id FROM portfolio_prestations
		WHERE portfolio_id IN (`+in+`) ORDER BY prestation_id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: portfolio prestations: %w", err)
	}
	for _, r := range rows {
		out[r.PortfolioID] = append(out[r.PortfolioID], r.PrestationID)
	}
	return out, nil
}

// ListPortfolioImages returns the photos of each portfolio in their order.
func (s *Store) ListPortfolioImages(ctx context.Context, ids []string) (map[string][]model.PortfolioImage, error) {
	out := map[string][]model.PortfolioImage{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []model.PortfolioImage
	in, args := inList(ids, 0)
	err := s.q.SelectContext(ctx, &rows, `SELECT `+portfolioImageColumns+` FROM portfolio_images
		WHERE portfolio_id IN (`+in+`) ORDER BY position, created_at, id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: portfolio images: %w", err)
	}
	for _, r := range rows {
		out[r.PortfolioID] = append(out[r.PortfolioID], r)
	}
	return out, nil
}

// CountPortfolioViews returns the total views of each portfolio.
func (s *Store) CountPortfolioViews(ctx context.Context, ids []string) (map[string]int, error) {
	out := map[string]int{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		PortfolioID string `db:"portfolio_id"`
		N           int    `db:"n"`
	}
	in, args := inList(ids, 0)
	err := s.q.SelectContext(ctx, &rows, `SELECT portfolio_id, COUNT(*) AS n FROM portfolio_views
		WHERE portfolio_id IN (`+in+`) GROUP BY portfolio_id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: portfolio views: %w", err)
	}
	for _, r := range rows {
		out[r.PortfolioID] = r.N
	}
	return out, nil
}

// PortfolioDayCount is one portfolio's views on one day.
type PortfolioDayCount struct {
	PortfolioID string `db:"portfolio_id"`
	Day         string `db:"day"`
	Count       int    `db:"n"`
}

// CountPortfolioViewsByDay counts the views of a provider's portfolios per
// portfolio and day from fromDay (YYYY-MM-DD) on; days without views are absent.
func (s *Store) CountPortfolioViewsByDay(ctx context.Context, ownerID, fromDay string) ([]PortfolioDayCount, error) {
	var out []PortfolioDayCount
	err := s.q.SelectContext(ctx, &out, `SELECT v.portfolio_id, v.day, COUNT(*) AS n FROM portfolio_views v
		JOIN portfolios p ON p.id = v.portfolio_id
		WHERE p.owner_id = $1 AND v.day >= $2 GROUP BY v.portfolio_id, v.day ORDER BY v.day`, ownerID, fromDay)
	if err != nil {
		return nil, fmt.Errorf("store: portfolio views by day: %w", err)
	}
	return out, nil
}

// RecordPortfolioView counts a visitor once per day per portfolio; it
// reports whether this view was new.
func (s *Store) RecordPortfolioView(ctx context.Context, portfolioID, day, visitor string) (bool, error) {
	res, err := s.exec(ctx, `INSERT INTO portfolio_views (portfolio_id, day, visitor) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
		portfolioID, day, visitor)
	if err != nil {
		return false, fmt.Errorf("store: record portfolio view: %w", err)
	}
	return affected(res) == 1, nil
}

// CountPortfolioImages counts a portfolio's photos and returns the next
// free position.
func (s *Store) CountPortfolioImages(ctx context.Context, portfolioID string) (n, next int, err error) {
	var row struct {
		N   int `db:"n"`
		Max int `db:"m"`
	}
	err = s.q.GetContext(ctx, &row, `SELECT COUNT(*) AS n, COALESCE(MAX(position), -1) AS m FROM portfolio_images WHERE portfolio_id = $1`, portfolioID)
	if err != nil {
		return 0, 0, fmt.Errorf("store: count portfolio images: %w", err)
	}
	return row.N, row.Max + 1, nil
}

// CreatePortfolioImage stores a portfolio photo's row; its files are
// already in blob storage.
func (s *Store) CreatePortfolioImage(ctx context.Context, im model.PortfolioImage) error {
	_, err := s.exec(ctx, `INSERT INTO portfolio_images (`+portfolioImageColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
		im.ID, im.PortfolioID, im.Caption, im.Position, im.IsKeyImage, im.ImageKey, im.Width, im.Height,
		im.ThumbKey, im.ThumbWidth, im.ThumbHeight, im.ByteSize, im.CreatedAt)
	if err != nil {
		return fmt.Errorf("store: create portfolio image: %w", err)
	}
	return nil
}

// GetPortfolioImage returns a photo of a provider's portfolio; anything of
// another owner is ErrNotFound.
func (s *Store) GetPortfolioImage(ctx context.Context, ownerID, portfolioID, imageID string) (model.PortfolioImage, error) {
	var im model.PortfolioImage
	err := s.q.GetContext(ctx, &im, `SELECT `+prefixed("i", portfolioImageColumns)+` FROM portfolio_images i
		JOIN portfolios p ON p.id = i.portfolio_id WHERE i.id = $1 AND i.portfolio_id = $2 AND p.owner_id = $3`,
		imageID, portfolioID, ownerID)
	if err != nil {
		return im, fmt.Errorf("store: get portfolio image: %w", notFound(err))
	}
	return im, nil
}

// DeletePortfolioImage removes a portfolio photo's row.
func (s *Store) DeletePortfolioImage(ctx context.Context, portfolioID, imageID string) error {
	res, err := s.exec(ctx, `DELETE FROM portfolio_images WHERE id = $1 AND portfolio_id = $2`, imageID, portfolioID)
	if err != nil {
		return fmt.Errorf("store: delete portfolio image: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: delete portfolio image: %w", ErrNotFound)
	}
	return nil
}

// SetPortfolioImageCaption sets a portfolio photo's caption.
func (s *Store) SetPortfolioImageCaption(ctx context.Context, portfolioID, imageID, caption string) error {
	res, err := s.exec(ctx, `UPDATE portfolio_images SET caption = $3 WHERE id = $1 AND portfolio_id = $2`, imageID, portfolioID, caption)
	if err != nil {
		return fmt.Errorf("store: caption: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: caption: %w", ErrNotFound)
	}
	return nil
}

// SetPortfolioKeyImage makes one photo the portfolio's key image and the
// others not; run it in a transaction.
func (s *Store) SetPortfolioKeyImage(ctx context.Context, portfolioID, imageID string) error {
	if _, err := s.exec(ctx, `UPDATE portfolio_images SET is_key_image = FALSE WHERE portfolio_id = $1 AND is_key_image = TRUE`, portfolioID); err != nil {
		return fmt.Errorf("store: key image: %w", err)
	}
	res, err := s.exec(ctx, `UPDATE portfolio_images SET is_key_image = TRUE WHERE id = $1 AND portfolio_id = $2`, imageID, portfolioID)
	if err != nil {
		return fmt.Errorf("store: key image: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: key image: %w", ErrNotFound)
	}
	return nil
}

// SetPortfolioImagePosition moves a portfolio photo.
func (s *Store) SetPortfolioImagePosition(ctx context.Context, portfolioID, imageID string, position int) error {
	res, err := s.exec(ctx, `UPDATE portfolio_images SET position = $3 WHERE id = $1 AND portfolio_id = $2`, imageID, portfolioID, position)
	if err != nil {
		return fmt.Errorf("store: image position: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: image position: %w", ErrNotFound)
	}
	return nil
}

// TouchPortfolio marks a portfolio changed; it reports ErrNotFound for a
// portfolio that is not the owner's. Inside a transaction it also holds the
// portfolio's row, so concurrent changes of its photos queue.
func (s *Store) TouchPortfolio(ctx context.Context, ownerID, id string, now time.Time) error {
	res, err := s.exec(ctx, `UPDATE portfolios SET updated_at = $3 WHERE id = $1 AND owner_id = $2`, id, ownerID, now)
	if err != nil {
		return fmt.Errorf("store: touch portfolio: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: touch portfolio: %w", ErrNotFound)
	}
	return nil
}
