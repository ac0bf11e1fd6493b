package maintenance

import (
	"context"
	"time"

	"noces/internal/eventreq"
)

// ExpireProjectsEvery is how often the unconfirmed projects are looked for:
// a project is gone at most this long after its 48 hours.
const ExpireProjectsEvery = 10 * time.Minute

// expireProjects deletes the couples' projects never confirmed within
// eventreq.ConfirmTTL, with their languages and confirmations: nobody saw
// them, and an address that never confirmed is kept no longer than that.
func expireProjects(ctx context.Context, d Deps) error {
	n, err := d.Store.DeleteUnconfirmedProjectsBefore(ctx, d.Clock.Now().Add(-eventreq.ConfirmTTL))
	if err != nil {
		return err
	}
	if n > 0 {
		d.Log.InfoContext(ctx, "expire: unconfirmed projects deleted", "rows", n)
	}
	return nil
}
