package account

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// AccessTTL is the lifetime of an access token.
const AccessTTL = 15 * time.Minute

// RefreshTTL is the lifetime of a refresh token; each use rotates it.
const RefreshTTL = 30 * 24 * time.Hour

// Claims are what an access token says about its bearer.
type Claims struct {
	UserID string
	Role   string
	// ImpersonatorID is the admin acting as UserID, empty otherwise.
	ImpersonatorID string
	// SessionID is the refresh-token family the access token came from, so
	// "sign out my other sessions" knows which one to keep.
	SessionID string
}

type jwtClaims struct {
	Role string `json:"role"`
	Imp  string `json:"imp,omitempty"`
	Sid  string `json:"sid,omitempty"`
	jwt.RegisteredClaims
}

// Tokens are a signed-in session's pair.
type Tokens struct {
	Access  string `json:"token"`
	Refresh string `json:"refresh_token"`
}

// Signer issues and checks access tokens (HS256 JWT).
type Signer struct {
	key []byte
	// scratch holds the HMAC states and buffers of parseOwn, so checking a
	// token the common way allocates only the claims' text.
	scratch sync.Pool
}

// NewSigner returns a Signer for key (at least 32 bytes).
func NewSigner(key []byte) (*Signer, error) {
	if len(key) < 32 {
		return nil, errors.New("account: token key shorter than 32 bytes")
	}
	s := &Signer{key: key}
	s.scratch.New = func() any { return &tokenScratch{mac: hmac.New(sha256.New, s.key)} }
	return s, nil
}

// Sign issues an access token valid AccessTTL from now.
func (s *Signer) Sign(c Claims, now time.Time) (string, error) {
	t := jwt.NewWithClaims(jwt.SigningMethodHS256, jwtClaims{
		Role: c.Role, Imp: c.ImpersonatorID, Sid: c.SessionID,
		RegisteredClaims: jwt.RegisteredClaims{
			Subject:   c.UserID,
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(AccessTTL)),
		},
	})
	signed, err := t.SignedString(s.key)
	if err != nil {
		return "", fmt.Errorf("account: sign: %w", err)
	}
	return signed, nil
}

// Parse checks an access token's signature and expiry at now. Segments are
// decoded strictly: otherwise the two unused low bits of the signature's
// last character could be anything, and one token would have four spellings.
//
// Every request signed in goes through here, so its cost is paid on every
// back-office call: a token written
// exactly as Sign writes them is checked by parseOwn without the JWT
// library's reflection and maps; anything else, including every token
// refused, takes the library's path, so what is accepted and every error
// stay the library's.
func (s *Signer) Parse(token string, now time.Time) (Claims, error) {
	if c, ok := s.parseOwn(token, now); ok {
		return c, nil
	}
	return s.parseJWT(token, now)
}

// parseJWT is Parse by the JWT library, for every token parseOwn declines.
func (s *Signer) parseJWT(token string, now time.Time) (Claims, error) {
	var c jwtClaims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return s.key, nil },
		jwt.WithValidMethods([]string{"HS256"}), jwt.WithTimeFunc(func() time.Time { return now }),
		jwt.WithExpirationRequired(), jwt.WithStrictDecoding())
	if err != nil {
		return Claims{}, fmt.Errorf("account: parse token: %w", err)
	}
	if c.Subject == "" {
		return Claims{}, errors.New("account: token without subject")
	}
	return Claims{UserID: c.Subject, Role: c.Role, ImpersonatorID: c.Imp, SessionID: c.Sid}, nil
}

// newOpaqueToken returns a random refresh token and the hash stored for it.
func newOpaqueToken() (token, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", fmt.Errorf("account: random: %w", err)
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, hashToken(token), nil
}

// hashToken is how opaque tokens are stored: a leaked table gives no usable token.
func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
