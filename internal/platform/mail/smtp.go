package mail

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"strings"
	"sync"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// The values of SMTPConfig.Security.
const (
	// SecurityStartTLS connects in clear and upgrades with STARTTLS, refusing
	// to go on when the relay does not offer it: the usual submission setup
	// (port 587), hence the default.
	SecurityStartTLS = "starttls"
	// SecurityTLS speaks TLS from the first byte (implicit TLS, port 465).
	SecurityTLS = "tls"
	// SecurityNone never encrypts: for a relay on the same machine or a local
	// catcher such as Mailpit. Credentials are then only sent to a loopback host.
	SecurityNone = "none"
)

// DefaultTimeout bounds a whole send (connection, greeting, authentication,
// transfer) when SMTPConfig.Timeout is zero: long enough for a slow relay,
// short enough that a stuck one does not hold a request forever.
const DefaultTimeout = 30 * time.Second

// SMTPConfig describes the relay that delivers the product's e-mails.
type SMTPConfig struct {
	Host string
	// Port zero picks the port of the security mode: 587, 465 or 25.
	Port int
	// Username turns authentication on (PLAIN, else LOGIN, whichever the
	// relay offers); empty means the relay accepts us without it.
	Username string
	Password string
	// From is the sender of every message, "Noces <no-reply@example.com>"
	// or a bare address; its domain also names the Message-ID.
	From string
	// Security is SecurityStartTLS (the default when empty), SecurityTLS or
	// SecurityNone.
	Security string
	// Timeout bounds one Send from dial to the last reply; zero means
	// DefaultTimeout.
	Timeout time.Duration
	// RootCAs, when set, replaces the system roots to verify the relay's
	// certificate: for a relay signed by a private authority, and for tests
	// with a certificate made on the fly. Verification is never skipped.
	RootCAs *x509.CertPool
}

// String masks the password so a configuration can be logged safely.
func (c SMTPConfig) String() string {
	pw := ""
	if c.Password != "" {
		pw = "***"
	}
	return fmt.Sprintf("{Host:%s Port:%d Username:%s Password:%s From:%s Security:%s Timeout:%s}",
		c.Host, c.Port, c.Username, pw, c.From, c.Security, c.Timeout)
}

// Validate reports every problem of the configuration at once, so a bad
// deployment fails at start-up rather than at the first password reset.
func (c SMTPConfig) Validate() error {
	var errs []error
	if strings.TrimSpace(c.Host) == "" {
		errs = append(errs, errors.New("host is required"))
	}
	if c.Port < 0 || c.Port > 65535 {
		errs = append(errs, fmt.Errorf("port %d is out of range", c.Port))
	}
	switch c.Security {
	case "", SecurityStartTLS, SecurityTLS, SecurityNone:
	default:
		errs = append(errs, fmt.Errorf("security %q: want %q, %q or %q", c.Security, SecurityStartTLS, SecurityTLS, SecurityNone))
	}
	if c.From == "" {
		errs = append(errs, errors.New("from is required"))
	} else if _, err := mail.ParseAddress(c.From); err != nil {
		errs = append(errs, fmt.Errorf("from %q: %w", c.From, err))
	}
	if c.Timeout < 0 {
		errs = append(errs, fmt.Errorf("timeout %s is negative", c.Timeout))
	}
	if c.Password != "" && c.Username == "" {
		errs = append(errs, errors.New("a password without a username is never used"))
	}
	// Sending a password in clear over the network is refused by the client
	// anyway; saying so here turns a failure on every send into one at start-up.
	if c.Username != "" && c.Security == SecurityNone && !isLoopback(c.Host) {
		errs = append(errs, fmt.Errorf("authentication without TLS is only allowed to a loopback host, not %q", c.Host))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("mail: smtp config: %w", err)
	}
	return nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// SMTP is a Sender that talks to an SMTP relay. It opens one connection per
// message: transactional e-mails are rare enough that a pool would only add
// stale connections to recover from. It is safe for concurrent use.
type SMTP struct {
	host      string
	port      int
	security  string
	timeout   time.Duration
	username  string
	password  string
	from      *mail.Address
	domain    string // of From, for Message-IDs
	tlsConfig *tls.Config
	now       func() time.Time // the Date header; replaced in tests
}

var _ Sender = (*SMTP)(nil)

// NewSMTP validates cfg and returns a Sender for it. It does not connect:
// the relay may legitimately be down while the server starts.
func NewSMTP(cfg SMTPConfig) (*SMTP, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	from, err := mail.ParseAddress(cfg.From)
	if err != nil { // already checked by Validate; kept for the compiler's sake
		return nil, fmt.Errorf("mail: from: %w", err)
	}
	s := &SMTP{
		host:     cfg.Host,
		port:     cfg.Port,
		security: cfg.Security,
		timeout:  cfg.Timeout,
		username: cfg.Username,
		password: cfg.Password,
		from:     from,
		domain:   from.Address[strings.LastIndex(from.Address, "@")+1:],
		tlsConfig: &tls.Config{
			ServerName: cfg.Host,
			MinVersion: tls.VersionTLS12,
			RootCAs:    cfg.RootCAs,
		},
		now: time.Now,
	}
	if s.security == "" {
		s.security = SecurityStartTLS
	}
	if s.timeout == 0 {
		s.timeout = DefaultTimeout
	}
	if s.port == 0 {
		s.port = map[string]int{SecurityStartTLS: 587, SecurityTLS: 465, SecurityNone: 25}[s.security]
	}
	// Build a client once so that an option go-mail rejects fails here, not
	// on the first Send.
	if _, err := s.client(context.Background()); err != nil {
		return nil, err
	}
	return s, nil
}

// Send delivers m to m.To through the relay, its subject made one line
// (OneLine). The whole conversation is
// bounded by ctx and by the configured timeout, whichever ends first; an
// error then wraps context.Canceled or context.DeadlineExceeded.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	// A line break in a subject is how header injection starts, and text a
	// person wrote reaches subjects: it is made one line rather than refused,
	// so that an old row with one still delivers.
	m.Subject = OneLine(m.Subject)
	if err := m.validate(); err != nil {
		return err
	}
	msg, err := s.build(m)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	client, err := s.client(ctx)
	if err != nil {
		return err
	}
	if err := client.DialAndSendWithContext(ctx, msg); err != nil {
		if refusedForGood(err) {
			return fmt.Errorf("mail: send via %s:%d: %w: %w", s.host, s.port, ErrRefused, err)
		}
		if ctxErr := ctxError(ctx); ctxErr != nil {
			return fmt.Errorf("mail: send via %s:%d: %w: %w", s.host, s.port, ctxErr, err)
		}
		return fmt.Errorf("mail: send via %s:%d: %w", s.host, s.port, err)
	}
	return nil
}

// ctxError is ctx.Err(), also when the connection's deadline fired a moment
// before the context's own timer did.
func ctxError(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if d, ok := ctx.Deadline(); ok && !time.Now().Before(d) {
		return context.DeadlineExceeded
	}
	return nil
}

// build turns m into a go-mail message: multipart/alternative when it has
// both bodies, text first so that clients prefer the HTML (RFC 2046, 5.1.4).
func (s *SMTP) build(m Message) (*gomail.Msg, error) {
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	msg.FromMailAddress(s.from)
	if err := msg.To(m.To); err != nil {
		return nil, fmt.Errorf("%w: recipient %q: %w", ErrInvalidMessage, m.To, err)
	}
	msg.Subject(m.Subject)
	msg.SetDateWithValue(s.now())
	msg.SetMessageIDWithValue(messageID(m.ID, s.domain))
	switch {
	case m.Text != "" && m.HTML != "":
		msg.SetBodyString(gomail.TypeTextPlain, m.Text)
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	case m.Text != "":
		msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	default:
		msg.SetBodyString(gomail.TypeTextHTML, m.HTML)
	}
	return msg, nil
}

// messageID is the Message-ID's content (go-mail adds the angle brackets)
// for a message named id, or a random one when id is empty. The right part
// is the sender's domain rather than the machine's name (go-mail's default):
// a container's host name says nothing and some filters score it. The left
// part of a named message is a digest of its name, not the name itself: the
// name is an internal row id, and a UUIDv7 would tell every recipient when
// the message was queued, to the millisecond.
func messageID(id, domain string) string {
	if id == "" {
		return rand.Text() + "@" + domain
	}
	sum := sha256.Sum256([]byte("noces message-id\x00" + id))
	return hex.EncodeToString(sum[:16]) + "@" + domain
}

// client makes a go-mail client for one send. It is made per send because
// its dialer must know the send's context, which outlives go-mail's own
// dialing context.
func (s *SMTP) client(ctx context.Context) (*gomail.Client, error) {
	opts := []gomail.Option{
		gomail.WithPort(s.port),
		gomail.WithTimeout(s.timeout),
		gomail.WithTLSConfig(s.tlsConfig),
		gomail.WithDialContextFunc(s.dialer(ctx)),
	}
	switch s.security {
	case SecurityStartTLS:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case SecurityTLS:
		// go-mail leaves TLS to a custom dialer; WithSSL only stops it from
		// trying STARTTLS inside the TLS session.
		opts = append(opts, gomail.WithSSL())
	case SecurityNone:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	}
	if s.username != "" {
		opts = append(opts,
			gomail.WithOpportunisticSMTPAuth(gomail.SMTPAuthPlain, gomail.SMTPAuthLogin),
			gomail.WithUsername(s.username),
			gomail.WithPassword(s.password),
		)
	}
	c, err := gomail.NewClient(s.host, opts...)
	if err != nil {
		return nil, fmt.Errorf("mail: smtp client: %w", err)
	}
	return c, nil
}

// dialer connects to the relay with a connection bound to sendCtx (go-mail
// only watches a context while dialing), and does the TLS handshake itself
// in SecurityTLS mode, which go-mail skips when given a dialer.
func (s *SMTP) dialer(sendCtx context.Context) gomail.DialContextFunc {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		var d net.Dialer
		raw, err := d.DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		conn := newCtxConn(sendCtx, raw)
		if s.security != SecurityTLS {
			return conn, nil
		}
		tc := tls.Client(conn, s.tlsConfig.Clone())
		if err := tc.HandshakeContext(ctx); err != nil {
			_ = tc.Close()
			return nil, fmt.Errorf("tls handshake: %w", err)
		}
		return tc, nil
	}
}

// ctxConn is a connection that stops when its context ends: deadlines set on
// it never go past the context's, and the end of the context expires them and
// closes the connection. go-mail resets deadlines before each message, so clamping them here
// is the only way to bound a whole send.
type ctxConn struct {
	net.Conn
	ctx  context.Context
	mu   sync.Mutex // orders deadline changes against the cancellation
	stop func() bool
}

// expired is a deadline in the past, which fails every pending and future
// read and write.
var expired = time.Unix(1, 0)

func newCtxConn(ctx context.Context, conn net.Conn) *ctxConn {
	c := &ctxConn{Conn: conn, ctx: ctx}
	c.stop = context.AfterFunc(ctx, func() {
		c.mu.Lock()
		_ = c.Conn.SetDeadline(expired)
		c.mu.Unlock()
		// Send cancels its context when it returns, so this also closes a
		// connection go-mail left open on an error path.
		_ = c.Conn.Close()
	})
	_ = c.SetDeadline(time.Time{})
	return c
}

func (c *ctxConn) clamp(t time.Time) time.Time {
	if c.ctx.Err() != nil {
		return expired
	}
	if d, ok := c.ctx.Deadline(); ok && (t.IsZero() || d.Before(t)) {
		return d
	}
	return t
}

func (c *ctxConn) SetDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.Conn.SetDeadline(c.clamp(t))
}

func (c *ctxConn) SetReadDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.Conn.SetReadDeadline(c.clamp(t))
}

func (c *ctxConn) SetWriteDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.Conn.SetWriteDeadline(c.clamp(t))
}

func (c *ctxConn) Close() error {
	c.stop()
	return c.Conn.Close()
}
