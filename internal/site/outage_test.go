package site

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"

	"noces/internal/apperr"
	"noces/internal/i18n"
)

// The store says "unreachable" with the driver's connection errors; the
// page that answers them is checked here on every engine (the real outage,
// through a proxy cut in the middle, is the httpapi package's test).
func TestAnUnreachableDatabaseIsA503PageInTheDomainsLanguage(t *testing.T) {
	e := newEnv(t)
	refused := fmt.Errorf("directory: search: %w", &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED})
	for _, c := range []struct {
		host, lang, heading string
		err                 error
	}{
		{"de.localhost", "de", "Die Website ist kurz nicht erreichbar", refused},
		{"es.localhost", "es", "El sitio no está disponible por un momento", refused},
		{"be.localhost", "nl", "De site is even niet beschikbaar", apperr.Wrap(apperr.Unavailable, "errors.service_unavailable", refused)},
	} {
		e.logs.Reset()
		for range 10 {
			r := httptest.NewRequest("GET", "/search", nil)
			r.Host = c.host + ":8080"
			d, _ := e.hosts.Resolve(r.Host)
			r = r.WithContext(i18n.WithLocale(r.Context(), d, d.Lang))
			w := httptest.NewRecorder()
			e.site.fail(w, r, c.err)
			body := w.Body.String()
			if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" {
				t.Fatalf("%s: %d %v", c.host, w.Code, w.Header())
			}
			if !strings.Contains(body, `<html lang="`+c.lang+`"`) || !strings.Contains(body, c.heading) {
				t.Errorf("%s: not the page in %s: %s", c.host, c.lang, body)
			}
		}
		if strings.Contains(e.logs.String(), `"level":"ERROR"`) {
			t.Errorf("an outage is logged as an error:\n%s", e.logs.String())
		}
	}
	if n := strings.Count(e.logs.String(), `"level":"WARN"`); n > 1 {
		t.Errorf("ten failed pages logged %d warnings", n)
	}

	t.Run("any other failure stays a logged 500", func(t *testing.T) {
		e.logs.Reset()
		r := httptest.NewRequest("GET", "/search", nil)
		d, _ := e.hosts.Resolve("fr.localhost:8080")
		r = r.WithContext(i18n.WithLocale(r.Context(), d, d.Lang))
		w := httptest.NewRecorder()
		e.site.fail(w, r, fmt.Errorf("directory: search: syntax error"))
		if w.Code != http.StatusInternalServerError || !strings.Contains(e.logs.String(), `"level":"ERROR"`) {
			t.Errorf("%d %s", w.Code, e.logs.String())
		}
	})
}
