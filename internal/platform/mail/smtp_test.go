package mail

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"log"
	"math/big"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
	"github.com/google/go-cmp/cmp"
)

// server is an in-process SMTP server on loopback that records what it
// receives, so the tests check a real SMTP conversation end to end.
type server struct {
	host string
	port int

	mu       sync.Mutex
	received []received
}

type received struct {
	From, AuthUser string
	To             []string
	Data           []byte
}

type serverOptions struct {
	user, password string      // when set, AUTH PLAIN is required before MAIL FROM
	refuse         string      // a recipient answered with 550
	busy           string      // a recipient answered with 450 (try later)
	startTLS       *tls.Config // offers STARTTLS with this configuration
	implicitTLS    *tls.Config // speaks TLS from the first byte
	stallData      bool        // never answers DATA until the test ends
}

func startServer(t *testing.T, opts serverOptions) *server {
	t.Helper()
	srv := &server{}
	release := make(chan struct{})
	be := smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &session{srv: srv, opts: opts, release: release}, nil
	})
	s := smtp.NewServer(be)
	s.Domain = "localhost"
	s.AllowInsecureAuth = opts.implicitTLS == nil && opts.startTLS == nil
	s.TLSConfig = opts.startTLS
	s.ReadTimeout = 10 * time.Second
	s.WriteTimeout = 10 * time.Second
	s.ErrorLog = log.New(io.Discard, "", 0) // connections the tests abandon on purpose

	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if opts.implicitTLS != nil {
		l = tls.NewListener(l, opts.implicitTLS)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = s.Serve(l)
	}()
	t.Cleanup(func() {
		close(release)
		_ = s.Close()
		// Close only knows the listener once Serve has started; a test that
		// never connects can end before that.
		_ = l.Close()
		<-done
	})
	addr := l.Addr().(*net.TCPAddr)
	srv.host, srv.port = addr.IP.String(), addr.Port
	return srv
}

func (s *server) messages() []received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]received(nil), s.received...)
}

type session struct {
	srv     *server
	opts    serverOptions
	release chan struct{}

	authUser string
	from     string
	to       []string
}

func (s *session) AuthMechanisms() []string {
	if s.opts.user == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (s *session) Auth(mech string) (sasl.Server, error) {
	if mech != sasl.Plain {
		return nil, smtp.ErrAuthUnknownMechanism
	}
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if username != s.opts.user || password != s.opts.password {
			return smtp.ErrAuthFailed
		}
		s.authUser = username
		return nil
	}), nil
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	if s.opts.user != "" && s.authUser == "" {
		return smtp.ErrAuthRequired
	}
	s.from = from
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if to == s.opts.refuse {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such user"}
	}
	if to == s.opts.busy {
		return &smtp.SMTPError{Code: 450, EnhancedCode: smtp.EnhancedCode{4, 2, 1}, Message: "Mailbox busy"}
	}
	s.to = append(s.to, to)
	return nil
}

func (s *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if s.opts.stallData {
		<-s.release
		return errors.New("stalled")
	}
	s.srv.mu.Lock()
	defer s.srv.mu.Unlock()
	s.srv.received = append(s.srv.received, received{From: s.from, AuthUser: s.authUser, To: s.to, Data: data})
	return nil
}

func (s *session) Reset()        { s.from, s.to = "", nil }
func (s *session) Logout() error { return nil }

// newSender is NewSMTP with a fixed clock, failing the test on error.
func newSender(t *testing.T, cfg SMTPConfig) *SMTP {
	t.Helper()
	s, err := NewSMTP(cfg)
	if err != nil {
		t.Fatalf("NewSMTP: %v", err)
	}
	s.now = func() time.Time { return fixedNow }
	return s
}

var fixedNow = time.Date(2026, 6, 13, 15, 4, 5, 0, time.FixedZone("CEST", 2*3600))

func plainConfig(srv *server) SMTPConfig {
	return SMTPConfig{
		Host:     srv.host,
		Port:     srv.port,
		From:     "Noces <no-reply@noces.example>",
		Security: SecurityNone,
		Timeout:  5 * time.Second,
	}
}

// parsed is what a mail client would show of a received message.
type parsed struct {
	EnvelopeFrom string
	EnvelopeTo   []string
	From         string
	To           string
	Subject      string
	Date         time.Time
	MessageIDAt  string // the domain of the Message-ID
	MIMEVersion  string
	ContentType  string
	Parts        []part
}

type part struct {
	ContentType string
	Charset     string
	Encoding    string
	Body        string
}

// parse reads a received message with the standard library only, decoding
// encoded words and quoted-printable bodies as a mail client would.
func parse(t *testing.T, r received) parsed {
	t.Helper()
	msg, err := mail.ReadMessage(bytes.NewReader(r.Data))
	if err != nil {
		t.Fatalf("read message: %v\n%s", err, r.Data)
	}
	dec := new(mime.WordDecoder)
	subject, err := dec.DecodeHeader(msg.Header.Get("Subject"))
	if err != nil {
		t.Fatalf("decode subject: %v", err)
	}
	from, err := msg.Header.AddressList("From")
	if err != nil || len(from) != 1 {
		t.Fatalf("From %q: %v", msg.Header.Get("From"), err)
	}
	to, err := msg.Header.AddressList("To")
	if err != nil || len(to) != 1 {
		t.Fatalf("To %q: %v", msg.Header.Get("To"), err)
	}
	date, err := msg.Header.Date()
	if err != nil {
		t.Fatalf("Date: %v", err)
	}
	id := msg.Header.Get("Message-ID")
	if !strings.HasPrefix(id, "<") || !strings.HasSuffix(id, ">") || strings.Count(id, "@") != 1 {
		t.Fatalf("Message-ID %q is not <left@right>", id)
	}
	p := parsed{
		EnvelopeFrom: r.From,
		EnvelopeTo:   r.To,
		From:         from[0].String(),
		To:           to[0].String(),
		Subject:      subject,
		Date:         date,
		MessageIDAt:  strings.TrimSuffix(id[strings.Index(id, "@")+1:], ">"),
		MIMEVersion:  msg.Header.Get("MIME-Version"),
	}
	mediaType, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		t.Fatalf("Content-Type: %v", err)
	}
	p.ContentType = mediaType
	if !strings.HasPrefix(mediaType, "multipart/") {
		p.Parts = []part{readPart(t, msg.Header, msg.Body)}
		return p
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		// NextRawPart leaves the transfer encoding alone, so the test decodes
		// it and checks which one was used.
		mp, err := mr.NextRawPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("next part: %v", err)
		}
		p.Parts = append(p.Parts, readPart(t, mp.Header, mp))
	}
	return p
}

// header is what readPart needs of mail.Header and textproto.MIMEHeader.
type header interface{ Get(string) string }

func readPart(t *testing.T, h header, body io.Reader) part {
	t.Helper()
	mediaType, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil {
		t.Fatalf("part Content-Type %q: %v", h.Get("Content-Type"), err)
	}
	enc := strings.ToLower(h.Get("Content-Transfer-Encoding"))
	if enc == "quoted-printable" {
		body = quotedprintable.NewReader(body)
	}
	b, err := io.ReadAll(body)
	if err != nil {
		t.Fatalf("read part: %v", err)
	}
	return part{
		ContentType: mediaType,
		Charset:     strings.ToUpper(params["charset"]),
		Encoding:    enc,
		Body:        strings.ReplaceAll(string(b), "\r\n", "\n"),
	}
}

func TestSendDeliversTheMessageAsWritten(t *testing.T) {
	longLine := strings.Repeat("Les fiancés choisissent leur traiteur, leur fleuriste et leur photographe. ", 5)
	tests := []struct {
		name string
		msg  Message
		want parsed
	}{
		{
			name: "a French password reset with accents in the subject and both parts",
			msg: Message{
				To:      "Élodie Martin <elodie@example.org>",
				Subject: "Réinitialisez votre mot de passe",
				Text:    "Bonjour Élodie,\n\nCe lien est valable une heure : https://noces.example/reset?token=a=b\n",
				HTML:    `<p style="color:#333">Bonjour Élodie, <a href="https://noces.example/reset?token=a=b">réinitialiser</a></p>`,
			},
			want: parsed{
				EnvelopeFrom: "no-reply@noces.example",
				EnvelopeTo:   []string{"elodie@example.org"},
				From:         `"Noces" <no-reply@noces.example>`,
				To:           `=?utf-8?q?=C3=89lodie_Martin?= <elodie@example.org>`,
				Subject:      "Réinitialisez votre mot de passe",
				Date:         fixedNow,
				MessageIDAt:  "noces.example",
				MIMEVersion:  "1.0",
				ContentType:  "multipart/alternative",
				Parts: []part{
					{"text/plain", "UTF-8", "quoted-printable", "Bonjour Élodie,\n\nCe lien est valable une heure : https://noces.example/reset?token=a=b\n"},
					{"text/html", "UTF-8", "quoted-printable", `<p style="color:#333">Bonjour Élodie, <a href="https://noces.example/reset?token=a=b">réinitialiser</a></p>`},
				},
			},
		},
		{
			name: "long lines and other scripts survive the soft line breaks",
			msg: Message{
				To:      "pro@example.com",
				Subject: "Nuova richiesta per il 12/09 a Città di Castello — ¿Qué tal? Größe",
				Text:    longLine,
				HTML:    "<p>" + longLine + "</p>",
			},
			want: parsed{
				EnvelopeFrom: "no-reply@noces.example",
				EnvelopeTo:   []string{"pro@example.com"},
				From:         `"Noces" <no-reply@noces.example>`,
				To:           "<pro@example.com>",
				Subject:      "Nuova richiesta per il 12/09 a Città di Castello — ¿Qué tal? Größe",
				Date:         fixedNow,
				MessageIDAt:  "noces.example",
				MIMEVersion:  "1.0",
				ContentType:  "multipart/alternative",
				Parts: []part{
					{"text/plain", "UTF-8", "quoted-printable", longLine},
					{"text/html", "UTF-8", "quoted-printable", "<p>" + longLine + "</p>"},
				},
			},
		},
		{
			name: "a text-only message is a single text part",
			msg:  Message{To: "pro@example.com", Subject: "Hello", Text: "Plain and simple."},
			want: parsed{
				EnvelopeFrom: "no-reply@noces.example",
				EnvelopeTo:   []string{"pro@example.com"},
				From:         `"Noces" <no-reply@noces.example>`,
				To:           "<pro@example.com>",
				Subject:      "Hello",
				Date:         fixedNow,
				MessageIDAt:  "noces.example",
				MIMEVersion:  "1.0",
				ContentType:  "text/plain",
				// A single body ends with the line break that ends its last line.
				Parts: []part{{"text/plain", "UTF-8", "quoted-printable", "Plain and simple.\n"}},
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := startServer(t, serverOptions{})
			s := newSender(t, plainConfig(srv))
			if err := s.Send(t.Context(), tc.msg); err != nil {
				t.Fatalf("Send: %v", err)
			}
			got := srv.messages()
			if len(got) != 1 {
				t.Fatalf("the server received %d messages, want 1", len(got))
			}
			if diff := cmp.Diff(tc.want, parse(t, got[0])); diff != "" {
				t.Errorf("received message (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSendGivesEachMessageItsOwnMessageID(t *testing.T) {
	srv := startServer(t, serverOptions{})
	s := newSender(t, plainConfig(srv))
	m := Message{To: "pro@example.com", Subject: "Hello", Text: "Hi", HTML: "<p>Hi</p>"}
	for range 2 {
		if err := s.Send(t.Context(), m); err != nil {
			t.Fatalf("Send: %v", err)
		}
	}
	got := srv.messages()
	if len(got) != 2 {
		t.Fatalf("the server received %d messages, want 2", len(got))
	}
	if a, b := messageIDOf(t, got[0]), messageIDOf(t, got[1]); a == b {
		t.Errorf("two messages share the Message-ID %s", a)
	}
}

// A message sent again under its ID (the outbox's retry of a delivery the
// relay may already have taken) carries the Message-ID of its first send,
// and one only it has, whichever sender (server) sends it.
func TestSendKeepsTheMessageIDOfANamedMessage(t *testing.T) {
	srv := startServer(t, serverOptions{})
	cfg := plainConfig(srv)
	first, second := newSender(t, cfg), newSender(t, cfg)
	m := Message{To: "pro@example.com", Subject: "Hello", Text: "Hi", HTML: "<p>Hi</p>", ID: "0197a3c2-5d1e-7b44-9c1a-2f6e8d4b1a07"}
	other := m
	other.ID = "0197a3c2-5d1e-7b44-9c1a-2f6e8d4b1a08"
	for _, send := range []struct {
		s *SMTP
		m Message
	}{{first, m}, {second, m}, {first, other}} {
		if err := send.s.Send(t.Context(), send.m); err != nil {
			t.Fatalf("Send: %v", err)
		}
	}
	got := srv.messages()
	if len(got) != 3 {
		t.Fatalf("the server received %d messages, want 3", len(got))
	}
	a, b, c := messageIDOf(t, got[0]), messageIDOf(t, got[1]), messageIDOf(t, got[2])
	if a != b {
		t.Errorf("one message sent twice has the Message-IDs %s and %s", a, b)
	}
	if a == c {
		t.Errorf("two messages share the Message-ID %s", a)
	}
	if !strings.HasSuffix(a, "@noces.example>") || strings.Contains(a, m.ID) {
		t.Errorf("Message-ID %s: want <digest@noces.example>, without the row id", a)
	}
}

// messageIDOf is the Message-ID header of a received message.
func messageIDOf(t *testing.T, r received) string {
	t.Helper()
	msg, err := mail.ReadMessage(bytes.NewReader(r.Data))
	if err != nil {
		t.Fatal(err)
	}
	return msg.Header.Get("Message-ID")
}

func TestSendAuthenticates(t *testing.T) {
	tests := []struct {
		name               string
		username, password string
		wantErr            bool
		wantAuthUser       string
	}{
		{name: "the right credentials are accepted", username: "noces", password: "s3cret", wantAuthUser: "noces"},
		{name: "a wrong password is an error", username: "noces", password: "wrong", wantErr: true},
		{name: "no username sends no AUTH, which this server refuses", wantErr: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := startServer(t, serverOptions{user: "noces", password: "s3cret"})
			cfg := plainConfig(srv)
			cfg.Username, cfg.Password = tc.username, tc.password
			s := newSender(t, cfg)
			err := s.Send(t.Context(), Message{To: "pro@example.com", Subject: "Hi", Text: "Hi", HTML: "<p>Hi</p>"})
			if gotErr := err != nil; gotErr != tc.wantErr {
				t.Fatalf("Send error = %v, want an error: %v", err, tc.wantErr)
			}
			var users []string
			for _, r := range srv.messages() {
				users = append(users, r.AuthUser)
			}
			var want []string
			if tc.wantAuthUser != "" {
				want = []string{tc.wantAuthUser}
			}
			if diff := cmp.Diff(want, users); diff != "" {
				t.Errorf("authenticated senders of delivered messages (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSendFailsWhenTheRecipientIsRefused(t *testing.T) {
	srv := startServer(t, serverOptions{refuse: "gone@example.com"})
	s := newSender(t, plainConfig(srv))
	err := s.Send(t.Context(), Message{To: "gone@example.com", Subject: "Hi", Text: "Hi", HTML: "<p>Hi</p>"})
	if err == nil {
		t.Fatal("Send succeeded for a refused recipient")
	}
	if n := len(srv.messages()); n != 0 {
		t.Errorf("the server stored %d messages, want none", n)
	}
	if !errors.Is(err, ErrRefused) || !Permanent(err) {
		t.Errorf("a 550 is not reported as a permanent refusal: %v", err)
	}
}

func TestATemporaryRefusalIsNotPermanent(t *testing.T) {
	srv := startServer(t, serverOptions{busy: "later@example.com"})
	s := newSender(t, plainConfig(srv))
	err := s.Send(t.Context(), Message{To: "later@example.com", Subject: "Hi", Text: "Hi", HTML: "<p>Hi</p>"})
	if err == nil {
		t.Fatal("Send succeeded for a recipient answered 450")
	}
	if errors.Is(err, ErrRefused) || Permanent(err) {
		t.Errorf("a 450 is reported as a permanent refusal: %v", err)
	}
}

func TestSendRejectsAnUnusableMessageWithoutConnecting(t *testing.T) {
	tests := []struct {
		name string
		msg  Message
	}{
		{"no recipient", Message{Subject: "Hi", Text: "Hi"}},
		{"a malformed recipient", Message{To: "not an address", Subject: "Hi", Text: "Hi"}},
		{"two recipients", Message{To: "a@example.com, b@example.com", Subject: "Hi", Text: "Hi"}},
		{"no subject", Message{To: "a@example.com", Text: "Hi"}},
		{"no body at all", Message{To: "a@example.com", Subject: "Hi"}},
	}
	srv := startServer(t, serverOptions{})
	s := newSender(t, plainConfig(srv))
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := s.Send(t.Context(), tc.msg)
			if !errors.Is(err, ErrInvalidMessage) {
				t.Errorf("Send error = %v, want ErrInvalidMessage", err)
			}
		})
	}
	if n := len(srv.messages()); n != 0 {
		t.Errorf("the server received %d messages, want none", n)
	}
}

// silentServer accepts connections and never says a word, like a relay
// behind a black-holing firewall.
func silentServer(t *testing.T) *server {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var conns []net.Conn
	wg.Go(func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	})
	t.Cleanup(func() {
		_ = l.Close()
		wg.Wait()
		for _, c := range conns {
			_ = c.Close()
		}
	})
	addr := l.Addr().(*net.TCPAddr)
	return &server{host: addr.IP.String(), port: addr.Port}
}

func TestSendStopsOnTime(t *testing.T) {
	tests := []struct {
		name    string
		server  func(t *testing.T) *server
		timeout time.Duration
		cancel  time.Duration // after which the caller gives up; 0 never, <0 before calling
		want    error
	}{
		{
			name:    "a server that never answers is abandoned after the timeout",
			server:  silentServer,
			timeout: 300 * time.Millisecond,
			want:    context.DeadlineExceeded,
		},
		{
			name:    "a caller that gives up stops a send to a silent server",
			server:  silentServer,
			timeout: 20 * time.Second,
			cancel:  200 * time.Millisecond,
			want:    context.Canceled,
		},
		{
			name:    "a context cancelled beforehand stops the send at once",
			server:  silentServer,
			timeout: 20 * time.Second,
			cancel:  -1,
			want:    context.Canceled,
		},
		{
			// go-mail alone only watches the context while dialing: this is
			// the case the context-bound connection exists for.
			name:    "a caller that gives up stops a send stuck after DATA",
			server:  func(t *testing.T) *server { return startServer(t, serverOptions{stallData: true}) },
			timeout: 20 * time.Second,
			cancel:  300 * time.Millisecond,
			want:    context.Canceled,
		},
		{
			name:    "a send stuck after DATA is abandoned after the timeout",
			server:  func(t *testing.T) *server { return startServer(t, serverOptions{stallData: true}) },
			timeout: 400 * time.Millisecond,
			want:    context.DeadlineExceeded,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := tc.server(t)
			cfg := plainConfig(srv)
			cfg.Timeout = tc.timeout
			s := newSender(t, cfg)
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			switch {
			case tc.cancel < 0:
				cancel()
			case tc.cancel > 0:
				time.AfterFunc(tc.cancel, cancel)
			}
			start := time.Now()
			err := s.Send(ctx, Message{To: "pro@example.com", Subject: "Hi", Text: "Hi", HTML: "<p>Hi</p>"})
			elapsed := time.Since(start)
			if !errors.Is(err, tc.want) {
				t.Errorf("Send error = %v, want one wrapping %v", err, tc.want)
			}
			if limit := 3 * time.Second; elapsed > limit {
				t.Errorf("Send took %s, want less than %s", elapsed, limit)
			}
		})
	}
}

// selfSigned makes a certificate for 127.0.0.1 and a pool that trusts it.
func selfSigned(t *testing.T) (*tls.Config, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "smtp test"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1)},
		DNSNames:              []string{"localhost"},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}, pool
}

func TestSendOverTLS(t *testing.T) {
	serverTLS, trusted := selfSigned(t)
	tests := []struct {
		name     string
		server   serverOptions
		security string
		roots    *x509.CertPool
		username string
		wantErr  bool
	}{
		{
			name:     "STARTTLS with a trusted certificate, authenticating inside TLS",
			server:   serverOptions{startTLS: serverTLS, user: "noces", password: "s3cret"},
			security: SecurityStartTLS,
			roots:    trusted,
			username: "noces",
		},
		{
			name:     "STARTTLS is the default",
			server:   serverOptions{startTLS: serverTLS},
			security: "",
			roots:    trusted,
		},
		{
			name:     "STARTTLS refuses a certificate nobody vouches for",
			server:   serverOptions{startTLS: serverTLS},
			security: SecurityStartTLS,
			wantErr:  true,
		},
		{
			name:     "STARTTLS refuses a server that does not offer it",
			server:   serverOptions{},
			security: SecurityStartTLS,
			roots:    trusted,
			wantErr:  true,
		},
		{
			name:     "implicit TLS with a trusted certificate, authenticating",
			server:   serverOptions{implicitTLS: serverTLS, user: "noces", password: "s3cret"},
			security: SecurityTLS,
			roots:    trusted,
			username: "noces",
		},
		{
			name:     "implicit TLS refuses a certificate nobody vouches for",
			server:   serverOptions{implicitTLS: serverTLS},
			security: SecurityTLS,
			wantErr:  true,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := startServer(t, tc.server)
			cfg := plainConfig(srv)
			cfg.Security, cfg.RootCAs = tc.security, tc.roots
			if tc.username != "" {
				cfg.Username, cfg.Password = tc.username, "s3cret"
			}
			s := newSender(t, cfg)
			err := s.Send(t.Context(), Message{To: "pro@example.com", Subject: "Sécurisé", Text: "Hi", HTML: "<p>Hi</p>"})
			if gotErr := err != nil; gotErr != tc.wantErr {
				t.Fatalf("Send error = %v, want an error: %v", err, tc.wantErr)
			}
			wantDelivered := 1
			if tc.wantErr {
				wantDelivered = 0
			}
			got := srv.messages()
			if len(got) != wantDelivered {
				t.Fatalf("the server received %d messages, want %d", len(got), wantDelivered)
			}
			if wantDelivered == 1 {
				if subj := parse(t, got[0]).Subject; subj != "Sécurisé" {
					t.Errorf("subject = %q", subj)
				}
				if got[0].AuthUser != tc.username {
					t.Errorf("authenticated as %q, want %q", got[0].AuthUser, tc.username)
				}
			}
		})
	}
}

func TestSMTPConfigValidate(t *testing.T) {
	valid := SMTPConfig{Host: "smtp.example.com", Port: 587, Username: "u", Password: "p", From: "Noces <no-reply@noces.example>"}
	tests := []struct {
		name    string
		change  func(c *SMTPConfig)
		wantErr bool
	}{
		{name: "a complete configuration is valid", change: func(*SMTPConfig) {}},
		{name: "no port picks the default one", change: func(c *SMTPConfig) { c.Port = 0 }},
		{name: "no credentials is valid", change: func(c *SMTPConfig) { c.Username, c.Password = "", "" }},
		{name: "a bare sender address is valid", change: func(c *SMTPConfig) { c.From = "no-reply@noces.example" }},
		{name: "credentials without TLS to a loopback relay are valid", change: func(c *SMTPConfig) { c.Host, c.Security = "127.0.0.1", SecurityNone }},
		{name: "no host is an error", change: func(c *SMTPConfig) { c.Host = " " }, wantErr: true},
		{name: "a port out of range is an error", change: func(c *SMTPConfig) { c.Port = 70000 }, wantErr: true},
		{name: "an unknown security mode is an error", change: func(c *SMTPConfig) { c.Security = "ssl" }, wantErr: true},
		{name: "no sender is an error", change: func(c *SMTPConfig) { c.From = "" }, wantErr: true},
		{name: "a malformed sender is an error", change: func(c *SMTPConfig) { c.From = "Noces" }, wantErr: true},
		{name: "a negative timeout is an error", change: func(c *SMTPConfig) { c.Timeout = -time.Second }, wantErr: true},
		{name: "a password without a username is an error", change: func(c *SMTPConfig) { c.Username = "" }, wantErr: true},
		{name: "credentials in clear to a remote relay are an error", change: func(c *SMTPConfig) { c.Security = SecurityNone }, wantErr: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := valid
			tc.change(&cfg)
			err := cfg.Validate()
			if gotErr := err != nil; gotErr != tc.wantErr {
				t.Fatalf("Validate() = %v, want an error: %v", err, tc.wantErr)
			}
			if _, err := NewSMTP(cfg); (err != nil) != tc.wantErr {
				t.Errorf("NewSMTP error = %v, want an error: %v", err, tc.wantErr)
			}
		})
	}
}

func TestSMTPConfigStringMasksThePassword(t *testing.T) {
	s := SMTPConfig{Host: "smtp.example.com", Username: "u", Password: "hunter2"}.String()
	if strings.Contains(s, "hunter2") {
		t.Errorf("String() = %q shows the password", s)
	}
}
