package instagram

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/imaging"
	"noces/internal/model"
	"noces/internal/platform/blob"
	"noces/internal/store"
)

// Limits of the sync.
const (
	// Posts is how many of the latest posts are kept and shown.
	Posts = 12
	// PictureMaxBytes bounds one downloaded picture; PictureSide is the
	// longer side of the stored copy (the public grid shows them small).
	PictureMaxBytes = 8 << 20
	PictureSide     = 640
	// RefreshAge and RefreshWithin: a long-lived token is refreshed once it
	// is older than a day (Instagram refuses sooner) and within ten days of
	// its expiry, so a sync every few hours never lets one lapse.
	RefreshAge    = 24 * time.Hour
	RefreshWithin = 10 * 24 * time.Hour
	// DefaultLongLived is assumed when Instagram does not say (60 days).
	DefaultLongLived = 60 * 24 * time.Hour
	// SyncInterval is the schedule's period, SyncConcurrency the accounts
	// synced at once, AccountTimeout one account's bound.
	SyncInterval    = 3 * time.Hour
	SyncConcurrency = 3
	AccountTimeout  = 2 * time.Minute
	captionMax      = 300
)

// Deps are what the service needs; app builds them. Client nil means the
// server has no Instagram app: every call answers "unavailable".
type Deps struct {
	Store  *store.Store
	Clock  clock.Clock
	Blobs  blob.Store
	Client *Client
	// TokenKey seals tokens at rest and the return tickets (32 bytes);
	// StateKey signs the OAuth state. app derives both from the token key.
	TokenKey []byte
	StateKey []byte
	Log      *slog.Logger
}

// Service runs the Instagram sync.
type Service struct {
	Deps
	seal   *sealer
	states *States
}

// NewService returns the service; without a client it only answers
// "unavailable" and shows no posts.
func NewService(d Deps) (*Service, error) {
	if d.Store == nil || d.Blobs == nil {
		return nil, errors.New("instagram: store and blobs are required")
	}
	if d.Clock == nil {
		d.Clock = clock.System{}
	}
	if d.Log == nil {
		d.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s := &Service{Deps: d}
	if d.Client == nil {
		return s, nil
	}
	var err error
	if s.seal, err = newSealer(d.TokenKey); err != nil {
		return nil, err
	}
	if s.states, err = NewStates(d.StateKey); err != nil {
		return nil, err
	}
	return s, nil
}

// Available reports whether the server has an Instagram app.
func (s *Service) Available() bool { return s != nil && s.Client != nil }

func unavailable() error { return apperr.New(apperr.Unavailable, "instagram.errors.unavailable") }

// Reasons the sync is not offered.
const (
	ReasonPremium = "premium" // a free plan
	ReasonLink    = "link"    // no Instagram link in social networks
)

// PublicPost is a synced post as pages show it.
type PublicPost struct {
	ImageURL  string
	Width     int
	Height    int
	Permalink string
	Caption   string
	PostedAt  time.Time
}

// Status is the Instagram card of the social networks screen.
type Status struct {
	Available bool
	// Reason says why the sync is not offered ("" when it is).
	Reason       string
	HasToken     bool
	TokenExpired bool
	LastSyncAt   *time.Time
	Posts        []PublicPost
}

// eligibility returns why userID may not sync, "" when they may.
func (s *Service) eligibility(ctx context.Context, userID string) (string, error) {
	u, err := s.Store.GetUser(ctx, userID)
	if errors.Is(err, store.ErrNotFound) {
		return "", apperr.Wrap(apperr.Unauthorized, "errors.unauthorized", err)
	}
	if err != nil {
		return "", err
	}
	if !u.IsPremium(s.Clock.Now()) {
		return ReasonPremium, nil
	}
	l, err := s.Store.GetSocialLinks(ctx, userID)
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(l.Instagram) == "" {
		return ReasonLink, nil
	}
	return "", nil
}

func refusal(reason string) error {
	if reason == ReasonPremium {
		return apperr.New(apperr.Forbidden, "instagram.errors.premium_required")
	}
	return apperr.New(apperr.Forbidden, "instagram.errors.link_required")
}

// Status returns the card's state for userID.
func (s *Service) Status(ctx context.Context, userID string) (Status, error) {
	out := Status{Available: s.Available()}
	if !out.Available {
		return out, nil
	}
	reason, err := s.eligibility(ctx, userID)
	if err != nil {
		return out, err
	}
	out.Reason = reason
	a, err := s.Store.GetInstagramAccount(ctx, userID)
	if errors.Is(err, store.ErrNotFound) {
		return out, nil
	}
	if err != nil {
		return out, err
	}
	out.HasToken = true
	out.TokenExpired = a.Status == model.InstagramExpired
	if a.LastSyncAt.Valid {
		t := a.LastSyncAt.Time.UTC()
		out.LastSyncAt = &t
	}
	if out.Posts, err = s.posts(ctx, userID); err != nil {
		return out, err
	}
	return out, nil
}

func (s *Service) posts(ctx context.Context, userID string) ([]PublicPost, error) {
	rows, err := s.Store.ListInstagramPosts(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make([]PublicPost, 0, len(rows))
	for _, p := range rows {
		out = append(out, PublicPost{ImageURL: s.Blobs.URL(p.ImageKey), Width: p.Width, Height: p.Height, Permalink: p.Permalink,
			Caption: p.Caption, PostedAt: p.PostedAt})
	}
	return out, nil
}

// PublicPosts are the posts a provider's public page shows: none unless the
// server has an Instagram app, the provider is premium with an Instagram
// link, and the token works (see the package comment for why an expired
// token hides them).
func (s *Service) PublicPosts(ctx context.Context, userID string) ([]PublicPost, error) {
	if !s.Available() {
		return nil, nil
	}
	reason, err := s.eligibility(ctx, userID)
	if err != nil || reason != "" {
		return nil, err
	}
	a, err := s.Store.GetInstagramAccount(ctx, userID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && a.Status != model.InstagramSynced) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return s.posts(ctx, userID)
}

// AuthURL is the authorisation window's address for userID, who must be
// allowed to sync; redirectURI is the callback's address on the host the
// user is on.
func (s *Service) AuthURL(ctx context.Context, userID, redirectURI string) (string, error) {
	if !s.Available() {
		return "", unavailable()
	}
	reason, err := s.eligibility(ctx, userID)
	if err != nil {
		return "", err
	}
	if reason != "" {
		return "", refusal(reason)
	}
	return s.Client.AuthorizeURL(redirectURI, s.states.Make(userID, s.Clock.Now())), nil
}

// Callback turns Instagram's return (code and state) into the ticket the
// screen hands back with the user's session. A forged, expired or altered
// state is ErrBadState.
func (s *Service) Callback(code, state, redirectURI string) (string, error) {
	if !s.Available() {
		return "", unavailable()
	}
	now := s.Clock.Now()
	userID, err := s.states.Check(state, now)
	if err != nil {
		return "", err
	}
	// Instagram appends "#_" to the redirect; a browser drops the fragment,
	// a careless copy may not.
	code = strings.TrimSuffix(code, "#_")
	if code == "" || len(code) > 2048 {
		return "", ErrBadState
	}
	return s.seal.makeTicket(ticket{UserID: userID, Code: code, RedirectURI: redirectURI, Expires: now.Add(TicketTTL).Unix()}), nil
}

// Connect redeems a return ticket for userID: the code is exchanged for a
// short-lived token, that for a long-lived one, which is sealed and stored,
// and a first sync runs so the screen shows the posts at once (its failure
// is logged, the schedule tries again).
func (s *Service) Connect(ctx context.Context, userID, sealedTicket string) error {
	if !s.Available() {
		return unavailable()
	}
	reason, err := s.eligibility(ctx, userID)
	if err != nil {
		return err
	}
	if reason != "" {
		return refusal(reason)
	}
	t, err := s.seal.openTicket(sealedTicket, userID, s.Clock.Now())
	if err != nil {
		return &apperr.Error{Kind: apperr.Invalid, Code: "instagram.errors.bad_return", Fields: map[string]string{"token": "instagram.errors.bad_return"}, Err: err}
	}
	short, err := s.Client.ExchangeCode(ctx, t.Code, t.RedirectURI)
	if err != nil {
		return s.instagramFailure(ctx, "exchange code", err)
	}
	long, err := s.Client.LongLived(ctx, short.AccessToken)
	if err != nil {
		return s.instagramFailure(ctx, "long-lived token", err)
	}
	now := s.Clock.Now()
	life := long.ExpiresIn
	if life <= 0 {
		life = DefaultLongLived
	}
	a := model.InstagramAccount{UserID: userID, IGUserID: short.UserID, TokenSealed: s.sealToken(userID, long.AccessToken),
		TokenExpiresAt: now.Add(life), TokenRefreshedAt: now, Status: model.InstagramSynced, CreatedAt: now, UpdatedAt: now}
	if err := s.Store.SaveInstagramAccount(ctx, a); err != nil {
		return err
	}
	if err := s.Sync(ctx, userID); err != nil {
		s.Log.WarnContext(ctx, "instagram: first sync", "user", userID, "err", err.Error())
	}
	return nil
}

// instagramFailure maps a failed call to Instagram: a refused code or token
// is the user's error (start again), anything else a 503.
func (s *Service) instagramFailure(ctx context.Context, step string, err error) error {
	s.Log.WarnContext(ctx, "instagram: "+step, "err", err.Error())
	var ae *APIError
	if errors.Is(err, ErrTokenExpired) || (errors.As(err, &ae) && ae.Status == 400) {
		return &apperr.Error{Kind: apperr.Invalid, Code: "instagram.errors.bad_return", Fields: map[string]string{"token": "instagram.errors.bad_return"}, Err: err}
	}
	return apperr.Wrap(apperr.Unavailable, "instagram.errors.unreachable", err)
}

// sealToken seals a token for userID: the user id is in the purpose, so a
// sealed token copied to another user's row does not open.
func (s *Service) sealToken(userID, token string) string {
	return s.seal.seal("instagram-token|"+userID, []byte(token))
}

func (s *Service) openToken(a model.InstagramAccount) (string, error) {
	b, err := s.seal.open("instagram-token|"+a.UserID, a.TokenSealed)
	return string(b), err
}

// Revoke forgets userID's token and posts; without a connection it does
// nothing. The sync does not need the premium plan or the link to be
// undone.
func (s *Service) Revoke(ctx context.Context, userID string) error {
	if !s.Available() {
		return unavailable()
	}
	keys, err := s.Store.DeleteInstagramAccount(ctx, userID, s.Clock.Now())
	if err != nil {
		return err
	}
	blob.RemoveCommitted(ctx, s.Log, s.Store, s.Blobs, keys...)
	return nil
}

// Sync refreshes userID's token when due and copies their latest posts. It
// does nothing for a provider who may no longer sync (plan ended, link
// removed): the public page hides their posts already. A token Instagram
// refuses turns the status to expired.
func (s *Service) Sync(ctx context.Context, userID string) error {
	if !s.Available() {
		return unavailable()
	}
	a, err := s.Store.GetInstagramAccount(ctx, userID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if a.Status != model.InstagramSynced {
		return nil
	}
	reason, err := s.eligibility(ctx, userID)
	if err != nil || reason != "" {
		return err
	}
	token, err := s.openToken(a)
	if err != nil {
		// The token key changed: the token is lost, the user reconnects.
		s.Log.WarnContext(ctx, "instagram: stored token does not open", "user", userID)
		return s.Store.SetInstagramStatus(ctx, userID, a.TokenSealed, model.InstagramExpired, s.Clock.Now())
	}
	sealed := a.TokenSealed
	now := s.Clock.Now()
	if now.Sub(a.TokenRefreshedAt) >= RefreshAge && a.TokenExpiresAt.Sub(now) <= RefreshWithin {
		if sealed, token, err = s.refresh(ctx, a, token); err != nil {
			return s.expiredOr(ctx, userID, a.TokenSealed, err)
		}
	}
	posts, err := s.Client.Media(ctx, token, Posts)
	if err != nil {
		return s.expiredOr(ctx, userID, sealed, err)
	}
	return s.store(ctx, userID, sealed, posts)
}

// refresh renews a token and stores it; it returns the new sealed token
// and the token.
func (s *Service) refresh(ctx context.Context, a model.InstagramAccount, token string) (string, string, error) {
	t, err := s.Client.Refresh(ctx, token)
	if err != nil {
		return "", "", err
	}
	now := s.Clock.Now()
	life := t.ExpiresIn
	if life <= 0 {
		life = DefaultLongLived
	}
	sealed := s.sealToken(a.UserID, t.AccessToken)
	ok, err := s.Store.SetInstagramToken(ctx, a.UserID, a.TokenSealed, sealed, now.Add(life), now)
	if err != nil {
		return "", "", err
	}
	if !ok {
		return "", "", errors.New("instagram: connection changed during the refresh")
	}
	return sealed, t.AccessToken, nil
}

// expiredOr marks the connection expired when err is Instagram's 190, and
// returns err.
func (s *Service) expiredOr(ctx context.Context, userID, sealed string, err error) error {
	if errors.Is(err, ErrTokenExpired) {
		if serr := s.Store.SetInstagramStatus(ctx, userID, sealed, model.InstagramExpired, s.Clock.Now()); serr != nil {
			return serr
		}
	}
	return err
}

// store copies the posts' pictures not already stored, then replaces the
// posts; pictures of posts gone from the latest are deleted. A picture that
// fails (too large, not an image) skips its post, not the sync.
func (s *Service) store(ctx context.Context, userID, sealed string, posts []Post) error {
	old, err := s.Store.ListInstagramPosts(ctx, userID)
	if err != nil {
		return err
	}
	have := map[string]model.InstagramPost{}
	for _, p := range old {
		have[p.MediaID] = p
	}
	var rows []model.InstagramPost
	var fresh []string
	for _, p := range posts {
		row := model.InstagramPost{ID: model.NewID(), UserID: userID, MediaID: p.ID, Permalink: p.Permalink,
			Caption: caption(p.Caption), PostedAt: p.Timestamp, Position: len(rows)}
		if row.PostedAt.IsZero() {
			row.PostedAt = s.Clock.Now()
		}
		if prev, ok := have[p.ID]; ok {
			row.ImageKey, row.Width, row.Height = prev.ImageKey, prev.Width, prev.Height
		} else {
			key, w, h, err := s.copyPicture(ctx, userID, p)
			if err != nil {
				if ctx.Err() != nil {
					blob.RemoveOrphans(ctx, s.Log, s.Blobs, fresh...)
					return ctx.Err()
				}
				s.Log.WarnContext(ctx, "instagram: picture skipped", "user", userID, "media", p.ID, "err", err.Error())
				continue
			}
			fresh = append(fresh, key)
			row.ImageKey, row.Width, row.Height = key, w, h
		}
		rows = append(rows, row)
	}
	// The files of posts gone from the feed are listed for the sweep by the
	// replacement's own transaction.
	stale, ok, err := s.Store.ReplaceInstagramPosts(ctx, userID, sealed, rows, s.Clock.Now())
	if err != nil || !ok {
		// Revoked (or reconnected) meanwhile: the new files belong to nothing.
		blob.RemoveOrphans(ctx, s.Log, s.Blobs, fresh...)
		return err
	}
	blob.RemoveCommitted(ctx, s.Log, s.Store, s.Blobs, stale...)
	return nil
}

// copyPicture downloads a post's picture and stores a re-encoded copy, under
// the imaging budget, bounded in bytes and pixels.
func (s *Service) copyPicture(ctx context.Context, userID string, p Post) (string, int, int, error) {
	raw, err := s.Client.Download(ctx, p.PictureURL(), PictureMaxBytes)
	if err != nil {
		return "", 0, 0, err
	}
	out, size, err := imaging.Process(ctx, raw, imaging.Options{MinWidth: 1, MinHeight: 1, MaxSide: PictureSide, Quality: 82})
	if err != nil {
		return "", 0, 0, fmt.Errorf("instagram: picture: %w", err)
	}
	key := "instagram/" + userID + "/" + model.NewID() + ".jpg"
	if err := s.Blobs.Put(ctx, key, bytes.NewReader(out)); err != nil {
		return "", 0, 0, err
	}
	return key, size.X, size.Y, nil
}

// caption keeps the start of a caption, for the picture's alternative text.
func caption(c string) string {
	c = strings.Join(strings.Fields(c), " ")
	if !utf8.ValidString(c) {
		c = strings.ToValidUTF8(c, "")
	}
	if utf8.RuneCountInString(c) <= captionMax {
		return c
	}
	r := []rune(c)
	return strings.TrimSpace(string(r[:captionMax])) + "…"
}

// SyncAll syncs every working connection, SyncConcurrency at a time, each
// within AccountTimeout; the schedule calls it. One account's failure is
// logged and does not stop the others.
func (s *Service) SyncAll(ctx context.Context) error {
	if !s.Available() {
		return nil
	}
	ids, err := s.Store.ListInstagramAccountsToSync(ctx)
	if err != nil {
		return err
	}
	sem := make(chan struct{}, SyncConcurrency)
	var wg sync.WaitGroup
	for _, id := range ids {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			wg.Wait()
			return ctx.Err()
		}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			actx, cancel := context.WithTimeout(ctx, AccountTimeout)
			defer cancel()
			if err := s.Sync(actx, id); err != nil {
				s.Log.WarnContext(ctx, "instagram: sync", "user", id, "err", err.Error())
			}
		}()
	}
	wg.Wait()
	return nil
}
