package media

import (
	"context"
	"database/sql"
	"errors"
	"net/url"
	"slices"
	"time"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/model"
	"noces/internal/platform/blob"
	"noces/internal/store"
	"noces/internal/validate"
)

// PortfolioImage is one photo of a portfolio.
type PortfolioImage struct {
	ID          string
	URL         string
	ThumbURL    string
	Width       int
	Height      int
	ThumbWidth  int
	ThumbHeight int
	Caption     string
	IsKeyImage  bool
}

// Portfolio is a portfolio as its owner sees it.
type Portfolio struct {
	model.Portfolio
	// Prestations are service types ("FULL_PLANNING") with their ids.
	Prestations []model.Prestation
	Images      []PortfolioImage
	// TotalViews is nil on a free plan.
	TotalViews *int
}

// PortfolioInput is the portfolio form.
type PortfolioInput struct {
	Title          string
	Description    string
	WeddingDate    string
	TotalBudget    int64
	PlannerBudget  int64
	NumberOfGuests int
	Location       string
	City           string
	PostalCode     string
	CountryCode    string
	Latitude       *float64
	Longitude      *float64
	Style          string
	IsBudgetHidden bool
	Prestations    []int
}

// Field limits of the portfolio form.
const (
	portfolioTitleMax       = 120
	portfolioDescriptionMin = 20
	portfolioDescriptionMax = 5000
	portfolioTextMax        = 200
	portfolioBudgetMax      = 100_000_000
	portfolioGuestsMax      = 100_000
	captionMax              = 300
)

// checkPortfolio validates and trims the form.
func (s *Service) checkPortfolio(ctx context.Context, in PortfolioInput) (model.Portfolio, []int, error) {
	f := apperr.Fields{}
	p := model.Portfolio{Title: CheckText(f, "title", in.Title, false), Description: CheckText(f, "description", in.Description, true),
		WeddingDate: CheckText(f, "weddingDate", in.WeddingDate, false), TotalBudget: in.TotalBudget, PlannerBudget: in.PlannerBudget,
		NumberOfGuests: in.NumberOfGuests, Location: CheckText(f, "location", in.Location, false), City: CheckText(f, "city", in.City, false),
		CountryCode: CheckText(f, "countryCode", in.CountryCode, false), Style: CheckText(f, "style", in.Style, false), IsBudgetHidden: in.IsBudgetHidden}
	CheckLength(f, "title", p.Title, 3, portfolioTitleMax, "portfolio.errors.title_required", "portfolio.errors.title_length")
	CheckLength(f, "description", p.Description, portfolioDescriptionMin, portfolioDescriptionMax,
		"portfolio.errors.description_required", "portfolio.errors.description_length")
	if p.WeddingDate == "" {
		f.Add("weddingDate", "portfolio.errors.wedding_date_required")
	} else if d, err := time.Parse(time.DateOnly, p.WeddingDate); err != nil || d.Year() < 1950 || d.After(s.Clock.Now()) {
		f.Add("weddingDate", "portfolio.errors.wedding_date_invalid")
	}
	if p.TotalBudget < 0 || p.TotalBudget > portfolioBudgetMax {
		f.Add("totalBudget", "validation.budget_invalid")
	}
	if p.PlannerBudget < 0 || p.PlannerBudget > portfolioBudgetMax {
		f.Add("plannerBudget", "validation.budget_invalid")
	}
	if p.NumberOfGuests < 1 || p.NumberOfGuests > portfolioGuestsMax {
		f.Add("numberOfGuests", "portfolio.errors.guests_invalid")
	}
	CheckLength(f, "location", p.Location, 2, portfolioTextMax, "portfolio.errors.location_required", "portfolio.errors.text_too_long")
	CheckLength(f, "style", p.Style, 2, portfolioTextMax, "portfolio.errors.style_required", "portfolio.errors.text_too_long")
	if p.City != "" {
		if code := validate.City(p.City); code != "" {
			f.Add("city", code)
		}
	}
	if p.CountryCode != "" {
		if code := validate.CountryCode(p.CountryCode); code != "" {
			f.Add("countryCode", code)
		}
	}
	if pc := CheckText(f, "postalCode", in.PostalCode, false); pc != "" {
		if p.CountryCode == "" {
			f.Add("countryCode", "validation.country_required")
		} else if norm, code := validate.Postcode(p.CountryCode, pc); code != "" {
			f.Add("postalCode", code)
		} else {
			p.PostalCode = norm
		}
	}
	if in.Latitude != nil || in.Longitude != nil {
		if code := validate.Coordinates(in.Latitude, in.Longitude); code != "" {
			f.Add("latitude", code)
		} else {
			p.Latitude = sql.NullFloat64{Float64: *in.Latitude, Valid: true}
			p.Longitude = sql.NullFloat64{Float64: *in.Longitude, Valid: true}
		}
	}
	known, err := s.Store.ListPrestations(ctx)
	if err != nil {
		return p, nil, err
	}
	var prestations []int
	for _, id := range in.Prestations {
		if !slices.ContainsFunc(known, func(k model.Prestation) bool { return k.ID == id }) {
			f.Add("prestations", "validation.prestations_invalid")
		} else if !slices.Contains(prestations, id) {
			prestations = append(prestations, id)
		}
	}
	return p, prestations, f.Err()
}

// portfolioSource names a portfolio's description among unique texts.
func portfolioSource(id string) string { return "portfolio." + id }

// uniqueDescription refuses a description copied from elsewhere and
// returns the description's unique-text record.
func (s *Service) uniqueDescription(ctx context.Context, userID, id, description string) (textSource, error) {
	t := textSource{field: "description", source: portfolioSource(id), prints: Fingerprints(description)}
	dup, err := s.duplicateFields(ctx, userID, []textSource{t})
	if err != nil {
		return t, err
	}
	if dup["description"] {
		return t, duplicateDescription(nil)
	}
	return t, nil
}

func duplicateDescription(err error) error {
	return &apperr.Error{Kind: apperr.Invalid, Code: "portfolio.errors.duplicate_text",
		Fields: map[string]string{"description": "portfolio.errors.duplicate_text"}, Err: err}
}

// saveDescription records the description's fingerprints in tx.
func saveDescription(ctx context.Context, tx *store.Store, userID string, t textSource) error {
	if _, err := saveFingerprints(ctx, tx, userID, []textSource{t}); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return duplicateDescription(err)
		}
		return err
	}
	return nil
}

// CreatePortfolio adds an unpublished portfolio.
func (s *Service) CreatePortfolio(ctx context.Context, userID string, in PortfolioInput) (Portfolio, error) {
	p, prestations, err := s.checkPortfolio(ctx, in)
	if err != nil {
		return Portfolio{}, err
	}
	now := s.Clock.Now()
	p.ID, p.OwnerID, p.CreatedAt, p.UpdatedAt = model.NewID(), userID, now, now
	text, err := s.uniqueDescription(ctx, userID, p.ID, p.Description)
	if err != nil {
		return Portfolio{}, err
	}
	err = s.underQuota(ctx, userID, func(tx *store.Store) (int, error) { return tx.CountPortfolios(ctx, userID) },
		FreePortfolioQuota, "portfolio.errors.quota_reached", func(tx *store.Store) error {
			if err := tx.CreatePortfolio(ctx, p, prestations); err != nil {
				return err
			}
			return saveDescription(ctx, tx, userID, text)
		})
	if err != nil {
		return Portfolio{}, err
	}
	return s.Portfolio(ctx, userID, p.ID)
}

// UpdatePortfolio replaces a portfolio's fields.
func (s *Service) UpdatePortfolio(ctx context.Context, userID, id string, in PortfolioInput) (Portfolio, error) {
	if _, err := s.Store.GetPortfolio(ctx, userID, id); err != nil {
		return Portfolio{}, notFound(err)
	}
	p, prestations, err := s.checkPortfolio(ctx, in)
	if err != nil {
		return Portfolio{}, err
	}
	p.ID, p.OwnerID, p.UpdatedAt = id, userID, s.Clock.Now()
	text, err := s.uniqueDescription(ctx, userID, id, p.Description)
	if err != nil {
		return Portfolio{}, err
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.UpdatePortfolio(ctx, p, prestations); err != nil {
			return notFound(err)
		}
		return saveDescription(ctx, tx, userID, text)
	})
	if err != nil {
		return Portfolio{}, err
	}
	return s.Portfolio(ctx, userID, id)
}

// PortfolioList is a provider's portfolios with what the list screen needs
// to offer (or not) a new one.
type PortfolioList struct {
	Portfolios []Portfolio
	IsPremium  bool
	// CanAddMore says whether the plan allows one more portfolio now; the
	// screen shows the upgrade prompt instead of the create button when not.
	CanAddMore bool
}

// Portfolios lists a provider's portfolios with their photos.
func (s *Service) Portfolios(ctx context.Context, userID string) (PortfolioList, error) {
	_, premium, err := s.owner(ctx, userID)
	if err != nil {
		return PortfolioList{}, err
	}
	rows, err := s.Store.ListPortfolios(ctx, userID)
	if err != nil {
		return PortfolioList{}, err
	}
	ps, err := s.complete(ctx, rows, premium)
	if err != nil {
		return PortfolioList{}, err
	}
	return PortfolioList{Portfolios: ps, IsPremium: premium,
		CanAddMore: checkQuota(premium, len(ps), FreePortfolioQuota, "") == nil}, nil
}

// Portfolio returns one of a provider's portfolios.
func (s *Service) Portfolio(ctx context.Context, userID, id string) (Portfolio, error) {
	_, premium, err := s.owner(ctx, userID)
	if err != nil {
		return Portfolio{}, err
	}
	row, err := s.Store.GetPortfolio(ctx, userID, id)
	if err != nil {
		return Portfolio{}, notFound(err)
	}
	out, err := s.complete(ctx, []model.Portfolio{row}, premium)
	if err != nil {
		return Portfolio{}, err
	}
	return out[0], nil
}

// complete adds services, photos and (premium) view totals to portfolios.
func (s *Service) complete(ctx context.Context, rows []model.Portfolio, premium bool) ([]Portfolio, error) {
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	prest, err := s.Store.ListPortfolioPrestations(ctx, ids)
	if err != nil {
		return nil, err
	}
	images, err := s.Store.ListPortfolioImages(ctx, ids)
	if err != nil {
		return nil, err
	}
	var views map[string]int
	if premium {
		if views, err = s.Store.CountPortfolioViews(ctx, ids); err != nil {
			return nil, err
		}
	}
	known, err := s.Store.ListPrestations(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Portfolio, 0, len(rows))
	for _, r := range rows {
		p := Portfolio{Portfolio: r, Prestations: []model.Prestation{}, Images: []PortfolioImage{}}
		for _, k := range known {
			if slices.Contains(prest[r.ID], k.ID) {
				p.Prestations = append(p.Prestations, k)
			}
		}
		for _, im := range images[r.ID] {
			p.Images = append(p.Images, s.toPortfolioImage(im))
		}
		if premium {
			v := views[r.ID]
			p.TotalViews = &v
		}
		out = append(out, p)
	}
	return out, nil
}

func (s *Service) toPortfolioImage(im model.PortfolioImage) PortfolioImage {
	return PortfolioImage{ID: im.ID, URL: s.url(im.ImageKey), ThumbURL: s.url(im.ThumbKey), Width: im.Width, Height: im.Height,
		ThumbWidth: im.ThumbWidth, ThumbHeight: im.ThumbHeight, Caption: im.Caption, IsKeyImage: im.IsKeyImage}
}

// DeletePortfolio removes a portfolio, its photos and their files.
func (s *Service) DeletePortfolio(ctx context.Context, userID, id string) error {
	if _, err := s.Store.GetPortfolio(ctx, userID, id); err != nil {
		return notFound(err)
	}
	images, err := s.Store.ListPortfolioImages(ctx, []string{id})
	if err != nil {
		return err
	}
	var keys []string
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.DeleteTextFingerprints(ctx, userID, portfolioSource(id)); err != nil {
			return err
		}
		if err := tx.DeletePortfolio(ctx, userID, id); err != nil {
			return notFound(err)
		}
		for _, im := range images[id] {
			keys = append(keys, im.ImageKey, im.ThumbKey)
		}
		return tx.QueueBlobDeletions(ctx, keys, s.Clock.Now())
	})
	if err != nil {
		return err
	}
	blob.RemoveCommitted(ctx, s.Log, s.Store, s.Blobs, keys...)
	return nil
}

// SetPublished publishes or withdraws a portfolio. A portfolio is published
// with at least one photo: an empty one would show nothing.
func (s *Service) SetPublished(ctx context.Context, userID, id string, published bool) (Portfolio, error) {
	p, err := s.Portfolio(ctx, userID, id)
	if err != nil {
		return Portfolio{}, err
	}
	if published && len(p.Images) == 0 {
		return Portfolio{}, apperr.New(apperr.Conflict, "portfolio.errors.publish_without_images")
	}
	if err := s.Store.SetPortfolioPublished(ctx, userID, id, published, s.Clock.Now()); err != nil {
		return Portfolio{}, notFound(err)
	}
	p.IsPublished = published
	return p, nil
}

// FileError is why one file of a multi-file upload was refused.
type FileError struct {
	File    string
	Code    string
	Args    []string // name, value pairs for the message's placeholders
	Message string   // filled in by the HTTP edge, in the user's language
}

// Upload is one file of a multi-file upload.
type Upload struct {
	Name string
	Data []byte
}

var portfolioCodes = imageCodes{tooLarge: "portfolio.errors.image_too_large", format: "portfolio.errors.invalid_image",
	tooSmall: "portfolio.errors.image_too_small"}

// AddImages adds photos to a portfolio. Each file is checked on its own: the
// good ones are added, the others come back with their reason. The first
// photo of a portfolio becomes its key image.
func (s *Service) AddImages(ctx context.Context, userID, id string, files []Upload) ([]PortfolioImage, []FileError, error) {
	if len(files) == 0 {
		return nil, nil, apperr.Validation(map[string]string{"images": "portfolio.errors.no_images_sent"})
	}
	if len(files) > MaxFilesPerUpload {
		return nil, nil, apperr.Validation(map[string]string{"images": "portfolio.errors.too_many_files"})
	}
	if _, err := s.Store.GetPortfolio(ctx, userID, id); err != nil {
		return nil, nil, notFound(err)
	}
	// The photo limit is checked again under the portfolio's lock; this
	// first count spares decoding photos that cannot be kept.
	n, _, err := s.Store.CountPortfolioImages(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	added := []PortfolioImage{}
	fileErrs := []FileError{}
	var busy *apperr.Error
	for _, f := range files {
		var im PortfolioImage
		var err error
		switch {
		case busy != nil: // the decoding budget had no room: the rest waits no more
			err = busy
		case n+len(added) >= MaxPortfolioImages:
			err = apperr.New(apperr.Conflict, "portfolio.errors.image_limit")
		default:
			im, err = s.addImage(ctx, userID, id, f.Data)
		}
		if err != nil {
			e, ok := apperr.As(err)
			if !ok || e.Kind == apperr.NotFound {
				return added, fileErrs, err
			}
			if e.Kind == apperr.Unavailable {
				busy = e
			}
			fileErrs = append(fileErrs, FileError{File: f.Name, Code: e.Code, Args: e.Args})
			continue
		}
		added = append(added, im)
	}
	return added, fileErrs, nil
}

func (s *Service) addImage(ctx context.Context, userID, id string, data []byte) (PortfolioImage, error) {
	p, err := process(ctx, data, PortfolioImageMaxBytes, false, portfolioCodes)
	if err != nil {
		return PortfolioImage{}, err
	}
	row := model.PortfolioImage{ID: model.NewID(), PortfolioID: id, CreatedAt: s.Clock.Now()}
	if row.ImageFile, err = s.storeFiles(ctx, "portfolios/"+userID+"/"+id+"/"+row.ID, p); err != nil {
		return PortfolioImage{}, err
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		// Holding the portfolio's row makes concurrent uploads count in turn.
		if err := tx.TouchPortfolio(ctx, userID, id, s.Clock.Now()); err != nil {
			return notFound(err)
		}
		n, next, err := tx.CountPortfolioImages(ctx, id)
		if err != nil {
			return err
		}
		if n >= MaxPortfolioImages {
			return apperr.New(apperr.Conflict, "portfolio.errors.image_limit")
		}
		row.Position, row.IsKeyImage = next, n == 0
		return tx.CreatePortfolioImage(ctx, row)
	})
	if err != nil {
		blob.RemoveOrphans(ctx, s.Log, s.Blobs, row.ImageKey, row.ThumbKey)
		return PortfolioImage{}, err
	}
	return s.toPortfolioImage(row), nil
}

// RemoveImage deletes a portfolio photo; when it was the key image, the
// first remaining photo takes its place.
func (s *Service) RemoveImage(ctx context.Context, userID, id, imageID string) error {
	im, err := s.Store.GetPortfolioImage(ctx, userID, id, imageID)
	if err != nil {
		return notFound(err)
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.TouchPortfolio(ctx, userID, id, s.Clock.Now()); err != nil {
			return notFound(err)
		}
		if err := tx.DeletePortfolioImage(ctx, id, imageID); err != nil {
			return notFound(err)
		}
		if err := tx.QueueBlobDeletions(ctx, []string{im.ImageKey, im.ThumbKey}, s.Clock.Now()); err != nil {
			return err
		}
		if !im.IsKeyImage {
			return nil
		}
		rest, err := tx.ListPortfolioImages(ctx, []string{id})
		if err != nil || len(rest[id]) == 0 {
			return err
		}
		return tx.SetPortfolioKeyImage(ctx, id, rest[id][0].ID)
	})
	if err != nil {
		return err
	}
	blob.RemoveCommitted(ctx, s.Log, s.Store, s.Blobs, im.ImageKey, im.ThumbKey)
	return nil
}

// SetCaption sets a portfolio photo's caption.
func (s *Service) SetCaption(ctx context.Context, userID, id, imageID, caption string) (PortfolioImage, error) {
	f := apperr.Fields{}
	if caption = CheckText(f, "caption", caption, false); utf8.RuneCountInString(caption) > captionMax {
		f.Add("caption", "portfolio.errors.caption_too_long")
	}
	if err := f.Err(); err != nil {
		return PortfolioImage{}, err
	}
	if _, err := s.Store.GetPortfolioImage(ctx, userID, id, imageID); err != nil {
		return PortfolioImage{}, notFound(err)
	}
	if err := s.Store.SetPortfolioImageCaption(ctx, id, imageID, caption); err != nil {
		return PortfolioImage{}, notFound(err)
	}
	im, err := s.Store.GetPortfolioImage(ctx, userID, id, imageID)
	if err != nil {
		return PortfolioImage{}, notFound(err)
	}
	return s.toPortfolioImage(im), nil
}

// SetKeyImage makes a photo the portfolio's one key image.
func (s *Service) SetKeyImage(ctx context.Context, userID, id, imageID string) (Portfolio, error) {
	if _, err := s.Store.GetPortfolioImage(ctx, userID, id, imageID); err != nil {
		return Portfolio{}, notFound(err)
	}
	err := s.Store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.TouchPortfolio(ctx, userID, id, s.Clock.Now()); err != nil {
			return notFound(err)
		}
		return notFound(tx.SetPortfolioKeyImage(ctx, id, imageID))
	})
	if err != nil {
		return Portfolio{}, err
	}
	return s.Portfolio(ctx, userID, id)
}

// ReorderImages puts a portfolio's photos in the given order, which must
// name each of them once.
func (s *Service) ReorderImages(ctx context.Context, userID, id string, order []string) (Portfolio, error) {
	p, err := s.Portfolio(ctx, userID, id)
	if err != nil {
		return Portfolio{}, err
	}
	have := make([]string, len(p.Images))
	for i, im := range p.Images {
		have[i] = im.ID
	}
	want := slices.Clone(order)
	slices.Sort(have)
	slices.Sort(want)
	if !slices.Equal(have, want) {
		return Portfolio{}, apperr.Validation(map[string]string{"imageIds": "portfolio.errors.reorder_mismatch"})
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.TouchPortfolio(ctx, userID, id, s.Clock.Now()); err != nil {
			return notFound(err)
		}
		for i, imageID := range order {
			if err := tx.SetPortfolioImagePosition(ctx, id, imageID, i); err != nil {
				return notFound(err)
			}
		}
		return nil
	})
	if err != nil {
		return Portfolio{}, err
	}
	return s.Portfolio(ctx, userID, id)
}

// PublicURL is the address of a portfolio's public page, or "" while the
// provider has no public page (no company yet).
func (s *Service) PublicURL(ctx context.Context, userID, id string) (string, error) {
	if _, err := s.Store.GetPortfolio(ctx, userID, id); err != nil {
		return "", notFound(err)
	}
	u, err := s.Store.GetUser(ctx, userID)
	if err != nil {
		return "", err
	}
	c, err := s.Store.GetCompany(ctx, userID)
	if errors.Is(err, store.ErrNotFound) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return s.Links.PublicURL(u.Domain, PortfolioPath(c.Slug, id)), nil
}

// PortfolioPath is the path of a portfolio's public page.
func PortfolioPath(slug, id string) string {
	return "/p/" + url.PathEscape(slug) + "/portfolio/" + url.PathEscape(id)
}
