package demo

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"noces/internal/directory"
	"noces/internal/media"
	"noces/internal/model"
	"noces/internal/store"
)

// demoReview is a review a past couple left a demo provider, approved.
type demoReview struct {
	rating      int
	name, title string
	body        string
}

// reviewsOf are the approved reviews of the demo providers, by e-mail:
// the directory's cards show their average and count, and the rating
// filter has something to keep or leave out.
var reviewsOf = map[string][]demoReview{
	"planner@noces.test": {
		{5, "Inès et Paul", "Une journée parfaite", "Camille a tout pris en main, du budget au dernier slow : nous n'avons eu qu'à profiter."},
		{5, "Margaux", "Sereins jusqu'au bout", "Un planning clair, des prestataires de confiance et une coordinatrice toujours disponible."},
		{4, "Hugo et Léna", "Très belle organisation", "Tout s'est très bien passé, avec une petite attente pour le devis du traiteur."},
	},
	"premium@noces.test": {
		{5, "Claire et Thomas", "Magique dans les vignes", "Julien a trouvé le domaine de nos rêves et pensé chaque détail de la scénographie."},
		{5, "Emily", "Wonderful planner", "Organiser notre mariage depuis Londres semblait impossible : Julien l'a rendu simple."},
	},
	"venue@noces.test": {
		{5, "Chloé et Antoine", "Un château de conte", "Un accueil chaleureux, un parc splendide et une équipe aux petits soins."},
		{4, "Nadia", "Très beau lieu", "Le cadre est superbe ; prévoyez des navettes, le château est un peu isolé."},
	},
	"sauge@noces.test": {
		{4, "Julie et Marc", "Une coordination sans fausse note", "Une équipe discrète et efficace, au bord du lac comme sous la pluie."},
		{5, "Sofia", "Des fleurs incroyables", "La décoration florale était exactement ce que nous avions imaginé."},
		{4, "Pierre", "Bon rapport qualité-prix", "Un accompagnement sérieux pour un budget raisonnable."},
		{4, "Anna et Luca", "Perfetto", "Une organisation en trois langues pour nos deux familles, merci !"},
	},
	"lin@noces.test": {
		{5, "Camille et Sam", "Élégant et chaleureux", "Un mariage parisien raffiné, sans stress, avec une équipe adorable."},
	},
	"provence@noces.test": {
		{3, "Romain", "Correct", "Le jour J s'est bien déroulé, mais les échanges avant le mariage ont été lents."},
		{4, "Laura et Ben", "Une belle fête", "Un mariage en plein air réussi, avec une cérémonie laïque très émouvante."},
	},
}

// hiddenBudget is a service whose starting budget the planner keeps to
// itself: its card shows no price from it.
func hiddenBudget(s model.CompanyPrestation) model.CompanyPrestation {
	s.IsBudgetVisible = false
	return s
}

// seedPhotos uploads a demo provider's gallery photos through the media
// rules: drawn pictures with the given titles and descriptions.
func seedPhotos(ctx context.Context, m *media.Service, userID string, photos [][2]string, first int) error {
	for i, p := range photos {
		data, err := picture(first + i)
		if err != nil {
			return err
		}
		if _, err := m.UploadImage(ctx, userID, data, p[0], p[1]); err != nil {
			return fmt.Errorf("photo %q: %w", p[0], err)
		}
	}
	return nil
}

// seedReviews stores a demo provider's approved reviews, written over the
// past months.
func seedReviews(ctx context.Context, s *store.Store, userID, email string, now time.Time) error {
	for i, r := range reviewsOf[email] {
		at := now.AddDate(0, -2*(i+1), 0)
		rv := model.Review{ID: model.NewID(), ProviderID: userID, Rating: r.rating, Title: r.title, Body: r.body,
			ReviewerName: r.name, ReviewerType: "couple", WeddingDate: sql.NullString{String: at.AddDate(0, 0, -10).Format(time.DateOnly), Valid: true},
			EmailKey: store.EmailKey(fmt.Sprintf("review-%d-%s", i, email)), Status: model.ReviewApproved, CreatedAt: at,
			ModeratedAt: sql.NullTime{Time: at, Valid: true}}
		if i == 0 && email == verifiedReviewOf {
			id, err := seedBookedRequest(ctx, s, userID, rv.WeddingDate.String, at)
			if err != nil {
				return err
			}
			rv.RequestID = sql.NullString{String: id, Valid: true}
		}
		err := s.CreateReview(ctx, rv)
		if err != nil {
			return fmt.Errorf("demo: review of %s: %w", email, err)
		}
	}
	return nil
}

// verifiedReviewOf is the demo provider whose newest review came through a
// booked request's invitation, so the demo shows "Verified booking" on its
// page.
const verifiedReviewOf = "sauge@noces.test"

// seedBookedRequest gives the provider a request for a wedding on day that
// it unlocked and marked as booked, whose couple was invited 7 days after
// the wedding and wrote its review at reviewed; it returns the request's id.
func seedBookedRequest(ctx context.Context, s *store.Store, providerID, day string, reviewed time.Time) (string, error) {
	wedding, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return "", err
	}
	received := wedding.AddDate(0, -5, 0).Add(9 * time.Hour)
	p := model.Project{ID: model.NewID(), Domain: "fr", EventType: "wedding", EventDate: day, ServiceType: "DAY_COORDINATION",
		EventCity: "Annecy", EventZipcode: "74000", EventCountry: "FR", BudgetRange: "20k_35k", GuestRange: "50_100",
		Message: "Nous cherchons une coordinatrice pour notre mariage au bord du lac.", Firstname: "Julie", Lastname: "Perrin",
		Email: "julie.perrin@example.com", Phone: "+33644556677", CreatedAt: received, ConfirmedAt: model.NullTime(received),
		Languages: []string{"fr"}}
	r := model.EventRequest{ID: model.NewID(), ProjectID: p.ID, ProviderID: providerID, CreatedAt: received}
	_, hash := directory.NewInvitationToken()
	err = s.InTx(ctx, func(tx *store.Store) error {
		if err := tx.CreateProject(ctx, p); err != nil {
			return err
		}
		if err := tx.CreateEventRequest(ctx, r); err != nil {
			return err
		}
		if _, err := tx.UnlockEventRequest(ctx, providerID, r.ID, received.Add(2*time.Hour)); err != nil {
			return err
		}
		if _, err := tx.MarkRequestBooked(ctx, providerID, r.ID, received.AddDate(0, 0, 10)); err != nil {
			return err
		}
		if _, err := tx.CreateReviewInvitation(ctx, r.ID, hash, wedding.AddDate(0, 0, 7)); err != nil {
			return err
		}
		_, err := tx.UseReviewInvitation(ctx, r.ID, reviewed)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("demo: booked request: %w", err)
	}
	return r.ID, nil
}
