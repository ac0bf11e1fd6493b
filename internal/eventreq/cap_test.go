package eventreq

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"testing"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// capWorld is one confirmed project sent to many providers.
type capWorld struct {
	svc      *Service
	store    *store.Store
	project  string
	requests map[string]string // provider -> its request
}

// newCapWorld sends one confirmed project to free providers (with credits
// each) and premium ones.
func newCapWorld(t *testing.T, free, premium, credits int) (capWorld, []string, []string) {
	t.Helper()
	s := storetest.New(t)
	ctx := context.Background()
	p := model.Project{ID: model.NewID(), Domain: "fr", EventType: "wedding", EventDate: "2027-06-12", ServiceType: "FULL_PLANNING",
		Firstname: "Ana", Lastname: "Lima", Email: "ana@example.com", Phone: "+33611111111", CreatedAt: now,
		ConfirmedAt: sql.NullTime{Time: now, Valid: true}}
	storetest.Must(t, s.CreateProject(ctx, p))
	w := capWorld{svc: NewService(Deps{Store: s, Clock: clock.NewFixed(now)}), store: s, project: p.ID, requests: map[string]string{}}
	mk := func(i int, prem bool) string {
		u := model.User{ID: model.NewID(), Email: fmt.Sprintf("p%d-%v@example.com", i, prem), PasswordHash: "x", Role: model.RolePlanner,
			Firstname: "P", Lastname: "Q", Locale: "fr", Domain: "fr", IsModerated: true, PremiumStatus: model.PremiumNone,
			CreatedAt: now, UpdatedAt: now}
		if prem {
			u.PremiumStatus = model.PremiumActive
		}
		storetest.Must(t, s.CreateUser(ctx, u))
		if credits > 0 {
			storetest.Must(t, s.AddCreditLog(ctx, model.CreditLog{ID: model.NewID(), UserID: u.ID, CreatedAt: now, Description: "buy",
				Deposited: credits, Ref: sql.NullString{String: "pay-" + u.ID, Valid: true}}))
		}
		r := model.EventRequest{ID: model.NewID(), ProjectID: p.ID, ProviderID: u.ID, CreatedAt: now}
		storetest.Must(t, s.CreateEventRequest(ctx, r))
		w.requests[u.ID] = r.ID
		return u.ID
	}
	var frees, prems []string
	for i := range free {
		frees = append(frees, mk(i, false))
	}
	for i := range premium {
		prems = append(prems, mk(i, true))
	}
	return w, frees, prems
}

func isCapReached(err error) bool {
	e, ok := apperr.As(err)
	return ok && e.Kind == apperr.Conflict && e.Code == "event_request.errors.cap_reached"
}

func (w capWorld) count(t *testing.T, q string, args ...any) int {
	t.Helper()
	var n int
	storetest.Must(t, w.store.DB().QueryRow(q, args...).Scan(&n))
	return n
}

func TestFiftyProvidersUnlockingOneProjectAtOnceGiveExactlyTheCap(t *testing.T) {
	w, frees, _ := newCapWorld(t, 50, 0, 2)
	var wg sync.WaitGroup
	var mu sync.Mutex
	won, refused := map[string]bool{}, 0
	start := make(chan struct{})
	for _, u := range frees {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			v, err := w.svc.Unlock(context.Background(), u, w.requests[u])
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil && v.UnlockedAt.Valid && v.Project.Email == "ana@example.com":
				won[u] = true
			case isCapReached(err):
				refused++
			default:
				t.Errorf("unexpected: %+v %v", v.UnlockedAt, err)
			}
		}()
	}
	close(start)
	wg.Wait()
	if len(won) != DefaultUnlockCap || refused != 50-DefaultUnlockCap {
		t.Fatalf("%d unlocks, %d refused; want %d and %d", len(won), refused, DefaultUnlockCap, 50-DefaultUnlockCap)
	}
	if n := w.count(t, `SELECT COUNT(*) FROM credit_log WHERE withdrawn > 0`); n != DefaultUnlockCap {
		t.Errorf("%d credits spent, want %d", n, DefaultUnlockCap)
	}
	if n := w.count(t, `SELECT COUNT(*) FROM event_requests WHERE unlocked_at IS NOT NULL`); n != DefaultUnlockCap {
		t.Errorf("%d requests unlocked", n)
	}
	for _, u := range frees {
		want := 2
		if won[u] {
			want = 1
		}
		if cached, ledger := balance(t, w.store, u); cached != want || ledger != want {
			t.Errorf("%s: balance %d, ledger %d; want %d", u, cached, ledger, want)
		}
		v, err := w.svc.Get(context.Background(), u, w.requests[u])
		storetest.Must(t, err)
		if v.UnlockCount != 3 || v.UnlockCap != 3 || v.Closed == won[u] || v.Unlocked != won[u] {
			t.Errorf("%s sees %d/%d closed %v unlocked %v", u, v.UnlockCount, v.UnlockCap, v.Closed, v.Unlocked)
		}
	}
	// A winner unlocking again pays nothing more; a loser trying again is refused again.
	for u := range won {
		if _, err := w.svc.Unlock(context.Background(), u, w.requests[u]); err != nil {
			t.Error(err)
		}
		break
	}
	for _, u := range frees {
		if !won[u] {
			if _, err := w.svc.Unlock(context.Background(), u, w.requests[u]); !isCapReached(err) {
				t.Errorf("again: %v", err)
			}
			break
		}
	}
	if n := w.count(t, `SELECT COUNT(*) FROM credit_log WHERE withdrawn > 0`); n != DefaultUnlockCap {
		t.Errorf("%d credits spent after retries", n)
	}
}

func TestPremiumAccessTakesAPlaceToo(t *testing.T) {
	ctx := context.Background()
	w, frees, prems := newCapWorld(t, 2, 3, 5)
	list := func(u string) View {
		t.Helper()
		rows, _, _, err := w.svc.List(ctx, u, ListQuery{PageSize: 25, Sort: store.SortCreatedAt})
		storetest.Must(t, err)
		if len(rows) != 1 {
			t.Fatalf("%d rows", len(rows))
		}
		return rows[0]
	}
	// Listed, a premium provider's request is open to it but takes no place yet.
	if v := list(prems[0]); !v.Unlocked || v.UnlockedAt.Valid || v.UnlockCount != 0 {
		t.Errorf("listed: %+v", v)
	}
	// Opening it takes a place, for free.
	v, err := w.svc.Get(ctx, prems[0], w.requests[prems[0]])
	storetest.Must(t, err)
	if !v.UnlockedAt.Valid || v.UnlockCount != 1 {
		t.Errorf("opened: %+v", v)
	}
	if _, err := w.svc.Unlock(ctx, frees[0], w.requests[frees[0]]); err != nil {
		t.Fatal(err)
	}
	// Unlocking takes the third.
	if v, err := w.svc.Unlock(ctx, prems[1], w.requests[prems[1]]); err != nil || v.UnlockCount != 3 {
		t.Fatalf("%+v %v", v, err)
	}
	if n := w.count(t, `SELECT COUNT(*) FROM credit_log WHERE withdrawn > 0`); n != 1 {
		t.Errorf("%d credits spent, want the free provider's only", n)
	}
	// The cap reached, the request is closed for a premium provider as for a free one.
	v, err = w.svc.Get(ctx, prems[2], w.requests[prems[2]])
	storetest.Must(t, err)
	if v.UnlockedAt.Valid || v.Unlocked || !v.Closed || v.UnlockCount != 3 || !v.SeenAt.Valid {
		t.Errorf("a premium provider past the cap: %+v", v)
	}
	if v := list(prems[2]); v.Unlocked || !v.Closed {
		t.Errorf("listed past the cap: %+v", v)
	}
	if _, err := w.svc.Unlock(ctx, prems[2], w.requests[prems[2]]); !isCapReached(err) {
		t.Errorf("%v", err)
	}
	if _, err := w.svc.Unlock(ctx, frees[1], w.requests[frees[1]]); !isCapReached(err) {
		t.Errorf("%v", err)
	}
	if cached, ledger := balance(t, w.store, frees[1]); cached != 5 || ledger != 5 {
		t.Errorf("the refused provider's balance %d/%d", cached, ledger)
	}
}

func TestPremiumProvidersOpeningAtOnceTakeOnlyTheFreePlaces(t *testing.T) {
	w, _, prems := newCapWorld(t, 0, 12, 0)
	var wg sync.WaitGroup
	for _, u := range prems {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := w.svc.Get(context.Background(), u, w.requests[u]); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if n := w.count(t, `SELECT COUNT(*) FROM event_requests WHERE unlocked_at IS NOT NULL`); n != DefaultUnlockCap {
		t.Errorf("%d premium providers took a place, want %d", n, DefaultUnlockCap)
	}
}

func TestTheCapIsASetting(t *testing.T) {
	w, frees, _ := newCapWorld(t, 3, 0, 1)
	svc := NewService(Deps{Store: w.store, Clock: clock.NewFixed(now), UnlockCap: 1})
	if _, err := svc.Unlock(context.Background(), frees[0], w.requests[frees[0]]); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Unlock(context.Background(), frees[1], w.requests[frees[1]]); !isCapReached(err) {
		t.Errorf("%v", err)
	}
}
