// Package apptest builds the app for tests as production builds it
// (app.New, every service wired the one way), with fakes only at its
// edges: the test's own database, a fixed clock, media in a temporary
// folder, cheap password hashes, the legal pages and the gazetteer loaded
// once per test binary. A service added to app.New is thus in every test
// server, with nothing to repeat here.
package apptest

import (
	"io/fs"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"noces/internal/account"
	"noces/internal/app"
	"noces/internal/clock"
	"noces/internal/config"
	"noces/internal/legal/legaltest"
	"noces/internal/platform/blob"
	"noces/internal/platform/geo"
	"noces/internal/platform/mail"
	"noces/internal/platform/sms"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// Start is the time the default clock stands at.
var Start = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

// TokenKey is the test apps' token key: two apps on one database accept
// each other's sessions, as servers sharing the key do.
var TokenKey = strings.Repeat("k", 32)

// CheapHash keeps the argon2id code path with 1 MiB, so sign-ins are fast.
var CheapHash = account.HashParams{Time: 1, Memory: 1024, Threads: 1}

// Options are a test app's edges; a zero field gets the default it names.
type Options struct {
	// Store is the database (default: storetest.New, a fresh one).
	Store *store.Store
	// Blobs holds the media (default: a folder of the test's, served
	// under /media/).
	Blobs blob.Store
	// Clock is the app's time (default: clock.NewFixed(Start)).
	Clock clock.Clock
	// Log receives the app's log (default: discarded).
	Log *slog.Logger
	// Web is the back-office's files (default: the embedded build).
	Web fs.FS
	// Mail and SMS deliver the outbox's messages when the test works the
	// job queue (default: none, messages stay in the outbox).
	Mail mail.Sender
	SMS  sms.Sender
	// Geocoder replaces the address search (default: the gazetteer).
	Geocoder geo.Geocoder
	// Env sets configuration variables (NOCES_…) over the defaults:
	// 127.0.0.1:8080, a temporary data folder, TokenKey, four password
	// lanes.
	Env map[string]string
}

// New builds the app with o's edges; its job queue is not started (a test
// works jobs itself) and it is closed when the test ends.
func New(t testing.TB, o Options) *app.App {
	t.Helper()
	env := map[string]string{
		"NOCES_ADDR":           "127.0.0.1:8080",
		"NOCES_DATA_DIR":       t.TempDir(),
		"NOCES_TOKEN_KEY":      TokenKey,
		"NOCES_PASSWORD_LANES": "4",
	}
	for k, v := range o.Env {
		env[k] = v
	}
	cfg, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatalf("apptest: config: %v", err)
	}
	if o.Store == nil {
		o.Store = storetest.New(t)
	}
	if o.Blobs == nil {
		if o.Blobs, err = blob.NewLocal(t.TempDir(), "/media/"); err != nil {
			t.Fatalf("apptest: media: %v", err)
		}
	}
	if o.Clock == nil {
		o.Clock = clock.NewFixed(Start)
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	params := CheapHash
	a, err := app.New(t.Context(), cfg, o.Log, app.Options{
		Clock: o.Clock, HashParams: &params, Web: o.Web, Store: o.Store, Blobs: o.Blobs,
		Mail: o.Mail, SMS: o.SMS, Gazetteer: Gazetteer(t), Geocoder: o.Geocoder, Legal: legaltest.Library(t),
	})
	if err != nil {
		t.Fatalf("apptest: %v", err)
	}
	t.Cleanup(func() {
		if err := a.Close(); err != nil {
			t.Errorf("apptest: close: %v", err)
		}
	})
	return a
}

var gazetteer struct {
	once sync.Once
	g    *geo.Gazetteer
	err  error
}

// Gazetteer is the shipped gazetteer, loaded once per test binary: it is
// read-only, and loading it per test would dominate a suite's time.
func Gazetteer(t testing.TB) *geo.Gazetteer {
	t.Helper()
	gazetteer.once.Do(func() {
		gazetteer.g = geo.NewGazetteer()
		gazetteer.err = gazetteer.g.Load()
	})
	if gazetteer.err != nil {
		t.Fatalf("apptest: gazetteer: %v", gazetteer.err)
	}
	return gazetteer.g
}
