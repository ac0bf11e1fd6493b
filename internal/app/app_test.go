package app

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"noces/internal/config"
	"noces/internal/store/storetest"
)

type run struct {
	stdout, stderr bytes.Buffer
	err            error
}

func runMain(t *testing.T, ctx context.Context, env map[string]string, args ...string) *run {
	t.Helper()
	r := &run{}
	r.err = Main(ctx, args, func(k string) string { return env[k] }, &r.stdout, &r.stderr)
	return r
}

func testEnv(t *testing.T) map[string]string {
	return map[string]string{
		"NOCES_DATA_DIR":     t.TempDir(),
		"NOCES_DATABASE_URL": storetest.URL(t),
		"NOCES_ADDR":         "127.0.0.1:0",
		"NOCES_LOG_LEVEL":    "warn",
	}
}

func TestUsageAndBadConfiguration(t *testing.T) {
	ctx := context.Background()
	r := runMain(t, ctx, nil)
	var exit ExitError
	if !errors.As(r.err, &exit) || exit.Code != 2 || !strings.Contains(r.stderr.String(), "Usage: noces") {
		t.Errorf("no arguments: %v %q", r.err, r.stderr.String())
	}
	r = runMain(t, ctx, map[string]string{"NOCES_DATABASE_URL": "mysql://nope"}, "serve")
	if r.err == nil || !strings.Contains(r.err.Error(), "NOCES_DATABASE_URL") {
		t.Errorf("a bad database URL should stop the start naming the variable, got %v", r.err)
	}
	r = runMain(t, ctx, nil, "frobnicate")
	if !errors.As(r.err, &exit) || !strings.Contains(r.stderr.String(), `unknown command "frobnicate"`) {
		t.Errorf("unknown command: %v %q", r.err, r.stderr.String())
	}
}

func TestMigrateGeneratesTheTokenKeyOnce(t *testing.T) {
	env := testEnv(t)
	ctx := context.Background()
	if r := runMain(t, ctx, env, "migrate"); r.err != nil {
		t.Fatal(r.err)
	}
	key, err := os.ReadFile(filepath.Join(env["NOCES_DATA_DIR"], "token.key"))
	if err != nil || len(strings.TrimSpace(string(key))) < 32 {
		t.Fatalf("no token key: %v %q", err, key)
	}
	info, _ := os.Stat(filepath.Join(env["NOCES_DATA_DIR"], "token.key"))
	if info.Mode().Perm() != 0o600 {
		t.Errorf("the token key is readable by others: %v", info.Mode())
	}
	if r := runMain(t, ctx, env, "migrate"); r.err != nil {
		t.Fatal(r.err)
	}
	again, _ := os.ReadFile(filepath.Join(env["NOCES_DATA_DIR"], "token.key"))
	if !bytes.Equal(key, again) {
		t.Error("the token key changed on the second start: every session would be lost")
	}
}

func TestUserCreate(t *testing.T) {
	env := testEnv(t)
	ctx := context.Background()
	r := runMain(t, ctx, env, "user", "create", "--email", "boss@example.com", "--password", "Sup3r-secret!", "--role", "ROLE_ADMIN")
	if r.err != nil || !strings.Contains(r.stdout.String(), "created ROLE_ADMIN boss@example.com") {
		t.Fatalf("%v %q", r.err, r.stdout.String())
	}
	r = runMain(t, ctx, env, "user", "create", "--email", "BOSS@example.com", "--password", "Sup3r-secret!")
	if r.err == nil || !strings.Contains(r.err.Error(), "already in use") {
		t.Errorf("a duplicate e-mail: %v", r.err)
	}
	r = runMain(t, ctx, env, "user", "create", "--email", "weak@example.com", "--password", "weak")
	if r.err == nil || !strings.Contains(r.err.Error(), "password: Password must contain at least 8 characters") {
		t.Errorf("a weak password: %v", r.err)
	}
	r = runMain(t, ctx, env, "user", "create", "--email", "x@example.com", "--password", "Sup3r-secret!", "--role", "ROLE_ROOT")
	if r.err == nil || !strings.Contains(r.err.Error(), "role: Unknown account type") {
		t.Errorf("an unknown role: %v", r.err)
	}
}

func TestDemoIsIdempotent(t *testing.T) {
	env := testEnv(t)
	ctx := context.Background()
	for i := 0; i < 2; i++ {
		r := runMain(t, ctx, env, "demo")
		if r.err != nil {
			t.Fatal(r.err)
		}
		for _, want := range []string{"admin@noces.test", "planner@noces.test", "premium@noces.test", "venue@noces.test", "new@noces.test", "Demo-2026!"} {
			if !strings.Contains(r.stdout.String(), want) {
				t.Errorf("run %d: the demo banner lacks %s", i+1, want)
			}
		}
	}
	a, err := New(ctx, mustConfig(t, env), NewLogger(io.Discard, "error"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	n, err := a.Store.CountUsers(ctx)
	if err != nil || n != 8 {
		t.Errorf("after two demo runs there are %d users (%v), want 8", n, err)
	}
	planner, err := a.Store.GetUserByEmail(ctx, "planner@noces.test")
	if err != nil || planner.Credits != 3 || !planner.IsModerated || !planner.HasFinishedOnboarding {
		t.Errorf("the demo planner: %+v %v", planner, err)
	}
	premium, _ := a.Store.GetUserByEmail(ctx, "premium@noces.test")
	if !premium.IsPremium(a.Clock.Now()) {
		t.Error("the demo premium planner is not premium")
	}
	fresh, _ := a.Store.GetUserByEmail(ctx, "new@noces.test")
	if fresh.HasFinishedOnboarding || fresh.IsModerated {
		t.Error("the demo new planner should be neither onboarded nor moderated")
	}
	shown, err := a.MediaService.ProviderMedia(ctx, premium.ID)
	if err != nil || len(shown.Images) != 6 || len(shown.Videos) != 1 || len(shown.Portfolios) != 1 {
		t.Errorf("the demo premium planner's public media, once each after two runs: %+v %v", shown, err)
	}
}

func TestServeShutsDownGracefully(t *testing.T) {
	env := testEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	a, err := New(ctx, mustConfig(t, env), NewLogger(io.Discard, "error"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	addrc := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- a.Serve(ctx, func(addr string) { addrc <- addr }) }()
	addr := <-addrc
	res, err := http.Get("http://" + addr + "/readyz")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("readyz: %v %v", err, res)
	}
	res.Body.Close()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve returned %v after a shutdown", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return after the context ended")
	}
	if _, err := http.Get("http://" + addr + "/healthz"); err == nil {
		t.Error("the server still answers after shutdown")
	}
}

// lockedBuffer is the server's stdout, read while it writes.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// The demo as `make run` serves it (Makefile: text log, failed requests
// only): the accounts come last with the full addresses to open, and the
// requests that follow add a line only when they fail.
func TestServeDemoSaysSoAndPrintsTheAccountsLast(t *testing.T) {
	env := testEnv(t)
	env["NOCES_LOG_LEVEL"] = "info"
	env["NOCES_LOG_FORMAT"] = "text"
	env["NOCES_LOG_REQUESTS"] = "failed"
	env["NOCES_PUBLIC_PORT"] = "8080"
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out lockedBuffer
	done := make(chan error, 1)
	go func() {
		done <- Main(ctx, []string{"serve", "--demo"}, func(k string) string { return env[k] }, &out, io.Discard)
	}()
	deadline := time.After(60 * time.Second)
	for !strings.Contains(out.String(), "new@noces.test") {
		select {
		case err := <-done:
			t.Fatalf("serve returned %v before printing the accounts:\n%s", err, out.String())
		case <-deadline:
			t.Fatalf("no demo accounts within 60 s:\n%s", out.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	// What a person sees once the accounts are out: they are the last lines.
	atStart := out.String()
	if !strings.Contains(atStart, "demo=true") || strings.Contains(atStart, "demo=false") {
		t.Errorf("the start-up line does not say demo=true under --demo:\n%s", atStart)
	}
	if strings.Contains(atStart, `"msg":`) || !strings.Contains(atStart, "level=INFO msg=starting") {
		t.Errorf("the log is not slog's text lines:\n%s", atStart)
	}
	listening := strings.Index(atStart, "msg=listening")
	banner := strings.Index(atStart, "Demo accounts (")
	if listening < 0 || banner < listening {
		t.Fatalf("the accounts are not printed after the listening line:\n%s", atStart)
	}
	if !strings.HasSuffix(atStart, "not finished onboarding\n") {
		t.Errorf("something follows the accounts at start:\n%s (ends %q)", atStart[banner:], atStart[max(0, len(atStart)-40):])
	}
	for _, want := range []string{
		"back-office            http://pro.fr.localhost:8080/ (the admin's screens: http://pro.fr.localhost:8080/admin)",
		"public directories     http://fr.localhost:8080/\n",
		"                       http://pt.localhost:8080/\n",
		`venue "Château de Lefèvre": http://fr.localhost:8080/v/chateau-de-lefevre` + "\n",
		`venue "La Grange des Tilleuls" (draft: unpublished, not validated)`,
		"public page: http://fr.localhost:8080/p/camille-durand-evenements\n",
		"public page: http://fr.localhost:8080/p/maison-moreau-mariages\n",
	} {
		if !strings.Contains(atStart[banner:], want) {
			t.Errorf("the demo block lacks %q:\n%s", want, atStart[banner:])
		}
	}
	if strings.Contains(atStart[banner:], "new@noces.test        ROLE_PRESTATAIRE  planner who has not finished onboarding\n  ") {
		t.Errorf("the planner who has not finished onboarding has a public page:\n%s", atStart[banner:])
	}

	addr := regexp.MustCompile(`msg=listening addr=(\S+)`).FindStringSubmatch(atStart)
	if addr == nil {
		t.Fatalf("no address in the listening line:\n%s", atStart)
	}
	for path, want := range map[string]int{"/healthz": 200, "/api/openapi.json": 200, "/api/no-such-route": 404} {
		res, err := http.Get("http://" + addr[1] + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("GET %s: %d, want %d", path, res.StatusCode, want)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("serve: %v", err)
	}
	after := strings.TrimPrefix(out.String(), atStart)
	if strings.Contains(after, "path=/healthz") || strings.Contains(after, "path=/api/openapi.json") {
		t.Errorf("a successful request was logged:\n%s", after)
	}
	if !strings.Contains(after, "msg=request") || !strings.Contains(after, "path=/api/no-such-route") || !strings.Contains(after, "status=404") {
		t.Errorf("the failed request was not logged:\n%s", after)
	}
}

// Production's log stays JSON, a line per request, unless told otherwise.
func TestTheLogIsJSONWithEveryRequestByDefault(t *testing.T) {
	cfg := mustConfig(t, map[string]string{})
	if cfg.LogFormat != "json" || cfg.LogRequests != "all" {
		t.Fatalf("defaults: format %q, requests %q", cfg.LogFormat, cfg.LogRequests)
	}
	var b bytes.Buffer
	ConfiguredLogger(&b, cfg).Info("hello", "n", 1)
	if !strings.HasPrefix(b.String(), `{"time":"`) || !strings.Contains(b.String(), `"msg":"hello","n":1}`) {
		t.Errorf("the default log line: %s", b.String())
	}
	b.Reset()
	cfg.LogFormat = "text"
	ConfiguredLogger(&b, cfg).Info("hello", "n", 1)
	if !regexp.MustCompile(`^time=\d\d:\d\d:\d\d level=INFO msg=hello n=1\n$`).MatchString(b.String()) {
		t.Errorf("the text log line: %q", b.String())
	}
}

func mustConfig(t *testing.T, env map[string]string) config.Config {
	t.Helper()
	c, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	return c
}
