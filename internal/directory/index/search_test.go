package index_test

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"noces/internal/directory/index"
	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// The index over a real database, on both engines: what it finds, in
// which order, with which cards, and that every write, through the store
// or in plain SQL on another server, reaches the next search.

var now = time.Date(2026, 11, 22, 10, 0, 0, 123456000, time.UTC)

// server is one server's store and the index app.New builds over it.
type server struct {
	*store.Store
	index *index.Index
}

func newServer(s *store.Store) server {
	return server{Store: s, index: index.New(s, index.DefaultCache)}
}

// SearchProviders is the index's page of planners as cards and total.
func (s server) SearchProviders(ctx context.Context, q index.PlannerQuery) ([]index.PlannerCard, int, error) {
	p, err := s.index.SearchPlanners(ctx, q)
	return p.Cards, p.Total, err
}

// SearchVenues is the index's page of venues as cards and total.
func (s server) SearchVenues(ctx context.Context, q index.VenueQuery) ([]index.VenueCard, int, error) {
	p, err := s.index.SearchVenues(ctx, q)
	return p.Cards, p.Total, err
}

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

// seedPlanner creates a visible planner with one service and one language.
func seedPlanner(t *testing.T, s *store.Store, name, country, siretStatus string, lat, lng float64, premium bool, service int, budget int64, langue int, score int) string {
	t.Helper()
	ctx := context.Background()
	u := newUser(t, s, name+"@example.com")
	storetest.Must(t, s.SetUserModerated(ctx, u.ID, true, now))
	if premium {
		storetest.Must(t, s.SetUserPremium(ctx, u.ID, model.PremiumActive, model.NullTime(now), sql.NullTime{}, sql.NullString{}, now))
	}
	storetest.Must(t, s.CreateCompany(ctx, model.Company{UserID: u.ID, Name: name, Slug: name, SiretStatus: siretStatus,
		CountryCode: country, City: "X", Latitude: sql.NullFloat64{Float64: lat, Valid: true},
		Longitude: sql.NullFloat64{Float64: lng, Valid: true}, CreatedAt: now, UpdatedAt: now}))
	storetest.Must(t, s.SetCompanyServices(ctx, u.ID, []int{langue}, []model.CompanyPrestation{{PrestationID: service,
		BudgetStartingFrom: sql.NullInt64{Int64: budget, Valid: budget > 0}, IsBudgetVisible: true, IsDescriptionVisible: true}}))
	storetest.Must(t, s.SetProfileScore(ctx, u.ID, score))
	return u.ID
}

func TestSearchProviders(t *testing.T) {
	s := newServer(storetest.New(t))
	ctx := context.Background()
	lyon := [2]float64{45.764, 4.8357}
	seedPlanner(t, s.Store, "near-free", "FR", "active", 45.75, 4.85, false, 4, 3000, 4, 50)      // ~1.7 km
	seedPlanner(t, s.Store, "far-premium", "FR", "active", 45.18, 5.72, true, 4, 5000, 4, 10)     // Grenoble ~95 km
	seedPlanner(t, s.Store, "mid-free", "FR", "active", 45.44, 4.39, false, 4, 2000, 2, 90)       // Saint-Étienne ~50 km
	seedPlanner(t, s.Store, "paris", "FR", "active", 48.85, 2.35, true, 4, 2000, 4, 100)          // ~390 km
	seedPlanner(t, s.Store, "unverified", "FR", "unknown", 45.76, 4.83, true, 4, 1000, 4, 100)    // hidden: SIRET unknown
	seedPlanner(t, s.Store, "belgian", "BE", "unknown", 50.85, 4.35, false, 4, 1000, 6, 100)      // other country, no SIRET rule
	seedPlanner(t, s.Store, "other-service", "FR", "active", 45.76, 4.84, false, 9, 1000, 4, 100) // wedding design only, ~0.5 km
	q := index.PlannerQuery{Country: "FR", Near: true, Lat: lyon[0], Lng: lyon[1], RadiusKm: 100, Limit: 10, Now: now}

	names := func(cards []index.PlannerCard) []string {
		var out []string
		for _, c := range cards {
			out = append(out, c.Name)
		}
		return out
	}
	tests := []struct {
		name  string
		q     index.PlannerQuery
		want  []string
		total int
	}{
		{"near Lyon, premium first then nearest", q, []string{"far-premium", "other-service", "near-free", "mid-free"}, 4},
		{"one service type", with(q, func(q *index.PlannerQuery) { q.ServiceType = "FULL_PLANNING" }), []string{"far-premium", "near-free", "mid-free"}, 3},
		{"a language", with(q, func(q *index.PlannerQuery) { q.Languages = []string{"en"} }), []string{"mid-free"}, 1},
		{"any of several languages", with(q, func(q *index.PlannerQuery) { q.Languages = []string{"en", "de"} }), []string{"mid-free"}, 1},
		{"a budget ceiling", with(q, func(q *index.PlannerQuery) { q.ServiceType = "FULL_PLANNING"; q.MaxBudget = 3000 }), []string{"near-free", "mid-free"}, 2},
		{"a smaller radius", with(q, func(q *index.PlannerQuery) { q.RadiusKm = 20 }), []string{"other-service", "near-free"}, 2},
		{"the whole country, premium then most complete", index.PlannerQuery{Country: "FR", Limit: 10, Now: now}, []string{"paris", "far-premium", "other-service", "mid-free", "near-free"}, 5},
		{"paging", index.PlannerQuery{Country: "FR", Limit: 2, Offset: 2, Now: now}, []string{"other-service", "mid-free"}, 5},
		{"another country", index.PlannerQuery{Country: "BE", Limit: 10, Now: now}, []string{"belgian"}, 1},
		{"premium that ended is not premium", index.PlannerQuery{Country: "FR", Limit: 1, Now: now.Add(1000 * 24 * time.Hour)}, []string{"paris"}, 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cards, total, err := s.SearchProviders(ctx, tc.q)
			if err != nil {
				t.Fatal(err)
			}
			if got := names(cards); !equal(got, tc.want) || total != tc.total {
				t.Errorf("got %v (total %d), want %v (total %d)", got, total, tc.want, tc.total)
			}
		})
	}
	cards, _, _ := s.SearchProviders(ctx, q)
	if d := cards[2].DistanceKm; d == nil || *d < 1 || *d > 3 {
		t.Errorf("distance of near-free: %v", d)
	}
}

func with(q index.PlannerQuery, f func(*index.PlannerQuery)) index.PlannerQuery {
	f(&q)
	return q
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestSearchVenues(t *testing.T) {
	s := newServer(storetest.New(t))
	ctx := context.Background()
	owner := newUser(t, s.Store, "owner@example.com")
	storetest.Must(t, s.SetUserModerated(ctx, owner.ID, true, now))
	hidden := newUser(t, s.Store, "hidden@example.com") // never moderated
	venue := func(ownerID, slug, kind string, seats int, lat, lng float64, published bool) {
		storetest.Must(t, s.CreateVenue(ctx, model.Venue{ID: model.NewID(), OwnerID: ownerID, Name: slug, Slug: slug, Type: kind,
			CountryCode: "FR", City: "X", SeatedCapacity: seats, MinPrice: seats * 50,
			Latitude: sql.NullFloat64{Float64: lat, Valid: true}, Longitude: sql.NullFloat64{Float64: lng, Valid: true},
			IsPublished: published, IsValidated: true, CreatedAt: now, UpdatedAt: now}))
	}
	venue(owner.ID, "castle-near", "castle", 200, 45.77, 4.84, true)
	venue(owner.ID, "farm-near", "farm", 80, 45.75, 4.83, true)
	venue(owner.ID, "castle-far", "castle", 300, 48.85, 2.35, true)
	venue(owner.ID, "draft", "castle", 200, 45.76, 4.83, false)
	venue(hidden.ID, "unmoderated", "castle", 200, 45.76, 4.83, true)
	base := index.VenueQuery{Country: "FR", Limit: 10, Now: now}
	for _, tc := range []struct {
		name string
		q    index.VenueQuery
		want []string
	}{
		{"all visible, largest first", base, []string{"castle-far", "castle-near", "farm-near"}},
		{"castles only", func() index.VenueQuery { q := base; q.Type = "castle"; return q }(), []string{"castle-far", "castle-near"}},
		{"seats 100 guests", func() index.VenueQuery { q := base; q.Guests = 100; return q }(), []string{"castle-far", "castle-near"}},
		{"near Lyon, nearest first", func() index.VenueQuery {
			q := base
			q.Near, q.Lat, q.Lng, q.RadiusKm = true, 45.764, 4.8357, 100
			return q
		}(), []string{"castle-near", "farm-near"}},
		{"a price ceiling", func() index.VenueQuery { q := base; q.MaxPrice = 5000; return q }(), []string{"farm-near"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cards, total, err := s.SearchVenues(ctx, tc.q)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range cards {
				got = append(got, c.Slug)
			}
			if !equal(got, tc.want) || total != len(tc.want) {
				t.Errorf("got %v (total %d), want %v", got, total, tc.want)
			}
		})
	}
	if _, err := s.GetVisibleVenueBySlug(ctx, "draft"); err == nil {
		t.Error("an unpublished venue is visible")
	}
}

// TestSearchProvidersMatchesAnOracle compares every page of many searches
// with the same search done in Go over the seeded rows: premium first, then
// nearest, then most complete, then by name and id. Pages of seven cross the
// border between premium and other listings, and both ways of reading a page
// (walking the ranked index, or sorting the matches) are exercised.
func TestSearchProvidersMatchesAnOracle(t *testing.T) {
	s := newServer(storetest.New(t))
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 5))
	types := []string{"FULL_PLANNING", "DAY_COORDINATION", "WEDDING_DESIGN"} // prestation ids 4, 3, 9
	typeIDs := map[string]int{"FULL_PLANNING": 4, "DAY_COORDINATION": 3, "WEDDING_DESIGN": 9}
	langIDs := map[string]int{"en": 2, "fr": 4, "nl": 6}
	type row struct {
		id, name         string
		visible, premium bool
		lat, lng         float64
		score            int
		budgets          map[string]int64 // service type -> budget (0: none)
		langs            []string
	}
	var rows []row
	for i := range 90 {
		r := row{name: fmt.Sprintf("p%02d", rng.IntN(40)), // names repeat: ties are broken by id
			lat: 45 + rng.Float64()*2, lng: 4 + rng.Float64()*2, score: 10 * rng.IntN(4), budgets: map[string]int64{}}
		u := model.User{ID: model.NewID(), Email: fmt.Sprintf("p%d@example.com", i), PasswordHash: "x", Role: model.RolePlanner,
			Firstname: "Ana", Lastname: "Silva", Locale: "fr", Domain: "fr", PremiumStatus: model.PremiumNone, CreatedAt: now, UpdatedAt: now}
		if rng.IntN(12) == 0 {
			u.Role = model.RoleVenue // a venue owner's company is not a planner's
		}
		storetest.Must(t, s.CreateUser(ctx, u))
		r.id = u.ID
		siret := "active"
		moderated := rng.IntN(10) > 0
		if rng.IntN(10) == 0 {
			siret = "unknown"
		}
		storetest.Must(t, s.SetUserModerated(ctx, u.ID, moderated, now))
		switch rng.IntN(6) {
		case 0:
			storetest.Must(t, s.SetUserPremium(ctx, u.ID, model.PremiumActive, model.NullTime(now), sql.NullTime{}, sql.NullString{}, now))
			r.premium = true
		case 1:
			end := now.Add(-time.Hour) // ended: not premium
			storetest.Must(t, s.SetUserPremium(ctx, u.ID, model.PremiumActive, model.NullTime(now), model.NullTime(end), sql.NullString{}, now))
		case 2:
			end := now.Add(30 * 24 * time.Hour)
			storetest.Must(t, s.SetUserPremium(ctx, u.ID, model.PremiumCancellation, model.NullTime(now), model.NullTime(end), sql.NullString{}, now))
			r.premium = true
		}
		r.visible = moderated && siret == "active" && u.Role == model.RolePlanner
		storetest.Must(t, s.CreateCompany(ctx, model.Company{UserID: u.ID, Name: r.name, Slug: fmt.Sprintf("s%d", i), SiretStatus: siret,
			CountryCode: "FR", City: "X", Latitude: sql.NullFloat64{Float64: r.lat, Valid: true},
			Longitude: sql.NullFloat64{Float64: r.lng, Valid: true}, CreatedAt: now, UpdatedAt: now}))
		var ps []model.CompanyPrestation
		for _, ty := range types {
			if rng.IntN(2) == 0 {
				b := int64(500 * (1 + rng.IntN(6)))
				if rng.IntN(4) == 0 {
					b = 0
				}
				r.budgets[ty] = b
				ps = append(ps, model.CompanyPrestation{PrestationID: typeIDs[ty], BudgetStartingFrom: sql.NullInt64{Int64: b, Valid: b > 0}})
			}
		}
		var ls []int
		// In a fixed order: ranging over the map would draw the numbers in a
		// different order each run, and the data with them.
		for _, code := range []string{"en", "fr", "nl"} {
			if id := langIDs[code]; rng.IntN(3) == 0 {
				r.langs = append(r.langs, code)
				ls = append(ls, id)
			}
		}
		storetest.Must(t, s.SetCompanyServices(ctx, u.ID, ls, ps))
		storetest.Must(t, s.SetProfileScore(ctx, u.ID, r.score))
		rows = append(rows, r)
	}
	center := [2]float64{46, 5}
	queries := []index.PlannerQuery{
		{},
		{ServiceType: "FULL_PLANNING"},
		{ServiceType: "WEDDING_DESIGN", MaxBudget: 2000},
		{MaxBudget: 1500},
		{Languages: []string{"nl"}},
		{Languages: []string{"en", "nl"}, ServiceType: "DAY_COORDINATION"},
		{Near: true, Lat: center[0], Lng: center[1], RadiusKm: 80},
		{Near: true, Lat: center[0], Lng: center[1], RadiusKm: 60, ServiceType: "FULL_PLANNING", Languages: []string{"fr"}},
	}
	for qi, q := range queries {
		q.Country, q.Now = "FR", now
		cosLat := math.Cos(q.Lat * math.Pi / 180)
		dist2 := func(r row) float64 { // the store's ordering: squared equirectangular degrees
			return (r.lat-q.Lat)*(r.lat-q.Lat) + (r.lng-q.Lng)*(r.lng-q.Lng)*cosLat*cosLat
		}
		var want []row
		for _, r := range rows {
			ok := r.visible
			if q.ServiceType != "" {
				b, has := r.budgets[q.ServiceType]
				ok = ok && has && (q.MaxBudget == 0 || (b > 0 && b <= q.MaxBudget))
			} else if q.MaxBudget > 0 {
				any := false
				for _, b := range r.budgets {
					any = any || (b > 0 && b <= q.MaxBudget)
				}
				ok = ok && any
			}
			if len(q.Languages) > 0 {
				ok = ok && slices.ContainsFunc(r.langs, func(l string) bool { return slices.Contains(q.Languages, l) })
			}
			if q.Near {
				ok = ok && math.Sqrt(dist2(r)) <= q.RadiusKm/111.2
			}
			if ok {
				want = append(want, r)
			}
		}
		slices.SortFunc(want, func(a, b row) int {
			if a.premium != b.premium {
				if a.premium {
					return -1
				}
				return 1
			}
			if q.Near {
				if c := cmpFloat(dist2(a), dist2(b)); c != 0 {
					return c
				}
			}
			if a.score != b.score {
				return b.score - a.score
			}
			if a.name != b.name {
				return strings.Compare(a.name, b.name)
			}
			return strings.Compare(a.id, b.id)
		})
		if len(want) < 3 {
			t.Fatalf("query %d: only %d matches, the data is too thin", qi, len(want))
		}
		for offset := 0; offset <= len(want)+7; offset += 7 {
			q.Limit, q.Offset = 7, offset
			cards, total, err := s.SearchProviders(ctx, q)
			if err != nil {
				t.Fatalf("query %d offset %d: %v", qi, offset, err)
			}
			var got, exp []string
			for _, c := range cards {
				got = append(got, c.UserID)
			}
			for _, r := range want[min(offset, len(want)):min(offset+7, len(want))] {
				exp = append(exp, r.id)
			}
			if total != len(want) || !slices.Equal(got, exp) {
				t.Errorf("query %d %+v offset %d: total %d, want %d\n got  %v\nwant %v", qi, q, offset, total, len(want), got, exp)
			}
			for i, c := range cards {
				if c.IsPremium != want[offset+i].premium {
					t.Errorf("query %d offset %d: %s premium %v", qi, offset, c.Name, c.IsPremium)
				}
			}
		}
	}
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// TestIndexFollowsEveryWrite checks that the search index
// of one server sees what another server on the same database writes, and
// what a plain SQL statement writes (an admin's fix, a script): the feed is
// kept by triggers, not by the code that writes. A server left behind
// pruned changes reloads everything.
func TestIndexFollowsEveryWrite(t *testing.T) {
	ctx := context.Background()
	a, dbURL := storetest.NewWithURL(t)
	b := newServer(storetest.Open(t, dbURL))
	search := func(s server, q index.PlannerQuery) []string {
		t.Helper()
		q.Country, q.Limit, q.Now = "FR", 10, now
		cards, total, err := s.SearchProviders(ctx, q)
		storetest.Must(t, err)
		var got []string
		for _, c := range cards {
			got = append(got, c.Name)
		}
		if total != len(got) {
			t.Errorf("total %d for %v", total, got)
		}
		return got
	}
	check := func(step string, s server, q index.PlannerQuery, want ...string) {
		t.Helper()
		if got := search(s, q); !slices.Equal(got, want) {
			t.Errorf("%s: got %v, want %v", step, got, want)
		}
	}
	one := seedPlanner(t, a, "one", "FR", "active", 45.75, 4.85, false, 4, 3000, 4, 50)
	check("loaded", b, index.PlannerQuery{}, "one")
	two := seedPlanner(t, a, "two", "FR", "active", 45.75, 4.85, false, 4, 3000, 4, 40)
	check("a planner added by the other server", b, index.PlannerQuery{}, "one", "two")

	exec := func(q string, args ...any) {
		t.Helper()
		_, err := a.DB().ExecContext(ctx, q, args...)
		storetest.Must(t, err)
	}
	exec(`UPDATE companies SET profile_score = 90 WHERE user_id = $1`, two)
	check("a score changed in SQL", b, index.PlannerQuery{}, "two", "one")
	exec(`UPDATE users SET premium_status = 'active' WHERE id = $1`, one)
	check("premium set in SQL", b, index.PlannerQuery{}, "one", "two")
	exec(`UPDATE companies SET latitude = 48.85, longitude = 2.35 WHERE user_id = $1`, one)
	check("moved away", b, index.PlannerQuery{Near: true, Lat: 45.76, Lng: 4.84, RadiusKm: 50}, "two")
	exec(`DELETE FROM company_langues WHERE user_id = $1`, two)
	check("a language removed", b, index.PlannerQuery{Languages: []string{"fr"}}, "one")
	exec(`UPDATE company_prestations SET budget_starting_from = 900 WHERE user_id = $1`, two)
	check("a budget lowered", b, index.PlannerQuery{MaxBudget: 1000}, "two")
	storetest.Must(t, a.SetUserModerated(ctx, one, false, now))
	check("unmoderated", b, index.PlannerQuery{}, "two")

	// b falls behind while the feed is pruned (as the clean-up job does,
	// store.PruneDirectoryChanges): b then reloads everything.
	for i := range 6 {
		exec(`UPDATE companies SET profile_score = $2 WHERE user_id = $1`, two, 10+i)
	}
	exec(`UPDATE directory_version SET pruned_through = version - 1`)
	exec(`DELETE FROM directory_changes WHERE version <= (SELECT pruned_through FROM directory_version)`)
	fresh := newServer(storetest.Open(t, dbURL))
	check("a new server loads", fresh, index.PlannerQuery{}, "two")
	storetest.Must(t, a.SetUserModerated(ctx, one, true, now))
	check("the server behind the pruning", b, index.PlannerQuery{}, "one", "two")
}

// The search keeps a page's rows with its answer: any write that changes
// what a card shows, through the store or in SQL on another server, must
// show on the next search, on a page asked for before.
func TestSearchCardsFollowEveryWrite(t *testing.T) {
	ctx := context.Background()
	a, dbURL := storetest.NewWithURL(t)
	b := newServer(storetest.Open(t, dbURL))
	exec := func(q string, args ...any) {
		t.Helper()
		_, err := a.DB().ExecContext(ctx, q, args...)
		storetest.Must(t, err)
	}
	one := seedPlanner(t, a, "one", "FR", "active", 45.75, 4.85, false, 4, 3000, 4, 50)
	planners := func(step string, want string) {
		t.Helper()
		for _, q := range []index.PlannerQuery{{}, {Near: true, Lat: 45.76, Lng: 4.84, RadiusKm: 50}} {
			q.Country, q.Limit, q.Now = "FR", 10, now
			for range 2 { // the second from the kept page
				cards, _, err := b.SearchProviders(ctx, q)
				storetest.Must(t, err)
				var got []string
				for _, c := range cards {
					got = append(got, c.Name+"|"+c.City+"|"+c.AvatarKey+"|"+fmt.Sprint(c.IsPremium))
				}
				if g := strings.Join(got, ","); g != want {
					t.Fatalf("%s (near %v): got %q, want %q", step, q.Near, g, want)
				}
			}
		}
	}
	planners("first", "one|X||false")
	storetest.Must(t, a.UpdateUserAvatar(ctx, one, "avatars/one.jpg", now))
	planners("avatar set", "one|X|avatars/one.jpg|false")
	exec(`UPDATE users SET avatar_key = 'avatars/two.jpg' WHERE id = $1`, one)
	planners("avatar changed in SQL", "one|X|avatars/two.jpg|false")
	exec(`UPDATE companies SET name = 'One', city = 'Lyon' WHERE user_id = $1`, one)
	planners("renamed", "One|Lyon|avatars/two.jpg|false")
	exec(`UPDATE users SET premium_status = 'active' WHERE id = $1`, one)
	planners("premium", "One|Lyon|avatars/two.jpg|true")
	storetest.Must(t, a.SetUserModerated(ctx, one, false, now))
	planners("unmoderated", "")

	owner := newUser(t, a, "owner@example.com")
	storetest.Must(t, a.SetUserModerated(ctx, owner.ID, true, now))
	venue := model.NewID()
	storetest.Must(t, a.CreateVenue(ctx, model.Venue{ID: venue, OwnerID: owner.ID, Name: "castle", Slug: "castle", Type: "castle",
		CountryCode: "FR", City: "X", SeatedCapacity: 100, Latitude: sql.NullFloat64{Float64: 45.75, Valid: true},
		Longitude: sql.NullFloat64{Float64: 4.85, Valid: true}, IsPublished: true, IsValidated: true, CreatedAt: now, UpdatedAt: now}))
	venues := func(step string, want string) {
		t.Helper()
		q := index.VenueQuery{Country: "FR", Limit: 10, Now: now}
		for range 2 {
			cards, _, err := b.SearchVenues(ctx, q)
			storetest.Must(t, err)
			var got []string
			for _, c := range cards {
				photo := ""
				if c.Key != nil {
					photo = c.Key.ThumbKey + " " + c.Key.Alt
				}
				got = append(got, c.Name+"|"+fmt.Sprint(c.SeatedCapacity)+"|"+photo)
			}
			if g := strings.Join(got, ","); g != want {
				t.Fatalf("%s: got %q, want %q", step, g, want)
			}
		}
	}
	venues("first", "castle|100|")
	image := func(name string, key bool, position int) model.Image {
		return model.Image{ID: model.NewID(), OwnerID: owner.ID, VenueID: sql.NullString{String: venue, Valid: true}, Title: name,
			Alt: name, IsKeyImage: key, IsVisible: true, Position: position, ImageFile: model.ImageFile{ImageKey: name + ".jpg",
				ThumbKey: name + "-thumb.jpg", Width: 800, Height: 600, ThumbWidth: 400, ThumbHeight: 300, ByteSize: 1000},
			CreatedAt: now, UpdatedAt: now}
	}
	park := image("park", false, 0)
	storetest.Must(t, a.CreateVenueImage(ctx, park))
	venues("a photo added", "castle|100|park-thumb.jpg park")
	storetest.Must(t, a.CreateVenueImage(ctx, image("hall", true, 1)))
	venues("a key image added", "castle|100|hall-thumb.jpg hall")
	exec(`UPDATE images SET alt = 'the hall' WHERE venue_id = $1 AND is_key_image = TRUE`, venue)
	venues("its alt text changed in SQL", "castle|100|hall-thumb.jpg the hall")
	exec(`UPDATE images SET is_visible = FALSE WHERE venue_id = $1 AND is_key_image = TRUE`, venue)
	venues("the key image hidden", "castle|100|park-thumb.jpg park")
	exec(`DELETE FROM images WHERE id = $1`, park.ID)
	venues("the last photo deleted", "castle|100|")
	exec(`UPDATE venues SET seated_capacity = 120 WHERE id = $1`, venue)
	venues("resized", "castle|120|")
}

// A card shows the planner's picture (its avatar, else its first visible
// gallery photo), services, languages, lowest starting budget shown and
// approved reviews, read from the index and the page's one query: each
// write that changes one of them, through the store or in SQL on another
// server, must show on the next search and on a page asked for before.
// Without migration 21's trigger on reviews the review steps fail.
func TestPlannerCardsFollowReviewsPhotosAndServices(t *testing.T) {
	ctx := context.Background()
	a, dbURL := storetest.NewWithURL(t)
	b := newServer(storetest.Open(t, dbURL))
	exec := func(q string, args ...any) {
		t.Helper()
		_, err := a.DB().ExecContext(ctx, q, args...)
		storetest.Must(t, err)
	}
	one := seedPlanner(t, a, "one", "FR", "active", 45.75, 4.85, false, 4, 3000, 4, 50)
	card := func(c index.PlannerCard) string {
		photo := c.AvatarKey
		if c.Photo != nil {
			photo = fmt.Sprintf("%s %dx%d %s %dx%d", c.Photo.ImageKey, c.Photo.Width, c.Photo.Height, c.Photo.ThumbKey,
				c.Photo.ThumbWidth, c.Photo.ThumbHeight)
		}
		return fmt.Sprintf("%s|%s|%v|%v|%d|%d/%d", c.Name, photo, c.Services, c.Languages, c.MinBudget, c.Reviews.Count, c.Reviews.Tenths)
	}
	check := func(step string, q index.PlannerQuery, want string) {
		t.Helper()
		q.Country, q.Limit, q.Now = "FR", 10, now
		for range 2 { // the second from the kept page
			cards, _, err := b.SearchProviders(ctx, q)
			storetest.Must(t, err)
			var got []string
			for _, c := range cards {
				got = append(got, card(c))
			}
			if g := strings.Join(got, ","); g != want {
				t.Fatalf("%s: got %q, want %q", step, g, want)
			}
		}
	}
	all, rated4 := index.PlannerQuery{}, index.PlannerQuery{MinRating: 40}
	check("first", all, "one||[FULL_PLANNING]|[fr]|3000|0/0")
	check("no review: not rated 4 or more", rated4, "")

	review := func(rating int, status string) model.Review {
		r := model.Review{ID: model.NewID(), ProviderID: one, Rating: rating, Title: "Great", Body: strings.Repeat("b", 30),
			ReviewerName: "Ana", ReviewerType: "couple", EmailKey: model.NewID(), Status: status, CreatedAt: now}
		storetest.Must(t, a.CreateReview(ctx, r))
		return r
	}
	five := review(5, model.ReviewPending)
	check("a pending review counts for nothing", all, "one||[FULL_PLANNING]|[fr]|3000|0/0")
	if _, err := a.SetReviewStatus(ctx, five.ID, model.ReviewApproved, now); err != nil {
		t.Fatal(err)
	}
	check("a review approved", rated4, "one||[FULL_PLANNING]|[fr]|3000|1/50")
	review(5, model.ReviewApproved)
	four := review(4, model.ReviewApproved)
	check("three approved: 4.67 rounds to 4.7", rated4, "one||[FULL_PLANNING]|[fr]|3000|3/47")
	check("4.7 is not 4.8 or more", index.PlannerQuery{MinRating: 48}, "")
	exec(`UPDATE reviews SET status = 'rejected' WHERE id = $1`, five.ID)
	check("a five rejected in SQL", index.PlannerQuery{MinRating: 45}, "one||[FULL_PLANNING]|[fr]|3000|2/45")
	check("4.5 is not 4.6 or more", index.PlannerQuery{MinRating: 46}, "")
	exec(`UPDATE reviews SET rating = 1 WHERE id = $1`, four.ID)
	check("a rating edited in SQL", all, "one||[FULL_PLANNING]|[fr]|3000|2/30")
	check("3.0 is not 4 or more", rated4, "")
	exec(`DELETE FROM reviews WHERE id = $1`, four.ID)
	check("a review deleted", rated4, "one||[FULL_PLANNING]|[fr]|3000|1/50")

	photo := func(name string, position int) model.Image {
		im := model.Image{ID: model.NewID(), OwnerID: one, Title: name, IsVisible: true, Position: position,
			ImageFile: model.ImageFile{ImageKey: name + ".jpg", ThumbKey: name + "-t.jpg", Width: 1200, Height: 800,
				ThumbWidth: 480, ThumbHeight: 320, ByteSize: 1000}, CreatedAt: now, UpdatedAt: now}
		storetest.Must(t, a.CreateImage(ctx, im))
		return im
	}
	lake := photo("lake", 2)
	check("a gallery photo", all, "one|lake.jpg 1200x800 lake-t.jpg 480x320|[FULL_PLANNING]|[fr]|3000|1/50")
	barn := photo("barn", 1)
	check("an earlier photo", all, "one|barn.jpg 1200x800 barn-t.jpg 480x320|[FULL_PLANNING]|[fr]|3000|1/50")
	storetest.Must(t, a.SetImageVisible(ctx, one, barn.ID, false, now))
	check("that photo hidden", all, "one|lake.jpg 1200x800 lake-t.jpg 480x320|[FULL_PLANNING]|[fr]|3000|1/50")
	storetest.Must(t, a.UpdateUserAvatar(ctx, one, "avatars/one.jpg", now))
	check("an avatar comes first", all, "one|avatars/one.jpg|[FULL_PLANNING]|[fr]|3000|1/50")
	storetest.Must(t, a.UpdateUserAvatar(ctx, one, "", now))
	storetest.Must(t, a.DeleteImage(ctx, one, lake.ID))
	check("avatar removed, last visible photo deleted", all, "one||[FULL_PLANNING]|[fr]|3000|1/50")

	storetest.Must(t, a.SetCompanyServices(ctx, one, []int{2, 4}, []model.CompanyPrestation{
		{PrestationID: 3, BudgetStartingFrom: sql.NullInt64{Int64: 900, Valid: true}, IsBudgetVisible: false},
		{PrestationID: 4, BudgetStartingFrom: sql.NullInt64{Int64: 2500, Valid: true}, IsBudgetVisible: true},
		{PrestationID: 9}}))
	check("services and languages edited; the hidden budget is not shown", all,
		"one||[DAY_COORDINATION FULL_PLANNING WEDDING_DESIGN]|[en fr]|2500|1/50")
	exec(`UPDATE company_prestations SET is_budget_visible = FALSE WHERE user_id = $1`, one)
	check("every budget hidden in SQL", all, "one||[DAY_COORDINATION FULL_PLANNING WEDDING_DESIGN]|[en fr]|0|1/50")
	check("near a place, rated", index.PlannerQuery{Near: true, Lat: 45.76, Lng: 4.84, RadiusKm: 25, MinRating: 40},
		"one||[DAY_COORDINATION FULL_PLANNING WEDDING_DESIGN]|[en fr]|0|1/50")
}

// A venue's card shows its owner's approved reviews, kept current like a
// planner's.
func TestVenueCardsFollowTheOwnersReviews(t *testing.T) {
	ctx := context.Background()
	a, dbURL := storetest.NewWithURL(t)
	b := newServer(storetest.Open(t, dbURL))
	owner := newUser(t, a, "owner@example.com")
	storetest.Must(t, a.SetUserModerated(ctx, owner.ID, true, now))
	storetest.Must(t, a.CreateVenue(ctx, model.Venue{ID: model.NewID(), OwnerID: owner.ID, Name: "castle", Slug: "castle", Type: "castle",
		CountryCode: "FR", City: "X", SeatedCapacity: 100, IsPublished: true, IsValidated: true, CreatedAt: now, UpdatedAt: now}))
	check := func(step string, want index.ReviewFacts) {
		t.Helper()
		for range 2 {
			cards, _, err := b.SearchVenues(ctx, index.VenueQuery{Country: "FR", Limit: 10, Now: now})
			storetest.Must(t, err)
			if len(cards) != 1 || cards[0].Reviews != want {
				t.Fatalf("%s: got %+v, want the reviews %+v", step, cards, want)
			}
		}
	}
	check("none", index.ReviewFacts{})
	r := model.Review{ID: model.NewID(), ProviderID: owner.ID, Rating: 4, Title: "Great", Body: strings.Repeat("b", 30),
		ReviewerName: "Ana", ReviewerType: "couple", EmailKey: "a@example.com", Status: model.ReviewPending, CreatedAt: now}
	storetest.Must(t, a.CreateReview(ctx, r))
	check("pending", index.ReviewFacts{})
	if _, err := a.SetReviewStatus(ctx, r.ID, model.ReviewApproved, now); err != nil {
		t.Fatal(err)
	}
	check("approved", index.ReviewFacts{Count: 1, Tenths: 40})
}

// TestSearchWithADateLeavesOutWhoIsTaken checks the date filter of the
// directory's search: a planner or venue whose own calendar has the date
// taken is left out, on that date only, and marking or freeing a day
// reaches the next search through the change feed (migration 32), past the
// answers the index keeps.
func TestSearchWithADateLeavesOutWhoIsTaken(t *testing.T) {
	s := newServer(storetest.New(t))
	ctx := context.Background()
	booked := seedPlanner(t, s.Store, "booked", "FR", "active", 45.75, 4.85, false, 4, 0, 4, 50)
	seedPlanner(t, s.Store, "free", "FR", "active", 45.76, 4.84, false, 4, 0, 4, 40)
	owner := newUser(t, s.Store, "owner@example.com")
	storetest.Must(t, s.SetUserModerated(ctx, owner.ID, true, now))
	venue := func(slug string, seats int) string {
		id := model.NewID()
		storetest.Must(t, s.CreateVenue(ctx, model.Venue{ID: id, OwnerID: owner.ID, Name: slug, Slug: slug, Type: "castle",
			CountryCode: "FR", City: "X", SeatedCapacity: seats, Latitude: sql.NullFloat64{Float64: 45.76, Valid: true},
			Longitude: sql.NullFloat64{Float64: 4.84, Valid: true}, IsPublished: true, IsValidated: true, CreatedAt: now, UpdatedAt: now}))
		return id
	}
	takenVenue := venue("taken-venue", 200)
	venue("open-venue", 100)
	mark := func(user, venueID, day string) {
		t.Helper()
		storetest.Must(t, s.SetAvailabilityDay(ctx, store.AvailabilityDay{UserID: user, VenueID: venueID, Day: day,
			Status: store.AvailabilityBooked, Source: store.AvailabilityManual, CreatedAt: now}))
	}
	planners := func(date string) []string {
		t.Helper()
		cards, total, err := s.SearchProviders(ctx, index.PlannerQuery{Country: "FR", Date: date, Limit: 10, Now: now})
		storetest.Must(t, err)
		var out []string
		for _, c := range cards {
			out = append(out, c.Name)
		}
		if total != len(out) {
			t.Errorf("date %q: total %d for %v", date, total, out)
		}
		return out
	}
	venues := func(date string) []string {
		t.Helper()
		cards, _, err := s.SearchVenues(ctx, index.VenueQuery{Country: "FR", Date: date, Limit: 10, Now: now})
		storetest.Must(t, err)
		var out []string
		for _, c := range cards {
			out = append(out, c.Name)
		}
		return out
	}
	// Searched once before any day is taken: the answers are kept, and
	// the days marked next must still reach the searches below.
	if got := planners("2027-06-12"); !slices.Equal(got, []string{"booked", "free"}) {
		t.Fatalf("before any day is taken: %v", got)
	}
	venues("2027-06-12")

	mark(booked, "", "2027-06-12")
	mark(owner.ID, takenVenue, "2027-06-12")
	mark(owner.ID, "", "2027-06-13") // the owner's own day closes none of its venues

	tests := []struct {
		name, date    string
		planners, vns []string
	}{
		{"the taken date", "2027-06-12", []string{"free"}, []string{"open-venue"}},
		{"another date", "2027-06-11", []string{"booked", "free"}, []string{"taken-venue", "open-venue"}},
		{"no date", "", []string{"booked", "free"}, []string{"taken-venue", "open-venue"}},
		{"the venue owner's own day", "2027-06-13", []string{"booked", "free"}, []string{"taken-venue", "open-venue"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := planners(tc.date); !slices.Equal(got, tc.planners) {
				t.Errorf("planners %v, want %v", got, tc.planners)
			}
			if got := venues(tc.date); !slices.Equal(got, tc.vns) {
				t.Errorf("venues %v, want %v", got, tc.vns)
			}
		})
	}
	t.Run("a day freed is searchable again", func(t *testing.T) {
		ok, err := s.DeleteAvailabilityDay(ctx, booked, "", "2027-06-12")
		storetest.Must(t, err)
		if !ok {
			t.Fatal("the day was not taken")
		}
		if got := planners("2027-06-12"); !slices.Equal(got, []string{"booked", "free"}) {
			t.Errorf("planners %v after the day was freed", got)
		}
	})
	t.Run("an import reaches the search", func(t *testing.T) {
		_, err := s.AddAvailabilityDays(ctx, []store.AvailabilityDay{
			{UserID: booked, Day: "2027-06-20", Status: store.AvailabilityUnavailable, Source: store.AvailabilityImport, CreatedAt: now},
			{UserID: booked, Day: "2027-06-21", Status: store.AvailabilityUnavailable, Source: store.AvailabilityImport, CreatedAt: now},
		})
		storetest.Must(t, err)
		for _, d := range []string{"2027-06-20", "2027-06-21"} {
			if got := planners(d); !slices.Equal(got, []string{"free"}) {
				t.Errorf("%s: planners %v", d, got)
			}
		}
	})
}

// publicVenue creates a published venue of owner in FR, validated or not.
func publicVenue(t *testing.T, s *store.Store, owner, slug string, seats int, bedrooms int64, validated bool, features ...string) model.Venue {
	t.Helper()
	ctx := context.Background()
	v := model.Venue{ID: model.NewID(), OwnerID: owner, Name: slug, Slug: slug, Type: "castle", CountryCode: "FR", City: "Lyon",
		SeatedCapacity: seats, MinPrice: 1000, Latitude: sql.NullFloat64{Float64: 45.76, Valid: true},
		Longitude: sql.NullFloat64{Float64: 4.84, Valid: true}, IsPublished: true, IsValidated: validated,
		CreatedAt: now, UpdatedAt: now}
	if bedrooms >= 0 {
		v.Bedrooms = sql.NullInt64{Int64: bedrooms, Valid: true}
	}
	storetest.Must(t, s.CreateVenue(ctx, v))
	if len(features) > 0 {
		storetest.Must(t, s.SetVenueSets(ctx, v.ID, store.VenueSets{Features: features}, now))
	}
	return v
}

func venueSlugs(t *testing.T, s server, q index.VenueQuery) []string {
	t.Helper()
	q.Country, q.Limit, q.Now = "FR", 20, now
	cards, total, err := s.SearchVenues(context.Background(), q)
	storetest.Must(t, err)
	var got []string
	for _, c := range cards {
		got = append(got, c.Slug)
	}
	if total != len(got) {
		t.Errorf("total %d for %v", total, got)
	}
	return got
}

func TestSearchVenuesByFeature(t *testing.T) {
	s := newServer(storetest.New(t))
	ctx := context.Background()
	owner := newUser(t, s.Store, "features@example.com")
	storetest.Must(t, s.SetUserModerated(ctx, owner.ID, true, now))
	publicVenue(t, s.Store, owner.ID, "garden-parking", 300, 0, true, "garden", "parking", "wifi")
	publicVenue(t, s.Store, owner.ID, "garden-rooms", 250, 12, true, "garden", "outdoorCeremony", "catering")
	publicVenue(t, s.Store, owner.ID, "access", 200, -1, true, "wheelchairAccessible", "parking", "catering")
	publicVenue(t, s.Store, owner.ID, "bare", 150, 1, true)
	publicVenue(t, s.Store, owner.ID, "hidden-garden", 400, 5, false, "garden", "parking")
	for _, tc := range []struct {
		name string
		q    index.VenueQuery
		want []string
	}{
		{"no filter", index.VenueQuery{}, []string{"garden-parking", "garden-rooms", "access", "bare"}},
		{"garden", index.VenueQuery{Features: []string{"garden"}}, []string{"garden-parking", "garden-rooms"}},
		{"parking", index.VenueQuery{Features: []string{"parking"}}, []string{"garden-parking", "access"}},
		{"garden and parking", index.VenueQuery{Features: []string{"garden", "parking"}}, []string{"garden-parking"}},
		{"wheelchair access", index.VenueQuery{Features: []string{"wheelchairAccessible"}}, []string{"access"}},
		{"outdoor ceremony", index.VenueQuery{Features: []string{"outdoorCeremony"}}, []string{"garden-rooms"}},
		{"catering", index.VenueQuery{Features: []string{"catering"}}, []string{"garden-rooms", "access"}},
		{"accommodation on site", index.VenueQuery{Accommodation: true}, []string{"garden-rooms", "bare"}},
		{"catering and rooms", index.VenueQuery{Features: []string{"catering"}, Accommodation: true}, []string{"garden-rooms"}},
		{"with guests", index.VenueQuery{Features: []string{"parking"}, Guests: 250}, []string{"garden-parking"}},
		{"an unknown feature", index.VenueQuery{Features: []string{"helipad"}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := venueSlugs(t, s, tc.q); !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
	// Changing a venue's features changes its results.
	cards, _, err := s.SearchVenues(ctx, index.VenueQuery{Country: "FR", Limit: 20, Now: now, Features: []string{"wheelchairAccessible"}})
	storetest.Must(t, err)
	storetest.Must(t, s.SetVenueSets(ctx, cards[0].ID, store.VenueSets{Features: []string{"garden"}}, now))
	if got := venueSlugs(t, s, index.VenueQuery{Features: []string{"garden"}}); !slices.Equal(got, []string{"garden-parking", "garden-rooms", "access"}) {
		t.Errorf("after a change of features: %v", got)
	}
}
