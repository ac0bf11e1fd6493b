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
		"/etc/passwd", "a//b", "a/./b", "a/b/", "a\\..\\..\\b", "..a/b", "a/..b", "a\x00b", "C:/x", "~/x"} {
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
		if filepath.ToSlash(rel) != key || strings.Contains(key, "..") || strings.HasPrefix(key, "/") {
			t.Fatalf("path(%q) = %q was accepted", key, p)
		}
		if u := l.URL(key); u != "/media/"+key {
			t.Fatalf("URL(%q) = %q", key, u)
		}
	})
}
