// Package directory is the public side's reading of the data: search over
// planners and venues, their public pages, reviews, profile views and badges.
package directory

import (
	"bytes"
	"cmp"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/directory/index"
	"noces/internal/imaging"
	"noces/internal/model"
	"noces/internal/platform/blob"
	"noces/internal/ratelimit"
	"noces/internal/store"
	"noces/internal/validate"
)

// PageSize is the number of results per directory page.
const PageSize = 20

// DefaultRadiusKm is the search radius around a city.
const DefaultRadiusKm = 100.0

// Service reads the directory.
type Service struct {
	store   *store.Store
	index   *index.Index
	clock   clock.Clock
	blobs   blob.Store
	limiter *ratelimit.Limiter
	// viewKey salts the daily visitor hashes: without it, a hash of an
	// address could be reversed by trying every address.
	viewKey []byte
	// listings are the visible listings, kept per version (browse.go).
	listings listingsCache
}

// NewService wires the directory: idx is the search index built over s;
// viewKey is a server secret.
func NewService(s *store.Store, idx *index.Index, c clock.Clock, blobs blob.Store, limiter *ratelimit.Limiter, viewKey []byte) *Service {
	return &Service{store: s, index: idx, clock: c, blobs: blobs, limiter: limiter, viewKey: viewKey}
}

// Query is a directory search. Its filters are the index's own query
// (index.PlannerQuery or index.VenueQuery), so that a filter added to the
// search changes the index and the form that sets it, not this service.
type Query struct {
	Country string
	Venues  bool // search venues (Venue's filters) instead of planners (Planner's)
	// The filters. Their country, place, paging and time are set by
	// Search from the fields below and the clock.
	Planner index.PlannerQuery
	Venue   index.VenueQuery
	// Near, when set, keeps the listings within RadiusKm (DefaultRadiusKm
	// when 0) of (Lat, Lng).
	Near     bool
	Lat, Lng float64
	RadiusKm float64
	Page     int // 1-based
}

// Card is one result, planner or venue.
type Card struct {
	Kind       string // "planner" or "venue"
	Name       string
	Slug       string
	City       string
	AvatarURL  string
	IsPremium  bool
	DistanceKm *float64
	// Services are the planner's prestation types, Languages the langue
	// codes it speaks, in the reference tables' order; MinBudget is the
	// lowest starting budget it shows (0: none).
	Services  []string
	Languages []string
	MinBudget int64
	// ReviewCount and RatingTenths are the approved reviews of the
	// listing's owner: their count and average in tenths of a star.
	ReviewCount, RatingTenths int
	// Venues only.
	VenueType      string
	SeatedCapacity int
	MinPrice       int
	// Photo is the venue's key image (else its first visible photo), or
	// the planner's first visible gallery photo when it has no avatar; nil
	// without one.
	Photo *CardPhoto
}

// CardPhoto is a result's photo: its thumbnail, and the large file the
// images table keeps besides, for a srcset.
type CardPhoto struct {
	URL           string // the thumbnail
	Width, Height int
	LargeURL      string
	LargeWidth    int
	Alt           string
}

// Results are one page of a search.
type Results struct {
	Cards []Card
	Total int
	Page  int
	Pages int
	// Answer names the index's answer these results come from
	// (index.Page.Answer): equal Answers have equal results; 0 when the
	// answer is not kept.
	Answer uint64
}

// Search runs a directory search.
func (s *Service) Search(ctx context.Context, q Query) (Results, error) {
	if q.Page < 1 {
		q.Page = 1
	}
	if q.RadiusKm <= 0 {
		q.RadiusKm = DefaultRadiusKm
	}
	now := s.clock.Now()
	res := Results{Page: q.Page}
	offset := (q.Page - 1) * PageSize
	if q.Venues {
		vq := q.Venue
		vq.Country, vq.Near, vq.Lat, vq.Lng, vq.RadiusKm = q.Country, q.Near, q.Lat, q.Lng, q.RadiusKm
		vq.Limit, vq.Offset, vq.Now = PageSize, offset, now
		page, err := s.index.SearchVenues(ctx, vq)
		if err != nil {
			return res, err
		}
		for _, c := range page.Cards {
			cd := Card{Kind: "venue", Name: c.Name, Slug: c.Slug, City: c.City, IsPremium: c.IsPremium,
				DistanceKm: c.DistanceKm, VenueType: c.Type, SeatedCapacity: c.SeatedCapacity, MinPrice: c.MinPrice}
			if k := c.Key; k != nil {
				cd.Photo = &CardPhoto{URL: s.url(k.ThumbKey), Width: k.ThumbWidth, Height: k.ThumbHeight,
					LargeURL: s.url(k.ImageKey), LargeWidth: k.Width, Alt: cmp.Or(k.Alt, k.Title)}
			}
			cd.ReviewCount, cd.RatingTenths = c.Reviews.Count, c.Reviews.Tenths
			res.Cards = append(res.Cards, cd)
		}
		res.Total, res.Answer = page.Total, page.Answer
	} else {
		pq := q.Planner
		pq.Country, pq.Near, pq.Lat, pq.Lng, pq.RadiusKm = q.Country, q.Near, q.Lat, q.Lng, q.RadiusKm
		pq.Limit, pq.Offset, pq.Now = PageSize, offset, now
		page, err := s.index.SearchPlanners(ctx, pq)
		if err != nil {
			return res, err
		}
		for _, c := range page.Cards {
			cd := Card{Kind: "planner", Name: c.Name, Slug: c.Slug, City: c.City, AvatarURL: s.url(c.AvatarKey),
				IsPremium: c.IsPremium, DistanceKm: c.DistanceKm, Services: c.Services, Languages: c.Languages,
				MinBudget: c.MinBudget, ReviewCount: c.Reviews.Count, RatingTenths: c.Reviews.Tenths}
			if p := c.Photo; p != nil {
				cd.Photo = &CardPhoto{URL: s.url(p.ThumbKey), Width: p.ThumbWidth, Height: p.ThumbHeight,
					LargeURL: s.url(p.ImageKey), LargeWidth: p.Width, Alt: p.Title}
			}
			res.Cards = append(res.Cards, cd)
		}
		res.Total, res.Answer = page.Total, page.Answer
	}
	res.Pages = (res.Total + PageSize - 1) / PageSize
	return res, nil
}

func (s *Service) url(key string) string {
	if key == "" {
		return ""
	}
	return s.blobs.URL(key)
}

// ServiceLine is a service shown on a profile, with what the provider made public.
type ServiceLine struct {
	Type        string
	Description string // empty when hidden
	Budget      *int64 // nil when hidden or not given
}

// Profile is a planner's public page.
type Profile struct {
	UserID      string
	Domain      string
	Name        string
	Slug        string
	City        string
	CountryCode string
	Website     string
	AvatarURL   string
	IsPremium   bool
	Since       string // YYYY of creation
	Services    []ServiceLine
	Languages   []string
	Reviews     []model.Review
	ReviewCount int
	RatingAvg   float64
	// Similar planners, on free profiles only: premium profiles show no competitors.
	Similar []Card
}

// Provider loads a planner's public page; hidden profiles are ErrNotFound.
func (s *Service) Provider(ctx context.Context, slug string) (Profile, error) {
	pp, err := s.store.GetVisibleProviderBySlug(ctx, slug)
	if errors.Is(err, store.ErrNotFound) {
		return Profile{}, apperr.Wrap(apperr.NotFound, "errors.not_found", err)
	}
	if err != nil {
		return Profile{}, err
	}
	now := s.clock.Now()
	p := Profile{UserID: pp.UserID, Domain: pp.Domain, Name: pp.Name, Slug: pp.Slug, City: pp.City, CountryCode: pp.CountryCode,
		Website: pp.Website, AvatarURL: s.url(pp.AvatarKey), IsPremium: pp.IsPremium(now)}
	if pp.DateOfCreation.Valid && len(pp.DateOfCreation.String) >= 4 {
		p.Since = pp.DateOfCreation.String[:4]
	}
	langIDs, services, err := s.store.GetCompanyServices(ctx, pp.UserID)
	if err != nil {
		return Profile{}, err
	}
	langues, err := s.store.ListLangues(ctx)
	if err != nil {
		return Profile{}, err
	}
	for _, l := range langues {
		if slices.Contains(langIDs, l.ID) {
			p.Languages = append(p.Languages, l.Code)
		}
	}
	for _, sv := range services {
		line := ServiceLine{Type: sv.Type}
		if sv.IsDescriptionVisible {
			line.Description = sv.Description
		}
		if sv.IsBudgetVisible && sv.BudgetStartingFrom.Valid {
			b := sv.BudgetStartingFrom.Int64
			line.Budget = &b
		}
		p.Services = append(p.Services, line)
	}
	if p.Reviews, p.ReviewCount, p.RatingAvg, err = s.store.ListApprovedReviews(ctx, pp.UserID, 10, 0); err != nil {
		return Profile{}, err
	}
	if !p.IsPremium && pp.Latitude.Valid && len(services) > 0 {
		similar, err := s.index.SearchPlanners(ctx, index.PlannerQuery{Country: pp.CountryCode, ServiceType: services[0].Type,
			Near: true, Lat: pp.Latitude.Float64, Lng: pp.Longitude.Float64, RadiusKm: DefaultRadiusKm, Limit: 4, Now: now})
		if err != nil {
			return Profile{}, err
		}
		for _, c := range similar.Cards {
			if c.UserID != pp.UserID && len(p.Similar) < 3 {
				p.Similar = append(p.Similar, Card{Kind: "planner", Name: c.Name, Slug: c.Slug, City: c.City,
					AvatarURL: s.url(c.AvatarKey), IsPremium: c.IsPremium, DistanceKm: c.DistanceKm})
			}
		}
	}
	return p, nil
}

// VenueService is a service a venue sells as its page shows it: a detail
// told by the owner, or the bare service when it has none.
type VenueService struct {
	Prestation  string // a model.VenuePrestations slug
	Description string // empty when hidden or not told
	Budget      *int64 // the starting budget; nil when hidden or not told
}

// VenuePage is a venue's public page.
type VenuePage struct {
	model.Venue
	Features    []string // model.VenueFeatures entries, in that order
	Services    []VenueService
	Reviews     []model.Review // the owner's approved reviews, newest first
	ReviewCount int
	RatingAvg   float64
}

// venueReviews is how many reviews a venue's page shows.
const venueReviews = 10

// Venue loads a venue's public page; hidden venues are ErrNotFound.
func (s *Service) Venue(ctx context.Context, slug string) (VenuePage, error) {
	v, err := s.store.GetVisibleVenueBySlug(ctx, slug)
	if errors.Is(err, store.ErrNotFound) {
		return VenuePage{}, apperr.Wrap(apperr.NotFound, "errors.not_found", err)
	}
	if err != nil {
		return VenuePage{}, err
	}
	p := VenuePage{Venue: v}
	sets, err := s.store.GetVenueSets(ctx, v.ID)
	if err != nil {
		return VenuePage{}, err
	}
	p.Features = sets.Features
	for _, slug := range sets.Prestations {
		told := false
		for _, d := range sets.Details {
			if d.Prestation != slug {
				continue
			}
			told = true
			line := VenueService{Prestation: slug}
			if d.IsDescriptionVisible {
				line.Description = d.Description
			}
			if d.IsBudgetVisible && d.BudgetStartingFrom > 0 {
				b := int64(d.BudgetStartingFrom)
				line.Budget = &b
			}
			p.Services = append(p.Services, line)
		}
		if !told {
			p.Services = append(p.Services, VenueService{Prestation: slug})
		}
	}
	// Reviews are written about the owner (a review link is per account):
	// each of the owner's venues shows them.
	if p.Reviews, p.ReviewCount, p.RatingAvg, err = s.store.ListApprovedReviews(ctx, v.OwnerID, venueReviews, 0); err != nil {
		return VenuePage{}, err
	}
	return p, nil
}

// RecordVenueView counts one view of a venue's page by a visitor today,
// with the same daily visitor key as a planner's page.
func (s *Service) RecordVenueView(ctx context.Context, venueID, ip, userAgent string) error {
	day := s.clock.Now().UTC().Format(time.DateOnly)
	_, err := s.store.RecordVenueView(ctx, venueID, day, s.VisitorHash(ip, userAgent, day))
	return err
}

// VisitorHash is the daily key of a visitor: a keyed hash of address and
// browser that changes every day, so nothing stored identifies anybody and a
// visitor counts once per day.
func (s *Service) VisitorHash(ip, userAgent string, day string) string {
	m := hmac.New(sha256.New, s.viewKey)
	fmt.Fprintf(m, "%s|%s|%s", day, ip, userAgent)
	return hex.EncodeToString(m.Sum(nil)[:16])
}

// RecordProfileView counts one view of a planner's page by a visitor today.
func (s *Service) RecordProfileView(ctx context.Context, userID, ip, userAgent string) error {
	day := s.clock.Now().UTC().Format(time.DateOnly)
	_, err := s.store.RecordProfileView(ctx, userID, day, s.VisitorHash(ip, userAgent, day))
	return err
}

// ReviewFormToken returns the provider's review link token, made on first use.
func (s *Service) ReviewFormToken(ctx context.Context, userID string) (string, error) {
	b := make([]byte, 18)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("directory: review token: %w", err)
	}
	return s.store.EnsureReviewToken(ctx, userID, base64.RawURLEncoding.EncodeToString(b))
}

// ReviewTarget is the provider a review link is for.
func (s *Service) ReviewTarget(ctx context.Context, token string) (model.Company, error) {
	c, err := s.store.GetCompanyByReviewToken(ctx, token)
	if errors.Is(err, store.ErrNotFound) {
		return c, apperr.Wrap(apperr.NotFound, "errors.not_found", err)
	}
	return c, err
}

// ReviewerTypes are who may write a review.
var ReviewerTypes = []string{"couple", "guest", "parents", "provider", "other"}

// ReviewInput is the review form.
type ReviewInput struct {
	Rating       int
	Title        string
	Body         string
	ReviewerName string
	ReviewerType string
	WeddingDate  string
	Email        string
	// Photo is the optional photo as uploaded (at most ReviewPhotoMaxBytes):
	// it is decoded only once the fields and the rate limit have passed.
	Photo    []byte
	ClientIP string
}

// Limits of the review photo.
const (
	ReviewPhotoMaxBytes = 10 << 20
	reviewPhotoMinSide  = 200
	reviewPhotoMaxSide  = 1600
)

// reviewPhoto checks and re-encodes a review's photo; refusals name the
// photo field.
func reviewPhoto(ctx context.Context, raw []byte) ([]byte, error) {
	photoErr := func(code string) error {
		return &apperr.Error{Kind: apperr.Invalid, Code: code, Fields: map[string]string{"photo": code}}
	}
	if len(raw) > ReviewPhotoMaxBytes {
		return nil, photoErr("site.review.errors.photo_too_large")
	}
	out, _, err := imaging.Process(ctx, raw, imaging.Options{MinWidth: reviewPhotoMinSide, MinHeight: reviewPhotoMinSide,
		MaxSide: reviewPhotoMaxSide, Quality: 85})
	if e := imaging.Refusal(err, "photo"); e != nil {
		if e.Fields == nil {
			e.Fields = map[string]string{"photo": e.Code}
		}
		return nil, e
	}
	switch {
	case errors.Is(err, imaging.ErrTooSmall):
		return nil, photoErr("site.review.errors.photo_too_small")
	case errors.Is(err, imaging.ErrFormat):
		return nil, photoErr("site.review.errors.photo_format")
	case err != nil:
		return nil, err
	}
	return out, nil
}

// Reviews a client address may send per day.
var reviewRule = ratelimit.Rule{Max: 10, Window: 24 * time.Hour}

// SubmitReview stores a pending review for the provider of token. One review
// per e-mail per provider. The photo is decoded last, after the fields and
// the address's rate limit: decoding is the one costly step.
func (s *Service) SubmitReview(ctx context.Context, token string, in ReviewInput) error {
	c, err := s.ReviewTarget(ctx, token)
	if err != nil {
		return err
	}
	return s.submitReview(ctx, c.UserID, in, nil)
}

// checkReview validates a review's fields; the e-mail and the reviewer's
// type only when asked (an invitation knows them).
func (s *Service) checkReview(in ReviewInput, full bool) (title, body, name string, date sql.NullString, err error) {
	f := apperr.Fields{}
	if in.Rating < 1 || in.Rating > 5 {
		f.Add("rating", "review.errors.rating")
	}
	title, body, name = strings.TrimSpace(in.Title), strings.TrimSpace(in.Body), strings.TrimSpace(in.ReviewerName)
	if code := validate.Line(title); code != "" {
		f.Add("title", code)
	} else if n := utf8.RuneCountInString(title); n < 3 || n > 120 {
		f.Add("title", "review.errors.title")
	}
	body, code := validate.Text(body)
	if code != "" {
		f.Add("body", code)
	} else if n := utf8.RuneCountInString(body); n < 20 || n > 3000 {
		f.Add("body", "review.errors.body")
	}
	if code := validate.PersonName(name); code != "" {
		f.Add("reviewerName", code)
	}
	if full {
		if !slices.Contains(ReviewerTypes, in.ReviewerType) {
			f.Add("reviewerType", "validation.choice_invalid")
		}
		if in.WeddingDate != "" {
			d, err := time.Parse(time.DateOnly, in.WeddingDate)
			if err != nil || d.After(s.clock.Now()) || d.Year() < 1950 {
				f.Add("weddingDate", "review.errors.wedding_date")
			} else {
				date = sql.NullString{String: in.WeddingDate, Valid: true}
			}
		}
		if code := validate.Email(in.Email); code != "" {
			f.Add("email", code)
		}
	}
	return title, body, name, date, f.Err()
}

// submitReview checks and stores a pending review of providerID; with inv,
// the review comes through that invitation: written by its couple (type,
// e-mail and wedding date are the project's), verified, and the invitation
// is used up in the same transaction.
func (s *Service) submitReview(ctx context.Context, providerID string, in ReviewInput, inv *store.ReviewInvitation) error {
	title, body, name, date, err := s.checkReview(in, inv == nil)
	if err != nil {
		return err
	}
	if err := s.limiter.Allow(ctx, "review:ip:"+in.ClientIP, reviewRule); err != nil {
		return err
	}
	var photo []byte
	if len(in.Photo) > 0 {
		// A review is never stored without the photo its author chose.
		if photo, err = reviewPhoto(ctx, in.Photo); err != nil {
			return err
		}
	}
	now := s.clock.Now()
	r := model.Review{ID: model.NewID(), ProviderID: providerID, Rating: in.Rating, Title: title, Body: body, ReviewerName: name,
		ReviewerType: in.ReviewerType, WeddingDate: date, EmailKey: store.EmailKey(in.Email), Status: model.ReviewPending,
		CreatedAt: now}
	if inv != nil {
		r.ReviewerType, r.EmailKey = "couple", store.EmailKey(inv.Email)
		r.WeddingDate = sql.NullString{String: inv.EventDate, Valid: true}
		r.RequestID = sql.NullString{String: inv.RequestID, Valid: true}
	}
	if len(photo) > 0 {
		r.PhotoKey = "reviews/" + providerID + "/" + r.ID + ".jpg"
		if err := s.blobs.Put(ctx, r.PhotoKey, bytes.NewReader(photo)); err != nil {
			return err
		}
	}
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		if inv != nil {
			ok, err := tx.UseReviewInvitation(ctx, inv.RequestID, now)
			if err != nil {
				return err
			}
			if !ok {
				return apperr.New(apperr.Conflict, "review.errors.invitation_used")
			}
		}
		return tx.CreateReview(ctx, r)
	})
	if err != nil {
		if r.PhotoKey != "" {
			_ = s.blobs.Delete(ctx, r.PhotoKey)
		}
		if errors.Is(err, store.ErrConflict) {
			e := &apperr.Error{Kind: apperr.Conflict, Code: "review.errors.already_reviewed", Err: err}
			if inv == nil {
				e.Fields = map[string]string{"email": "review.errors.already_reviewed"}
			}
			return e
		}
		return err
	}
	return nil
}

// BadgeTarget returns the name of a visible planner for its badge.
func (s *Service) BadgeTarget(ctx context.Context, slug string) (store.PublicProvider, error) {
	pp, err := s.store.GetVisibleProviderBySlug(ctx, slug)
	if errors.Is(err, store.ErrNotFound) {
		return pp, apperr.Wrap(apperr.NotFound, "errors.not_found", err)
	}
	return pp, err
}

// ProviderReviews is a provider's own page of approved reviews, with the
// token of the link to send to past couples.
type ProviderReviews struct {
	Items        []model.Review
	Total, Pages int
	Average      float64
	// Domain and Token make the review link: /review/{token} on the domain's public host.
	Domain, Token string
}

// OwnReviews lists a provider's approved reviews (newest first) and makes
// sure its review link exists. page starts at 1; limit is 1-50.
func (s *Service) OwnReviews(ctx context.Context, userID string, page, limit int) (ProviderReviews, error) {
	u, err := s.store.GetUser(ctx, userID)
	if err != nil {
		return ProviderReviews{}, err
	}
	if _, err := s.store.GetCompany(ctx, userID); errors.Is(err, store.ErrNotFound) {
		// No company yet (onboarding unfinished): nothing to review.
		return ProviderReviews{}, apperr.New(apperr.NotFound, "company.errors.not_found")
	} else if err != nil {
		return ProviderReviews{}, err
	}
	token, err := s.ReviewFormToken(ctx, userID)
	if err != nil {
		return ProviderReviews{}, err
	}
	items, total, avg, err := s.store.ListApprovedReviews(ctx, userID, limit, (page-1)*limit)
	if err != nil {
		return ProviderReviews{}, err
	}
	return ProviderReviews{Items: items, Total: total, Pages: (total + limit - 1) / limit, Average: avg,
		Domain: u.Domain, Token: token}, nil
}

// PhotoURL is where a review's photo is served, or "" without one.
func (s *Service) PhotoURL(r model.Review) string {
	if r.PhotoKey == "" || s.blobs == nil {
		return ""
	}
	return s.blobs.URL(r.PhotoKey)
}

// IsBusy reports whether a planner's own calendar (venueID "") or a
// venue's has date (YYYY-MM-DD) booked or unavailable: its page then says
// so to a couple arriving from a search with that date.
func (s *Service) IsBusy(ctx context.Context, userID, venueID, date string) (bool, error) {
	return s.store.IsBusy(ctx, userID, venueID, date)
}
