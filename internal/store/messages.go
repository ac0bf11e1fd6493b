package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"noces/internal/model"
)

// Conversations between a provider and a couple: the messages
// of a request, the couple's links, the saved replies. The rules are
// internal/conversation's.

// AddMessage stores one message, once.
func (s *Store) AddMessage(ctx context.Context, m model.Message) error {
	_, err := s.exec(ctx, `INSERT INTO messages (id, request_id, sender, body, created_at, read_at, outbox_id)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, m.ID, m.RequestID, m.Sender, m.Body, m.CreatedAt, m.ReadAt, m.OutboxID)
	if err != nil {
		return fmt.Errorf("store: add message: %w", err)
	}
	return nil
}

// ListMessages returns a request's messages, oldest first (index
// messages_request_order). The rows are scanned by hand: a conversation of 1,000
// messages opens in a few milliseconds, where reflection doubled it.
func (s *Store) ListMessages(ctx context.Context, requestID string) ([]model.Message, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT id, sender, body, created_at, read_at, outbox_id
		FROM messages WHERE request_id = $1 ORDER BY created_at, id`, requestID)
	if err != nil {
		return nil, fmt.Errorf("store: list messages: %w", err)
	}
	defer rows.Close()
	out := []model.Message{}
	for rows.Next() {
		m := model.Message{RequestID: requestID}
		if err := rows.Scan(&m.ID, &m.Sender, &m.Body, &m.CreatedAt, &m.ReadAt, &m.OutboxID); err != nil {
			return nil, fmt.Errorf("store: list messages: %w", err)
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: list messages: %w", err)
	}
	return out, nil
}

// MarkMessagesRead marks the unread messages sender wrote in a request as
// read at now, the other side having opened the conversation; it returns how
// many it marked.
func (s *Store) MarkMessagesRead(ctx context.Context, requestID, sender string, now time.Time) (int, error) {
	// Most openings find everything read already: a read of the unread
	// index answers them without a write.
	var unread int
	if err := s.q.GetContext(ctx, &unread, `SELECT COUNT(*) FROM messages WHERE request_id = $1 AND sender = $2 AND read_at IS NULL`,
		requestID, sender); err != nil {
		return 0, fmt.Errorf("store: unread messages: %w", err)
	}
	if unread == 0 {
		return 0, nil
	}
	res, err := s.exec(ctx, `UPDATE messages SET read_at = $3 WHERE request_id = $1 AND sender = $2 AND read_at IS NULL`,
		requestID, sender, now)
	if err != nil {
		return 0, fmt.Errorf("store: mark messages read: %w", err)
	}
	return int(affected(res)), nil
}

// RecordFirstAnswer notes the provider's first message of a request, and
// whether it came within the answer rate's 48 hours; later messages change
// nothing. It tells whether this was the first.
func (s *Store) RecordFirstAnswer(ctx context.Context, requestID string, now time.Time, inTime bool) (bool, error) {
	res, err := s.exec(ctx, `UPDATE event_requests SET first_answer_at = $2, answered_48h = $3
		WHERE id = $1 AND first_answer_at IS NULL`, requestID, now, inTime)
	if err != nil {
		return false, fmt.Errorf("store: first answer: %w", err)
	}
	return affected(res) == 1, nil
}

// ProjectRequestIDs lists the requests a project was sent as.
func (s *Store) ProjectRequestIDs(ctx context.Context, projectID string) ([]string, error) {
	var ids []string
	if err := s.q.SelectContext(ctx, &ids, `SELECT id FROM event_requests WHERE project_id = $1 ORDER BY id`, projectID); err != nil {
		return nil, fmt.Errorf("store: project requests: %w", err)
	}
	return ids, nil
}

// UnreadMessages counts the couples' messages no one has read over a
// provider's requests: the provider's requests by its index, then each one's
// unread messages by messages_unread.
func (s *Store) UnreadMessages(ctx context.Context, providerID string) (int, error) {
	var n int
	err := s.q.GetContext(ctx, &n, `SELECT COUNT(*) FROM event_requests r JOIN messages m
		ON m.request_id = r.id AND m.sender = 'couple' AND m.read_at IS NULL WHERE r.provider_id = $1`, providerID)
	if err != nil {
		return 0, fmt.Errorf("store: unread messages: %w", err)
	}
	return n, nil
}

// UnreadByRequest counts the couples' unread messages of each of the given
// requests (a page of the list); requests without any are absent.
func (s *Store) UnreadByRequest(ctx context.Context, requestIDs []string) (map[string]int, error) {
	out := map[string]int{}
	if len(requestIDs) == 0 {
		return out, nil
	}
	in, args := inList(requestIDs, 0)
	var rows []struct {
		RequestID string `db:"request_id"`
		N         int    `db:"n"`
	}
	err := s.q.SelectContext(ctx, &rows, `SELECT request_id, COUNT(*) AS n FROM messages
		WHERE request_id IN (`+in+`) AND sender = 'couple' AND read_at IS NULL GROUP BY request_id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: unread by request: %w", err)
	}
	for _, r := range rows {
		out[r.RequestID] = r.N
	}
	return out, nil
}

// ConversationToken is one of the couple's links to a conversation.
type ConversationToken struct {
	TokenHash string       `db:"token_hash"`
	RequestID string       `db:"request_id"`
	CreatedAt time.Time    `db:"created_at"`
	RevokedAt sql.NullTime `db:"revoked_at"`
}

// CreateConversationToken stores the hash of a new link to a request's
// conversation.
func (s *Store) CreateConversationToken(ctx context.Context, t ConversationToken) error {
	if _, err := s.exec(ctx, `INSERT INTO conversation_tokens (token_hash, request_id, created_at) VALUES ($1, $2, $3)`,
		t.TokenHash, t.RequestID, t.CreatedAt); err != nil {
		return fmt.Errorf("store: create conversation token: %w", err)
	}
	return nil
}

// GetConversationToken reads a link by its hash; an unknown one is
// ErrNotFound.
func (s *Store) GetConversationToken(ctx context.Context, hash string) (ConversationToken, error) {
	var t ConversationToken
	err := s.q.GetContext(ctx, &t, `SELECT token_hash, request_id, created_at, revoked_at FROM conversation_tokens WHERE token_hash = $1`, hash)
	if err != nil {
		return t, fmt.Errorf("store: get conversation token: %w", notFound(err))
	}
	return t, nil
}

// ConversationRequest is a request as its conversation needs it, read by id
// alone: the caller has proved its right to it (a link of its own).
type ConversationRequest struct {
	RequestRow
	// StoppedAt is when the couple ended the conversation.
	StoppedAt sql.NullTime `db:"conversation_stopped_at"`
}

// GetConversationRequest reads a request by id with its project and its
// conversation's state.
func (s *Store) GetConversationRequest(ctx context.Context, id string) (ConversationRequest, error) {
	var row ConversationRequest
	err := s.q.GetContext(ctx, &row, `SELECT `+requestColumns+`, r.conversation_stopped_at
		FROM event_requests r JOIN projects p ON p.id = r.project_id`+requestVenueJoin+` WHERE r.id = $1`, id)
	if err != nil {
		return row, fmt.Errorf("store: get conversation request: %w", notFound(err))
	}
	return row, nil
}

// StopConversation ends a request's conversation at now and revokes every
// link to it; false when it was already stopped.
func (s *Store) StopConversation(ctx context.Context, requestID string, now time.Time) (bool, error) {
	res, err := s.exec(ctx, `UPDATE event_requests SET conversation_stopped_at = $2 WHERE id = $1 AND conversation_stopped_at IS NULL`, requestID, now)
	if err != nil {
		return false, fmt.Errorf("store: stop conversation: %w", err)
	}
	if _, err := s.exec(ctx, `UPDATE conversation_tokens SET revoked_at = $2 WHERE request_id = $1 AND revoked_at IS NULL`, requestID, now); err != nil {
		return false, fmt.Errorf("store: revoke conversation tokens: %w", err)
	}
	return affected(res) == 1, nil
}

// SetProjectOutcome records how the couple closed its project; requestID
// names the booked provider's request (booked_provider), "" otherwise. A
// booking also dates, once, when each other request's couple first said it
// booked someone else (booked_elsewhere_at, read by the refund rules).
func (s *Store) SetProjectOutcome(ctx context.Context, projectID, outcome, requestID string, now time.Time) error {
	booked := sql.NullString{String: requestID, Valid: requestID != ""}
	if _, err := s.exec(ctx, `UPDATE projects SET outcome = $2, outcome_request_id = $3, outcome_at = $4 WHERE id = $1`,
		projectID, outcome, booked, now); err != nil {
		return fmt.Errorf("store: project outcome: %w", err)
	}
	if outcome != model.ProjectOutcomeBookedOther && outcome != model.ProjectOutcomeBookedProvider {
		return nil
	}
	// The first time the couple says it booked someone other than a
	// request's provider is kept: the refund's 24 hours count to it.
	if _, err := s.exec(ctx, `UPDATE event_requests SET booked_elsewhere_at = $2
		WHERE project_id = $1 AND booked_elsewhere_at IS NULL AND id <> $3`, projectID, now, requestID); err != nil {
		return fmt.Errorf("store: booked elsewhere: %w", err)
	}
	return nil
}

// ReplyTemplate is one of a provider's saved replies.
type ReplyTemplate struct {
	ID         string    `db:"id"`
	ProviderID string    `db:"provider_id"`
	Name       string    `db:"name"`
	Body       string    `db:"body"`
	CreatedAt  time.Time `db:"created_at"`
	UpdatedAt  time.Time `db:"updated_at"`
}

const replyTemplateColumns = `id, provider_id, name, body, created_at, updated_at`

// ListReplyTemplates returns a provider's saved replies, oldest first.
func (s *Store) ListReplyTemplates(ctx context.Context, providerID string) ([]ReplyTemplate, error) {
	out := []ReplyTemplate{}
	err := s.q.SelectContext(ctx, &out, `SELECT `+replyTemplateColumns+` FROM reply_templates WHERE provider_id = $1
		ORDER BY created_at, id`, providerID)
	if err != nil {
		return nil, fmt.Errorf("store: list reply templates: %w", err)
	}
	return out, nil
}

// CreateReplyTemplate stores a saved reply when the provider has fewer than
// max; false when it has max already. The count and the insert are one
// statement, so two concurrent additions cannot both pass the limit on
// SQLite; on PostgreSQL the caller's transaction locks the user first.
func (s *Store) CreateReplyTemplate(ctx context.Context, t ReplyTemplate, max int) (bool, error) {
	res, err := s.exec(ctx, `INSERT INTO reply_templates (id, provider_id, name, body, created_at, updated_at)
		SELECT $1, $2, $3, $4, $5, $5 WHERE (SELECT COUNT(*) FROM reply_templates WHERE provider_id = $2) < $6`,
		t.ID, t.ProviderID, t.Name, t.Body, t.CreatedAt, max)
	if err != nil {
		return false, fmt.Errorf("store: create reply template: %w", err)
	}
	return affected(res) == 1, nil
}

// LockUser takes a row lock on a user for the rest of the transaction on
// PostgreSQL (SQLite's transactions are serialised already), so that checks
// of a count and inserts of one user happen one at a time.
func (s *Store) LockUser(ctx context.Context, userID string) error {
	if _, err := s.exec(ctx, `UPDATE users SET id = id WHERE id = $1`, userID); err != nil {
		return fmt.Errorf("store: lock user: %w", err)
	}
	return nil
}

// UpdateReplyTemplate changes one of the provider's saved replies; another
// provider's, like a missing one, is ErrNotFound.
func (s *Store) UpdateReplyTemplate(ctx context.Context, t ReplyTemplate) error {
	res, err := s.exec(ctx, `UPDATE reply_templates SET name = $3, body = $4, updated_at = $5 WHERE id = $1 AND provider_id = $2`,
		t.ID, t.ProviderID, t.Name, t.Body, t.UpdatedAt)
	if err != nil {
		return fmt.Errorf("store: update reply template: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: reply template %s: %w", t.ID, ErrNotFound)
	}
	return nil
}

// GetReplyTemplate reads one of the provider's saved replies.
func (s *Store) GetReplyTemplate(ctx context.Context, providerID, id string) (ReplyTemplate, error) {
	var t ReplyTemplate
	err := s.q.GetContext(ctx, &t, `SELECT `+replyTemplateColumns+` FROM reply_templates WHERE id = $1 AND provider_id = $2`, id, providerID)
	if err != nil {
		return t, fmt.Errorf("store: get reply template: %w", notFound(err))
	}
	return t, nil
}

// DeleteReplyTemplate deletes one of the provider's saved replies; another
// provider's is ErrNotFound.
func (s *Store) DeleteReplyTemplate(ctx context.Context, providerID, id string) error {
	res, err := s.exec(ctx, `DELETE FROM reply_templates WHERE id = $1 AND provider_id = $2`, id, providerID)
	if err != nil {
		return fmt.Errorf("store: delete reply template: %w", err)
	}
	if affected(res) == 0 {
		return fmt.Errorf("store: reply template %s: %w", id, ErrNotFound)
	}
	return nil
}
