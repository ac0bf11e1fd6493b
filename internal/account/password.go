package account

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"runtime"
	"strings"

	"golang.org/x/crypto/argon2"
)

// HashParams are the argon2id costs. Production uses DefaultHashParams; tests
// may lower the memory to run faster through the same code.
type HashParams struct {
	Time    uint32
	Memory  uint32 // KiB
	Threads uint8
}

// DefaultHashParams cost about 125 ms and 64 MiB per hash on a 2-core machine.
var DefaultHashParams = HashParams{Time: 1, Memory: 64 * 1024, Threads: 2}

// Hasher hashes and checks passwords with argon2id. At most `slots` hashes run
// at once: each takes 64 MiB, so a flood of sign-ins queues here instead of
// exhausting memory or starving every other request of CPU.
type Hasher struct {
	params HashParams
	slots  chan struct{}
}

// NewHasher returns a Hasher running at most concurrency hashes at once
// (the number of CPUs when concurrency <= 0).
func NewHasher(p HashParams, concurrency int) *Hasher {
	if concurrency <= 0 {
		concurrency = runtime.NumCPU()
	}
	return &Hasher{params: p, slots: make(chan struct{}, concurrency)}
}

// errMalformedHash is returned for a stored hash this code cannot read.
var errMalformedHash = errors.New("account: malformed password hash")

func (h *Hasher) acquire(ctx context.Context) error {
	select {
	case h.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (h *Hasher) release() { <-h.slots }

// Hash returns the PHC-encoded argon2id hash of password.
func (h *Hasher) Hash(ctx context.Context, password string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("account: salt: %w", err)
	}
	if err := h.acquire(ctx); err != nil {
		return "", err
	}
	defer h.release()
	p := h.params
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, 32)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key)), nil
}

// Verify reports whether password matches encoded, using the parameters stored
// in encoded (so hashes made with older costs still verify).
func (h *Hasher) Verify(ctx context.Context, password, encoded string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errMalformedHash
	}
	var p HashParams
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil {
		return false, errMalformedHash
	}
	salt, err1 := base64.RawStdEncoding.DecodeString(parts[4])
	want, err2 := base64.RawStdEncoding.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(want) == 0 {
		return false, errMalformedHash
	}
	if err := h.acquire(ctx); err != nil {
		return false, err
	}
	defer h.release()
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}
