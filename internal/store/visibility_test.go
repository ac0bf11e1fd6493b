package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"testing"

	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

func TestPlannerPageHiddenMatchesTheDirectory(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	type tc struct {
		moderated, deleted bool
		country, siret     string
		want               string
	}
	var cases []tc
	for _, moderated := range []bool{false, true} {
		for _, deleted := range []bool{false, true} {
			for _, country := range []string{"FR", "BE", "IT", "GB"} {
				for _, siret := range []string{model.SiretUnknown, model.SiretActive, model.SiretInactive, model.SiretNotFound} {
					want := ""
					switch {
					case deleted:
						want = store.HiddenDeleted
					case !moderated:
						want = store.HiddenNotModerated
					case country != "FR" || siret == model.SiretActive: // no register outside France
					case siret == model.SiretUnknown:
						want = store.HiddenSiretUnverified
					case siret == model.SiretInactive:
						want = store.HiddenSiretInactive
					default:
						want = store.HiddenSiretNotFound
					}
					cases = append(cases, tc{moderated, deleted, country, siret, want})
				}
			}
		}
	}
	for i, c := range cases {
		name := fmt.Sprintf("moderated %v, deleted %v, %s, SIRET %s", c.moderated, c.deleted, c.country, c.siret)
		t.Run(name, func(t *testing.T) {
			u := newUser(t, s, fmt.Sprintf("p%d@example.com", i))
			storetest.Must(t, s.SetUserModerated(ctx, u.ID, c.moderated, now))
			slug := fmt.Sprintf("page-%d", i)
			storetest.Must(t, s.CreateCompany(ctx, model.Company{UserID: u.ID, Name: slug, Slug: slug, SiretStatus: c.siret,
				CountryCode: c.country, City: "X", CreatedAt: now, UpdatedAt: now}))
			u, err := s.GetUser(ctx, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			if c.deleted {
				// A deleted user is not read back; the row stays for the
				// directory's query.
				storetest.Must(t, s.AnonymiseUser(ctx, u.ID, now))
				u.DeletedAt = sql.NullTime{Time: now, Valid: true}
			}
			comp, err := s.GetCompany(ctx, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			got := store.PlannerPageHidden(u, comp)
			if got != c.want {
				t.Errorf("PlannerPageHidden = %q, want %q", got, c.want)
			}
			_, err = s.GetVisibleProviderBySlug(ctx, slug)
			if shows := err == nil; shows != (got == "") {
				t.Errorf("the directory shows the page: %v (%v); PlannerPageHidden says %q", shows, err, got)
			}
			if err != nil && !errors.Is(err, store.ErrNotFound) {
				t.Fatal(err)
			}
		})
	}
}
