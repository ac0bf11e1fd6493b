package media

import (
	"context"
	"errors"
	"unicode/utf8"

	"noces/internal/apperr"
	"noces/internal/model"
	"noces/internal/store"
	"noces/internal/validate"
)

// PortraitSections are the four rich-text sections, in the form's order.
var PortraitSections = []string{"portrait", "experience", "service", "benefits"}

// Portrait section limits: characters of text, and bytes of HTML as sent.
const (
	portraitMaxText = 5000
	portraitMaxHTML = 50000
)

// Portrait is a provider's four sections of sanitised HTML.
type Portrait struct {
	Portrait, Experience, Service, Benefits string
}

func (p Portrait) get(field string) string {
	switch field {
	case "portrait":
		return p.Portrait
	case "experience":
		return p.Experience
	case "service":
		return p.Service
	}
	return p.Benefits
}

func (p *Portrait) set(field, v string) {
	switch field {
	case "portrait":
		p.Portrait = v
	case "experience":
		p.Experience = v
	case "service":
		p.Service = v
	default:
		p.Benefits = v
	}
}

// Portrait returns a provider's sections.
func (s *Service) Portrait(ctx context.Context, userID string) (Portrait, error) {
	p, err := s.Store.GetPortrait(ctx, userID)
	if err != nil {
		return Portrait{}, err
	}
	return Portrait{Portrait: p.Portrait, Experience: p.Experience, Service: p.Service, Benefits: p.Benefits}, nil
}

// SavePortrait sanitises and saves the four sections. A section too long, or
// copied (from another section or anywhere in the directory), refuses the
// whole save.
func (s *Service) SavePortrait(ctx context.Context, userID string, in Portrait) (Portrait, error) {
	policy := RichPolicy()
	var out Portrait
	f := apperr.Fields{}
	var texts []textSource
	for _, field := range PortraitSections {
		raw := in.get(field)
		if len(raw) > portraitMaxHTML {
			f.Add(field, "portrait.errors.too_long")
			continue
		}
		// The editor's HTML is text too: a control character or a
		// bidirectional override would survive the sanitiser.
		if _, code := validate.Text(raw); code != "" {
			f.Add(field, code)
			continue
		}
		clean := SanitizeRich(policy, raw)
		plain := PlainText(clean)
		if utf8.RuneCountInString(plain) > portraitMaxText {
			f.Add(field, "portrait.errors.too_long")
			continue
		}
		out.set(field, clean)
		texts = append(texts, textSource{field: field, source: "portrait." + field, prints: Fingerprints(plain)})
	}
	if err := f.Err(); err != nil {
		return Portrait{}, err
	}
	dup, err := s.duplicateFields(ctx, userID, texts)
	if err != nil {
		return Portrait{}, err
	}
	for _, field := range PortraitSections {
		if dup[field] {
			f.Add(field, "portrait.errors.duplicate_text")
		}
	}
	if len(f) > 0 {
		return Portrait{}, &apperr.Error{Kind: apperr.Invalid, Code: "portrait.errors.duplicate_text", Fields: f}
	}
	err = s.Store.InTx(ctx, func(tx *store.Store) error {
		if field, err := saveFingerprints(ctx, tx, userID, texts); err != nil {
			if errors.Is(err, store.ErrConflict) {
				return &apperr.Error{Kind: apperr.Invalid, Code: "portrait.errors.duplicate_text",
					Fields: map[string]string{field: "portrait.errors.duplicate_text"}, Err: err}
			}
			return err
		}
		return tx.SavePortrait(ctx, model.Portrait{UserID: userID, Portrait: out.Portrait, Experience: out.Experience,
			Service: out.Service, Benefits: out.Benefits, UpdatedAt: s.Clock.Now()})
	})
	if err != nil {
		return Portrait{}, err
	}
	return out, nil
}
