package demo

import (
	"database/sql"
	"testing"
	"time"

	"noces/internal/model"
	"noces/internal/refund"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// The demo's refunded request is what the refund job leaves: the request
// marked, the unlock and its refund in the ledger, the balance whole; and
// the facts it rests on make the rule hold, so the demo shows a true case.
func TestTheDemoRefundIsWhatTheRefundJobLeaves(t *testing.T) {
	s := storetest.New(t)
	ctx := t.Context()
	now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	u := model.User{ID: model.NewID(), Email: "p@example.com", PasswordHash: "x", Role: model.RolePlanner, Firstname: "P",
		Lastname: "Q", Locale: "fr", Domain: "fr", IsModerated: true, PremiumStatus: model.PremiumNone, CreatedAt: now, UpdatedAt: now}
	storetest.Must(t, s.CreateUser(ctx, u))
	storetest.Must(t, s.AddCreditLog(ctx, model.CreditLog{ID: model.NewID(), UserID: u.ID, CreatedAt: now, Description: "credits.log.demo",
		Deposited: 3, Ref: sql.NullString{String: "demo", Valid: true}}))
	storetest.Must(t, seedRefund(ctx, s, u.ID, now))

	rows, total, _, err := s.ListEventRequests(ctx, u.ID, store.SortCreatedAt, true, 10, 0)
	if err != nil || total != 1 {
		t.Fatalf("%d requests, %v", total, err)
	}
	r := rows[0]
	if r.RefundReason.String != model.RefundUnopened || !r.RefundedAt.Valid || !r.UnlockedAt.Valid || r.RefundedAt.Time.After(now) {
		t.Errorf("the request: %+v", r.EventRequest)
	}
	logs, err := s.ListCreditLogs(ctx, u.ID)
	if err != nil || len(logs) != 3 || logs[1].Description != "credits.log.refund_unopened" || logs[1].Ref.String != refund.Ref(r.ID) {
		t.Errorf("the ledger: %+v, %v", logs, err)
	}
	if got, _ := s.GetUser(ctx, u.ID); got.Credits != 3 {
		t.Errorf("balance %d, want 3", got.Credits)
	}
	facts, err := s.GetRefundFacts(ctx, r.ID, "unlock:"+r.ID)
	if err != nil {
		t.Fatal(err)
	}
	// The rule still holds, and the credit is back: a check moves nothing.
	if got := refund.Decide(facts, now); got != model.RefundUnopened || !facts.RefundedAt.Valid || facts.RefundMoves != 1 {
		t.Errorf("the refunded demo request: rules give %q, refunded %v, %d moves", got, facts.RefundedAt.Valid, facts.RefundMoves)
	}
	facts.RefundedAt = sql.NullTime{}
	if got := refund.Decide(facts, r.RefundedAt.Time); got != model.RefundUnopened {
		t.Errorf("before its refund the rules give %q, want unopened", got)
	}
}
