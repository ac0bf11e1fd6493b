package admin

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/validate"
)

// Bounds of the promotional messages' fields.
const (
	TitleMin            = 2
	TitleMax            = 120
	AlertDescriptionMax = 1000
	PopupDescriptionMax = 20000
	ButtonTextMax       = 60
	LinkMax             = 2000
)

// Kind is one of the two kinds of promotional message, the alert (a banner)
// and the popup (a dialog). Both are created, read, updated and deleted the
// same way; a Kind holds what differs: the table, the checks of the
// description and image, the audit actions and the not-found code.
type Kind struct {
	// popup: an HTML description, an image and the once-per-user switch.
	popup    bool
	notFound string
	created  string
	updated  string
	deleted  string
	list     func(ctx context.Context, st *store.Store) ([]Promotion, error)
	get      func(ctx context.Context, st *store.Store, id string) (Promotion, error)
	save     func(ctx context.Context, st *store.Store, p Promotion, create bool) error
	remove   func(ctx context.Context, st *store.Store, id string) error
}

// The two kinds.
var (
	Alerts = &Kind{notFound: "admin.errors.alert_not_found",
		created: ActionAlertCreate, updated: ActionAlertUpdate, deleted: ActionAlertDelete,
		list: func(ctx context.Context, st *store.Store) ([]Promotion, error) {
			as, err := st.ListAlerts(ctx)
			return convertAll(as, fromAlert), err
		},
		get: func(ctx context.Context, st *store.Store, id string) (Promotion, error) {
			a, err := st.GetAlert(ctx, id)
			return fromAlert(a), err
		},
		save: func(ctx context.Context, st *store.Store, p Promotion, create bool) error {
			return st.SaveActiveAlert(ctx, p.alert(), create)
		},
		remove: func(ctx context.Context, st *store.Store, id string) error { return st.DeleteAlert(ctx, id) },
	}
	Popups = &Kind{popup: true, notFound: "admin.errors.popup_not_found",
		created: ActionPopupCreate, updated: ActionPopupUpdate, deleted: ActionPopupDelete,
		list: func(ctx context.Context, st *store.Store) ([]Promotion, error) {
			ps, err := st.ListPopups(ctx)
			return convertAll(ps, fromPopup), err
		},
		get: func(ctx context.Context, st *store.Store, id string) (Promotion, error) {
			p, err := st.GetPopup(ctx, id)
			return fromPopup(p), err
		},
		save: func(ctx context.Context, st *store.Store, p Promotion, create bool) error {
			return st.SaveActivePopup(ctx, p.popup(), create)
		},
		remove: func(ctx context.Context, st *store.Store, id string) error { return st.DeletePopup(ctx, id) },
	}
)

// Promotion is an alert or a popup as the admin side handles it. An alert's
// description is text and it has no image and no once-per-user switch; a
// popup's description is sanitised HTML.
type Promotion struct {
	ID, Audience, Title, Description, ImageURL, ButtonText, ButtonLink string
	ShowOncePerUser, IsActive                                          bool
	CreatedAt, UpdatedAt                                               time.Time
}

func fromAlert(a model.PromotionalAlert) Promotion {
	return Promotion{ID: a.ID, Audience: a.Audience, Title: a.Title, Description: a.Description, ButtonText: a.ButtonText,
		ButtonLink: a.ButtonLink, IsActive: a.IsActive, CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt}
}

func (p Promotion) alert() model.PromotionalAlert {
	return model.PromotionalAlert{ID: p.ID, Audience: p.Audience, Title: p.Title, Description: p.Description, ButtonText: p.ButtonText,
		ButtonLink: p.ButtonLink, IsActive: p.IsActive, CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
}

func fromPopup(p model.PromotionalPopup) Promotion {
	return Promotion{ID: p.ID, Audience: p.Audience, Title: p.Title, Description: p.DescriptionHTML, ImageURL: p.ImageURL,
		ButtonText: p.ButtonText, ButtonLink: p.ButtonLink, ShowOncePerUser: p.ShowOncePerUser, IsActive: p.IsActive,
		CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
}

func (p Promotion) popup() model.PromotionalPopup {
	return model.PromotionalPopup{ID: p.ID, Audience: p.Audience, Title: p.Title, DescriptionHTML: p.Description, ImageURL: p.ImageURL,
		ButtonText: p.ButtonText, ButtonLink: p.ButtonLink, ShowOncePerUser: p.ShowOncePerUser, IsActive: p.IsActive,
		CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
}

// convertAll converts a list read from the store.
func convertAll[T any](rows []T, conv func(T) Promotion) []Promotion {
	out := make([]Promotion, len(rows))
	for i, r := range rows {
		out[i] = conv(r)
	}
	return out
}

// PromotionInput is an alert or a popup as an admin writes it. Description
// is HTML for a popup; an alert has no ImageURL or ShowOncePerUser.
type PromotionInput struct {
	Type, Title, Description, ImageURL, ButtonText, ButtonLink string
	IsActive                                                   bool
	// ShowOncePerUser defaults to true.
	ShowOncePerUser *bool
}

// checkCommon trims and checks the fields alerts and popups share.
func checkCommon(f apperr.Fields, typ, title, buttonText, buttonLink *string) {
	*typ, *title = strings.TrimSpace(*typ), strings.TrimSpace(*title)
	*buttonText, *buttonLink = strings.TrimSpace(*buttonText), strings.TrimSpace(*buttonLink)
	if *typ != model.AudiencePlanner && *typ != model.AudienceVenue {
		f.Add("type", "validation.audience_invalid")
	}
	if code := validate.Line(*title); code != "" {
		f.Add("title", code)
	} else if n := utf8.RuneCountInString(*title); n == 0 {
		f.Add("title", "validation.required")
	} else if n < TitleMin || n > TitleMax {
		f.Add("title", "admin.validation.title_length")
	}
	if code := validate.Line(*buttonText); code != "" {
		f.Add("buttonText", code)
	} else if utf8.RuneCountInString(*buttonText) > ButtonTextMax {
		f.Add("buttonText", "admin.validation.button_text_too_long")
	}
	if *buttonLink != "" && !isLink(*buttonLink) {
		f.Add("buttonLink", "admin.validation.link_invalid")
	}
	// A button needs both its text and where it goes.
	if *buttonText != "" && *buttonLink == "" {
		f.Add("buttonLink", "validation.required")
	}
	if *buttonLink != "" && *buttonText == "" {
		f.Add("buttonText", "validation.required")
	}
}

// isLink accepts a path of this site ("/credits", not "//elsewhere") or an
// https URL: nothing that could run script or leave for plain http.
func isLink(s string) bool {
	if len(s) > LinkMax || strings.ContainsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) || r == '\\' }) {
		return false
	}
	u, err := url.Parse(s)
	if err != nil {
		return false
	}
	if strings.HasPrefix(s, "/") {
		return !strings.HasPrefix(s, "//") && u.Scheme == "" && u.Host == ""
	}
	return isHTTPS(u)
}

func isHTTPS(u *url.URL) bool {
	return u.Scheme == "https" && u.Host != "" && u.User == nil
}

// isImageURL accepts an https URL.
func isImageURL(s string) bool {
	if len(s) > LinkMax || strings.ContainsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) || r == '\\' }) {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && isHTTPS(u)
}

// check trims and validates in as a message of kind k; a popup's HTML
// description is sanitised.
func (s *Service) check(k *Kind, in *PromotionInput) error {
	f := apperr.Fields{}
	checkCommon(f, &in.Type, &in.Title, &in.ButtonText, &in.ButtonLink)
	if !k.popup {
		in.ImageURL, in.ShowOncePerUser = "", nil
		desc, code := validate.Text(in.Description)
		in.Description = strings.TrimSpace(desc)
		if code != "" {
			f.Add("description", code)
		} else if n := utf8.RuneCountInString(in.Description); n == 0 {
			f.Add("description", "validation.required")
		} else if n > AlertDescriptionMax {
			f.Add("description", "admin.validation.description_too_long")
		}
		return f.Err()
	}
	in.Description = strings.TrimSpace(s.html.Sanitize(in.Description))
	switch {
	case strings.TrimSpace(s.plain.Sanitize(in.Description)) == "":
		f.Add("description", "validation.required")
	case utf8.RuneCountInString(in.Description) > PopupDescriptionMax:
		f.Add("description", "admin.validation.description_too_long")
	}
	in.ImageURL = strings.TrimSpace(in.ImageURL)
	if in.ImageURL != "" && !isImageURL(in.ImageURL) {
		f.Add("imageUrl", "admin.validation.image_url_invalid")
	}
	return f.Err()
}

// Promotions lists every message of kind k, newest first.
func (s *Service) Promotions(ctx context.Context, k *Kind) ([]Promotion, error) {
	return k.list(ctx, s.store)
}

// CreatePromotion saves a new message of kind k; an active one deactivates
// the others of its kind and audience.
func (s *Service) CreatePromotion(ctx context.Context, actorID string, k *Kind, in PromotionInput) (Promotion, error) {
	if err := s.check(k, &in); err != nil {
		return Promotion{}, err
	}
	now := s.clock.Now()
	p := Promotion{ID: model.NewID(), Audience: in.Type, Title: in.Title, Description: in.Description, ImageURL: in.ImageURL,
		ButtonText: in.ButtonText, ButtonLink: in.ButtonLink, ShowOncePerUser: k.popup && (in.ShowOncePerUser == nil || *in.ShowOncePerUser),
		IsActive: in.IsActive, CreatedAt: now, UpdatedAt: now}
	err := s.store.InTx(ctx, func(tx *store.Store) error {
		if err := k.save(ctx, tx, p, true); err != nil {
			return err
		}
		return s.audit(ctx, tx, actorID, k.created, p.ID, map[string]any{"type": p.Audience, "title": p.Title, "isActive": p.IsActive})
	})
	if err != nil {
		return Promotion{}, err
	}
	return p, nil
}

// UpdatePromotion replaces the fields of a message of kind k; a popup's
// once-per-user switch stays as it was when in leaves it out.
func (s *Service) UpdatePromotion(ctx context.Context, actorID string, k *Kind, id string, in PromotionInput) (Promotion, error) {
	if err := s.check(k, &in); err != nil {
		return Promotion{}, err
	}
	var p Promotion
	err := s.store.InTx(ctx, func(tx *store.Store) error {
		var err error
		if p, err = k.get(ctx, tx, id); err != nil {
			return err
		}
		p.Audience, p.Title, p.Description, p.ImageURL = in.Type, in.Title, in.Description, in.ImageURL
		p.ButtonText, p.ButtonLink, p.IsActive = in.ButtonText, in.ButtonLink, in.IsActive
		if in.ShowOncePerUser != nil {
			p.ShowOncePerUser = *in.ShowOncePerUser
		}
		p.UpdatedAt = s.clock.Now()
		if err := k.save(ctx, tx, p, false); err != nil {
			return err
		}
		return s.audit(ctx, tx, actorID, k.updated, p.ID, map[string]any{"type": p.Audience, "title": p.Title, "isActive": p.IsActive})
	})
	if errors.Is(err, store.ErrNotFound) {
		return Promotion{}, apperr.Wrap(apperr.NotFound, k.notFound, err)
	}
	return p, err
}

// DeletePromotion removes a message of kind k.
func (s *Service) DeletePromotion(ctx context.Context, actorID string, k *Kind, id string) error {
	err := s.store.InTx(ctx, func(tx *store.Store) error {
		p, err := k.get(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := k.remove(ctx, tx, id); err != nil {
			return err
		}
		return s.audit(ctx, tx, actorID, k.deleted, id, map[string]any{"type": p.Audience, "title": p.Title})
	})
	if errors.Is(err, store.ErrNotFound) {
		return apperr.Wrap(apperr.NotFound, k.notFound, err)
	}
	return err
}
