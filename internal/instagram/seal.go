package instagram

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// sealer encrypts with AES-256-GCM; the purpose is the additional data, so a
// value sealed for one use (a stored token) cannot be replayed as another (a
// return ticket).
type sealer struct {
	aead cipher.AEAD
}

func newSealer(key []byte) (*sealer, error) {
	if len(key) != 32 {
		return nil, errors.New("instagram: the sealing key must be 32 bytes")
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("instagram: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("instagram: %w", err)
	}
	return &sealer{aead: aead}, nil
}

// seal returns base64url(nonce | ciphertext).
func (s *sealer) seal(purpose string, plain []byte) string {
	nonce := make([]byte, s.aead.NonceSize(), s.aead.NonceSize()+len(plain)+s.aead.Overhead())
	if _, err := rand.Read(nonce); err != nil {
		panic("instagram: no randomness: " + err.Error()) // crypto/rand never fails on supported systems
	}
	return base64.RawURLEncoding.EncodeToString(s.aead.Seal(nonce, nonce, plain, []byte(purpose)))
}

var errSealed = errors.New("instagram: sealed value refused")

func (s *sealer) open(purpose, sealed string) ([]byte, error) {
	if len(sealed) > 8192 {
		return nil, errSealed
	}
	raw, err := base64.RawURLEncoding.DecodeString(sealed)
	if err != nil || len(raw) < s.aead.NonceSize()+s.aead.Overhead() {
		return nil, errSealed
	}
	n := s.aead.NonceSize()
	plain, err := s.aead.Open(nil, raw[:n], raw[n:], []byte(purpose))
	if err != nil {
		return nil, errSealed
	}
	return plain, nil
}

// StateTTL is how long an authorisation may take, from the click on
// "connect" to the return from Instagram; TicketTTL is how long the screen
// has to hand the return ticket back.
const (
	StateTTL  = 15 * time.Minute
	TicketTTL = 5 * time.Minute
)

// ErrBadState is a state or ticket that is forged, altered, expired or
// another user's.
var ErrBadState = errors.New("instagram: authorisation state refused")

// States signs the OAuth state: the user it was made for and its expiry,
// with an HMAC, so the return from Instagram is tied to the user who
// started it.
type States struct {
	key []byte
}

// NewStates returns a signer with key (at least 32 bytes).
func NewStates(key []byte) (*States, error) {
	if len(key) < 32 {
		return nil, errors.New("instagram: the state key must be at least 32 bytes")
	}
	return &States{key: key}, nil
}

// Make returns the state of userID, good until now+StateTTL:
// base64url(userID).expiry.nonce.mac.
func (s *States) Make(userID string, now time.Time) string {
	nonce := make([]byte, 12)
	_, _ = rand.Read(nonce)
	body := base64.RawURLEncoding.EncodeToString([]byte(userID)) + "." + strconv.FormatInt(now.Add(StateTTL).Unix(), 10) + "." +
		base64.RawURLEncoding.EncodeToString(nonce)
	return body + "." + s.mac(body)
}

func (s *States) mac(body string) string {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte("instagram-state|" + body))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// Check returns the user a state was made for, or ErrBadState.
func (s *States) Check(state string, now time.Time) (string, error) {
	if len(state) > 512 {
		return "", ErrBadState
	}
	parts := strings.Split(state, ".")
	if len(parts) != 4 {
		return "", ErrBadState
	}
	body := strings.Join(parts[:3], ".")
	if !hmac.Equal([]byte(parts[3]), []byte(s.mac(body))) {
		return "", ErrBadState
	}
	user, err := base64.RawURLEncoding.DecodeString(parts[0])
	if err != nil || len(user) == 0 {
		return "", ErrBadState
	}
	exp, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil || now.Unix() > exp {
		return "", ErrBadState
	}
	return string(user), nil
}

// ticket is what the callback hands the screen: the code, who may redeem it
// and the redirect URI the exchange must repeat.
type ticket struct {
	UserID      string `json:"u"`
	Code        string `json:"c"`
	RedirectURI string `json:"r"`
	Expires     int64  `json:"e"`
}

const ticketPurpose = "instagram-ticket"

func (s *sealer) makeTicket(t ticket) string {
	b, _ := json.Marshal(t)
	return s.seal(ticketPurpose, b)
}

// openTicket reads a ticket for userID, or ErrBadState.
func (s *sealer) openTicket(sealed, userID string, now time.Time) (ticket, error) {
	plain, err := s.open(ticketPurpose, sealed)
	if err != nil {
		return ticket{}, ErrBadState
	}
	var t ticket
	if json.Unmarshal(plain, &t) != nil || t.UserID != userID || t.Code == "" || now.Unix() > t.Expires {
		return ticket{}, ErrBadState
	}
	return t, nil
}
