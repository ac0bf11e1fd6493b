package httpapi_test

import (
	"testing"

	"noces/internal/app"
	"noces/internal/app/apptest"
	"noces/internal/httpapi"
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
