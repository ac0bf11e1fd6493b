package store

import (
	"context"
	"io/fs"

	"github.com/pressly/goose/v3"
)

// MigrateTo applies the migrations up to version, for tests of what a
// migration does to rows written before it.
func (s *Store) MigrateTo(ctx context.Context, version int64) error {
	dialect := goose.DialectSQLite3
	if s.driver == "postgres" {
		dialect = goose.DialectPostgres
	}
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return err
	}
	p, err := goose.NewProvider(dialect, s.db.DB, sub)
	if err != nil {
		return err
	}
	_, err = p.UpTo(ctx, version)
	return err
}
