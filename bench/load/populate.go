package main

import (
	"context"
	"fmt"
	"time"

	"noces/internal/model"
	"noces/internal/store"
)

// subject is a generated user: tokens are minted for it, it signs in with
// its e-mail, and the event-request rows pick providers by how many requests
// they received.
type subject struct {
	ID    string
	Role  string
	Email string
	// Active providers (moderated, onboarded) are the ones couples' projects are sent to.
	Active bool
	// Requests is the number of event requests generated for this provider.
	Requests int
}

// genStats describes a data generation.
type genStats struct {
	Users, Planners, Venues int
	// Searchable planners are those the public search shows.
	Searchable                  int
	Services, Langues, Listings int
	VenueFeatures               int
	Projects, Requests          int
	Migrate, Hash, Insert       time.Duration
	InsertRequests              time.Duration
}

// catalogue maps the codes of prestations and languages to their ids, read
// from the database so the generator follows the migrations.
type catalogue struct {
	prestations map[string]int
	langues     map[string]int
}

func readCatalogue(ctx context.Context, s *store.Store) (catalogue, error) {
	c := catalogue{prestations: map[string]int{}, langues: map[string]int{}}
	ps, err := s.ListPrestations(ctx)
	if err != nil {
		return c, err
	}
	for _, p := range ps {
		c.prestations[p.Type] = p.ID
	}
	ls, err := s.ListLangues(ctx)
	if err != nil {
		return c, err
	}
	for _, l := range ls {
		c.langues[l.Code] = l.ID
	}
	return c, nil
}

var (
	userCols = []string{"id", "email", "email_key", "password_hash", "role", "firstname", "lastname", "phone", "locale", "domain",
		"avatar_key", "credits", "is_moderated", "moderated_at", "has_finished_onboarding", "premium_status", "premium_start_at",
		"premium_end_at", "created_at", "updated_at", "deleted_at"}
	companyCols = []string{"user_id", "name", "slug", "siret", "siret_status", "website", "date_of_creation", "zipcode", "city",
		"country_code", "latitude", "longitude", "profile_score", "created_at", "updated_at"}
	prestationCols = []string{"user_id", "prestation_id", "description", "budget_starting_from", "is_description_visible", "is_budget_visible"}
	langueCols     = []string{"user_id", "langue_id"}
	venueCols      = []string{"id", "owner_id", "name", "slug", "type", "email", "phone", "address", "zipcode", "city", "country_code",
		"latitude", "longitude", "description", "detailed_description", "seated_capacity", "standing_capacity", "bedrooms",
		"min_price", "max_price", "website", "is_published", "is_validated", "created_at", "updated_at"}
	venueFeatureCols = []string{"venue_id", "feature"}
)

// populate generates n providers with their companies, services, languages
// and venues, and inserts them batch providers at a time.
func populate(ctx context.Context, s *store.Store, g *generator, n, batch int) ([]subject, genStats, error) {
	st := genStats{Users: n}
	cat, err := readCatalogue(ctx, s)
	if err != nil {
		return nil, st, err
	}
	subjects := make([]subject, 0, n)
	start := time.Now()
	l, err := newLoader(ctx, s)
	if err != nil {
		return nil, st, err
	}
	err = func() error {
		for lo := 0; lo < n; lo += batch {
			hi := min(lo+batch, n)
			users := &tableRows{table: "users", cols: userCols}
			companies := &tableRows{table: "companies", cols: companyCols}
			services := &tableRows{table: "company_prestations", cols: prestationCols}
			langues := &tableRows{table: "company_langues", cols: langueCols}
			venues := &tableRows{table: "venues", cols: venueCols}
			features := &tableRows{table: "venue_features", cols: venueFeatureCols}
			for i := lo; i < hi; i++ {
				p := g.next(i)
				if err := p.rows(cat, users, companies, services, langues, venues, features); err != nil {
					return err
				}
				subjects = append(subjects, subject{ID: p.User.ID, Role: p.User.Role, Email: p.User.Email,
					Active: p.User.IsModerated && p.User.HasFinishedOnboarding})
				if p.User.Role == model.RoleVenue {
					st.Venues++
				} else {
					st.Planners++
				}
				if p.searchable() {
					st.Searchable++
				}
			}
			if err := l.insert(ctx, users, companies, services, langues, venues, features); err != nil {
				return fmt.Errorf("insert providers %d-%d: %w", lo, hi-1, err)
			}
			st.Services += len(services.rows)
			st.Langues += len(langues.rows)
			st.Listings += len(venues.rows)
			st.VenueFeatures += len(features.rows)
		}
		return nil
	}()
	if err := l.finish(ctx, err); err != nil {
		return nil, st, err
	}
	st.Insert = time.Since(start)
	return subjects, st, nil
}

// rows appends p's rows to the tables.
func (p provider) rows(cat catalogue, users, companies, services, langues, venues, features *tableRows) error {
	u, c := p.User, p.Company
	var moderatedAt any
	if u.IsModerated {
		moderatedAt = u.CreatedAt
	}
	users.add(u.ID, u.Email, store.EmailKey(u.Email), u.PasswordHash, u.Role, u.Firstname, u.Lastname, u.Phone, u.Locale, u.Domain,
		u.AvatarKey, u.Credits, u.IsModerated, moderatedAt, u.HasFinishedOnboarding, u.PremiumStatus, u.PremiumStartAt,
		u.PremiumEndAt, u.CreatedAt, u.UpdatedAt, u.DeletedAt)
	companies.add(c.UserID, c.Name, c.Slug, c.Siret, c.SiretStatus, c.Website, c.DateOfCreation, c.Zipcode, c.City,
		c.CountryCode, c.Latitude, c.Longitude, p.Score, c.CreatedAt, c.UpdatedAt)
	for _, sv := range p.Services {
		id, ok := cat.prestations[sv.Type]
		if !ok {
			return fmt.Errorf("prestation %s is not in the database", sv.Type)
		}
		services.add(u.ID, id, sv.Description, sv.BudgetStartingFrom, sv.IsDescriptionVisible, sv.IsBudgetVisible)
	}
	for _, code := range p.Langues {
		id, ok := cat.langues[code]
		if !ok {
			return fmt.Errorf("language %s is not in the database", code)
		}
		langues.add(u.ID, id)
	}
	if v := p.Venue; v != nil {
		venues.add(v.ID, v.OwnerID, v.Name, v.Slug, v.Type, v.Email, v.Phone, v.Address, v.Zipcode, v.City, v.CountryCode,
			v.Latitude, v.Longitude, v.Description, v.DetailedDescription, v.SeatedCapacity, v.StandingCapacity, v.Bedrooms,
			v.MinPrice, v.MaxPrice, v.Website, v.IsPublished, v.IsValidated, v.CreatedAt, v.UpdatedAt)
		for _, f := range p.VenueFeatures {
			features.add(v.ID, f)
		}
	}
	return nil
}
