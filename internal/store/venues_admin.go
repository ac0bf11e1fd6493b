package store

import (
	"context"
	"fmt"
	"time"

	"noces/internal/model"
)

// The venue lists of the admin's validation screen.
const (
	// AdminVenuesToValidate are the published venues not validated yet,
	// oldest first: the admin's queue.
	AdminVenuesToValidate = "to_validate"
	// AdminVenuesValidated are the validated venues, last validated first.
	AdminVenuesValidated = "validated"
	// AdminVenuesAll are every venue, the queue first, then drafts and
	// validated ones, oldest first.
	AdminVenuesAll = "all"
)

// AdminVenue is a venue with the owner facts the admin judges it by.
type AdminVenue struct {
	model.Venue
	OwnerFirstname string `db:"owner_firstname"`
	OwnerLastname  string `db:"owner_lastname"`
	OwnerEmail     string `db:"owner_email"`
	OwnerModerated bool   `db:"owner_moderated"`
	OwnerLocale    string `db:"owner_locale"`
	OwnerDomain    string `db:"owner_domain"`
}

// adminVenueSelect reads venues with their live owner; a deleted owner's
// venues are gone from the admin's lists as from the directory.
var adminVenueSelect = `SELECT ` + venueColumnsV + `, u.firstname AS owner_firstname, u.lastname AS owner_lastname,
	u.email AS owner_email, u.is_moderated AS owner_moderated, u.locale AS owner_locale, u.domain AS owner_domain
	FROM venues v JOIN users u ON u.id = v.owner_id AND u.deleted_at IS NULL`

var venueColumnsV = prefixed("v", venueColumns)

// adminVenueFilter is the WHERE and ORDER BY of each admin list.
var adminVenueFilter = map[string]struct{ where, order string }{
	AdminVenuesToValidate: {`v.is_published = TRUE AND v.is_validated = FALSE`, `v.created_at, v.id`},
	AdminVenuesValidated:  {`v.is_validated = TRUE`, `v.validated_at DESC, v.id DESC`},
	AdminVenuesAll: {`1 = 1`,
		`CASE WHEN v.is_published = TRUE AND v.is_validated = FALSE THEN 0 ELSE 1 END, v.created_at, v.id`},
}

// IsAdminVenueStatus tells whether status names one of the admin's lists.
func IsAdminVenueStatus(status string) bool {
	_, ok := adminVenueFilter[status]
	return ok
}

// ListAdminVenues returns one page of the venues of a status with the total.
// An unknown status is an error: the caller validates it.
func (s *Store) ListAdminVenues(ctx context.Context, status string, limit, offset int) ([]AdminVenue, int, error) {
	f, ok := adminVenueFilter[status]
	if !ok {
		return nil, 0, fmt.Errorf("store: admin venues: unknown status %q", status)
	}
	var total int
	err := s.q.GetContext(ctx, &total, `SELECT COUNT(*) FROM venues v JOIN users u ON u.id = v.owner_id AND u.deleted_at IS NULL
		WHERE `+f.where)
	if err != nil {
		return nil, 0, fmt.Errorf("store: count admin venues: %w", err)
	}
	out := []AdminVenue{}
	if offset >= total {
		return out, total, nil
	}
	err = s.q.SelectContext(ctx, &out, adminVenueSelect+` WHERE `+f.where+` ORDER BY `+f.order+` LIMIT $1 OFFSET $2`, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("store: list admin venues: %w", err)
	}
	return out, total, nil
}

// GetAdminVenue returns any venue of a live owner, published or not.
func (s *Store) GetAdminVenue(ctx context.Context, id string) (AdminVenue, error) {
	var v AdminVenue
	if err := s.q.GetContext(ctx, &v, adminVenueSelect+` WHERE v.id = $1`, id); err != nil {
		return v, fmt.Errorf("store: admin venue: %w", notFound(err))
	}
	return v, nil
}

// ListVenuesImages returns the photos of several venues in one query, keyed
// by venue id, each venue's key image first, then in the owner's order;
// hidden photos are included, as the admin judges them too.
func (s *Store) ListVenuesImages(ctx context.Context, venueIDs []string) (map[string][]model.Image, error) {
	out := make(map[string][]model.Image, len(venueIDs))
	if len(venueIDs) == 0 {
		return out, nil
	}
	in, args := inList(venueIDs, 0)
	var rows []model.Image
	err := s.q.SelectContext(ctx, &rows, `SELECT `+venueImageColumns+` FROM images WHERE venue_id IN (`+in+`)
		ORDER BY venue_id, is_key_image DESC, `+galleryOrder, args...)
	if err != nil {
		return nil, fmt.Errorf("store: venues images: %w", err)
	}
	for _, im := range rows {
		out[im.VenueID.String] = append(out[im.VenueID.String], im)
	}
	return out, nil
}

// ListVenuesFeatures returns the features of several venues in one query,
// keyed by venue id, each list in model.VenueFeatures order.
func (s *Store) ListVenuesFeatures(ctx context.Context, venueIDs []string) (map[string][]string, error) {
	out := make(map[string][]string, len(venueIDs))
	if len(venueIDs) == 0 {
		return out, nil
	}
	in, args := inList(venueIDs, 0)
	var rows []struct {
		VenueID string `db:"venue_id"`
		Feature string `db:"feature"`
	}
	err := s.q.SelectContext(ctx, &rows, `SELECT venue_id, feature FROM venue_features WHERE venue_id IN (`+in+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: venues features: %w", err)
	}
	has := make(map[string]map[string]bool, len(venueIDs))
	for _, r := range rows {
		if has[r.VenueID] == nil {
			has[r.VenueID] = map[string]bool{}
		}
		has[r.VenueID][r.Feature] = true
	}
	for id, set := range has {
		for _, f := range model.VenueFeatures {
			if set[f] {
				out[id] = append(out[id], f)
			}
		}
	}
	return out, nil
}

// ValidateVenue marks a published, not yet validated venue validated now;
// false when nothing changed (already validated, unpublished, or unknown),
// so of two concurrent validations only one goes on to audit and e-mail.
// It touches updated_at so the directory's change feed reloads the owner.
func (s *Store) ValidateVenue(ctx context.Context, id string, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE venues SET is_validated = TRUE, validated_at = $2, updated_at = $2
		WHERE id = $1 AND is_validated = FALSE AND is_published = TRUE`, id, now)
	if err != nil {
		return false, fmt.Errorf("store: validate venue: %w", err)
	}
	return affected(res) == 1, nil
}

// UnvalidateVenue withdraws a venue's validation; false when it had none.
func (s *Store) UnvalidateVenue(ctx context.Context, id string, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE venues SET is_validated = FALSE, validated_at = NULL, updated_at = $2
		WHERE id = $1 AND is_validated = TRUE`, id, now)
	if err != nil {
		return false, fmt.Errorf("store: unvalidate venue: %w", err)
	}
	return affected(res) == 1, nil
}
