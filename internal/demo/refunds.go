package demo

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"noces/internal/eventreq"
	"noces/internal/model"
	"noces/internal/refund"
	"noces/internal/store"
)

// refundedCouple is the project of the demo's refunded request, so the demo
// shows a credit that came back:
// the planner unlocked it and wrote, the couple never opened the message,
// and 72 hours later the credit came back by itself.
var refundedCouple = model.Project{Firstname: "Chloé", Lastname: "Martin", Email: "chloe.martin@example.com", Phone: "+33655667788",
	EventType: "wedding", ServiceType: "FULL_PLANNING", EventCity: "Lyon", EventZipcode: "69003", EventCountry: "FR",
	BudgetRange: "20k_35k", GuestRange: "50_100", Message: "Nous cherchons une organisatrice pour un mariage simple et chaleureux."}

// seedRefund gives the provider one request received 6 days ago, unlocked
// for a credit 5 days ago, with a first message the couple never read, and
// the credit returned 72 hours after it: the rows the refund job writes.
func seedRefund(ctx context.Context, s *store.Store, providerID string, now time.Time) error {
	p := refundedCouple
	received := now.Add(-6 * 24 * time.Hour)
	unlocked := received.Add(24 * time.Hour)
	written := unlocked.Add(20 * time.Minute)
	returned := written.Add(refund.UnopenedAfter)
	p.ID, p.Domain, p.CreatedAt, p.ConfirmedAt = model.NewID(), "fr", received, model.NullTime(received)
	p.EventDate = now.AddDate(0, 8, 0).Format(time.DateOnly)
	p.Languages = []string{"fr"}
	r := model.EventRequest{ID: model.NewID(), ProjectID: p.ID, ProviderID: providerID, CreatedAt: received}
	err := s.InTx(ctx, func(tx *store.Store) error {
		if err := tx.CreateProject(ctx, p); err != nil {
			return err
		}
		if err := tx.CreateEventRequest(ctx, r); err != nil {
			return err
		}
		if _, err := tx.UnlockEventRequest(ctx, providerID, r.ID, unlocked); err != nil {
			return err
		}
		if err := tx.AddCreditLog(ctx, model.CreditLog{ID: model.NewID(), UserID: providerID, CreatedAt: unlocked,
			Description: "credits.log.unlock", Withdrawn: 1, Ref: sql.NullString{String: eventreq.UnlockRef(r.ID), Valid: true}}); err != nil {
			return err
		}
		if err := tx.AddMessage(ctx, model.Message{ID: model.NewID(), RequestID: r.ID, Sender: model.MessageFromProvider,
			Body: "Bonjour Chloé, merci pour votre demande ! Seriez-vous disponibles pour en parler cette semaine ?", CreatedAt: written}); err != nil {
			return err
		}
		if _, err := tx.MarkEventRequestRefunded(ctx, r.ID, model.RefundUnopened, eventreq.UnlockRef(r.ID), returned); err != nil {
			return err
		}
		return tx.AddCreditLog(ctx, model.CreditLog{ID: model.NewID(), UserID: providerID, CreatedAt: returned,
			Description: "credits.log.refund_unopened", Deposited: 1, Ref: sql.NullString{String: refund.Ref(r.ID), Valid: true}})
	})
	if err != nil {
		return fmt.Errorf("demo: refunded request: %w", err)
	}
	return nil
}
