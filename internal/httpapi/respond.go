package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/getsentry/sentry-go"

	"noces/internal/apperr"
	"noces/internal/i18n"
	"noces/internal/site"
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
	case ok && e.Kind == apperr.Internal && store.IsUnavailable(err):
		e = apperr.Wrap(apperr.Unavailable, "errors.service_unavailable", err)
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
	if status == http.StatusServiceUnavailable {
		// Every request fails alike until the dependency is back: a
		// throttled warning says so without a line per request, and
		// Retry-After tells clients when to come back.
		s.outage.Warn(r.Context(), "request failed: service unavailable", "request_id", requestIDOf(r.Context()),
			"route", r.Pattern, "err", err.Error())
		w.Header().Set("Retry-After", strconv.Itoa(site.OutageRetryAfter))
	} else if status >= 500 {
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

// writeJSON writes v with status. Its headers are shared values, as in
// securityHeaders.
func writeJSON(w http.ResponseWriter, status int, v any) {
	h := w.Header()
	h[jsonContentType.key] = jsonContentType.value
	h[noStore.key] = noStore.value
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v) // nil is written as null, a valid "nothing" answer
}

// encodeJSON is v as writeJSON writes it.
func encodeJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// writeJSONBody writes body, encoded by encodeJSON, with writeJSON's headers.
func writeJSONBody(w http.ResponseWriter, status int, body []byte) {
	h := w.Header()
	h[jsonContentType.key] = jsonContentType.value
	h[noStore.key] = noStore.value
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

var (
	jsonContentType = sharedHeader("Content-Type", "application/json; charset=utf-8")
	noStore         = sharedHeader("Cache-Control", "no-store")
)

// decodeJSON reads a JSON body into dst: the content type must be JSON, the
// body at most 1 MiB, one value, no unknown field, every field of its type,
// every text valid UTF-8 (encoding/json would silently store U+FFFD instead).
func decodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
		return apperr.New(apperr.UnsupportedType, "errors.unsupported_media_type")
	}
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxJSONBody))
	if err != nil {
		return jsonError(err)
	}
	if field, bad := invalidUTF8Field(raw); bad {
		return &apperr.Error{Kind: apperr.Malformed, Code: "errors.malformed_json",
			Fields: map[string]string{field: "validation.invalid_utf8"}}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return jsonError(err)
	}
	if err := dec.Decode(&struct{}{}); !errors.Is(err, io.EOF) {
		return apperr.New(apperr.Malformed, "errors.malformed_json")
	}
	return nil
}

// invalidUTF8Field finds the first text of a JSON document that is not valid
// UTF-8 (raw bytes, or a \u escape of a lone surrogate) and names its field
// as the decoder would: the keys from the root, dot-separated, arrays
// skipped; "body" for a text at the root or a bad key there. Malformed JSON
// is not its business: the decoder reports it.
func invalidUTF8Field(raw []byte) (string, bool) {
	if utf8.Valid(raw) && !bytes.Contains(raw, []byte(`\u`)) {
		return "", false // the common case, in one pass
	}
	type frame struct {
		object  bool
		wantKey bool
		key     string
	}
	var stack []frame
	path := func() string {
		var keys []string
		for _, f := range stack {
			if f.object && f.key != "" {
				keys = append(keys, f.key)
			}
		}
		if len(keys) == 0 {
			return "body"
		}
		return strings.Join(keys, ".")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	prev := int64(0)
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", false
		}
		end := dec.InputOffset()
		span := raw[prev:end]
		prev = end
		top := len(stack) - 1
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				stack = append(stack, frame{object: true, wantKey: true})
			case '[':
				stack = append(stack, frame{})
			default:
				stack = stack[:top]
				if top > 0 && stack[top-1].object {
					stack[top-1].wantKey = true
				}
			}
			continue
		case string:
			if top >= 0 && stack[top].object && stack[top].wantKey {
				if badText(t, span) {
					stack[top].key = ""
					return path(), true
				}
				stack[top].key, stack[top].wantKey = t, false
				continue
			}
			if badText(t, span) {
				return path(), true
			}
		}
		if top >= 0 && stack[top].object {
			stack[top].wantKey = true
		}
	}
}

// badText reports whether a decoded JSON string came from bytes that are not
// valid UTF-8 or from an escaped lone surrogate: the decoder turns both into
// U+FFFD, so a U+FFFD the sender did not write itself means a bad text.
func badText(decoded string, span []byte) bool {
	if !utf8.Valid(span) {
		return true
	}
	if !strings.ContainsRune(decoded, utf8.RuneError) {
		return false
	}
	lower := bytes.ToLower(span) // hex digits of an escape are of either case
	sent := bytes.Count(lower, []byte(`\ufffd`)) + bytes.Count(span, []byte(string(utf8.RuneError)))
	return strings.Count(decoded, string(utf8.RuneError)) > sent
}

// jsonError turns a decoding failure into the error the user should see,
// naming the field when the decoder says which one.
func jsonError(err error) error {
	var typeErr *json.UnmarshalTypeError
	switch {
	case bodyTooLarge(err):
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
		if field == "" {
			field = "body" // {"": ...}: a field needs a name to be shown by
		}
		return &apperr.Error{Kind: apperr.Malformed, Code: "errors.malformed_json",
			Fields: map[string]string{field: "validation.unknown_field"}, Err: err}
	}
	return apperr.Wrap(apperr.Malformed, "errors.malformed_json", fmt.Errorf("decode: %w", err))
}

// bodyTooLarge reports whether err, from reading a body under
// http.MaxBytesReader or parsing it as a multipart form, means the body was
// too large: the reader's own error, or multipart's ErrMessageTooLarge (too
// many parts, or more text than a form keeps in memory). A chunked body has
// no Content-Length to refuse it by beforehand, so this is where it gets its
// 413 rather than a "malformed" 400 or 415.
func bodyTooLarge(err error) bool {
	var tooBig *http.MaxBytesError
	return errors.As(err, &tooBig) || errors.Is(err, multipart.ErrMessageTooLarge)
}

// invalidUTF8Form names the first text field (or file name) of a multipart
// form that is not valid UTF-8; stored as is, it would become U+FFFD.
func invalidUTF8Form(form *multipart.Form) (string, bool) {
	names := make([]string, 0, len(form.Value)+len(form.File))
	for name := range form.Value {
		names = append(names, name)
	}
	for name := range form.File {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		field := name
		if !utf8.ValidString(name) {
			field = "body"
		}
		for _, v := range form.Value[name] {
			if !utf8.ValidString(v) || field == "body" {
				return field, true
			}
		}
		for _, fh := range form.File[name] {
			if !utf8.ValidString(fh.Filename) || field == "body" {
				return field, true
			}
		}
	}
	return "", false
}
