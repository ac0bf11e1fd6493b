package admin

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/model"
	"noces/internal/store"
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

// AlertInput is an alert as an admin writes it.
type AlertInput struct {
	Type, Title, Description, ButtonText, ButtonLink string
	IsActive                                         bool
}

// PopupInput is a popup as an admin writes it. Description is HTML.
type PopupInput struct {
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
	if n := utf8.RuneCountInString(*title); n == 0 {
		f.Add("title", "validation.required")
	} else if n < TitleMin || n > TitleMax {
		f.Add("title", "admin.validation.title_length")
	}
	if utf8.RuneCountInString(*buttonText) > ButtonTextMax {
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

func (in *AlertInput) check() error {
	f := apperr.Fields{}
	checkCommon(f, &in.Type, &in.Title, &in.ButtonText, &in.ButtonLink)
	in.Description = strings.TrimSpace(in.Description)
	if n := utf8.RuneCountInString(in.Description); n == 0 {
		f.Add("description", "validation.required")
	} else if n > AlertDescriptionMax {
		f.Add("description", "admin.validation.description_too_long")
	}
	return f.Err()
}

// checkPopup trims and validates in, and sanitises its HTML description.
func (s *Service) checkPopup(in *PopupInput) error {
	f := apperr.Fields{}
	checkCommon(f, &in.Type, &in.Title, &in.ButtonText, &in.ButtonLink)
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

// Alerts lists every alert, newest first.
func (s *Service) Alerts(ctx context.Context) ([]model.PromotionalAlert, error) {
	return s.store.ListAlerts(ctx)
}

// CreateAlert saves a new alert; an active one deactivates the others of its audience.
func (s *Service) CreateAlert(ctx context.Context, actorID string, in AlertInput) (model.PromotionalAlert, error) {
	if err := in.check(); err != nil {
		return model.PromotionalAlert{}, err
	}
	now := s.clock.Now()
	a := model.PromotionalAlert{ID: model.NewID(), Audience: in.Type, Title: in.Title, Description: in.Description,
		ButtonText: in.ButtonText, ButtonLink: in.ButtonLink, IsActive: in.IsActive, CreatedAt: now, UpdatedAt: now}
	err := s.store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.SaveActiveAlert(ctx, a, true); err != nil {
			return err
		}
		return s.audit(ctx, tx, actorID, ActionAlertCreate, a.ID, map[string]any{"type": a.Audience, "title": a.Title, "isActive": a.IsActive})
	})
	if err != nil {
		return model.PromotionalAlert{}, err
	}
	return a, nil
}

// UpdateAlert replaces an alert's fields.
func (s *Service) UpdateAlert(ctx context.Context, actorID, id string, in AlertInput) (model.PromotionalAlert, error) {
	if err := in.check(); err != nil {
		return model.PromotionalAlert{}, err
	}
	var a model.PromotionalAlert
	err := s.store.InTx(ctx, func(tx *store.Store) error {
		var err error
		if a, err = tx.GetAlert(ctx, id); err != nil {
			return err
		}
		a.Audience, a.Title, a.Description, a.ButtonText, a.ButtonLink, a.IsActive = in.Type, in.Title, in.Description, in.ButtonText, in.ButtonLink, in.IsActive
		a.UpdatedAt = s.clock.Now()
		if err := tx.SaveActiveAlert(ctx, a, false); err != nil {
			return err
		}
		return s.audit(ctx, tx, actorID, ActionAlertUpdate, a.ID, map[string]any{"type": a.Audience, "title": a.Title, "isActive": a.IsActive})
	})
	if errors.Is(err, store.ErrNotFound) {
		return model.PromotionalAlert{}, apperr.Wrap(apperr.NotFound, "admin.errors.alert_not_found", err)
	}
	return a, err
}

// DeleteAlert removes an alert.
func (s *Service) DeleteAlert(ctx context.Context, actorID, id string) error {
	err := s.store.InTx(ctx, func(tx *store.Store) error {
		a, err := tx.GetAlert(ctx, id)
		if err != nil {
			return err
		}
		if err := tx.DeleteAlert(ctx, id); err != nil {
			return err
		}
		return s.audit(ctx, tx, actorID, ActionAlertDelete, id, map[string]any{"type": a.Audience, "title": a.Title})
	})
	if errors.Is(err, store.ErrNotFound) {
		return apperr.Wrap(apperr.NotFound, "admin.errors.alert_not_found", err)
	}
	return err
}

// Popups lists every popup, newest first.
func (s *Service) Popups(ctx context.Context) ([]model.PromotionalPopup, error) {
	return s.store.ListPopups(ctx)
}

// CreatePopup saves a new popup with its description sanitised; an active
// one deactivates the others of its audience.
func (s *Service) CreatePopup(ctx context.Context, actorID string, in PopupInput) (model.PromotionalPopup, error) {
	if err := s.checkPopup(&in); err != nil {
		return model.PromotionalPopup{}, err
	}
	now := s.clock.Now()
	p := model.PromotionalPopup{ID: model.NewID(), Audience: in.Type, Title: in.Title, DescriptionHTML: in.Description,
		ImageURL: in.ImageURL, ButtonText: in.ButtonText, ButtonLink: in.ButtonLink, ShowOncePerUser: in.ShowOncePerUser == nil || *in.ShowOncePerUser,
		IsActive: in.IsActive, CreatedAt: now, UpdatedAt: now}
	err := s.store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.SaveActivePopup(ctx, p, true); err != nil {
			return err
		}
		return s.audit(ctx, tx, actorID, ActionPopupCreate, p.ID, map[string]any{"type": p.Audience, "title": p.Title, "isActive": p.IsActive})
	})
	if err != nil {
		return model.PromotionalPopup{}, err
	}
	return p, nil
}

// UpdatePopup replaces a popup's fields.
func (s *Service) UpdatePopup(ctx context.Context, actorID, id string, in PopupInput) (model.PromotionalPopup, error) {
	if err := s.checkPopup(&in); err != nil {
		return model.PromotionalPopup{}, err
	}
	var p model.PromotionalPopup
	err := s.store.InTx(ctx, func(tx *store.Store) error {
		var err error
		if p, err = tx.GetPopup(ctx, id); err != nil {
			return err
		}
		p.Audience, p.Title, p.DescriptionHTML, p.ImageURL = in.Type, in.Title, in.Description, in.ImageURL
		p.ButtonText, p.ButtonLink, p.IsActive = in.ButtonText, in.ButtonLink, in.IsActive
		if in.ShowOncePerUser != nil {
			p.ShowOncePerUser = *in.ShowOncePerUser
		}
		p.UpdatedAt = s.clock.Now()
		if err := tx.SaveActivePopup(ctx, p, false); err != nil {
			return err
		}
		return s.audit(ctx, tx, actorID, ActionPopupUpdate, p.ID, map[string]any{"type": p.Audience, "title": p.Title, "isActive": p.IsActive})
	})
	if errors.Is(err, store.ErrNotFound) {
		return model.PromotionalPopup{}, apperr.Wrap(apperr.NotFound, "admin.errors.popup_not_found", err)
	}
	return p, err
}

// DeletePopup removes a popup.
func (s *Service) DeletePopup(ctx context.Context, actorID, id string) error {
	err := s.store.InTx(ctx, func(tx *store.Store) error {
		p, err := tx.GetPopup(ctx, id)
		if err != nil {
			return err
		}
		if err := tx.DeletePopup(ctx, id); err != nil {
			return err
		}
		return s.audit(ctx, tx, actorID, ActionPopupDelete, id, map[string]any{"type": p.Audience, "title": p.Title})
	})
	if errors.Is(err, store.ErrNotFound) {
		return apperr.Wrap(apperr.NotFound, "admin.errors.popup_not_found", err)
	}
	return err
}
