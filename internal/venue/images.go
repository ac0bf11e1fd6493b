package venue

import (
	"context"
	"database/sql"
	"slices"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/media"
	"noces/internal/model"
	"noces/internal/platform/blob"
	"noces/internal/store"
)

func nullString(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

// imageNotFound is the 404 of a photo that is not one of the venue's.
func imageNotFound(err error) error {
	return apperr.Wrap(apperr.NotFound, "venue.errors.image_not_found", err)
}

// UploadImage adds one photo to one of the owner's venues, last; the
// venue's first photo becomes its key image. fields are the upload form's
// optional alt, title, description, caption, isKeyImage and isVisible.
func (s *Service) UploadImage(ctx context.Context, userID, venueID string, data []byte, fields map[string]string) (Image, error) {
	if _, err := s.Store.GetOwnedVenue(ctx, userID, venueID); err != nil {
		return Image{}, notFound(err)
	}
	if len(data) > MaxImageBytes {
		return Image{}, apperr.New(apperr.TooLarge, "venue.errors.image_too_large")
	}
	if len(data) == 0 {
		return Image{}, apperr.Validation(map[string]string{"file": "venue.errors.image_required"})
	}
	errs := apperr.Fields{}
	meta := readImageMeta(fields, "", errs)
	if err := errs.Err(); err != nil {
		return Image{}, err
	}
	// A first count spares decoding a photo that cannot be kept.
	n, err := s.Store.CountVenueImages(ctx, venueID)
	if err != nil {
		return Image{}, err
	}
	if n >= model.MaxVenueImages {
		return Image{}, imageLimit()
	}
	r, err := process(ctx, data)
	if err != nil {
		if e, ok := apperr.As(err); ok && e.Kind == apperr.Invalid && len(e.Fields) == 0 {
			e.Fields = map[string]string{"file": e.Code}
		}
		return Image{}, err
	}
	now := s.Clock.Now()
	im := model.Image{ID: model.NewID(), OwnerID: userID, VenueID: nullString(venueID), Title: meta.Title,
		Description: meta.Description, Alt: meta.Alt, Caption: meta.Caption, IsVisible: meta.IsVisible,
		IsKeyImage: meta.IsKeyImage, CreatedAt: now, UpdatedAt: now}
	if im.ImageFile, err = s.storeFiles(ctx, "venues/"+venueID+"/"+im.ID, r); err != nil {
		return Image{}, err
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		// The venue's lock makes two uploads count its photos in turn.
		if err := tx.LockOwnedVenue(ctx, userID, venueID); err != nil {
			return notFound(err)
		}
		current, err := tx.ListVenueImages(ctx, venueID)
		if err != nil {
			return err
		}
		if len(current) >= model.MaxVenueImages {
			return imageLimit()
		}
		hasKey := slices.ContainsFunc(current, func(x model.Image) bool { return x.IsKeyImage })
		switch {
		case im.IsKeyImage && hasKey:
			if err := tx.ClearVenueKeyImage(ctx, venueID, now); err != nil {
				return err
			}
		case !hasKey:
			im.IsKeyImage = true
		}
		for _, x := range current {
			im.Position = max(im.Position, x.Position+1)
		}
		return tx.CreateVenueImage(ctx, im)
	})
	if err != nil {
		blob.RemoveOrphans(ctx, s.Log, s.Blobs, im.ImageKey, im.ThumbKey)
		return Image{}, err
	}
	return s.toImage(im), nil
}

// ImageChange is the metadata call's body: nil fields are left as they are.
type ImageChange struct {
	Alt, Title, Description, Caption *string
	Position                         *int
	IsKeyImage, IsVisible            *bool
}

// UpdateImage changes a photo's metadata. isKeyImage true makes it the key
// image; false on the key image is refused, as a venue with photos always
// has one (another photo is made the key image instead). position moves it,
// the others shifting; a position past the end puts it last.
func (s *Service) UpdateImage(ctx context.Context, userID, venueID, imageID string, c ImageChange) (Image, error) {
	errs := apperr.Fields{}
	text := func(field string, p *string, max int, multiline bool) {
		if p == nil {
			return
		}
		*p = media.CheckText(errs, field, *p, multiline)
		if utf8.RuneCountInString(*p) > max {
			errs.Add(field, "venue.errors.image_text_too_long")
		}
	}
	text("alt", c.Alt, altMax, false)
	text("title", c.Title, imageTitleMax, false)
	text("description", c.Description, imageDescriptionMax, true)
	text("caption", c.Caption, captionMax, false)
	if c.Position != nil && *c.Position < 0 {
		errs.Add("position", "venue.errors.position_invalid")
	}
	if err := errs.Err(); err != nil {
		return Image{}, err
	}
	var out model.Image
	err := s.Store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.LockOwnedVenue(ctx, userID, venueID); err != nil {
			return notFound(err)
		}
		im, err := tx.GetVenueImage(ctx, userID, venueID, imageID)
		if err != nil {
			return imageNotFound(err)
		}
		now := s.Clock.Now()
		set := func(dst *string, p *string) {
			if p != nil {
				*dst = *p
			}
		}
		set(&im.Alt, c.Alt)
		set(&im.Title, c.Title)
		set(&im.Description, c.Description)
		set(&im.Caption, c.Caption)
		if c.IsVisible != nil {
			im.IsVisible = *c.IsVisible
		}
		if c.IsKeyImage != nil {
			switch {
			case !*c.IsKeyImage && im.IsKeyImage:
				return apperr.Validation(map[string]string{"isKeyImage": "venue.errors.key_image_required"})
			case *c.IsKeyImage && !im.IsKeyImage:
				if err := tx.ClearVenueKeyImage(ctx, venueID, now); err != nil {
					return err
				}
				im.IsKeyImage = true
			}
		}
		if c.Position != nil {
			all, err := tx.ListVenueImages(ctx, venueID)
			if err != nil {
				return err
			}
			ids := make([]string, 0, len(all))
			for _, x := range all {
				if x.ID != imageID {
					ids = append(ids, x.ID)
				}
			}
			p := min(*c.Position, len(ids))
			ids = slices.Insert(ids, p, imageID)
			if err := tx.SetVenueImagePositions(ctx, venueID, ids, now); err != nil {
				return err
			}
			im.Position = p
		}
		im.UpdatedAt = now
		if err := tx.UpdateVenueImage(ctx, im); err != nil {
			return imageNotFound(err)
		}
		out = im
		return nil
	})
	if err != nil {
		return Image{}, err
	}
	return s.toImage(out), nil
}

// DeleteImage removes a photo and its files; when it was the key image,
// the next photo becomes the key image.
func (s *Service) DeleteImage(ctx context.Context, userID, venueID, imageID string) error {
	var files []string
	err := s.Store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.LockOwnedVenue(ctx, userID, venueID); err != nil {
			return notFound(err)
		}
		im, err := tx.GetVenueImage(ctx, userID, venueID, imageID)
		if err != nil {
			return imageNotFound(err)
		}
		if err := tx.DeleteVenueImage(ctx, userID, venueID, imageID); err != nil {
			return imageNotFound(err)
		}
		files = []string{im.ImageKey, im.ThumbKey}
		if err := tx.QueueBlobDeletions(ctx, files, s.Clock.Now()); err != nil {
			return err
		}
		if !im.IsKeyImage {
			return nil
		}
		rest, err := tx.ListVenueImages(ctx, venueID)
		if err != nil || len(rest) == 0 {
			return err
		}
		next := rest[0]
		for _, x := range rest {
			if x.Position > im.Position {
				next = x
				break
			}
		}
		next.IsKeyImage, next.UpdatedAt = true, s.Clock.Now()
		return tx.UpdateVenueImage(ctx, next)
	})
	if err != nil {
		return err
	}
	blob.RemoveCommitted(ctx, s.Log, s.Store, s.Blobs, files...)
	return nil
}
