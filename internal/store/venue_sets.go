package store

import (
	"context"
	"fmt"
	"time"

	"noces/internal/model"
)

// VenueSets are the parts of a venue kept as sets beside its row
// (migration 00016): the features it offers, the services it sells and the
// details told of them.
type VenueSets struct {
	Features    []string // model.VenueFeatures entries, in that order
	Prestations []string // model.VenuePrestations entries, in that order
	Details     []model.VenuePrestationDetail
}

// GetVenueSets reads a venue's features, services and service details.
func (s *Store) GetVenueSets(ctx context.Context, venueID string) (VenueSets, error) {
	all, err := s.ListVenueSets(ctx, []string{venueID})
	if err != nil {
		return VenueSets{}, err
	}
	return all[venueID], nil
}

// ListVenueSets reads the sets of several venues in three queries, keyed by
// venue id; a venue without any has the zero VenueSets.
func (s *Store) ListVenueSets(ctx context.Context, venueIDs []string) (map[string]VenueSets, error) {
	out := make(map[string]VenueSets, len(venueIDs))
	if len(venueIDs) == 0 {
		return out, nil
	}
	list, args := inList(venueIDs, 0)
	var pairs []struct {
		VenueID string `db:"venue_id"`
		Value   string `db:"value"`
	}
	if err := s.q.SelectContext(ctx, &pairs, `SELECT venue_id, feature AS value FROM venue_features WHERE venue_id IN (`+list+`)`, args...); err != nil {
		return nil, fmt.Errorf("store: venue features: %w", err)
	}
	features := map[string]map[string]bool{}
	for _, p := range pairs {
		if features[p.VenueID] == nil {
			features[p.VenueID] = map[string]bool{}
		}
		features[p.VenueID][p.Value] = true
	}
	pairs = pairs[:0]
	if err := s.q.SelectContext(ctx, &pairs, `SELECT venue_id, prestation AS value FROM venue_prestations WHERE venue_id IN (`+list+`)`, args...); err != nil {
		return nil, fmt.Errorf("store: venue prestations: %w", err)
	}
	prestations := map[string]map[string]bool{}
	for _, p := range pairs {
		if prestations[p.VenueID] == nil {
			prestations[p.VenueID] = map[string]bool{}
		}
		prestations[p.VenueID][p.Value] = true
	}
	var details []model.VenuePrestationDetail
	err := s.q.SelectContext(ctx, &details, `SELECT id, venue_id, prestation, description, budget_starting_from,
		is_description_visible, is_budget_visible, position FROM venue_prestation_details
		WHERE venue_id IN (`+list+`) ORDER BY venue_id, position, id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: venue prestation details: %w", err)
	}
	for _, id := range venueIDs {
		var vs VenueSets
		for _, f := range model.VenueFeatures {
			if features[id][f] {
				vs.Features = append(vs.Features, f)
			}
		}
		for _, p := range model.VenuePrestations {
			if prestations[id][p] {
				vs.Prestations = append(vs.Prestations, p)
			}
		}
		out[id] = vs
	}
	for _, d := range details {
		vs := out[d.VenueID]
		vs.Details = append(vs.Details, d)
		out[d.VenueID] = vs
	}
	return out, nil
}

// SetVenueSets replaces a venue's features, services and details in one
// transaction. Each detail's Prestation must be among the services (the
// schema's foreign key refuses it otherwise); details are kept in the order
// given. The venue's updated_at is set to now, which also tells the
// directory's change feed that the owner's listings changed.
func (s *Store) SetVenueSets(ctx context.Context, venueID string, vs VenueSets, now time.Time) error {
	return s.InTx(ctx, func(tx *Store) error {
		res, err := tx.exec(ctx, `UPDATE venues SET updated_at = $2 WHERE id = $1`, venueID, now)
		if err != nil {
			return fmt.Errorf("store: touch venue: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("store: set venue sets: %w", ErrNotFound)
		}
		for _, table := range []string{"venue_prestation_details", "venue_prestations", "venue_features"} {
			if _, err := tx.exec(ctx, `DELETE FROM `+table+` WHERE venue_id = $1`, venueID); err != nil {
				return fmt.Errorf("store: clear %s: %w", table, err)
			}
		}
		for _, f := range vs.Features {
			if _, err := tx.exec(ctx, `INSERT INTO venue_features (venue_id, feature) VALUES ($1, $2)`, venueID, f); err != nil {
				return fmt.Errorf("store: add venue feature: %w", err)
			}
		}
		for _, p := range vs.Prestations {
			if _, err := tx.exec(ctx, `INSERT INTO venue_prestations (venue_id, prestation) VALUES ($1, $2)`, venueID, p); err != nil {
				return fmt.Errorf("store: add venue prestation: %w", err)
			}
		}
		for i, d := range vs.Details {
			if d.ID == "" {
				d.ID = model.NewID()
			}
			_, err := tx.exec(ctx, `INSERT INTO venue_prestation_details (id, venue_id, prestation, description, budget_starting_from,
				is_description_visible, is_budget_visible, position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
				d.ID, venueID, d.Prestation, d.Description, d.BudgetStartingFrom, d.IsDescriptionVisible, d.IsBudgetVisible, i)
			if err != nil {
				return fmt.Errorf("store: add venue prestation detail: %w", err)
			}
		}
		return nil
	})
}
