package httpapi

import (
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"strings"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"noces/internal/apperr"
	"noces/internal/clientip"
	"noces/internal/hosts"
)

// healthz says the process is alive; it never touches the database, so an
// orchestrator does not restart a healthy server during a database outage.
func (s *Server) healthz(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// readyz says whether the server can serve: the database must answer.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	if err := s.Store.Ping(r.Context()); err != nil {
		s.Log.WarnContext(r.Context(), "not ready", "err", err.Error())
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "database": "down"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "database": "up"})
}

// metricsHandler serves the Prometheus metrics to operators only: never on
// a public directory host (whatever the token), else to a client on this
// machine or to a bearer of the metrics token. Route names and request
// counts tell an outsider more than they should, and rendering costs the
// server.
//
// A client is on this machine when the connection comes from loopback and
// every client a proxy forwards it for is loopback too (clientip.Local):
// behind a proxy on the same machine the connection's peer is always the
// proxy, so the peer alone would make every proxied client local, and a
// forwarded header alone could be written by anyone.
func (s *Server) metricsHandler() http.Handler {
	prom := promhttp.HandlerFor(s.Metrics, promhttp.HandlerOpts{})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if faceOf(r.Context()) == hosts.Public {
			s.fail(w, r, apperr.New(apperr.NotFound, "errors.not_found"))
			return
		}
		if !clientip.Local(r.RemoteAddr, r.Header) && !s.metricsBearer(r) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			s.fail(w, r, apperr.New(apperr.Unauthorized, "errors.unauthorized"))
			return
		}
		prom.ServeHTTP(w, r)
	})
}

// metricsBearer reports whether the request carries the configured metrics
// token, compared in constant time; without a configured token none passes.
func (s *Server) metricsBearer(r *http.Request) bool {
	if s.MetricsToken == "" {
		return false
	}
	got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok {
		return false
	}
	want := sha256.Sum256([]byte(s.MetricsToken))
	have := sha256.Sum256([]byte(strings.TrimSpace(got)))
	return subtle.ConstantTimeCompare(want[:], have[:]) == 1
}
