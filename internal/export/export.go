// Package export lets a provider leave with its data: a zip of
// everything it owns — requests with their projects and conversations,
// reviews, credit history, payments, company and profile texts (CSV and
// JSON), and its original photos — built by a background job into the media
// storage, announced by e-mail and on the account page, downloaded with the
// session or a short-lived signed link, and deleted after Keep.
//
// One export at a time per provider (a unique index on the pending row),
// and at most DailyLimit asked per day: a build reads the whole account.
package export

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/emails"
	"noces/internal/hosts"
	"noces/internal/i18n"
	"noces/internal/jobs"
	"noces/internal/model"
	"noces/internal/outbox"
	"noces/internal/platform/blob"
	"noces/internal/ratelimit"
	"noces/internal/store"
)

const (
	// Keep is how long a built zip stays downloadable.
	Keep = 7 * 24 * time.Hour
	// PendingFor is how long a pending export may wait before the sweep
	// gives up on it, so a lost job never blocks the next request.
	PendingFor = 24 * time.Hour
	// LinkFor is how long a signed download link works: long enough to
	// start a download, short enough that a leaked link is soon worthless.
	LinkFor = 15 * time.Minute
	// DailyLimit is how many exports a provider may ask for per day.
	DailyLimit = 3
	// SweepEvery is how often expired exports are deleted.
	SweepEvery = time.Hour
	// buildTimeout bounds one build: 500 photos from a bucket fit many
	// times over.
	buildTimeout = 20 * time.Minute
	sweepBatch   = 200
)

// Error codes, which are also the keys of their messages.
const (
	ErrInProgress = "export.errors.in_progress"
	ErrNotReady   = "export.errors.not_ready"
	ErrBadLink    = "export.errors.link_invalid"
)

// Prefix is where exports are kept in the media storage; the server never
// serves it under /media/.
const Prefix = "exports/"

// Deps are the service's collaborators.
type Deps struct {
	Store   *store.Store
	Clock   clock.Clock
	Queue   *jobs.Queue
	Outbox  *outbox.Outbox
	Emails  *emails.Renderer
	Texts   *i18n.Bundle
	Links   hosts.ProLinks
	Blobs   blob.Store
	Limiter *ratelimit.Limiter
	// Key signs the download links (derived from the token key).
	Key []byte
	Log *slog.Logger
	// TempDir is where zips are built before they go to the storage ("":
	// the system's).
	TempDir string
}

// Service runs the exports.
type Service struct{ d Deps }

// NewService wires the service.
func NewService(d Deps) (*Service, error) {
	if len(d.Key) < 16 {
		return nil, errors.New("export: the signing key is too short")
	}
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	return &Service{d: d}, nil
}

// Register adds the build and sweep workers to q and schedules the sweep.
func (s *Service) Register(q *jobs.Queue) {
	jobs.Register(q, &buildWorker{s: s})
	q.Schedule(jobs.Periodic{Kind: "data_export_sweep", Every: SweepEvery, Opts: jobs.OneAtATime(),
		Run: func(ctx context.Context) error {
			n, err := s.Sweep(ctx)
			if n > 0 {
				s.d.Log.InfoContext(ctx, "export: expired exports deleted", "count", n)
			}
			return err
		}})
}

// Status is what the account page shows of the newest export.
type Status struct {
	// State is "none", or the export's (pending, ready, failed).
	State       string
	RequestedAt time.Time
	ReadyAt     time.Time
	ExpiresAt   time.Time
	ByteSize    int64
	// DownloadPath is a signed link valid LinkFor, when ready.
	DownloadPath string
}

func bucket(userID string) string { return "export:" + userID }

// Request starts an export for userID: a pending row and its build job in
// one transaction. A second request while one is pending is a 409, more
// than DailyLimit a day a 429; neither changes anything.
func (s *Service) Request(ctx context.Context, userID string) (Status, error) {
	now := s.d.Clock.Now()
	if err := s.d.Limiter.Check(ctx, bucket(userID), ratelimit.Rule{Max: DailyLimit, Window: 24 * time.Hour}); err != nil {
		return Status{}, err
	}
	e := model.DataExport{ID: model.NewID(), UserID: userID, State: model.DataExportPending, CreatedAt: now,
		ExpiresAt: now.Add(PendingFor)}
	err := s.d.Store.InTx(ctx, func(tx *store.Store) error {
		ok, err := tx.CreateDataExport(ctx, e)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.New(apperr.Conflict, ErrInProgress)
		}
		if err := tx.CreateRateEvent(ctx, bucket(userID), now); err != nil {
			return err
		}
		return s.d.Queue.InsertTx(ctx, tx, BuildArgs{ExportID: e.ID}, nil)
	})
	if err != nil {
		return Status{}, err
	}
	return s.status(e), nil
}

// Get returns the status of userID's newest export.
func (s *Service) Get(ctx context.Context, userID string) (Status, error) {
	e, err := s.d.Store.GetLatestDataExport(ctx, userID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !e.ExpiresAt.After(s.d.Clock.Now())) {
		return Status{State: "none"}, nil
	}
	if err != nil {
		return Status{}, err
	}
	return s.status(e), nil
}

func (s *Service) status(e model.DataExport) Status {
	st := Status{State: e.State, RequestedAt: e.CreatedAt, ExpiresAt: e.ExpiresAt, ByteSize: e.ByteSize}
	if e.State == model.DataExportReady {
		st.ReadyAt = e.ReadyAt.Time
		st.DownloadPath = "/api/account/export/download?token=" + s.Sign(e.ID, s.d.Clock.Now().Add(LinkFor))
	}
	return st
}

// File is a ready zip to send.
type File struct {
	Body    io.ReadSeekCloser
	Info    blob.Info
	Name    string
	ModTime time.Time
}

// Open returns userID's newest ready export: 404 when there is none, 409
// while it is being prepared.
func (s *Service) Open(ctx context.Context, userID string) (File, error) {
	e, err := s.d.Store.GetLatestDataExport(ctx, userID)
	if errors.Is(err, store.ErrNotFound) {
		return File{}, apperr.New(apperr.NotFound, "errors.not_found")
	}
	if err != nil {
		return File{}, err
	}
	if e.State == model.DataExportPending {
		return File{}, apperr.New(apperr.Conflict, ErrNotReady)
	}
	return s.open(ctx, e)
}

// OpenSigned returns the export a signed link names, whoever follows it
// within LinkFor: the link is the credential, for a browser download that
// cannot carry the session's header.
func (s *Service) OpenSigned(ctx context.Context, token string) (File, error) {
	id, ok := s.Verify(token, s.d.Clock.Now())
	if !ok {
		return File{}, apperr.New(apperr.NotFound, ErrBadLink)
	}
	e, err := s.d.Store.GetDataExport(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return File{}, apperr.New(apperr.NotFound, ErrBadLink)
	}
	if err != nil {
		return File{}, err
	}
	return s.open(ctx, e)
}

func (s *Service) open(ctx context.Context, e model.DataExport) (File, error) {
	if e.State != model.DataExportReady || !e.ExpiresAt.After(s.d.Clock.Now()) {
		return File{}, apperr.New(apperr.NotFound, "errors.not_found")
	}
	// A closed account's zip is not served, even by a link signed before:
	// the sweep deletes it within the hour.
	if u, err := s.d.Store.GetUser(ctx, e.UserID); err != nil || u.DeletedAt.Valid {
		if err == nil || errors.Is(err, store.ErrNotFound) {
			return File{}, apperr.New(apperr.NotFound, "errors.not_found")
		}
		return File{}, err
	}
	r, info, err := s.d.Blobs.Open(ctx, e.BlobKey)
	if errors.Is(err, blob.ErrNotFound) {
		return File{}, apperr.New(apperr.NotFound, "errors.not_found")
	}
	if err != nil {
		return File{}, err
	}
	return File{Body: r, Info: info, Name: "noces-export-" + e.ReadyAt.Time.UTC().Format("2006-01-02") + ".zip",
		ModTime: e.ReadyAt.Time}, nil
}

// Sign returns the download token of export id valid until exp:
// "<id>.<unix exp>.<HMAC-SHA256, base64url>".
func (s *Service) Sign(id string, exp time.Time) string {
	payload := id + "." + strconv.FormatInt(exp.Unix(), 10)
	return payload + "." + s.mac(payload)
}

func (s *Service) mac(payload string) string {
	m := hmac.New(sha256.New, s.d.Key)
	m.Write([]byte("data-export\x00" + payload))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// maxToken bounds what Verify reads: an id, a time and a MAC fit in far less.
const maxToken = 200

// Verify returns the export id of a token that is intact and not expired
// at now.
func (s *Service) Verify(token string, now time.Time) (string, bool) {
	if len(token) > maxToken {
		return "", false
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 || parts[0] == "" {
		return "", false
	}
	exp, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil || exp <= 0 {
		return "", false
	}
	if !hmac.Equal([]byte(parts[2]), []byte(s.mac(parts[0]+"."+parts[1]))) {
		return "", false
	}
	if now.Unix() > exp {
		return "", false
	}
	return parts[0], true
}

// Build makes the zip of a pending export, stores it, marks it ready and
// queues the e-mail, the last two in one transaction. It is safe to run
// twice (a job rescued from a dead server): the run that does not win the
// conditional update deletes its own file and sends nothing.
func (s *Service) Build(ctx context.Context, id string) error {
	e, err := s.d.Store.GetDataExport(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if e.State != model.DataExportPending {
		return nil
	}
	u, err := s.d.Store.GetUser(ctx, e.UserID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && u.DeletedAt.Valid) {
		// The account closed meanwhile: nothing is left to give.
		return s.Fail(ctx, e.ID)
	}
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(s.d.TempDir, "noces-export-*.zip")
	if err != nil {
		return fmt.Errorf("export: temp file: %w", err)
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	now := s.d.Clock.Now()
	counts, err := Write(ctx, tmp, Source{Store: s.d.Store, Blobs: s.d.Blobs, Texts: s.d.Texts}, u, now)
	if err != nil {
		return err
	}
	size, err := tmp.Seek(0, io.SeekCurrent)
	if err != nil {
		return fmt.Errorf("export: temp file: %w", err)
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("export: temp file: %w", err)
	}
	// A random part keeps the key unguessable even where the bucket is
	// readable by URL; the server's own /media/ never serves exports/.
	key := Prefix + u.ID + "/" + e.ID + "-" + rand.Text() + ".zip"
	if err := s.d.Blobs.Put(ctx, key, tmp); err != nil {
		return err
	}
	won := false
	err = s.d.Store.InTx(ctx, func(tx *store.Store) error {
		ok, err := tx.MarkDataExportReady(ctx, e.ID, key, size, now, now.Add(Keep))
		if err != nil || !ok {
			return err
		}
		won = true
		m, err := s.d.Emails.Render(u.Locale, emails.KindDataExportReady, map[string]string{
			"firstname":  u.Firstname,
			"accountUrl": s.d.Links.ProURL(u.Domain, "/account#export"),
		})
		if err != nil {
			return fmt.Errorf("export: render e-mail: %w", err)
		}
		m.To = u.Email
		return s.d.Outbox.Email(ctx, tx, m)
	})
	if err != nil || !won {
		blob.RemoveOrphans(ctx, s.d.Log, s.d.Blobs, key)
		return err
	}
	s.d.Log.InfoContext(ctx, "export: ready", "export", e.ID, "bytes", size, "requests", counts.Rows["requests"], "photos", counts.Photos)
	// The previous exports are replaced by this one.
	_, err = s.sweep(ctx, u.ID, e.ID)
	return err
}

// Fail marks a pending export failed after its last attempt, so the account
// page says so and the provider may ask again.
func (s *Service) Fail(ctx context.Context, id string) error {
	return s.d.Store.MarkDataExportFailed(ctx, id)
}

// Sweep deletes every export whose time is over, row and file, and returns
// how many went.
func (s *Service) Sweep(ctx context.Context) (int, error) { return s.sweep(ctx, "", "") }

// sweep deletes the expired exports and, when userID is set, that user's
// exports other than keepID. Each row goes with its file listed for
// deletion in the same transaction, so a crash between the two leaves the
// file to the blob sweep rather than forgotten.
func (s *Service) sweep(ctx context.Context, userID, keepID string) (int, error) {
	n := 0
	for {
		list, err := s.d.Store.ListDataExportsToDelete(ctx, s.d.Clock.Now(), userID, keepID, sweepBatch)
		if err != nil {
			return n, err
		}
		for _, e := range list {
			err := s.d.Store.InTx(ctx, func(tx *store.Store) error {
				if e.BlobKey != "" {
					if err := tx.QueueBlobDeletions(ctx, []string{e.BlobKey}, s.d.Clock.Now()); err != nil {
						return err
					}
				}
				return tx.DeleteDataExport(ctx, e.ID)
			})
			if err != nil {
				return n, err
			}
			blob.RemoveCommitted(ctx, s.d.Log, s.d.Store, s.d.Blobs, e.BlobKey)
			n++
		}
		if len(list) < sweepBatch {
			return n, nil
		}
	}
}

// BuildArgs is the job that builds one export.
type BuildArgs struct {
	ExportID string `json:"export_id"`
}

// Kind names the job in the queue.
func (BuildArgs) Kind() string { return "data_export_build" }

// InsertOpts allows a few attempts: a build that keeps failing is marked
// failed rather than retried for a day.
func (BuildArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 3} }

type buildWorker struct {
	river.WorkerDefaults[BuildArgs]
	s *Service
}

func (w *buildWorker) Work(ctx context.Context, job *river.Job[BuildArgs]) error {
	err := w.s.Build(ctx, job.Args.ExportID)
	if err != nil && job.Attempt >= job.MaxAttempts {
		w.s.d.Log.ErrorContext(ctx, "export: build failed", "export", job.Args.ExportID, "err", err.Error())
		return errors.Join(err, w.s.Fail(ctx, job.Args.ExportID))
	}
	return err
}

// Timeout lets a large account be read and its photos copied.
func (w *buildWorker) Timeout(*river.Job[BuildArgs]) time.Duration { return buildTimeout }
