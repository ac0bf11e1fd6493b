// Package blob stores media files. The local implementation keeps them in a
// folder on this machine (one server, no setup); the S3 one in a bucket that
// any number of identical servers share. The server streams both under the
// same URLs, so a page never knows which one holds a photo.
package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"path"
	"strings"
	"time"
)

// Store keeps media by key ("avatars/<user>/<id>.jpg"). Every upload gets a
// new key, so an object never changes once written: what readers cache stays
// right.
type Store interface {
	// Put writes r to key, replacing what was there; readers never see half
	// an object.
	Put(ctx context.Context, key string, r io.Reader) error
	// Delete removes key; a missing key is not an error, so a retried
	// cleanup succeeds.
	Delete(ctx context.Context, key string) error
	// Open returns key's bytes and what the server's caching headers need;
	// the reader seeks, for HTTP Range requests. A missing key is
	// ErrNotFound. The caller closes the reader.
	Open(ctx context.Context, key string) (io.ReadSeekCloser, Info, error)
	// Stat describes key without reading it (ErrNotFound when missing):
	// media copy skips what the target already holds.
	Stat(ctx context.Context, key string) (Info, error)
	// List calls fn for every key starting with prefix, in key order; an
	// error from fn stops the walk and is returned.
	List(ctx context.Context, prefix string, fn func(Info) error) error
	// URL is where a browser fetches key.
	URL(key string) string
}

// Info describes one stored object.
type Info struct {
	Key     string
	Size    int64
	ModTime time.Time
	// ETag is the validator of these exact bytes, unquoted; the server sends
	// it quoted so that If-None-Match and If-Range work.
	ETag string
	// ContentType is what the object is served as; empty lets the server
	// guess from the key's extension.
	ContentType string
}

// ServedAt is the path under which the server streams media, whatever the
// store: URLs stay the same when media move to a bucket.
const ServedAt = "/media/"

// maxKey leaves room under S3's 1024-byte object names for a bucket prefix.
const maxKey = 768

var (
	// ErrBadKey is returned for a key that could escape the store or that
	// some backend could not hold as is.
	ErrBadKey = errors.New("blob: invalid key")
	// ErrNotFound is returned by Open and Stat for a key with no object.
	ErrNotFound = errors.New("blob: not found")
)

// CheckKey is the one rule for keys, shared by every backend so that a key
// the folder accepts is a key the bucket accepts, and the other way round:
// slash-separated segments, none empty, "." or "..", none starting with a dot
// (temporary files of the folder store), no back-slash and no control
// character.
func CheckKey(key string) error {
	if key == "" || len(key) > maxKey || !fs.ValidPath(key) || strings.Contains(key, "..") || strings.ContainsRune(key, '\\') {
		return ErrBadKey
	}
	if path.Clean("/" + key)[1:] != key {
		return ErrBadKey
	}
	for _, seg := range strings.Split(key, "/") {
		if strings.HasPrefix(seg, ".") {
			return ErrBadKey
		}
	}
	for _, r := range key {
		if r < 0x20 || r == 0x7f || r == '\uFFFD' {
			return ErrBadKey
		}
	}
	return nil
}

// contentType is what a key is stored and served as, from its extension.
func contentType(key string) string {
	return mime.TypeByExtension(path.Ext(key))
}

// Location is a parsed NOCES_BLOB_URL.
type Location struct {
	// Kind is "file" or "s3".
	Kind string
	// Dir is the folder of a file location.
	Dir string
	// Bucket and Prefix name an s3 location; Prefix is empty or ends with
	// a slash, and is put before every key.
	Bucket string
	Prefix string
}

// String is the location as a URL again, for logs.
func (l Location) String() string {
	if l.Kind == "s3" {
		return "s3://" + l.Bucket + "/" + l.Prefix
	}
	if strings.HasPrefix(l.Dir, "/") {
		return "file://" + l.Dir
	}
	return "file:" + l.Dir
}

// ParseURL reads a media location: `file:<dir>` (also `file:///abs/dir`) or
// `s3://bucket/optional/prefix`. Its errors say what is expected, for the
// configuration's message.
func ParseURL(raw string) (Location, error) {
	if strings.ContainsAny(raw, "\x00\r\n") {
		return Location{}, errors.New("contains a control character")
	}
	switch {
	case strings.HasPrefix(raw, "file:"):
		dir := strings.TrimPrefix(raw, "file:")
		if strings.HasPrefix(dir, "//") {
			// file:///abs is the URL form of an absolute path; file://host/x
			// names another machine, which a folder cannot be.
			if !strings.HasPrefix(dir, "///") {
				return Location{}, errors.New("file: URL names a host; want file:/path or file:///path")
			}
			dir = dir[2:]
		}
		if strings.TrimSpace(dir) == "" {
			return Location{}, errors.New("file: URL has no folder")
		}
		return Location{Kind: "file", Dir: dir}, nil
	case strings.HasPrefix(raw, "s3://"):
		rest := strings.TrimPrefix(raw, "s3://")
		if strings.ContainsAny(rest, "?#") {
			return Location{}, errors.New("s3: URL takes no query or fragment; set the endpoint and region in NOCES_S3_*")
		}
		bucket, prefix, _ := strings.Cut(rest, "/")
		if err := checkBucket(bucket); err != nil {
			return Location{}, err
		}
		prefix = strings.TrimSuffix(prefix, "/")
		if prefix != "" {
			if CheckKey(prefix) != nil {
				return Location{}, fmt.Errorf("s3: prefix %q is not a plain slash-separated path", prefix)
			}
			prefix += "/"
		}
		return Location{Kind: "s3", Bucket: bucket, Prefix: prefix}, nil
	}
	return Location{}, errors.New("want file:<folder> or s3://bucket/prefix")
}

// checkBucket applies the naming rules every S3-compatible service shares
// (AWS's are the strictest): 3 to 63 lower-case letters, digits, dots and
// hyphens, starting and ending with a letter or digit.
func checkBucket(b string) error {
	if b == "" {
		return errors.New("s3: URL has no bucket; want s3://bucket/prefix")
	}
	if len(b) < 3 || len(b) > 63 {
		return fmt.Errorf("s3: bucket %q must have 3 to 63 characters", b)
	}
	for i := 0; i < len(b); i++ {
		c := b[i]
		alnum := c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
		if !alnum && c != '.' && c != '-' || (i == 0 || i == len(b)-1) && !alnum {
			return fmt.Errorf("s3: bucket %q: want lower-case letters, digits, dots and hyphens, starting and ending with a letter or digit", b)
		}
	}
	if strings.Contains(b, "..") {
		return fmt.Errorf("s3: bucket %q has two dots in a row", b)
	}
	return nil
}

// Open builds the store a NOCES_BLOB_URL names; s3 settings are used only by
// an s3:// URL. It touches no network: a wrong key or endpoint shows on the
// first upload or download.
func Open(raw string, s3 S3Config) (Store, error) {
	loc, err := ParseURL(raw)
	if err != nil {
		return nil, fmt.Errorf("blob: %w", err)
	}
	if loc.Kind == "file" {
		return NewLocal(loc.Dir, ServedAt)
	}
	return NewS3(loc.Bucket, loc.Prefix, s3)
}
