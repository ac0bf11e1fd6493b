package blob

import (
	"path/filepath"
	"strings"
	"testing"
)

// FuzzLocalPath checks where a key is stored: a key accepted is a file
// strictly inside the store's folder, and a key that could climb out of it
// (.., an absolute path, a back-slash trick) is refused.
func FuzzLocalPath(f *testing.F) {
	for _, k := range []string{"avatars/u1/a.jpg", "gallery/u1/0b6f.webp", "", ".", "..", "../etc/passwd", "a/../../b",
		"/etc/passwd", "a//b", "a/./b", "a/b/", "a\\..\\..\\b", "..a/b", "a/..b", "a\x00b", "C:/x", "~/x", ".put-1", "a/.b"} {
		f.Add(k)
	}
	dir := f.TempDir()
	l, err := NewLocal(dir, "/media/")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, key string) {
		p, err := l.path(key)
		if err != nil {
			if err != ErrBadKey || p != "" {
				t.Fatalf("path(%q) = %q, %v", key, p, err)
			}
			return
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
			t.Fatalf("path(%q) = %q, outside %q", key, p, dir)
		}
		if filepath.ToSlash(rel) != key || strings.Contains(key, "..") || strings.HasPrefix(key, "/") ||
			strings.HasPrefix(key, ".") || strings.Contains(key, "/.") || strings.ContainsRune(key, '\\') {
			t.Fatalf("path(%q) = %q was accepted", key, p)
		}
		if u := l.URL(key); u != "/media/"+key {
			t.Fatalf("URL(%q) = %q", key, u)
		}
	})
}

// FuzzParseURL checks NOCES_BLOB_URL's parser: whatever it accepts names a
// folder or a valid bucket with a prefix every key can follow, and prints
// back to a URL that parses to the same place.
func FuzzParseURL(f *testing.F) {
	for _, u := range []string{"file:./data/media", "file:/var/lib/noces/media", "file:///srv/media", "file://nas/x", "file:",
		"file:////x", "s3://noces-media", "s3://noces-media/", "s3://noces-media/prod/media/", "s3://", "s3:///x",
		"s3://Bucket", "s3://a..b", "s3://bucket/../x", "s3://bucket//x", "s3://bucket?x=1", "s3://bucket/a/.b",
		"S3://bucket", "http://bucket", "", "\x00"} {
		f.Add(u)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		loc, err := ParseURL(raw)
		if err != nil {
			if loc != (Location{}) {
				t.Fatalf("ParseURL(%q) failed with %+v", raw, loc)
			}
			return
		}
		switch loc.Kind {
		case "file":
			if strings.TrimSpace(loc.Dir) == "" || strings.ContainsRune(loc.Dir, 0) {
				t.Fatalf("ParseURL(%q): folder %q", raw, loc.Dir)
			}
		case "s3":
			if checkBucket(loc.Bucket) != nil || loc.Prefix != "" && (!strings.HasSuffix(loc.Prefix, "/") || CheckKey(strings.TrimSuffix(loc.Prefix, "/")) != nil) {
				t.Fatalf("ParseURL(%q) = %+v", raw, loc)
			}
			if CheckKey(loc.Prefix+"avatars/u1/a.jpg") != nil {
				t.Fatalf("ParseURL(%q): prefix %q makes keys invalid", raw, loc.Prefix)
			}
		default:
			t.Fatalf("ParseURL(%q): kind %q", raw, loc.Kind)
		}
		again, err := ParseURL(loc.String())
		if err != nil || again != loc {
			t.Fatalf("ParseURL(%q) = %+v prints as %q, which parses to %+v, %v", raw, loc, loc.String(), again, err)
		}
	})
}
