package blob_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"noces/internal/platform/blob"
	"noces/internal/platform/blob/blobtest"
)

// stores are every kind of store the server can run on: the same behaviour
// table runs against each.
func stores(t *testing.T) map[string]func(t *testing.T) blob.Store {
	return map[string]func(t *testing.T) blob.Store{
		"folder": func(t *testing.T) blob.Store {
			s, err := blob.Open("file:"+t.TempDir(), blob.S3Config{})
			if err != nil {
				t.Fatal(err)
			}
			return s
		},
		"bucket, path-style": func(t *testing.T) blob.Store { return blobtest.New(t).Store(t, "") },
		"bucket under a prefix": func(t *testing.T) blob.Store {
			return blobtest.New(t).Store(t, "sites/noces")
		},
		"bucket, virtual-hosted over TLS as on AWS": func(t *testing.T) blob.Store {
			// minio-go talks to AWS on its dual-stack (IPv4 and IPv6) names.
			srv := blobtest.NewTLS(t, "s3.dualstack.eu-west-3.amazonaws.com", "s3.eu-west-3.amazonaws.com")
			s, err := blob.Open("s3://"+blobtest.Bucket+"/media", srv.AWSConfig("https://s3.eu-west-3.amazonaws.com", "eu-west-3"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() {
				for _, r := range srv.Requests() {
					if h := r.Host; !strings.HasPrefix(h, blobtest.Bucket+".s3.") || !strings.HasSuffix(h, ".eu-west-3.amazonaws.com") {
						t.Errorf("a request went to %q, not to the bucket's host", h)
					}
				}
			})
			return s
		},
	}
}

func read(t *testing.T, s blob.Store, key string) (string, blob.Info) {
	t.Helper()
	r, info, err := s.Open(context.Background(), key)
	if err != nil {
		t.Fatalf("open %s: %v", key, err)
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("read %s: %v", key, err)
	}
	return string(b), info
}

// plainStream hides a reader's length, as a network body would.
type plainStream struct{ io.Reader }

func TestEveryStoreBehavesAlike(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name string
		run  func(t *testing.T, s blob.Store)
	}{
		{"a put object opens with its bytes, size, type, date and validator", func(t *testing.T, s blob.Store) {
			before := time.Now().Add(-time.Minute)
			if err := s.Put(ctx, "avatars/u1/a.jpg", strings.NewReader("jpeg bytes")); err != nil {
				t.Fatal(err)
			}
			body, info := read(t, s, "avatars/u1/a.jpg")
			if body != "jpeg bytes" || info.Key != "avatars/u1/a.jpg" || info.Size != 10 || info.ContentType != "image/jpeg" ||
				info.ETag == "" || strings.Contains(info.ETag, `"`) || info.ModTime.Before(before) || info.ModTime.After(time.Now().Add(time.Minute)) {
				t.Errorf("got %q %+v", body, info)
			}
			st, err := s.Stat(ctx, "avatars/u1/a.jpg")
			if err != nil || st != info {
				t.Errorf("stat %+v %v, open said %+v", st, err, info)
			}
			if u := s.URL("avatars/u1/a.jpg"); u != "/media/avatars/u1/a.jpg" {
				t.Errorf("URL %q", u)
			}
		}},
		{"a second put replaces the object and its validator", func(t *testing.T, s blob.Store) {
			if err := s.Put(ctx, "gallery/u1/p.webp", strings.NewReader("first")); err != nil {
				t.Fatal(err)
			}
			_, first := read(t, s, "gallery/u1/p.webp")
			time.Sleep(10 * time.Millisecond)
			if err := s.Put(ctx, "gallery/u1/p.webp", bytes.NewReader([]byte("second, longer"))); err != nil {
				t.Fatal(err)
			}
			body, second := read(t, s, "gallery/u1/p.webp")
			if body != "second, longer" || second.Size != 14 || second.ETag == first.ETag || second.ContentType != "image/webp" {
				t.Errorf("got %q %+v after %+v", body, second, first)
			}
		}},
		{"a stream of unknown length is stored whole", func(t *testing.T, s blob.Store) {
			small := plainStream{strings.NewReader("tiny")}
			if err := s.Put(ctx, "x/small.png", small); err != nil {
				t.Fatal(err)
			}
			if body, _ := read(t, s, "x/small.png"); body != "tiny" {
				t.Errorf("small stream: %q", body)
			}
			big := bytes.Repeat([]byte("0123456789abcdef"), (3<<20)/16)
			if err := s.Put(ctx, "x/big.jpg", plainStream{bytes.NewReader(big)}); err != nil {
				t.Fatal(err)
			}
			if body, info := read(t, s, "x/big.jpg"); body != string(big) || info.Size != int64(len(big)) {
				t.Errorf("big stream: %d bytes, %+v", len(body), info)
			}
		}},
		{"an opened object seeks, for Range requests", func(t *testing.T, s blob.Store) {
			if err := s.Put(ctx, "v/1.jpg", strings.NewReader("0123456789")); err != nil {
				t.Fatal(err)
			}
			r, _, err := s.Open(ctx, "v/1.jpg")
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if end, err := r.Seek(0, io.SeekEnd); err != nil || end != 10 {
				t.Fatalf("seek end: %d %v", end, err)
			}
			if _, err := r.Seek(6, io.SeekStart); err != nil {
				t.Fatal(err)
			}
			b := make([]byte, 3)
			if _, err := io.ReadFull(r, b); err != nil || string(b) != "678" {
				t.Errorf("after seek: %q %v", b, err)
			}
		}},
		{"a missing key is ErrNotFound, and deleting it is no error", func(t *testing.T, s blob.Store) {
			if _, _, err := s.Open(ctx, "avatars/nobody/x.jpg"); !errors.Is(err, blob.ErrNotFound) {
				t.Errorf("open: %v", err)
			}
			if _, err := s.Stat(ctx, "avatars/nobody/x.jpg"); !errors.Is(err, blob.ErrNotFound) {
				t.Errorf("stat: %v", err)
			}
			if err := s.Delete(ctx, "avatars/nobody/x.jpg"); err != nil {
				t.Errorf("delete: %v", err)
			}
		}},
		{"a deleted object is gone", func(t *testing.T, s blob.Store) {
			if err := s.Put(ctx, "d/1.jpg", strings.NewReader("x")); err != nil {
				t.Fatal(err)
			}
			if err := s.Delete(ctx, "d/1.jpg"); err != nil {
				t.Fatal(err)
			}
			if _, _, err := s.Open(ctx, "d/1.jpg"); !errors.Is(err, blob.ErrNotFound) {
				t.Errorf("open after delete: %v", err)
			}
			if err := s.Delete(ctx, "d/1.jpg"); err != nil {
				t.Errorf("second delete: %v", err)
			}
		}},
		{"a folder of objects is not an object", func(t *testing.T, s blob.Store) {
			if err := s.Put(ctx, "avatars/u2/a.jpg", strings.NewReader("x")); err != nil {
				t.Fatal(err)
			}
			for _, k := range []string{"avatars", "avatars/u2", "avatars/u2/a.jpg/b"} {
				if _, _, err := s.Open(ctx, k); !errors.Is(err, blob.ErrNotFound) {
					t.Errorf("open %q: %v", k, err)
				}
				if _, err := s.Stat(ctx, k); !errors.Is(err, blob.ErrNotFound) {
					t.Errorf("stat %q: %v", k, err)
				}
			}
		}},
		{"a key that could escape or that a bucket could not hold is refused everywhere", func(t *testing.T, s blob.Store) {
			for _, bad := range []string{"", "../etc/passwd", "/abs", "a/../../b", "a//b", "a/", "./a", "a/./b", ".put-123",
				"avatars/.hidden", `a\b`, "a\x00b", "a\nb", strings.Repeat("k", 1000)} {
				if err := s.Put(ctx, bad, strings.NewReader("x")); !errors.Is(err, blob.ErrBadKey) {
					t.Errorf("put %q: %v", bad, err)
				}
				if _, _, err := s.Open(ctx, bad); !errors.Is(err, blob.ErrBadKey) {
					t.Errorf("open %q: %v", bad, err)
				}
				if _, err := s.Stat(ctx, bad); !errors.Is(err, blob.ErrBadKey) {
					t.Errorf("stat %q: %v", bad, err)
				}
				if err := s.Delete(ctx, bad); !errors.Is(err, blob.ErrBadKey) {
					t.Errorf("delete %q: %v", bad, err)
				}
			}
		}},
		{"list gives every key under a prefix in key order, and stops when told", func(t *testing.T, s blob.Store) {
			for _, k := range []string{"images/u2/b.jpg", "avatars/u1/a.jpg", "images/u1/z.jpg", "images/u1/a.jpg", "imagesque/x.jpg"} {
				if err := s.Put(ctx, k, strings.NewReader(k)); err != nil {
					t.Fatal(err)
				}
			}
			list := func(prefix string) (keys []string) {
				err := s.List(ctx, prefix, func(i blob.Info) error {
					if i.Size != int64(len(i.Key)) || i.ModTime.IsZero() {
						t.Errorf("listed %+v", i)
					}
					keys = append(keys, i.Key)
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				return keys
			}
			if d := cmp.Diff([]string{"avatars/u1/a.jpg", "images/u1/a.jpg", "images/u1/z.jpg", "images/u2/b.jpg", "imagesque/x.jpg"}, list("")); d != "" {
				t.Errorf("all (-want +got):\n%s", d)
			}
			if d := cmp.Diff([]string{"images/u1/a.jpg", "images/u1/z.jpg", "images/u2/b.jpg"}, list("images/")); d != "" {
				t.Errorf("images/ (-want +got):\n%s", d)
			}
			if d := cmp.Diff([]string{"images/u1/a.jpg", "images/u1/z.jpg"}, list("images/u1")); d != "" {
				t.Errorf("images/u1 (-want +got):\n%s", d)
			}
			if got := list("nothing/"); len(got) != 0 {
				t.Errorf("nothing/: %v", got)
			}
			stop := errors.New("enough")
			n := 0
			if err := s.List(ctx, "", func(blob.Info) error { n++; return stop }); !errors.Is(err, stop) || n != 1 {
				t.Errorf("stopping: %d calls, %v", n, err)
			}
		}},
	}
	for kind, open := range stores(t) {
		t.Run(kind, func(t *testing.T) {
			for _, tc := range cases {
				t.Run(tc.name, func(t *testing.T) { tc.run(t, open(t)) })
			}
		})
	}
}

func TestTheFolderStoreHidesItsTemporaryFiles(t *testing.T) {
	dir := t.TempDir()
	l, err := blob.NewLocal(dir, "/media/")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := l.Put(ctx, "avatars/u1/a.jpg", strings.NewReader("jpeg bytes")); err != nil {
		t.Fatal(err)
	}
	if b, err := fs.ReadFile(l.FS(), "avatars/u1/a.jpg"); err != nil || string(b) != "jpeg bytes" {
		t.Fatalf("%q %v", b, err)
	}
	// A Put cut short by a crash leaves its temporary file behind.
	if err := os.WriteFile(filepath.Join(dir, "avatars", "u1", ".put-123"), []byte("half"), 0o600); err != nil {
		t.Fatal(err)
	}
	var keys []string
	if err := l.List(ctx, "", func(i blob.Info) error { keys = append(keys, i.Key); return nil }); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{"avatars/u1/a.jpg"}, keys); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestOpenReadsTheMediaURL(t *testing.T) {
	dir := t.TempDir()
	for _, raw := range []string{"file:" + dir, "file://" + dir} {
		s, err := blob.Open(raw, blob.S3Config{})
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		if _, ok := s.(*blob.Local); !ok {
			t.Errorf("%s: %T", raw, s)
		}
	}
	srv := blobtest.New(t)
	if s, err := blob.Open("s3://"+blobtest.Bucket+"/a/b/", srv.Config()); err != nil {
		t.Errorf("s3: %v", err)
	} else if _, ok := s.(*blob.S3); !ok {
		t.Errorf("s3: %T", s)
	}
	for name, tc := range map[string]struct {
		url  string
		cfg  blob.S3Config
		want string
	}{
		"no scheme":                  {"/var/media", blob.S3Config{}, "want file:<folder> or s3://bucket/prefix"},
		"another scheme":             {"gs://bucket", blob.S3Config{}, "want file:<folder> or s3://bucket/prefix"},
		"a file URL naming a host":   {"file://nas/media", blob.S3Config{}, "names a host"},
		"an empty folder":            {"file:", blob.S3Config{}, "no folder"},
		"no bucket":                  {"s3://", srv.Config(), "no bucket"},
		"a bucket in capitals":       {"s3://Media", srv.Config(), "lower-case"},
		"a bucket too short":         {"s3://ab", srv.Config(), "3 to 63"},
		"a prefix that climbs":       {"s3://media/../x", srv.Config(), "prefix"},
		"a query string":             {"s3://media?region=eu", srv.Config(), "no query"},
		"no credentials":             {"s3://media", blob.S3Config{Endpoint: srv.URL}, "NOCES_S3_ACCESS_KEY_ID"},
		"an endpoint without scheme": {"s3://media", blob.S3Config{Endpoint: "s3.fr-par.scw.cloud", AccessKeyID: "k", SecretAccessKey: "s"}, "NOCES_S3_ENDPOINT"},
		"an endpoint with a path":    {"s3://media", blob.S3Config{Endpoint: "https://s3.example.com/bucket", AccessKeyID: "k", SecretAccessKey: "s"}, "no path"},
	} {
		if _, err := blob.Open(tc.url, tc.cfg); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", name, err, tc.want)
		}
	}
}

// TestAnObjectLargerThanOnePartGoesUpInParts puts past minio-go's 16 MiB
// part size, where it switches to a multipart upload. It runs over TLS, as
// against AWS or any hosted service: over plain HTTP minio-go chunk-signs
// each part, which gofakes3 v1.2.0 decodes for single PUTs only (a real
// MinIO decodes both). Media are re-encoded images far below 16 MiB, so in
// practice every upload is one PUT.
func TestAnObjectLargerThanOnePartGoesUpInParts(t *testing.T) {
	srv := blobtest.NewTLS(t, "s3.dualstack.eu-west-3.amazonaws.com", "s3.eu-west-3.amazonaws.com")
	s, err := blob.Open("s3://"+blobtest.Bucket, srv.AWSConfig("https://s3.eu-west-3.amazonaws.com", "eu-west-3"))
	if err != nil {
		t.Fatal(err)
	}
	big := bytes.Repeat([]byte("0123456789abcdef"), (17<<20)/16)
	for name, r := range map[string]io.Reader{"known length": bytes.NewReader(big), "unknown length": plainStream{bytes.NewReader(big)}} {
		before := len(srv.Requests())
		if err := s.Put(context.Background(), "x/big.jpg", r); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		parts := 0
		for _, r := range srv.Requests()[before:] {
			if r.Method == "PUT" && strings.Contains(r.Query, "partNumber=") {
				parts++
			}
		}
		if body, info := read(t, s, "x/big.jpg"); body != string(big) || info.Size != int64(len(big)) || parts != 2 {
			t.Errorf("%s: %d bytes in %d parts, %+v", name, len(body), parts, info)
		}
	}
}

// TestThePathStyleSwitch: unset, the bucket goes in the host name on AWS
// and in the path elsewhere; set, it goes where it says, on any endpoint.
func TestThePathStyleSwitch(t *testing.T) {
	srv := blobtest.NewTLS(t, "s3.fr-par.scw.cloud", "s3.dualstack.eu-west-3.amazonaws.com", "s3.eu-west-3.amazonaws.com")
	yes, no := true, false
	for _, c := range []struct {
		name      string
		endpoint  string
		pathStyle *bool
		inPath    bool
	}{
		{"unset on another service", "https://s3.fr-par.scw.cloud", nil, true},
		{"false on another service", "https://s3.fr-par.scw.cloud", &no, false},
		{"unset on AWS", "https://s3.eu-west-3.amazonaws.com", nil, false},
		{"true on AWS", "https://s3.eu-west-3.amazonaws.com", &yes, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := srv.AWSConfig(c.endpoint, "eu-west-3")
			cfg.PathStyle = c.pathStyle
			s, err := blob.Open("s3://"+blobtest.Bucket+"/style", cfg)
			if err != nil {
				t.Fatal(err)
			}
			before := len(srv.Requests())
			if err := s.Put(context.Background(), "a.jpg", strings.NewReader("x")); err != nil {
				t.Fatal(err)
			}
			if body, _ := read(t, s, "a.jpg"); body != "x" {
				t.Errorf("read back %q", body)
			}
			for _, r := range srv.Requests()[before:] {
				inHost := strings.HasPrefix(r.Host, blobtest.Bucket+".")
				inPath := strings.HasPrefix(r.Path, "/"+blobtest.Bucket+"/")
				if inHost == c.inPath || inPath != c.inPath {
					t.Errorf("%s %s%s", r.Method, r.Host, r.Path)
				}
			}
		})
	}
}

// TestAMissingBucketIsNoMissingObject: a bucket that does not exist (a typo
// in NOCES_BLOB_URL) answers 404 too, but it is a broken setup, not a photo
// that was deleted, and must not read as ErrNotFound.
func TestAMissingBucketIsNoMissingObject(t *testing.T) {
	srv := blobtest.New(t)
	s, err := blob.Open("s3://no-such-bucket", srv.Config())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, _, err := s.Open(ctx, "a.jpg"); err == nil || errors.Is(err, blob.ErrNotFound) {
		t.Errorf("open: %v", err)
	}
	if _, err := s.Stat(ctx, "a.jpg"); err == nil || errors.Is(err, blob.ErrNotFound) {
		t.Errorf("stat: %v", err)
	}
	if err := s.Put(ctx, "a.jpg", strings.NewReader("x")); err == nil {
		t.Error("put succeeded")
	}
	if err := s.Delete(ctx, "a.jpg"); err == nil {
		t.Error("delete succeeded")
	}
	if err := s.List(ctx, "", func(blob.Info) error { return nil }); err == nil {
		t.Error("list succeeded")
	}
}
