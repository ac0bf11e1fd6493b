package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"noces/internal/model"
)

// RequestBooking is what the provider's "booked" control shows of one of
// its requests.
type RequestBooking struct {
	RequestID  string       `db:"id"`
	EventDate  string       `db:"event_date"`
	UnlockedAt sql.NullTime `db:"unlocked_at"`
	// BookedAt is the provider's own mark; CoupleBooked says the couple's
	// outcome names this request.
	BookedAt     sql.NullTime `db:"booked_at"`
	CoupleBooked bool         `db:"couple_booked"`
	// InvitedAt is when the couple's invitation to review was sent.
	InvitedAt sql.NullTime `db:"invited_at"`
}

// GetRequestBooking returns the booking state of one of the provider's
// requests; another provider's request is ErrNotFound.
func (s *Store) GetRequestBooking(ctx context.Context, providerID, requestID string) (RequestBooking, error) {
	var b RequestBooking
	err := s.q.GetContext(ctx, &b, `SELECT r.id, r.event_date, r.unlocked_at, r.booked_at,
		CASE WHEN p.outcome = 'booked_provider' AND p.outcome_request_id = r.id THEN TRUE ELSE FALSE END AS couple_booked,
		i.created_at AS invited_at
		FROM event_requests r JOIN projects p ON p.id = r.project_id
		LEFT JOIN review_invitations i ON i.request_id = r.id
		WHERE r.id = $1 AND r.provider_id = $2`, requestID, providerID)
	if err != nil {
		return b, fmt.Errorf("store: request booking: %w", notFound(err))
	}
	return b, nil
}

// MarkRequestBooked records the provider's "booked" mark on one of its
// unlocked requests; it reports false when nothing changed (already
// marked, locked, or not its own).
func (s *Store) MarkRequestBooked(ctx context.Context, providerID, requestID string, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE event_requests SET booked_at = $3
		WHERE id = $1 AND provider_id = $2 AND unlocked_at IS NOT NULL AND booked_at IS NULL`, requestID, providerID, now)
	if err != nil {
		return false, fmt.Errorf("store: mark booked: %w", err)
	}
	return affected(res) == 1, nil
}

// UnmarkRequestBooked takes the provider's mark back, unless the invitation
// it caused is already sent (one conditional UPDATE, so it cannot slip in
// between the sweep's insert and its e-mail); false when nothing changed.
func (s *Store) UnmarkRequestBooked(ctx context.Context, providerID, requestID string) (bool, error) {
	res, err := s.exec(ctx, `UPDATE event_requests SET booked_at = NULL
		WHERE id = $1 AND provider_id = $2 AND booked_at IS NOT NULL
		AND NOT EXISTS (SELECT 1 FROM review_invitations i WHERE i.request_id = $1)`, requestID, providerID)
	if err != nil {
		return false, fmt.Errorf("store: unmark booked: %w", err)
	}
	return affected(res) == 1, nil
}

// ListInvitationCandidates returns up to limit unlocked, booked requests
// (the provider's mark or the couple's outcome) whose event date is within
// [from, to] (YYYY-MM-DD) and whose couple has not been invited yet.
func (s *Store) ListInvitationCandidates(ctx context.Context, from, to string, limit int) ([]string, error) {
	ids := []string{}
	err := s.q.SelectContext(ctx, &ids, `SELECT id FROM (
		SELECT r.id FROM event_requests r
			WHERE r.booked_at IS NOT NULL AND r.event_date >= $1 AND r.event_date <= $2 AND r.unlocked_at IS NOT NULL
			AND NOT EXISTS (SELECT 1 FROM review_invitations i WHERE i.request_id = r.id)
		UNION
		SELECT r.id FROM projects p JOIN event_requests r ON r.id = p.outcome_request_id AND r.project_id = p.id
			WHERE p.outcome = 'booked_provider' AND p.event_date >= $1 AND p.event_date <= $2 AND r.unlocked_at IS NOT NULL
			AND NOT EXISTS (SELECT 1 FROM review_invitations i WHERE i.request_id = r.id)
		) c ORDER BY id LIMIT $3`, from, to, limit)
	if err != nil {
		return nil, fmt.Errorf("store: invitation candidates: %w", err)
	}
	return ids, nil
}

// CreateReviewInvitation records the invitation of a request's couple,
// only while the request is still booked and unlocked; false when it was
// invited already (by a concurrent run, say) or is no longer booked.
func (s *Store) CreateReviewInvitation(ctx context.Context, requestID, tokenHash string, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `INSERT INTO review_invitations (request_id, provider_id, token_hash, created_at)
		SELECT r.id, r.provider_id, $2, $3 FROM event_requests r JOIN projects p ON p.id = r.project_id
		WHERE r.id = $1 AND r.unlocked_at IS NOT NULL
		AND (r.booked_at IS NOT NULL OR (p.outcome = 'booked_provider' AND p.outcome_request_id = r.id))
		ON CONFLICT DO NOTHING`, requestID, tokenHash, now)
	if err != nil {
		return false, fmt.Errorf("store: create review invitation: %w", err)
	}
	return affected(res) == 1, nil
}

// ReviewInvitation is an invitation with what its e-mail and form show.
type ReviewInvitation struct {
	RequestID  string       `db:"request_id"`
	ProviderID string       `db:"provider_id"`
	CreatedAt  time.Time    `db:"created_at"`
	UsedAt     sql.NullTime `db:"used_at"`
	// The couple: its project's first name, e-mail, domain and event date.
	Firstname string `db:"firstname"`
	Email     string `db:"email"`
	Domain    string `db:"domain"`
	EventDate string `db:"event_date"`
	// ProviderName is the venue's name for a venue's request, else the
	// company's name.
	ProviderName string `db:"provider_name"`
}

const invitationSelect = `SELECT i.request_id, i.provider_id, i.created_at, i.used_at,
	p.firstname, p.email, p.domain, p.event_date,
	COALESCE(v.name, NULLIF(c.name, ''), TRIM(u.firstname || ' ' || u.lastname)) AS provider_name
	FROM review_invitations i JOIN event_requests r ON r.id = i.request_id JOIN projects p ON p.id = r.project_id
	JOIN users u ON u.id = i.provider_id LEFT JOIN companies c ON c.user_id = i.provider_id
	LEFT JOIN venues v ON v.id = r.venue_id`

// GetReviewInvitation returns the invitation of a request.
func (s *Store) GetReviewInvitation(ctx context.Context, requestID string) (ReviewInvitation, error) {
	var inv ReviewInvitation
	if err := s.q.GetContext(ctx, &inv, invitationSelect+` WHERE i.request_id = $1`, requestID); err != nil {
		return inv, fmt.Errorf("store: review invitation: %w", notFound(err))
	}
	return inv, nil
}

// GetReviewInvitationByHash returns the invitation whose link token hashes
// to tokenHash.
func (s *Store) GetReviewInvitationByHash(ctx context.Context, tokenHash string) (ReviewInvitation, error) {
	var inv ReviewInvitation
	if err := s.q.GetContext(ctx, &inv, invitationSelect+` WHERE i.token_hash = $1`, tokenHash); err != nil {
		return inv, fmt.Errorf("store: review invitation: %w", notFound(err))
	}
	return inv, nil
}

// UseReviewInvitation marks an invitation used; false when it already was
// (a second submission of the form).
func (s *Store) UseReviewInvitation(ctx context.Context, requestID string, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE review_invitations SET used_at = $2 WHERE request_id = $1 AND used_at IS NULL`, requestID, now)
	if err != nil {
		return false, fmt.Errorf("store: use review invitation: %w", err)
	}
	return affected(res) == 1, nil
}

// GetOwnReview returns one of the provider's approved reviews; a review of
// another provider, or one not published, is ErrNotFound.
func (s *Store) GetOwnReview(ctx context.Context, providerID, id string) (model.Review, error) {
	var r model.Review
	err := s.q.GetContext(ctx, &r, `SELECT `+reviewColumns+` FROM reviews WHERE id = $1 AND provider_id = $2 AND status = 'approved'`, id, providerID)
	if err != nil {
		return r, fmt.Errorf("store: own review: %w", notFound(err))
	}
	return r, nil
}

// SetReviewReply writes (reply non-empty) or deletes (empty) the provider's
// public reply to one of its approved reviews; false when there is no such
// review of its own. An admin's hiding stays: a rewritten reply is not
// republished without the admin.
func (s *Store) SetReviewReply(ctx context.Context, providerID, id, reply string, now time.Time) (bool, error) {
	at := sql.NullTime{Time: now, Valid: reply != ""}
	res, err := s.exec(ctx, `UPDATE reviews SET reply = $3, replied_at = $4 WHERE id = $1 AND provider_id = $2 AND status = 'approved'`,
		id, providerID, reply, at)
	if err != nil {
		return false, fmt.Errorf("store: review reply: %w", err)
	}
	return affected(res) == 1, nil
}

// SetReviewReplyHidden hides (or shows again) a review's reply; false when
// nothing changed (no reply, or already in that state).
func (s *Store) SetReviewReplyHidden(ctx context.Context, id string, hidden bool, now time.Time) (bool, error) {
	q := `UPDATE reviews SET reply_hidden_at = $2 WHERE id = $1 AND reply <> '' AND reply_hidden_at IS NULL`
	args := []any{id, now}
	if !hidden {
		q = `UPDATE reviews SET reply_hidden_at = NULL WHERE id = $1 AND reply_hidden_at IS NOT NULL`
		args = args[:1]
	}
	res, err := s.exec(ctx, q, args...)
	if err != nil {
		return false, fmt.Errorf("store: hide review reply: %w", err)
	}
	return affected(res) == 1, nil
}
