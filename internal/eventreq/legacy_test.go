package eventreq

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"noces/internal/clock"
	"noces/internal/config"
	"noces/internal/emails"
	"noces/internal/eventreq/eventreqtest"
	"noces/internal/hosts"
	"noces/internal/i18n"
	"noces/internal/jobs"
	"noces/internal/outbox"
	"noces/internal/platform/mail"
	"noces/internal/platform/mail/mailtest"
	"noces/internal/ratelimit"
	"noces/internal/store/storetest"
)

// A project stored before the form refused line breaks, its city holding
// one: confirmed, it still reaches its venue's owner by e-mail, through the
// real SMTP client and an SMTP relay, with the subject on one line and no
// copy to the address the couple's text named.
func TestAProjectStoredWithALineBreakStillReachesItsProvider(t *testing.T) {
	cfg, err := config.Load(func(k string) string { return map[string]string{"NOCES_ADDR": "127.0.0.1:8080"}[k] })
	storetest.Must(t, err)
	s := storetest.New(t)
	relay, err := mailtest.Start()
	storetest.Must(t, err)
	t.Cleanup(func() { _ = relay.Close() })
	smtp, err := mail.NewSMTP(mail.SMTPConfig{Host: relay.Host, Port: relay.Port, From: "Noces <hello@noces.test>",
		Security: mail.SecurityNone, Timeout: 5 * time.Second})
	storetest.Must(t, err)
	log := slog.New(slog.DiscardHandler)
	q, err := jobs.New(s, jobs.Config{PollInterval: 20 * time.Millisecond}, log)
	storetest.Must(t, err)
	t.Cleanup(func() { _ = q.Stop(context.Background()) })
	clk := clock.NewFixed(now)
	jobs.Register(q, outbox.NewWorker(s, clk, log, smtp, nil))
	texts := i18n.MustLoad()
	renderer, err := emails.NewRenderer(texts)
	storetest.Must(t, err)
	e := submitEnv{store: s, clock: clk, svc: NewService(Deps{Store: s, Clock: clk, Outbox: outbox.New(s, q, clk), Emails: renderer,
		Texts: texts, Links: hosts.New(cfg), Limiter: ratelimit.New(s, clk), FormKey: []byte("forms-key"), Log: log})}

	owner := e.owner(t, "owner@example.com")
	e.venue(t, owner, "la-bastide", 200, 0.01, true)
	res, err := e.submit(t, "la-bastide", "couple@example.com")
	storetest.Must(t, err)
	_, err = s.DB().Exec(`UPDATE projects SET event_city = $1 WHERE id = $2`, "Lyon\r\nBcc: x@example.com", res.ProjectID)
	storetest.Must(t, err)
	storetest.Must(t, q.Start(context.WithoutCancel(t.Context())))
	if done := eventreqtest.Confirm(t, s, e.svc, "couple@example.com"); done.Matched != 1 {
		t.Fatalf("matched %d", done.Matched)
	}

	deadline := time.Now().Add(15 * time.Second)
	for relay.Count("owner@example.com") == 0 {
		if time.Now().After(deadline) {
			var state, reason string
			storetest.Must(t, s.DB().QueryRow(`SELECT state, error FROM outbox WHERE recipient = 'owner@example.com'`).Scan(&state, &reason))
			t.Fatalf("the owner's e-mail is %s after 15 s: %s", state, reason)
		}
		time.Sleep(20 * time.Millisecond)
	}
	for _, m := range relay.Messages() {
		if m.To == "x@example.com" {
			t.Errorf("a copy went to %s", m.To)
		}
		if m.To == "owner@example.com" && (strings.ContainsAny(m.Subject, "\r\n") || !strings.HasSuffix(m.Subject, "Lyon Bcc: x@example.com")) {
			t.Errorf("the owner's subject: %q", m.Subject)
		}
	}
}
