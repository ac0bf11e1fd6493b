// Package apperr is the one error type that crosses layers: services return
// it, the HTTP edge turns it into a status and a JSON body in the user's
// language.
package apperr

import (
	"errors"
	"fmt"
)

// Kind classifies an error for the edges; each kind maps to one HTTP status.
type Kind int

// The kinds, in the order of their HTTP statuses.
const (
	Internal        Kind = iota // 500: a bug or an unexpected failure
	Malformed                   // 400: unreadable input
	Unauthorized                // 401: no or bad credentials
	Forbidden                   // 403: wrong role
	NotFound                    // 404: absent, or someone else's
	Conflict                    // 409: duplicate, already done
	TooLarge                    // 413
	UnsupportedType             // 415
	Invalid                     // 422: validation failed
	TooMany                     // 429: rate limited
	Unavailable                 // 503: a dependency is down
	NotAllowed                  // 405: the path exists with other methods
)

// Error is a failure a user can be told about: Code is a stable slug that is
// also the i18n key of its message, Fields maps input fields to their codes.
type Error struct {
	Kind   Kind
	Code   string
	Fields map[string]string
	// RetryAfter, in seconds, for TooMany and Unavailable.
	RetryAfter int
	// Args are name, value pairs put into the {name} placeholders of the
	// messages of Code and Fields (i18n.Bundle.T), e.g. an image's size.
	Args []string
	// Err is the cause, logged but never shown.
	Err error
}

func (e *Error) Error() string {
	s := e.Code
	if len(e.Fields) > 0 {
		s += fmt.Sprintf(" %v", e.Fields)
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }

// New returns an error of kind with code.
func New(kind Kind, code string) *Error { return &Error{Kind: kind, Code: code} }

// Wrap returns an error of kind with code and a hidden cause.
func Wrap(kind Kind, code string, err error) *Error {
	return &Error{Kind: kind, Code: code, Err: err}
}

// Validation returns a 422 error carrying per-field codes.
func Validation(fields map[string]string) *Error {
	return &Error{Kind: Invalid, Code: "errors.validation", Fields: fields}
}

// As returns the *Error in err's chain, if any.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// IsKind reports whether err carries an *Error of kind.
func IsKind(err error, kind Kind) bool {
	e, ok := As(err)
	return ok && e.Kind == kind
}

// Fields collects per-field codes while a service validates its input.
type Fields map[string]string

// Add records code for field unless the field already has one, so the first
// failing rule of a field is the one reported.
func (f Fields) Add(field, code string) {
	if _, ok := f[field]; !ok {
		f[field] = code
	}
}

// Err returns the validation error, or nil when no field failed.
func (f Fields) Err() error {
	if len(f) == 0 {
		return nil
	}
	return Validation(f)
}
