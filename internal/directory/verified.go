package directory

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/model"
	"noces/internal/ratelimit"
	"noces/internal/secret"
	"noces/internal/store"
	"noces/internal/validate"
)

// InvitationValidFor is how long an invitation's link works after it is sent.
const InvitationValidFor = 180 * 24 * time.Hour

// NewInvitationToken returns a fresh token for a couple's invitation to
// review, /reviews/verified/{token}, and the hash stored for it: a private
// link like a conversation's (package secret).
func NewInvitationToken() (token, hash string) { return secret.New() }

// ParseInvitationToken checks an invitation token from a URL and returns
// the hash it is stored under; ok is false for anything that is not a token.
func ParseInvitationToken(s string) (hash string, ok bool) { return secret.Parse(s) }

// Invitation returns the invitation of token, used or not; an unknown,
// malformed or expired token is not found.
func (s *Service) Invitation(ctx context.Context, token string) (store.ReviewInvitation, error) {
	hash, ok := ParseInvitationToken(token)
	if !ok {
		return store.ReviewInvitation{}, apperr.New(apperr.NotFound, "errors.not_found")
	}
	inv, err := s.store.GetReviewInvitationByHash(ctx, hash)
	if errors.Is(err, store.ErrNotFound) {
		return inv, apperr.Wrap(apperr.NotFound, "errors.not_found", err)
	}
	if err != nil {
		return inv, err
	}
	if s.clock.Now().After(inv.CreatedAt.Add(InvitationValidFor)) {
		return inv, apperr.New(apperr.NotFound, "errors.not_found")
	}
	return inv, nil
}

// SubmitVerifiedReview stores the review a couple writes through its
// invitation: a verified booking, once per request.
func (s *Service) SubmitVerifiedReview(ctx context.Context, token string, in ReviewInput) error {
	inv, err := s.Invitation(ctx, token)
	if err != nil {
		return err
	}
	if inv.UsedAt.Valid {
		return apperr.New(apperr.Conflict, "review.errors.invitation_used")
	}
	return s.submitReview(ctx, inv.ProviderID, in, &inv)
}

// MaxReplyRunes is the longest public reply to a review.
const MaxReplyRunes = 2000

// checkReply trims a reply and refuses an empty, too long or non-text one
// (control characters other than line breaks and tabs, bidirectional
// overrides: validate.Text).
func checkReply(reply string) (string, error) {
	reply, code := validate.Text(reply)
	reply = strings.TrimSpace(reply)
	if code != "" || reply == "" || utf8.RuneCountInString(reply) > MaxReplyRunes {
		return "", apperr.Validation(map[string]string{"reply": "review.errors.reply"})
	}
	return reply, nil
}

// replyRule bounds a provider's reply writes: ample for answering reviews
// one by one, not for a script rewriting them in a loop.
var replyRule = ratelimit.Rule{Max: 60, Window: time.Hour}

// SetReply writes the provider's public reply to one of its published
// reviews, replacing the one it had; another provider's review is not found.
func (s *Service) SetReply(ctx context.Context, providerID, reviewID, reply string) (model.Review, error) {
	reply, err := checkReply(reply)
	if err != nil {
		return model.Review{}, err
	}
	if err := s.limiter.Allow(ctx, "review-reply:"+providerID, replyRule); err != nil {
		return model.Review{}, err
	}
	return s.writeReply(ctx, providerID, reviewID, reply)
}

// DeleteReply removes the provider's reply to one of its reviews.
func (s *Service) DeleteReply(ctx context.Context, providerID, reviewID string) (model.Review, error) {
	return s.writeReply(ctx, providerID, reviewID, "")
}

func (s *Service) writeReply(ctx context.Context, providerID, reviewID, reply string) (model.Review, error) {
	ok, err := s.store.SetReviewReply(ctx, providerID, reviewID, reply, s.clock.Now())
	if err != nil {
		return model.Review{}, err
	}
	if !ok {
		return model.Review{}, apperr.New(apperr.NotFound, "errors.not_found")
	}
	return s.store.GetOwnReview(ctx, providerID, reviewID)
}
