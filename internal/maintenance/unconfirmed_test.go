package maintenance

import (
	"context"
	"database/sql"
	"log/slog"
	"testing"
	"time"

	"noces/internal/clock"
	"noces/internal/eventreq"
	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

func TestUnconfirmedProjectsExpireAfter48Hours(t *testing.T) {
	s := storetest.New(t)
	ctx := context.Background()
	sent := now
	mk := func(name string, confirmed bool) string {
		p := model.Project{ID: model.NewID(), Domain: "fr", EventType: "wedding", EventDate: "2027-06-12", ServiceType: "FULL_PLANNING",
			Firstname: name, Lastname: "L", Email: name + "@example.com", CreatedAt: sent, Languages: []string{"fr", "en"}}
		if confirmed {
			p.ConfirmedAt = sql.NullTime{Time: sent.Add(time.Hour), Valid: true}
		}
		storetest.Must(t, s.CreateProject(ctx, p))
		storetest.Must(t, s.CreateProjectConfirmation(ctx, store.ProjectConfirmation{ProjectID: p.ID, TokenHash: "hash-" + name,
			ExpiresAt: sent.Add(eventreq.ConfirmTTL)}))
		return p.ID
	}
	waiting, confirmed := mk("waiting", false), mk("confirmed", true)
	clk := clock.NewFixed(sent.Add(eventreq.ConfirmTTL - time.Second))
	d := Deps{Store: s, Clock: clk, Log: slog.New(slog.DiscardHandler)}
	count := func(q string, id string) int {
		var n int
		storetest.Must(t, s.DB().QueryRow(q, id).Scan(&n))
		return n
	}
	left := func(id string) int {
		return count(`SELECT COUNT(*) FROM projects WHERE id = $1`, id) +
			count(`SELECT COUNT(*) FROM project_languages WHERE project_id = $1`, id) +
			count(`SELECT COUNT(*) FROM project_confirmations WHERE project_id = $1`, id)
	}
	storetest.Must(t, expireProjects(ctx, d))
	if left(waiting) != 4 || left(confirmed) != 4 {
		t.Fatalf("a second before 48 hours: %d and %d rows left", left(waiting), left(confirmed))
	}
	clk.Advance(2 * time.Second)
	storetest.Must(t, expireProjects(ctx, d))
	if left(waiting) != 0 {
		t.Errorf("%d rows of the unconfirmed project left", left(waiting))
	}
	if left(confirmed) != 4 {
		t.Errorf("the confirmed project lost rows: %d left", left(confirmed))
	}
	// Once more changes nothing.
	storetest.Must(t, expireProjects(ctx, d))
	if left(confirmed) != 4 {
		t.Error("a second run deleted the confirmed project")
	}
}
