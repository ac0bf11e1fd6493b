// Package blob stores media files. The local implementation keeps them in a
// folder served by the server itself; an S3-compatible store can stand in
// behind the same interface.
package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Store keeps media by key ("avatars/<user>/<id>.jpg").
type Store interface {
	Put(ctx context.Context, key string, r io.Reader) error
	Delete(ctx context.Context, key string) error
	// URL is where a browser fetches key.
	URL(key string) string
}

// ErrBadKey is returned for a key that could escape the store.
var ErrBadKey = errors.New("blob: invalid key")

// Local stores files under a folder and serves them under a URL prefix.
type Local struct {
	dir    string
	prefix string
}

// NewLocal returns a store in dir, served at prefix (e.g. "/media/").
func NewLocal(dir, prefix string) (*Local, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("blob: %w", err)
	}
	return &Local{dir: dir, prefix: prefix}, nil
}

func (l *Local) path(key string) (string, error) {
	clean := path.Clean("/" + key)[1:]
	if key == "" || clean != key || strings.Contains(key, "..") || !fs.ValidPath(key) {
		return "", ErrBadKey
	}
	return filepath.Join(l.dir, filepath.FromSlash(key)), nil
}

// Put writes r to key atomically: readers never see half a file.
func (l *Local) Put(_ context.Context, key string, r io.Reader) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return fmt.Errorf("blob: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), ".put-*")
	if err != nil {
		return fmt.Errorf("blob: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := io.Copy(tmp, r); err != nil {
		tmp.Close()
		return fmt.Errorf("blob: write %s: %w", key, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("blob: write %s: %w", key, err)
	}
	if err := os.Rename(tmp.Name(), p); err != nil {
		return fmt.Errorf("blob: %w", err)
	}
	return nil
}

// Delete removes key; a missing key is not an error.
func (l *Local) Delete(_ context.Context, key string) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("blob: %w", err)
	}
	return nil
}

// URL is the prefix plus the key.
func (l *Local) URL(key string) string { return l.prefix + key }

// FS exposes the folder for the server's file handler.
func (l *Local) FS() fs.FS { return os.DirFS(l.dir) }
