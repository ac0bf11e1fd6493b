package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// DefaultS3Endpoint is AWS's, used when no endpoint is set.
const DefaultS3Endpoint = "https://s3.amazonaws.com"

// S3Config reaches an S3-compatible service (AWS, MinIO, Cloudflare R2,
// Scaleway, OVH ...); the bucket and prefix come from the media URL.
type S3Config struct {
	// Endpoint is the service's http(s) address; empty is AWS.
	Endpoint string
	// Region signs the requests; empty asks the bucket for it (AWS), R2
	// wants "auto".
	Region          string
	AccessKeyID     string
	SecretAccessKey string
	// PathStyle true puts the bucket in the path (endpoint/bucket/key),
	// false in the host name (bucket.endpoint/key); nil lets minio-go pick:
	// the host name on AWS, the path on other endpoints, which is what
	// MinIO needs and what R2, Scaleway and OVH also accept.
	PathStyle *bool
	// Transport carries the requests; nil is minio-go's default. Tests
	// hand the client of their TLS fake here.
	Transport http.RoundTripper
}

// Validate checks what can be checked without the network, naming each
// setting the way the configuration does.
func (c S3Config) Validate() error {
	var errs []error
	if _, _, err := c.endpoint(); err != nil {
		errs = append(errs, fmt.Errorf("NOCES_S3_ENDPOINT: %w", err))
	}
	if c.AccessKeyID == "" || c.SecretAccessKey == "" {
		errs = append(errs, errors.New("NOCES_S3_ACCESS_KEY_ID and NOCES_S3_SECRET_ACCESS_KEY are required with an s3:// media URL"))
	}
	if strings.ContainsAny(c.Region, " /\\\x00") {
		errs = append(errs, fmt.Errorf("NOCES_S3_REGION: %q is not a region name", c.Region))
	}
	return errors.Join(errs...)
}

// endpoint splits the endpoint URL into minio-go's host and TLS switch.
func (c S3Config) endpoint() (host string, secure bool, err error) {
	raw := c.Endpoint
	if raw == "" {
		raw = DefaultS3Endpoint
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return "", false, errors.New("want an http(s) URL such as https://s3.fr-par.scw.cloud")
	}
	if (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return "", false, errors.New("want the service's address only (no path, query or user)")
	}
	return u.Host, u.Scheme == "https", nil
}

// S3 stores media in a bucket under a prefix, for servers that share them.
type S3 struct {
	client *minio.Client
	bucket string
	prefix string
}

// NewS3 builds the client; it does not call the service.
func NewS3(bucket, prefix string, c S3Config) (*S3, error) {
	if err := checkBucket(bucket); err != nil {
		return nil, fmt.Errorf("blob: %w", err)
	}
	if prefix != "" && (!strings.HasSuffix(prefix, "/") || CheckKey(strings.TrimSuffix(prefix, "/")) != nil) {
		return nil, fmt.Errorf("blob: s3 prefix %q", prefix)
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("blob: %w", err)
	}
	host, secure, _ := c.endpoint()
	lookup := minio.BucketLookupAuto
	if c.PathStyle != nil && *c.PathStyle {
		lookup = minio.BucketLookupPath
	} else if c.PathStyle != nil {
		lookup = minio.BucketLookupDNS
	}
	client, err := minio.New(host, &minio.Options{
		Creds:        credentials.NewStaticV4(c.AccessKeyID, c.SecretAccessKey, ""),
		Secure:       secure,
		Region:       c.Region,
		BucketLookup: lookup,
		Transport:    c.Transport,
	})
	if err != nil {
		return nil, fmt.Errorf("blob: s3 client: %w", err)
	}
	return &S3{client: client, bucket: bucket, prefix: prefix}, nil
}

func (s *S3) object(key string) (string, error) {
	if err := CheckKey(key); err != nil {
		return "", err
	}
	return s.prefix + key, nil
}

// immutable is every object's Cache-Control, for a CDN put in front of the
// bucket some day: keys never change content.
const immutable = "public, max-age=31536000, immutable"

// Put uploads r in one request of known length. The services hand a
// bytes.Reader and media copy a file, whose lengths are known; any other
// stream is first spooled to a temporary file: minio-go would otherwise
// send it chunk-signed in parts, which not every S3-compatible service
// decodes (the in-process fake does not).
func (s *S3) Put(ctx context.Context, key string, r io.Reader) error {
	name, err := s.object(key)
	if err != nil {
		return err
	}
	size := readerSize(r)
	if size < 0 {
		tmp, err := os.CreateTemp("", "noces-put-*")
		if err != nil {
			return fmt.Errorf("blob: put %s: %w", key, err)
		}
		defer os.Remove(tmp.Name())
		defer tmp.Close()
		if size, err = io.Copy(tmp, r); err != nil {
			return fmt.Errorf("blob: put %s: %w", key, err)
		}
		if _, err := tmp.Seek(0, io.SeekStart); err != nil {
			return fmt.Errorf("blob: put %s: %w", key, err)
		}
		r = tmp
	}
	opts := minio.PutObjectOptions{ContentType: contentType(key), CacheControl: immutable}
	if _, err := s.client.PutObject(ctx, s.bucket, name, r, size, opts); err != nil {
		return fmt.Errorf("blob: put %s: %w", key, err)
	}
	return nil
}

// readerSize is what is left to read of r, or -1 when only reading tells.
func readerSize(r io.Reader) int64 {
	switch v := r.(type) {
	case interface{ Len() int }:
		return int64(v.Len())
	case io.Seeker:
		cur, err := v.Seek(0, io.SeekCurrent)
		if err != nil {
			return -1
		}
		end, err := v.Seek(0, io.SeekEnd)
		if err != nil {
			return -1
		}
		if _, err := v.Seek(cur, io.SeekStart); err != nil {
			return -1
		}
		return end - cur
	}
	return -1
}

// Delete removes key; S3 answers a missing key with success too.
func (s *S3) Delete(ctx context.Context, key string) error {
	name, err := s.object(key)
	if err != nil {
		return err
	}
	if err := s.client.RemoveObject(ctx, s.bucket, name, minio.RemoveObjectOptions{}); err != nil && !isNotFound(err) {
		return fmt.Errorf("blob: delete %s: %w", key, err)
	}
	return nil
}

// Open asks for key's metadata first (a HEAD), so a missing key is
// ErrNotFound before any byte is promised; minio's Object then reads with
// GETs, ranged after a Seek, and checks the ETag did not change in between.
func (s *S3) Open(ctx context.Context, key string) (io.ReadSeekCloser, Info, error) {
	name, err := s.object(key)
	if err != nil {
		return nil, Info{}, err
	}
	obj, err := s.client.GetObject(ctx, s.bucket, name, minio.GetObjectOptions{})
	if err != nil {
		return nil, Info{}, s.fail(ctx, "open", key, err)
	}
	st, err := obj.Stat()
	if err != nil {
		obj.Close()
		return nil, Info{}, s.fail(ctx, "open", key, err)
	}
	return obj, s.info(key, st), nil
}

// Stat is a HEAD of key.
func (s *S3) Stat(ctx context.Context, key string) (Info, error) {
	name, err := s.object(key)
	if err != nil {
		return Info{}, err
	}
	st, err := s.client.StatObject(ctx, s.bucket, name, minio.StatObjectOptions{})
	if err != nil {
		return Info{}, s.fail(ctx, "stat", key, err)
	}
	return s.info(key, st), nil
}

// List pages through the bucket's listing under the store's prefix. An
// object whose name is not a key (put there by hand) is not listed, so it
// is never copied or served.
func (s *S3) List(ctx context.Context, prefix string, fn func(Info) error) error {
	for o := range s.client.ListObjectsIter(ctx, s.bucket, minio.ListObjectsOptions{Prefix: s.prefix + prefix, Recursive: true}) {
		if o.Err != nil {
			return fmt.Errorf("blob: list %q: %w", prefix, o.Err)
		}
		key := strings.TrimPrefix(o.Key, s.prefix)
		if CheckKey(key) != nil {
			continue
		}
		if err := fn(s.info(key, o)); err != nil {
			return err
		}
	}
	return nil
}

// URL stays the server's own path: the server streams the object, so the
// bucket need not be public and links keep working after a move.
func (s *S3) URL(key string) string { return ServedAt + key }

func (s *S3) info(key string, o minio.ObjectInfo) Info {
	// The key's extension first, as for the folder: one key is served as
	// one type whichever store holds it.
	ct := contentType(key)
	if ct == "" {
		ct = o.ContentType
	}
	return Info{Key: key, Size: o.Size, ModTime: o.LastModified.UTC(), ETag: strings.Trim(o.ETag, `"`), ContentType: ct}
}

// fail maps a failed read. A HEAD's 404 has no body to say whether the
// object or the whole bucket is missing, so the bucket is asked for: a
// missing bucket (a typo in NOCES_BLOB_URL) is a broken setup, never a
// missing photo. Only missing objects pay that second request.
func (s *S3) fail(ctx context.Context, op, key string, err error) error {
	if isNotFound(err) {
		exists, berr := s.client.BucketExists(ctx, s.bucket)
		switch {
		case berr != nil:
			return fmt.Errorf("blob: %s %s: bucket %s: %w", op, key, s.bucket, berr)
		case !exists:
			return fmt.Errorf("blob: %s %s: bucket %s does not exist", op, key, s.bucket)
		}
		return fmt.Errorf("%w: %s", ErrNotFound, key)
	}
	return fmt.Errorf("blob: %s %s: %w", op, key, err)
}

// isNotFound tells a missing object (404, NoSuchKey) from every other
// failure, which must not look like a missing photo.
func isNotFound(err error) bool {
	e := minio.ToErrorResponse(err)
	return e.StatusCode == http.StatusNotFound && e.Code != "NoSuchBucket" || e.Code == "NoSuchKey"
}
