package account

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/model"
)

// Revoked sessions end at once, not when their access token expires 15
// minutes later: a stolen or signed-out session must stop working. Every
// revocation of a
// refresh-token family (logout, password change or reset, refresh-token
// reuse, end of impersonation, e-mail change, account deletion) writes the
// family to a feed in the database, in the revoking transaction
// (store/tokens.go). Each server keeps the families revoked in the last
// AccessTTL in memory and checks every access token's session against them:
// a map lookup, no query. The copy is brought up to date from the feed by
// one indexed read of the rows after the last sequence seen, made by the
// first request that finds it older than SessionSyncInterval (requests
// arriving during that read answer from the copy, without waiting), and at
// once after a revocation made by this server, so the next request here is
// refused.
//
// When the feed cannot be read (database down), the server keeps serving
// from its copy for at most SessionMaxStale since the last successful read,
// then refuses signed-in requests with 503 until it can read again: a
// revocation another server committed just before an outage is missed for
// SessionMaxStale at most, and a server cut off from the database for longer
// stops trusting its copy rather than serve a revoked session.

// SessionSyncInterval is how stale a server's copy of the revocation feed
// may be before a request reads the feed again.
const SessionSyncInterval = 250 * time.Millisecond

// SessionMaxStale is how long a server keeps answering from its copy after
// the feed could not be read.
const SessionMaxStale = 5 * time.Second

// revocationSlack keeps a revoked family a little beyond AccessTTL: an
// access token issued by a refresh racing the revocation lives slightly
// longer than one issued just before it.
const revocationSlack = time.Minute

// revocationFeed is the database side of the feed.
type revocationFeed interface {
	SessionRevocationsAfter(ctx context.Context, seq int64) ([]model.SessionRevocation, error)
}

// revocations is one server's copy of the revocation feed, shared by every
// copy of the Service (withStore).
type revocations struct {
	feed  revocationFeed
	clock clock.Clock // when entries expire: the time tokens are checked against
	log   *slog.Logger
	// start anchors the monotonic times below (nanoseconds since start),
	// which schedule the reads whatever the service's clock says.
	start time.Time

	interval, maxStale atomic.Int64 // nanoseconds

	// syncMu lets one request read the feed at a time.
	syncMu      sync.Mutex
	lastAttempt atomic.Int64 // monotonic ns of the last read, -1 before the first
	lastSuccess atomic.Int64 // monotonic ns of the last good read, -1 before the first
	failing     atomic.Bool  // the last read failed
	lastErr     error        // under syncMu
	seq         int64        // under syncMu: the last sequence applied

	mu       sync.RWMutex
	families map[string]time.Time // revoked family -> when it may be forgotten
	nextDrop time.Time            // the earliest of those times
}

func newRevocations(feed revocationFeed, clk clock.Clock, log *slog.Logger) *revocations {
	r := &revocations{feed: feed, clock: clk, log: log, start: time.Now(), families: map[string]time.Time{}}
	r.interval.Store(int64(SessionSyncInterval))
	r.maxStale.Store(int64(SessionMaxStale))
	r.lastAttempt.Store(-1)
	r.lastSuccess.Store(-1)
	return r
}

// SetSessionSync changes how often this server reads the revocation feed
// (SessionSyncInterval) and how long it answers from its copy when the feed
// cannot be read (SessionMaxStale). For tests and tools; call before serving.
func (s *Service) SetSessionSync(interval, maxStale time.Duration) {
	s.sessions.interval.Store(int64(interval))
	s.sessions.maxStale.Store(int64(maxStale))
}

// mono is the monotonic time since start.
func (r *revocations) mono() int64 { return int64(time.Since(r.start)) }

// due reports whether the copy is older than the interval.
func (r *revocations) due(now int64) bool {
	last := r.lastAttempt.Load()
	return last < 0 || now-last >= r.interval.Load()
}

// isRevoked reports whether family was revoked. It reads the feed first when
// the copy is due, or when the last read failed and the copy has grown too
// stale to answer (a server recovering from an outage tries again at once),
// and fails with 503 while that is still so.
func (r *revocations) isRevoked(ctx context.Context, family string) (bool, error) {
	if r.due(r.mono()) || r.closed() {
		_ = r.sync(ctx, false)
	}
	if r.closed() {
		r.syncMu.Lock()
		err := r.lastErr
		r.syncMu.Unlock()
		return false, apperr.Wrap(apperr.Unavailable, "errors.service_unavailable",
			fmt.Errorf("account: revoked sessions unknown: %w", err))
	}
	r.mu.RLock()
	_, revoked := r.families[family]
	r.mu.RUnlock()
	return revoked, nil
}

// closed reports whether the feed could not be read for longer than
// maxStale: the copy may miss revocations and must not be trusted.
func (r *revocations) closed() bool {
	if !r.failing.Load() {
		return false
	}
	ok := r.lastSuccess.Load()
	return ok < 0 || r.mono()-ok > r.maxStale.Load()
}

// sync reads the feed's new rows. Without force it leaves the read to a
// request already making it (this one answers from the copy, at most one
// read's time staler than the interval: no request waits for another's
// read) and does nothing when the copy is fresh; with force it waits its
// turn and always reads, so a revocation committed before the call is in
// the copy when it returns.
func (r *revocations) sync(ctx context.Context, force bool) error {
	if force {
		r.syncMu.Lock()
	} else if !r.syncMu.TryLock() {
		return nil
	}
	defer r.syncMu.Unlock()
	now := r.mono()
	if !force && !r.due(now) && !r.closed() {
		return nil
	}
	r.lastAttempt.Store(now)
	// The read serves every request after it: one client going away must
	// not fail it for the others.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
	defer cancel()
	rows, err := r.feed.SessionRevocationsAfter(ctx, r.seq)
	if err != nil {
		r.lastErr = err
		r.failing.Store(true)
		return err
	}
	r.apply(rows)
	r.lastSuccess.Store(r.mono())
	r.failing.Store(false)
	r.lastErr = nil
	return nil
}

// apply adds rows to the copy and forgets the families whose tokens have
// all expired. Called under syncMu.
func (r *revocations) apply(rows []model.SessionRevocation) {
	now := r.clock.Now()
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, row := range rows {
		r.seq = max(r.seq, row.Seq)
		drop := row.RevokedAt.Add(AccessTTL + revocationSlack)
		if !drop.After(now) {
			continue
		}
		if old, ok := r.families[row.FamilyID]; !ok || drop.After(old) {
			r.families[row.FamilyID] = drop
		}
		if r.nextDrop.IsZero() || drop.Before(r.nextDrop) {
			r.nextDrop = drop
		}
	}
	if r.nextDrop.IsZero() || now.Before(r.nextDrop) {
		return
	}
	r.nextDrop = time.Time{}
	for f, drop := range r.families {
		if !drop.After(now) {
			delete(r.families, f)
		} else if r.nextDrop.IsZero() || drop.Before(r.nextDrop) {
			r.nextDrop = drop
		}
	}
}

// size is how many revoked families the copy holds.
func (r *revocations) size() int {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return len(r.families)
}

// revokedHere is called after this server committed a revocation: the copy
// reads it at once. A failure is logged, not returned: the revocation
// stands, and the next request reads the feed again (or meets the
// fail-closed bound). The feed's expired rows are deleted by the periodic
// clean-up job (package maintenance), with RevocationsKeptUntil.
func (r *revocations) revokedHere(ctx context.Context) {
	if err := r.sync(ctx, true); err != nil {
		r.log.ErrorContext(ctx, "read the revoked sessions", "err", err.Error())
	}
}

// RevocationsKeptUntil is the time before which revoked sessions can be
// forgotten: every access token they could have signed has expired.
func RevocationsKeptUntil(now time.Time) time.Time { return now.Add(-AccessTTL - revocationSlack) }
