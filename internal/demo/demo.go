// Package demo creates the demonstration accounts: one of each kind of user,
// so the whole product can be tried right after `make run`.
package demo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"noces/internal/account"
	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/model"
	"noces/internal/store"
)

// Password is the password of every demo account.
const Password = "Demo-2026!"

// Account describes one demo account, for printing.
type Account struct {
	Email, Role, About string
}

type seed struct {
	user    account.NewUser
	about   string
	credits int
	premium bool
	company *model.Company
}

func seeds() []seed {
	planner := func(email, first, last string) account.NewUser {
		return account.NewUser{Email: email, Password: Password, Role: model.RolePlanner, Firstname: first,
			Lastname: last, Phone: "+33612345678", Locale: "fr", Domain: "fr", Moderated: true, Onboarded: true}
	}
	co := func(name, slug, city, zip string, lat, lng float64) *model.Company {
		return &model.Company{Name: name, Slug: slug, SiretStatus: "active", Siret: "73282932000074", City: city,
			Zipcode: zip, CountryCode: "FR", DateOfCreation: sql.NullString{String: "2015-04-01", Valid: true},
			Latitude: sql.NullFloat64{Float64: lat, Valid: true}, Longitude: sql.NullFloat64{Float64: lng, Valid: true}}
	}
	return []seed{
		{user: account.NewUser{Email: "admin@noces.test", Password: Password, Role: model.RoleAdmin, Firstname: "Adèle",
			Lastname: "Martin", Locale: "fr", Domain: "fr", Moderated: true, Onboarded: true},
			about: "admin"},
		{user: planner("planner@noces.test", "Camille", "Durand"),
			about: "free planner, moderated, 3 credits", credits: 3,
			company: co("Camille Durand Événements", "camille-durand-evenements", "Lyon", "69002", 45.7578, 4.8320)},
		{user: planner("premium@noces.test", "Julien", "Moreau"),
			about: "premium planner, moderated", premium: true,
			company: co("Maison Moreau Mariages", "maison-moreau-mariages", "Bordeaux", "33000", 44.8378, -0.5792)},
		{user: account.NewUser{Email: "venue@noces.test", Password: Password, Role: model.RoleVenue, Firstname: "Sophie",
			Lastname: "Lefèvre", Phone: "+33687654321", Locale: "fr", Domain: "fr", Moderated: true, Onboarded: true},
			about:   "venue, moderated",
			company: co("Château de Lefèvre", "chateau-de-lefevre", "Tours", "37000", 47.3941, 0.6848)},
		{user: account.NewUser{Email: "new@noces.test", Password: Password, Role: model.RolePlanner, Firstname: "Léa",
			Lastname: "Bernard", Phone: "+33611223344", Locale: "fr", Domain: "fr"},
			about: "planner who has not finished onboarding"},
	}
}

// Seed creates the demo accounts that do not exist yet; running it again
// changes nothing. It returns every demo account.
func Seed(ctx context.Context, accounts *account.Service, s *store.Store, c clock.Clock) ([]Account, error) {
	var out []Account
	for _, sd := range seeds() {
		out = append(out, Account{Email: sd.user.Email, Role: sd.user.Role, About: sd.about})
		if _, err := s.GetUserByEmail(ctx, sd.user.Email); err == nil {
			continue
		} else if !errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
		u, err := accounts.CreateUser(ctx, sd.user)
		if apperr.IsKind(err, apperr.Conflict) {
			continue // created by a concurrent start
		}
		if err != nil {
			return nil, fmt.Errorf("demo: %s: %w", sd.user.Email, err)
		}
		now := c.Now()
		if sd.company != nil {
			comp := *sd.company
			comp.UserID, comp.CreatedAt, comp.UpdatedAt = u.ID, now, now
			if err := s.CreateCompany(ctx, comp); err != nil {
				return nil, fmt.Errorf("demo: company of %s: %w", u.Email, err)
			}
		}
		if sd.credits > 0 {
			err := s.AddCreditLog(ctx, model.CreditLog{ID: model.NewID(), UserID: u.ID, CreatedAt: now,
				Description: "demo credits", Deposited: sd.credits,
				Ref: sql.NullString{String: "demo:" + u.ID, Valid: true}})
			if err != nil {
				return nil, fmt.Errorf("demo: credits of %s: %w", u.Email, err)
			}
		}
		if sd.premium {
			start, end := now, now.AddDate(1, 0, 0)
			if err := s.UpdateUserPremium(ctx, u.ID, model.PremiumActive, &start, &end, now); err != nil {
				return nil, fmt.Errorf("demo: premium of %s: %w", u.Email, err)
			}
		}
	}
	return out, nil
}

// Print writes the demo accounts as a table a person can read in the log.
func Print(accounts []Account, baseURL string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\nDemo accounts on %s (password for all: %s)\n", baseURL, Password)
	for _, a := range accounts {
		fmt.Fprintf(&b, "  %-22s %-17s %s\n", a.Email, a.Role, a.About)
	}
	return b.String()
}
