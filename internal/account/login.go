package account

import (
	"context"
	"errors"
	"strconv"
	"time"

	"noces/internal/apperr"
	"noces/internal/emails"
	"noces/internal/model"
	"noces/internal/ratelimit"
	"noces/internal/store"
)

// The sign-in throttles follow OWASP's Authentication and Credential
// Stuffing cheat sheets: failures slow down who makes them, nothing locks an
// account, and the owner hears of an attack. A lockout would hand anyone who
// knows an address (the admin's included) a way to keep its owner out.
var (
	// loginPair slows one address guessing one account: 5 failures an hour
	// pass, then each waits 1 s, 2 s, 4 s ... after the last, up to 15 min.
	loginPair = ratelimit.Backoff{Free: 5, Base: time.Second, Max: 15 * time.Minute, Window: time.Hour}
	// loginAddress slows one address trying many accounts (credential
	// stuffing): 20 failures an hour pass, then the same growing delay. An
	// address shared by honest users (an office, a carrier's NAT) only waits
	// when its failures go well beyond typing slips.
	loginAddress = ratelimit.Backoff{Free: 20, Base: time.Second, Max: 15 * time.Minute, Window: time.Hour}
	// loginAccount is the short delay an account under attack from many
	// addresses asks: from 10 failures in 15 minutes, from anywhere, every
	// address waits 1 s, then 2 s, 4 s and at most 5 s, once per 15 minutes
	// (ratelimit.WaitOnce). The attacker's failures cannot renew an address's
	// wait, so the right password from a fresh address gets in within 5 s.
	loginAccount = ratelimit.Backoff{Free: 10, Base: time.Second, Max: 5 * time.Second, Window: 15 * time.Minute}
)

// The owner of an account gets an e-mail after alertFailures failed sign-ins
// within alertWindow, at most one per account and UTC day.
const (
	alertFailures = 10
	alertWindow   = time.Hour
)

// Login checks a pair of credentials and opens a session. Any wrong pair,
// unknown e-mail included, is the same 401, counted and throttled the same
// way. ip is the client's address (clientip), for the throttles.
//
// The throttles are checked before the password, so a throttled guess learns
// nothing, and only refused passwords count, so waiting never makes it worse.
func (s *Service) Login(ctx context.Context, email, password, ip string) (Tokens, error) {
	// A line of passwords too long to wait in is refused first: the same
	// for every account, and without a query for those who keep retrying.
	if err := s.hasher.Admit(); err != nil {
		return Tokens{}, err
	}
	key := store.EmailKey(email)
	acct, addr, pair := "login:account:"+key, "login:ip:"+ip, "login:pair:"+key+"|"+ip
	if err := s.limiter.CheckBackoff(ctx, addr, loginAddress); err != nil {
		return Tokens{}, err
	}
	if err := s.limiter.CheckBackoff(ctx, pair, loginPair); err != nil {
		return Tokens{}, err
	}
	n, _, err := s.limiter.Count(ctx, acct, loginAccount.Window)
	if err != nil {
		return Tokens{}, err
	}
	if d := loginAccount.Delay(n); d > 0 {
		if err := s.limiter.WaitOnce(ctx, "login:wait:"+key+"|"+ip, d, loginAccount.Window); err != nil {
			return Tokens{}, err
		}
	}
	fail := func(owner *model.User) (Tokens, error) {
		for _, b := range []string{pair, addr, acct} {
			if err := s.limiter.Hit(ctx, b); err != nil {
				return Tokens{}, err
			}
		}
		if err := s.alertOwner(ctx, owner, key); err != nil {
			return Tokens{}, err
		}
		return Tokens{}, apperr.New(apperr.Unauthorized, "errors.invalid_credentials")
	}
	u, err := s.store.GetUserByEmail(ctx, email)
	if errors.Is(err, store.ErrNotFound) {
		// A full line refuses an unknown e-mail as it refuses a known one:
		// a 401 while others get 429 would tell which addresses exist.
		if _, err := s.hasher.Verify(ctx, password, s.dummyHash); err != nil {
			return Tokens{}, err
		}
		return fail(nil)
	}
	if err != nil {
		return Tokens{}, err
	}
	ok, err := s.hasher.Verify(ctx, password, u.PasswordHash)
	if err != nil {
		return Tokens{}, err
	}
	if !ok {
		return fail(&u)
	}
	// The address knows the password: its own slips are forgiven. The
	// account's and the address's counts stay, or signing in to one's own
	// account would wipe an attack's trace.
	if err := s.limiter.Reset(ctx, pair); err != nil {
		return Tokens{}, err
	}
	return s.openSession(ctx, u, "", model.NewID())
}

// alertOwner e-mails the owner of the account of e-mail key key once its
// failed sign-ins in alertWindow reach alertFailures, at most once a UTC day:
// enough to notice an attack, not a message per guess. It says how many and
// since when, not from where. An unknown e-mail (owner nil) takes the same
// steps without the e-mail, so the time of a 401 does not tell whether the
// account exists.
func (s *Service) alertOwner(ctx context.Context, owner *model.User, key string) error {
	n, since, err := s.limiter.Count(ctx, "login:account:"+key, alertWindow)
	if err != nil || n < alertFailures {
		return err
	}
	first, err := s.limiter.Once(ctx, "login:alert:"+key, 24*time.Hour)
	if err != nil || !first || owner == nil {
		return err
	}
	return s.store.InTx(ctx, func(tx *store.Store) error {
		return s.sendEmail(ctx, tx, *owner, owner.Email, emails.KindSignInFailures, map[string]string{
			"count": strconv.Itoa(n), "since": since.UTC().Format(time.RFC3339),
			"securityUrl": s.links.ProURL(owner.Domain, "/security"),
		})
	})
}
