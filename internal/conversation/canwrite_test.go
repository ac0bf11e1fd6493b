package conversation

import (
	"context"
	"testing"

	"noces/internal/apperr"
	"noces/internal/model"
	"noces/internal/store/storetest"
)

// CanWrite is true exactly when the provider's message would be accepted:
// each case reads the thread, then sends, and the two must agree. The case
// that did not: a premium provider on a request whose project's places are
// all taken by others was told it could write, then refused 409.
func TestCanWriteIsTrueExactlyWhenAMessageIsAccepted(t *testing.T) {
	for _, tc := range []struct {
		name    string
		premium bool
		// unlocked: the provider unlocked its request; others: how many
		// other providers unlocked the same project.
		unlocked bool
		others   int
		stopped  bool
		want     bool
		code     string
	}{
		{name: "free, unlocked", unlocked: true, want: true},
		{name: "free, locked", want: false, code: "conversation.errors.locked"},
		{name: "free, unlocked, the cap reached by others after it", unlocked: true, others: 2, want: true},
		{name: "premium, a place left", premium: true, others: 2, want: true},
		{name: "premium, the cap reached by others", premium: true, others: 3, want: false, code: "event_request.errors.cap_reached"},
		{name: "premium, unlocked, stopped by the couple", premium: true, unlocked: true, stopped: true, want: false, code: "conversation.errors.stopped"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			ctx := context.Background()
			u := e.provider(t, "p@example.com", tc.premium)
			id := e.request(t, u.ID, tc.unlocked)
			row, err := e.store.GetEventRequest(ctx, u.ID, id)
			storetest.Must(t, err)
			for i := range tc.others {
				o := e.provider(t, "other"+string(rune('a'+i))+"@example.com", false)
				r := model.EventRequest{ID: model.NewID(), ProjectID: row.ProjectID, ProviderID: o.ID, CreatedAt: now}
				storetest.Must(t, e.store.CreateEventRequest(ctx, r))
				if _, err := e.store.UnlockEventRequest(ctx, o.ID, r.ID, now); err != nil {
					t.Fatal(err)
				}
			}
			if tc.stopped {
				if _, err := e.store.StopConversation(ctx, id, now); err != nil {
					t.Fatal(err)
				}
			}
			th, err := e.svc.ProviderThread(ctx, u.ID, id)
			storetest.Must(t, err)
			if th.CanWrite != tc.want {
				t.Errorf("canWrite %v, want %v", th.CanWrite, tc.want)
			}
			_, err = e.svc.Send(ctx, u.ID, id, "Hello Ana")
			if accepted := err == nil; accepted != th.CanWrite {
				t.Errorf("canWrite %v, but the message: %v", th.CanWrite, err)
			}
			if tc.code != "" {
				if e, ok := apperr.As(err); !ok || e.Code != tc.code {
					t.Errorf("refused with %v, want %s", err, tc.code)
				}
			}
		})
	}
}
