package store

import (
	"context"
	"database/sql"
	"fmt"

	"noces/internal/model"
)

// Me is what the back-office shows about the signed-in user (GET /api/me),
// read by GetMe in one statement.
type Me struct {
	// User is the user's row without its password hash and its timestamps
	// (created, updated, deleted: a live user's), which no reader of a
	// profile needs.
	User model.User
	// PremiumPlan is the plan of the user's subscription, or "".
	PremiumPlan string
	// Company is the user's company without its timestamps, nil when there
	// is none.
	Company *model.Company
	// HasServices: at least one service is chosen; ServiceLacksDetails: a
	// chosen service lacks its description or its starting budget.
	HasServices, ServiceLacksDetails bool
	// HasPhotos and HasVideos count the user's own gallery, not a venue's.
	HasPhotos, HasVideos bool
	// The parts of the portrait that are written.
	HasPortrait, HasExperience, HasBenefits bool
	// Version is the user's me_version the rows above were read at
	// (me_version.go).
	Version int64
}

// The checklist's answers, one bit each in meQuery's last column.
const (
	meHasServices = 1 << iota
	meLacksDetails
	meHasPhotos
	meHasVideos
	meHasPortrait
	meHasExperience
	meHasBenefits
)

// meQuery reads the user, its company and what the profile checklist needs
// in one round trip: the company and portrait by their primary keys, the
// rest as EXISTS on indexed columns, so its cost does not grow with the
// number of photos or services. The languages, which the checklist does not
// use, are not read. Every column costs on each of the hottest requests
// (the driver names and converts it, database/sql scans it by reflection,
// SQLite parses times from text), so the timestamps nobody shows are left
// out and the seven answers of the checklist come as the bits of one
// integer (me* above).
const meQuery = `SELECT u.id, u.email, u.role, u.firstname, u.lastname, u.phone, u.locale, u.domain,
	u.avatar_key, u.credits, u.is_moderated, u.has_finished_onboarding, u.premium_status, u.premium_start_at,
	u.premium_end_at, u.premium_plan, u.me_version,
	c.user_id, c.name, c.slug, c.siret, c.siret_status, c.website, c.date_of_creation, c.zipcode, c.city,
	c.country_code, c.latitude, c.longitude,
	CASE WHEN EXISTS (SELECT 1 FROM company_prestations cp JOIN prestations p ON p.id = cp.prestation_id
		WHERE cp.user_id = u.id) THEN 1 ELSE 0 END
	+ CASE WHEN EXISTS (SELECT 1 FROM company_prestations cp JOIN prestations p ON p.id = cp.prestation_id
		WHERE cp.user_id = u.id AND (cp.description = '' OR cp.budget_starting_from IS NULL)) THEN 2 ELSE 0 END
	+ CASE WHEN EXISTS (SELECT 1 FROM images i WHERE i.owner_id = u.id AND i.venue_id IS NULL) THEN 4 ELSE 0 END
	+ CASE WHEN EXISTS (SELECT 1 FROM videos v WHERE v.owner_id = u.id AND v.venue_id IS NULL) THEN 8 ELSE 0 END
	+ CASE WHEN COALESCE(pt.portrait, '') <> '' THEN 16 ELSE 0 END
	+ CASE WHEN COALESCE(pt.experience, '') <> '' THEN 32 ELSE 0 END
	+ CASE WHEN COALESCE(pt.benefits, '') <> '' THEN 64 ELSE 0 END AS checklist
	FROM users u
	LEFT JOIN companies c ON c.user_id = u.id
	LEFT JOIN portraits pt ON pt.user_id = u.id
	WHERE u.id = $1 AND u.deleted_at IS NULL`

// GetMe reads what GET /api/me shows of a live user, in one prepared
// statement; ErrNotFound when the user is gone.
func (s *Store) GetMe(ctx context.Context, userID string) (Me, error) {
	row, err := s.hotRow(ctx, meQuery, userID)
	if err != nil {
		return Me{}, fmt.Errorf("store: get me: %w", err)
	}
	// One value holds every destination: each variable whose address
	// goes to Scan escapes to the heap, so separate variables would be a
	// dozen allocations on each of the hottest requests, this one.
	var d struct {
		m                                         Me
		plan                                      sql.NullString
		cUser, name, slug, siret, siretStatus     sql.NullString
		website, zipcode, city, country, creation sql.NullString
		lat, lng                                  sql.NullFloat64
		checklist                                 int64
	}
	u := &d.m.User
	err = row.Scan(&u.ID, &u.Email, &u.Role, &u.Firstname, &u.Lastname, &u.Phone, &u.Locale, &u.Domain,
		&u.AvatarKey, &u.Credits, &u.IsModerated, &u.HasFinishedOnboarding, &u.PremiumStatus, &u.PremiumStartAt,
		&u.PremiumEndAt, &d.plan, &d.m.Version,
		&d.cUser, &d.name, &d.slug, &d.siret, &d.siretStatus, &d.website, &d.creation, &d.zipcode, &d.city,
		&d.country, &d.lat, &d.lng, &d.checklist)
	if err != nil {
		return Me{}, fmt.Errorf("store: get me: %w", notFound(err))
	}
	m, checklist := d.m, d.checklist
	m.PremiumPlan = d.plan.String
	if d.cUser.Valid {
		m.Company = &model.Company{UserID: d.cUser.String, Name: d.name.String, Slug: d.slug.String, Siret: d.siret.String,
			SiretStatus: d.siretStatus.String, Website: d.website.String, DateOfCreation: d.creation, Zipcode: d.zipcode.String,
			City: d.city.String, CountryCode: d.country.String, Latitude: d.lat, Longitude: d.lng}
	}
	m.HasServices, m.ServiceLacksDetails = checklist&meHasServices != 0, checklist&meLacksDetails != 0
	m.HasPhotos, m.HasVideos = checklist&meHasPhotos != 0, checklist&meHasVideos != 0
	m.HasPortrait = checklist&meHasPortrait != 0
	m.HasExperience, m.HasBenefits = checklist&meHasExperience != 0, checklist&meHasBenefits != 0
	return m, nil
}
