package media

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"time"

	"noces/internal/apperr"
	"noces/internal/model"
	"noces/internal/store"
)

// PublicImage is a visible photo as public pages show it.
type PublicImage struct {
	ID          string
	Title       string
	Description string
	URL         string
	ThumbURL    string
	Width       int
	Height      int
	ThumbWidth  int
	ThumbHeight int
	// Alt describes the photo to those who cannot see it: the alt text a
	// venue's owner wrote, else the title.
	Alt     string
	Caption string
}

// PublicVideo is a visible video.
type PublicVideo struct {
	ID          string
	Title       string
	Description string
	Host        string
	WatchURL    string
	EmbedURL    string
}

// PublicPortfolio is a published portfolio; budgets are zero when hidden.
type PublicPortfolio struct {
	ID             string
	Title          string
	Description    string
	WeddingDate    string
	Location       string
	City           string
	Style          string
	NumberOfGuests int
	TotalBudget    int64
	PlannerBudget  int64
	BudgetHidden   bool
	Prestations    []string // service types
	Images         []PortfolioImage
	Key            *PortfolioImage // the cover, nil without photos
}

// ProviderMedia is everything media a provider's public page shows.
type ProviderMedia struct {
	Images     []PublicImage
	Videos     []PublicVideo
	Portfolios []PublicPortfolio
	Portrait   Portrait
	// Social are the filled links, in the form's order: network and URL.
	Social [][2]string
}

func (s *Service) publicImage(im model.Image) PublicImage {
	return PublicImage{ID: im.ID, Title: im.Title, Description: im.Description, URL: s.url(im.ImageKey), ThumbURL: s.url(im.ThumbKey),
		Width: im.Width, Height: im.Height, ThumbWidth: im.ThumbWidth, ThumbHeight: im.ThumbHeight, Alt: cmp.Or(im.Alt, im.Title),
		Caption: im.Caption}
}

func publicVideo(v model.Video) PublicVideo {
	return PublicVideo{ID: v.ID, Title: v.Title, Description: v.Description, Host: v.Host,
		WatchURL: WatchURL(v.Host, v.ExternalID), EmbedURL: EmbedURL(v.Host, v.ExternalID)}
}

// ProviderMedia loads the public media of a provider whose page is visible
// (the caller checked that).
func (s *Service) ProviderMedia(ctx context.Context, userID string) (ProviderMedia, error) {
	var out ProviderMedia
	images, err := s.Store.ListVisibleImages(ctx, userID)
	if err != nil {
		return out, err
	}
	for _, im := range images {
		out.Images = append(out.Images, s.publicImage(im))
	}
	videos, err := s.Store.ListVisibleVideos(ctx, userID)
	if err != nil {
		return out, err
	}
	for _, v := range videos {
		out.Videos = append(out.Videos, publicVideo(v))
	}
	ports, err := s.Store.ListPublishedPortfolios(ctx, userID)
	if err != nil {
		return out, err
	}
	if out.Portfolios, err = s.publicPortfolios(ctx, ports); err != nil {
		return out, err
	}
	if out.Portrait, err = s.Portrait(ctx, userID); err != nil {
		return out, err
	}
	links, err := s.Store.GetSocialLinks(ctx, userID)
	if err != nil {
		return out, err
	}
	all := linksOf(links)
	for _, n := range Networks {
		if all[n] != "" {
			out.Social = append(out.Social, [2]string{n, all[n]})
		}
	}
	return out, nil
}

func (s *Service) publicPortfolios(ctx context.Context, rows []model.Portfolio) ([]PublicPortfolio, error) {
	full, err := s.complete(ctx, rows, false)
	if err != nil {
		return nil, err
	}
	out := make([]PublicPortfolio, 0, len(full))
	for _, p := range full {
		pp := PublicPortfolio{ID: p.ID, Title: p.Title, Description: p.Description, WeddingDate: p.WeddingDate, Location: p.Location,
			City: p.City, Style: p.Style, NumberOfGuests: p.NumberOfGuests, BudgetHidden: p.IsBudgetHidden, Images: p.Images}
		if !p.IsBudgetHidden {
			pp.TotalBudget, pp.PlannerBudget = p.TotalBudget, p.PlannerBudget
		}
		for _, pr := range p.Prestations {
			pp.Prestations = append(pp.Prestations, pr.Type)
		}
		for i := range pp.Images {
			if pp.Images[i].IsKeyImage {
				pp.Key = &pp.Images[i]
			}
		}
		if pp.Key == nil && len(pp.Images) > 0 {
			pp.Key = &pp.Images[0]
		}
		out = append(out, pp)
	}
	return out, nil
}

// PublishedPortfolio returns one published portfolio of a visible provider;
// an unpublished or another provider's portfolio is not found.
func (s *Service) PublishedPortfolio(ctx context.Context, userID, id string) (PublicPortfolio, error) {
	p, err := s.Store.GetPortfolio(ctx, userID, id)
	if err != nil || !p.IsPublished {
		if err == nil || errors.Is(err, store.ErrNotFound) {
			return PublicPortfolio{}, apperr.New(apperr.NotFound, "errors.not_found")
		}
		return PublicPortfolio{}, err
	}
	out, err := s.publicPortfolios(ctx, []model.Portfolio{p})
	if err != nil {
		return PublicPortfolio{}, err
	}
	return out[0], nil
}

// VenueMedia is what a venue's public page shows.
type VenueMedia struct {
	Images []PublicImage
	Videos []PublicVideo
}

// VenueMedia loads the visible photos and videos of a visible venue, the
// key image first.
func (s *Service) VenueMedia(ctx context.Context, venueID string) (VenueMedia, error) {
	var out VenueMedia
	images, err := s.Store.ListPublicVenueImages(ctx, venueID)
	if err != nil {
		return out, err
	}
	for _, im := range images {
		out.Images = append(out.Images, s.publicImage(im))
	}
	videos, err := s.Store.ListVisibleVenueVideos(ctx, venueID)
	if err != nil {
		return out, err
	}
	for _, v := range videos {
		out.Videos = append(out.Videos, publicVideo(v))
	}
	return out, nil
}

// FindImage returns the photo of id among images with its neighbours (for
// previous and next links), or a NotFound error.
func FindImage(images []PublicImage, id string) (cur PublicImage, prev, next *PublicImage, err error) {
	i := slices.IndexFunc(images, func(im PublicImage) bool { return im.ID == id })
	if i < 0 {
		return cur, nil, nil, apperr.New(apperr.NotFound, "errors.not_found")
	}
	if i > 0 {
		prev = &images[i-1]
	}
	if i+1 < len(images) {
		next = &images[i+1]
	}
	return images[i], prev, next, nil
}

// RecordImageView counts one view of a visible photo by a visitor today;
// hidden or missing photos are not found.
func (s *Service) RecordImageView(ctx context.Context, imageID, ip, userAgent string) error {
	if _, err := s.Store.GetVisibleImageByID(ctx, imageID); err != nil {
		return notFound(err)
	}
	day := s.today()
	_, err := s.Store.RecordImageView(ctx, imageID, day, s.visitorHash(ip, userAgent, day))
	return err
}

// RecordPortfolioView counts one view of a portfolio by a visitor today.
func (s *Service) RecordPortfolioView(ctx context.Context, portfolioID, ip, userAgent string) error {
	day := s.today()
	_, err := s.Store.RecordPortfolioView(ctx, portfolioID, day, s.visitorHash(ip, userAgent, day))
	return err
}

// PortfolioDayViews is one point of the portfolio views chart.
type PortfolioDayViews struct {
	PortfolioID string
	Title       string
	Date        string
	Views       int
}

// periodDays maps the chart's periods to their number of days, today included.
var periodDays = map[string]int{"today": 1, "7days": 7, "30days": 30}

// PortfolioViews returns, for each portfolio, one point per day of the
// period (zeros included, oldest first). It is a premium statistic and, like
// every statistic, needs onboarding finished.
func (s *Service) PortfolioViews(ctx context.Context, userID, period string) ([]PortfolioDayViews, error) {
	n, ok := periodDays[period]
	if !ok {
		return nil, apperr.Validation(map[string]string{"period": "validation.period_invalid"})
	}
	u, premium, err := s.owner(ctx, userID)
	if err != nil {
		return nil, err
	}
	if !premium {
		return nil, apperr.New(apperr.Forbidden, "statistics.errors.premium_required")
	}
	if !u.HasFinishedOnboarding {
		return nil, apperr.New(apperr.Forbidden, "statistics.errors.onboarding_required")
	}
	today := s.Clock.Now().UTC().Truncate(24 * time.Hour)
	from := today.AddDate(0, 0, -(n - 1))
	ports, err := s.Store.ListPortfolios(ctx, userID)
	if err != nil {
		return nil, err
	}
	counts, err := s.Store.CountPortfolioViewsByDay(ctx, userID, from.Format(time.DateOnly))
	if err != nil {
		return nil, err
	}
	byKey := map[[2]string]int{}
	for _, c := range counts {
		byKey[[2]string{c.PortfolioID, c.Day}] = c.Count
	}
	out := make([]PortfolioDayViews, 0, len(ports)*n)
	for _, p := range ports {
		for i := range n {
			d := from.AddDate(0, 0, i).Format(time.DateOnly)
			out = append(out, PortfolioDayViews{PortfolioID: p.ID, Title: p.Title, Date: d, Views: byKey[[2]string{p.ID, d}]})
		}
	}
	return out, nil
}

// VisibleProvider returns a planner whose public page shows, by slug; a
// hidden or unknown one is not found.
func (s *Service) VisibleProvider(ctx context.Context, slug string) (store.PublicProvider, error) {
	p, err := s.Store.GetVisibleProviderBySlug(ctx, slug)
	return p, notFound(err)
}

// VisibleVenue returns a venue whose public page shows, by slug.
func (s *Service) VisibleVenue(ctx context.Context, slug string) (model.Venue, error) {
	v, err := s.Store.GetVisibleVenueBySlug(ctx, slug)
	return v, notFound(err)
}
