package eventreq

import (
	"context"
	"database/sql"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

var now = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

func setup(t *testing.T, credits, requests int, premium bool) (*Service, *store.Store, model.User, []string) {
	t.Helper()
	s := storetest.New(t)
	ctx := context.Background()
	u := model.User{ID: model.NewID(), Email: "p@example.com", PasswordHash: "x", Role: model.RolePlanner, Firstname: "P",
		Lastname: "Q", Locale: "fr", Domain: "fr", IsModerated: true, PremiumStatus: model.PremiumNone, CreatedAt: now, UpdatedAt: now}
	if premium {
		u.PremiumStatus = model.PremiumActive
	}
	storetest.Must(t, s.CreateUser(ctx, u))
	if credits > 0 {
		storetest.Must(t, s.AddCreditLog(ctx, model.CreditLog{ID: model.NewID(), UserID: u.ID, CreatedAt: now, Description: "buy",
			Deposited: credits, Ref: sql.NullString{String: "pay", Valid: true}}))
	}
	var ids []string
	for i := 0; i < requests; i++ {
		p := model.Project{ID: model.NewID(), Domain: "fr", EventType: "wedding", EventDate: "2027-06-12", ServiceType: "FULL_PLANNING",
			Firstname: "Ana", Lastname: "Lima", Email: "ana@example.com", Phone: "+33611111111", CreatedAt: now,
			ConfirmedAt: sql.NullTime{Time: now, Valid: true}}
		storetest.Must(t, s.CreateProject(ctx, p))
		r := model.EventRequest{ID: model.NewID(), ProjectID: p.ID, ProviderID: u.ID, CreatedAt: now.Add(time.Duration(i) * time.Second)}
		storetest.Must(t, s.CreateEventRequest(ctx, r))
		ids = append(ids, r.ID)
	}
	return NewService(Deps{Store: s, Clock: clock.NewFixed(now)}), s, u, ids
}

func balance(t *testing.T, s *store.Store, userID string) (int, int) {
	t.Helper()
	u, err := s.GetUser(context.Background(), userID)
	if err != nil {
		t.Fatal(err)
	}
	ledger, err := s.GetLedgerBalance(context.Background(), userID)
	if err != nil {
		t.Fatal(err)
	}
	return u.Credits, ledger
}

func TestConcurrentUnlocksSpendExactlyTheCredits(t *testing.T) {
	svc, s, u, ids := setup(t, 3, 200, false)
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, noCredits := 0, 0
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := svc.Unlock(context.Background(), u.ID, id)
			mu.Lock()
			defer mu.Unlock()
			switch e, _ := apperr.As(err); {
			case err == nil:
				ok++
			case e != nil && e.Code == "event_request.errors.no_credits":
				noCredits++
			default:
				t.Errorf("unexpected: %v", err)
			}
		}()
	}
	wg.Wait()
	if ok != 3 || noCredits != 197 {
		t.Errorf("%d unlocks, %d refusals; want 3 and 197", ok, noCredits)
	}
	if cached, ledger := balance(t, s, u.ID); cached != 0 || ledger != 0 {
		t.Errorf("balance %d, ledger %d; want 0", cached, ledger)
	}
	var unlocked int
	_ = s.DB().QueryRow(`SELECT COUNT(*) FROM event_requests WHERE unlocked_at IS NOT NULL`).Scan(&unlocked)
	if unlocked != 3 {
		t.Errorf("%d requests unlocked, want 3: a refused unlock must leave its request locked", unlocked)
	}
}

func TestConcurrentUnlocksOfOneRequestSpendOneCredit(t *testing.T) {
	svc, s, u, ids := setup(t, 5, 1, false)
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, err := svc.Unlock(context.Background(), u.ID, ids[0])
			if err != nil || !v.Unlocked {
				t.Errorf("unlock: %v %v", v.Unlocked, err)
			}
		}()
	}
	wg.Wait()
	if cached, ledger := balance(t, s, u.ID); cached != 4 || ledger != 4 {
		t.Errorf("balance %d, ledger %d; want 4", cached, ledger)
	}
}

func TestUnlockRules(t *testing.T) {
	ctx := context.Background()
	t.Run("a rejected request cannot be unlocked", func(t *testing.T) {
		svc, s, u, ids := setup(t, 2, 1, false)
		if _, err := svc.Reject(ctx, u.ID, ids[0], "budget"); err != nil {
			t.Fatal(err)
		}
		_, err := svc.Unlock(ctx, u.ID, ids[0])
		if e, ok := apperr.As(err); !ok || e.Code != "event_request.errors.rejected" {
			t.Errorf("got %v", err)
		}
		if cached, _ := balance(t, s, u.ID); cached != 2 {
			t.Errorf("credits %d, want 2", cached)
		}
	})
	t.Run("premium unlocks without credits and keeps purchased ones", func(t *testing.T) {
		svc, s, u, ids := setup(t, 2, 1, true)
		v, err := svc.Unlock(ctx, u.ID, ids[0])
		if err != nil || !v.Unlocked {
			t.Fatalf("%v %v", v, err)
		}
		if cached, _ := balance(t, s, u.ID); cached != 2 {
			t.Errorf("credits %d, want 2", cached)
		}
	})
	t.Run("premium sees unrejected requests unlocked", func(t *testing.T) {
		svc, _, u, ids := setup(t, 0, 2, true)
		if _, err := svc.Reject(ctx, u.ID, ids[1], "location"); err != nil {
			t.Fatal(err)
		}
		views, total, unseen, err := svc.List(ctx, u.ID, ListQuery{Page: 1, PageSize: 25, Sort: store.SortCreatedAt})
		if err != nil || total != 2 || unseen != 1 {
			t.Fatalf("%d %d %v", total, unseen, err)
		}
		for _, v := range views {
			if v.Unlocked == v.RejectedAt.Valid {
				t.Errorf("request %s: unlocked %v, rejected %v", v.ID, v.Unlocked, v.RejectedAt.Valid)
			}
		}
	})
	t.Run("another provider's request is not found", func(t *testing.T) {
		svc, s, _, ids := setup(t, 1, 1, false)
		other := model.User{ID: model.NewID(), Email: "other@example.com", PasswordHash: "x", Role: model.RolePlanner, Firstname: "O",
			Lastname: "P", Locale: "fr", Domain: "fr", IsModerated: true, PremiumStatus: model.PremiumActive, CreatedAt: now, UpdatedAt: now}
		storetest.Must(t, s.CreateUser(ctx, other))
		if _, err := svc.Get(ctx, other.ID, ids[0]); !apperr.IsKind(err, apperr.NotFound) {
			t.Errorf("get: %v", err)
		}
		if _, err := svc.Unlock(ctx, other.ID, ids[0]); !apperr.IsKind(err, apperr.NotFound) {
			t.Errorf("unlock: %v", err)
		}
		if _, err := svc.Reject(ctx, other.ID, ids[0], "budget"); !apperr.IsKind(err, apperr.NotFound) {
			t.Errorf("reject: %v", err)
		}
	})
	t.Run("an unmoderated provider cannot unlock, even with credits or premium", func(t *testing.T) {
		for _, premium := range []bool{false, true} {
			svc, s, u, ids := setup(t, 2, 1, premium)
			storetest.Must(t, s.SetUserModerated(ctx, u.ID, false, now))
			_, err := svc.Unlock(ctx, u.ID, ids[0])
			if e, ok := apperr.As(err); !ok || e.Kind != apperr.Forbidden || e.Code != "account.errors.not_moderated" {
				t.Fatalf("premium %v: got %v", premium, err)
			}
			if cached, ledger := balance(t, s, u.ID); cached != 2 || ledger != 2 {
				t.Errorf("premium %v: credits %d/%d, want 2", premium, cached, ledger)
			}
			// Reading stays allowed, and the request stays locked.
			v, err := svc.Get(ctx, u.ID, ids[0])
			if err != nil || v.UnlockedAt.Valid || v.Unlocked {
				t.Errorf("premium %v: get %+v %v", premium, v, err)
			}
		}
	})
	t.Run("rejecting needs one of the seven reasons, once", func(t *testing.T) {
		svc, _, u, ids := setup(t, 0, 1, false)
		if _, err := svc.Reject(ctx, u.ID, ids[0], "boring"); !apperr.IsKind(err, apperr.Invalid) {
			t.Errorf("an unknown reason: %v", err)
		}
		if _, err := svc.Reject(ctx, u.ID, ids[0], "not_available"); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Reject(ctx, u.ID, ids[0], "not_available"); !apperr.IsKind(err, apperr.Conflict) {
			t.Errorf("twice: %v", err)
		}
	})
	t.Run("opening marks seen", func(t *testing.T) {
		svc, _, u, ids := setup(t, 0, 1, false)
		v, err := svc.Get(ctx, u.ID, ids[0])
		if err != nil || !v.SeenAt.Valid || v.Unlocked {
			t.Fatalf("%+v %v", v, err)
		}
		_, _, unseen, _ := svc.List(ctx, u.ID, ListQuery{Sort: store.SortCreatedAt})
		if unseen != 0 {
			t.Errorf("unseen %d", unseen)
		}
	})
}

// Unlock and Reject answer with the request as their update left it, the row
// a later read finds, so the caller never reads it again.
func TestUnlockAndRejectReturnTheRowTheyChanged(t *testing.T) {
	ctx := context.Background()
	svc, _, u, ids := setup(t, 1, 2, false)
	unlocked, err := svc.Unlock(ctx, u.ID, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	rejected, err := svc.Reject(ctx, u.ID, ids[1], "budget")
	if err != nil {
		t.Fatal(err)
	}
	if !unlocked.Unlocked || !unlocked.UnlockedAt.Time.Equal(now) || !unlocked.SeenAt.Time.Equal(now) {
		t.Errorf("unlock returned %+v", unlocked.EventRequest)
	}
	if rejected.RejectionReason.String != "budget" || !rejected.RejectedAt.Time.Equal(now) || !rejected.SeenAt.Time.Equal(now) {
		t.Errorf("reject returned %+v", rejected.EventRequest)
	}
	for _, changed := range []View{unlocked, rejected} {
		stored, err := svc.Get(ctx, u.ID, changed.ID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(stored, changed); diff != "" {
			t.Errorf("request %s (-stored +returned):\n%s", changed.ID, diff)
		}
	}
}
