package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"time"

	"noces/internal/apperr"
	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/platform/sms"
	"noces/internal/ratelimit"
	"noces/internal/store"
	"noces/internal/validate"
)

// PhoneCodeTTL is how long an SMS code works.
const PhoneCodeTTL = 10 * time.Minute

// PhoneCodeMaxAttempts wrong tries burn a code.
const PhoneCodeMaxAttempts = 5

// SMS codes a user may ask for: each costs money and reaches a phone.
var phoneSendRule = ratelimit.Rule{Max: 3, Window: 15 * time.Minute}

// SMS codes one client address may ask for, whichever accounts it uses:
// new accounts cost nothing, so the per-user rule alone does not bound it.
var phoneSendIPRule = ratelimit.Rule{Max: 10, Window: time.Hour}

var sixDigits = regexp.MustCompile(`^[0-9]{6}$`)

// SendPhoneCode texts a 6-digit code to a new number; VerifyPhone confirms it.
// ip is the client's address, for the per-address limit.
func (s *Service) SendPhoneCode(ctx context.Context, c Claims, rawPhone, ip string) error {
	u, err := s.store.GetUser(ctx, c.UserID)
	if err != nil {
		return err
	}
	d, _ := i18n.DomainByKey(u.Domain)
	phone, code := validate.Phone(rawPhone, d.Country)
	if code != "" {
		return apperr.Validation(map[string]string{"phone": code})
	}
	if err := s.limiter.Check(ctx, "sms:ip:"+ip, phoneSendIPRule); err != nil {
		return err
	}
	if err := s.limiter.Allow(ctx, "sms:user:"+u.ID, phoneSendRule); err != nil {
		return err
	}
	if err := s.limiter.Hit(ctx, "sms:ip:"+ip); err != nil {
		return err
	}
	otp, err := newOTP()
	if err != nil {
		return err
	}
	now := s.clock.Now()
	text := s.texts.T(u.Locale, "sms.phone_code", "code", otp, "minutes", "10")
	return s.store.InTx(ctx, func(tx *store.Store) error {
		err := tx.CreatePhoneCode(ctx, model.PhoneCode{
			ID: model.NewID(), UserID: u.ID, Phone: phone, CodeHash: hashCode(u.ID, otp),
			CreatedAt: now, ExpiresAt: now.Add(PhoneCodeTTL),
		})
		if err != nil {
			return err
		}
		return s.outbox.SMS(ctx, tx, sms.Message{To: phone, Text: text})
	})
}

// VerifyPhone checks a code and, when right, saves the number. Five wrong
// tries burn the code; a new one must be asked for.
func (s *Service) VerifyPhone(ctx context.Context, c Claims, rawPhone, otp string) (string, error) {
	u, err := s.store.GetUser(ctx, c.UserID)
	if err != nil {
		return "", err
	}
	d, _ := i18n.DomainByKey(u.Domain)
	phone, code := validate.Phone(rawPhone, d.Country)
	f := apperr.Fields{}
	if code != "" {
		f.Add("phone", code)
	}
	if !sixDigits.MatchString(otp) {
		f.Add("code", "account.phone.errors.code_format")
	}
	if err := f.Err(); err != nil {
		return "", err
	}
	expired := apperr.Validation(map[string]string{"code": "account.phone.errors.code_expired"})
	pc, err := s.store.GetActivePhoneCode(ctx, u.ID, phone, s.clock.Now())
	if errors.Is(err, store.ErrNotFound) {
		return "", expired
	}
	if err != nil {
		return "", err
	}
	// The try is counted before the comparison, in one conditional UPDATE, so
	// parallel guesses cannot get more than five between them.
	allowed, err := s.store.CountPhoneCodeAttempt(ctx, pc.ID, PhoneCodeMaxAttempts)
	if err != nil {
		return "", err
	}
	if !allowed {
		return "", expired
	}
	if subtle.ConstantTimeCompare([]byte(hashCode(u.ID, otp)), []byte(pc.CodeHash)) != 1 {
		if pc.Attempts+1 >= PhoneCodeMaxAttempts {
			return "", expired
		}
		return "", apperr.Validation(map[string]string{"code": "account.phone.errors.code_invalid"})
	}
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		now := s.clock.Now()
		won, err := tx.UsePhoneCode(ctx, pc.ID, now)
		if err != nil {
			return err
		}
		if !won {
			return expired
		}
		return tx.UpdateUserPhone(ctx, u.ID, phone, now)
	})
	if err != nil {
		return "", err
	}
	return phone, nil
}

func newOTP() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", fmt.Errorf("account: code: %w", err)
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// hashCode binds a code to its user, so a leaked table of hashes of six-digit
// codes cannot be reversed by one precomputed table for everybody.
func hashCode(userID, code string) string {
	sum := sha256.Sum256([]byte(userID + ":" + code))
	return hex.EncodeToString(sum[:])
}
