package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	"noces/internal/account"
	"noces/internal/clock"
	"noces/internal/model"
	"noces/internal/platform/blob"
	"noces/internal/store"
	"noces/internal/store/storetest"
)

// testPassword passes the password policy.
const testPassword = "Secret-123!"

type env struct {
	t       *testing.T
	store   *store.Store
	clock   *clock.Fixed
	server  *Server
	handler http.Handler
	router  routers.Router
	logs    *bytes.Buffer
	users   map[string]model.User
	// accounts makes extra users (addUser); tokens holds sessions a test
	// made itself, by the name scenarios use in their as field.
	accounts *account.Service
	tokens   map[string]string
}

var testWeb = fstest.MapFS{
	"index.html":             {Data: []byte(`<!doctype html><html lang="fr"><head><!--noces-config--></head><body><div id="root"></div></body></html>`)},
	"assets/index-abc123.js": {Data: []byte(`console.log("app")` + strings.Repeat(" ", 2048))},
	"favicon.svg":            {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
}

// TestEdges are the outside world of a test server: everything else is
// the app's own wiring.
type TestEdges struct {
	Store *store.Store
	// Media holds the uploads; nil is a new folder of the test's.
	Media blob.Store
	Clock *clock.Fixed
	Log   *slog.Logger
	Web   fs.FS
}

// NewTestServer builds the server of a test with app.New, through
// internal/app/apptest, so a service app.New wires is in every test server
// and none is wired a second way. app_test.go sets it: this package cannot
// import internal/app, which imports it, but its external test package
// can, and is linked into the same test binary.
var NewTestServer func(t *testing.T, edges TestEdges) *Server

// newEnvWithStore builds the test server over s; extra, when given,
// adjusts the server before its handler is made.
func newEnvWithStore(t *testing.T, s *store.Store, extra func(*Server)) *env {
	t.Helper()
	return newEnvWithMedia(t, s, nil, extra)
}

// newEnvWithMedia is newEnvWithStore with the services and /media/ on
// media; nil is a new folder.
func newEnvWithMedia(t *testing.T, s *store.Store, media blob.Store, extra func(*Server)) *env {
	t.Helper()
	if NewTestServer == nil {
		t.Fatal("NewTestServer is unset: app_test.go, which sets it, is not in the build")
	}
	clk := clock.NewFixed(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC))
	logs := &bytes.Buffer{}
	srv := NewTestServer(t, TestEdges{Store: s, Media: media, Clock: clk, Log: slog.New(slog.NewJSONHandler(logs, nil)), Web: testWeb})
	testClocks.Store(srv, clk)
	t.Cleanup(func() { testClocks.Delete(srv) })
	accounts := srv.Accounts
	if extra != nil {
		extra(srv)
	}
	router := docRouter(t, srv.Doc())
	e := &env{t: t, store: s, clock: clk, server: srv, handler: srv.Handler(), router: router, logs: logs, users: map[string]model.User{},
		accounts: accounts, tokens: map[string]string{}}
	for _, u := range []struct{ key, role string }{
		{"planner", model.RolePlanner}, {"venue", model.RoleVenue}, {"admin", model.RoleAdmin},
	} {
		e.addUser(u.key, u.role)
	}
	return e
}

// addUser makes a moderated, onboarded user who signs in as key@example.com
// with testPassword, and files it under key in e.users.
func (e *env) addUser(key, role string) model.User {
	e.t.Helper()
	made, err := e.accounts.CreateUser(context.Background(), account.NewUser{
		Email: key + "@example.com", Password: testPassword, Role: role,
		Firstname: "Test", Lastname: "User", Moderated: true, Onboarded: true,
	})
	if errors.Is(err, store.ErrConflict) {
		// A second server on the same database: the users are there.
		made, err = e.store.GetUserByEmail(context.Background(), key+"@example.com")
	}
	if err != nil {
		e.t.Fatal(err)
	}
	e.users[key] = made
	return made
}

func newEnv(t *testing.T) *env {
	t.Helper()
	return newEnvWithStore(t, storetest.New(t), nil)
}

// req is one request of a scenario.
type req struct {
	method, path string
	token        string
	body         any // string is sent as is, anything else as JSON
	contentType  string
	headers      map[string]string
	remote       string // the connection's peer (host:port); httptest's default when empty
}

type resp struct {
	status int
	header http.Header
	body   []byte
}

func (r resp) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("body is not a JSON object: %v\n%s", err, r.body)
	}
	return m
}

// do runs a request through the whole middleware chain and, for API paths,
// checks the response against the OpenAPI document.
func (e *env) do(r req) resp {
	e.t.Helper()
	var body io.Reader
	switch b := r.body.(type) {
	case nil:
	case string:
		body = strings.NewReader(b)
	case []byte:
		body = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		body = bytes.NewReader(raw)
	}
	hr := httptest.NewRequest(r.method, r.path, body)
	if r.body != nil {
		ct := r.contentType
		if ct == "" {
			ct = "application/json"
		}
		hr.Header.Set("Content-Type", ct)
	}
	if r.token != "" {
		hr.Header.Set("Authorization", "Bearer "+r.token)
	}
	for k, v := range r.headers {
		hr.Header.Set(k, v)
	}
	if host := r.headers["Host"]; host != "" {
		hr.Host = host
	}
	if r.remote != "" {
		hr.RemoteAddr = r.remote
	}
	rec := httptest.NewRecorder()
	e.handler.ServeHTTP(rec, hr)
	out := resp{status: rec.Code, header: rec.Header(), body: rec.Body.Bytes()}
	if strings.HasPrefix(r.path, "/api/") && rec.Header().Get("Content-Encoding") == "" &&
		strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		e.validate(hr, out)
	}
	return out
}

// validate fails the test when a response does not match the OpenAPI document.
func (e *env) validate(hr *http.Request, out resp) {
	e.t.Helper()
	route, params, err := e.router.FindRoute(hr)
	if err != nil {
		return // unknown paths are the fallback's, checked by their own tests
	}
	in := &openapi3filter.RequestValidationInput{Request: hr, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
	err = openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in, Status: out.status, Header: out.header,
		Body:    io.NopCloser(bytes.NewReader(out.body)),
		Options: &openapi3filter.Options{IncludeResponseStatus: true},
	})
	if err != nil {
		e.t.Errorf("%s %s answered %d, which does not match api/openapi.yaml: %v\n%s", hr.Method, hr.URL.Path, out.status, err, out.body)
	}
}

// login signs a test user in and returns the pair.
func (e *env) login(key string) account.Tokens {
	e.t.Helper()
	r := e.do(req{method: "POST", path: "/api/login_check", body: map[string]string{"username": key + "@example.com", "password": testPassword}})
	if r.status != http.StatusOK {
		e.t.Fatalf("login %s: %d %s", key, r.status, r.body)
	}
	var t account.Tokens
	if err := json.Unmarshal(r.body, &t); err != nil {
		e.t.Fatal(err)
	}
	return t
}

// counts snapshots every table's row count, to show a failed request wrote nothing.
func (e *env) counts() map[string]int {
	e.t.Helper()
	out := map[string]int{}
	for _, table := range []string{"users", "companies", "credit_log", "refresh_tokens", "outbox", "audit_log",
		"projects", "event_requests", "reviews"} {
		var n int
		if err := e.store.DB().QueryRow("SELECT COUNT(*) FROM " + table).Scan(&n); err != nil {
			e.t.Fatal(err)
		}
		out[table] = n
	}
	return out
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

// json2 decodes a JSON array of objects.
func (r resp) json2(t *testing.T) []map[string]any {
	t.Helper()
	var out []map[string]any
	if err := json.Unmarshal(r.body, &out); err != nil {
		t.Fatalf("body is not a JSON array: %v\n%s", err, r.body)
	}
	return out
}

// clockOf returns the fixed clock the test server runs on.
func clockOf(s *Server) *clock.Fixed {
	c, _ := testClocks.Load(s)
	return c.(*clock.Fixed)
}

// testClocks holds each test server's clock, for the extra functions that
// build a service of their own; tests running in parallel share it.
var testClocks sync.Map

// docRouters keeps the response-checking router of each parsed document:
// making one validates the whole document again, and the server hands out
// the same document to every test (newAPIDocs).
var docRouters struct {
	sync.Mutex
	byDoc map[*openapi3.T]routers.Router
}

// docRouter returns the router of doc, made on first use.
func docRouter(t *testing.T, doc *openapi3.T) routers.Router {
	t.Helper()
	docRouters.Lock()
	defer docRouters.Unlock()
	if r, ok := docRouters.byDoc[doc]; ok {
		return r
	}
	r, err := legacy.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	if docRouters.byDoc == nil {
		docRouters.byDoc = map[*openapi3.T]routers.Router{}
	}
	docRouters.byDoc[doc] = r
	return r
}
