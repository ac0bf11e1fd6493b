// Package secret makes the random secrets of private links: a couple's
// conversation link, a provider's calendar feed. A secret is 32 random bytes
// (256 bits) in unpadded base64url, 43 characters; only its SHA-256 is
// stored, so the database alone opens nothing.
package secret

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
)

// Bytes is a secret's randomness; Len its length as text.
const (
	Bytes = 32
	Len   = 43
)

// New returns a fresh secret and the hash stored for it.
func New() (secret, hash string) {
	b := make([]byte, Bytes)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(b), Hash(b)
}

// Hash is the stored form of a secret's raw bytes: hex SHA-256.
func Hash(raw []byte) string {
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

// Parse checks a secret from a URL and returns the hash it is stored
// under; ok is false for anything New could not have made (wrong length,
// alphabet, padding or a non-canonical encoding), which is then never
// looked up.
func Parse(s string) (hash string, ok bool) {
	if len(s) != Len {
		return "", false
	}
	raw, err := base64.RawURLEncoding.Strict().DecodeString(s)
	if err != nil || len(raw) != Bytes {
		return "", false
	}
	return Hash(raw), true
}
