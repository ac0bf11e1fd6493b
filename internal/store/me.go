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
	// User is the user's row without its password hash, which no reader of
	// a profile needs.
	User model.User
	// PremiumPlan is the plan of the user's subscription, or "".
	PremiumPlan string
	// Company is the user's company, nil when there is none.
	Company *model.Company
	// HasServices: at least one service is chosen; ServiceLacksDetails: a
	// chosen service lacks its description or its starting budget.
	HasServices, ServiceLacksDetails bool
	// HasPhotos and HasVideos count the user's own gallery, not a venue's.
	HasPhotos, HasVideos bool
	// The parts of the portrait that are written.
	HasPortrait, HasExperience, HasBenefits bool
}

// meQuery reads the user, its company and what the profile checklist needs
// in one round trip: the company and portrait by their primary keys, the
// rest as EXISTS on indexed columns, so its cost does not grow with the
// number of photos or services. The languages, which the checklist does not
// use, are not read.
const meQuery = `SELECT u.id, u.email, u.role, u.firstname, u.lastname, u.phone, u.locale, u.domain,
	u.avatar_key, u.credits, u.is_moderated, u.has_finished_onboarding, u.premium_status, u.premium_start_at,
	u.premium_end_at, u.created_at, u.updated_at, u.deleted_at, u.premium_plan,
	c.user_id, c.name, c.slug, c.siret, c.siret_status, c.website, c.date_of_creation, c.zipcode, c.city,
	c.country_code, c.latitude, c.longitude, c.created_at, c.updated_at,
	EXISTS (SELECT 1 FROM company_prestations cp JOIN prestations p ON p.id = cp.prestation_id
		WHERE cp.user_id = u.id) AS has_services,
	EXISTS (SELECT 1 FROM company_prestations cp JOIN prestations p ON p.id = cp.prestation_id
		WHERE cp.user_id = u.id AND (cp.description = '' OR cp.budget_starting_from IS NULL)) AS lacks_details,
	EXISTS (SELECT 1 FROM images i WHERE i.owner_id = u.id AND i.venue_id IS NULL) AS has_photos,
	EXISTS (SELECT 1 FROM videos v WHERE v.owner_id = u.id AND v.venue_id IS NULL) AS has_videos,
	COALESCE(pt.portrait, '') <> '' AS has_portrait,
	COALESCE(pt.experience, '') <> '' AS has_experience,
	COALESCE(pt.benefits, '') <> '' AS has_benefits
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
	var (
		m                                         Me
		u                                         = &m.User
		plan                                      sql.NullString
		cUser, name, slug, siret, siretStatus     sql.NullString
		website, zipcode, city, country, creation sql.NullString
		lat, lng                                  sql.NullFloat64
		cCreated, cUpdated                        sql.NullTime
	)
	err = row.Scan(&u.ID, &u.Email, &u.Role, &u.Firstname, &u.Lastname, &u.Phone, &u.Locale, &u.Domain,
		&u.AvatarKey, &u.Credits, &u.IsModerated, &u.HasFinishedOnboarding, &u.PremiumStatus, &u.PremiumStartAt,
		&u.PremiumEndAt, &u.CreatedAt, &u.UpdatedAt, &u.DeletedAt, &plan,
		&cUser, &name, &slug, &siret, &siretStatus, &website, &creation, &zipcode, &city,
		&country, &lat, &lng, &cCreated, &cUpdated,
		&m.HasServices, &m.ServiceLacksDetails, &m.HasPhotos, &m.HasVideos,
		&m.HasPortrait, &m.HasExperience, &m.HasBenefits)
	if err != nil {
		return Me{}, fmt.Errorf("store: get me: %w", notFound(err))
	}
	m.PremiumPlan = plan.String
	if cUser.Valid {
		m.Company = &model.Company{UserID: cUser.String, Name: name.String, Slug: slug.String, Siret: siret.String,
			SiretStatus: siretStatus.String, Website: website.String, DateOfCreation: creation, Zipcode: zipcode.String,
			City: city.String, CountryCode: country.String, Latitude: lat, Longitude: lng,
			CreatedAt: cCreated.Time, UpdatedAt: cUpdated.Time}
	}
	return m, nil
}
