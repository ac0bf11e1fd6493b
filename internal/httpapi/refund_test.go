package httpapi

import (
	"database/sql"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"noces/internal/model"
)

// A request whose credit came back says so, the credit history
// words the refund in the reader's language, and the dashboard's booked
// weddings come from the couples' outcomes; each provider sees only its own.
func TestRefundsAndBookingsAPI(t *testing.T) {
	e := newEnv(t)
	ctx := t.Context()
	planner := e.users["planner"]
	ids := e.sendRequests(planner.ID, 2)
	now := e.clock.Now()
	_, err := e.store.DB().ExecContext(ctx, `UPDATE event_requests SET unlocked_at = $2, seen_at = $2, refunded_at = $2, refund_reason = 'unopened'
		WHERE id = $1`, ids[0], now)
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.store.DB().ExecContext(ctx, `UPDATE projects SET outcome = 'booked_provider', outcome_request_id = $1, outcome_at = $2
		WHERE id = (SELECT project_id FROM event_requests WHERE id = $1)`, ids[1], now)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []model.CreditLog{
		{Description: "credits.log.welcome", Deposited: 1, Ref: sql.NullString{String: "welcome:" + planner.ID, Valid: true}},
		{Description: "credits.log.unlock", Withdrawn: 1, Ref: sql.NullString{String: "unlock:" + ids[0], Valid: true}},
		{Description: "credits.log.refund_unopened", Deposited: 1, Ref: sql.NullString{String: "refund:" + ids[0], Valid: true}},
	} {
		l.ID, l.UserID, l.CreatedAt = model.NewID(), planner.ID, now
		if err := e.store.AddCreditLog(ctx, l); err != nil {
			t.Fatal(err)
		}
	}
	s := e.login("planner")
	en := map[string]string{"Accept-Language": "en"}

	items := e.do(req{method: "GET", path: "/api/event-requests?sortField=createdAt&sortDirection=asc", token: s.Access}).json(t)["eventRequests"].([]any)
	first, second := items[0].(map[string]any), items[1].(map[string]any)
	if first["refundReason"] != "unopened" || first["refundedAt"] == nil || second["refundReason"] != nil || second["refundedAt"] != nil {
		t.Errorf("the list: %v / %v", first, second)
	}
	detail := e.do(req{method: "GET", path: "/api/event-requests/" + ids[0], token: s.Access}).json(t)
	if detail["refundReason"] != "unopened" || detail["refundedAt"] == nil {
		t.Errorf("the detail: %v", detail)
	}
	logs := e.do(req{method: "GET", path: "/api/credits/logs", token: s.Access, headers: en}).json(t)["logs"].([]any)
	var descs []string
	for _, l := range logs {
		descs = append(descs, l.(map[string]any)["description"].(string))
	}
	if !cmp.Equal(descs[:2], []string{"Credit returned: the couple did not open your first message within 72 hours", "Request unlocked"}) &&
		!cmp.Equal(descs[:2], []string{"Request unlocked", "Credit returned: the couple did not open your first message within 72 hours"}) {
		t.Errorf("the credit history: %q", descs)
	}

	b := e.do(req{method: "GET", path: "/api/statistics/bookings", token: s.Access}).json(t)
	months := b["months"].([]any)
	if b["booked"] != float64(1) || len(months) != 12 || months[11].(map[string]any)["booked"] != float64(1) {
		t.Errorf("the planner's bookings: %v", b)
	}
	// Its credits were given (no purchase): they cost nothing.
	costs := b["costs"].([]any)
	eur := costs[0].(map[string]any)
	if b["creditsSpent"] != float64(0) || len(costs) != 1 || eur["currency"] != "EUR" || eur["spentCents"] != float64(0) || eur["perBookingCents"] != float64(0) {
		t.Errorf("the planner's cost: %v", b)
	}

	t.Run("another provider sees none of it", func(t *testing.T) {
		v := e.login("venue")
		if r := e.do(req{method: "GET", path: "/api/event-requests/" + ids[0], token: v.Access}); r.status != 404 {
			t.Errorf("the planner's refunded request: %d", r.status)
		}
		b := e.do(req{method: "GET", path: "/api/statistics/bookings", token: v.Access}).json(t)
		if b["booked"] != float64(0) || b["perBookingCents"] != nil {
			t.Errorf("the venue's bookings: %v", b)
		}
		logs := e.do(req{method: "GET", path: "/api/credits/logs", token: v.Access, headers: en}).json(t)["logs"].([]any)
		for _, l := range logs {
			if d := l.(map[string]any)["description"].(string); strings.HasPrefix(d, "Credit returned") {
				t.Errorf("the venue's history shows %q", d)
			}
		}
	})
}
