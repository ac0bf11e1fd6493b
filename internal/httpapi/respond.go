package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/getsentry/sentry-go"

	"noces/internal/apperr"
	"noces/internal/i18n"
	"noces/internal/store"
)

// maxJSONBody bounds every JSON request body.
const maxJSONBody = 1 << 20

// handlerFunc is an endpoint that returns its error instead of writing it, so
// one function (fail) writes every error body.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

// handle adapts a handlerFunc to http.Handler.
func (s *Server) handle(h handlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			s.fail(w, r, err)
		}
	})
}

// errorBody is the one shape of every API error.
type errorBody struct {
	Error   string            `json:"error"`
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields,omitempty"`
}

var kindStatus = map[apperr.Kind]int{
	apperr.Internal:        http.StatusInternalServerError,
	apperr.Malformed:       http.StatusBadRequest,
	apperr.Unauthorized:    http.StatusUnauthorized,
	apperr.Forbidden:       http.StatusForbidden,
	apperr.NotFound:        http.StatusNotFound,
	apperr.Conflict:        http.StatusConflict,
	apperr.TooLarge:        http.StatusRequestEntityTooLarge,
	apperr.UnsupportedType: http.StatusUnsupportedMediaType,
	apperr.Invalid:         http.StatusUnprocessableEntity,
	apperr.TooMany:         http.StatusTooManyRequests,
	apperr.Unavailable:     http.StatusServiceUnavailable,
	apperr.NotAllowed:      http.StatusMethodNotAllowed,
}

// fail writes err as a JSON error in the request's language. Errors that are
// not an *apperr.Error are bugs or outages: logged with the request id and
// reported, while the user gets a generic message.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	e, ok := apperr.As(err)
	switch {
	case ok:
	case errors.Is(err, context.Canceled) || r.Context().Err() != nil:
		// The client went away: nobody reads the answer, and the database
		// error its cancellation caused is no outage worth an ERROR line.
		return
	case store.IsUnavailable(err):
		e = apperr.Wrap(apperr.Unavailable, "errors.service_unavailable", err)
	default:
		e = apperr.Wrap(apperr.Internal, "errors.internal", err)
	}
	status := kindStatus[e.Kind]
	if status >= 500 {
		s.Log.ErrorContext(r.Context(), "request failed", "request_id", requestIDOf(r.Context()),
			"route", r.Pattern, "status", status, "err", err.Error())
		if status == http.StatusInternalServerError {
			if hub := sentry.GetHubFromContext(r.Context()); hub != nil {
				hub.CaptureException(err)
			}
		}
	}
	if (e.Kind == apperr.TooMany || e.Kind == apperr.Unavailable) && e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfter))
	}
	lang := i18n.LangFrom(r.Context())
	writeJSON(w, status, errorBody{Error: e.Code, Message: s.Texts.T(lang, e.Code, e.Args...), Fields: e.Fields})
}

// writeJSON writes v with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v) // nil is written as null, a valid "nothing" answer
}

// decodeJSON reads a JSON body into dst: the content type must be JSON, the
// body at most 1 MiB, one value, no unknown field, every field of its type.
func decodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
		return apperr.New(apperr.UnsupportedType, "errors.unsupported_media_type")
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxJSONBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return jsonError(err)
	}
	if err := dec.Decode(&struct{}{}); !errors.Is(err, io.EOF) {
		return apperr.New(apperr.Malformed, "errors.malformed_json")
	}
	return nil
}

// jsonError turns a decoding failure into the error the user should see,
// naming the field when the decoder says which one.
func jsonError(err error) error {
	var tooBig *http.MaxBytesError
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &tooBig):
		return apperr.Wrap(apperr.TooLarge, "errors.payload_too_large", err)
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			field = "body"
		}
		return &apperr.Error{Kind: apperr.Malformed, Code: "errors.malformed_json",
			Fields: map[string]string{field: "validation.invalid_type"}, Err: err}
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		// encoding/json has no typed error for unknown fields; this text is
		// its documented, stable form.
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return &apperr.Error{Kind: apperr.Malformed, Code: "errors.malformed_json",
			Fields: map[string]string{field: "validation.unknown_field"}, Err: err}
	}
	return apperr.Wrap(apperr.Malformed, "errors.malformed_json", fmt.Errorf("decode: %w", err))
}
