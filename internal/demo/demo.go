// Package demo creates the demonstration accounts: one of each kind of user,
// so the whole product can be tried right after `make run`.
package demo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"noces/internal/account"
	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/config"
	"noces/internal/hosts"
	"noces/internal/i18n"
	"noces/internal/media"
	"noces/internal/model"
	"noces/internal/store"
)

// Password is the password of every demo account.
const Password = "Demo-2026!"

// Account describes one demo account, for printing.
type Account struct {
	Email, Role, About string
	// Pages are the account's public pages: a planner's profile, a venue
	// owner's published venues.
	Pages []Page
	// Lines tell more of the account, one a line: a venue owner's drafts.
	Lines []string
}

// Page is a public page of the directory: a path on a domain's public host.
type Page struct {
	Label, Domain, Path string
}

type seed struct {
	user     account.NewUser
	about    string
	credits  int
	premium  bool
	company  *model.Company
	services []model.CompanyPrestation
	langues  []int
	venues   []demoVenue
	requests int  // demo couples' projects sent to this provider
	refunded bool // one more request, whose credit came back by itself (refunds.go)
	// photos are the titles and descriptions of gallery photos of a
	// planner without a showcase (media.go), drawn like its pictures.
	photos [][2]string
}

func service(id int, description string, budget int64) model.CompanyPrestation {
	return model.CompanyPrestation{PrestationID: id, Description: description,
		BudgetStartingFrom: sql.NullInt64{Int64: budget, Valid: budget > 0}, IsDescriptionVisible: true, IsBudgetVisible: true}
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
			about: "free planner, moderated, 3 credits", credits: 3, requests: 4, refunded: true,
			company: co("Camille Durand Événements", "camille-durand-evenements", "Lyon", "69002", 45.7578, 4.8320),
			services: []model.CompanyPrestation{
				service(4, "De la première idée au dernier slow : budget, prestataires, planning et coordination.", 3500),
				service(3, "Je coordonne votre journée pour que vous n'ayez qu'à la vivre.", 1200),
			},
			langues: []int{4, 2}},
		{user: planner("premium@noces.test", "Julien", "Moreau"),
			about: "premium planner, moderated", premium: true, requests: 3,
			company: co("Maison Moreau Mariages", "maison-moreau-mariages", "Bordeaux", "33000", 44.8378, -0.5792),
			services: []model.CompanyPrestation{
				service(4, "Mariages dans les vignobles du Bordelais, pensés de A à Z.", 5000),
				service(9, "Scénographie, fleurs et lumières sur mesure.", 2500),
			},
			langues: []int{4, 2, 3}},
		{user: account.NewUser{Email: "venue@noces.test", Password: Password, Role: model.RoleVenue, Firstname: "Sophie",
			Lastname: "Lefèvre", Phone: "+33687654321", Locale: "fr", Domain: "fr", Moderated: true, Onboarded: true},
			about:   "venue owner, moderated, 2 venues",
			company: co("Château de Lefèvre", "chateau-de-lefevre", "Tours", "37000", 47.3941, 0.6848),
			venues:  demoVenues()},
		// The directory's other planners: in other cities, with other
		// services and languages, a price shown or kept, a photo or none.
		{user: planner("sauge@noces.test", "Giulia", "Rossi"), about: "planner in Annecy, four reviews",
			company: co("Atelier Sauge", "atelier-sauge", "Annecy", "74000", 45.8992, 6.1294),
			services: []model.CompanyPrestation{
				service(3, "Une coordinatrice et deux assistantes le jour J, de la cérémonie au départ des invités.", 900),
				service(9, "Fleurs des Alpes, bois flotté et lin : une décoration au naturel.", 1800),
				service(7, "Une cérémonie laïque écrite avec vous, au bord du lac ou en montagne.", 650),
				service(8, "Nous trouvons pour vous photographe, traiteur et musiciens.", 400),
			},
			langues: []int{4, 5, 1, 2}, photos: [][2]string{{"Cérémonie au bord du lac", "Des vœux échangés face aux montagnes, un matin de juin."}}},
		{user: planner("lin@noces.test", "Hélène", "Marchand"), about: "planner in Paris, budget hidden, no photo",
			company: co("Lumière & Lin", "lumiere-et-lin", "Paris", "75011", 48.8589, 2.3780),
			services: []model.CompanyPrestation{
				hiddenBudget(service(4, "Des mariages parisiens élégants, des salons haussmanniens aux péniches.", 7000)),
				service(5, "Un accompagnement sur les étapes de votre choix.", 0),
			},
			langues: []int{4, 2}},
		{user: planner("provence@noces.test", "Marius", "Fabre"), about: "planner in Aix-en-Provence",
			company: co("Soleil de Provence", "soleil-de-provence", "Aix-en-Provence", "13100", 43.5297, 5.4474),
			services: []model.CompanyPrestation{
				service(4, "Mariages en bastide, entre oliviers et champs de lavande.", 4200),
				service(7, "Des cérémonies laïques sous les platanes.", 700),
			},
			langues: []int{4, 3, 7}, photos: [][2]string{{"Bastide et lavandes", "Une bastide du XVIIIe siècle au milieu des champs."},
				{"Dîner sous les oliviers", "Une longue table dressée à la tombée du jour."}}},
		{user: account.NewUser{Email: "new@noces.test", Password: Password, Role: model.RolePlanner, Firstname: "Léa",
			Lastname: "Bernard", Phone: "+33611223344", Locale: "fr", Domain: "fr"},
			about: "planner who has not finished onboarding"},
	}
}

// Seed creates the demo accounts that do not exist yet, with their public
// pages' media; running it again changes nothing. It returns every demo account.
func Seed(ctx context.Context, accounts *account.Service, m *media.Service, s *store.Store, c clock.Clock) ([]Account, error) {
	var out []Account
	shows := showcases()
	for _, sd := range seeds() {
		a := Account{Email: sd.user.Email, Role: sd.user.Role, About: sd.about}
		if sd.company != nil && sd.user.Role == model.RolePlanner &&
			store.PlannerPageHidden(model.User{IsModerated: sd.user.Moderated}, *sd.company) == "" {
			// On the domain of the company's country, where the page lives.
			d := hosts.ListingDomain(sd.company.CountryCode)
			a.Pages = append(a.Pages, Page{Label: "public page", Domain: d.Key, Path: "/p/" + sd.company.Slug})
		}
		for _, v := range sd.venues {
			if p, ok := v.page(sd.user.Domain); ok {
				a.Pages = append(a.Pages, p)
			} else {
				a.Lines = append(a.Lines, v.describe())
			}
		}
		out = append(out, a)
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
		if len(sd.services) > 0 {
			if err := s.SetCompanyServices(ctx, u.ID, sd.langues, sd.services); err != nil {
				return nil, fmt.Errorf("demo: services of %s: %w", u.Email, err)
			}
		}
		if err := seedVenues(ctx, m, s, u, sd.venues, now); err != nil {
			return nil, fmt.Errorf("demo: venues of %s: %w", u.Email, err)
		}
		if err := seedRequests(ctx, s, u.ID, "", sd.requests, now); err != nil {
			return nil, err
		}
		if sd.premium && sd.requests > 0 {
			if err := seedConversation(ctx, s, u.ID, now); err != nil {
				return nil, err
			}
		}
		if sd.credits > 0 {
			err := s.AddCreditLog(ctx, model.CreditLog{ID: model.NewID(), UserID: u.ID, CreatedAt: now,
				Description: "credits.log.demo", Deposited: sd.credits,
				Ref: sql.NullString{String: "demo:" + u.ID, Valid: true}})
			if err != nil {
				return nil, fmt.Errorf("demo: credits of %s: %w", u.Email, err)
			}
		}
		if sd.refunded {
			if err := seedRefund(ctx, s, u.ID, now); err != nil {
				return nil, err
			}
		}
		if sd.premium {
			start, end := now, now.AddDate(1, 0, 0)
			if err := s.SetUserPremium(ctx, u.ID, model.PremiumActive, model.NullTime(start), model.NullTime(end), sql.NullString{}, now); err != nil {
				return nil, fmt.Errorf("demo: premium of %s: %w", u.Email, err)
			}
			// The year paid up front, so the admin's overview shows premium revenue.
			_, err := s.RecordPremiumInvoice(ctx, store.PremiumInvoice{ID: "in_demo_" + u.ID, UserID: u.ID, SubscriptionID: "sub_demo_" + u.ID,
				AmountCents: config.DefaultPrices["eur"].YearlyCents, Currency: "eur", PaidAt: start, CreatedAt: now})
			if err != nil {
				return nil, fmt.Errorf("demo: premium invoice of %s: %w", u.Email, err)
			}
		}
		if sc, ok := shows[u.Email]; ok {
			if err := seedShowcase(ctx, m, u.ID, sc); err != nil {
				return nil, fmt.Errorf("demo: media of %s: %w", u.Email, err)
			}
		}
		if err := seedPhotos(ctx, m, u.ID, sd.photos, 1); err != nil {
			return nil, fmt.Errorf("demo: photos of %s: %w", u.Email, err)
		}
		if err := seedReviews(ctx, s, u.ID, u.Email, now); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Print writes the demo accounts as a table a person can read in the log,
// with the full addresses to open: the back-office, every domain's public
// directory, and each account's public pages on the host of their domain.
func Print(accounts []Account, h *hosts.Map) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\nDemo accounts (password for all: %s)\n", Password)
	fmt.Fprintf(&b, "  %-22s %s (the admin's screens: %s)\n", "back-office", h.ProURL(i18n.Domains[0].Key, "/"), h.ProURL(i18n.Domains[0].Key, "/admin"))
	for i, d := range i18n.Domains {
		label := ""
		if i == 0 {
			label = "public directories"
		}
		fmt.Fprintf(&b, "  %-22s %s\n", label, h.PublicURL(d.Key, "/"))
	}
	b.WriteString("\n")
	for _, a := range accounts {
		fmt.Fprintf(&b, "  %-22s %-17s %s\n", a.Email, a.Role, a.About)
		for _, p := range a.Pages {
			fmt.Fprintf(&b, "  %-22s %-17s   %s: %s\n", "", "", p.Label, h.PublicURL(p.Domain, p.Path))
		}
		for _, l := range a.Lines {
			fmt.Fprintf(&b, "  %-22s %-17s   %s\n", "", "", l)
		}
	}
	return b.String()
}

// demoCouples are the projects the demo providers have received.
var demoCouples = []model.Project{
	{Firstname: "Inès", Lastname: "Moreau", Email: "ines.moreau@example.com", Phone: "+33611223344", EventType: "wedding",
		ServiceType: "FULL_PLANNING", EventCity: "Lyon", EventZipcode: "69005", EventCountry: "FR", BudgetRange: "20k_35k",
		GuestRange: "100_150", Message: "Nous nous marions l'été prochain et cherchons une organisation complète, dans un esprit champêtre."},
	{Firstname: "Lucas", Lastname: "Petit", Email: "lucas.petit@example.com", Phone: "+33622334455", EventType: "civil_wedding",
		ServiceType: "DAY_COORDINATION", EventCity: "Villeurbanne", EventZipcode: "69100", EventCountry: "FR", BudgetRange: "10k_20k",
		GuestRange: "50_100", Message: "Nous avons tout prévu, il nous manque quelqu'un pour coordonner le jour J."},
	{Firstname: "Sarah", Lastname: "Cohen", Email: "sarah.cohen@example.com", Phone: "+33633445566", EventType: "secular_ceremony",
		ServiceType: "FULL_PLANNING", EventCity: "Annecy", EventZipcode: "74000", EventCountry: "FR", BudgetRange: "35k_50k",
		GuestRange: "150_200", Message: "Une cérémonie laïque au bord du lac, avec un dîner pour 160 personnes."},
	{Firstname: "Emma", Lastname: "Garcia", Email: "emma.garcia@example.com", Phone: "+33644556677", EventType: "wedding",
		ServiceType: "WEDDING_DESIGN", EventCity: "Bordeaux", EventZipcode: "33000", EventCountry: "FR", BudgetRange: "50k_80k",
		GuestRange: "100_150", Message: "Nous aimerions une décoration élégante dans les tons verts et blancs."},
}

// seedRequests sends n demo projects to a provider, for its venue venueID
// when not "", with events 1 to 10 months ahead, so the requests screens
// have something to show.
func seedRequests(ctx context.Context, s *store.Store, providerID, venueID string, n int, now time.Time) error {
	for i := 0; i < n; i++ {
		p := demoCouples[i%len(demoCouples)]
		p.ID, p.Domain, p.CreatedAt = model.NewID(), "fr", now.Add(-time.Duration(i)*26*time.Hour)
		// The demo's couples confirmed their e-mail: their projects reached providers.
		p.ConfirmedAt = sql.NullTime{Time: p.CreatedAt, Valid: true}
		p.EventDate = now.AddDate(0, 1+3*i, 0).Format(time.DateOnly)
		p.Languages = []string{"fr"}
		r := model.EventRequest{ID: model.NewID(), ProjectID: p.ID, ProviderID: providerID, CreatedAt: p.CreatedAt}
		if venueID != "" {
			p.ServiceType = "VENUE"
			r.VenueID = sql.NullString{String: venueID, Valid: true}
		}
		err := s.InTx(ctx, func(tx *store.Store) error {
			if err := tx.CreateProject(ctx, p); err != nil {
				return err
			}
			return tx.CreateEventRequest(ctx, r)
		})
		if err != nil {
			return fmt.Errorf("demo: requests: %w", err)
		}
	}
	return nil
}
