package store_test

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

var now = time.Date(2026, 11, 22, 10, 0, 0, 123456000, time.UTC)

func newUser(t *testing.T, s *store.Store, email string) model.User {
	t.Helper()
	u := model.User{
		ID: model.NewID(), Email: email, PasswordHash: "x", Role: model.RolePlanner,
		Firstname: "Ana", Lastname: "Silva", Locale: "fr", Domain: "fr",
		PremiumStatus: model.PremiumNone, CreatedAt: now, UpdatedAt: now,
	}
	storetest.Must(t, s.CreateUser(context.Background(), u))
	return u
}

func TestUsersRoundTripOnEveryEngine(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	u := newUser(t, s, "Ana@Example.com")

	got, err := s.GetUser(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(u, got); diff != "" {
		t.Errorf("the user read back differs on %s (-want +got):\n%s", storetest.Engine(), diff)
	}
	byEmail, err := s.GetUserByEmail(ctx, "  ana@EXAMPLE.com ")
	if err != nil || byEmail.ID != u.ID {
		t.Errorf("lookup by e-mail ignoring case: got %v, %v", byEmail.ID, err)
	}

	t.Run("a second account with the same e-mail in another case is a conflict", func(t *testing.T) {
		dup := u
		dup.ID, dup.Email = model.NewID(), "ANA@example.com"
		if err := s.CreateUser(ctx, dup); !errors.Is(err, store.ErrConflict) {
			t.Errorf("got %v, want ErrConflict", err)
		}
	})
	t.Run("an unknown id is ErrNotFound", func(t *testing.T) {
		if _, err := s.GetUser(ctx, model.NewID()); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("got %v, want ErrNotFound", err)
		}
	})
	t.Run("onboarding can be finished once", func(t *testing.T) {
		first, err := s.SetUserOnboarded(ctx, u.ID, now)
		if err != nil || !first {
			t.Fatalf("first finish: %v %v", first, err)
		}
		second, err := s.SetUserOnboarded(ctx, u.ID, now)
		if err != nil || second {
			t.Errorf("second finish should change nothing: %v %v", second, err)
		}
	})
}

func TestInTxRollsBackOnError(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	boom := errors.New("boom")
	err := s.InTx(ctx, func(tx *store.Store) error {
		newUser(t, tx, "rolled@back.test")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("InTx returned %v", err)
	}
	if _, err := s.GetUserByEmail(ctx, "rolled@back.test"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the user written in a failed transaction exists: %v", err)
	}
}

func TestCreditLedger(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	u := newUser(t, s, "credits@example.com")
	deposit := func(n int, ref string) error {
		return s.AddCreditLog(ctx, model.CreditLog{ID: model.NewID(), UserID: u.ID, CreatedAt: now,
			Description: "deposit", Deposited: n, Ref: sql.NullString{String: ref, Valid: ref != ""}})
	}
	storetest.Must(t, deposit(3, "pay_1"))

	t.Run("the same reference applies once", func(t *testing.T) {
		if err := deposit(3, "pay_1"); !errors.Is(err, store.ErrDuplicateRef) {
			t.Errorf("got %v, want ErrDuplicateRef", err)
		}
	})

	t.Run("200 concurrent withdrawals with 3 credits succeed exactly 3 times", func(t *testing.T) {
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok, insufficient := 0, 0
		for i := 0; i < 200; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := s.AddCreditLog(ctx, model.CreditLog{ID: model.NewID(), UserID: u.ID, CreatedAt: now,
					Description: "unlock", Withdrawn: 1})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ok++
				case errors.Is(err, store.ErrInsufficientCredits):
					insufficient++
				default:
					t.Errorf("unexpected error: %v", err)
				}
			}()
		}
		wg.Wait()
		if ok != 3 || insufficient != 197 {
			t.Errorf("got %d successes and %d refusals, want 3 and 197", ok, insufficient)
		}
		got, _ := s.GetUser(ctx, u.ID)
		ledger, err := s.GetLedgerBalance(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Credits != 0 || ledger != 0 {
			t.Errorf("balance %d, ledger %d; want 0 and 0", got.Credits, ledger)
		}
	})
}

func TestRefreshTokenUseIsSingle(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	u := newUser(t, s, "tokens@example.com")
	tok := model.RefreshToken{ID: model.NewID(), TokenHash: "h1", FamilyID: "f1", UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
	storetest.Must(t, s.CreateRefreshToken(ctx, tok))

	var wg sync.WaitGroup
	wins := make(chan bool, 20)
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ok, err := s.MarkRefreshTokenUsed(ctx, tok.ID, now)
			if err != nil {
				t.Error(err)
			}
			wins <- ok
		}()
	}
	wg.Wait()
	close(wins)
	n := 0
	for ok := range wins {
		if ok {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d concurrent uses of one refresh token won, want 1", n)
	}
}
