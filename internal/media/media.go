// Package media holds the rules of a provider's public content: gallery
// photos, videos, portfolios, the portrait texts and social links, and the
// counting of photo and portfolio views.
//
// Choices the spec leaves open:
//   - Photos are checked by their bytes (PNG, JPEG, GIF, WebP), re-encoded as
//     JPEG (metadata gone) at most 1200 px on the longer side, and stored with
//     a 480 px thumbnail so public pages can serve responsive images.
//   - Portfolio photos follow DECISIONS.md: 5 MB, JPEG, PNG or WebP, at
//     least 360 px on each side like gallery photos, 50 per portfolio.
//   - Free plans: FreePhotoQuota photos (a setting, 10 by default), 1 video,
//     1 portfolio. Premium lifts them. A plan that ends keeps what was made:
//     nothing is hidden, only new additions are refused.
//   - Per-photo view counts and portfolio view totals are premium
//     statistics: free plans get null.
//   - Videos are referenced by host and id; public pages link to them and
//     embed only the privacy-enhanced players (youtube-nocookie, Vimeo dnt).
//   - Portrait and portfolio texts must be unique in the directory: a text of
//     at least 80 letters whose fingerprint is already used elsewhere
//     (another section, another provider) is refused as a copy.
package media

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/hosts"
	"noces/internal/model"
	"noces/internal/platform/blob"
	"noces/internal/store"
)

// Limits of the spec and of DECISIONS.md.
const (
	PhotoMaxBytes          = 10 << 20
	PortfolioImageMaxBytes = 5 << 20
	MinSide                = 360
	MaxSide                = 1200
	ThumbSide              = 480
	JPEGQuality            = 90

	DefaultFreePhotoQuota = 10
	FreeVideoQuota        = 1
	FreePortfolioQuota    = 1

	MaxPortfolioImages = 50
	// MaxFilesPerUpload bounds one multipart request of portfolio photos.
	MaxFilesPerUpload = 10
)

// Deps are what the service needs; app builds them.
type Deps struct {
	Store *store.Store
	Clock clock.Clock
	Blobs blob.Store
	Links hosts.PublicLinks
	Log   *slog.Logger
	// FreePhotoQuota is the number of gallery photos of a free plan.
	FreePhotoQuota int
	// ViewKey salts the daily visitor hashes of view counting.
	ViewKey []byte
}

// Service runs the media rules.
type Service struct {
	Deps
}

// NewService returns the media service.
func NewService(d Deps) (*Service, error) {
	if d.Store == nil || d.Blobs == nil || d.Links == nil {
		return nil, errors.New("media: store, blobs and links are required")
	}
	if len(d.ViewKey) == 0 {
		return nil, errors.New("media: a view key is required")
	}
	if d.Clock == nil {
		d.Clock = clock.System{}
	}
	if d.Log == nil {
		d.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if d.FreePhotoQuota <= 0 {
		d.FreePhotoQuota = DefaultFreePhotoQuota
	}
	return &Service{Deps: d}, nil
}

// owner loads the signed-in provider and whether premium is in force.
func (s *Service) owner(ctx context.Context, userID string) (model.User, bool, error) {
	u, err := s.Store.GetUser(ctx, userID)
	if errors.Is(err, store.ErrNotFound) {
		return u, false, apperr.Wrap(apperr.Unauthorized, "errors.unauthorized", err)
	}
	if err != nil {
		return u, false, err
	}
	return u, u.IsPremium(s.Clock.Now()), nil
}

// checkQuota refuses one more item when a free plan already has quota of them.
func checkQuota(premium bool, have, quota int, code string) error {
	if !premium && have >= quota {
		return apperr.New(apperr.Forbidden, code)
	}
	return nil
}

// underQuota runs add inside a transaction that holds the user's row, after
// counting again: racing requests cannot exceed a free plan's quota.
func (s *Service) underQuota(ctx context.Context, userID string, count func(tx *store.Store) (int, error), quota int, code string, add func(tx *store.Store) error) error {
	return s.Store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.LockUserMedia(ctx, userID); err != nil {
			return err
		}
		u, err := tx.GetUser(ctx, userID)
		if err != nil {
			return err
		}
		n, err := count(tx)
		if err != nil {
			return err
		}
		if err := checkQuota(u.IsPremium(s.Clock.Now()), n, quota, code); err != nil {
			return err
		}
		return add(tx)
	})
}

// notFound turns the store's ErrNotFound into the API's 404.
func notFound(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return apperr.Wrap(apperr.NotFound, "errors.not_found", err)
	}
	return err
}

// url is where a browser fetches a stored file.
func (s *Service) url(key string) string {
	if key == "" {
		return ""
	}
	return s.Blobs.URL(key)
}

// today is the UTC day of now, the unit of view counting.
func (s *Service) today() string { return s.Clock.Now().UTC().Format(time.DateOnly) }

// visitorHash is the daily key of a visitor: a keyed hash of address and
// browser that changes every day, so nothing stored identifies anybody and a
// visitor counts once per day (the same scheme as profile views).
func (s *Service) visitorHash(ip, userAgent, day string) string {
	m := hmac.New(sha256.New, s.ViewKey)
	fmt.Fprintf(m, "%s|%s|%s", day, ip, userAgent)
	return hex.EncodeToString(m.Sum(nil)[:16])
}
