package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// Local stores files under a folder and serves them under a URL prefix: one
// server, no setup.
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
	if err := CheckKey(key); err != nil {
		return "", err
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

// Open opens key's file; a folder is not an object, so it is ErrNotFound.
func (l *Local) Open(_ context.Context, key string) (io.ReadSeekCloser, Info, error) {
	p, err := l.path(key)
	if err != nil {
		return nil, Info{}, err
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, Info{}, l.notFound(key, err)
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = os.ErrNotExist
	}
	if err != nil {
		f.Close()
		return nil, Info{}, l.notFound(key, err)
	}
	return f, localInfo(key, st), nil
}

// Stat describes key's file.
func (l *Local) Stat(_ context.Context, key string) (Info, error) {
	p, err := l.path(key)
	if err != nil {
		return Info{}, err
	}
	st, err := os.Stat(p)
	if err == nil && !st.Mode().IsRegular() {
		err = os.ErrNotExist
	}
	if err != nil {
		return Info{}, l.notFound(key, err)
	}
	return localInfo(key, st), nil
}

// List walks the folder in lexical order, which is key order; files whose
// names are not keys (a Put's temporary file) are not objects.
func (l *Local) List(ctx context.Context, prefix string, fn func(Info) error) error {
	err := filepath.WalkDir(l.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		rel, err := filepath.Rel(l.dir, p)
		if err != nil {
			return err
		}
		key := filepath.ToSlash(rel)
		if d.IsDir() {
			// A folder whose path cannot begin the prefix holds no match.
			if key != "." && !strings.HasPrefix(key+"/", prefix) && !strings.HasPrefix(prefix, key+"/") {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !strings.HasPrefix(key, prefix) || CheckKey(key) != nil {
			return nil
		}
		st, err := d.Info()
		if errors.Is(err, fs.ErrNotExist) {
			return nil // deleted while walking
		}
		if err != nil {
			return err
		}
		return fn(localInfo(key, st))
	})
	if err != nil {
		return fmt.Errorf("blob: list %q: %w", prefix, err)
	}
	return nil
}

func (l *Local) notFound(key string, err error) error {
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrInvalid) {
		return fmt.Errorf("%w: %s", ErrNotFound, key)
	}
	// A key under a file ("a.jpg/b") is ENOTDIR: missing all the same.
	if errors.Is(err, syscall.ENOTDIR) {
		return fmt.Errorf("%w: %s", ErrNotFound, key)
	}
	return fmt.Errorf("blob: %w", err)
}

// localInfo gives a file the ETag nginx would: its modification time and
// size, which change whenever Put replaces it.
func localInfo(key string, st fs.FileInfo) Info {
	return Info{
		Key: key, Size: st.Size(), ModTime: st.ModTime().UTC(), ContentType: contentType(key),
		ETag: strconv.FormatInt(st.ModTime().UnixNano(), 16) + "-" + strconv.FormatInt(st.Size(), 16),
	}
}

// URL is the prefix plus the key.
func (l *Local) URL(key string) string { return l.prefix + key }

// FS exposes the folder read-only, for tests that look at what was written.
func (l *Local) FS() fs.FS { return os.DirFS(l.dir) }
