package store

import (
	"context"
	"fmt"
	"time"

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

// ListAlerts returns every promotional alert, newest first.
func (s *Store) ListAlerts(ctx context.Context) ([]model.PromotionalAlert, error) {
	as := []model.PromotionalAlert{}
	if err := s.q.SelectContext(ctx, &as, `SELECT `+alertColumns+` FROM promotional_alerts ORDER BY created_at DESC, id DESC`); err != nil {
		return nil, fmt.Errorf("store: list alerts: %w", err)
	}
	return as, nil
}

// GetAlert returns one promotional alert.
func (s *Store) GetAlert(ctx context.Context, id string) (model.PromotionalAlert, error) {
	var a model.PromotionalAlert
	if err := s.q.GetContext(ctx, &a, `SELECT `+alertColumns+` FROM promotional_alerts WHERE id = $1`, id); err != nil {
		return a, fmt.Errorf("store: get alert: %w", notFound(err))
	}
	return a, nil
}

// UpdateAlert replaces the editable fields of an alert.
func (s *Store) UpdateAlert(ctx context.Context, a model.PromotionalAlert) error {
	res, err := s.exec(ctx, `UPDATE promotional_alerts SET audience = $2, title = $3, description = $4, button_text = $5,
		button_link = $6, is_active = $7, updated_at = $8 WHERE id = $1`,
		a.ID, a.Audience, a.Title, a.Description, a.ButtonText, a.ButtonLink, a.IsActive, a.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store: update alert: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: update alert: %w", ErrNotFound)
	}
	return nil
}

// DeleteAlert removes an alert.
func (s *Store) DeleteAlert(ctx context.Context, id string) error {
	res, err := s.exec(ctx, `DELETE FROM promotional_alerts WHERE id = $1`, id)
	if err != nil {
		return fmt.Errorf("store: delete alert: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: delete alert: %w", ErrNotFound)
	}
	return nil
}

// SaveActiveAlert writes an alert (create, or update when it exists) in the
// caller's transaction or its own; when it is active, every other alert of
// its audience is deactivated first, so exactly one is active per audience.
func (s *Store) SaveActiveAlert(ctx context.Context, a model.PromotionalAlert, create bool) error {
	return s.saveActive(ctx, "promotional_alerts", a.ID, a.Audience, a.IsActive, a.UpdatedAt, func(tx *Store) error {
		if create {
			return tx.CreateAlert(ctx, a)
		}
		return tx.UpdateAlert(ctx, a)
	})
}

// saveActive runs write, the save of one promotional message of table, in a
// transaction; when the message is active, the other active ones of its
// audience are deactivated first.
func (s *Store) saveActive(ctx context.Context, table, id, audience string, active bool, at time.Time, write func(tx *Store) error) error {
	return s.InTx(ctx, func(tx *Store) error {
		if active {
			if err := tx.lockAudience(ctx, table, audience); err != nil {
				return err
			}
			if _, err := tx.exec(ctx, `UPDATE `+table+` SET is_active = FALSE, updated_at = $3
				WHERE audience = $1 AND id <> $2 AND is_active = TRUE`, audience, id, at); err != nil {
				return fmt.Errorf("store: deactivate %s: %w", table, err)
			}
		}
		return write(tx)
	})
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

// ListPopups returns every promotional popup, newest first.
func (s *Store) ListPopups(ctx context.Context) ([]model.PromotionalPopup, error) {
	ps := []model.PromotionalPopup{}
	if err := s.q.SelectContext(ctx, &ps, `SELECT `+popupColumns+` FROM promotional_popups ORDER BY created_at DESC, id DESC`); err != nil {
		return nil, fmt.Errorf("store: list popups: %w", err)
	}
	return ps, nil
}

// GetPopup returns one promotional popup.
func (s *Store) GetPopup(ctx context.Context, id string) (model.PromotionalPopup, error) {
	var p model.PromotionalPopup
	if err := s.q.GetContext(ctx, &p, `SELECT `+popupColumns+` FROM promotional_popups WHERE id = $1`, id); err != nil {
		return p, fmt.Errorf("store: get popup: %w", notFound(err))
	}
	return p, nil
}

// UpdatePopup replaces the editable fields of a popup.
func (s *Store) UpdatePopup(ctx context.Context, p model.PromotionalPopup) error {
	res, err := s.exec(ctx, `UPDATE promotional_popups SET audience = $2, title = $3, description_html = $4, image_url = $5,
		button_text = $6, button_link = $7, show_once_per_user = $8, is_active = $9, updated_at = $10 WHERE id = $1`,
		p.ID, p.Audience, p.Title, p.DescriptionHTML, p.ImageURL, p.ButtonText, p.ButtonLink, p.ShowOncePerUser, p.IsActive, p.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store: update popup: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: update popup: %w", ErrNotFound)
	}
	return nil
}

// DeletePopup removes a popup.
func (s *Store) DeletePopup(ctx context.Context, id string) error {
	res, err := s.exec(ctx, `DELETE FROM promotional_popups WHERE id = $1`, id)
	if err != nil {
		return fmt.Errorf("store: delete popup: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: delete popup: %w", ErrNotFound)
	}
	return nil
}

// SaveActivePopup is SaveActiveAlert for popups.
func (s *Store) SaveActivePopup(ctx context.Context, p model.PromotionalPopup, create bool) error {
	return s.saveActive(ctx, "promotional_popups", p.ID, p.Audience, p.IsActive, p.UpdatedAt, func(tx *Store) error {
		if create {
			return tx.CreatePopup(ctx, p)
		}
		return tx.UpdatePopup(ctx, p)
	})
}

// lockAudience serialises the writers of one table's audience inside a
// transaction, so "one active message per audience" holds even when two
// admins activate at once. SQLite transactions already take the write lock
// when they begin (_txlock=immediate); PostgreSQL takes an advisory lock
// released at commit.
func (s *Store) lockAudience(ctx context.Context, table, audience string) error {
	if s.driver != "postgres" {
		return nil
	}
	if _, err := s.q.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, table+":"+audience); err != nil {
		return fmt.Errorf("store: lock %s: %w", table, err)
	}
	return nil
}
