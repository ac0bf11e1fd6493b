package media

import (
	"bytes"
	"context"
	"errors"
	"image"
	"strings"
	"time"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/imaging"
	"noces/internal/model"
	"noces/internal/platform/blob"
	"noces/internal/store"
	"noces/internal/validate"
)

// Image is a gallery photo as its owner sees it.
type Image struct {
	ID          string
	Title       string
	Description string
	URL         string
	ThumbURL    string
	Width       int
	Height      int
	ThumbWidth  int
	ThumbHeight int
	IsVisible   bool
	CreatedAt   time.Time
	// Views is the photo's view count, nil on a free plan.
	Views *int
}

// ImageList is the owner's gallery with what the add button needs.
type ImageList struct {
	Images         []Image
	ImageCount     int
	FreePlanQuota  int
	IsPremium      bool
	CanAddMore     bool
	MaxUploadBytes int
}

func (s *Service) toImage(im store.ImageWithViews, premium bool) Image {
	out := Image{ID: im.ID, Title: im.Title, Description: im.Description, URL: s.url(im.ImageKey), ThumbURL: s.url(im.ThumbKey),
		Width: im.Width, Height: im.Height, ThumbWidth: im.ThumbWidth, ThumbHeight: im.ThumbHeight,
		IsVisible: im.IsVisible, CreatedAt: im.CreatedAt}
	if premium {
		v := im.Views
		out.Views = &v
	}
	return out
}

// Images lists a provider's gallery.
func (s *Service) Images(ctx context.Context, userID string) (ImageList, error) {
	_, premium, err := s.owner(ctx, userID)
	if err != nil {
		return ImageList{}, err
	}
	rows, err := s.Store.ListImages(ctx, userID)
	if err != nil {
		return ImageList{}, err
	}
	out := ImageList{Images: make([]Image, 0, len(rows)), ImageCount: len(rows), FreePlanQuota: s.FreePhotoQuota,
		IsPremium: premium, CanAddMore: premium || len(rows) < s.FreePhotoQuota, MaxUploadBytes: PhotoMaxBytes}
	for _, r := range rows {
		out.Images = append(out.Images, s.toImage(r, premium))
	}
	return out, nil
}

// processed is an upload once checked and re-encoded.
type processed struct {
	large, thumb         []byte
	largeSize, thumbSize image.Point
}

// imageCodes are the error codes of one upload form.
type imageCodes struct {
	tooLarge, format, tooSmall string
}

var photoCodes = imageCodes{tooLarge: "photos.upload.error.too_large", format: "photos.upload.error.invalid_format",
	tooSmall: "photos.upload.error.too_small"}

// process checks an upload by its bytes and re-encodes it twice: the picture
// and its thumbnail. gifOK says whether GIF is accepted.
func process(ctx context.Context, data []byte, maxBytes int, gifOK bool, codes imageCodes) (processed, error) {
	if len(data) > maxBytes {
		return processed{}, apperr.New(apperr.TooLarge, codes.tooLarge)
	}
	switch imaging.Format(data) {
	case "png", "jpeg", "webp":
	case "gif":
		if !gifOK {
			return processed{}, apperr.New(apperr.UnsupportedType, codes.format)
		}
	default:
		return processed{}, apperr.New(apperr.UnsupportedType, codes.format)
	}
	// The thumbnail is made from the scaled pixels, under the same budget.
	r, err := imaging.ProcessAll(ctx, data, imaging.Options{MinWidth: MinSide, MinHeight: MinSide, MaxSide: MaxSide,
		Quality: JPEGQuality, ThumbSide: ThumbSide, ThumbQuality: 82})
	if e := imaging.Refusal(err, "image"); e != nil {
		return processed{}, e
	}
	switch {
	case errors.Is(err, imaging.ErrFormat):
		return processed{}, apperr.New(apperr.UnsupportedType, codes.format)
	case errors.Is(err, imaging.ErrTooSmall):
		return processed{}, &apperr.Error{Kind: apperr.Invalid, Code: codes.tooSmall, Fields: map[string]string{"image": codes.tooSmall}}
	case err != nil:
		return processed{}, err
	}
	large, size, thumb, tsize := r.Image, r.Size, r.Thumb, r.ThumbSize
	return processed{large: large, thumb: thumb, largeSize: size, thumbSize: tsize}, nil
}

// storeFiles puts both files under base (".jpg" and "-thumb.jpg" are
// appended) and returns what a row says of them; on failure nothing stays
// behind.
func (s *Service) storeFiles(ctx context.Context, base string, p processed) (model.ImageFile, error) {
	key, thumb := base+".jpg", base+"-thumb.jpg"
	if err := s.Blobs.Put(ctx, key, bytes.NewReader(p.large)); err != nil {
		return model.ImageFile{}, err
	}
	if err := s.Blobs.Put(ctx, thumb, bytes.NewReader(p.thumb)); err != nil {
		blob.RemoveOrphans(ctx, s.Log, s.Blobs, key)
		return model.ImageFile{}, err
	}
	return model.ImageFile{ImageKey: key, Width: p.largeSize.X, Height: p.largeSize.Y, ThumbKey: thumb,
		ThumbWidth: p.thumbSize.X, ThumbHeight: p.thumbSize.Y, ByteSize: len(p.large)}, nil
}

// CheckText trims a one-line or multi-line plain text taken from a form
// and adds to f, under field, the code of a character it may not hold
// (validate.Line, validate.Text): a line break in a one-line text, another
// control character or a bidirectional override in any. Line breaks of a
// multi-line text come back as "\n".
func CheckText(f apperr.Fields, field, s string, multiline bool) string {
	if !multiline {
		s = strings.TrimSpace(s)
		if code := validate.Line(s); code != "" {
			f.Add(field, code)
		}
		return s
	}
	t, code := validate.Text(s)
	if code != "" {
		f.Add(field, code)
		return strings.TrimSpace(s)
	}
	return strings.TrimSpace(t)
}

// CheckLength adds code to f when s is not between min and max characters
// (min 0: optional).
func CheckLength(f apperr.Fields, field, s string, min, max int, requiredCode, lengthCode string) {
	n := utf8.RuneCountInString(s)
	switch {
	case n == 0 && min > 0:
		f.Add(field, requiredCode)
	case n > 0 && (n < min || n > max):
		f.Add(field, lengthCode)
	}
}

// Photo title and description lengths.
const (
	titleMin, titleMax             = 3, 100
	descriptionMin, descriptionMax = 10, 1000
)

func photoText(title, description string) (string, string, error) {
	f := apperr.Fields{}
	title, description = CheckText(f, "title", title, false), CheckText(f, "description", description, true)
	CheckLength(f, "title", title, titleMin, titleMax, "photos.errors.title_required", "photos.errors.title_length")
	CheckLength(f, "description", description, descriptionMin, descriptionMax, "photos.errors.description_required", "photos.errors.description_length")
	return title, description, f.Err()
}

// UploadImage adds a photo to a provider's gallery, visible at once.
func (s *Service) UploadImage(ctx context.Context, userID string, data []byte, title, description string) (Image, error) {
	if len(data) > PhotoMaxBytes {
		return Image{}, apperr.New(apperr.TooLarge, photoCodes.tooLarge)
	}
	if len(data) == 0 {
		return Image{}, apperr.Validation(map[string]string{"image": "photos.upload.error.no_image"})
	}
	title, description, err := photoText(title, description)
	if err != nil {
		return Image{}, err
	}
	_, premium, err := s.owner(ctx, userID)
	if err != nil {
		return Image{}, err
	}
	// A first look at the quota spares decoding an image that cannot be kept.
	n, err := s.Store.CountImages(ctx, userID)
	if err != nil {
		return Image{}, err
	}
	if err := checkQuota(premium, n, s.FreePhotoQuota, "photos.upload.error.quota_reached"); err != nil {
		return Image{}, err
	}
	p, err := process(ctx, data, PhotoMaxBytes, true, photoCodes)
	if err != nil {
		return Image{}, err
	}
	now := s.Clock.Now()
	row := model.Image{ID: model.NewID(), OwnerID: userID, Title: title, Description: description, IsVisible: true,
		CreatedAt: now, UpdatedAt: now}
	if row.ImageFile, err = s.storeFiles(ctx, "images/"+userID+"/"+row.ID, p); err != nil {
		return Image{}, err
	}
	err = s.underQuota(ctx, userID, func(tx *store.Store) (int, error) { return tx.CountImages(ctx, userID) },
		s.FreePhotoQuota, "photos.upload.error.quota_reached", func(tx *store.Store) error {
			// New photos go last; the user lock held here keeps two uploads
			// from taking the same place.
			if row.Position, err = tx.NextImagePosition(ctx, userID); err != nil {
				return err
			}
			return tx.CreateImage(ctx, row)
		})
	if err != nil {
		blob.RemoveOrphans(ctx, s.Log, s.Blobs, row.ImageKey, row.ThumbKey)
		return Image{}, err
	}
	return s.toImage(store.ImageWithViews{Image: row}, premium), nil
}

// SetImageVisibility shows or hides a photo; nil toggles it. It returns the
// visibility in force.
func (s *Service) SetImageVisibility(ctx context.Context, userID, id string, visible *bool) (bool, error) {
	var out bool
	err := s.Store.InTx(ctx, func(tx *store.Store) error {
		im, err := tx.GetImage(ctx, userID, id)
		if err != nil {
			return notFound(err)
		}
		out = !im.IsVisible
		if visible != nil {
			out = *visible
		}
		return notFound(tx.SetImageVisible(ctx, userID, id, out, s.Clock.Now()))
	})
	return out, err
}

// UpdateImage sets a photo's title and description.
func (s *Service) UpdateImage(ctx context.Context, userID, id, title, description string) (Image, error) {
	title, description, err := photoText(title, description)
	if err != nil {
		return Image{}, err
	}
	if err := s.Store.UpdateImageText(ctx, userID, id, title, description, s.Clock.Now()); err != nil {
		return Image{}, notFound(err)
	}
	_, premium, err := s.owner(ctx, userID)
	if err != nil {
		return Image{}, err
	}
	im, err := s.Store.GetImage(ctx, userID, id)
	if err != nil {
		return Image{}, notFound(err)
	}
	return s.toImage(im, premium), nil
}

// ReorderGallery puts a provider's gallery photos in the given order, which
// the owner's list and the public page then follow. order must hold each of
// the owner's photos exactly once: an id that is not one of them is 404
// (another user's photo included), a list with one missing or repeated is
// refused whole and nothing moves.
func (s *Service) ReorderGallery(ctx context.Context, userID string, order []string) (ImageList, error) {
	err := s.Store.InTx(ctx, func(tx *store.Store) error {
		// Held so an upload cannot add a photo the list does not name.
		if err := tx.LockUserMedia(ctx, userID); err != nil {
			return err
		}
		have, err := tx.ListImageIDs(ctx, userID)
		if err != nil {
			return err
		}
		mine := make(map[string]bool, len(have))
		for _, id := range have {
			mine[id] = true
		}
		seen := make(map[string]bool, len(order))
		repeated := false
		for _, id := range order {
			if !mine[id] {
				return apperr.New(apperr.NotFound, "errors.not_found")
			}
			repeated = repeated || seen[id]
			seen[id] = true
		}
		if repeated || len(seen) != len(have) {
			return apperr.Validation(map[string]string{"imageIds": "photos.order.error.mismatch"})
		}
		now := s.Clock.Now()
		for i, id := range order {
			if err := tx.SetImagePosition(ctx, userID, id, i+1, now); err != nil {
				return notFound(err)
			}
		}
		return nil
	})
	if err != nil {
		return ImageList{}, err
	}
	return s.Images(ctx, userID)
}

// DeleteImage removes a photo and its files.
func (s *Service) DeleteImage(ctx context.Context, userID, id string) error {
	im, err := s.Store.GetImage(ctx, userID, id)
	if err != nil {
		return notFound(err)
	}
	// The files go with the row: listed in its transaction, removed once
	// it commits (or by the sweep, should that fail).
	files := []string{im.ImageKey, im.ThumbKey}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.DeleteImage(ctx, userID, id); err != nil {
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
