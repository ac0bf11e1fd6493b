package account

import (
	"context"
	"fmt"

	"noces/internal/model"
	"noces/internal/store"
)

// sendEmail renders kind in the user's language and queues it for address in
// tx, the transaction of the change it reports: the e-mail goes if and only if
// the change is committed. An error rolls the change back with it.
func (s *Service) sendEmail(ctx context.Context, tx *store.Store, u model.User, address, kind string, data map[string]string) error {
	if data == nil {
		data = map[string]string{}
	}
	data["firstname"] = u.Firstname
	m, err := s.emails.Render(u.Locale, kind, data)
	if err != nil {
		return fmt.Errorf("account: render %s: %w", kind, err)
	}
	m.To = address
	return s.outbox.Email(ctx, tx, m)
}
