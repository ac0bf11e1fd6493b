package admin

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/validate"
)

// Bounds of an admin's credit adjustment.
const (
	CreditAdjustMax    = 1000
	CreditReasonMax    = 255
	UserQueryMaxLength = 100
)

// SearchUsers finds users by e-mail, names or company name, newest first.
func (s *Service) SearchUsers(ctx context.Context, q string, page int) (Page[store.AdminUser], error) {
	q = strings.TrimSpace(q)
	if utf8.RuneCountInString(q) > UserQueryMaxLength {
		return Page[store.AdminUser]{}, apperr.Validation(map[string]string{"q": "validation.query_too_long"})
	}
	users, total, err := s.store.SearchUsers(ctx, q, UsersPageSize, offset(page, UsersPageSize))
	if err != nil {
		return Page[store.AdminUser]{}, err
	}
	return Page[store.AdminUser]{Items: users, Total: total, Page: page, PageSize: UsersPageSize}, nil
}

// AdjustCredits adds (amount > 0) or takes (amount < 0) credits from a
// provider with a reason: one ledger row, the balance moved with it, and the
// audit row, all in one transaction. A withdrawal below zero is refused,
// whatever the concurrency. It returns the new balance.
func (s *Service) AdjustCredits(ctx context.Context, actorID, userID string, amount *int, reason string) (int, error) {
	reason = strings.TrimSpace(reason)
	f := apperr.Fields{}
	switch {
	case amount == nil:
		f.Add("amount", "validation.required")
	case *amount == 0 || *amount < -CreditAdjustMax || *amount > CreditAdjustMax:
		f.Add("amount", "admin.validation.amount_invalid")
	}
	switch n, code := utf8.RuneCountInString(reason), validate.Line(reason); {
	case code != "":
		f.Add("reason", code)
	case n == 0:
		f.Add("reason", "validation.required")
	case n > CreditReasonMax:
		f.Add("reason", "admin.validation.credit_reason_too_long")
	}
	if err := f.Err(); err != nil {
		return 0, err
	}
	u, err := s.provider(ctx, userID)
	if err != nil {
		return 0, err
	}
	entry := model.CreditLog{ID: model.NewID(), UserID: u.ID, CreatedAt: s.clock.Now(), Description: reason}
	if *amount > 0 {
		entry.Deposited = *amount
	} else {
		entry.Withdrawn = -*amount
	}
	var balance int
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		err := tx.AddCreditLog(ctx, entry)
		if errors.Is(err, store.ErrInsufficientCredits) {
			return &apperr.Error{Kind: apperr.Conflict, Code: "admin.errors.insufficient_credits",
				Fields: map[string]string{"amount": "admin.errors.insufficient_credits"}, Err: err}
		}
		if err != nil {
			return err
		}
		after, err := tx.GetUser(ctx, u.ID)
		if err != nil {
			return err
		}
		balance = after.Credits
		return s.audit(ctx, tx, actorID, ActionCredits, u.ID, map[string]any{"amount": *amount, "reason": reason, "balance": balance})
	})
	if err != nil {
		return 0, err
	}
	return balance, nil
}
