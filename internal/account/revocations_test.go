package account

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// revoke revokes family on st as a service would, in a transaction.
func revoke(t *testing.T, st *store.Store, family string, at time.Time) {
	t.Helper()
	if err := st.InTx(context.Background(), func(tx *store.Store) error {
		return tx.RevokeRefreshFamily(context.Background(), family, at)
	}); err != nil {
		t.Fatal(err)
	}
}

func feedRows(t *testing.T, st *store.Store) int {
	t.Helper()
	var n int
	if err := st.DB().QueryRow(`SELECT COUNT(*) FROM session_revocations`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestRevocationsReadTheFeedAndForgetWhatHasExpired(t *testing.T) {
	ctx := context.Background()
	st := storetest.New(t)
	clk := clock.NewFixed(time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC))
	r := newRevocations(st, clk, quiet)
	r.interval.Store(int64(time.Hour))

	if revoked, err := r.isRevoked(ctx, "a"); err != nil || revoked {
		t.Fatalf("before any revocation: %v %v", revoked, err)
	}
	revoke(t, st, "a", clk.Now())
	if revoked, _ := r.isRevoked(ctx, "a"); revoked {
		t.Fatal("the copy was read again before its interval")
	}
	r.revokedHere(ctx)
	if revoked, _ := r.isRevoked(ctx, "a"); !revoked {
		t.Fatal("a revocation made here is not seen at once")
	}
	if revoked, _ := r.isRevoked(ctx, "b"); revoked {
		t.Fatal("an unrelated session is refused")
	}

	// Another server starting now loads what is still relevant.
	other := newRevocations(st, clk, quiet)
	if revoked, _ := other.isRevoked(ctx, "a"); !revoked {
		t.Fatal("a server started after the revocation does not see it")
	}

	// Past AccessTTL (and the slack), a revoked session's tokens have all
	// expired: the copy forgets it, and the periodic clean-up deletes its
	// row from the feed with RevocationsKeptUntil.
	clk.Advance(AccessTTL + revocationSlack + time.Second)
	revoke(t, st, "b", clk.Now())
	r.revokedHere(ctx)
	if r.size() != 1 {
		t.Errorf("the copy holds %d families, want only b", r.size())
	}
	if revoked, _ := r.isRevoked(ctx, "a"); revoked {
		t.Error("an expired revocation is still held")
	}
	if revoked, _ := r.isRevoked(ctx, "b"); !revoked {
		t.Error("b is not revoked")
	}
	if _, err := st.DeleteSessionRevocationsBefore(ctx, RevocationsKeptUntil(clk.Now())); err != nil {
		t.Fatal(err)
	}
	if n := feedRows(t, st); n != 1 {
		t.Errorf("the feed keeps %d rows, want 1 (the expired one pruned)", n)
	}
	// A server loading the feed skips rows already expired by its clock.
	clk.Advance(AccessTTL + revocationSlack + time.Second)
	late := newRevocations(st, clk, quiet)
	if revoked, _ := late.isRevoked(ctx, "b"); revoked || late.size() != 0 {
		t.Errorf("a late server holds %d families", late.size())
	}
}

func TestRevokingEveryOtherSessionRecordsEachFamily(t *testing.T) {
	ctx := context.Background()
	st := storetest.New(t)
	now := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	u := model.NewID()
	if err := st.CreateUser(ctx, model.User{ID: u, Email: "ana@example.com", PasswordHash: "x", Role: model.RolePlanner,
		Firstname: "Ana", Lastname: "X", Locale: "fr", Domain: "fr", PremiumStatus: model.PremiumNone,
		CreatedAt: now, UpdatedAt: now}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"keep", "other1", "other2"} {
		for range 2 { // two tokens of one family: one row in the feed
			_, hash, err := newOpaqueToken()
			if err != nil {
				t.Fatal(err)
			}
			if err := st.CreateRefreshToken(ctx, model.RefreshToken{ID: model.NewID(), TokenHash: hash, FamilyID: f,
				UserID: u, CreatedAt: now, ExpiresAt: now.Add(RefreshTTL)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := st.RevokeUserRefreshTokens(ctx, u, "keep", now); err != nil {
		t.Fatal(err)
	}
	rows, err := st.SessionRevocationsAfter(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int64{}
	for _, r := range rows {
		got[r.FamilyID] = r.Seq
	}
	if len(rows) != 2 || got["other1"] == 0 || got["other1"] != got["other2"] {
		t.Errorf("feed %+v, want other1 and other2 under one sequence", rows)
	}
	// Nothing left to revoke: no new sequence.
	if err := st.RevokeUserRefreshTokens(ctx, u, "keep", now); err != nil {
		t.Fatal(err)
	}
	if rows, _ := st.SessionRevocationsAfter(ctx, got["other1"]); len(rows) != 0 {
		t.Errorf("a revocation of nothing wrote %+v", rows)
	}
}

// failingFeed fails while down is set.
type failingFeed struct {
	mu   sync.Mutex
	down bool
	rows []model.SessionRevocation
}

func (f *failingFeed) SessionRevocationsAfter(_ context.Context, seq int64) ([]model.SessionRevocation, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.down {
		return nil, errors.New("connection refused")
	}
	var out []model.SessionRevocation
	for _, r := range f.rows {
		if r.Seq > seq {
			out = append(out, r)
		}
	}
	return out, nil
}

func (f *failingFeed) set(down bool, rows ...model.SessionRevocation) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.down = down
	f.rows = append(f.rows, rows...)
}

func TestAServerThatCannotReadTheFeedServesBrieflyThenFailsClosed(t *testing.T) {
	ctx := context.Background()
	clk := clock.NewFixed(time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC))
	feed := &failingFeed{}
	r := newRevocations(feed, clk, quiet)
	r.interval.Store(int64(time.Millisecond))
	r.maxStale.Store(int64(150 * time.Millisecond))

	feed.set(true)
	if _, err := r.isRevoked(ctx, "a"); !isUnavailable(err) {
		t.Fatalf("a server that never read the feed must refuse: %v", err)
	}
	feed.set(false, model.SessionRevocation{Seq: 1, FamilyID: "a", RevokedAt: clk.Now()})
	time.Sleep(2 * time.Millisecond)
	if revoked, err := r.isRevoked(ctx, "a"); err != nil || !revoked {
		t.Fatalf("after the feed came back: %v %v", revoked, err)
	}
	feed.set(true)
	time.Sleep(2 * time.Millisecond)
	if revoked, err := r.isRevoked(ctx, "a"); err != nil || !revoked {
		t.Errorf("within the staleness bound the copy answers: %v %v", revoked, err)
	}
	if _, err := r.isRevoked(ctx, "b"); err != nil {
		t.Errorf("within the staleness bound the copy answers: %v", err)
	}
	time.Sleep(200 * time.Millisecond)
	if _, err := r.isRevoked(ctx, "b"); !isUnavailable(err) {
		t.Errorf("past the staleness bound: %v, want 503", err)
	}
	// A server refusing for an outage reads the feed again at its next
	// request, not one interval later.
	r.interval.Store(int64(time.Hour))
	feed.set(false)
	if revoked, err := r.isRevoked(ctx, "b"); err != nil || revoked {
		t.Errorf("after recovery: %v %v", revoked, err)
	}
}

func isUnavailable(err error) bool {
	e, ok := apperr.As(err)
	return ok && e.Kind == apperr.Unavailable && e.Code == "errors.service_unavailable"
}

func TestRevocationsUnderConcurrentRequests(t *testing.T) {
	ctx := context.Background()
	clk := clock.NewFixed(time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC))
	feed := &failingFeed{}
	r := newRevocations(feed, clk, quiet)
	r.interval.Store(int64(time.Millisecond))
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				if w == 0 && i%20 == 0 {
					feed.set(false, model.SessionRevocation{Seq: int64(i + 1), FamilyID: "f", RevokedAt: clk.Now()})
				}
				if _, err := r.isRevoked(ctx, "f"); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if err := r.sync(ctx, true); err != nil {
		t.Fatal(err)
	}
	if revoked, _ := r.isRevoked(ctx, "f"); !revoked || r.seq != 181 {
		t.Errorf("after the run: revoked %v, seq %d", revoked, r.seq)
	}
}

// BenchmarkAuthenticate compares what authenticating a request cost before
// revocations (checking the token's signature and expiry) with what it costs
// now (the same, then the session looked up in this server's copy, which
// holds 10,000 revoked sessions and is read again from the database every
// 250 ms).
func BenchmarkAuthenticate(b *testing.B) {
	ctx := context.Background()
	st := storetest.New(b)
	clk := clock.NewFixed(time.Now())
	signer, err := NewSigner([]byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		b.Fatal(err)
	}
	s := &Service{store: st, clock: clk, signer: signer, sessions: newRevocations(st, clk, quiet)}
	if err := st.InTx(ctx, func(tx *store.Store) error {
		for i := range 10_000 {
			if err := tx.RevokeRefreshFamily(ctx, fmt.Sprintf("revoked-%d", i), clk.Now()); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	token, err := signer.Sign(Claims{UserID: "u", Role: "ROLE_PRESTATAIRE", SessionID: "live"}, clk.Now())
	if err != nil {
		b.Fatal(err)
	}
	if _, err := s.Authenticate(ctx, token); err != nil {
		b.Fatal(err)
	}
	if s.sessions.size() != 10_000 {
		b.Fatalf("%d revoked sessions loaded", s.sessions.size())
	}
	b.Run("signature only (before)", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if _, err := signer.Parse(token, clk.Now()); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	b.Run("revocation check alone", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if _, err := s.sessions.isRevoked(ctx, "live"); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	b.Run("signature and revocations (after)", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if _, err := s.Authenticate(ctx, token); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
}
