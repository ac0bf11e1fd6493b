package imaging

import (
	"errors"
	"strconv"

	"noces/internal/apperr"
)

// Refusal is the user's error for the refusals every upload form words the
// same way: dimensions too large (422 on field, with the image's size and
// what is accepted as message arguments) and a full decoding budget (503
// with Retry-After). It returns nil for any other error, which the caller
// maps itself.
func Refusal(err error, field string) *apperr.Error {
	var de *DimensionsError
	switch {
	case errors.As(err, &de) && de.MaxSide > 0:
		return &apperr.Error{Kind: apperr.Invalid, Code: "images.errors.side_too_long",
			Fields: map[string]string{field: "images.errors.side_too_long"}, Err: err,
			Args: []string{"width", strconv.Itoa(de.Width), "height", strconv.Itoa(de.Height), "max", strconv.Itoa(de.MaxSide)}}
	case errors.As(err, &de):
		return &apperr.Error{Kind: apperr.Invalid, Code: "images.errors.too_many_pixels",
			Fields: map[string]string{field: "images.errors.too_many_pixels"}, Err: err,
			Args: []string{"width", strconv.Itoa(de.Width), "height", strconv.Itoa(de.Height),
				"megapixels", megapixels(int64(de.Width) * int64(de.Height)), "max", megapixels(de.MaxPixels)}}
	case errors.Is(err, ErrBusy):
		return &apperr.Error{Kind: apperr.Unavailable, Code: "images.errors.busy", RetryAfter: BusyRetryAfter, Err: err}
	}
	return nil
}

// megapixels writes a pixel count in whole megapixels, rounded down (at
// least 1, so that "at most 0" is never written).
func megapixels(n int64) string {
	return strconv.FormatInt(max(1, n/1_000_000), 10)
}
