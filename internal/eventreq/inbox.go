package eventreq

import (
	"context"
	"database/sql"
	"errors"
	"slices"

	"noces/internal/apperr"
	"noces/internal/model"
	"noces/internal/store"
)

// The provider's inbox: its event requests listed, opened, unlocked and
// rejected. Couples sending them is in eventreq.go.

// Page sizes the list offers.
var PageSizes = []int{25, 50, 100}

// ListQuery pages and sorts a provider's requests.
type ListQuery struct {
	Page     int
	PageSize int
	Sort     store.RequestSort
	Desc     bool
}

// View is a request as its provider sees it: contact details only once
// unlocked by this provider (UnlockedAt), with how many providers unlocked
// its project out of the cap.
type View struct {
	store.RequestRow
	// Unlocked: unlocked by this provider, or premium with the request
	// neither rejected nor closed (opening it takes a place for free).
	Unlocked bool
	// UnlockCount is how many providers unlocked the project, of UnlockCap.
	UnlockCount int
	UnlockCap   int
	// Closed: the cap is reached by others; this provider cannot unlock it.
	Closed bool
}

func (s *Service) view(row store.RequestRow, premium bool, unlocks int) View {
	v := View{RequestRow: row, UnlockCount: unlocks, UnlockCap: s.unlockCap}
	v.Closed = !row.UnlockedAt.Valid && unlocks >= s.unlockCap
	v.Unlocked = row.UnlockedAt.Valid || (premium && !row.RejectedAt.Valid && !v.Closed)
	return v
}

// unlocksOf counts the unlocks of the rows' projects.
func (s *Service) unlocksOf(ctx context.Context, st *store.Store, rows ...store.RequestRow) (map[string]int, error) {
	ids := make([]string, 0, len(rows))
	for _, r := range rows {
		if !slices.Contains(ids, r.ProjectID) {
			ids = append(ids, r.ProjectID)
		}
	}
	return st.CountProjectUnlocks(ctx, ids)
}

// provider loads the provider and tells whether premium shows them every
// request unlocked now.
func (s *Service) provider(ctx context.Context, userID string) (model.User, bool, error) {
	u, err := s.store.GetUser(ctx, userID)
	if err != nil {
		return u, false, err
	}
	// Premium shows every request unlocked; not before moderation.
	return u, u.IsModerated && u.IsPremium(s.clock.Now()), nil
}

// List returns a page of the provider's requests, the total and the unseen count.
func (s *Service) List(ctx context.Context, userID string, q ListQuery) ([]View, int, int, error) {
	if !slices.Contains(PageSizes, q.PageSize) {
		q.PageSize = PageSizes[0]
	}
	if q.Page < 1 {
		q.Page = 1
	}
	if q.Sort != store.SortCreatedAt && q.Sort != store.SortEventDate {
		return nil, 0, 0, apperr.Validation(map[string]string{"sortField": "validation.choice_invalid"})
	}
	_, premium, err := s.provider(ctx, userID)
	if err != nil {
		return nil, 0, 0, err
	}
	rows, total, unseen, err := s.store.ListEventRequests(ctx, userID, q.Sort, q.Desc, q.PageSize, (q.Page-1)*q.PageSize)
	if err != nil {
		return nil, 0, 0, err
	}
	unlocks, err := s.unlocksOf(ctx, s.store, rows...)
	if err != nil {
		return nil, 0, 0, err
	}
	out := make([]View, len(rows))
	for i, r := range rows {
		out[i] = s.view(r, premium, unlocks[r.ProjectID])
	}
	return out, total, unseen, nil
}

// notFound is the answer for a request that is missing or someone else's.
func notFound(err error) error {
	return apperr.Wrap(apperr.NotFound, "event_request.errors.not_found", err)
}

// Get opens one request and marks it seen. A premium provider opening a
// request it has not unlocked takes one of its places, for free, while one
// is free (the cap counts premium access too); past the cap it is closed
// for it as for everyone.
func (s *Service) Get(ctx context.Context, userID, id string) (View, error) {
	_, premium, err := s.provider(ctx, userID)
	if err != nil {
		return View{}, err
	}
	row, err := request(ctx, s.store, userID, id)
	if err != nil {
		return View{}, err
	}
	if premium && !row.UnlockedAt.Valid && !row.RejectedAt.Valid {
		v, err := s.take(ctx, userID, id, true)
		if e, ok := apperr.As(err); ok && e.Code == capReached.Code {
			return s.reread(ctx, userID, id, premium)
		}
		return v, err
	}
	if !row.SeenAt.Valid {
		now := s.clock.Now()
		if err := s.store.MarkEventRequestSeen(ctx, id, now); err != nil {
			return View{}, err
		}
		row.SeenAt = sql.NullTime{Time: now, Valid: true}
	}
	return s.viewOne(ctx, row, premium)
}

// viewOne is one request as its provider sees it, with its project's unlocks.
func (s *Service) viewOne(ctx context.Context, row store.RequestRow, premium bool) (View, error) {
	unlocks, err := s.unlocksOf(ctx, s.store, row)
	if err != nil {
		return View{}, err
	}
	return s.view(row, premium, unlocks[row.ProjectID]), nil
}

// reread marks a request seen and reads it again with its project's unlocks.
func (s *Service) reread(ctx context.Context, userID, id string, premium bool) (View, error) {
	if err := s.store.MarkEventRequestSeen(ctx, id, s.clock.Now()); err != nil {
		return View{}, err
	}
	row, err := request(ctx, s.store, userID, id)
	if err != nil {
		return View{}, err
	}
	return s.viewOne(ctx, row, premium)
}

// request reads one of the provider's requests; another provider's is not
// found, as a missing one.
func request(ctx context.Context, st *store.Store, userID, id string) (store.RequestRow, error) {
	row, err := st.GetEventRequest(ctx, userID, id)
	if errors.Is(err, store.ErrNotFound) {
		return row, notFound(err)
	}
	return row, err
}

// UnlockRef is the ledger reference of an unlock: one credit per request,
// whatever the retries.
func UnlockRef(requestID string) string { return "unlock:" + requestID }

// capReached refuses an unlock past the cap: nothing changes, nothing is charged.
var capReached = apperr.New(apperr.Conflict, "event_request.errors.cap_reached")

// Unlock reveals a request's contact details to a moderated provider. A free
// provider pays one credit, once: unlocking an unlocked request is free, a rejected one cannot
// be unlocked, and without credits nothing changes. Premium providers pay
// nothing (their purchased credits are paused). At most UnlockCap providers
// unlock one project, premium ones included: past it the unlock is refused
// (cap_reached) and nothing is charged.
func (s *Service) Unlock(ctx context.Context, userID, id string) (View, error) {
	u, premium, err := s.provider(ctx, userID)
	if err != nil {
		return View{}, err
	}
	// Requests are disabled until moderation (DECISIONS.md): reading them
	// stays allowed (an unmoderated provider receives none), taking one up
	// does not.
	if !u.IsModerated {
		return View{}, apperr.New(apperr.Forbidden, "account.errors.not_moderated")
	}
	return s.take(ctx, userID, id, premium)
}

// take unlocks a request in one transaction that first takes the lock
// serialising the unlocks of its project, so the count it reads stays true
// until it commits: of any number of concurrent unlocks, exactly the cap
// go through, and only those are charged.
func (s *Service) take(ctx context.Context, userID, id string, premium bool) (View, error) {
	var v View
	err := s.store.InTx(ctx, func(tx *store.Store) error {
		now := s.clock.Now()
		projectID, confirmed, err := tx.LockProjectOfRequest(ctx, userID, id)
		if errors.Is(err, store.ErrNotFound) {
			return notFound(err)
		}
		if err != nil {
			return err
		}
		if !confirmed {
			// Requests are created at confirmation; one of an unconfirmed
			// project is nobody's to see, let alone to pay for.
			return notFound(store.ErrNotFound)
		}
		row, err := request(ctx, tx, userID, id)
		if err != nil {
			return err
		}
		unlocks, err := tx.CountProjectUnlocks(ctx, []string{projectID})
		if err != nil {
			return err
		}
		n := unlocks[projectID]
		switch {
		case row.RejectedAt.Valid:
			return apperr.New(apperr.Conflict, "event_request.errors.rejected")
		case row.UnlockedAt.Valid:
			v = s.view(row, premium, n) // already unlocked: free
			return nil
		case n >= s.unlockCap:
			return capReached
		}
		won, err := tx.UnlockEventRequest(ctx, userID, id, now)
		if err != nil {
			return err
		}
		if !won {
			// Only a concurrent reject can get here: the project's lock
			// serialises unlocks.
			return apperr.New(apperr.Conflict, "event_request.errors.rejected")
		}
		if row, err = request(ctx, tx, userID, id); err != nil {
			return err
		}
		v = s.view(row, premium, n+1)
		if premium {
			return nil
		}
		err = tx.AddCreditLog(ctx, model.CreditLog{ID: model.NewID(), UserID: userID, CreatedAt: now,
			Description: "credits.log.unlock", Withdrawn: 1, Ref: sql.NullString{String: UnlockRef(id), Valid: true}})
		if errors.Is(err, store.ErrInsufficientCredits) {
			return apperr.New(apperr.Conflict, "event_request.errors.no_credits")
		}
		return err
	})
	if err != nil {
		return View{}, err
	}
	return v, nil
}

// Reject refuses a request with one of the seven reasons and returns it as
// the refusal left it.
func (s *Service) Reject(ctx context.Context, userID, id, reason string) (View, error) {
	if !slices.Contains(RejectionReasons, reason) {
		return View{}, apperr.Validation(map[string]string{"reason": "event_request.errors.reason_required"})
	}
	_, premium, err := s.provider(ctx, userID)
	if err != nil {
		return View{}, err
	}
	var row store.RequestRow
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		won, err := tx.RejectEventRequest(ctx, userID, id, reason, s.clock.Now())
		if err != nil {
			return err
		}
		// The row as this transaction leaves it, read after the update.
		if row, err = request(ctx, tx, userID, id); err != nil {
			return err
		}
		if !won {
			return apperr.New(apperr.Conflict, "event_request.errors.already_rejected")
		}
		return nil
	})
	if err != nil {
		return View{}, err
	}
	return s.viewOne(ctx, row, premium)
}
