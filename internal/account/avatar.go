package account

import (
	"bytes"
	"context"
	"errors"

	"noces/internal/apperr"
	"noces/internal/imaging"
	"noces/internal/model"
	"noces/internal/platform/blob"
	"noces/internal/store"
)

// Profile picture limits of the spec.
const (
	AvatarMaxBytes = 10 << 20
	AvatarMinSide  = 360
	AvatarMaxSide  = 1200
)

// UploadAvatar checks an image by its bytes, re-encodes it (metadata gone,
// longer side at most 1200) and makes it the profile picture. It returns the
// picture's URL.
func (s *Service) UploadAvatar(ctx context.Context, c Claims, data []byte) (string, error) {
	if len(data) > AvatarMaxBytes {
		return "", apperr.New(apperr.TooLarge, "profile_image.errors.too_large")
	}
	// The account is read first: a deleted account's token decodes nothing.
	u, err := s.store.GetUser(ctx, c.UserID)
	if err != nil {
		return "", err
	}
	out, _, err := imaging.Process(ctx, data, imaging.Options{MinWidth: AvatarMinSide, MinHeight: AvatarMinSide, MaxSide: AvatarMaxSide, Quality: 90})
	if e := imaging.Refusal(err, "image"); e != nil {
		return "", e
	}
	switch {
	case errors.Is(err, imaging.ErrFormat):
		return "", apperr.New(apperr.UnsupportedType, "profile_image.errors.invalid_format")
	case errors.Is(err, imaging.ErrTooSmall):
		return "", apperr.Validation(map[string]string{"image": "profile_image.errors.too_small"})
	case err != nil:
		return "", err
	}
	// A new key each time: the URL changes, so no cache shows the old picture.
	key := "avatars/" + u.ID + "/" + model.NewID() + ".jpg"
	if err := s.blobs.Put(ctx, key, bytes.NewReader(out)); err != nil {
		return "", err
	}
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.UpdateUserAvatar(ctx, u.ID, key, s.clock.Now()); err != nil {
			return err
		}
		return tx.QueueBlobDeletions(ctx, []string{u.AvatarKey}, s.clock.Now())
	})
	if err != nil {
		_ = s.blobs.Delete(ctx, key) // never referenced
		return "", err
	}
	blob.RemoveCommitted(ctx, s.log, s.store, s.blobs, u.AvatarKey)
	return s.blobs.URL(key), nil
}

// DeleteAvatar removes the profile picture.
func (s *Service) DeleteAvatar(ctx context.Context, c Claims) error {
	u, err := s.store.GetUser(ctx, c.UserID)
	if err != nil {
		return err
	}
	if u.AvatarKey == "" {
		return nil
	}
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.UpdateUserAvatar(ctx, u.ID, "", s.clock.Now()); err != nil {
			return err
		}
		return tx.QueueBlobDeletions(ctx, []string{u.AvatarKey}, s.clock.Now())
	})
	if err != nil {
		return err
	}
	blob.RemoveCommitted(ctx, s.log, s.store, s.blobs, u.AvatarKey)
	return nil
}

// AvatarURL is the URL of a stored picture key, or "" for none.
func (s *Service) AvatarURL(key string) string {
	if key == "" {
		return ""
	}
	return s.blobs.URL(key)
}
