package blob

import (
	"context"
	"errors"
	"io/fs"
	"strings"
	"testing"
)

func TestLocal(t *testing.T) {
	l, err := NewLocal(t.TempDir(), "/media/")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := l.Put(ctx, "avatars/u1/a.jpg", strings.NewReader("jpeg bytes")); err != nil {
		t.Fatal(err)
	}
	b, err := fs.ReadFile(l.FS(), "avatars/u1/a.jpg")
	if err != nil || string(b) != "jpeg bytes" {
		t.Fatalf("%q %v", b, err)
	}
	if l.URL("avatars/u1/a.jpg") != "/media/avatars/u1/a.jpg" {
		t.Error(l.URL("avatars/u1/a.jpg"))
	}
	for _, bad := range []string{"../etc/passwd", "/abs", "a/../../b", "", "a//b"} {
		if err := l.Put(ctx, bad, strings.NewReader("x")); !errors.Is(err, ErrBadKey) {
			t.Errorf("key %q: %v", bad, err)
		}
	}
	if err := l.Delete(ctx, "avatars/u1/a.jpg"); err != nil {
		t.Fatal(err)
	}
	if err := l.Delete(ctx, "avatars/u1/a.jpg"); err != nil {
		t.Errorf("deleting a missing key: %v", err)
	}
}
