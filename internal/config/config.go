// Package config reads the server's configuration from NOCES_* environment
// variables (secrets also from files named by their _FILE twins), checks it,
// and prints it with secrets masked.
package config

import (
	"errors"
	"fmt"
	"math"
	"net"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"noces/internal/clientip"
	"noces/internal/i18n"
	"noces/internal/platform/blob"
)

// Config is everything the server needs to start.
type Config struct {
	Addr        string
	DataDir     string
	DatabaseURL string
	TokenKey    string // HMAC key for access tokens; generated into DataDir when empty
	LogLevel    string
	// LogFormat is json (one object a line, for a log collector) or text
	// (slog's key=value lines with a short time, for a person).
	LogFormat string
	// LogRequests is all (a line per request) or failed (only 4xx, 5xx
	// and slow answers: successes are no news to a person watching).
	LogRequests string
	Demo        bool

	// BlobURL is where media live: file:<dir> or s3://bucket/prefix.
	BlobURL string
	// S3 reaches the bucket of an s3:// BlobURL.
	S3 blob.S3Config

	PublicScheme string
	PublicPort   string
	Hosts        []DomainHosts

	SMTP SMTP
	SMS  SMS

	SirenURL    string
	GeocoderURL string
	PodcastURL  string

	// FreePhotoQuota is the number of gallery photos of a free plan.
	FreePhotoQuota int
	// UnlockCap is how many providers may unlock one couple's project.
	UnlockCap int
	// JobWorkers is how many background jobs (e-mails, SMS, clean-ups) this
	// server works at once; 0 makes a server that only answers requests and
	// leaves the jobs it inserts to the others.
	JobWorkers int
	// SearchCache is how many answers of the directory's search index are
	// kept for searches asked again; 0 keeps none.
	SearchCache int
	// SearchHTMLCache bounds the bytes of rendered search pages kept for
	// those answers; 0 keeps none.
	SearchHTMLCache int64
	// PasswordLanes is how many password hashes run at once, each on one
	// core; 0: one fewer than the cores (at least one).
	PasswordLanes int
	// PasswordQueueWait is the longest a password waits for a lane before
	// the request gets 429 with Retry-After.
	PasswordQueueWait time.Duration
	// MemoryLimit is the Go runtime's soft memory limit in bytes
	// (debug.SetMemoryLimit); 0 leaves the runtime's own (GOMEMLIMIT, or none).
	MemoryLimit int64

	Stripe Stripe
	// Prices are what each currency the domains charge in asks for credits
	// and premium, keyed by lower-case ISO 4217 code (eur, gbp).
	Prices map[string]Prices
	// Instagram configures the Instagram sync; an empty AppID shows the
	// feature as unavailable.
	Instagram Instagram
	// MapTilesURL is a tile URL template ({z}/{x}/{y}); empty hides maps.
	MapTilesURL string

	SentryDSN string
	// MetricsToken lets a scraper that is not on this machine read
	// /metrics as a bearer token; empty serves loopback peers only.
	MetricsToken    string
	ShutdownTimeout time.Duration

	// TrustedProxies are the proxies whose X-Forwarded-For or Forwarded
	// header gives the client's address; none: no header is believed.
	TrustedProxies []netip.Prefix

	// Legal is what the legal pages say of the operator, and the folder of
	// the operator's own texts.
	Legal Legal
}

// Legal configures the legal pages (package legal).
type Legal struct {
	// Dir holds the operator's Markdown files (<domain>/<page>.md), read
	// at start; empty: the embedded texts only.
	Dir           string
	Company       string
	Address       string
	CompanyNumber string
	Email         string
	Director      string
	Host          string
}

// Demo values of the operator's facts: the legal pages read as a whole text
// out of the box, and the start log says to replace them (DemoLegalFacts).
const (
	DefaultLegalCompany       = "Noces SAS"
	DefaultLegalAddress       = "12 rue des Fleurs, 75011 Paris, France"
	DefaultLegalCompanyNumber = "RCS Paris 900 000 000"
	DefaultLegalEmail         = "legal@noces.localhost"
	DefaultLegalDirector      = "Claire Dupont"
	DefaultLegalHost          = "Noces SAS, 12 rue des Fleurs, 75011 Paris, France"
)

// DemoLegalFacts lists the operator's facts still at their demo value.
func (c Config) DemoLegalFacts() []string {
	var out []string
	for name, v := range map[string][2]string{
		"NOCES_LEGAL_COMPANY": {c.Legal.Company, DefaultLegalCompany}, "NOCES_LEGAL_ADDRESS": {c.Legal.Address, DefaultLegalAddress},
		"NOCES_LEGAL_COMPANY_NUMBER": {c.Legal.CompanyNumber, DefaultLegalCompanyNumber}, "NOCES_LEGAL_EMAIL": {c.Legal.Email, DefaultLegalEmail},
		"NOCES_LEGAL_DIRECTOR": {c.Legal.Director, DefaultLegalDirector}, "NOCES_LEGAL_HOST": {c.Legal.Host, DefaultLegalHost},
	} {
		if v[0] == v[1] {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// SMTP configures outgoing e-mail; an empty Host keeps e-mails in the outbox.
type SMTP struct {
	Host     string
	Port     int
	Username string
	Password string
	From     string
	Security string
}

// SMS configures the SMS gateway; an empty URL keeps SMS in the outbox.
type SMS struct {
	URL   string
	Token string
	From  string
}

// DefaultStripeAPIURL is Stripe's API; tests point NOCES_STRIPE_API_URL at
// stripe-mock. Third parties' default addresses are named here only.
const DefaultStripeAPIURL = "https://api.stripe.com"

// Stripe configures card payments; an empty SecretKey runs the sandbox
// provider, which takes no real payment.
type Stripe struct {
	SecretKey      string
	PublishableKey string
	WebhookSecret  string
	APIURL         string
	PriceMonthly   string
	PriceYearly    string
}

// Prices are one currency's prices, in its cents (pence for gbp).
type Prices struct {
	// CreditCents is one credit alone; packs follow the degressive
	// formula from it (billing.PriceCents).
	CreditCents int64
	// MonthlyCents and YearlyCents are premium's two plans.
	MonthlyCents int64
	YearlyCents  int64
}

// DefaultPrices are the prices when NOCES_PRICES_<CURRENCY> is not set: the
// one home of these amounts (DECISIONS.md, Money; the UK domain in pounds).
var DefaultPrices = map[string]Prices{
	"eur": {CreditCents: 3000, MonthlyCents: 6900, YearlyCents: 69000},
	"gbp": {CreditCents: 2600, MonthlyCents: 5900, YearlyCents: 59000},
}

// String writes prices as NOCES_PRICES_* takes them: "30/69/690".
func (p Prices) String() string {
	return majorUnits(p.CreditCents) + "/" + majorUnits(p.MonthlyCents) + "/" + majorUnits(p.YearlyCents)
}

func majorUnits(cents int64) string {
	if cents%100 == 0 {
		return strconv.FormatInt(cents/100, 10)
	}
	return fmt.Sprintf("%d.%02d", cents/100, cents%100)
}

// parsePrices reads "credit/monthly/yearly" in major units with at most two
// decimals ("26/59/590", "25.50/59/590").
func parsePrices(v string) (Prices, error) {
	parts := strings.Split(v, "/")
	if len(parts) != 3 {
		return Prices{}, fmt.Errorf("want credit/monthly/yearly in major units, e.g. 30/69/690, got %q", v)
	}
	var cents [3]int64
	for i, part := range parts {
		part = strings.TrimSpace(part)
		whole, frac, hasFrac := strings.Cut(part, ".")
		if len(whole) == 0 || len(whole) > 6 || (hasFrac && (len(frac) == 0 || len(frac) > 2)) {
			return Prices{}, fmt.Errorf("%q is not an amount with at most two decimals", part)
		}
		w, err := strconv.ParseInt(whole, 10, 64)
		if err != nil || w < 0 {
			return Prices{}, fmt.Errorf("%q is not an amount with at most two decimals", part)
		}
		var f int64
		if hasFrac {
			if f, err = strconv.ParseInt(frac+strings.Repeat("0", 2-len(frac)), 10, 64); err != nil || f < 0 {
				return Prices{}, fmt.Errorf("%q is not an amount with at most two decimals", part)
			}
		}
		cents[i] = w*100 + f
	}
	return Prices{CreditCents: cents[0], MonthlyCents: cents[1], YearlyCents: cents[2]}, nil
}

// Instagram's addresses (Instagram API with Instagram Login); tests point
// them at a fake server.
const (
	DefaultInstagramAuthorizeURL = "https://www.instagram.com/oauth/authorize"
	DefaultInstagramTokenURL     = "https://api.instagram.com/oauth/access_token"
	DefaultInstagramGraphURL     = "https://graph.instagram.com"
	DefaultInstagramSyncInterval = 3 * time.Hour
)

// Instagram configures the Instagram sync (an Instagram app's id and secret).
type Instagram struct {
	AppID        string
	AppSecret    string
	AuthorizeURL string
	TokenURL     string
	GraphURL     string
	SyncInterval time.Duration
}

// DomainHosts are the host names of one domain's two faces.
type DomainHosts struct {
	Key    string
	Public string
	Pro    string
}

// Var documents one environment variable; Vars is the README's table.
type Var struct {
	Name    string
	Default string
	Secret  bool // also read from NAME_FILE
	Doc     string
}

// Vars lists every variable Load reads, in README order.
var Vars = []Var{
	{"NOCES_ADDR", ":8080", false, "address the HTTP server listens on"},
	{"NOCES_DATA_DIR", "./data", false, "folder for the SQLite database, generated secrets and local media"},
	{"NOCES_DATABASE_URL", "sqlite:<data dir>/noces.db", true, "database: `sqlite:PATH` or `postgres://user:pass@host:port/db?sslmode=...`"},
	{"NOCES_TOKEN_KEY", "generated once into <data dir>/token.key", true, "key signing access tokens (at least 32 characters)"},
	{"NOCES_LOG_LEVEL", "info", false, "debug, info, warn or error"},
	{"NOCES_LOG_FORMAT", "json", false, "`json` (one object a line, for a log collector) or `text` (key=value lines with a short time, for a person; `make run` sets it)"},
	{"NOCES_LOG_REQUESTS", "all", false, "`all` (a line per request) or `failed` (only answers of status 400 and above, and those slower than a second; `make run` sets it)"},
	{"NOCES_DEMO", "false", false, "create the demo accounts at start and print them (`serve --demo` does the same)"},
	{"NOCES_BLOB_URL", "file:<data dir>/media", false, "where media live: `file:FOLDER` (one server) or `s3://bucket/prefix` (a bucket every server shares; see Media storage)"},
	{"NOCES_S3_ENDPOINT", "empty: AWS S3", false, "address of an S3-compatible service, e.g. `https://<account>.r2.cloudflarestorage.com`, `https://s3.fr-par.scw.cloud`, `https://s3.gra.io.cloud.ovh.net`, `http://minio:9000`"},
	{"NOCES_S3_REGION", "empty: asked of the bucket", false, "region that signs the requests, e.g. `eu-west-3` (AWS), `auto` (R2), `fr-par` (Scaleway), `gra` (OVH), `us-east-1` (MinIO)"},
	{"NOCES_S3_ACCESS_KEY_ID", "", false, "access key id; required with an s3:// media URL"},
	{"NOCES_S3_SECRET_ACCESS_KEY", "", true, "secret access key; required with an s3:// media URL"},
	{"NOCES_S3_PATH_STYLE", "empty: the bucket in the host name on AWS, in the path on other endpoints", false, "`true` puts the bucket in the path (`endpoint/bucket/key`), `false` in the host name (`bucket.endpoint/key`)"},
	{"NOCES_PUBLIC_SCHEME", "http", false, "scheme of the links the server writes (e-mails, public URLs)"},
	{"NOCES_PUBLIC_PORT", "the listen port when the scheme is http, else none", false, "port of the links the server writes"},
	{"NOCES_HOST_<KEY>_PUBLIC", "<key>.localhost", false, "host of a domain's public directory; KEY is FR, BE, UK, DE, IT, ES or PT"},
	{"NOCES_HOST_<KEY>_PRO", "pro.<key>.localhost", false, "host of a domain's back-office (plain `localhost` and unknown hosts serve the French back-office)"},
	{"NOCES_SMTP_HOST", "empty: e-mails are kept in the outbox", false, "SMTP server for outgoing e-mail"},
	{"NOCES_SMTP_PORT", "587", false, "SMTP port"},
	{"NOCES_SMTP_USERNAME", "", false, "SMTP user (no authentication when empty)"},
	{"NOCES_SMTP_PASSWORD", "", true, "SMTP password"},
	{"NOCES_SMTP_FROM", "Noces <no-reply@noces.localhost>", false, "sender of outgoing e-mail"},
	{"NOCES_SMTP_SECURITY", "starttls", false, "starttls, tls or none"},
	{"NOCES_SMS_URL", "empty: SMS are kept in the outbox", false, "SMS gateway endpoint: receives a JSON POST {from, to, text}"},
	{"NOCES_SMS_TOKEN", "", true, "bearer token of the SMS gateway"},
	{"NOCES_SMS_FROM", "Noces", false, "sender name of SMS"},
	{"NOCES_SIREN_URL", "empty: SIRET format checked, status unknown", false, "French company register (API Recherche d'entreprises), e.g. https://recherche-entreprises.api.gouv.fr"},
	{"NOCES_GEOCODER_URL", "empty: the gazetteer shipped in the binary", false, "Photon geocoding API for address search; the gazetteer answers when it fails"},
	{"NOCES_PODCAST_URL", "empty: the dashboard podcast player is hidden", false, "embed URL of the podcast player on the dashboard"},
	{"NOCES_JOB_WORKERS", "10", false, "background jobs (e-mails, SMS, clean-ups) this server works at once; 0: a server that only answers requests (the others deliver what it queues)"},
	{"NOCES_SEARCH_CACHE", "4096", false, "answers of the public search (the index's hits and the page's rows) kept for searches asked again, dropped at any change to the directory; 0: none"},
	{"NOCES_SEARCH_HTML_CACHE", "32MiB", false, "bytes of rendered public search pages kept with those answers (at most 8 an answer: one per domain and way of typing the search), dropped with them; the least recently asked leave first; e.g. `64MiB`, 0: none"},
	{"NOCES_PASSWORD_LANES", "the number of cores minus one, at least 1", false, "password hashes (argon2id, 64 MiB and about 100 ms of one core each) run at once; the other sign-ins wait in line, so a flood of sign-ins leaves a core to every other request"},
	{"NOCES_PASSWORD_QUEUE_WAIT", "3s", false, "longest a sign-in (or any password check) waits in that line; past it, or when the line ahead is expected to take longer, the answer is 429 with `Retry-After`"},
	{"NOCES_MEMORY_LIMIT", "512MiB (or the runtime's `GOMEMLIMIT` when set)", false, "soft memory limit of the Go runtime: above it the garbage collector works harder rather than let the heap grow; e.g. `300MiB`, `1GiB`, or `off`. Keep it under the container's hard limit"},
	{"NOCES_FREE_PHOTO_QUOTA", "10", false, "number of gallery photos a free plan may have (premium has no limit)"},
	{"NOCES_UNLOCK_CAP", "3", false, "how many providers may unlock one couple's project (premium access included); past it the request is closed for the others, with nothing charged. 1 to 20"},
	{"NOCES_STRIPE_SECRET_KEY", "empty: the sandbox provider (test pages, no real payment)", true, "Stripe secret key (sk_live_... or sk_test_...)"},
	{"NOCES_STRIPE_PUBLISHABLE_KEY", "", false, "Stripe publishable key (pk_...), handed to the browser; required with the secret key"},
	{"NOCES_STRIPE_WEBHOOK_SECRET", "", true, "signing secret (whsec_...) of the Stripe webhook endpoint `/api/webhooks/stripe`; required with the secret key"},
	{"NOCES_STRIPE_API_URL", DefaultStripeAPIURL, false, "Stripe API address (tests use stripe-mock)"},
	{"NOCES_STRIPE_PRICE_MONTHLY", "empty: the euro price, given inline", false, "Stripe Price id of the monthly premium plan in euros (needed to switch plans in Stripe's billing portal); the UK domain's pounds are always given inline"},
	{"NOCES_STRIPE_PRICE_YEARLY", "empty: the euro price, given inline", false, "Stripe Price id of the yearly premium plan in euros"},
	{"NOCES_PRICES_EUR", DefaultPrices["eur"].String(), false, "prices in euros of every domain but the UK's: one credit, premium a month, premium a year (`credit/monthly/yearly`, at most two decimals); packs of credits follow the degressive formula from the one-credit price"},
	{"NOCES_PRICES_GBP", DefaultPrices["gbp"].String(), false, "prices in pounds of the UK domain, the same way"},
	{"NOCES_INSTAGRAM_APP_ID", "empty: the Instagram sync is shown as unavailable", false, "Instagram app id (Instagram API with Instagram Login); register `<scheme>://<back-office host>/api/instagram/callback` as its OAuth redirect URI"},
	{"NOCES_INSTAGRAM_APP_SECRET", "", true, "Instagram app secret; required with the app id"},
	{"NOCES_INSTAGRAM_AUTHORIZE_URL", DefaultInstagramAuthorizeURL, false, "Instagram's authorisation window (tests use a fake server)"},
	{"NOCES_INSTAGRAM_TOKEN_URL", DefaultInstagramTokenURL, false, "Instagram's code exchange endpoint"},
	{"NOCES_INSTAGRAM_GRAPH_URL", DefaultInstagramGraphURL, false, "Instagram's Graph API (long-lived tokens, refresh, media)"},
	{"NOCES_INSTAGRAM_SYNC_INTERVAL", "3h", false, "how often the synced Instagram posts and tokens are refreshed"},
	{"NOCES_MAP_TILES_URL", "empty: no map, the address is shown", false, "map tile URL template, e.g. `https://tile.openstreetmap.org/{z}/{x}/{y}.png`"},
	{"NOCES_SENTRY_DSN", "empty: error reports off", true, "Sentry DSN for the server and the browser"},
	{"NOCES_METRICS_TOKEN", "empty: `/metrics` answers loopback clients only", true, "bearer token (`Authorization: Bearer ...`) a scraper on another machine sends for `/metrics`; never served on public directory hosts"},
	{"NOCES_SHUTDOWN_TIMEOUT", "15s", false, "how long a shutdown waits for requests in flight"},
	{"NOCES_LEGAL_DIR", "empty: the embedded texts", false, "folder of the operator's legal pages, read and checked at start: `<domain>/<page>.md` replaces a domain's page in its language, `<domain>/<page>.<lang>.md` its translation shown in the back-office; page is terms, privacy, cookies, imprint or ranking (see Legal pages)"},
	{"NOCES_LEGAL_COMPANY", DefaultLegalCompany, false, "publisher named by the embedded legal pages: legal name and form, with the share capital in France (e.g. `Noces SAS au capital de 10 000 €`); a demo value until set, and the start log warns when the links are https (`NOCES_PUBLIC_SCHEME`)"},
	{"NOCES_LEGAL_ADDRESS", DefaultLegalAddress, false, "publisher's registered office, on one line"},
	{"NOCES_LEGAL_COMPANY_NUMBER", DefaultLegalCompanyNumber, false, "publisher's registration number (e.g. `RCS Paris 123 456 789`, `HRB 12345, Amtsgericht Berlin`), with the VAT number if any"},
	{"NOCES_LEGAL_EMAIL", DefaultLegalEmail, false, "address for legal and personal-data requests, named by the legal pages"},
	{"NOCES_LEGAL_DIRECTOR", DefaultLegalDirector, false, "director of publication (France) / person responsible for the content (Germany)"},
	{"NOCES_LEGAL_HOST", DefaultLegalHost, false, "hosting provider: name, address (and phone in France), on one line"},
	{"NOCES_TRUSTED_PROXIES", "empty: no proxy header is believed, the client is the connection's peer", false, "comma-separated CIDRs (or addresses) of the reverse proxies in front; a request from one of them is counted by the address its `X-Forwarded-For` (or, without it, `Forwarded`) gives: the rightmost that is not itself a trusted proxy"},
}

// Getenv reads one variable; os.Getenv in production, a map in tests.
type Getenv func(string) string

// Load reads the configuration. It does not touch the disk beyond reading
// _FILE secrets; Prepare creates the data folder and generated secrets.
func Load(getenv Getenv) (Config, error) {
	var errs []error
	secret := func(name string) string {
		if v := getenv(name); v != "" {
			return v
		}
		if f := getenv(name + "_FILE"); f != "" {
			raw, err := os.ReadFile(f)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s_FILE: %w", name, err))
				return ""
			}
			return strings.TrimSpace(string(raw))
		}
		return ""
	}
	or := func(v, def string) string {
		if v == "" {
			return def
		}
		return v
	}
	c := Config{
		Addr:         or(getenv("NOCES_ADDR"), ":8080"),
		DataDir:      or(getenv("NOCES_DATA_DIR"), "./data"),
		DatabaseURL:  secret("NOCES_DATABASE_URL"),
		TokenKey:     secret("NOCES_TOKEN_KEY"),
		LogLevel:     or(getenv("NOCES_LOG_LEVEL"), "info"),
		LogFormat:    or(getenv("NOCES_LOG_FORMAT"), "json"),
		LogRequests:  or(getenv("NOCES_LOG_REQUESTS"), "all"),
		PublicScheme: or(getenv("NOCES_PUBLIC_SCHEME"), "http"),
		PublicPort:   getenv("NOCES_PUBLIC_PORT"),
		BlobURL:      getenv("NOCES_BLOB_URL"),
		S3: blob.S3Config{
			Endpoint:        getenv("NOCES_S3_ENDPOINT"),
			Region:          getenv("NOCES_S3_REGION"),
			AccessKeyID:     getenv("NOCES_S3_ACCESS_KEY_ID"),
			SecretAccessKey: secret("NOCES_S3_SECRET_ACCESS_KEY"),
		},
		SMTP: SMTP{
			Host:     getenv("NOCES_SMTP_HOST"),
			Username: getenv("NOCES_SMTP_USERNAME"),
			Password: secret("NOCES_SMTP_PASSWORD"),
			From:     or(getenv("NOCES_SMTP_FROM"), "Noces <no-reply@noces.localhost>"),
			Security: or(getenv("NOCES_SMTP_SECURITY"), "starttls"),
		},
		SMS: SMS{
			URL:   getenv("NOCES_SMS_URL"),
			Token: secret("NOCES_SMS_TOKEN"),
			From:  or(getenv("NOCES_SMS_FROM"), "Noces"),
		},
		SirenURL:     getenv("NOCES_SIREN_URL"),
		GeocoderURL:  getenv("NOCES_GEOCODER_URL"),
		PodcastURL:   getenv("NOCES_PODCAST_URL"),
		SentryDSN:    secret("NOCES_SENTRY_DSN"),
		MetricsToken: secret("NOCES_METRICS_TOKEN"),
		Stripe: Stripe{
			SecretKey:      secret("NOCES_STRIPE_SECRET_KEY"),
			PublishableKey: getenv("NOCES_STRIPE_PUBLISHABLE_KEY"),
			WebhookSecret:  secret("NOCES_STRIPE_WEBHOOK_SECRET"),
			APIURL:         or(getenv("NOCES_STRIPE_API_URL"), DefaultStripeAPIURL),
			PriceMonthly:   getenv("NOCES_STRIPE_PRICE_MONTHLY"),
			PriceYearly:    getenv("NOCES_STRIPE_PRICE_YEARLY"),
		},
		Instagram: Instagram{
			AppID:        getenv("NOCES_INSTAGRAM_APP_ID"),
			AppSecret:    secret("NOCES_INSTAGRAM_APP_SECRET"),
			AuthorizeURL: or(getenv("NOCES_INSTAGRAM_AUTHORIZE_URL"), DefaultInstagramAuthorizeURL),
			TokenURL:     or(getenv("NOCES_INSTAGRAM_TOKEN_URL"), DefaultInstagramTokenURL),
			GraphURL:     or(getenv("NOCES_INSTAGRAM_GRAPH_URL"), DefaultInstagramGraphURL),
		},
		MapTilesURL: getenv("NOCES_MAP_TILES_URL"),
		Legal: Legal{
			Dir:           getenv("NOCES_LEGAL_DIR"),
			Company:       strings.TrimSpace(or(getenv("NOCES_LEGAL_COMPANY"), DefaultLegalCompany)),
			Address:       strings.TrimSpace(or(getenv("NOCES_LEGAL_ADDRESS"), DefaultLegalAddress)),
			CompanyNumber: strings.TrimSpace(or(getenv("NOCES_LEGAL_COMPANY_NUMBER"), DefaultLegalCompanyNumber)),
			Email:         strings.TrimSpace(or(getenv("NOCES_LEGAL_EMAIL"), DefaultLegalEmail)),
			Director:      strings.TrimSpace(or(getenv("NOCES_LEGAL_DIRECTOR"), DefaultLegalDirector)),
			Host:          strings.TrimSpace(or(getenv("NOCES_LEGAL_HOST"), DefaultLegalHost)),
		},
	}
	var err error
	if c.Demo, err = parseBool(getenv("NOCES_DEMO")); err != nil {
		errs = append(errs, fmt.Errorf("NOCES_DEMO: %w", err))
	}
	if v := getenv("NOCES_S3_PATH_STYLE"); v != "" {
		if style, err := strconv.ParseBool(v); err != nil {
			errs = append(errs, fmt.Errorf("NOCES_S3_PATH_STYLE: %w", err))
		} else {
			c.S3.PathStyle = &style
		}
	}
	if c.SMTP.Port, err = strconv.Atoi(or(getenv("NOCES_SMTP_PORT"), "587")); err != nil {
		errs = append(errs, fmt.Errorf("NOCES_SMTP_PORT: not a number"))
	}
	if c.FreePhotoQuota, err = strconv.Atoi(or(getenv("NOCES_FREE_PHOTO_QUOTA"), "10")); err != nil {
		errs = append(errs, fmt.Errorf("NOCES_FREE_PHOTO_QUOTA: not a number"))
	}
	if c.UnlockCap, err = strconv.Atoi(or(getenv("NOCES_UNLOCK_CAP"), "3")); err != nil {
		errs = append(errs, fmt.Errorf("NOCES_UNLOCK_CAP: not a number"))
	}
	if c.JobWorkers, err = strconv.Atoi(or(getenv("NOCES_JOB_WORKERS"), "10")); err != nil {
		errs = append(errs, fmt.Errorf("NOCES_JOB_WORKERS: not a number"))
	}
	if c.SearchCache, err = strconv.Atoi(or(getenv("NOCES_SEARCH_CACHE"), "4096")); err != nil {
		errs = append(errs, fmt.Errorf("NOCES_SEARCH_CACHE: not a number"))
	}
	if c.SearchHTMLCache, err = size(or(getenv("NOCES_SEARCH_HTML_CACHE"), "32MiB")); err != nil {
		errs = append(errs, fmt.Errorf("NOCES_SEARCH_HTML_CACHE: %w", err))
	}
	if v := getenv("NOCES_PASSWORD_LANES"); v != "" {
		if c.PasswordLanes, err = strconv.Atoi(v); err != nil {
			errs = append(errs, fmt.Errorf("NOCES_PASSWORD_LANES: not a number"))
		}
	}
	if c.PasswordQueueWait, err = time.ParseDuration(or(getenv("NOCES_PASSWORD_QUEUE_WAIT"), "3s")); err != nil {
		errs = append(errs, fmt.Errorf("NOCES_PASSWORD_QUEUE_WAIT: %w", err))
	}
	if c.MemoryLimit, err = memoryLimit(getenv("NOCES_MEMORY_LIMIT"), getenv("GOMEMLIMIT")); err != nil {
		errs = append(errs, fmt.Errorf("NOCES_MEMORY_LIMIT: %w", err))
	}
	if c.ShutdownTimeout, err = time.ParseDuration(or(getenv("NOCES_SHUTDOWN_TIMEOUT"), "15s")); err != nil {
		errs = append(errs, fmt.Errorf("NOCES_SHUTDOWN_TIMEOUT: %w", err))
	}
	if c.Instagram.SyncInterval, err = time.ParseDuration(or(getenv("NOCES_INSTAGRAM_SYNC_INTERVAL"), "3h")); err != nil {
		errs = append(errs, fmt.Errorf("NOCES_INSTAGRAM_SYNC_INTERVAL: %w", err))
	}
	c.Prices = map[string]Prices{}
	for cur, def := range DefaultPrices {
		name := "NOCES_PRICES_" + strings.ToUpper(cur)
		if v := getenv(name); v == "" {
			c.Prices[cur] = def
		} else if c.Prices[cur], err = parsePrices(v); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", name, err))
		}
	}
	if c.TrustedProxies, err = clientip.ParsePrefixes(getenv("NOCES_TRUSTED_PROXIES")); err != nil {
		errs = append(errs, fmt.Errorf("NOCES_TRUSTED_PROXIES: %w", err))
	}
	if c.DatabaseURL == "" {
		c.DatabaseURL = "sqlite:" + filepath.Join(c.DataDir, "noces.db")
	}
	if c.BlobURL == "" {
		c.BlobURL = "file:" + filepath.Join(c.DataDir, "media")
	}
	if c.PublicPort == "" && c.PublicScheme == "http" {
		if _, port, err := net.SplitHostPort(c.Addr); err == nil && port != "80" && port != "0" {
			c.PublicPort = port
		}
	}
	for _, d := range i18n.Domains {
		up := strings.ToUpper(d.Key)
		c.Hosts = append(c.Hosts, DomainHosts{
			Key:    d.Key,
			Public: strings.ToLower(or(getenv("NOCES_HOST_"+up+"_PUBLIC"), d.Key+".localhost")),
			Pro:    strings.ToLower(or(getenv("NOCES_HOST_"+up+"_PRO"), "pro."+d.Key+".localhost")),
		})
	}
	if len(errs) > 0 {
		return c, errors.Join(errs...)
	}
	return c, c.Validate()
}

// Validate checks every value and says which variable is wrong.
func (c Config) Validate() error {
	var errs []error
	bad := func(name, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s: %s", name, fmt.Sprintf(format, args...)))
	}
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		bad("NOCES_ADDR", "want host:port or :port, got %q", c.Addr)
	}
	if strings.TrimSpace(c.DataDir) == "" {
		bad("NOCES_DATA_DIR", "must not be empty")
	}
	if _, _, err := ParseDatabaseURL(c.DatabaseURL); err != nil {
		bad("NOCES_DATABASE_URL", "%v", err)
	}
	if loc, err := blob.ParseURL(c.BlobURL); err != nil {
		bad("NOCES_BLOB_URL", "%v", err)
	} else if loc.Kind == "s3" {
		if err := c.S3.Validate(); err != nil {
			errs = append(errs, err)
		}
	}
	if c.TokenKey != "" && len(c.TokenKey) < 32 {
		bad("NOCES_TOKEN_KEY", "must be at least 32 characters")
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		bad("NOCES_LOG_LEVEL", "want debug, info, warn or error, got %q", c.LogLevel)
	}
	// Empty is the default, for a Config built without Load.
	if c.LogFormat != "" && c.LogFormat != "json" && c.LogFormat != "text" {
		bad("NOCES_LOG_FORMAT", "want json or text, got %q", c.LogFormat)
	}
	if c.LogRequests != "" && c.LogRequests != "all" && c.LogRequests != "failed" {
		bad("NOCES_LOG_REQUESTS", "want all or failed, got %q", c.LogRequests)
	}
	if c.PublicScheme != "http" && c.PublicScheme != "https" {
		bad("NOCES_PUBLIC_SCHEME", "want http or https, got %q", c.PublicScheme)
	}
	if c.PublicPort != "" {
		if p, err := strconv.Atoi(c.PublicPort); err != nil || p < 1 || p > 65535 {
			bad("NOCES_PUBLIC_PORT", "want a port number, got %q", c.PublicPort)
		}
	}
	seen := map[string]string{}
	for _, h := range c.Hosts {
		for _, host := range []string{h.Public, h.Pro} {
			if strings.ContainsAny(host, "/: ") || host == "" {
				bad("NOCES_HOST_"+strings.ToUpper(h.Key), "%q is not a host name", host)
			}
			if other, dup := seen[host]; dup {
				bad("NOCES_HOST_"+strings.ToUpper(h.Key), "%q is also used by %s", host, other)
			}
			seen[host] = h.Key
		}
	}
	if c.SMTP.Host != "" {
		if c.SMTP.Port < 1 || c.SMTP.Port > 65535 {
			bad("NOCES_SMTP_PORT", "want a port number, got %d", c.SMTP.Port)
		}
		switch c.SMTP.Security {
		case "starttls", "tls", "none":
		default:
			bad("NOCES_SMTP_SECURITY", "want starttls, tls or none, got %q", c.SMTP.Security)
		}
	}
	if c.SMS.URL != "" {
		if u, err := url.Parse(c.SMS.URL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			bad("NOCES_SMS_URL", "want an http(s) URL")
		}
	}
	for name, v := range map[string]string{"NOCES_SIREN_URL": c.SirenURL, "NOCES_GEOCODER_URL": c.GeocoderURL, "NOCES_PODCAST_URL": c.PodcastURL} {
		if v == "" {
			continue
		}
		if u, err := url.Parse(v); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			bad(name, "want an http(s) URL")
		}
	}
	if c.Stripe.SecretKey != "" {
		if c.Stripe.PublishableKey == "" {
			bad("NOCES_STRIPE_PUBLISHABLE_KEY", "required with NOCES_STRIPE_SECRET_KEY")
		}
		if c.Stripe.WebhookSecret == "" {
			bad("NOCES_STRIPE_WEBHOOK_SECRET", "required with NOCES_STRIPE_SECRET_KEY")
		}
	} else if c.Stripe.PublishableKey != "" {
		bad("NOCES_STRIPE_SECRET_KEY", "required with NOCES_STRIPE_PUBLISHABLE_KEY (or unset both for the sandbox)")
	}
	if u, err := url.Parse(c.Stripe.APIURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		bad("NOCES_STRIPE_API_URL", "want an http(s) URL")
	}
	if (c.Instagram.AppID == "") != (c.Instagram.AppSecret == "") {
		bad("NOCES_INSTAGRAM_APP_SECRET", "NOCES_INSTAGRAM_APP_ID and NOCES_INSTAGRAM_APP_SECRET go together (or unset both)")
	}
	for name, v := range map[string]string{"NOCES_INSTAGRAM_AUTHORIZE_URL": c.Instagram.AuthorizeURL,
		"NOCES_INSTAGRAM_TOKEN_URL": c.Instagram.TokenURL, "NOCES_INSTAGRAM_GRAPH_URL": c.Instagram.GraphURL} {
		if u, err := url.Parse(v); c.Instagram.AppID != "" && (err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "") {
			bad(name, "want an http(s) URL")
		}
	}
	if c.Instagram.AppID != "" && c.Instagram.SyncInterval < time.Minute {
		bad("NOCES_INSTAGRAM_SYNC_INTERVAL", "want at least 1m")
	}
	if c.MapTilesURL != "" {
		u, err := url.Parse(strings.NewReplacer("{z}", "0", "{x}", "0", "{y}", "0", "{s}", "a", "{r}", "").Replace(c.MapTilesURL))
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || !strings.Contains(c.MapTilesURL, "{z}") {
			bad("NOCES_MAP_TILES_URL", "want an http(s) URL template with {z}, {x} and {y}")
		}
	}
	if c.SentryDSN != "" {
		if u, err := url.Parse(c.SentryDSN); err != nil || u.Host == "" {
			bad("NOCES_SENTRY_DSN", "not a DSN URL")
		}
	}
	if c.FreePhotoQuota < 1 || c.FreePhotoQuota > 1000 {
		bad("NOCES_FREE_PHOTO_QUOTA", "want 1 to 1000, got %d", c.FreePhotoQuota)
	}
	for _, d := range i18n.Domains {
		p, ok := c.Prices[d.Currency]
		name := "NOCES_PRICES_" + strings.ToUpper(d.Currency)
		switch {
		case !ok:
			bad(name, "missing: the %s domain charges in %s", d.Key, d.Currency)
		case p.CreditCents < 100 || p.CreditCents > 100000:
			bad(name, "one credit must cost 1 to 1000, got %s", majorUnits(p.CreditCents))
		case p.MonthlyCents < 100 || p.MonthlyCents > 100000:
			bad(name, "premium a month must cost 1 to 1000, got %s", majorUnits(p.MonthlyCents))
		case p.YearlyCents < p.MonthlyCents || p.YearlyCents > 12*p.MonthlyCents:
			// The yearly plan is sold as a saving on twelve months.
			bad(name, "premium a year must cost between one and twelve months, got %s", majorUnits(p.YearlyCents))
		}
	}
	if c.UnlockCap < 1 || c.UnlockCap > 20 {
		bad("NOCES_UNLOCK_CAP", "want 1 to 20, got %d", c.UnlockCap)
	}
	if c.ShutdownTimeout <= 0 {
		bad("NOCES_SHUTDOWN_TIMEOUT", "must be positive")
	}
	if c.SearchCache < 0 || c.SearchCache > 1_000_000 {
		bad("NOCES_SEARCH_CACHE", "want 0 to 1000000, got %d", c.SearchCache)
	}
	if c.SearchHTMLCache > 4<<30 {
		bad("NOCES_SEARCH_HTML_CACHE", "want at most 4GiB, got %d bytes", c.SearchHTMLCache)
	}
	if c.PasswordLanes < 0 || c.PasswordLanes > 1024 {
		bad("NOCES_PASSWORD_LANES", "want 1 to 1024 (or unset), got %d", c.PasswordLanes)
	}
	if c.PasswordQueueWait <= 0 || c.PasswordQueueWait > time.Minute {
		bad("NOCES_PASSWORD_QUEUE_WAIT", "want more than 0 and at most 1m, got %s", c.PasswordQueueWait)
	}
	if c.MemoryLimit != 0 && c.MemoryLimit < 64<<20 {
		bad("NOCES_MEMORY_LIMIT", "want at least 64MiB (or off), got %d bytes", c.MemoryLimit)
	}
	for name, v := range map[string]string{"NOCES_LEGAL_COMPANY": c.Legal.Company, "NOCES_LEGAL_ADDRESS": c.Legal.Address,
		"NOCES_LEGAL_COMPANY_NUMBER": c.Legal.CompanyNumber, "NOCES_LEGAL_EMAIL": c.Legal.Email,
		"NOCES_LEGAL_DIRECTOR": c.Legal.Director, "NOCES_LEGAL_HOST": c.Legal.Host} {
		// They are written into Markdown: one line, no markup of their own.
		if v == "" || len(v) > 300 || !utf8.ValidString(v) || strings.ContainsAny(v, "\r\n<>{}") {
			bad(name, "want one line of text, at most 300 bytes, without < > { }")
		}
	}
	if !strings.Contains(c.Legal.Email, "@") {
		bad("NOCES_LEGAL_EMAIL", "want an e-mail address, got %q", c.Legal.Email)
	}
	if c.JobWorkers < 0 || c.JobWorkers > 1000 {
		bad("NOCES_JOB_WORKERS", "want 0 to 1000, got %d", c.JobWorkers)
	}
	return errors.Join(errs...)
}

// ParseDatabaseURL splits a database URL into its driver ("sqlite" or
// "postgres") and the data source name that driver takes.
func ParseDatabaseURL(raw string) (driver, dsn string, err error) {
	switch {
	case strings.HasPrefix(raw, "sqlite:"):
		path := strings.TrimPrefix(strings.TrimPrefix(raw, "sqlite:"), "//")
		if path == "" {
			return "", "", errors.New("sqlite: URL has no path")
		}
		return "sqlite", path, nil
	case strings.HasPrefix(raw, "postgres://"), strings.HasPrefix(raw, "postgresql://"):
		u, err := url.Parse(raw)
		if err != nil || u.Host == "" {
			return "", "", errors.New("postgres URL is malformed")
		}
		return "postgres", raw, nil
	}
	return "", "", errors.New("want a sqlite:PATH or postgres:// URL")
}

// String prints the configuration with secrets masked, for the start log.
func (c Config) String() string {
	masked := c
	masked.TokenKey = mask(c.TokenKey)
	masked.SMTP.Password = mask(c.SMTP.Password)
	masked.SMS.Token = mask(c.SMS.Token)
	masked.SentryDSN = mask(c.SentryDSN)
	masked.Instagram.AppSecret = mask(c.Instagram.AppSecret)
	media := c.BlobURL
	if loc, err := blob.ParseURL(c.BlobURL); err == nil && loc.Kind == "s3" {
		media = loc.String() + "(" + or(c.S3.Endpoint, blob.DefaultS3Endpoint) + ")"
	}
	payments := "sandbox"
	if c.Stripe.SecretKey != "" {
		payments = "stripe(" + c.Stripe.APIURL + ")"
	}
	masked.DatabaseURL = maskURL(c.DatabaseURL)
	proxies := make([]string, len(c.TrustedProxies))
	for i, p := range c.TrustedProxies {
		proxies[i] = p.String()
	}
	lanes := "auto"
	if c.PasswordLanes > 0 {
		lanes = strconv.Itoa(c.PasswordLanes)
	}
	memLimit := "runtime"
	if c.MemoryLimit > 0 {
		memLimit = strconv.FormatInt(c.MemoryLimit>>20, 10) + "MiB"
	}
	return fmt.Sprintf("addr=%s data_dir=%s database=%s log_level=%s log_format=%s log_requests=%s demo=%t public=%s://*:%s smtp=%s:%d sms=%s payments=%s sentry=%s token_key=%s trusted_proxies=%s instagram=%s media=%s password_lanes=%s password_queue_wait=%s memory_limit=%s",
		masked.Addr, masked.DataDir, masked.DatabaseURL, masked.LogLevel, masked.LogFormat, masked.LogRequests, masked.Demo,
		masked.PublicScheme, masked.PublicPort, or(masked.SMTP.Host, "outbox"), masked.SMTP.Port,
		or(masked.SMS.URL, "outbox"), payments, or(masked.SentryDSN, "off"), or(masked.TokenKey, "generated"),
		or(strings.Join(proxies, ","), "none"), instagramState(c.Instagram), media, lanes, c.PasswordQueueWait, memLimit)
}

// instagramState says whether the sync is on, and against which API.
func instagramState(c Instagram) string {
	if c.AppID == "" {
		return "unavailable"
	}
	return "on(" + c.GraphURL + ")"
}

// DefaultMemoryLimit is NOCES_MEMORY_LIMIT's default: about twice what a
// busy server was measured to hold (idle under 100 MiB, a 48-megapixel photo
// or a flood of sign-ins adding up to about 200 MiB), so the collector only
// works harder when something goes beyond what the server is built for.
const DefaultMemoryLimit = 512 << 20

// memoryLimit reads NOCES_MEMORY_LIMIT: a size with a unit (B, KiB, MiB,
// GiB, or KB, MB, GB as powers of ten), or off. Unset, it is
// DefaultMemoryLimit, unless the runtime's own GOMEMLIMIT is set (0: leave it).
func memoryLimit(v, gomemlimit string) (int64, error) {
	v = strings.TrimSpace(v)
	switch {
	case v == "" && gomemlimit != "":
		return 0, nil
	case v == "":
		return DefaultMemoryLimit, nil
	case v == "off":
		return 0, nil
	}
	return size(v)
}

// size reads a size with a unit (B, KiB, MiB, GiB, or KB, MB, GB as
// powers of ten), or 0.
func size(v string) (int64, error) {
	v = strings.TrimSpace(v)
	if v == "0" {
		return 0, nil
	}
	units := []struct {
		suffix string
		scale  int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"B", 1}}
	for _, u := range units {
		if num, ok := strings.CutSuffix(v, u.suffix); ok {
			n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
			if err != nil || n <= 0 || n > math.MaxInt64/u.scale {
				break
			}
			return n * u.scale, nil
		}
	}
	return 0, fmt.Errorf("want a size such as 512MiB or 1GiB, or 0; got %q", v)
}

func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

func mask(s string) string {
	if s == "" {
		return ""
	}
	return "****"
}

func maskURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return raw
	}
	if _, has := u.User.Password(); has {
		u.User = url.UserPassword(u.User.Username(), "****")
	}
	return u.String()
}

func parseBool(s string) (bool, error) {
	if s == "" {
		return false, nil
	}
	return strconv.ParseBool(s)
}
