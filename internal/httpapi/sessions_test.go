package httpapi

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"noces/internal/account"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// syncEvery builds a server whose copy of the revoked sessions is read
// again every interval.
func syncEvery(interval time.Duration) func(*Server) {
	return func(s *Server) { s.Accounts.SetSessionSync(interval, account.SessionMaxStale) }
}

// newEnvNoSync is a server that never reads the revocation feed on its own
// after its first request: what it refuses at once, it learnt from its own
// revocations.
func newEnvNoSync(t *testing.T, s *store.Store) *env {
	return newEnvWithStore(t, s, syncEvery(time.Hour))
}

// meStatus is the answer to GET /api/me with token, and the error code.
func (e *env) meStatus(token string) (int, string) {
	e.t.Helper()
	r := e.do(req{method: "GET", path: "/api/me", token: token})
	if r.status == http.StatusOK {
		return r.status, ""
	}
	code, _ := r.json(e.t)["error"].(string)
	return r.status, code
}

// wantRefused checks that token is refused as an expired session.
func (e *env) wantRefused(what, token string) {
	e.t.Helper()
	if status, code := e.meStatus(token); status != 401 || code != "errors.session_expired" {
		e.t.Errorf("%s: %d %s, want 401 errors.session_expired", what, status, code)
	}
}

// wantAccepted checks that token still works.
func (e *env) wantAccepted(what, token string) {
	e.t.Helper()
	if status, code := e.meStatus(token); status != 200 {
		e.t.Errorf("%s: %d %s, want 200", what, status, code)
	}
}

func (e *env) post(path, token string, body any) resp {
	e.t.Helper()
	return e.do(req{method: "POST", path: path, token: token, body: body})
}

func TestEveryRevocationEndsTheAccessTokenAtOnce(t *testing.T) {
	t.Run("logout ends that session only", func(t *testing.T) {
		e := newEnvNoSync(t, storetest.New(t))
		phone, laptop := e.login("planner"), e.login("planner")
		e.wantAccepted("before the logout", phone.Access)
		if r := e.post("/api/logout", "", map[string]string{"refresh_token": phone.Refresh}); r.status != 204 {
			t.Fatalf("logout: %d %s", r.status, r.body)
		}
		e.wantRefused("the access token of a session signed out", phone.Access)
		e.wantAccepted("another device of the same user", laptop.Access)
	})

	t.Run("a password change ends the other sessions and keeps this one", func(t *testing.T) {
		e := newEnvNoSync(t, storetest.New(t))
		here, other := e.login("planner"), e.login("planner")
		venue := e.login("venue")
		e.wantAccepted("before", other.Access)
		r := e.post("/api/account/change-password", here.Access, map[string]string{"currentPassword": testPassword, "newPassword": "Tout-neuf-2026!"})
		if r.status != 200 {
			t.Fatalf("change password: %d %s", r.status, r.body)
		}
		e.wantRefused("another session after a password change", other.Access)
		e.wantAccepted("the session that changed the password", here.Access)
		e.wantAccepted("another user", venue.Access)
	})

	t.Run("a password reset ends every session", func(t *testing.T) {
		e := newEnvNoSync(t, storetest.New(t))
		a, b := e.login("planner"), e.login("planner")
		e.wantAccepted("before", a.Access)
		if r := e.post("/api/reset-password/request", "", map[string]string{"email": "planner@example.com"}); r.status != 200 {
			t.Fatalf("request: %d %s", r.status, r.body)
		}
		m := resetLink.FindStringSubmatch(e.outbox("planner@example.com")[0].BodyText)
		r := e.post("/api/reset-password/reset/"+m[1], "", map[string]string{"newPassword": "Nouveau-2026!", "confirmPassword": "Nouveau-2026!", "token": m[1]})
		if r.status != 200 {
			t.Fatalf("reset: %d %s", r.status, r.body)
		}
		e.wantRefused("a session from before the reset", a.Access)
		e.wantRefused("another session from before the reset", b.Access)
	})

	t.Run("a refresh token used twice ends its session", func(t *testing.T) {
		e := newEnvNoSync(t, storetest.New(t))
		first, other := e.login("planner"), e.login("planner")
		r := e.post("/api/token/refresh", "", map[string]string{"refresh_token": first.Refresh})
		if r.status != 200 {
			t.Fatalf("refresh: %d %s", r.status, r.body)
		}
		var rotated account.Tokens
		_ = json.Unmarshal(r.body, &rotated)
		e.wantAccepted("the rotated token", rotated.Access)
		if r := e.post("/api/token/refresh", "", map[string]string{"refresh_token": first.Refresh}); r.status != 401 {
			t.Fatalf("a replayed refresh token: %d", r.status)
		}
		e.wantRefused("the access token rotated before the replay", rotated.Access)
		e.wantRefused("the first access token of the family", first.Access)
		e.wantAccepted("another session of the user", other.Access)
	})

	t.Run("an e-mail change renews this session", func(t *testing.T) {
		e := newEnvNoSync(t, storetest.New(t))
		here, other := e.login("planner"), e.login("planner")
		e.wantAccepted("before", here.Access)
		r := e.post("/api/account/change-email", here.Access, map[string]string{"email": "ana.new@example.com"})
		if r.status != 200 {
			t.Fatalf("change e-mail: %d %s", r.status, r.body)
		}
		var fresh account.Tokens
		_ = json.Unmarshal(r.body, &fresh)
		e.wantRefused("the session replaced by the change", here.Access)
		e.wantAccepted("the new session", fresh.Access)
		e.wantAccepted("another device", other.Access)
	})

	t.Run("the end of an impersonation ends its session", func(t *testing.T) {
		e := newEnvNoSync(t, storetest.New(t))
		adm, venue := e.login("admin"), e.login("venue")
		r := e.post("/api/impersonation/impersonate", adm.Access, map[string]string{"user_id": e.users["venue"].ID})
		if r.status != 200 {
			t.Fatalf("impersonate: %d %s", r.status, r.body)
		}
		var imp account.Tokens
		_ = json.Unmarshal(r.body, &imp)
		e.wantAccepted("while impersonating", imp.Access)
		stop := e.post("/api/impersonation/stop-impersonating", imp.Access, nil)
		if stop.status != 200 {
			t.Fatalf("stop: %d %s", stop.status, stop.body)
		}
		var back account.Tokens
		_ = json.Unmarshal(stop.body, &back)
		e.wantRefused("the impersonation's token after its end", imp.Access)
		e.wantAccepted("the admin's session given back", back.Access)
		e.wantAccepted("the admin's own session", adm.Access)
		e.wantAccepted("the impersonated user's own session", venue.Access)
	})

	t.Run("closing the account ends every session", func(t *testing.T) {
		e := newEnvNoSync(t, storetest.New(t))
		a, b := e.login("planner"), e.login("planner")
		e.wantAccepted("before", b.Access)
		r := e.do(req{method: "DELETE", path: "/api/account/delete", token: a.Access,
			body: map[string]string{"reason": "I am retiring from the wedding business this year."}})
		if r.status != 204 {
			t.Fatalf("delete: %d %s", r.status, r.body)
		}
		e.wantRefused("the session that closed the account", a.Access)
		e.wantRefused("another session of the closed account", b.Access)
	})
}

func TestARevokedSessionIsRefusedOnASecondServer(t *testing.T) {
	const interval = 40 * time.Millisecond
	s := storetest.New(t)
	one := newEnvWithStore(t, s, syncEvery(interval))
	two := newEnvWithStore(t, s, syncEvery(interval))
	phone, laptop := one.login("planner"), one.login("planner")
	venue, venue2 := one.login("venue"), one.login("venue")
	for _, tok := range []string{phone.Access, laptop.Access, venue.Access, venue2.Access} {
		two.wantAccepted("before any revocation", tok)
	}

	if r := one.post("/api/logout", "", map[string]string{"refresh_token": phone.Refresh}); r.status != 204 {
		t.Fatalf("logout: %d", r.status)
	}
	r := one.post("/api/account/change-password", venue.Access, map[string]string{"currentPassword": testPassword, "newPassword": "Tout-neuf-2026!"})
	if r.status != 200 {
		t.Fatalf("change password: %d %s", r.status, r.body)
	}
	one.wantRefused("the server that signed out", phone.Access)
	time.Sleep(interval)
	two.wantRefused("the second server, one interval later", phone.Access)
	two.wantRefused("a session ended by a password change on the first server", venue2.Access)
	two.wantAccepted("another device of the signed-out user", laptop.Access)
	two.wantAccepted("the session that changed the password", venue.Access)

	// And the other way round.
	if r := two.post("/api/logout", "", map[string]string{"refresh_token": laptop.Refresh}); r.status != 204 {
		t.Fatalf("logout: %d", r.status)
	}
	time.Sleep(interval)
	one.wantRefused("the first server, one interval after a logout on the second", laptop.Access)
}

func TestATokenWithoutASessionIsRefused(t *testing.T) {
	e := newEnv(t)
	signer, err := account.NewSigner([]byte("kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk"))
	if err != nil {
		t.Fatal(err)
	}
	tok, err := signer.Sign(account.Claims{UserID: e.users["planner"].ID, Role: e.users["planner"].Role}, e.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	if status, code := e.meStatus(tok); status != 401 || code != "errors.unauthorized" {
		t.Errorf("a token naming no session: %d %s", status, code)
	}
	tok, err = signer.Sign(account.Claims{UserID: e.users["planner"].ID, Role: e.users["planner"].Role, SessionID: "s"}, e.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	e.wantAccepted("the same token with a session", tok)
}
