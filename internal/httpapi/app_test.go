package httpapi_test

import (
	"log/slog"
	"reflect"
	"testing"

	"noces/internal/app"
	"noces/internal/app/apptest"
	"noces/internal/config"
	"noces/internal/httpapi"
	"noces/internal/site"
	"noces/internal/store/storetest"
)

// The test server is app.New's, with the edges the harness chose.
func init() {
	// The release the back-office is told, as a build with -ldflags sets
	// it; set before any test runs, so no test races on it.
	app.Version = "test"
	httpapi.NewTestServer = func(t *testing.T, e httpapi.TestEdges) *httpapi.Server {
		t.Helper()
		return apptest.New(t, apptest.Options{Store: e.Store, Blobs: e.Media, Clock: e.Clock, Log: e.Log, Web: e.Web}).Server
	}
}

// The test server and a server built by app.New with nothing but a store
// run the same services: every dependency of the HTTP edge is set in both
// or in neither, with the same type, so no test option drops or swaps one.
func TestTheTestServerHasEveryServiceOfTheApp(t *testing.T) {
	test := apptest.New(t, apptest.Options{}).Server
	cfg, err := config.Load(func(k string) string {
		return map[string]string{"NOCES_ADDR": "127.0.0.1:8080", "NOCES_DATA_DIR": t.TempDir()}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	prod, err := app.New(t.Context(), cfg, slog.New(slog.DiscardHandler), app.Options{Store: storetest.New(t)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = prod.Close() })

	want, got := reflect.ValueOf(prod.Server.Deps), reflect.ValueOf(test.Deps)
	for i := range want.NumField() {
		name := want.Type().Field(i).Name
		w, g := want.Field(i), got.Field(i)
		switch w.Kind() {
		case reflect.Pointer, reflect.Interface, reflect.Func, reflect.Map, reflect.Slice:
		default:
			continue
		}
		if w.IsNil() != g.IsNil() {
			t.Errorf("Deps.%s: app.New's is nil=%v, the test server's nil=%v", name, w.IsNil(), g.IsNil())
			continue
		}
		if w.Kind() == reflect.Interface && !w.IsNil() && w.Elem().Type() != g.Elem().Type() {
			t.Errorf("Deps.%s: app.New's is a %v, the test server's a %v", name, w.Elem().Type(), g.Elem().Type())
		}
	}
	// The public site runs the API's own services: one form key for the
	// requests, one directory.
	pub, ok := test.Site.(*site.Site)
	if !ok {
		t.Fatalf("the site is a %T", test.Site)
	}
	if pub.Events != test.Events || pub.Directory != test.Directory || pub.Conversations != test.Conversations ||
		pub.Media != test.MediaService || pub.Instagram != test.Instagram || pub.Legal != test.Legal {
		t.Error("the site and the API run different instances of a service")
	}
}
