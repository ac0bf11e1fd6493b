package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

var adminNow = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

// adminFixture makes a user, with a company when company is not empty.
func adminFixture(t *testing.T, s *store.Store, email, role, company string, onboarded, moderated bool, created time.Time) model.User {
	t.Helper()
	ctx := context.Background()
	u := model.User{ID: model.NewID(), Email: email, PasswordHash: "x", Role: role, Firstname: "Ana", Lastname: "Silva",
		Locale: "fr", Domain: "fr", PremiumStatus: model.PremiumNone, HasFinishedOnboarding: onboarded, IsModerated: moderated,
		CreatedAt: created, UpdatedAt: created}
	storetest.Must(t, s.CreateUser(ctx, u))
	if company != "" {
		storetest.Must(t, s.CreateCompany(ctx, model.Company{UserID: u.ID, Name: company, Slug: model.NewID(), Siret: "73282932000074",
			SiretStatus: model.SiretUnknown, City: "Lyon", CountryCode: "FR", CreatedAt: created, UpdatedAt: created}))
	}
	return u
}

func TestModerationQueueAndDecisions(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	newer := adminFixture(t, s, "newer@example.com", model.RoleVenue, "Château B", true, false, adminNow.Add(time.Hour))
	older := adminFixture(t, s, "older@example.com", model.RolePlanner, "Maison A", true, false, adminNow)
	adminFixture(t, s, "done@example.com", model.RolePlanner, "Done", true, true, adminNow)
	adminFixture(t, s, "onboarding@example.com", model.RolePlanner, "", false, false, adminNow)
	adminFixture(t, s, "admin@example.com", model.RoleAdmin, "", true, false, adminNow)
	gone := adminFixture(t, s, "gone@example.com", model.RolePlanner, "Gone", true, false, adminNow)
	storetest.Must(t, s.AnonymiseUser(ctx, gone.ID, adminNow))

	items, total, err := s.ListModerationQueue(ctx, 50, 0)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, it := range items {
		ids = append(ids, it.ID)
	}
	if diff := cmp.Diff([]string{older.ID, newer.ID}, ids); total != 2 || diff != "" {
		t.Fatalf("total %d, queue (-want +got):\n%s", total, diff)
	}
	if it := items[0]; it.CompanyName != "Maison A" || it.City != "Lyon" || it.Siret != "73282932000074" || it.SiretStatus != "unknown" || !it.CreatedAt.Equal(adminNow) {
		t.Errorf("first item %+v", it)
	}

	t.Run("a refusal keeps the provider waiting, with its reason", func(t *testing.T) {
		ok, err := s.RejectProvider(ctx, older.ID, "Missing photos", adminNow)
		if err != nil || !ok {
			t.Fatalf("reject: %v %v", ok, err)
		}
		items, _, _ := s.ListModerationQueue(ctx, 50, 0)
		if len(items) != 2 || items[0].ModerationNote != "Missing photos" {
			t.Errorf("queue after refusal %+v", items)
		}
	})
	t.Run("approval is conditional: the second one changes nothing", func(t *testing.T) {
		ok, err := s.ApproveProvider(ctx, older.ID, adminNow)
		if err != nil || !ok {
			t.Fatalf("first approval: %v %v", ok, err)
		}
		ok, err = s.ApproveProvider(ctx, older.ID, adminNow.Add(time.Minute))
		if err != nil || ok {
			t.Errorf("second approval: %v %v", ok, err)
		}
		u, _ := s.GetUser(ctx, older.ID)
		if !u.IsModerated {
			t.Error("not moderated")
		}
		var note string
		var at time.Time
		storetest.Must(t, s.DB().QueryRow(`SELECT moderation_note, moderated_at FROM users WHERE id = $1`, older.ID).Scan(&note, &at))
		if note != "" || !at.Equal(adminNow) {
			t.Errorf("note %q, moderated_at %v", note, at)
		}
		if ok, _ := s.RejectProvider(ctx, older.ID, "Too late", adminNow); ok {
			t.Error("a moderated provider was refused")
		}
	})
	t.Run("admins and deleted users are never moderated", func(t *testing.T) {
		a, _ := s.GetUserByEmail(ctx, "admin@example.com")
		for _, id := range []string{a.ID, gone.ID, model.NewID()} {
			if ok, err := s.ApproveProvider(ctx, id, adminNow); ok || err != nil {
				t.Errorf("approve %s: %v %v", id, ok, err)
			}
		}
	})
}

func TestSearchUsers(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	ana := adminFixture(t, s, "Ana.Silva@Example.com", model.RolePlanner, "Maison Fleurie", true, true, adminNow)
	under := adminFixture(t, s, "a_b@example.com", model.RoleVenue, "Le Château", true, true, adminNow.Add(time.Minute))
	adminFixture(t, s, "axb@example.com", model.RoleVenue, "", true, true, adminNow.Add(2*time.Minute))
	pct := adminFixture(t, s, "promo@example.com", model.RolePlanner, "100% Mariage", true, true, adminNow.Add(3*time.Minute))

	for _, tc := range []struct {
		q    string
		want []string
	}{
		{"", nil}, // everyone; checked by count below
		{"ANA.SILVA", []string{ana.ID}},
		{"fleurie", []string{ana.ID}},
		{"a_b", []string{under.ID}},
		{"100%", []string{pct.ID}},
		{"%", []string{pct.ID}},
		{"nobody", []string{}},
	} {
		t.Run("q="+tc.q, func(t *testing.T) {
			users, total, err := s.SearchUsers(ctx, tc.q, 25, 0)
			if err != nil {
				t.Fatal(err)
			}
			if tc.want == nil {
				if total != 4 || len(users) != 4 || users[0].ID != pct.ID {
					t.Errorf("everyone, newest first: total %d, %+v", total, users)
				}
				return
			}
			ids := []string{}
			for _, u := range users {
				ids = append(ids, u.ID)
			}
			if diff := cmp.Diff(tc.want, ids); diff != "" || total != len(tc.want) {
				t.Errorf("total %d, (-want +got):\n%s", total, diff)
			}
		})
	}
	t.Run("first and last names together", func(t *testing.T) {
		users, total, _ := s.SearchUsers(ctx, "ana silva", 25, 0)
		if total != 4 || len(users) != 4 {
			t.Errorf("every fixture is Ana Silva: %d", total)
		}
	})
	t.Run("pages", func(t *testing.T) {
		users, total, _ := s.SearchUsers(ctx, "", 3, 3)
		if total != 4 || len(users) != 1 || users[0].ID != ana.ID {
			t.Errorf("second page %d %+v", total, users)
		}
	})
	t.Run("a line carries company, moderation, premium and credits", func(t *testing.T) {
		users, _, _ := s.SearchUsers(ctx, "fleurie", 25, 0)
		u := users[0]
		if u.Company != "Maison Fleurie" || !u.IsModerated || u.PremiumStatus != "none" || u.Credits != 0 || u.Email != "Ana.Silva@Example.com" {
			t.Errorf("%+v", u)
		}
	})
}

func insertReview(t *testing.T, s *store.Store, providerID, email, status string, created time.Time) string {
	t.Helper()
	id := model.NewID()
	_, err := s.DB().Exec(`INSERT INTO reviews (id, provider_id, rating, title, body, reviewer_name, reviewer_type, email_key, status, created_at)
		VALUES ($1, $2, 5, 'Parfait', 'Une journée parfaite', 'Marie', 'couple', $3, $4, $5)`, id, providerID, email, status, created)
	storetest.Must(t, err)
	return id
}

func TestReviewModeration(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	p := adminFixture(t, s, "p@example.com", model.RolePlanner, "Maison A", true, true, adminNow)
	bare := adminFixture(t, s, "bare@example.com", model.RolePlanner, "", true, true, adminNow)
	late := insertReview(t, s, p.ID, "b@example.com", "pending", adminNow.Add(time.Hour))
	early := insertReview(t, s, p.ID, "a@example.com", "pending", adminNow)
	insertReview(t, s, bare.ID, "c@example.com", "approved", adminNow)

	rs, total, err := s.ListReviewsByStatus(ctx, "pending", 25, 0)
	if err != nil || total != 2 || len(rs) != 2 || rs[0].ID != early || rs[1].ID != late {
		t.Fatalf("pending, oldest first: %v %d %+v", err, total, rs)
	}
	if rs[0].ProviderName != "Maison A" || rs[0].ProviderEmail != "p@example.com" || rs[0].Rating != 5 || rs[0].ModeratedAt.Valid {
		t.Errorf("%+v", rs[0])
	}
	approved, _, _ := s.ListReviewsByStatus(ctx, "approved", 25, 0)
	if len(approved) != 1 || approved[0].ProviderName != "Ana Silva" {
		t.Errorf("a provider without a company is named by its owner: %+v", approved)
	}

	ok, err := s.SetReviewStatus(ctx, early, "approved", adminNow)
	if err != nil || !ok {
		t.Fatalf("approve: %v %v", ok, err)
	}
	if ok, _ := s.SetReviewStatus(ctx, early, "approved", adminNow); ok {
		t.Error("approving twice changed the review again")
	}
	if ok, _ := s.SetReviewStatus(ctx, model.NewID(), "approved", adminNow); ok {
		t.Error("an unknown review was changed")
	}
	r, err := s.GetReviewForModeration(ctx, early)
	if err != nil || r.Status != "approved" || !r.ModeratedAt.Valid || !r.ModeratedAt.Time.Equal(adminNow) {
		t.Errorf("%v %+v", err, r)
	}
	if _, err := s.GetReviewForModeration(ctx, model.NewID()); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown review: %v", err)
	}
}

func activeAlerts(t *testing.T, s *store.Store) map[string]int {
	t.Helper()
	as, err := s.ListAlerts(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, a := range as {
		if a.IsActive {
			out[a.Audience]++
		}
	}
	return out
}

func TestOneActiveAlertPerAudience(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	alert := func(audience string, active bool) model.PromotionalAlert {
		return model.PromotionalAlert{ID: model.NewID(), Audience: audience, Title: "Promo", Description: "Text",
			IsActive: active, CreatedAt: adminNow, UpdatedAt: adminNow}
	}
	first := alert("planner", true)
	storetest.Must(t, s.SaveActiveAlert(ctx, first, true))
	venue := alert("venue", true)
	storetest.Must(t, s.SaveActiveAlert(ctx, venue, true))
	second := alert("planner", true)
	storetest.Must(t, s.SaveActiveAlert(ctx, second, true))
	storetest.Must(t, s.SaveActiveAlert(ctx, alert("planner", false), true))
	if diff := cmp.Diff(map[string]int{"planner": 1, "venue": 1}, activeAlerts(t, s)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if a, _ := s.GetActiveAlert(ctx, "planner"); a.ID != second.ID {
		t.Errorf("active planner alert %s, want the newest", a.ID)
	}

	t.Run("re-activating an old one by update deactivates the current one", func(t *testing.T) {
		first.Title, first.UpdatedAt = "Promo again", adminNow.Add(time.Hour)
		storetest.Must(t, s.SaveActiveAlert(ctx, first, false))
		got, _ := s.GetAlert(ctx, first.ID)
		cur, _ := s.GetActiveAlert(ctx, "planner")
		if got.Title != "Promo again" || cur.ID != first.ID || activeAlerts(t, s)["planner"] != 1 {
			t.Errorf("got %+v, active %s", got, cur.ID)
		}
	})
	t.Run("concurrent activations still leave exactly one", func(t *testing.T) {
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := s.SaveActiveAlert(ctx, alert("planner", true), true); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if n := activeAlerts(t, s)["planner"]; n != 1 {
			t.Errorf("%d active planner alerts", n)
		}
	})
	t.Run("an unknown alert is not found", func(t *testing.T) {
		if err := s.UpdateAlert(ctx, alert("planner", false)); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("update: %v", err)
		}
		if err := s.DeleteAlert(ctx, model.NewID()); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("delete: %v", err)
		}
		if _, err := s.GetAlert(ctx, model.NewID()); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("get: %v", err)
		}
	})
	t.Run("delete", func(t *testing.T) {
		storetest.Must(t, s.DeleteAlert(ctx, venue.ID))
		if _, err := s.GetActiveAlert(ctx, "venue"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%v", err)
		}
	})
}

func TestOneActivePopupPerAudience(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	popup := func(audience string, active bool) model.PromotionalPopup {
		return model.PromotionalPopup{ID: model.NewID(), Audience: audience, Title: "Promo", DescriptionHTML: "<p>Text</p>",
			ShowOncePerUser: true, IsActive: active, CreatedAt: adminNow, UpdatedAt: adminNow}
	}
	a, b, v := popup("planner", true), popup("planner", true), popup("venue", true)
	for _, p := range []model.PromotionalPopup{a, v, b} {
		storetest.Must(t, s.SaveActivePopup(ctx, p, true))
	}
	ps, err := s.ListPopups(ctx)
	if err != nil || len(ps) != 3 {
		t.Fatalf("%v %d", err, len(ps))
	}
	active := map[string]string{}
	for _, p := range ps {
		if p.IsActive {
			if _, dup := active[p.Audience]; dup {
				t.Errorf("two active %s popups", p.Audience)
			}
			active[p.Audience] = p.ID
		}
	}
	if diff := cmp.Diff(map[string]string{"planner": b.ID, "venue": v.ID}, active); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	a.ImageURL, a.ShowOncePerUser, a.IsActive = "https://cdn.example.com/a.jpg", false, false
	storetest.Must(t, s.SaveActivePopup(ctx, a, false))
	got, _ := s.GetPopup(ctx, a.ID)
	if got.ImageURL != a.ImageURL || got.ShowOncePerUser || got.IsActive {
		t.Errorf("%+v", got)
	}
	if cur, _ := s.GetActivePopup(ctx, "planner"); cur.ID != b.ID {
		t.Error("saving an inactive popup changed the active one")
	}
	storetest.Must(t, s.DeletePopup(ctx, a.ID))
	if _, err := s.GetPopup(ctx, a.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("deleted popup: %v", err)
	}
	if err := s.DeletePopup(ctx, a.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("second delete: %v", err)
	}
}

func TestAuditLogNamesActorsAndUserTargets(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	admin := adminFixture(t, s, "admin@example.com", model.RoleAdmin, "", true, true, adminNow)
	p := adminFixture(t, s, "p@example.com", model.RolePlanner, "", true, true, adminNow)
	entry := func(target string, at time.Time) model.AuditEntry {
		e := model.AuditEntry{ID: model.NewID(), ActorID: admin.ID, Action: "x", Details: `{"a":1}`, CreatedAt: at}
		if target != "" {
			e.TargetID.String, e.TargetID.Valid = target, true
		}
		return e
	}
	storetest.Must(t, s.CreateAuditEntry(ctx, entry(p.ID, adminNow)))
	storetest.Must(t, s.CreateAuditEntry(ctx, entry("not-a-user", adminNow.Add(time.Second))))
	storetest.Must(t, s.CreateAuditEntry(ctx, entry("", adminNow.Add(2*time.Second))))

	rows, total, err := s.ListAuditLog(ctx, 2, 0)
	if err != nil || total != 3 || len(rows) != 2 {
		t.Fatalf("%v %d %d", err, total, len(rows))
	}
	if r := rows[0]; r.TargetID.Valid || r.TargetEmail.Valid || r.ActorEmail.String != "admin@example.com" {
		t.Errorf("newest %+v", r)
	}
	if r := rows[1]; r.TargetID.String != "not-a-user" || r.TargetEmail.Valid {
		t.Errorf("second %+v", r)
	}
	rows, _, _ = s.ListAuditLog(ctx, 2, 2)
	if len(rows) != 1 || rows[0].TargetEmail.String != "p@example.com" || rows[0].Details != `{"a":1}` {
		t.Errorf("oldest %+v", rows)
	}
}
