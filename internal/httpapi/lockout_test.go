package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"time"

	"noces/internal/i18n"
	"noces/internal/ratelimit"
	"noces/internal/store/storetest"
)

// signIn tries a pair from the address addr (a host; the port is made up).
func (e *env) signIn(user, password, addr string) resp {
	e.t.Helper()
	return e.do(req{method: "POST", path: "/api/login_check", remote: addr + ":40000",
		body: map[string]string{"username": user, "password": password}})
}

// retryAfter is the Retry-After of a 429, failing the test on any other answer.
func retryAfter(t *testing.T, r resp) int {
	t.Helper()
	if r.status != http.StatusTooManyRequests {
		t.Fatalf("answered %d, want 429: %s", r.status, r.body)
	}
	n, err := strconv.Atoi(r.header.Get("Retry-After"))
	if err != nil || n < 1 {
		t.Fatalf("Retry-After %q", r.header.Get("Retry-After"))
	}
	return n
}

// failFrom makes one failed sign-in count from addr, waiting out the short
// delay an account under attack asks of each address.
func (e *env) failFrom(user, addr string) {
	e.t.Helper()
	for range 2 {
		r := e.signIn(user, "Wrong-pass1!", addr)
		if r.status == http.StatusUnauthorized {
			return
		}
		e.clock.Advance(time.Duration(retryAfter(e.t, r)) * time.Second)
	}
	e.t.Fatalf("a failure from %s was refused twice", addr)
}

func TestTheRightPasswordIsNeverLockedOut(t *testing.T) {
	for _, key := range []string{"planner", "admin"} {
		t.Run("50 failures from other addresses on the "+key+" account", func(t *testing.T) {
			e := newEnv(t)
			user := key + "@example.com"
			attackers := 50
			for i := range attackers {
				e.failFrom(user, fmt.Sprintf("198.51.100.%d", i+1))
			}
			// A fresh address waits a short delay at most, once.
			r := e.signIn(user, testPassword, "203.0.113.50")
			wait := 0
			if r.status != http.StatusOK {
				wait = retryAfter(t, r)
				if wait > 5 {
					t.Fatalf("the right password from a fresh address waits %d s", wait)
				}
				// Meanwhile the attack goes on: addresses that waited
				// already fail again at once, and cannot renew the wait.
				for i := attackers - 5; i < attackers; i++ {
					if r := e.signIn(user, "Wrong-pass1!", fmt.Sprintf("198.51.100.%d", i+1)); r.status != http.StatusUnauthorized {
						t.Fatalf("an attacker's failure answered %d", r.status)
					}
				}
				e.clock.Advance(time.Duration(wait) * time.Second)
				r = e.signIn(user, testPassword, "203.0.113.50")
			}
			if r.status != http.StatusOK {
				t.Fatalf("the right password after a %d s wait: %d %s", wait, r.status, r.body)
			}
		})
	}

	t.Run("failures from the same address on other accounts", func(t *testing.T) {
		e := newEnv(t)
		for i := range 15 {
			if r := e.signIn(fmt.Sprintf("someone%d@example.com", i), "Wrong-pass1!", "198.51.100.7"); r.status != http.StatusUnauthorized {
				t.Fatalf("failure %d answered %d", i+1, r.status)
			}
		}
		if r := e.signIn("venue@example.com", "Wrong-pass1!", "198.51.100.7"); r.status != http.StatusUnauthorized {
			t.Fatalf("a failure on the venue: %d", r.status)
		}
		if r := e.signIn("venue@example.com", testPassword, "198.51.100.7"); r.status != http.StatusOK {
			t.Errorf("the venue's right password from an address with 16 failures: %d %s", r.status, r.body)
		}
	})
}

func TestSignInDelaysGrow(t *testing.T) {
	t.Run("per account and address", func(t *testing.T) {
		e := newEnv(t)
		for i := range 5 {
			if r := e.signIn("planner@example.com", "Wrong-pass1!", "198.51.100.1"); r.status != http.StatusUnauthorized {
				t.Fatalf("free failure %d answered %d", i+1, r.status)
			}
		}
		for _, want := range []int{1, 2, 4, 8} {
			if got := retryAfter(t, e.signIn("planner@example.com", "Wrong-pass1!", "198.51.100.1")); got != want {
				t.Fatalf("Retry-After %d s, want %d", got, want)
			}
			e.clock.Advance(time.Duration(want) * time.Second)
			if r := e.signIn("planner@example.com", "Wrong-pass1!", "198.51.100.1"); r.status != http.StatusUnauthorized {
				t.Fatalf("after waiting %d s: %d", want, r.status)
			}
		}
		// The throttle comes before the password: a right guess waits too.
		if got := retryAfter(t, e.signIn("planner@example.com", testPassword, "198.51.100.1")); got != 16 {
			t.Errorf("the right password during the delay: Retry-After %d, want 16", got)
		}
		// Another address and another account are not slowed down.
		if r := e.signIn("planner@example.com", testPassword, "198.51.100.2"); r.status != http.StatusOK {
			t.Errorf("another address: %d", r.status)
		}
		if r := e.signIn("venue@example.com", testPassword, "198.51.100.1"); r.status != http.StatusOK {
			t.Errorf("another account from the same address: %d", r.status)
		}
		e.clock.Advance(16 * time.Second)
		if r := e.signIn("planner@example.com", testPassword, "198.51.100.1"); r.status != http.StatusOK {
			t.Errorf("the right password after the delay: %d", r.status)
		}
	})

	t.Run("per address over many accounts", func(t *testing.T) {
		e := newEnv(t)
		for i := range 20 {
			if r := e.signIn(fmt.Sprintf("victim%d@example.com", i), "Wrong-pass1!", "198.51.100.9"); r.status != http.StatusUnauthorized {
				t.Fatalf("free failure %d answered %d", i+1, r.status)
			}
		}
		waits := []int{}
		for i := 20; len(waits) < 12; i++ {
			ra := retryAfter(t, e.signIn(fmt.Sprintf("victim%d@example.com", i), "Wrong-pass1!", "198.51.100.9"))
			waits = append(waits, ra)
			e.clock.Advance(time.Duration(ra) * time.Second)
			if r := e.signIn(fmt.Sprintf("victim%d@example.com", i), "Wrong-pass1!", "198.51.100.9"); r.status != http.StatusUnauthorized {
				t.Fatalf("after waiting %d s: %d", ra, r.status)
			}
		}
		want := "[1 2 4 8 16 32 64 128 256 512 900 900]"
		if fmt.Sprint(waits) != want {
			t.Errorf("the address waited %v, want %s (doubling, capped at 15 minutes)", waits, want)
		}
		// Every account is slowed down from that address, by a delay that ends.
		ra := retryAfter(t, e.signIn("venue@example.com", testPassword, "198.51.100.9"))
		if r := e.signIn("venue@example.com", testPassword, "198.51.100.10"); r.status != http.StatusOK {
			t.Errorf("the venue from another address: %d", r.status)
		}
		e.clock.Advance(time.Duration(ra) * time.Second)
		if r := e.signIn("venue@example.com", testPassword, "198.51.100.9"); r.status != http.StatusOK {
			t.Errorf("the venue from the hammering address after %d s: %d", ra, r.status)
		}
	})
}

func TestTheOwnerIsAlertedOnceAfterRepeatedFailures(t *testing.T) {
	e := newEnv(t)
	alerts := func(to string) int {
		n := 0
		for _, m := range e.outbox(to) {
			if strings.Contains(m.Subject, "connexion") {
				n++
			}
		}
		return n
	}
	start := e.clock.Now()
	for i := range 9 {
		e.failFrom("planner@example.com", fmt.Sprintf("198.51.100.%d", i+1))
		e.failFrom("nobody@example.com", fmt.Sprintf("198.51.100.%d", i+1))
	}
	if n := alerts("planner@example.com"); n != 0 {
		t.Fatalf("%d alerts after 9 failures", n)
	}
	e.failFrom("planner@example.com", "198.51.100.10")
	mails := e.outbox("planner@example.com")
	if len(mails) != 1 {
		t.Fatalf("%d e-mails after 10 failures, want the alert", len(mails))
	}
	m := mails[0]
	// The account's language (French by default), the count, the time of
	// the first failure, and where to change the password; no address.
	when := i18n.MustLoad().DateTime("fr", start, time.UTC) + " UTC"
	for _, want := range []string{"Tentatives de connexion échouées", "10 tentatives", when, "/security"} {
		if !strings.Contains(m.Subject+m.BodyText, want) {
			t.Errorf("the alert lacks %q:\n%s\n%s", want, m.Subject, m.BodyText)
		}
	}
	if strings.Contains(m.BodyText+m.BodyHTML, "198.51.100") {
		t.Errorf("the alert shows an address:\n%s", m.BodyText)
	}
	for i := range 15 {
		e.failFrom("planner@example.com", fmt.Sprintf("198.51.100.%d", 20+i))
	}
	if n := alerts("planner@example.com"); n != 1 {
		t.Errorf("%d alerts after 25 failures the same day, want 1", n)
	}
	if n := len(e.outbox("nobody@example.com")); n != 0 {
		t.Errorf("an address without an account got %d e-mails", n)
	}
	e.clock.Advance(24 * time.Hour)
	for i := range 10 {
		e.failFrom("planner@example.com", fmt.Sprintf("198.51.100.%d", 40+i))
	}
	if n := alerts("planner@example.com"); n != 2 {
		t.Errorf("%d alerts after a new attack the next day, want 2", n)
	}
}

func TestTheClientAddressBehindProxies(t *testing.T) {
	// hammer fails 20 times from the client seen through headers, so the
	// next failure of that client must wait.
	hammer := func(e *env, headers map[string]string) {
		t.Helper()
		for i := range 20 {
			r := e.do(req{method: "POST", path: "/api/login_check", remote: "10.0.0.1:5000", headers: headers,
				body: map[string]string{"username": fmt.Sprintf("v%d@example.com", i), "password": "x"}})
			if r.status != http.StatusUnauthorized {
				t.Fatalf("failure %d answered %d", i+1, r.status)
			}
		}
	}
	try := func(e *env, remote string, headers map[string]string) int {
		t.Helper()
		return e.do(req{method: "POST", path: "/api/login_check", remote: remote, headers: headers,
			body: map[string]string{"username": "other@example.com", "password": "x"}}).status
	}

	t.Run("without trusted proxies the headers are ignored", func(t *testing.T) {
		e := newEnv(t)
		hammer(e, map[string]string{"X-Forwarded-For": "203.0.113.7"})
		if s := try(e, "10.0.0.1:5000", map[string]string{"X-Forwarded-For": "203.0.113.8"}); s != 429 {
			t.Errorf("another X-Forwarded-For from the same peer answered %d: the header was believed", s)
		}
	})

	trusted := func(s *Server) { s.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")} }
	t.Run("behind a trusted proxy X-Forwarded-For gives the client", func(t *testing.T) {
		e := newEnvWithStore(t, storetest.New(t), trusted)
		hammer(e, map[string]string{"X-Forwarded-For": "203.0.113.7"})
		for _, tc := range []struct {
			name    string
			remote  string
			headers map[string]string
			want    int
		}{
			{"the same client", "10.0.0.2:5000", map[string]string{"X-Forwarded-For": "203.0.113.7"}, 429},
			{"the same client spoofing leftmost entries", "10.0.0.1:5000",
				map[string]string{"X-Forwarded-For": "198.51.100.1, 198.51.100.2, 203.0.113.7, 10.0.0.9"}, 429},
			{"the same client in Forwarded", "10.0.0.1:5000", map[string]string{"Forwarded": `for=198.51.100.1, for="203.0.113.7:4711";proto=https`}, 429},
			{"another client of the proxy", "10.0.0.1:5000", map[string]string{"X-Forwarded-For": "203.0.113.8"}, 401},
			{"another client claiming a spoofed address", "10.0.0.1:5000", map[string]string{"X-Forwarded-For": "203.0.113.7, 203.0.113.8"}, 401},
			{"a peer that is not a proxy cannot borrow an address", "203.0.113.9:5000", map[string]string{"X-Forwarded-For": "203.0.113.7"}, 401},
		} {
			if s := try(e, tc.remote, tc.headers); s != tc.want {
				t.Errorf("%s: %d, want %d", tc.name, s, tc.want)
			}
		}
	})

	t.Run("every limit counts the same client", func(t *testing.T) {
		e := newEnvWithStore(t, storetest.New(t), trusted)
		limiter := ratelimit.New(e.store, e.clock)
		token := e.login("planner").Access
		spoofed := map[string]string{"X-Forwarded-For": "198.51.100.1, 203.0.113.7"}
		other := map[string]string{"X-Forwarded-For": "203.0.113.8"}
		for _, tc := range []struct {
			bucket string
			max    int
			req    func(headers map[string]string) req
			ok     int
		}{
			{"project:ip:", 10, func(h map[string]string) req {
				return req{method: "POST", path: "/api/public/projects", body: projectFor(e.formToken()), headers: h, remote: "10.0.0.1:5000"}
			}, 201},
			{"reset:ip:", 20, func(h map[string]string) req {
				return req{method: "POST", path: "/api/reset-password/request", body: map[string]string{"email": "venue@example.com"}, headers: h, remote: "10.0.0.1:5000"}
			}, 200},
			{"sms:ip:", 10, func(h map[string]string) req {
				return req{method: "POST", path: "/api/account/phone/check", token: token, body: map[string]string{"phone": "+33698765432"}, headers: h, remote: "10.0.0.1:5000"}
			}, 200},
		} {
			for range tc.max {
				if err := limiter.Hit(context.Background(), tc.bucket+"203.0.113.7"); err != nil {
					t.Fatal(err)
				}
			}
			if r := e.do(tc.req(spoofed)); r.status != 429 {
				t.Errorf("%s: the client at its limit answered %d", tc.bucket, r.status)
			}
			if r := e.do(tc.req(other)); r.status != tc.ok {
				t.Errorf("%s: another client of the proxy answered %d %s", tc.bucket, r.status, r.body)
			}
		}
	})
}
