// Package linktoken makes and reads the secrets of private links sent by
// e-mail (a couple's conversation, its invitation to review): 32 random
// bytes (256 bits) in unpadded base64url, 43 characters, of which only the
// SHA-256 is stored, so the database alone opens no link.
package linktoken

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
)

// Bytes is a token's random length; Len its length in a URL.
const (
	Bytes = 32
	Len   = 43
)

// New returns a fresh token and the hash stored for it.
func New() (token, hash string) {
	b := make([]byte, Bytes)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(b), HashOf(b)
}

// HashOf is the stored hash of a token's raw bytes.
func HashOf(raw []byte) string {
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

// Parse checks a token from a URL and returns the hash it is stored under;
// ok is false for anything New could not have made (wrong length, alphabet,
// padding or a non-canonical encoding), which is then never looked up.
func Parse(s string) (hash string, ok bool) {
	if len(s) != Len {
		return "", false
	}
	raw, err := base64.RawURLEncoding.Strict().DecodeString(s)
	if err != nil || len(raw) != Bytes {
		return "", false
	}
	return HashOf(raw), true
}
