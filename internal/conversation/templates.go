package conversation

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/validate"
)

// Saved replies: a provider keeps a few and starts a message from one; the
// web fills the placeholders from the request for editing, the server
// checks that only known ones are used.
const (
	MaxTemplates    = 20
	MaxTemplateName = 80
)

// Placeholders a saved reply may hold.
var Placeholders = []string{"{firstname}", "{date}", "{city}"}

var placeholderPattern = regexp.MustCompile(`\{[^{}\s]{0,40}\}`)

// TemplateInput is a saved reply as the provider writes it.
type TemplateInput struct {
	Name, Body string
}

func checkTemplate(in TemplateInput) (TemplateInput, error) {
	f := apperr.Fields{}
	name := strings.TrimSpace(in.Name)
	switch n := utf8.RuneCountInString(name); {
	case validate.Line(name) != "":
		f.Add("name", "conversation.errors.name_invalid")
	case n == 0:
		f.Add("name", "conversation.errors.name_required")
	case n > MaxTemplateName:
		f.Add("name", "conversation.errors.name_too_long")
	}
	body, code := CheckBody(in.Body)
	if code != "" {
		f.Add("body", code)
	} else {
		for _, p := range placeholderPattern.FindAllString(body, -1) {
			if !isPlaceholder(p) {
				f.Add("body", "conversation.errors.placeholder_unknown")
				break
			}
		}
	}
	if err := f.Err(); err != nil {
		return in, err
	}
	return TemplateInput{Name: name, Body: body}, nil
}

func isPlaceholder(p string) bool {
	for _, k := range Placeholders {
		if p == k {
			return true
		}
	}
	return false
}

func templateNotFound(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return apperr.Wrap(apperr.NotFound, "conversation.errors.template_not_found", err)
	}
	return err
}

// Templates lists the provider's saved replies.
func (s *Service) Templates(ctx context.Context, userID string) ([]store.ReplyTemplate, error) {
	return s.store.ListReplyTemplates(ctx, userID)
}

// CreateTemplate adds a saved reply, up to MaxTemplates.
func (s *Service) CreateTemplate(ctx context.Context, userID string, in TemplateInput) (store.ReplyTemplate, error) {
	in, err := checkTemplate(in)
	if err != nil {
		return store.ReplyTemplate{}, err
	}
	t := store.ReplyTemplate{ID: model.NewID(), ProviderID: userID, Name: in.Name, Body: in.Body, CreatedAt: s.clock.Now()}
	t.UpdatedAt = t.CreatedAt
	err = s.store.InTx(ctx, func(tx *store.Store) error {
		// One addition at a time per provider, so the limit holds under
		// concurrent requests.
		if err := tx.LockUser(ctx, userID); err != nil {
			return err
		}
		ok, err := tx.CreateReplyTemplate(ctx, t, MaxTemplates)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.New(apperr.Conflict, "conversation.errors.too_many_templates")
		}
		return nil
	})
	return t, err
}

// UpdateTemplate changes one of the provider's saved replies.
func (s *Service) UpdateTemplate(ctx context.Context, userID, id string, in TemplateInput) (store.ReplyTemplate, error) {
	in, err := checkTemplate(in)
	if err != nil {
		return store.ReplyTemplate{}, err
	}
	t := store.ReplyTemplate{ID: id, ProviderID: userID, Name: in.Name, Body: in.Body, UpdatedAt: s.clock.Now()}
	if err := s.store.UpdateReplyTemplate(ctx, t); err != nil {
		return t, templateNotFound(err)
	}
	t, err = s.store.GetReplyTemplate(ctx, userID, id)
	return t, templateNotFound(err)
}

// DeleteTemplate deletes one of the provider's saved replies.
func (s *Service) DeleteTemplate(ctx context.Context, userID, id string) error {
	return templateNotFound(s.store.DeleteReplyTemplate(ctx, userID, id))
}
