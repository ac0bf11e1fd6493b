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

// GetMe reads the user and company rows as GetUser and GetCompany do (the
// password hash and the timestamps left out), through its prepared statement on the pool and
// as a plain query inside a transaction, from many goroutines at once.
func TestGetMeReadsTheRowsOfGetUserAndGetCompany(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	u := newUser(t, s, "me@example.com")
	bare := newUser(t, s, "bare@example.com")
	c := model.Company{UserID: u.ID, Name: "Maison Me", Slug: "maison-me", Siret: "73282932000074", SiretStatus: model.SiretActive,
		Website: "https://example.com", DateOfCreation: sql.NullString{String: "2020-01-02", Valid: true}, Zipcode: "69002",
		City: "Lyon", CountryCode: "FR", Latitude: sql.NullFloat64{Float64: 45.76, Valid: true},
		Longitude: sql.NullFloat64{Float64: 4.84, Valid: true}, CreatedAt: now, UpdatedAt: now}
	storetest.Must(t, s.CreateCompany(ctx, c))

	wantUser, err := s.GetUser(ctx, u.ID)
	storetest.Must(t, err)
	wantUser.PasswordHash = ""
	wantUser.CreatedAt, wantUser.UpdatedAt = time.Time{}, time.Time{}
	wantCompany, err := s.GetCompany(ctx, u.ID)
	storetest.Must(t, err)
	wantCompany.CreatedAt, wantCompany.UpdatedAt = time.Time{}, time.Time{}

	check := func(how string, m store.Me) {
		t.Helper()
		if diff := cmp.Diff(wantUser, m.User); diff != "" {
			t.Errorf("%s: the user differs on %s (-want +got):\n%s", how, storetest.Engine(), diff)
		}
		if m.Company == nil {
			t.Fatalf("%s: no company", how)
		}
		if diff := cmp.Diff(wantCompany, *m.Company); diff != "" {
			t.Errorf("%s: the company differs on %s (-want +got):\n%s", how, storetest.Engine(), diff)
		}
	}
	m, err := s.GetMe(ctx, u.ID)
	storetest.Must(t, err)
	check("pool", m)
	storetest.Must(t, s.InTx(ctx, func(tx *store.Store) error {
		m, err := tx.GetMe(ctx, u.ID)
		check("transaction", m)
		return err
	}))

	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			for range 20 {
				m, err := s.GetMe(ctx, bare.ID)
				if err != nil || m.Company != nil || m.HasServices || m.HasPhotos || m.HasPortrait {
					t.Errorf("a user with nothing: %+v, %v", m, err)
					return
				}
			}
		})
	}
	wg.Wait()

	storetest.Must(t, s.AnonymiseUser(ctx, bare.ID, now))
	if _, err := s.GetMe(ctx, bare.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a deleted user: %v, want ErrNotFound", err)
	}
	if _, err := s.GetMe(ctx, "no-such-user"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unknown user: %v, want ErrNotFound", err)
	}
	s.Close()
	if _, err := s.GetMe(ctx, u.ID); err == nil {
		t.Errorf("a closed store answered")
	}
}
