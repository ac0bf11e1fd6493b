package httpapi

import (
	"database/sql"
	"testing"
	"time"

	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/refund"
)

// A credit that came back, then was taken back when the couple said it
// booked the provider, and one taken back when it booked nobody after all:
// the credit history words each row in the reader's language, all seven.
func TestTheCreditHistoryWordsATakeBackInEveryLanguage(t *testing.T) {
	e := newEnv(t)
	ctx := t.Context()
	planner := e.users["planner"]
	id := e.sendRequests(planner.ID, 1)[0]
	rows := []model.CreditLog{
		{Description: "credits.log.welcome", Deposited: 1, Ref: sql.NullString{String: "welcome:" + planner.ID, Valid: true}},
		{Description: "credits.log.unlock", Withdrawn: 1, Ref: sql.NullString{String: "unlock:" + id, Valid: true}},
		{Description: "credits.log.refund_booked", Deposited: 1, Ref: sql.NullString{String: refund.Ref(id), Valid: true}},
		{Description: "credits.log.refund_taken_back_booked", Withdrawn: 1, Ref: sql.NullString{String: refund.MoveRef(id, 2), Valid: true}},
		{Description: "credits.log.refund_booked", Deposited: 1, Ref: sql.NullString{String: refund.MoveRef(id, 3), Valid: true}},
		{Description: "credits.log.refund_taken_back_open", Withdrawn: 1, Ref: sql.NullString{String: refund.MoveRef(id, 4), Valid: true}},
	}
	for i, l := range rows {
		l.ID, l.UserID, l.CreatedAt = model.NewID(), planner.ID, e.clock.Now().Add(-time.Duration(len(rows)-i)*time.Minute)
		if err := e.store.AddCreditLog(ctx, l); err != nil {
			t.Fatal(err)
		}
	}
	s := e.login("planner")
	texts := i18n.MustLoad()
	for _, lang := range []string{"de", "en", "es", "fr", "it", "nl", "pt"} {
		logs := e.do(req{method: "GET", path: "/api/credits/logs", token: s.Access, headers: map[string]string{"Accept-Language": lang}}).json(t)["logs"].([]any)
		if len(logs) != len(rows) {
			t.Fatalf("%s: %d rows", lang, len(logs))
		}
		// Newest first.
		for i, key := range []string{"credits.log.refund_taken_back_open", "credits.log.refund_booked", "credits.log.refund_taken_back_booked"} {
			item := logs[i].(map[string]any)
			want := texts.T(lang, key)
			if item["description"] != want || want == key {
				t.Errorf("%s row %d: %q, want %q", lang, i, item["description"], want)
			}
		}
		if w := logs[0].(map[string]any)["withdrawn"]; w != float64(1) {
			t.Errorf("%s: the take-back withdraws %v", lang, w)
		}
	}
}
