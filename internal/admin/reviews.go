package admin

import (
	"context"
	"errors"

	"noces/internal/apperr"
	"noces/internal/emails"
	"noces/internal/model"
	"noces/internal/store"
)

// Review is a review for moderation with its photo's URL.
type Review struct {
	store.AdminReview
	PhotoURL string
}

func (s *Service) review(r store.AdminReview) Review {
	out := Review{AdminReview: r}
	if r.PhotoKey != "" && s.blobs != nil {
		out.PhotoURL = s.blobs.URL(r.PhotoKey)
	}
	return out
}

// Reviews lists the reviews of a status (pending when empty).
func (s *Service) Reviews(ctx context.Context, status string, page int) (Page[Review], error) {
	if status == "" {
		status = model.ReviewPending
	}
	if status != model.ReviewPending && status != model.ReviewApproved && status != model.ReviewRejected {
		return Page[Review]{}, apperr.Validation(map[string]string{"status": "admin.validation.review_status_invalid"})
	}
	rs, total, err := s.store.ListReviewsByStatus(ctx, status, ReviewsPageSize, offset(page, ReviewsPageSize))
	if err != nil {
		return Page[Review]{}, err
	}
	out := Page[Review]{Items: make([]Review, 0, len(rs)), Total: total, Page: page, PageSize: ReviewsPageSize}
	for _, r := range rs {
		out.Items = append(out.Items, s.review(r))
	}
	return out, nil
}

// ApproveReview publishes a review and e-mails the provider.
func (s *Service) ApproveReview(ctx context.Context, actorID, id string) (Review, error) {
	return s.moderateReview(ctx, actorID, id, model.ReviewApproved)
}

// RejectReview keeps a review off the public profile.
func (s *Service) RejectReview(ctx context.Context, actorID, id string) (Review, error) {
	return s.moderateReview(ctx, actorID, id, model.ReviewRejected)
}

// reviewForModeration reads the review id as the admin screens show it; an
// unknown id is the admin's not-found.
func reviewForModeration(ctx context.Context, tx *store.Store, id string) (store.AdminReview, error) {
	r, err := tx.GetReviewForModeration(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return r, apperr.Wrap(apperr.NotFound, "admin.errors.review_not_found", err)
	}
	return r, err
}

// moderateReview moves a review to status once: deciding the same twice is
// a conflict; an admin may still reverse an earlier decision.
func (s *Service) moderateReview(ctx context.Context, actorID, id, status string) (Review, error) {
	var out store.AdminReview
	err := s.store.InTx(ctx, func(tx *store.Store) error {
		r, err := reviewForModeration(ctx, tx, id)
		if err != nil {
			return err
		}
		ok, err := tx.SetReviewStatus(ctx, id, status, s.clock.Now())
		if err != nil {
			return err
		}
		if !ok {
			if status == model.ReviewApproved {
				return apperr.New(apperr.Conflict, "admin.errors.review_already_approved")
			}
			return apperr.New(apperr.Conflict, "admin.errors.review_already_rejected")
		}
		action := ActionReviewOK
		if status == model.ReviewRejected {
			action = ActionReviewReject
		}
		if err := s.audit(ctx, tx, actorID, action, r.ID, map[string]any{"providerId": r.ProviderID, "from": r.Status}); err != nil {
			return err
		}
		if status == model.ReviewApproved {
			// The provider hears of a published review (a deleted account
			// has no one to tell).
			u, err := tx.GetUser(ctx, r.ProviderID)
			switch {
			case err == nil:
				if err := s.sendEmail(ctx, tx, u, emails.KindReviewReceived, map[string]string{"reviewsUrl": s.links.ProURL(u.Domain, "/reviews")}); err != nil {
					return err
				}
			case !errors.Is(err, store.ErrNotFound):
				return err
			}
		}
		out, err = tx.GetReviewForModeration(ctx, id)
		return err
	})
	if err != nil {
		return Review{}, err
	}
	return s.review(out), nil
}

// SetReplyHidden hides a provider's reply to a review that breaks the rules
// (it disappears from the public pages, the review stays), or shows it
// again. Doing what is already done is a conflict.
func (s *Service) SetReplyHidden(ctx context.Context, actorID, id string, hidden bool) (Review, error) {
	var out store.AdminReview
	err := s.store.InTx(ctx, func(tx *store.Store) error {
		r, err := reviewForModeration(ctx, tx, id)
		if err != nil {
			return err
		}
		ok, err := tx.SetReviewReplyHidden(ctx, id, hidden, s.clock.Now())
		if err != nil {
			return err
		}
		action := ActionReplyHide
		if !hidden {
			action = ActionReplyShow
		}
		if !ok {
			if hidden {
				return apperr.New(apperr.Conflict, "admin.errors.reply_not_hidable")
			}
			return apperr.New(apperr.Conflict, "admin.errors.reply_not_hidden")
		}
		if err := s.audit(ctx, tx, actorID, action, r.ID, map[string]any{"providerId": r.ProviderID}); err != nil {
			return err
		}
		out, err = tx.GetReviewForModeration(ctx, id)
		return err
	})
	if err != nil {
		return Review{}, err
	}
	return s.review(out), nil
}
