package httpapi

import (
	"net/http"
	"time"

	"noces/internal/account"
	"noces/internal/apperr"
	"noces/internal/export"
)

// exportReply is the state of the provider's newest data export.
type exportReply struct {
	State       string     `json:"state"`
	RequestedAt *time.Time `json:"requestedAt,omitempty"`
	ReadyAt     *time.Time `json:"readyAt,omitempty"`
	ExpiresAt   *time.Time `json:"expiresAt,omitempty"`
	ByteSize    int64      `json:"byteSize,omitempty"`
	// DownloadURL is a signed link valid export.LinkFor: a plain link the
	// browser follows, since a download cannot carry the session's header.
	DownloadURL string `json:"downloadUrl,omitempty"`
}

func toExportReply(st export.Status) exportReply {
	out := exportReply{State: st.State, ByteSize: st.ByteSize, DownloadURL: st.DownloadPath}
	for _, p := range []struct {
		t   time.Time
		dst **time.Time
	}{{st.RequestedAt, &out.RequestedAt}, {st.ReadyAt, &out.ReadyAt}, {st.ExpiresAt, &out.ExpiresAt}} {
		if !p.t.IsZero() {
			t := p.t.UTC()
			*p.dst = &t
		}
	}
	return out
}

// exportOwner refuses an admin acting as the provider: the provider's data
// leaves with the provider only.
func exportOwner(c account.Claims) error {
	if c.ImpersonatorID != "" {
		return apperr.New(apperr.Forbidden, "errors.forbidden")
	}
	return nil
}

func (s *Server) requestExport(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	if err := exportOwner(c); err != nil {
		return err
	}
	st, err := s.Exports.Request(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, toExportReply(st))
	return nil
}

func (s *Server) exportStatus(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	if err := exportOwner(c); err != nil {
		return err
	}
	st, err := s.Exports.Get(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, toExportReply(st))
	return nil
}

func (s *Server) downloadExport(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	if err := exportOwner(c); err != nil {
		return err
	}
	f, err := s.Exports.Open(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	serveExport(w, r, f)
	return nil
}

func (s *Server) downloadSignedExport(w http.ResponseWriter, r *http.Request) error {
	f, err := s.Exports.OpenSigned(r.Context(), r.URL.Query().Get("token"))
	if err != nil {
		return err
	}
	serveExport(w, r, f)
	return nil
}

// serveExport streams the zip from the storage, with ranges so that a
// broken download resumes.
func serveExport(w http.ResponseWriter, r *http.Request, f export.File) {
	defer f.Body.Close()
	h := w.Header()
	h.Set("Content-Type", "application/zip")
	h.Set("Content-Disposition", `attachment; filename="`+f.Name+`"`)
	h.Set("Cache-Control", "private, no-store")
	h.Set("Referrer-Policy", "no-referrer")
	http.ServeContent(w, r, f.Name, f.ModTime, f.Body)
}
