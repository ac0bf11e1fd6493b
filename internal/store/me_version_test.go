package store_test

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sync"
	"testing"
	"time"

	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// TestMeVersionCoversMeQuery: every table GetMe reads has its triggers,
// but prestations, the fixed list of services (a service chosen by a user
// cannot be deleted: the user's row references it).
func TestMeVersionCoversMeQuery(t *testing.T) {
	covered := []string{"users", "prestations"}
	for _, tu := range store.MeVersionTables() {
		covered = append(covered, tu[0])
	}
	for _, m := range regexp.MustCompile(`(?i)\b(?:FROM|JOIN)\s+(\w+)`).FindAllStringSubmatch(store.MeQuery, -1) {
		if !slices.Contains(covered, m[1]) {
			t.Errorf("GetMe reads %s, which raises no user's me_version (meVersionTables)", m[1])
		}
	}
}

// TestMeVersionRisesWithEveryWrite writes every kind of row GET /api/me
// reads, inserted, updated and deleted by plain SQL as any tool would: each
// write raises the user's version, GetMe reads the version MeVersion
// gives, and another user's version does not move.
func TestMeVersionRisesWithEveryWrite(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	u := newUser(t, s, "me-version@example.com")
	other := newUser(t, s, "other@example.com")
	version := func(id string) int64 {
		t.Helper()
		v, err := s.MeVersion(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	otherAt := version(other.ID)
	exec := func(q string, args ...any) {
		t.Helper()
		before := version(u.ID)
		if _, err := s.DB().ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		after := version(u.ID)
		if after <= before {
			t.Errorf("%s: version %d -> %d", q, before, after)
		}
		m, err := s.GetMe(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if m.Version != after {
			t.Errorf("%s: GetMe read version %d, MeVersion %d", q, m.Version, after)
		}
	}
	imageID, videoID := model.NewID(), model.NewID()
	for _, st := range []struct {
		q    string
		args []any
	}{
		{`UPDATE users SET credits = credits + 1 WHERE id = $1`, []any{u.ID}},
		{`INSERT INTO companies (user_id, name, slug, siret, siret_status, website, zipcode, city, country_code, created_at, updated_at)
			VALUES ($1, 'Maison', 'maison-me', '', 'unknown', '', '69002', 'Lyon', 'FR', $2, $2)`, []any{u.ID, now}},
		{`UPDATE companies SET city = 'Annecy' WHERE user_id = $1`, []any{u.ID}},
		{`INSERT INTO company_prestations (user_id, prestation_id, description) VALUES ($1, 1, '')`, []any{u.ID}},
		{`UPDATE company_prestations SET description = 'Tout' WHERE user_id = $1`, []any{u.ID}},
		{`DELETE FROM company_prestations WHERE user_id = $1`, []any{u.ID}},
		{`INSERT INTO portraits (user_id, portrait, experience, benefits, updated_at) VALUES ($1, 'P', '', '', $2)`, []any{u.ID, now}},
		{`UPDATE portraits SET benefits = 'B' WHERE user_id = $1`, []any{u.ID}},
		{`DELETE FROM portraits WHERE user_id = $1`, []any{u.ID}},
		{`DELETE FROM companies WHERE user_id = $1`, []any{u.ID}},
	} {
		exec(st.q, st.args...)
	}
	if err := s.CreateImage(ctx, model.Image{ID: imageID, OwnerID: u.ID, Title: "Photo", IsVisible: true,
		ImageFile: model.ImageFile{ImageKey: "images/a.jpg", Width: 10, Height: 10, ThumbKey: "images/a-t.jpg", ThumbWidth: 5, ThumbHeight: 5, ByteSize: 1},
		CreatedAt: now, UpdatedAt: now}); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateVideo(ctx, model.Video{ID: videoID, OwnerID: u.ID, Title: "Film", Host: "youtube", ExternalID: "dQw4w9WgXcQ",
		IsVisible: true, CreatedAt: now, UpdatedAt: now}); err != nil {
		t.Fatal(err)
	}
	exec(`UPDATE images SET title = 'Photo 2' WHERE id = $1`, imageID)
	exec(`DELETE FROM images WHERE id = $1`, imageID)
	exec(`UPDATE videos SET title = 'Film 2' WHERE id = $1`, videoID)
	exec(`DELETE FROM videos WHERE id = $1`, videoID)
	exec(`UPDATE users SET deleted_at = NULL WHERE id = $1`, u.ID) // a write that changes nothing still counts
	if v := version(other.ID); v != otherAt {
		t.Errorf("another user's version moved: %d -> %d", otherAt, v)
	}
	if _, err := s.DB().ExecContext(ctx, `UPDATE users SET deleted_at = $2 WHERE id = $1`, u.ID, now); err != nil {
		t.Fatal(err)
	}
	if _, err := s.MeVersion(ctx, u.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a deleted user's version: %v, want ErrNotFound", err)
	}
}

// TestMeVersionUnderConcurrentWrites: many requests at once, for several
// users, each right after a write to its own user through another server's
// pool: each request gets its own user's version, and one at least as new
// as the write committed before it asked. Any change to how the version is
// read (shared reads, another pool) must keep this.
func TestMeVersionUnderConcurrentWrites(t *testing.T) {
	s, dbURL := storetest.NewWithURL(t)
	other := storetest.Open(t, dbURL)
	ctx := context.Background()
	const users, rounds = 6, 25
	ids := make([]string, users)
	for i := range ids {
		ids[i] = newUser(t, s, fmt.Sprintf("concurrent-%d@example.com", i)).ID
	}
	var wg sync.WaitGroup
	errs := make(chan error, users*rounds)
	for i := range users {
		for w := range 2 { // two clients per user: one writes, both read
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range rounds {
					var written int64
					if w == 0 {
						if err := other.DB().QueryRowContext(ctx, `UPDATE users SET credits = credits + 1 WHERE id = $1 RETURNING me_version`, ids[i]).Scan(&written); err != nil {
							errs <- err
							return
						}
					}
					v, err := s.MeVersion(ctx, ids[i])
					if err != nil {
						errs <- err
						return
					}
					if v < written {
						errs <- fmt.Errorf("user %d: version %d read after %d was committed", i, v, written)
					}
					m, err := s.GetMe(ctx, ids[i])
					if err != nil {
						errs <- err
						return
					}
					if m.User.ID != ids[i] || m.Version < v {
						errs <- fmt.Errorf("user %d: MeVersion said %d, then GetMe read %d of %s", i, v, m.Version, m.User.ID)
					}
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	// Each user's version, read alone, is the one its writes left.
	for i, id := range ids {
		var want int64
		storetest.Must(t, other.DB().QueryRowContext(ctx, `SELECT me_version FROM users WHERE id = $1`, id).Scan(&want))
		if v, err := s.MeVersion(ctx, id); err != nil || v != want {
			t.Errorf("user %d: MeVersion %d, %v; the row says %d", i, v, err, want)
		}
	}
	if _, err := s.MeVersion(ctx, model.NewID()); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown user: %v, want ErrNotFound", err)
	}
}
