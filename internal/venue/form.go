package venue

import (
	"bytes"
	"errors"
	"io"
	"mime/multipart"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/model"
)

// Bounds of one venue form, so that reading it holds little memory whatever
// is sent: text fields are read whole only up to their limit, photos one at
// a time up to MaxImageBytes, and the number of parts is capped.
const (
	// MaxImageBytes is the largest venue photo accepted (part 2: 5 MB).
	MaxImageBytes = 5 << 20
	// MaxFormBytes bounds a whole create or update body: every photo a venue
	// may hold at its largest, and a megabyte for the rest.
	MaxFormBytes = model.MaxVenueImages*MaxImageBytes + 1<<20
	// maxTextBytes bounds one scalar field (the longest, the detailed
	// description, is 5000 characters of up to 4 bytes).
	maxTextBytes = 32 << 10
	// maxJSONBytes bounds one JSON-encoded field (features, prestations,
	// prestationDetails, contactPerson, videos).
	maxJSONBytes = 256 << 10
	// maxImageFieldBytes bounds one photo's text field (alt, caption...).
	maxImageFieldBytes = 8 << 10
	// maxParts bounds the parts of one form: every field once and seven
	// parts for each photo a venue may hold. A field sent twice is refused
	// already, so this only backs that rule up.
	maxParts = 32 + 7*model.MaxVenueImages
)

// scalarFields are the text fields of VenueForm; jsonFields its
// JSON-encoded ones.
var (
	scalarFields = []string{"name", "type", "email", "phone", "address", "zipcode", "city", "countryCode", "latitude",
		"longitude", "description", "detailedDescription", "seatedCapacity", "standingCapacity", "bedrooms", "minPrice",
		"maxPrice", "website", "snFacebook", "snInstagram"}
	jsonFields  = []string{"contactPerson", "features", "prestations", "prestationDetails", "videos"}
	imageFields = []string{"alt", "title", "description", "caption", "isKeyImage", "isVisible"}
)

// Form is a venue's multipart form as read: the fields sent (a field not
// sent is absent from Values, which an update reads as "unchanged") and the
// photos by their index.
type Form struct {
	Values map[string]string
	Images []FormImage // in the order of their indexes
}

// FormImage is one images[i][...] group of a form.
type FormImage struct {
	Index   int
	Fields  map[string]string // alt, title, description, caption, isKeyImage, isVisible
	HasFile bool
}

// Has reports whether the form sent field.
func (f Form) Has(field string) bool {
	_, ok := f.Values[field]
	return ok
}

// FileFunc receives each photo of a form as its part ends, with the photo's
// index. data is lent: release gives its buffer back once the photo is no
// longer used (a buffer not given back is only not reused). It returns an
// error to stop reading.
type FileFunc func(index int, data []byte, release func()) error

// filePool holds the buffers photos are read into, each of MaxImageBytes+1
// bytes: forms reuse a few buffers instead of growing new ones (a growing
// buffer copies a 5 MB photo several times and leaves 8 MB of garbage).
var filePool = sync.Pool{New: func() any { b := make([]byte, MaxImageBytes+1); return &b }}

// readFile reads a photo part into a pooled buffer.
func readFile(p *multipart.Part) ([]byte, func(), error) {
	bp := filePool.Get().(*[]byte)
	n, err := io.ReadFull(p, *bp)
	switch {
	case err == nil: // the buffer is full: the photo is over the limit
		filePool.Put(bp)
		return nil, nil, errTooLong
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
	default:
		filePool.Put(bp)
		return nil, nil, err
	}
	return (*bp)[:n], func() { filePool.Put(bp) }, nil
}

// ReadForm reads a venue form part by part, never holding more than one
// photo of the form: each photo is handed to onFile as soon as it is read.
// Refused: a part that is not one of the form's fields (400), a field sent
// twice (400), text that is not UTF-8 (400), a field over its limit (422),
// a photo index outside 0 to MaxVenueImages-1 (422 venue.errors.image_limit),
// a photo over MaxImageBytes (413 venue.errors.image_too_large, naming it),
// more than maxParts parts (413). Errors reading the body are returned
// wrapped in a 400, so the caller can tell a body over its limit by the
// cause.
func ReadForm(mr *multipart.Reader, onFile FileFunc) (Form, error) {
	f := Form{Values: map[string]string{}}
	images := map[int]*FormImage{}
	for parts := 0; ; parts++ {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return Form{}, malformed("body", err)
		}
		if parts >= maxParts {
			p.Close()
			return Form{}, apperr.New(apperr.TooLarge, "venue.errors.upload_too_large")
		}
		name := p.FormName()
		if name == "" || !utf8.ValidString(name) {
			p.Close()
			return Form{}, &apperr.Error{Kind: apperr.Malformed, Code: "media.errors.malformed_upload",
				Fields: map[string]string{"body": "validation.unknown_field"}}
		}
		if index, key, ok := imageField(name); ok {
			if index < 0 {
				p.Close()
				return Form{}, &apperr.Error{Kind: apperr.Invalid, Code: "venue.errors.image_limit",
					Fields: map[string]string{name: "venue.errors.image_limit"}}
			}
			im := images[index]
			if im == nil {
				im = &FormImage{Index: index, Fields: map[string]string{}}
				images[index] = im
			}
			if key == "file" {
				if im.HasFile {
					p.Close()
					return Form{}, duplicate(name)
				}
				data, release, err := readFile(p)
				p.Close()
				if errors.Is(err, errTooLong) {
					field := imageFileField(index)
					return Form{}, &apperr.Error{Kind: apperr.TooLarge, Code: "venue.errors.image_too_large",
						Fields: map[string]string{field: "venue.errors.image_too_large"}}
				}
				if err != nil {
					return Form{}, malformed(name, err)
				}
				im.HasFile = true
				if err := onFile(index, data, release); err != nil {
					return Form{}, err
				}
				continue
			}
			if _, dup := im.Fields[key]; dup {
				p.Close()
				return Form{}, duplicate(name)
			}
			v, err := readText(p, name, maxImageFieldBytes)
			if err != nil {
				return Form{}, err
			}
			im.Fields[key] = v
			continue
		}
		limit := 0
		switch {
		case slices.Contains(scalarFields, name):
			limit = maxTextBytes
		case slices.Contains(jsonFields, name):
			limit = maxJSONBytes
		default:
			p.Close()
			return Form{}, &apperr.Error{Kind: apperr.Malformed, Code: "media.errors.malformed_upload",
				Fields: map[string]string{fieldName(name): "validation.unknown_field"}}
		}
		if f.Has(name) {
			p.Close()
			return Form{}, duplicate(name)
		}
		v, err := readText(p, name, limit)
		if err != nil {
			return Form{}, err
		}
		f.Values[name] = v
	}
	for i := range model.MaxVenueImages {
		if im := images[i]; im != nil {
			f.Images = append(f.Images, *im)
		}
	}
	return f, nil
}

var errTooLong = errors.New("venue: part over its limit")

// readPart reads a part of at most limit bytes.
func readPart(p *multipart.Part, limit int) ([]byte, error) {
	var b bytes.Buffer
	n, err := b.ReadFrom(io.LimitReader(p, int64(limit)+1))
	if err != nil {
		return nil, err
	}
	if n > int64(limit) {
		return nil, errTooLong
	}
	return b.Bytes(), nil
}

// readText reads a text part of at most limit bytes, valid UTF-8.
func readText(p *multipart.Part, name string, limit int) (string, error) {
	defer p.Close()
	data, err := readPart(p, limit)
	if errors.Is(err, errTooLong) {
		return "", &apperr.Error{Kind: apperr.Invalid, Code: "errors.validation",
			Fields: map[string]string{fieldName(name): "venue.errors.field_too_long"}}
	}
	if err != nil {
		return "", malformed(name, err)
	}
	if !utf8.Valid(data) {
		return "", &apperr.Error{Kind: apperr.Malformed, Code: "media.errors.malformed_upload",
			Fields: map[string]string{fieldName(name): "validation.invalid_utf8"}}
	}
	return string(data), nil
}

// imageField reads "images[3][alt]" as 3, "alt". ok is false for any other
// name; index is -1 for an index at or over MaxVenueImages.
func imageField(name string) (index int, key string, ok bool) {
	rest, found := strings.CutPrefix(name, "images[")
	if !found {
		return 0, "", false
	}
	num, rest, found := strings.Cut(rest, "][")
	if !found || !strings.HasSuffix(rest, "]") {
		return 0, "", false
	}
	key = strings.TrimSuffix(rest, "]")
	if key != "file" && !slices.Contains(imageFields, key) {
		return 0, "", false
	}
	if num == "" || len(num) > 6 || (len(num) > 1 && num[0] == '0') {
		return 0, "", false
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 0 {
		return 0, "", false
	}
	if n >= model.MaxVenueImages {
		return -1, key, true
	}
	return n, key, true
}

// imageFileField names a photo's file in error fields: "images[2].file".
func imageFileField(index int) string { return imageKey(index, "file") }

func imageKey(index int, key string) string { return "images[" + strconv.Itoa(index) + "]." + key }

// fieldName bounds a field name sent back in an error (names of unknown
// fields come from the sender).
func fieldName(name string) string {
	if len(name) > 64 {
		name = strings.ToValidUTF8(name[:64], "")
	}
	return name
}

func duplicate(name string) error {
	return &apperr.Error{Kind: apperr.Malformed, Code: "media.errors.malformed_upload",
		Fields: map[string]string{fieldName(name): "venue.errors.field_repeated"}}
}

func malformed(name string, err error) error {
	return &apperr.Error{Kind: apperr.Malformed, Code: "media.errors.malformed_upload",
		Fields: map[string]string{fieldName(name): "venue.errors.unreadable"}, Err: err}
}
