package store

import (
	"context"
	"fmt"
	"noces/internal/model"
)

// CreateProject stores a couple's project with its languages; confirmed
// when ConfirmedAt is set (the demo's), else waiting for the couple.
func (s *Store) CreateProject(ctx context.Context, p model.Project) error {
	_, err := s.exec(ctx, `INSERT INTO projects (id, domain, event_type, event_date, service_type, event_location, event_city,
		event_zipcode, event_country, event_latitude, event_longitude, budget_range, guest_range, has_theme, wedding_theme,
		message, firstname, lastname, email, phone, created_at, confirmed_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)`,
		p.ID, p.Domain, p.EventType, p.EventDate, p.ServiceType, p.EventLocation, p.EventCity, p.EventZipcode, p.EventCountry,
		p.EventLatitude, p.EventLongitude, p.BudgetRange, p.GuestRange, p.HasTheme, p.WeddingTheme, p.Message,
		p.Firstname, p.Lastname, p.Email, p.Phone, p.CreatedAt, p.ConfirmedAt)
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
