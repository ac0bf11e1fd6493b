package store

import "context"

// MigrateTo applies the migrations up to version, for tests of what a
// migration does to rows written before it.
func (s *Store) MigrateTo(ctx context.Context, version int64) error {
	p, err := s.migrations()
	if err != nil {
		return err
	}
	_, err = p.UpTo(ctx, version)
	return err
}

// SetDirectoryKeep changes directoryKeep for a test and returns the undo.
func SetDirectoryKeep(n int64) func() {
	old := directoryKeep
	directoryKeep = n
	return func() { directoryKeep = old }
}

// MeVersionTables is meVersionTables as table and user column pairs.
func MeVersionTables() [][2]string {
	out := make([][2]string, len(meVersionTables))
	for i, t := range meVersionTables {
		out[i] = [2]string{t.table, t.user}
	}
	return out
}

// MeQuery is GetMe's statement.
const MeQuery = meQuery
