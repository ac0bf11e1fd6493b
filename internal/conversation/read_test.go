package conversation

import (
	"context"
	"testing"
	"time"

	"noces/internal/model"
	"noces/internal/store/storetest"
)

// Opening the couple's link marks nothing read (a mail scanner opens it
// too); MarkRead, the page's script, does, and so does every post the
// couple makes from the page: an answer, an outcome, a stop.
func TestOnlyThePersonOnThePageMarksTheProvidersMessagesRead(t *testing.T) {
	for _, tc := range []struct {
		name string
		act  func(e env, token string) error
	}{
		{"the page's script", func(e env, token string) error { _, err := e.svc.MarkRead(context.Background(), token); return err }},
		{"an answer", func(e env, token string) error {
			_, err := e.svc.Reply(context.Background(), token, "Merci !", "192.0.2.1")
			return err
		}},
		{"an outcome", func(e env, token string) error {
			return e.svc.Close(context.Background(), token, model.ProjectOutcomeStillLooking)
		}},
		{"a stop", func(e env, token string) error { return e.svc.Stop(context.Background(), token) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			ctx := context.Background()
			u := e.provider(t, "p@example.com", false)
			id := e.request(t, u.ID, true)
			m1, err := e.svc.Send(ctx, u.ID, id, "One")
			storetest.Must(t, err)
			_, err = e.svc.Send(ctx, u.ID, id, "Two")
			storetest.Must(t, err)
			token := e.tokenOf(t, m1)
			for range 3 {
				th, err := e.svc.CoupleThread(ctx, token)
				storetest.Must(t, err)
				if len(th.Messages) != 2 {
					t.Fatalf("%d messages", len(th.Messages))
				}
			}
			unread := `SELECT COUNT(*) FROM messages WHERE request_id = $1 AND sender = 'provider' AND read_at IS NULL`
			if n := count(t, e.store, unread, id); n != 2 {
				t.Fatalf("%d unread after three openings, want 2", n)
			}
			e.clock.Advance(time.Hour)
			storetest.Must(t, tc.act(e, token))
			if n := count(t, e.store, `SELECT COUNT(*) FROM messages WHERE request_id = $1 AND sender = 'provider' AND read_at = $2`,
				id, e.clock.Now()); n != 2 {
				t.Errorf("%d of 2 messages read at %v", n, e.clock.Now())
			}
		})
	}
}
