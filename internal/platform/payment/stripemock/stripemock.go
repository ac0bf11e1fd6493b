// Package stripemock runs stripe-mock (Stripe's official API mock) for the
// tests of every package that calls Stripe: one process per test binary,
// started on first use on free loopback ports and stopped when the tests end.
// STRIPE_MOCK_URL points the tests at one already running instead. A missing
// stripe-mock fails the test that needs it: `make test` installs it.
package stripemock

import (
	"errors"
	"fmt"
	"go/build"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// Version is the stripe-mock the tests are written against.
const Version = "v0.203.0"

var (
	once    sync.Once
	url     string
	startEr error
	cmd     *exec.Cmd
)

// Run runs the tests of a package and stops stripe-mock if they started it:
// call it from TestMain as os.Exit(stripemock.Run(m)).
func Run(m *testing.M) int {
	code := m.Run()
	if cmd != nil && cmd.Process != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}
	return code
}

// URL returns the address of a running stripe-mock, starting it the first
// time; the test fails with how to install it when it is missing.
func URL(t testing.TB) string {
	t.Helper()
	once.Do(func() { url, startEr = start() })
	if startEr != nil {
		t.Fatalf("stripe-mock: %v", startEr)
	}
	return url
}

func start() (string, error) {
	if u := os.Getenv("STRIPE_MOCK_URL"); u != "" {
		return u, nil
	}
	bin, err := find()
	if err != nil {
		return "", err
	}
	httpPort, err := freePort()
	if err != nil {
		return "", err
	}
	httpsPort, err := freePort()
	if err != nil {
		return "", err
	}
	addr := net.JoinHostPort("127.0.0.1", httpPort)
	cmd = exec.Command(bin, "-http-addr", addr, "-https-addr", net.JoinHostPort("127.0.0.1", httpsPort))
	setParentDeath(cmd)
	if err := cmd.Start(); err != nil {
		return "", fmt.Errorf("start %s: %w", bin, err)
	}
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		res, err := http.Get("http://" + addr + "/v1/customers/cus_123")
		if err == nil {
			res.Body.Close()
			return "http://" + addr, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	_ = cmd.Process.Kill()
	return "", fmt.Errorf("%s did not answer on %s within 15 s", bin, addr)
}

// find looks for stripe-mock on PATH, then where go install puts it.
func find() (string, error) {
	if p, err := exec.LookPath("stripe-mock"); err == nil {
		return p, nil
	}
	gopath := os.Getenv("GOPATH")
	if gopath == "" {
		gopath = build.Default.GOPATH
	}
	for _, dir := range filepath.SplitList(gopath) {
		p := filepath.Join(dir, "bin", "stripe-mock")
		if info, err := os.Stat(p); err == nil && !info.IsDir() {
			return p, nil
		}
	}
	return "", errors.New("not installed: run `go install github.com/stripe/stripe-mock@" + Version +
		"` (make test does it), or set STRIPE_MOCK_URL to a running stripe-mock")
}

// freePort asks the system for a loopback port nobody uses.
func freePort() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", fmt.Errorf("free port: %w", err)
	}
	defer l.Close()
	_, port, err := net.SplitHostPort(l.Addr().String())
	return port, err
}
