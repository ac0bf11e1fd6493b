package store

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"

	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
)

// JobDriver is the job queue's (River's) driver for this engine over db: both
// work on database/sql, so a job is inserted with the *sql.Tx of InTx.
func (s *Store) JobDriver(db *sql.DB) riverdriver.Driver[*sql.Tx] {
	if s.driver == "sqlite" {
		return riversqlite.New(db)
	}
	return riverdatabasesql.New(db)
}

// migrateJobs applies the job queue's own migrations (its river_* tables sit
// beside ours): every database this store opens can take a job.
func (s *Store) migrateJobs(ctx context.Context) error {
	m, err := rivermigrate.New(s.JobDriver(s.db.DB), &rivermigrate.Config{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		return fmt.Errorf("store: job queue migrations: %w", err)
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("store: job queue migrations: %w", err)
	}
	return nil
}
