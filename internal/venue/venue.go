// Package venue holds the rules of a venue owner's listings (part 2,
// venues): the form of a venue with its sets, photos and videos, the free
// plan's one venue, publication, and what the owner's list shows.
//
// Choices the spec leaves open (docs/venues.md tells them at length):
//   - A venue's slug is made from its name when it is created and never
//     changes: links to its public page keep working after a rename.
//   - Changing a venue keeps it published and keeps its validation: the
//     admin validated the place, not a wording.
//   - A venue with photos always has exactly one key image: the first photo
//     becomes it, deleting it passes it to the next photo, and it moves only
//     by making another photo the key image.
//   - A create or update is all or nothing: photos are stored as they are
//     read, and deleted again when anything of the request is refused.
package venue

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"runtime"
	"slices"
	"sync"
	"time"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/hosts"
	"noces/internal/imaging"
	"noces/internal/media"
	"noces/internal/model"
	"noces/internal/platform/blob"
	"noces/internal/store"
	"noces/internal/textkey"
)

// FreeVenueQuota is how many venues a free owner may have (part 2 section 6).
const FreeVenueQuota = 1

// maxReviews is how many of the owner's reviews a venue shows.
const maxReviews = 10

// Deps are what the service needs; app builds them.
type Deps struct {
	Store *store.Store
	Clock clock.Clock
	Blobs blob.Store
	Links hosts.PublicLinks
	Log   *slog.Logger
	// Workers is how many photos of one form are re-encoded at once; 0 is
	// two, or one on a single CPU. The imaging budget bounds the memory of
	// all uploads together whatever this is.
	Workers int
}

// Service runs the venue rules.
type Service struct {
	Deps
}

// NewService returns the venue service.
func NewService(d Deps) (*Service, error) {
	if d.Store == nil || d.Blobs == nil || d.Links == nil {
		return nil, errors.New("venue: store, blobs and links are required")
	}
	if d.Clock == nil {
		d.Clock = clock.System{}
	}
	if d.Log == nil {
		d.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if d.Workers <= 0 {
		d.Workers = min(2, runtime.GOMAXPROCS(0))
	}
	return &Service{Deps: d}, nil
}

// Venue is a venue as its owner sees it.
type Venue struct {
	model.Venue
	Sets    store.VenueSets
	Images  []Image
	Videos  []Video
	Reviews []model.Review
	// PublicURL is the public page, "" until the venue is published,
	// validated and its owner moderated.
	PublicURL string
}

// Image is a venue photo with its addresses.
type Image struct {
	model.Image
	URL, ThumbURL string
}

// Video is a venue video with its addresses.
type Video struct {
	model.Video
	Link string
	// ThumbURL is YouTube's still, "" for Vimeo (its stills need its API).
	ThumbURL string
}

// Card is one venue of the owner's list.
type Card struct {
	store.OwnedVenueCard
	KeyImageURL string // "" without photos
	PublicURL   string
}

// List is the owner's venues with what the add button needs.
type List struct {
	Cards      []Card
	IsPremium  bool
	CanAddMore bool
}

// notFound turns the store's ErrNotFound into the venue's 404.
func notFound(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return apperr.Wrap(apperr.NotFound, "venue.detail.not_found", err)
	}
	return err
}

// owner loads the signed-in owner.
func (s *Service) owner(ctx context.Context, userID string) (model.User, error) {
	u, err := s.Store.GetUser(ctx, userID)
	if errors.Is(err, store.ErrNotFound) {
		return u, apperr.Wrap(apperr.Unauthorized, "errors.unauthorized", err)
	}
	return u, err
}

// publicURL is a venue's public page when it is public: published,
// validated, and its owner moderated and not deleted.
func (s *Service) publicURL(v model.Venue, owner model.User) string {
	if !v.IsPublished || !v.IsValidated || !owner.IsModerated || owner.DeletedAt.Valid {
		return ""
	}
	return s.Links.PublicURL(hosts.ListingDomain(v.CountryCode).Key, "/v/"+v.Slug)
}

func (s *Service) url(key string) string {
	if key == "" {
		return ""
	}
	return s.Blobs.URL(key)
}

// List returns the owner's venues, newest first.
func (s *Service) List(ctx context.Context, userID string) (List, error) {
	u, err := s.owner(ctx, userID)
	if err != nil {
		return List{}, err
	}
	since := s.Clock.Now().UTC().AddDate(0, 0, -29).Format(time.DateOnly)
	rows, err := s.Store.ListOwnedVenueCards(ctx, userID, since)
	if err != nil {
		return List{}, err
	}
	premium := u.IsPremium(s.Clock.Now())
	out := List{Cards: make([]Card, 0, len(rows)), IsPremium: premium, CanAddMore: premium || len(rows) < FreeVenueQuota}
	for _, r := range rows {
		out.Cards = append(out.Cards, Card{OwnedVenueCard: r, KeyImageURL: s.url(r.KeyThumbKey), PublicURL: s.publicURL(r.Venue, u)})
	}
	return out, nil
}

// Get returns one of the owner's venues; another owner's is 404.
func (s *Service) Get(ctx context.Context, userID, id string) (Venue, error) {
	u, err := s.owner(ctx, userID)
	if err != nil {
		return Venue{}, err
	}
	v, err := s.Store.GetOwnedVenue(ctx, userID, id)
	if err != nil {
		return Venue{}, notFound(err)
	}
	out := Venue{Venue: v, PublicURL: s.publicURL(v, u)}
	if out.Sets, err = s.Store.GetVenueSets(ctx, id); err != nil {
		return Venue{}, err
	}
	images, err := s.Store.ListVenueImages(ctx, id)
	if err != nil {
		return Venue{}, err
	}
	for _, im := range images {
		out.Images = append(out.Images, s.toImage(im))
	}
	videos, err := s.Store.ListVenueVideos(ctx, id)
	if err != nil {
		return Venue{}, err
	}
	for _, vd := range videos {
		out.Videos = append(out.Videos, toVideo(vd))
	}
	if out.Reviews, _, _, err = s.Store.ListApprovedReviews(ctx, userID, maxReviews, 0); err != nil {
		return Venue{}, err
	}
	return out, nil
}

func (s *Service) toImage(im model.Image) Image {
	return Image{Image: im, URL: s.url(im.ImageKey), ThumbURL: s.url(im.ThumbKey)}
}

func toVideo(v model.Video) Video {
	out := Video{Video: v, Link: media.WatchURL(v.Host, v.ExternalID)}
	if v.Host == media.HostYouTube {
		out.ThumbURL = "https://i.ytimg.com/vi/" + v.ExternalID + "/hqdefault.jpg"
	}
	return out
}

// HasDescription reports whether a venue's detailed description is
// written (the owner's checklist): at least DetailedDescriptionFull
// characters.
func HasDescription(v model.Venue) bool {
	return utf8.RuneCountInString(v.DetailedDescription) >= DetailedDescriptionFull
}

// PrestationLabelKey is the text key of a prestation's label.
func PrestationLabelKey(slug string) string { return "venue.prestations." + slug }

// premiumRequired refuses a second venue to a free owner.
func premiumRequired() error { return apperr.New(apperr.Forbidden, "venue.errors.premium_required") }

// Create makes an unpublished, unvalidated venue from its form, photos
// included; nothing is kept when anything is refused. A free owner who has
// a venue is refused before the body is read, and again under the owner's
// lock, so concurrent creates leave one venue.
func (s *Service) Create(ctx context.Context, userID string, mr *multipart.Reader) (Venue, error) {
	u, err := s.owner(ctx, userID)
	if err != nil {
		return Venue{}, err
	}
	if !u.IsPremium(s.Clock.Now()) {
		n, err := s.Store.CountOwnedVenues(ctx, userID)
		if err != nil {
			return Venue{}, err
		}
		if n >= FreeVenueQuota {
			return Venue{}, premiumRequired()
		}
	}
	now := s.Clock.Now()
	d := draft{venue: model.Venue{ID: model.NewID(), OwnerID: userID, CreatedAt: now, UpdatedAt: now}}
	b := s.newBatch(ctx, d.venue.ID)
	form, err := ReadForm(mr, b.add)
	b.wait()
	if err != nil {
		b.discard()
		return Venue{}, err
	}
	errs := apperr.Fields{}
	applyForm(&d, form, true, errs)
	photos, err := b.photos(form, userID, d.venue.ID, errs)
	if err != nil || len(errs) > 0 {
		b.discard()
		if err != nil {
			return Venue{}, err
		}
		return Venue{}, errs.Err()
	}
	keyImage(photos, false)
	// Two owners naming venues alike at the same moment may pick the same
	// free slug; the unique index refuses the second, which tries again
	// with the venue's id in its slug.
	for attempt := 0; attempt < 3; attempt++ {
		err = s.createRows(ctx, userID, &d, photos, now, attempt > 0)
		if !errors.Is(err, store.ErrConflict) {
			break
		}
	}
	if err != nil {
		b.discard()
		return Venue{}, err
	}
	return s.Get(ctx, userID, d.venue.ID)
}

// createRows writes a new venue with its parts in one transaction, after
// checking the plan again under the owner's lock.
func (s *Service) createRows(ctx context.Context, userID string, d *draft, photos []model.Image, now time.Time, raced bool) error {
	return s.Store.InTx(ctx, func(tx *store.Store) error {
		// The owner's lock makes concurrent creates count one after the other.
		if err := tx.LockUserMedia(ctx, userID); err != nil {
			return err
		}
		owner, err := tx.GetUser(ctx, userID)
		if err != nil {
			return err
		}
		if !owner.IsPremium(now) {
			n, err := tx.CountOwnedVenues(ctx, userID)
			if err != nil {
				return err
			}
			if n >= FreeVenueQuota {
				return premiumRequired()
			}
		}
		d.venue.Slug = idSlug(d.venue.Name, d.venue.ID)
		if !raced {
			if d.venue.Slug, err = freeSlug(ctx, tx, d.venue.Name, d.venue.ID); err != nil {
				return err
			}
		}
		if err := tx.CreateVenue(ctx, d.venue); err != nil {
			return err
		}
		return s.writeParts(ctx, tx, d, photos, now)
	})
}

// writeParts writes a venue's sets, videos and new photos in tx.
func (s *Service) writeParts(ctx context.Context, tx *store.Store, d *draft, photos []model.Image, now time.Time) error {
	if d.setsGiven {
		if err := tx.SetVenueSets(ctx, d.venue.ID, d.sets, now); err != nil {
			return err
		}
	}
	if d.videoGiven {
		if err := tx.SetVenueVideos(ctx, d.venue.ID, d.videos, now); err != nil {
			return err
		}
	}
	for _, im := range photos {
		if err := tx.CreateVenueImage(ctx, im); err != nil {
			return err
		}
	}
	return nil
}

// slugBase is the slug a venue's name makes.
func slugBase(name string) string {
	if base := textkey.Slug(name); base != "" {
		return base
	}
	return "lieu"
}

// idSlug is a slug made unique by the random end of the venue's id.
func idSlug(name, id string) string { return slugBase(name) + "-" + id[len(id)-12:] }

// freeSlug makes a venue's slug from its name, numbered when taken; the
// unique index still guards two venues of the same name made at once.
func freeSlug(ctx context.Context, tx *store.Store, name, id string) (string, error) {
	base := slugBase(name)
	for i := 1; i <= 50; i++ {
		slug := base
		if i > 1 {
			slug = fmt.Sprintf("%s-%d", base, i)
		}
		taken, err := tx.VenueSlugTaken(ctx, slug)
		if err != nil {
			return "", err
		}
		if !taken {
			return slug, nil
		}
	}
	return idSlug(name, id), nil
}

// keyImage makes one photo of photos the key image: the first one flagged,
// else the first one when the venue has none (hasKey false).
func keyImage(photos []model.Image, hasKey bool) {
	flagged := slices.IndexFunc(photos, func(im model.Image) bool { return im.IsKeyImage })
	for i := range photos {
		photos[i].IsKeyImage = false
	}
	switch {
	case flagged >= 0:
		photos[flagged].IsKeyImage = true
	case !hasKey && len(photos) > 0:
		photos[0].IsKeyImage = true
	}
}

// Update changes one of the owner's venues with the fields its form sends,
// and adds the form's photos; nothing is kept when anything is refused.
func (s *Service) Update(ctx context.Context, userID, id string, mr *multipart.Reader) (Venue, error) {
	v, err := s.Store.GetOwnedVenue(ctx, userID, id)
	if err != nil {
		return Venue{}, notFound(err)
	}
	have, err := s.Store.ListVenueImages(ctx, id)
	if err != nil {
		return Venue{}, err
	}
	d := draft{venue: v}
	if d.sets, err = s.Store.GetVenueSets(ctx, id); err != nil {
		return Venue{}, err
	}
	if d.videos, err = s.Store.ListVenueVideos(ctx, id); err != nil {
		return Venue{}, err
	}
	b := s.newBatch(ctx, id)
	b.room = model.MaxVenueImages - len(have)
	form, err := ReadForm(mr, b.add)
	b.wait()
	if err != nil {
		b.discard()
		return Venue{}, err
	}
	errs := apperr.Fields{}
	applyForm(&d, form, false, errs)
	photos, err := b.photos(form, userID, id, errs)
	if err == nil && len(errs) == 0 && len(have)+len(photos) > model.MaxVenueImages {
		err = imageLimit()
	}
	if err != nil || len(errs) > 0 {
		b.discard()
		if err != nil {
			return Venue{}, err
		}
		return Venue{}, errs.Err()
	}
	now := s.Clock.Now()
	d.venue.UpdatedAt = now
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.LockOwnedVenue(ctx, userID, id); err != nil {
			return notFound(err)
		}
		current, err := tx.ListVenueImages(ctx, id)
		if err != nil {
			return err
		}
		if len(current)+len(photos) > model.MaxVenueImages {
			return imageLimit()
		}
		hasKey := slices.ContainsFunc(current, func(im model.Image) bool { return im.IsKeyImage })
		keyImage(photos, hasKey)
		if slices.ContainsFunc(photos, func(im model.Image) bool { return im.IsKeyImage }) && hasKey {
			if err := tx.ClearVenueKeyImage(ctx, id, now); err != nil {
				return err
			}
		}
		next := 0
		for _, im := range current {
			next = max(next, im.Position+1)
		}
		for i := range photos {
			photos[i].Position = next + i
		}
		if err := tx.UpdateOwnedVenue(ctx, d.venue); err != nil {
			return notFound(err)
		}
		return s.writeParts(ctx, tx, &d, photos, now)
	})
	if err != nil {
		b.discard()
		return Venue{}, err
	}
	return s.Get(ctx, userID, id)
}

func imageLimit() error {
	return &apperr.Error{Kind: apperr.Invalid, Code: "venue.errors.image_limit",
		Fields: map[string]string{"images": "venue.errors.image_limit"}}
}

// Publish publishes or unpublishes one of the owner's venues. Publishing
// needs the fields of steps 0 and 1, a prestation and a photo; what is
// missing is listed. Unpublishing is always allowed.
func (s *Service) Publish(ctx context.Context, userID, id string, published bool) (Venue, error) {
	err := s.Store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.LockOwnedVenue(ctx, userID, id); err != nil {
			return notFound(err)
		}
		if published {
			v, err := tx.GetOwnedVenue(ctx, userID, id)
			if err != nil {
				return notFound(err)
			}
			sets, err := tx.GetVenueSets(ctx, id)
			if err != nil {
				return err
			}
			n, err := tx.CountVenueImages(ctx, id)
			if err != nil {
				return err
			}
			if missing := missingForPublication(v, sets, n); len(missing) > 0 {
				return &apperr.Error{Kind: apperr.Invalid, Code: "venue.errors.publish_incomplete", Fields: missing}
			}
		}
		return notFound(tx.SetVenuePublished(ctx, userID, id, published, s.Clock.Now()))
	})
	if err != nil {
		return Venue{}, err
	}
	return s.Get(ctx, userID, id)
}

// Delete removes one of the owner's venues with its photos, videos and sets;
// the photos' files are listed for the sweep in the same transaction.
func (s *Service) Delete(ctx context.Context, userID, id string) error {
	var files []string
	err := s.Store.InTx(ctx, func(tx *store.Store) error {
		if _, err := tx.GetOwnedVenue(ctx, userID, id); err != nil {
			return notFound(err)
		}
		images, err := tx.ListVenueImages(ctx, id)
		if err != nil {
			return err
		}
		for _, im := range images {
			files = append(files, im.ImageKey, im.ThumbKey)
		}
		if err := tx.DeleteOwnedVenue(ctx, userID, id); err != nil {
			return notFound(err)
		}
		return tx.QueueBlobDeletions(ctx, files, s.Clock.Now())
	})
	if err != nil {
		return err
	}
	blob.RemoveCommitted(ctx, s.Log, s.Store, s.Blobs, files...)
	return nil
}

// storeFiles puts a processed photo's two files under base; on failure
// nothing stays behind.
func (s *Service) storeFiles(ctx context.Context, base string, r imaging.Result) (model.ImageFile, error) {
	key, thumb := base+".jpg", base+"-thumb.jpg"
	if err := s.Blobs.Put(ctx, key, bytes.NewReader(r.Image)); err != nil {
		return model.ImageFile{}, err
	}
	if err := s.Blobs.Put(ctx, thumb, bytes.NewReader(r.Thumb)); err != nil {
		blob.RemoveOrphans(ctx, s.Log, s.Blobs, key)
		return model.ImageFile{}, err
	}
	return model.ImageFile{ImageKey: key, Width: r.Size.X, Height: r.Size.Y, ThumbKey: thumb, ThumbWidth: r.ThumbSize.X,
		ThumbHeight: r.ThumbSize.Y, ByteSize: len(r.Image)}, nil
}

// process checks a photo by its bytes and re-encodes it with its thumbnail,
// as the gallery's photos are.
func process(ctx context.Context, data []byte) (imaging.Result, error) {
	if len(data) > MaxImageBytes {
		return imaging.Result{}, apperr.New(apperr.TooLarge, "venue.errors.image_too_large")
	}
	switch imaging.Format(data) {
	case "png", "jpeg", "webp":
	default:
		return imaging.Result{}, apperr.New(apperr.UnsupportedType, "venue.errors.image_format")
	}
	r, err := imaging.ProcessAll(ctx, data, imaging.Options{MinWidth: media.MinSide, MinHeight: media.MinSide,
		MaxSide: media.MaxSide, Quality: media.JPEGQuality, ThumbSide: media.ThumbSide, ThumbQuality: 82})
	if e := imaging.Refusal(err, "file"); e != nil {
		return imaging.Result{}, e
	}
	switch {
	case errors.Is(err, imaging.ErrFormat):
		return imaging.Result{}, apperr.New(apperr.UnsupportedType, "venue.errors.image_format")
	case errors.Is(err, imaging.ErrTooSmall):
		return imaging.Result{}, apperr.New(apperr.Invalid, "venue.errors.image_too_small")
	case err != nil:
		return imaging.Result{}, err
	}
	return r, nil
}

// batch re-encodes and stores the photos of one form while the form is
// read, Workers at a time, and deletes them all again when the request is
// refused.
type batch struct {
	s       *Service
	ctx     context.Context
	venueID string
	// room is how many photos the venue may still take: the ones over it
	// are not decoded (the request will be refused for them).
	room  int
	slots chan struct{}
	wg    sync.WaitGroup
	mu    sync.Mutex
	files map[int]model.ImageFile
	errs  map[int]error
	ids   map[int]string
}

func (s *Service) newBatch(ctx context.Context, venueID string) *batch {
	return &batch{s: s, ctx: ctx, venueID: venueID, room: model.MaxVenueImages, slots: make(chan struct{}, s.Workers),
		files: map[int]model.ImageFile{}, errs: map[int]error{}, ids: map[int]string{}}
}

// add starts on one photo of the form; it waits for a free worker, so the
// form is read no faster than its photos are processed.
func (b *batch) add(index int, data []byte, release func()) error {
	b.mu.Lock()
	over := len(b.ids) >= b.room
	id := model.NewID()
	b.ids[index] = id
	b.mu.Unlock()
	if over {
		release()
		return imageLimit()
	}
	select {
	case b.slots <- struct{}{}:
	case <-b.ctx.Done():
		release()
		return b.ctx.Err()
	}
	b.wg.Add(1)
	go func() {
		defer func() { release(); <-b.slots; b.wg.Done() }()
		r, err := process(b.ctx, data)
		var f model.ImageFile
		if err == nil {
			f, err = b.s.storeFiles(b.ctx, "venues/"+b.venueID+"/"+id, r)
		}
		b.mu.Lock()
		defer b.mu.Unlock()
		if err != nil {
			b.errs[index] = err
			return
		}
		b.files[index] = f
	}()
	return nil
}

// wait waits for every photo started.
func (b *batch) wait() { b.wg.Wait() }

// discard deletes the files of every photo stored.
func (b *batch) discard() {
	for _, f := range b.files {
		blob.RemoveOrphans(b.ctx, b.s.Log, b.s.Blobs, f.ImageKey, f.ThumbKey)
	}
}

// photos checks the photos' metadata and makes their rows, in the order
// of their indexes. A refused photo adds its field to errs; an error that
// is not the photo's (storage, a full decoding budget) is returned.
func (b *batch) photos(form Form, ownerID, venueID string, errs apperr.Fields) ([]model.Image, error) {
	now := b.s.Clock.Now()
	var out []model.Image
	for _, fi := range form.Images {
		prefix := imageKey(fi.Index, "")
		meta := readImageMeta(fi.Fields, prefix, errs)
		if !fi.HasFile {
			errs.Add(imageFileField(fi.Index), "venue.errors.image_required")
			continue
		}
		if err := b.errs[fi.Index]; err != nil {
			e, ok := apperr.As(err)
			if !ok || (e.Kind != apperr.Invalid && e.Kind != apperr.UnsupportedType && e.Kind != apperr.TooLarge) {
				return nil, err
			}
			errs.Add(imageFileField(fi.Index), e.Code)
			continue
		}
		out = append(out, model.Image{ID: b.ids[fi.Index], OwnerID: ownerID, VenueID: nullString(venueID), Title: meta.Title,
			Description: meta.Description, Alt: meta.Alt, Caption: meta.Caption, IsVisible: meta.IsVisible,
			IsKeyImage: meta.IsKeyImage, Position: len(out), ImageFile: b.files[fi.Index], CreatedAt: now, UpdatedAt: now})
	}
	return out, nil
}
