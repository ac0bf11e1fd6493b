package store_test

import (
	"context"
	"database/sql"
	"testing"

	"noces/internal/model"
	"noces/internal/store/storetest"
)

// TestProfileScoreFollowsTheChecklist checks that a company's score, the
// directory's third ranking key, counts the checklist's steps done after
// every write to the rows it reads, through the store or in SQL, and
// that the more complete of two planners at the same place comes first.
func TestProfileScoreFollowsTheChecklist(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	exec := func(q string, args ...any) {
		t.Helper()
		_, err := s.DB().ExecContext(ctx, q, args...)
		storetest.Must(t, err)
	}
	score := func(userID string) int {
		t.Helper()
		var n int
		storetest.Must(t, s.DB().QueryRowContext(ctx, `SELECT profile_score FROM companies WHERE user_id = $1`, userID).Scan(&n))
		return n
	}
	company := func(u model.User, name string) {
		storetest.Must(t, s.SetUserModerated(ctx, u.ID, true, now))
		storetest.Must(t, s.CreateCompany(ctx, model.Company{UserID: u.ID, Name: name, Slug: name, SiretStatus: model.SiretActive,
			CountryCode: "FR", City: "Lyon", Latitude: sql.NullFloat64{Float64: 45.76, Valid: true},
			Longitude: sql.NullFloat64{Float64: 4.84, Valid: true}, CreatedAt: now, UpdatedAt: now}))
	}
	u := newUser(t, s, "complete@example.com")
	other := newUser(t, s, "other@example.com")
	// Content written before the company counts once the company exists.
	storetest.Must(t, s.SavePortrait(ctx, model.Portrait{UserID: u.ID, Portrait: "Qui nous sommes", UpdatedAt: now}))
	company(u, "a-complete")
	company(other, "b-other")
	imageID, videoID, venueImage := model.NewID(), model.NewID(), model.NewID()
	steps := []struct {
		what string
		do   func()
		want int
	}{
		{"a portrait before the company", func() {}, 1},
		{"a service without details", func() {
			storetest.Must(t, s.SetCompanyServices(ctx, u.ID, []int{1}, []model.CompanyPrestation{{PrestationID: 1}}))
		}, 2},
		{"the service described, with a budget", func() {
			storetest.Must(t, s.SetCompanyServices(ctx, u.ID, []int{1}, []model.CompanyPrestation{{PrestationID: 1,
				Description: "Tout, du début à la fin", BudgetStartingFrom: sql.NullInt64{Int64: 3000, Valid: true}}}))
		}, 3},
		{"a photo", func() {
			storetest.Must(t, s.CreateImage(ctx, model.Image{ID: imageID, OwnerID: u.ID, Title: "Photo", IsVisible: true,
				ImageFile: model.ImageFile{ImageKey: "images/a.jpg", Width: 10, Height: 10, ThumbKey: "images/a-t.jpg", ThumbWidth: 5, ThumbHeight: 5, ByteSize: 1},
				CreatedAt: now, UpdatedAt: now}))
		}, 4},
		{"a video", func() {
			storetest.Must(t, s.CreateVideo(ctx, model.Video{ID: videoID, OwnerID: u.ID, Title: "Film", Host: "youtube",
				ExternalID: "dQw4w9WgXcQ", IsVisible: true, CreatedAt: now, UpdatedAt: now}))
		}, 5},
		{"experience and benefits in SQL", func() {
			exec(`UPDATE portraits SET experience = 'Dix ans', benefits = 'Sereins' WHERE user_id = $1`, u.ID)
		}, 7},
		{"a second service without a budget", func() {
			exec(`INSERT INTO company_prestations (user_id, prestation_id, description) VALUES ($1, 2, 'Le jour J')`, u.ID)
		}, 6},
		{"the photo deleted", func() { storetest.Must(t, s.DeleteImage(ctx, u.ID, imageID)) }, 5},
		{"the video moved to the other planner in SQL", func() {
			exec(`UPDATE videos SET owner_id = $2 WHERE id = $1`, videoID, other.ID)
		}, 4},
		{"the portrait deleted", func() { exec(`DELETE FROM portraits WHERE user_id = $1`, u.ID) }, 1},
	}
	for _, st := range steps {
		st.do()
		if got := score(u.ID); got != st.want {
			t.Fatalf("after %s: score %d, want %d (%s)", st.what, got, st.want, storetest.Engine())
		}
	}
	if got := score(other.ID); got != 1 {
		t.Errorf("the other planner, given a video: score %d, want 1", got)
	}
	// A venue's photo is not the planner's gallery.
	venue := newUser(t, s, "venue-owner@example.com")
	company(venue, "c-venue")
	exec(`INSERT INTO venues (id, owner_id, name, slug, type, country_code, created_at, updated_at)
		VALUES ($1, $2, 'Salle', 'salle', 'castle', 'FR', $3, $3)`, "v-"+venue.ID, venue.ID, now)
	storetest.Must(t, s.CreateImage(ctx, model.Image{ID: venueImage, OwnerID: venue.ID, VenueID: sql.NullString{String: "v-" + venue.ID, Valid: true},
		Title: "Salle", IsVisible: true, ImageFile: model.ImageFile{ImageKey: "images/v.jpg", Width: 10, Height: 10, ThumbKey: "images/v-t.jpg",
			ThumbWidth: 5, ThumbHeight: 5, ByteSize: 1}, CreatedAt: now, UpdatedAt: now}))
	if got := score(venue.ID); got != 0 {
		t.Errorf("a venue's photo counted: score %d", got)
	}

	// Two planners at the same place, neither premium, both at 1: the one
	// that completes its profile comes first, whatever the names say.
	exec(`UPDATE portraits SET portrait = 'x' WHERE user_id = $1`, other.ID) // no portrait row: nothing changes
	storetest.Must(t, s.SavePortrait(ctx, model.Portrait{UserID: other.ID, Portrait: "Nous", Experience: "Vingt ans", UpdatedAt: now}))
	// The search index ranks by the score its rows carry (its own tests
	// check the order): those rows must carry the new score.
	rows, err := s.ListDirectoryRows(ctx, []string{u.ID, other.ID})
	storetest.Must(t, err)
	scores := map[string]int{}
	for _, p := range rows.Planners {
		scores[p.Name] = p.Score
	}
	if len(scores) != 2 || scores["b-other"] != 3 || scores["b-other"] <= scores["a-complete"] {
		t.Errorf("after the other's portrait, the directory reads the scores %v", scores)
	}
}
