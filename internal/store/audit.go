package store

import (
	"context"
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

// ListAuditEntries returns the audit log newest first, with its total.
func (s *Store) ListAuditEntries(ctx context.Context, limit, offset int) ([]model.AuditEntry, int, error) {
	var total int
	if err := s.q.GetContext(ctx, &total, `SELECT COUNT(*) FROM audit_log`); err != nil {
		return nil, 0, fmt.Errorf("store: count audit: %w", err)
	}
	var es []model.AuditEntry
	err := s.q.SelectContext(ctx, &es, `SELECT id, actor_id, action, target_id, details, created_at FROM audit_log
		ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("store: list audit: %w", err)
	}
	return es, total, nil
}
