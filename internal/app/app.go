// Package app is the composition root: it reads nothing itself, but builds
// the database, the services and the HTTP server from a Config, and runs them.
package app

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/getsentry/sentry-go"

	"noces/api"
	"noces/internal/account"
	"noces/internal/admin"
	"noces/internal/availability"
	"noces/internal/billing"
	"noces/internal/clock"
	"noces/internal/company"
	"noces/internal/config"
	"noces/internal/conversation"
	"noces/internal/directory"
	"noces/internal/directory/index"
	"noces/internal/emails"
	"noces/internal/eventreq"
	"noces/internal/export"
	"noces/internal/hosts"
	"noces/internal/httpapi"
	"noces/internal/i18n"
	"noces/internal/instagram"
	"noces/internal/jobs"
	"noces/internal/legal"
	"noces/internal/maintenance"
	"noces/internal/marketing"
	"noces/internal/media"
	"noces/internal/outbox"
	"noces/internal/platform/blob"
	"noces/internal/platform/geo"
	"noces/internal/platform/mail"
	"noces/internal/platform/payment"
	"noces/internal/platform/siren"
	"noces/internal/platform/sms"
	"noces/internal/ratelimit"
	"noces/internal/refund"
	"noces/internal/reviewinvite"
	"noces/internal/site"
	"noces/internal/stats"
	"noces/internal/store"
	"noces/internal/venue"
	"noces/web"
)

// Version is set at build time (-ldflags "-X noces/internal/app.Version=...").
var Version = "dev"

// App is a built server.
type App struct {
	Config   config.Config
	Log      *slog.Logger
	Clock    clock.Clock
	Store    *store.Store
	Texts    *i18n.Bundle
	Hosts    *hosts.Map
	Accounts *account.Service
	// Hasher hashes passwords for Accounts, a bounded number at once.
	Hasher  *account.Hasher
	Company *company.Service
	// Index is the directory's search engine, built over Store's reads
	// and kept current by its change feed; Directory and Events search it.
	Index     *index.Index
	Directory *directory.Service
	Events    *eventreq.Service
	// Conversations runs the providers' conversations with couples.
	Conversations *conversation.Service
	// Jobs is the queue of background work; Serve works it.
	Jobs *jobs.Queue
	// Outbox queues e-mails and SMS in the transactions they report.
	Outbox *outbox.Outbox
	Media  blob.Store
	// MediaService runs the photo, video and portfolio rules (the demo seeds through it).
	MediaService *media.Service
	// Instagram syncs providers' Instagram posts (unavailable without an app).
	Instagram *instagram.Service
	Server    *httpapi.Server

	// Refunds gives back credits spent on worthless requests.
	Refunds *refund.Service
	// Exports builds the providers' data exports.
	Exports *export.Service
	// Bookings marks requests booked and invites couples to review.
	Bookings *reviewinvite.Service

	// borrowedStore is set when Options.Store gave the store: its owner
	// closes it, not Close.
	borrowedStore bool
}

// Options tune New for tests and tools. Each one replaces an edge of the
// app (the database, the outside world, data slow to load) and leaves every
// service between them wired as in production, so a test built with them
// runs the server that ships.
type Options struct {
	Clock      clock.Clock
	HashParams *account.HashParams
	// Web replaces the embedded back-office (tests use a small fake).
	Web fs.FS
	// Store is an open, migrated store used instead of opening
	// cfg.DatabaseURL (a test's own schema, from storetest); New does not
	// migrate it and Close leaves it open for its owner.
	Store *store.Store
	// Blobs replaces the media storage cfg.BlobURL names.
	Blobs blob.Store
	// Mail and SMS replace the SMTP relay and the SMS gateway the
	// configuration names (none: messages stay in the outbox).
	Mail mail.Sender
	SMS  sms.Sender
	// Gazetteer is a loaded gazetteer to use instead of loading one: it is
	// read-only, and loading it takes longer than most tests.
	Gazetteer *geo.Gazetteer
	// Geocoder replaces the address search (the gazetteer, or Photon with
	// the gazetteer behind it).
	Geocoder geo.Geocoder
	// Legal replaces the legal pages loaded from cfg.Legal (rendering
	// every domain's takes a while).
	Legal *legal.Library
}

// NewLogger returns the JSON logger of the server at level.
func NewLogger(w io.Writer, level string) *slog.Logger {
	return newLogger(w, level, "json")
}

// ConfiguredLogger is the logger cfg asks for: its level and format.
func ConfiguredLogger(w io.Writer, cfg config.Config) *slog.Logger {
	return newLogger(w, cfg.LogLevel, cfg.LogFormat)
}

func newLogger(w io.Writer, level, format string) *slog.Logger {
	var l slog.Level
	_ = l.UnmarshalText([]byte(level))
	if format == "text" {
		return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: l, ReplaceAttr: shortTime}))
	}
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: l}))
}

// shortTime writes a text line's time as the clock reads it: a person
// watching the terminal knows the day, and the date and zone took a third
// of each line.
func shortTime(groups []string, a slog.Attr) slog.Attr {
	if len(groups) == 0 && a.Key == slog.TimeKey && a.Value.Kind() == slog.KindTime {
		return slog.String(slog.TimeKey, a.Value.Time().Format("15:04:05"))
	}
	return a
}

// New opens the database, runs the migrations and builds every service.
func New(ctx context.Context, cfg config.Config, log *slog.Logger, opts Options) (_ *App, err error) {
	if err := prepareDataDir(&cfg); err != nil {
		return nil, err
	}
	a := &App{Config: cfg, Log: log, Clock: opts.Clock}
	if a.Clock == nil {
		a.Clock = clock.System{}
	}
	if a.Texts, err = i18n.Load(); err != nil {
		return nil, err
	}
	if opts.Store != nil {
		a.Store, a.borrowedStore = opts.Store, true
	} else {
		if a.Store, err = store.Open(ctx, cfg.DatabaseURL); err != nil {
			return nil, err
		}
		// Every later failure closes the store, here and only here.
		defer func() {
			if err != nil {
				_ = a.Store.Close() // the error that stopped New is the one to report
			}
		}()
		if err := a.Store.Migrate(ctx); err != nil {
			return nil, err
		}
	}
	a.Hosts = hosts.New(cfg)

	var relay mail.Sender
	if cfg.SMTP.Host != "" {
		smtp, err := mail.NewSMTP(mail.SMTPConfig{
			Host: cfg.SMTP.Host, Port: cfg.SMTP.Port, Username: cfg.SMTP.Username, Password: cfg.SMTP.Password,
			From: cfg.SMTP.From, Security: cfg.SMTP.Security, Timeout: 15 * time.Second,
		})
		if err != nil {
			return nil, err
		}
		relay = smtp
	}
	if opts.Mail != nil {
		relay = opts.Mail
	}
	var gateway sms.Sender
	if cfg.SMS.URL != "" {
		if gateway, err = sms.NewHTTP(sms.HTTPConfig{URL: cfg.SMS.URL, Token: cfg.SMS.Token, From: cfg.SMS.From}); err != nil {
			return nil, err
		}
	}
	if opts.SMS != nil {
		gateway = opts.SMS
	}
	if a.Jobs, err = jobs.New(a.Store, jobs.Config{Workers: max(cfg.JobWorkers, 1)}, log); err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			_ = a.Jobs.Stop(context.Background())
		}
	}()
	a.Outbox = outbox.New(a.Store, a.Jobs, a.Clock)
	deliver := outbox.NewWorker(a.Store, a.Clock, log, relay, gateway)
	jobs.Register(a.Jobs, deliver)
	if a.Media = opts.Blobs; a.Media == nil {
		if a.Media, err = blob.Open(cfg.BlobURL, cfg.S3); err != nil {
			return nil, err
		}
	}
	renderer, err := emails.NewRenderer(a.Texts)
	if err != nil {
		return nil, err
	}

	params := account.DefaultHashParams
	if opts.HashParams != nil {
		params = *opts.HashParams
	}
	signer, err := account.NewSigner([]byte(cfg.TokenKey))
	if err != nil {
		return nil, err
	}
	limiter := ratelimit.New(a.Store, a.Clock)
	a.Hasher = account.NewHasher(params, account.HasherOptions{Lanes: cfg.PasswordLanes, QueueWait: cfg.PasswordQueueWait})
	a.Accounts, err = account.NewService(account.Deps{
		Store: a.Store, Clock: a.Clock, Hasher: a.Hasher, Signer: signer, Links: a.Hosts,
		Outbox: a.Outbox, Emails: renderer, Limiter: limiter, Blobs: a.Media,
		Texts: a.Texts, Log: log,
	})
	if err != nil {
		return nil, err
	}

	var checker siren.Checker
	if cfg.SirenURL != "" {
		if checker, err = siren.NewClient(cfg.SirenURL, 5*time.Second); err != nil {
			return nil, err
		}
	}
	gazetteer := opts.Gazetteer
	if gazetteer == nil {
		gazetteer = geo.NewGazetteer()
		if err := gazetteer.Load(); err != nil {
			return nil, err
		}
	}
	var geocoder geo.Geocoder = gazetteer
	if cfg.GeocoderURL != "" {
		photon, err := geo.NewHTTPGeocoder(geo.PhotonConfig{URL: cfg.GeocoderURL, UserAgent: "Noces/" + Version})
		if err != nil {
			return nil, err
		}
		geocoder = geo.WithFallback(photon, gazetteer)
	}
	if opts.Geocoder != nil {
		geocoder = opts.Geocoder
	}
	a.Company = company.NewService(a.Store, a.Clock, checker, a.Texts, log)
	a.Index = index.New(a.Store, cfg.SearchCache)
	a.Directory = directory.NewService(a.Store, a.Index, a.Clock, a.Media, limiter, derivedKey(cfg.TokenKey, "profile-views"))
	a.Events = eventreq.NewService(eventreq.Deps{Store: a.Store, Index: a.Index, Clock: a.Clock, Outbox: a.Outbox, Emails: renderer,
		Texts: a.Texts, Links: a.Hosts, Limiter: limiter, FormKey: derivedKey(cfg.TokenKey, "forms"), Log: log,
		UnlockCap: cfg.UnlockCap})
	// Credits come back by themselves: the checks and the sweep are jobs,
	// so they survive a restart, and a message the relay refuses for good
	// queues a check.
	a.Refunds = refund.NewService(refund.Deps{Store: a.Store, Clock: a.Clock, Queue: a.Jobs, Outbox: a.Outbox,
		Emails: renderer, Texts: a.Texts, Links: a.Hosts, Log: log})
	a.Refunds.Register(a.Jobs)
	deliver.OnRefused = a.Refunds.OnRefused
	if a.Exports, err = export.NewService(export.Deps{Store: a.Store, Clock: a.Clock, Queue: a.Jobs, Outbox: a.Outbox,
		Emails: renderer, Texts: a.Texts, Links: a.Hosts, Blobs: a.Media, Limiter: limiter,
		Key: derivedKey(cfg.TokenKey, "data-exports"), Log: log}); err != nil {
		return nil, err
	}
	a.Exports.Register(a.Jobs)
	// Booked requests invite their couples to a verified review, from a job,
	// since the invitation waits until a week after the wedding.
	a.Bookings = reviewinvite.NewService(reviewinvite.Deps{Store: a.Store, Clock: a.Clock, Outbox: a.Outbox,
		Emails: renderer, Texts: a.Texts, Links: a.Hosts, Log: log})
	a.Bookings.Register(a.Jobs)
	a.Conversations = conversation.NewService(conversation.Deps{Store: a.Store, Clock: a.Clock, Outbox: a.Outbox, Emails: renderer,
		Texts: a.Texts, Links: a.Hosts, Limiter: limiter, Events: a.Events, Refunds: a.Refunds, Log: log})

	a.MediaService, err = media.NewService(media.Deps{Store: a.Store, Clock: a.Clock, Blobs: a.Media, Links: a.Hosts, Log: log,
		FreePhotoQuota: cfg.FreePhotoQuota, ViewKey: derivedKey(cfg.TokenKey, "media-views")})
	if err != nil {
		return nil, err
	}
	venues, err := venue.NewService(venue.Deps{Store: a.Store, Clock: a.Clock, Blobs: a.Media, Links: a.Hosts, Log: log})
	if err != nil {
		return nil, err
	}
	calendars, err := availability.NewService(availability.Deps{Store: a.Store, Clock: a.Clock, Links: a.Hosts, Texts: a.Texts, Limiter: limiter})
	if err != nil {
		return nil, err
	}
	if a.Instagram, err = newInstagram(cfg, a, log); err != nil {
		return nil, err
	}
	legalPages := opts.Legal
	if legalPages == nil {
		if legalPages, err = legal.Load(a.Texts, cfg.Legal.Dir, legal.Facts{Company: cfg.Legal.Company, Address: cfg.Legal.Address,
			CompanyNumber: cfg.Legal.CompanyNumber, Email: cfg.Legal.Email, Director: cfg.Legal.Director, Host: cfg.Legal.Host}); err != nil {
			return nil, err
		}
	}
	if demo := cfg.DemoLegalFacts(); len(demo) > 0 && cfg.PublicScheme == "https" {
		// Served over https, this is meant for the public: the demo
		// publisher's name on its legal notice would be a false statement.
		log.Warn("legal pages: set the publisher's facts; these still have their demo value", "variables", strings.Join(demo, ","))
	}
	pub, err := site.New(site.Deps{Texts: a.Texts, Hosts: a.Hosts, Directory: a.Directory, Events: a.Events, Geo: geocoder,
		Conversations: a.Conversations,
		Cities:        gazetteer, Media: a.MediaService, Instagram: a.Instagram, Legal: legalPages, Log: log, Clock: a.Clock,
		SearchPageBytes: int(cfg.SearchHTMLCache)})
	if err != nil {
		return nil, err
	}
	if cfg.SentryDSN != "" {
		if err := sentry.Init(sentry.ClientOptions{Dsn: cfg.SentryDSN, Release: Version}); err != nil {
			return nil, fmt.Errorf("app: sentry: %w", err)
		}
	}
	webFS := opts.Web
	if webFS == nil {
		webFS = web.Dist()
	}
	billingService, sandbox, err := a.newBilling(cfg, log)
	if err != nil {
		return nil, err
	}
	chores := maintenance.Deps{Store: a.Store, Clock: a.Clock, Blobs: a.Media, Log: log}
	if cfg.Stripe.SecretKey != "" {
		chores.Reconcile = billingService.Reconcile
	}
	if sandbox != nil {
		chores.FlushPayments = sandbox.FlushPending
	}
	if a.Instagram.Available() {
		chores.SyncInstagram, chores.InstagramEvery = a.Instagram.SyncAll, cfg.Instagram.SyncInterval
	}
	maintenance.Register(a.Jobs, chores)
	var sandboxPages http.Handler
	if sandbox != nil {
		sandboxPages = sandbox
	}
	a.Server, err = httpapi.New(httpapi.Deps{
		Store: a.Store, Accounts: a.Accounts, Company: a.Company, Stats: stats.NewService(a.Store, a.Clock),
		Marketing: marketing.NewService(a.Store), Geo: geocoder, Directory: a.Directory, Events: a.Events, Billing: billingService, Texts: a.Texts, Hosts: a.Hosts, Log: log,
		Web: webFS, Site: pub, Media: a.Media, MediaService: a.MediaService, Venues: venues, Instagram: a.Instagram, OpenAPI: api.OpenAPI, SentryDSN: cfg.SentryDSN, PodcastURL: cfg.PodcastURL, Release: Version,
		Sandbox: sandboxPages, Legal: legalPages, MapTilesURL: cfg.MapTilesURL, TrustedProxies: cfg.TrustedProxies, MetricsToken: cfg.MetricsToken, FailedRequestsOnly: cfg.LogRequests == "failed",
		Conversations: a.Conversations, Exports: a.Exports, Bookings: a.Bookings,
		Availability: calendars,
		Admin:        admin.NewService(admin.Deps{Store: a.Store, Clock: a.Clock, Links: a.Hosts, Outbox: a.Outbox, Emails: renderer, Blobs: a.Media, Log: log}),
	})
	if err != nil {
		return nil, err
	}
	return a, nil
}

// newInstagram builds the Instagram sync: with an app id, its client on the
// configured addresses; without, a service that answers "unavailable". The
// tokens' sealing key and the state's signing key derive from the token key.
func newInstagram(cfg config.Config, a *App, log *slog.Logger) (*instagram.Service, error) {
	d := instagram.Deps{Store: a.Store, Clock: a.Clock, Blobs: a.Media, Log: log,
		TokenKey: derivedKey(cfg.TokenKey, "instagram-tokens"), StateKey: derivedKey(cfg.TokenKey, "instagram-state")}
	if cfg.Instagram.AppID != "" {
		c, err := instagram.NewClient(instagram.Config{AppID: cfg.Instagram.AppID, AppSecret: cfg.Instagram.AppSecret,
			AuthorizeURL: cfg.Instagram.AuthorizeURL, TokenURL: cfg.Instagram.TokenURL, GraphURL: cfg.Instagram.GraphURL})
		if err != nil {
			return nil, err
		}
		d.Client = c
		log.Info("instagram: sync on", "graph", cfg.Instagram.GraphURL, "every", cfg.Instagram.SyncInterval.String())
	}
	return instagram.NewService(d)
}

// newBilling builds the card processor (Stripe when its secret key is set,
// else the sandbox, whose events take the webhook's own path) and the billing
// service over it.
func (a *App) newBilling(cfg config.Config, log *slog.Logger) (*billing.Service, *payment.Sandbox, error) {
	if cfg.Stripe.SecretKey != "" {
		stripe, err := payment.NewStripe(payment.StripeConfig{SecretKey: cfg.Stripe.SecretKey, PublishableKey: cfg.Stripe.PublishableKey,
			WebhookSecret: cfg.Stripe.WebhookSecret, APIURL: cfg.Stripe.APIURL, PriceMonthly: cfg.Stripe.PriceMonthly,
			PriceYearly: cfg.Stripe.PriceYearly, Log: log})
		if err != nil {
			return nil, nil, err
		}
		log.Info("payments: Stripe", "api", cfg.Stripe.APIURL)
		return billing.NewService(billing.Deps{Store: a.Store, Clock: a.Clock, Payments: stripe, Log: log, Prices: cfg.Prices}), nil, nil
	}
	if _, err := os.Stat(filepath.Join(cfg.DataDir, "sandbox-payments.json")); err == nil {
		log.Info("payments: the sandbox keeps its state in the database; sandbox-payments.json in the data directory is no longer read")
	}
	// One webhook secret for every server on the database, from the key they share.
	sandbox, err := payment.NewSandbox(payment.SandboxConfig{Store: a.Store, PlanCents: billing.PlanCents(cfg.Prices), Now: a.Clock.Now, Texts: a.Texts, Log: log,
		WebhookSecret: "whsec_sandbox_" + hex.EncodeToString(derivedKey(cfg.TokenKey, "sandbox-webhook"))})
	if err != nil {
		return nil, nil, err
	}
	svc := billing.NewService(billing.Deps{Store: a.Store, Clock: a.Clock, Payments: sandbox, Log: log, Prices: cfg.Prices})
	sandbox.SetDeliver(svc.HandleWebhook)
	log.Warn("payments: SANDBOX provider active: no real payment is taken, test pages stand in for Stripe " +
		"(card 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined); set NOCES_STRIPE_SECRET_KEY to use Stripe")
	return svc, sandbox, nil
}

// Close stops the job queue and releases the database (unless
// Options.Store lent it).
func (a *App) Close() error {
	sentry.Flush(2 * time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), a.Config.ShutdownTimeout)
	defer cancel()
	jerr := a.Jobs.Stop(ctx)
	if a.borrowedStore {
		return jerr
	}
	return errors.Join(jerr, a.Store.Close())
}

// Serve listens on the configured address until ctx ends, then stops
// accepting and lets requests in flight finish within the shutdown timeout.
func (a *App) Serve(ctx context.Context, ready func(addr string)) error {
	ln, err := net.Listen("tcp", a.Config.Addr)
	if err != nil {
		return fmt.Errorf("app: listen: %w", err)
	}
	srv := &http.Server{
		Handler:           a.Server.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second, // uploads of 10 MB on slow links
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(a.Log.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	if a.Config.JobWorkers > 0 {
		// Jobs outlive a request: they stop with the server, not with ctx's
		// cancellation mid-delivery (Stop below waits for them).
		if err := a.Jobs.Start(context.WithoutCancel(ctx)); err != nil {
			return err
		}
	} else {
		a.Log.Info("jobs: this server works no jobs (NOCES_JOB_WORKERS=0)")
	}
	// Told once the jobs have started, so what it prints (the demo accounts)
	// is not followed by their start-up lines.
	if ready != nil {
		ready(ln.Addr().String())
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("app: serve: %w", err)
	case <-ctx.Done():
	}
	a.Log.Info("shutting down", "timeout", a.Config.ShutdownTimeout.String())
	sctx, cancel := context.WithTimeout(context.Background(), a.Config.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("app: shutdown: %w", err)
	}
	if err := a.Jobs.Stop(sctx); err != nil {
		a.Log.Warn("jobs: stop", "err", err.Error())
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// prepareDataDir creates the data folder and, when no token key is
// configured, generates one there once so sessions survive restarts.
func prepareDataDir(cfg *config.Config) error {
	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return fmt.Errorf("app: data dir: %w", err)
	}
	if cfg.TokenKey != "" {
		return nil
	}
	path := filepath.Join(cfg.DataDir, "token.key")
	raw, err := os.ReadFile(path)
	if err == nil && len(strings.TrimSpace(string(raw))) >= 32 {
		cfg.TokenKey = strings.TrimSpace(string(raw))
		return nil
	}
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("app: read %s: %w", path, err)
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return fmt.Errorf("app: token key: %w", err)
	}
	key := hex.EncodeToString(b)
	// O_EXCL: two processes starting at once must not write two keys.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, os.ErrExist) {
		return prepareDataDir(cfg)
	}
	if err != nil {
		return fmt.Errorf("app: write %s: %w", path, err)
	}
	defer f.Close()
	if _, err := f.WriteString(key + "\n"); err != nil {
		return fmt.Errorf("app: write %s: %w", path, err)
	}
	cfg.TokenKey = key
	return nil
}

// derivedKey makes a key for one purpose from the token key, so one
// configured secret serves several uses without one use revealing another's.
func derivedKey(master, purpose string) []byte {
	m := hmac.New(sha256.New, []byte(master))
	m.Write([]byte(purpose))
	return m.Sum(nil)
}
