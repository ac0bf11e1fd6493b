package store

import (
	"context"
	"fmt"

	"noces/internal/model"
)

const alertColumns = `id, audience, title, description, button_text, button_link, is_active, created_at, updated_at`

// GetActiveAlert returns the newest active promotional alert for audience.
func (s *Store) GetActiveAlert(ctx context.Context, audience string) (model.PromotionalAlert, error) {
	var a model.PromotionalAlert
	err := s.q.GetContext(ctx, &a, `SELECT `+alertColumns+` FROM promotional_alerts
		WHERE audience = $1 AND is_active = TRUE ORDER BY updated_at DESC, id DESC LIMIT 1`, audience)
	if err != nil {
		return a, fmt.Errorf("store: active alert: %w", notFound(err))
	}
	return a, nil
}

// CreateAlert inserts a promotional alert.
func (s *Store) CreateAlert(ctx context.Context, a model.PromotionalAlert) error {
	_, err := s.exec(ctx, `INSERT INTO promotional_alerts (`+alertColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		a.ID, a.Audience, a.Title, a.Description, a.ButtonText, a.ButtonLink, a.IsActive, a.CreatedAt, a.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store: create alert: %w", err)
	}
	return nil
}

const popupColumns = `id, audience, title, description_html, image_url, button_text, button_link, show_once_per_user, is_active, created_at, updated_at`

// GetActivePopup returns the newest active promotional popup for audience.
func (s *Store) GetActivePopup(ctx context.Context, audience string) (model.PromotionalPopup, error) {
	var p model.PromotionalPopup
	err := s.q.GetContext(ctx, &p, `SELECT `+popupColumns+` FROM promotional_popups
		WHERE audience = $1 AND is_active = TRUE ORDER BY updated_at DESC, id DESC LIMIT 1`, audience)
	if err != nil {
		return p, fmt.Errorf("store: active popup: %w", notFound(err))
	}
	return p, nil
}

// CreatePopup inserts a promotional popup.
func (s *Store) CreatePopup(ctx context.Context, p model.PromotionalPopup) error {
	_, err := s.exec(ctx, `INSERT INTO promotional_popups (`+popupColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		p.ID, p.Audience, p.Title, p.DescriptionHTML, p.ImageURL, p.ButtonText, p.ButtonLink, p.ShowOncePerUser, p.IsActive, p.CreatedAt, p.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store: create popup: %w", err)
	}
	return nil
}
