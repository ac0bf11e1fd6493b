package store

import (
	"context"
	"database/sql"
	"fmt"

	"noces/internal/model"
)

// CreateAuditEntry records an admin action.
func (s *Store) CreateAuditEntry(ctx context.Context, e model.AuditEntry) error {
	_, err := s.exec(ctx, `INSERT INTO audit_log (id, actor_id, action, target_id, details, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
		e.ID, e.ActorID, e.Action, e.TargetID, e.Details, e.CreatedAt)
	if err != nil {
		return fmt.Errorf("store: audit: %w", err)
	}
	return nil
}

// AuditRow is an audit entry with the e-mails of its actor and, when the
// target is a user, of its target.
type AuditRow struct {
	model.AuditEntry
	ActorEmail  sql.NullString `db:"actor_email"`
	TargetEmail sql.NullString `db:"target_email"`
}

// ListAuditLog returns the audit log newest first, with the total.
func (s *Store) ListAuditLog(ctx context.Context, limit, offset int) ([]AuditRow, int, error) {
	var total int
	if err := s.q.GetContext(ctx, &total, `SELECT COUNT(*) FROM audit_log`); err != nil {
		return nil, 0, fmt.Errorf("store: count audit: %w", err)
	}
	rows := []AuditRow{}
	err := s.q.SelectContext(ctx, &rows, `SELECT l.id, l.actor_id, l.action, l.target_id, l.details, l.created_at,
		a.email AS actor_email, t.email AS target_email
		FROM audit_log l LEFT JOIN users a ON a.id = l.actor_id LEFT JOIN users t ON t.id = l.target_id
		ORDER BY l.created_at DESC, l.id DESC LIMIT $1 OFFSET $2`, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("store: list audit: %w", err)
	}
	return rows, total, nil
}
