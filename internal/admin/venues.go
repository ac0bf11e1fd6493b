package admin

import (
	"context"
	"errors"

	"noces/internal/apperr"
	"noces/internal/emails"
	"noces/internal/model"
	"noces/internal/store"
)

// VenuesPageSize is the page size of the venue validation screen: each venue
// comes with all its photos, so pages stay short.
const VenuesPageSize = 20

// Audit actions of venue validation.
const (
	ActionVenueValidate   = "venue.validate"
	ActionVenueUnvalidate = "venue.unvalidate"
)

// VenuePhoto is a venue photo with the addresses of its two sizes.
type VenuePhoto struct {
	model.Image
	URL, ThumbURL string
}

// Venue is a venue as the admin judges it: its facts, its owner, its
// features and every photo, the key image first.
type Venue struct {
	store.AdminVenue
	Features []string
	Photos   []VenuePhoto
	// PublicURL is the venue's public page, set only while the page is
	// public: published, validated, and its owner moderated.
	PublicURL string
}

// venuePath is the public path of a venue on its owner's domain.
func venuePath(slug string) string { return "/v/" + slug }

func (s *Service) venue(v store.AdminVenue, features []string, photos []model.Image) Venue {
	out := Venue{AdminVenue: v, Features: features, Photos: make([]VenuePhoto, 0, len(photos))}
	if out.Features == nil {
		out.Features = []string{}
	}
	for _, im := range photos {
		p := VenuePhoto{Image: im}
		if s.blobs != nil {
			p.URL, p.ThumbURL = s.blobs.URL(im.ImageKey), s.blobs.URL(im.ThumbKey)
		}
		out.Photos = append(out.Photos, p)
	}
	if v.IsPublished && v.IsValidated && v.OwnerModerated {
		out.PublicURL = s.links.PublicURL(v.OwnerDomain, venuePath(v.Slug))
	}
	return out
}

// Venues lists one page of the venues of a status (the queue when empty):
// a constant number of queries whatever the page holds, one for the page,
// one for all its photos and one for all its features.
func (s *Service) Venues(ctx context.Context, status string, page int) (Page[Venue], error) {
	if status == "" {
		status = store.AdminVenuesToValidate
	}
	if !store.IsAdminVenueStatus(status) {
		return Page[Venue]{}, apperr.Validation(map[string]string{"status": "admin.validation.venue_status_invalid"})
	}
	vs, total, err := s.store.ListAdminVenues(ctx, status, VenuesPageSize, offset(page, VenuesPageSize))
	if err != nil {
		return Page[Venue]{}, err
	}
	ids := make([]string, len(vs))
	for i, v := range vs {
		ids[i] = v.ID
	}
	photos, err := s.store.ListVenuesImages(ctx, ids)
	if err != nil {
		return Page[Venue]{}, err
	}
	features, err := s.store.ListVenuesFeatures(ctx, ids)
	if err != nil {
		return Page[Venue]{}, err
	}
	out := Page[Venue]{Items: make([]Venue, 0, len(vs)), Total: total, Page: page, PageSize: VenuesPageSize}
	for _, v := range vs {
		out.Items = append(out.Items, s.venue(v, features[v.ID], photos[v.ID]))
	}
	return out, nil
}

// GetVenue returns any venue of a live owner with all its photos; an
// unknown id, or a deleted owner's venue, is not found.
func (s *Service) GetVenue(ctx context.Context, id string) (Venue, error) {
	v, err := s.store.GetAdminVenue(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return Venue{}, apperr.Wrap(apperr.NotFound, "admin.errors.venue_not_found", err)
	}
	if err != nil {
		return Venue{}, err
	}
	photos, err := s.store.ListVenuesImages(ctx, []string{id})
	if err != nil {
		return Venue{}, err
	}
	features, err := s.store.ListVenuesFeatures(ctx, []string{id})
	if err != nil {
		return Venue{}, err
	}
	return s.venue(v, features[id], photos[id]), nil
}

// SetVenueValidation validates a published venue, or withdraws a venue's
// validation, and returns the venue as it is then. Asking for the state the
// venue is already in writes nothing and sends nothing, so a double click or
// a retry never e-mails the owner twice; of two concurrent validations only
// the one whose update matched audits and e-mails. A draft cannot be
// validated: its page would not exist.
func (s *Service) SetVenueValidation(ctx context.Context, actorID, id string, validated *bool) (Venue, error) {
	if validated == nil {
		return Venue{}, apperr.Validation(map[string]string{"validated": "validation.required"})
	}
	v, err := s.GetVenue(ctx, id)
	if err != nil {
		return Venue{}, err
	}
	if v.IsValidated == *validated {
		return v, nil
	}
	if *validated && !v.IsPublished {
		return Venue{}, apperr.New(apperr.Conflict, "admin.errors.venue_not_published")
	}
	changed := false
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		now := s.clock.Now()
		action := ActionVenueUnvalidate
		if *validated {
			action = ActionVenueValidate
			changed, err = tx.ValidateVenue(ctx, id, now)
		} else {
			changed, err = tx.UnvalidateVenue(ctx, id, now)
		}
		if err != nil || !changed {
			return err
		}
		if err := s.audit(ctx, tx, actorID, action, v.OwnerID, map[string]any{"venueId": v.ID, "venue": v.Name}); err != nil {
			return err
		}
		if !*validated {
			return nil
		}
		owner, err := tx.GetUser(ctx, v.OwnerID)
		if err != nil {
			return err
		}
		// The address the page has once public: the owner may still await
		// moderation, and the e-mail says where the venue will be found.
		return s.sendEmail(ctx, tx, owner, emails.KindVenueValidated, map[string]string{
			"venueName": v.Name,
			"publicUrl": s.links.PublicURL(owner.Domain, venuePath(v.Slug)),
			"venueUrl":  s.links.ProURL(owner.Domain, "/venues/"+v.ID),
		})
	})
	if err != nil {
		return Venue{}, err
	}
	return s.GetVenue(ctx, id)
}
