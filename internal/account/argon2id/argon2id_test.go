package argon2id

import (
	"bytes"
	"fmt"
	"testing"

	"golang.org/x/crypto/argon2"
)

// Every output must be x/crypto's: the same hashes verify before and after.
// One buffer serves every case, in an order where it shrinks and grows, so
// a block left over from an earlier hash would show.
func TestKeyIsXCryptoIDKey(t *testing.T) {
	var buf Buffer
	cases := []struct {
		time, memory uint32
		threads      uint8
		keyLen       uint32
	}{
		{1, 64, 1, 32}, {1, 1024, 2, 32}, {3, 256, 4, 16}, {2, 100, 3, 64}, {1, 8, 1, 32},
		{1, 4096, 2, 32}, {4, 512, 2, 100}, {1, 37, 5, 32}, {1, 16 * 1024, 2, 32},
	}
	for i, c := range cases {
		for _, pw := range []string{"", "Demo-2026!", "a longer password with ünïcode"} {
			salt := []byte(fmt.Sprintf("salt-%02d-0123456789", i))
			t.Run(fmt.Sprintf("t=%d m=%d p=%d len=%d %q", c.time, c.memory, c.threads, c.keyLen, pw), func(t *testing.T) {
				want := argon2.IDKey([]byte(pw), salt, c.time, c.memory, c.threads, c.keyLen)
				got := Key(&buf, []byte(pw), salt, c.time, c.memory, c.threads, c.keyLen)
				if !bytes.Equal(got, want) {
					t.Fatalf("Key = %x, x/crypto's IDKey = %x", got, want)
				}
			})
		}
	}
}

func TestKeyReusesTheBuffer(t *testing.T) {
	var buf Buffer
	Key(&buf, []byte("a"), []byte("0123456789abcdef"), 1, 1024, 2, 32)
	first := &buf.blocks[0]
	Key(&buf, []byte("b"), []byte("0123456789abcdef"), 1, 512, 2, 32)
	if &buf.blocks[0] != first || buf.Bytes() != 1024*1024 {
		t.Fatalf("a smaller hash reallocated the buffer (%d bytes)", buf.Bytes())
	}
	if n := testing.AllocsPerRun(5, func() { Key(&buf, []byte("c"), []byte("0123456789abcdef"), 1, 1024, 2, 32) }); n > 20 {
		t.Fatalf("a hash in a warm buffer made %.0f allocations", n)
	}
}

// BenchmarkKey is one production hash (t=1, 64 MiB, p=2) in one goroutine.
func BenchmarkKey(b *testing.B) {
	var buf Buffer
	for b.Loop() {
		Key(&buf, []byte("Demo-2026!"), []byte("0123456789abcdef"), 1, 64*1024, 2, 32)
	}
}
