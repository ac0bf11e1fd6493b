// Package mail sends the product's e-mails. Services depend on the Sender
// interface only, so tests and development can swap the SMTP relay for a
// recorder without touching business code.
package mail

import (
	"context"
	"errors"
	"fmt"
	gomail "github.com/wneessen/go-mail"
	"net/mail"
	"strings"
)

// Message is one e-mail to one person. Text and HTML carry the same content:
// clients that cannot or will not show HTML fall back to the text part, so a
// message should have both.
type Message struct {
	// To is a single address ("ana@example.com" or "Ana <ana@example.com>"):
	// one recipient per message keeps personal data out of other people's
	// headers and lets a refused address fail on its own.
	To      string
	Subject string
	Text    string
	HTML    string
	// ID, when set, names the message for every send of it: each carries the
	// Message-ID made from ID and the sender's domain, so a copy sent again
	// (a delivery retried after the relay took it but before the sender
	// learnt so) can be recognised as the same message by the receiving
	// server or the reader's client. Empty: a new Message-ID each send.
	ID string
}

// Sender delivers a Message. Implementations must honour ctx: callers bound
// the time a request may spend waiting on a mail relay.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// ErrInvalidMessage is wrapped by Send when the message itself is unusable
// (no recipient, no subject, no body), so callers can tell a programming
// error from a relay failure with errors.Is.
var ErrInvalidMessage = errors.New("mail: invalid message")

// ErrRefused is wrapped by Send when the relay refused the message for good
// (a 5xx reply, RFC 5321 4.2.1): trying again cannot help, and later work
// treats it as a bounce. A 4xx, a timeout or a dropped connection is not it.
var ErrRefused = errors.New("mail: refused by the relay")

// Permanent reports whether err is a failure that trying again cannot cure:
// a refusal by the relay, or a message that is unusable in itself.
func Permanent(err error) bool {
	return errors.Is(err, ErrRefused) || errors.Is(err, ErrInvalidMessage)
}

// refusedForGood reports whether a go-mail error carries a 5xx reply.
func refusedForGood(err error) bool {
	var se *gomail.SendError
	return errors.As(err, &se) && !se.IsTemp() && se.ErrorCode() >= 500 && se.ErrorCode() <= 599
}

// validate checks what Send needs before it dials anyone: a relay round trip
// for a message that can never be delivered wastes the caller's time. The
// subject is already one line (OneLine).
func (m Message) validate() error {
	if strings.TrimSpace(m.To) == "" {
		return fmt.Errorf("%w: no recipient", ErrInvalidMessage)
	}
	addrs, err := mail.ParseAddressList(m.To)
	if err != nil {
		return fmt.Errorf("%w: recipient %q: %w", ErrInvalidMessage, m.To, err)
	}
	if len(addrs) != 1 {
		return fmt.Errorf("%w: want one recipient, got %d", ErrInvalidMessage, len(addrs))
	}
	if strings.TrimSpace(m.Subject) == "" {
		return fmt.Errorf("%w: no subject", ErrInvalidMessage)
	}
	if m.Text == "" && m.HTML == "" {
		return fmt.Errorf("%w: no body", ErrInvalidMessage)
	}
	return nil
}
