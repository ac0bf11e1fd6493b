// Package mailtest is an SMTP relay in process, speaking the real protocol
// (go-smtp), for tests and benchmarks of code that sends through
// mail.SMTP: it records what it accepts, and can be slow, refuse for a time,
// or take a message without the sender learning so.
package mailtest

import (
	"bytes"
	"errors"
	"io"
	"log"
	"mime"
	"net"
	"net/mail"
	"strconv"
	"sync"
	"time"

	"github.com/emersion/go-smtp"
)

// Message is one accepted e-mail.
type Message struct {
	To      string
	Subject string
	// MessageID is the Message-ID header as written, angle brackets included.
	MessageID string
	At        time.Time
}

// Server is a running relay.
type Server struct {
	Host string
	Port int

	mu       sync.Mutex
	messages []Message
	delay    time.Duration
	refuse   time.Time // until then, every message gets a 451
	bounce   map[string]bool
	hold     time.Duration // between taking a message and saying so
	lose     int           // messages taken whose reply is never sent
	srv      *smtp.Server
}

// Start listens on a free loopback port.
func Start() (*Server, error) {
	s := &Server{}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) { return &session{s: s, conn: c}, nil }))
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.ReadTimeout, srv.WriteTimeout = 30*time.Second, 30*time.Second
	srv.ErrorLog = log.New(io.Discard, "", 0)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := l.Addr().(*net.TCPAddr)
	s.Host, s.Port, s.srv = "127.0.0.1", addr.Port, srv
	go func() { _ = srv.Serve(l) }()
	return s, nil
}

// Addr is host:port.
func (s *Server) Addr() string { return net.JoinHostPort(s.Host, strconv.Itoa(s.Port)) }

// SetDelay makes each message take d before it is accepted.
func (s *Server) SetDelay(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.delay = d
}

// RefuseUntil answers every message with a transient 451 until t.
func (s *Server) RefuseUntil(t time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refuse = t
}

// HoldReplies makes the relay record each message it takes at once, then
// wait d before its 250: a sender killed meanwhile has had its message taken
// without knowing it.
func (s *Server) HoldReplies(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hold = d
}

// LoseReplies makes the relay take the next n messages, then close the
// connection instead of its 250, as a network that fails at that moment
// does: the sender sees an error for a message that will be delivered.
func (s *Server) LoseReplies(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lose = n
}

// Bounce makes the relay refuse every message to addr for good, with the
// 550 a mailbox that does not exist gets.
func (s *Server) Bounce(addr string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.bounce == nil {
		s.bounce = map[string]bool{}
	}
	s.bounce[addr] = true
}

// Messages returns what was accepted so far.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.messages...)
}

// Count returns how many accepted messages went to to.
func (s *Server) Count(to string) int {
	n := 0
	for _, m := range s.Messages() {
		if m.To == to {
			n++
		}
	}
	return n
}

// Close stops the relay.
func (s *Server) Close() error { return s.srv.Close() }

type session struct {
	s    *Server
	conn *smtp.Conn
	to   []string
}

func (se *session) Mail(string, *smtp.MailOptions) error { return nil }

func (se *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	se.s.mu.Lock()
	bounce := se.s.bounce[to]
	se.s.mu.Unlock()
	if bounce {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
	}
	se.to = append(se.to, to)
	return nil
}

func (se *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	se.s.mu.Lock()
	delay, refuse := se.s.delay, se.s.refuse
	se.s.mu.Unlock()
	time.Sleep(delay)
	if time.Now().Before(refuse) {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later"}
	}
	subject, messageID := "", ""
	if m, err := mail.ReadMessage(bytes.NewReader(data)); err == nil {
		dec := new(mime.WordDecoder)
		if subject, err = dec.DecodeHeader(m.Header.Get("Subject")); err != nil {
			subject = m.Header.Get("Subject")
		}
		messageID = m.Header.Get("Message-ID")
	}
	if len(se.to) == 0 {
		return errors.New("no recipient")
	}
	se.s.mu.Lock()
	for _, to := range se.to {
		se.s.messages = append(se.s.messages, Message{To: to, Subject: subject, MessageID: messageID, At: time.Now()})
	}
	hold, lose := se.s.hold, se.s.lose > 0
	if lose {
		se.s.lose--
	}
	se.s.mu.Unlock()
	if lose {
		_ = se.conn.Close()
		return errors.New("connection lost")
	}
	time.Sleep(hold)
	return nil
}

func (se *session) Reset()        { se.to = nil }
func (se *session) Logout() error { return nil }
