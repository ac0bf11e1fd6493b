// Package account holds who the user is: accounts, passwords, sessions
// (access and refresh tokens) and the profile the back-office reads.
package account

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"time"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/emails"
	"noces/internal/hosts"
	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/outbox"
	"noces/internal/platform/blob"
	"noces/internal/ratelimit"
	"noces/internal/store"
	"noces/internal/validate"
)

// Service runs the account rules.
type Service struct {
	store   *store.Store
	clock   clock.Clock
	hasher  *Hasher
	signer  *Signer
	links   hosts.Links
	outbox  *outbox.Outbox
	emails  *emails.Renderer
	limiter *ratelimit.Limiter
	blobs   blob.Store
	texts   *i18n.Bundle
	log     *slog.Logger
	// dummyHash is verified when an e-mail has no account, so a wrong e-mail
	// takes as long as a wrong password and addresses cannot be probed.
	dummyHash string
	// sessions is this server's copy of the revoked sessions (revocations.go).
	sessions *revocations
}

// Deps are the service's collaborators.
type Deps struct {
	Store  *store.Store
	Clock  clock.Clock
	Hasher *Hasher
	Signer *Signer
	Links  hosts.Links
	// Outbox queues the e-mails and SMS in the transactions they report.
	Outbox  *outbox.Outbox
	Emails  *emails.Renderer
	Limiter *ratelimit.Limiter
	Blobs   blob.Store
	Texts   *i18n.Bundle
	Log     *slog.Logger
}

// NewService wires the account service.
func NewService(d Deps) (*Service, error) {
	return &Service{store: d.Store, clock: d.Clock, hasher: d.Hasher, signer: d.Signer, links: d.Links,
		outbox: d.Outbox, emails: d.Emails, limiter: d.Limiter, blobs: d.Blobs, texts: d.Texts,
		log: d.Log, dummyHash: d.Hasher.DummyHash(), sessions: newRevocations(d.Store, d.Clock, d.Log)}, nil
}

// NewUser is what creating an account needs.
type NewUser struct {
	Email, Password, Role, Firstname, Lastname, Phone, Locale, Domain string
	// Moderated and Onboarded are set by administrative creation and the demo.
	Moderated, Onboarded bool
}

// CreateUser validates and creates an account. A taken e-mail is a 409.
func (s *Service) CreateUser(ctx context.Context, in NewUser) (model.User, error) {
	u, err := s.newUserRow(ctx, in)
	if err != nil {
		return model.User{}, err
	}
	return u, insertUser(ctx, s.store, u)
}

// newUserRow checks in and hashes its password: the slow part, kept outside
// any transaction so it never holds a database lock.
func (s *Service) newUserRow(ctx context.Context, in NewUser) (model.User, error) {
	if err := s.checkNewUser(&in); err != nil {
		return model.User{}, err
	}
	hash, err := s.hasher.Hash(ctx, in.Password)
	if err != nil {
		return model.User{}, err
	}
	now := s.clock.Now()
	return model.User{
		ID: model.NewID(), Email: in.Email, PasswordHash: hash, Role: in.Role,
		Firstname: in.Firstname, Lastname: in.Lastname, Phone: in.Phone, Locale: in.Locale, Domain: in.Domain,
		IsModerated: in.Moderated, HasFinishedOnboarding: in.Onboarded, PremiumStatus: model.PremiumNone,
		CreatedAt: now, UpdatedAt: now,
	}, nil
}

// insertUser writes u, turning a taken e-mail into the user's 409.
func insertUser(ctx context.Context, st *store.Store, u model.User) error {
	err := st.CreateUser(ctx, u)
	if errors.Is(err, store.ErrConflict) {
		return &apperr.Error{Kind: apperr.Conflict, Code: "register.errors.email_already_used",
			Fields: map[string]string{"email": "register.errors.email_already_used"}, Err: err}
	}
	return err
}

// checkNewUser trims in and checks every field of a new account.
func (s *Service) checkNewUser(in *NewUser) error {
	in.Email = strings.TrimSpace(in.Email)
	in.Firstname = strings.TrimSpace(in.Firstname)
	in.Lastname = strings.TrimSpace(in.Lastname)
	if in.Locale == "" {
		in.Locale = i18n.DefaultLang
	}
	if in.Domain == "" {
		in.Domain = i18n.Domains[0].Key
	}
	f := apperr.Fields{}
	if code := validate.Email(in.Email); code != "" {
		f.Add("email", code)
	}
	if code := validate.Password(in.Password); code != "" {
		f.Add("password", code)
	}
	if code := validate.PersonName(in.Firstname); code != "" {
		f.Add("firstname", code)
	}
	if code := validate.PersonName(in.Lastname); code != "" {
		f.Add("lastname", code)
	}
	if !slices.Contains([]string{model.RolePlanner, model.RoleVenue, model.RoleAdmin}, in.Role) {
		f.Add("role", "validation.role_invalid")
	}
	if !i18n.IsLang(in.Locale) {
		f.Add("locale", "validation.locale_invalid")
	}
	if _, ok := i18n.DomainByKey(in.Domain); !ok {
		f.Add("domain", "validation.domain_invalid")
	}
	return f.Err()
}

// openSession issues an access token and a refresh token of family.
func (s *Service) openSession(ctx context.Context, u model.User, impersonatorID, family string) (Tokens, error) {
	now := s.clock.Now()
	access, err := s.signer.Sign(Claims{UserID: u.ID, Role: u.Role, ImpersonatorID: impersonatorID, SessionID: family}, now)
	if err != nil {
		return Tokens{}, err
	}
	refresh, hash, err := newOpaqueToken()
	if err != nil {
		return Tokens{}, err
	}
	err = s.store.CreateRefreshToken(ctx, model.RefreshToken{
		ID: model.NewID(), TokenHash: hash, FamilyID: family, UserID: u.ID,
		ImpersonatorID: sql.NullString{String: impersonatorID, Valid: impersonatorID != ""},
		CreatedAt:      now, ExpiresAt: now.Add(RefreshTTL),
	})
	if err != nil {
		return Tokens{}, err
	}
	return Tokens{Access: access, Refresh: refresh}, nil
}

// Refresh rotates a refresh token: the old one is spent and a new pair comes
// back. A token used twice means it was stolen or replayed: the whole family
// is revoked, so both the thief and the user must sign in again.
func (s *Service) Refresh(ctx context.Context, refresh string) (Tokens, error) {
	expired := apperr.New(apperr.Unauthorized, "errors.session_expired")
	if refresh == "" {
		return Tokens{}, expired
	}
	var out Tokens
	var replay *model.RefreshToken
	err := s.store.InTx(ctx, func(tx *store.Store) error {
		t, err := tx.GetRefreshTokenByHash(ctx, hashToken(refresh))
		if errors.Is(err, store.ErrNotFound) {
			return expired
		}
		if err != nil {
			return err
		}
		now := s.clock.Now()
		if t.RevokedAt.Valid || !now.Before(t.ExpiresAt) {
			return expired
		}
		won, err := tx.MarkRefreshTokenUsed(ctx, t.ID, now)
		if err != nil {
			return err
		}
		if !won {
			replay = &t
			return expired
		}
		u, err := tx.GetUser(ctx, t.UserID)
		if errors.Is(err, store.ErrNotFound) {
			return expired
		}
		if err != nil {
			return err
		}
		out, err = s.withStore(tx).openSession(ctx, u, t.ImpersonatorID.String, t.FamilyID)
		return err
	})
	if replay != nil {
		// Outside the rolled-back transaction, so the revocation sticks.
		if rerr := s.store.RevokeRefreshFamily(ctx, replay.FamilyID, s.clock.Now()); rerr != nil {
			return Tokens{}, rerr
		}
		s.sessions.revokedHere(ctx)
	}
	return out, err
}

// Logout revokes the session the refresh token belongs to. An unknown token
// is not an error: the session is gone either way.
func (s *Service) Logout(ctx context.Context, refresh string) error {
	t, err := s.store.GetRefreshTokenByHash(ctx, hashToken(refresh))
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := s.store.RevokeRefreshFamily(ctx, t.FamilyID, s.clock.Now()); err != nil {
		return err
	}
	s.sessions.revokedHere(ctx)
	return nil
}

// Authenticate checks an access token: its signature, its expiry, and that
// its session was not revoked since it was issued (revocations.go). A
// revoked session is refused like an expired one, so the client tries its
// refresh token, which is revoked too, and signs out.
func (s *Service) Authenticate(ctx context.Context, token string) (Claims, error) {
	c, err := s.signer.Parse(token, s.clock.Now())
	if err != nil {
		return Claims{}, apperr.Wrap(apperr.Unauthorized, "errors.unauthorized", err)
	}
	if c.SessionID == "" {
		// Every token this server issues names its session; one that does
		// not could never be revoked.
		return Claims{}, apperr.New(apperr.Unauthorized, "errors.unauthorized")
	}
	revoked, err := s.sessions.isRevoked(ctx, c.SessionID)
	if err != nil {
		return Claims{}, err
	}
	if revoked {
		return Claims{}, apperr.New(apperr.Unauthorized, "errors.session_expired")
	}
	return c, nil
}

// withStore returns a copy of s running on tx.
func (s *Service) withStore(tx *store.Store) *Service {
	c := *s
	c.store = tx
	return &c
}

// Profile is everything the back-office shows about the signed-in user.
type Profile struct {
	User    model.User
	Company *model.Company
	// PublicURL is the planner's public page, only while it shows; when it
	// does not, PublicHidden says why (store.Hidden...).
	PublicURL      string
	PublicHidden   string
	AvatarURL      string
	IsPremium      bool
	ImpersonatorID string
	// MissingServices: no service chosen; MissingServiceDetails: a chosen
	// service lacks its description or starting budget.
	MissingServices, MissingServiceDetails bool
	// PremiumPlan is the stored plan of the user's subscription, or "".
	PremiumPlan string
	// The media and portrait tasks of the profile checklist.
	HasPhotos, HasVideos                                 bool
	MissingPortrait, MissingExperiences, MissingBenefits bool
	// Version is the version of the rows the profile was read from
	// (store.MeVersion): the profile is the same as long as it is.
	Version int64
	// ChangesAt is when the profile changes with no write, the end of a
	// premium in force (model.PremiumInForce); zero when it does not.
	ChangesAt time.Time
}

// Me loads the profile of the signed-in user: one query (store.GetMe).
func (s *Service) Me(ctx context.Context, c Claims) (Profile, error) {
	m, err := s.store.GetMe(ctx, c.UserID)
	if errors.Is(err, store.ErrNotFound) {
		return Profile{}, apperr.Wrap(apperr.Unauthorized, "errors.unauthorized", err)
	}
	if err != nil {
		return Profile{}, err
	}
	u, now := m.User, s.clock.Now()
	p := Profile{User: u, Company: m.Company, IsPremium: u.IsPremium(now), ImpersonatorID: c.ImpersonatorID,
		Version:   m.Version,
		AvatarURL: s.AvatarURL(u.AvatarKey), PremiumPlan: m.PremiumPlan,
		MissingServices: !m.HasServices, MissingServiceDetails: m.ServiceLacksDetails,
		HasPhotos: m.HasPhotos, HasVideos: m.HasVideos,
		MissingPortrait: !m.HasPortrait, MissingExperiences: !m.HasExperience, MissingBenefits: !m.HasBenefits}
	if u.PremiumEndAt.Valid && now.Before(u.PremiumEndAt.Time) {
		p.ChangesAt = u.PremiumEndAt.Time
	}
	// A link to a page that answers 404 is worse than no link: the
	// back-office explains what is missing instead.
	if m.Company != nil && u.Role == model.RolePlanner {
		p.PublicHidden = store.PlannerPageHidden(u, *m.Company)
		if p.PublicHidden == "" && s.links != nil {
			p.PublicURL = s.links.ProfileURL(m.Company.CountryCode, m.Company.Slug)
		}
	}
	return p, nil
}

// MeVersion is the version of the signed-in user's profile as stored now
// (store.MeVersion), a read by primary key: a profile read at this version
// is still the profile.
func (s *Service) MeVersion(ctx context.Context, userID string) (int64, error) {
	return s.store.MeVersion(ctx, userID)
}

// Now exposes the service's clock to callers that format its answers.
func (s *Service) Now() time.Time { return s.clock.Now() }
