package demo

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"noces/internal/model"
	"noces/internal/store"
)

// seedConversation gives the premium planner's oldest request (shown
// unlocked, as premium shows every request) a short conversation with the
// couple, both messages read, so the conversation panel has something to
// show. It changes neither the requests' seen state nor any count the demo
// journeys check.
func seedConversation(ctx context.Context, s *store.Store, providerID string, now time.Time) error {
	rows, _, _, err := s.ListEventRequests(ctx, providerID, store.SortCreatedAt, false, 1, 0)
	if err != nil || len(rows) == 0 {
		return fmt.Errorf("demo: conversation: %w", err)
	}
	r := rows[0]
	sent := r.CreatedAt.Add(3 * time.Hour)
	read := func(t time.Time) sql.NullTime { return sql.NullTime{Time: t, Valid: true} }
	msgs := []model.Message{
		{Sender: model.MessageFromProvider, CreatedAt: sent, ReadAt: read(sent.Add(2 * time.Hour)),
			Body: "Bonjour " + r.Project.Firstname + ", merci pour votre demande ! Je serais ravi d'en parler : mes formules sont sur https://example.com/formules. Quand seriez-vous disponibles pour un appel ?"},
		{Sender: model.MessageFromCouple, CreatedAt: sent.Add(5 * time.Hour), ReadAt: read(sent.Add(6 * time.Hour)),
			Body: "Merci pour votre réponse rapide ! Mardi soir nous irait très bien."},
	}
	return s.InTx(ctx, func(tx *store.Store) error {
		for _, m := range msgs {
			m.ID, m.RequestID = model.NewID(), r.ID
			if err := tx.AddMessage(ctx, m); err != nil {
				return fmt.Errorf("demo: conversation: %w", err)
			}
		}
		_, err := tx.RecordFirstAnswer(ctx, r.ID, sent, true)
		return err
	})
}
