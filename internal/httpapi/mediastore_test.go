package httpapi

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"noces/internal/platform/blob"
	"noces/internal/platform/blob/blobtest"
	"noces/internal/store/storetest"
)

// TestAPhotoUploadedThroughOneServerIsServedByAnother runs two servers on
// one bucket, as behind a load balancer: the photo a planner uploads through
// the first is streamed by the second, with the caching headers, validators
// and ranges of a file on disk.
func TestAPhotoUploadedThroughOneServerIsServedByAnother(t *testing.T) {
	bucket := blobtest.New(t)
	first := newEnvWithMedia(t, storetest.New(t), bucket.Store(t, "prod/media"), nil)
	// Serving media reads the bucket only: the second server's database
	// plays no part, so it may be its own.
	second := newEnvWithMedia(t, storetest.New(t), bucket.Store(t, "prod/media"), nil)

	up := first.uploadPhoto(first.login("planner").Access, pngOf(t, 1600, 900), goodPhoto)
	if up.status != 201 {
		t.Fatalf("upload: %d %s", up.status, up.body)
	}
	url := up.json(t)["image"].(map[string]any)["url"].(string)
	if !strings.HasPrefix(url, "/media/images/") {
		t.Fatalf("the photo's URL is not the server's own: %s", url)
	}
	stored := false
	for _, r := range bucket.Requests() {
		stored = stored || r.Method == "PUT" && r.Path == "/"+blobtest.Bucket+"/prod/media/"+strings.TrimPrefix(url, "/media/")
	}
	if !stored {
		t.Fatalf("%s was not put in the bucket under the prefix: %+v", url, bucket.Requests())
	}

	full := second.do(req{method: "GET", path: url})
	h := full.header
	if full.status != 200 || !bytes.HasPrefix(full.body, []byte("\xff\xd8\xff")) {
		t.Fatalf("GET %s: %d, not a JPEG", url, full.status)
	}
	etag, modified := h.Get("ETag"), h.Get("Last-Modified")
	if h.Get("Content-Type") != "image/jpeg" || h.Get("Cache-Control") != "public, max-age=31536000, immutable" ||
		h.Get("Content-Security-Policy") != "default-src 'none'; sandbox" || h.Get("Accept-Ranges") != "bytes" ||
		h.Get("Content-Length") != fmt.Sprint(len(full.body)) || len(etag) < 3 || !strings.HasPrefix(etag, `"`) || modified == "" {
		t.Errorf("headers: %v", h)
	}
	if _, err := time.Parse(http.TimeFormat, modified); err != nil {
		t.Errorf("Last-Modified %q: %v", modified, err)
	}

	for _, c := range []struct {
		name    string
		method  string
		headers map[string]string
		status  int
		body    []byte
		header  string
		value   string
	}{
		{"the first bytes", "GET", map[string]string{"Range": "bytes=0-99"}, 206, full.body[:100],
			"Content-Range", fmt.Sprintf("bytes 0-99/%d", len(full.body))},
		{"bytes from the middle", "GET", map[string]string{"Range": "bytes=100-199"}, 206, full.body[100:200],
			"Content-Range", fmt.Sprintf("bytes 100-199/%d", len(full.body))},
		{"the last bytes", "GET", map[string]string{"Range": "bytes=-10"}, 206, full.body[len(full.body)-10:],
			"Content-Range", fmt.Sprintf("bytes %d-%d/%d", len(full.body)-10, len(full.body)-1, len(full.body))},
		{"a range past the end", "GET", map[string]string{"Range": fmt.Sprintf("bytes=%d-", len(full.body)+5)}, 416, nil,
			"Content-Range", fmt.Sprintf("bytes */%d", len(full.body))},
		{"a range while the validator matches", "GET", map[string]string{"Range": "bytes=0-9", "If-Range": etag}, 206, full.body[:10], "", ""},
		{"a range while the validator does not", "GET", map[string]string{"Range": "bytes=0-9", "If-Range": `"other"`}, 200, full.body, "", ""},
		{"a revalidation by ETag", "GET", map[string]string{"If-None-Match": etag}, 304, nil, "ETag", etag},
		{"a revalidation by date", "GET", map[string]string{"If-Modified-Since": modified}, 304, nil, "", ""},
		{"a HEAD", "HEAD", nil, 200, nil, "Content-Length", fmt.Sprint(len(full.body))},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := second.do(req{method: c.method, path: url, headers: c.headers})
			// A 416 carries net/http's own short text.
			if r.status != c.status || c.status != 416 && !bytes.Equal(r.body, c.body) && !(len(r.body) == 0 && len(c.body) == 0) {
				t.Errorf("%d with %d bytes, want %d with %d", r.status, len(r.body), c.status, len(c.body))
			}
			if c.header != "" && r.header.Get(c.header) != c.value {
				t.Errorf("%s: %q, want %q", c.header, r.header.Get(c.header), c.value)
			}
		})
	}

	for _, path := range []string{"/media/images/nobody/missing.jpg", "/media/images/", "/media/images", "/media/.put-1", "/media/"} {
		if r := second.do(req{method: "GET", path: path}); r.status != 404 {
			t.Errorf("GET %s: %d", path, r.status)
		}
	}
	if r := second.do(req{method: "DELETE", path: url}); r.status != 405 || r.header.Get("Allow") != "GET, HEAD" {
		t.Errorf("DELETE: %d %v", r.status, r.header)
	}
	if r := second.do(req{method: "GET", path: url}); r.status != 200 {
		t.Errorf("the photo is gone after a DELETE: %d", r.status)
	}
}

// TestABucketThatRefusesIsAnOutageNotAMissingPhoto: a bucket answering
// 403 (a revoked key, a wrong policy) must not look like a deleted photo,
// which browsers and caches would remember.
func TestABucketThatRefusesIsAnOutageNotAMissingPhoto(t *testing.T) {
	refusing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/xml")
		w.WriteHeader(http.StatusForbidden)
		fmt.Fprint(w, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`)
	}))
	t.Cleanup(refusing.Close)
	media, err := blob.Open("s3://"+blobtest.Bucket, blob.S3Config{Endpoint: refusing.URL, Region: "us-east-1",
		AccessKeyID: "revoked", SecretAccessKey: "revoked"})
	if err != nil {
		t.Fatal(err)
	}
	e := newEnvWithMedia(t, storetest.New(t), media, nil)
	r := e.do(req{method: "GET", path: "/media/images/u1/a.jpg"})
	if r.status != 503 || r.header.Get("Retry-After") == "" || r.header.Get("Cache-Control") == "public, max-age=31536000, immutable" {
		t.Errorf("%d %v %s", r.status, r.header, r.body)
	}
}
