package account

import (
	"context"

	"noces/internal/model"
)

// sendEmail renders kind in the user's language and sends it to address. A
// failed e-mail is logged, not returned: the account change it reports has
// happened, and the outbox keeps the message and its error.
func (s *Service) sendEmail(ctx context.Context, u model.User, address, kind string, data map[string]string) {
	if data == nil {
		data = map[string]string{}
	}
	data["firstname"] = u.Firstname
	m, err := s.emails.Render(u.Locale, kind, data)
	if err != nil {
		s.log.ErrorContext(ctx, "render e-mail", "kind", kind, "err", err.Error())
		return
	}
	m.To = address
	if err := s.mail.Send(ctx, m); err != nil {
		s.log.ErrorContext(ctx, "send e-mail", "kind", kind, "err", err.Error())
	}
}
