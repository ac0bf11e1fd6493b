package app

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"noces/internal/config"
	"noces/internal/platform/blob"
	"noces/internal/platform/blob/blobtest"
)

// TestMediaCopyMovesTheFolderToABucket is the move of a running site: copy
// to the bucket, copy again (nothing left to do), switch NOCES_BLOB_URL, and
// the same URLs answer from the bucket.
func TestMediaCopyMovesTheFolderToABucket(t *testing.T) {
	ctx := context.Background()
	bucket := blobtest.New(t)
	env := testEnv(t)
	s3 := bucket.Config()
	env["NOCES_S3_ENDPOINT"] = s3.Endpoint
	env["NOCES_S3_REGION"] = s3.Region
	env["NOCES_S3_ACCESS_KEY_ID"] = s3.AccessKeyID
	env["NOCES_S3_SECRET_ACCESS_KEY"] = s3.SecretAccessKey
	env["NOCES_S3_PATH_STYLE"] = "true"

	folder, err := blob.NewLocal(filepath.Join(env["NOCES_DATA_DIR"], "media"), blob.ServedAt)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"avatars/u1/a.jpg":   "avatar bytes",
		"images/u1/p.jpg":    strings.Repeat("photo ", 1000),
		"images/u1/p_th.jpg": "thumbnail",
		"venues/v1/x.webp":   "venue photo",
	}
	for k, v := range files {
		if err := folder.Put(ctx, k, strings.NewReader(v)); err != nil {
			t.Fatal(err)
		}
	}
	target := bucket.Store(t, "prod")
	// One is already there, as after an interrupted run; one is there but
	// cut short, so it is copied again.
	if err := target.Put(ctx, "avatars/u1/a.jpg", strings.NewReader("avatar bytes")); err != nil {
		t.Fatal(err)
	}
	if err := target.Put(ctx, "images/u1/p.jpg", strings.NewReader("photo")); err != nil {
		t.Fatal(err)
	}

	r := runMain(t, ctx, env, "media", "copy", "--to", "s3://"+blobtest.Bucket+"/prod")
	if r.err != nil || !strings.Contains(r.stdout.String(), "3 copied (") || !strings.Contains(r.stdout.String(), "1 already there") {
		t.Fatalf("first copy: %v\n%s%s", r.err, r.stdout.String(), r.stderr.String())
	}
	for k, v := range files {
		f, _, err := target.Open(ctx, k)
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		got, _ := io.ReadAll(f)
		f.Close()
		if string(got) != v {
			t.Errorf("%s: %q", k, got)
		}
	}
	r = runMain(t, ctx, env, "media", "copy", "--to", "s3://"+blobtest.Bucket+"/prod/")
	if r.err != nil || !strings.Contains(r.stdout.String(), ": 0 copied (0 bytes), 4 already there") {
		t.Errorf("second copy: %v\n%s", r.err, r.stdout.String())
	}

	env["NOCES_BLOB_URL"] = "s3://" + blobtest.Bucket + "/prod"
	cfg, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	a, err := New(ctx, cfg, slog.New(slog.DiscardHandler), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if _, ok := a.Media.(*blob.S3); !ok {
		t.Fatalf("NOCES_BLOB_URL=s3:// built a %T", a.Media)
	}
	rec := httptest.NewRecorder()
	a.Server.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/media/images/u1/p.jpg", nil))
	if rec.Code != 200 || rec.Body.String() != files["images/u1/p.jpg"] || rec.Header().Get("Content-Type") != "image/jpeg" {
		t.Errorf("served from the bucket: %d %q", rec.Code, rec.Body.String())
	}

	// And back, from the bucket to a new folder.
	back := t.TempDir()
	r = runMain(t, ctx, env, "media", "copy", "--to", "file:"+back)
	if r.err != nil || !strings.Contains(r.stdout.String(), "4 copied (") {
		t.Errorf("back to a folder: %v\n%s", r.err, r.stdout.String())
	}
}

func TestMediaCopyRefusesWhatItCannotDo(t *testing.T) {
	ctx := context.Background()
	env := testEnv(t)
	var exit ExitError
	for _, args := range [][]string{{"media"}, {"media", "move"}, {"media", "copy"}, {"media", "copy", "--to", "file:/tmp/x", "extra"}} {
		if r := runMain(t, ctx, env, args...); !errors.As(r.err, &exit) || exit.Code != 2 || !strings.Contains(r.stderr.String(), "media copy --to URL") {
			t.Errorf("%v: %v %q", args, r.err, r.stderr.String())
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--to", "gs://bucket"}, "--to: want file:<folder> or s3://bucket/prefix"},
		{[]string{"--to", "s3://noces-media"}, "--to: blob: NOCES_S3_ACCESS_KEY_ID and NOCES_S3_SECRET_ACCESS_KEY are required"},
		{[]string{"--to", "file:/elsewhere", "--from", "s3://"}, "--from: s3: URL has no bucket"},
		{[]string{"--to", "file:" + filepath.Join(env["NOCES_DATA_DIR"], "media") + "/"}, "is where the media already are"},
	} {
		r := runMain(t, ctx, env, append([]string{"media", "copy"}, c.args...)...)
		if r.err == nil || !strings.Contains(r.err.Error(), c.want) {
			t.Errorf("%v: got %v, want %q", c.args, r.err, c.want)
		}
	}
	if r := runMain(t, ctx, env, "help"); !bytes.Contains(r.stdout.Bytes(), []byte("media copy --to URL")) {
		t.Errorf("usage: %s", r.stdout.String())
	}
}
