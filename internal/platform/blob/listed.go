package blob

import (
	"context"
	"errors"
	"log/slog"
)

// Deletions is the durable list of files waiting for removal (the store's
// blob_deletions): a file is listed in the transaction that deletes what it
// belongs to, so that a rolled-back deletion keeps it and a committed one
// never leaves it behind.
type Deletions interface {
	ListBlobDeletions(ctx context.Context, limit int) ([]string, error)
	BlobDeleted(ctx context.Context, key string) error
}

// DeleteListed removes listed files now, after their deletion committed,
// and strikes each removed one from the list; one that fails stays listed
// for the periodic sweep. It runs even when ctx is cancelled: the request
// that deleted the rows may be gone, the files must go too.
func DeleteListed(ctx context.Context, list Deletions, s Store, keys ...string) error {
	ctx = context.WithoutCancel(ctx)
	var errs []error
	for _, k := range keys {
		if k == "" {
			continue
		}
		if err := s.Delete(ctx, k); err != nil && !errors.Is(err, ErrBadKey) {
			errs = append(errs, err)
			continue
		}
		if err := list.BlobDeleted(ctx, k); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Sweep removes every listed file, in batches; files that cannot be removed
// now stay listed for the next sweep.
func Sweep(ctx context.Context, list Deletions, s Store) error {
	const batch = 500
	var errs []error
	for {
		keys, err := list.ListBlobDeletions(ctx, batch)
		if err != nil {
			return err
		}
		before := len(errs)
		if err := DeleteListed(ctx, list, s, keys...); err != nil {
			errs = append(errs, err)
		}
		// A full batch that all failed would come back identical: stop.
		if len(keys) < batch || len(errs) > before {
			return errors.Join(errs...)
		}
	}
}

// RemoveCommitted is DeleteListed for callers past their commit, who cannot
// undo anything: a failure is logged, and the files stay listed for the sweep.
func RemoveCommitted(ctx context.Context, log *slog.Logger, list Deletions, s Store, keys ...string) {
	if err := DeleteListed(ctx, list, s, keys...); err != nil {
		log.WarnContext(ctx, "blob: delete files (the sweep will retry)", "err", err.Error())
	}
}

// RemoveOrphans removes files that no row ever referenced (a refused
// upload's, a lost sync's). Nothing lists them, so nothing retries: each
// failure is logged, never returned. It runs even when ctx is cancelled,
// since the request that made them may be gone.
func RemoveOrphans(ctx context.Context, log *slog.Logger, s Store, keys ...string) {
	ctx = context.WithoutCancel(ctx)
	for _, k := range keys {
		if k == "" {
			continue
		}
		if err := s.Delete(ctx, k); err != nil {
			log.WarnContext(ctx, "blob: delete file", "key", k, "err", err.Error())
		}
	}
}
