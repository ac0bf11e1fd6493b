package httpapi

import (
	"net/http"
	"strings"
	"time"

	"noces/internal/account"
	"noces/internal/apperr"
	"noces/internal/availability"
	"noces/internal/clientip"
)

type availabilityDayJSON struct {
	Date   string `json:"date"`
	Status string `json:"status"`
	Source string `json:"source"`
}

type availabilityVenueJSON struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

type availabilityReply struct {
	VenueID   *string                 `json:"venueId"`
	From      string                  `json:"from"`
	To        string                  `json:"to"`
	Days      []availabilityDayJSON   `json:"days"`
	MinDate   string                  `json:"minDate"`
	MaxDate   string                  `json:"maxDate"`
	Venues    []availabilityVenueJSON `json:"venues"`
	FeedSince *time.Time              `json:"feedSince"`
}

func owner(c account.Claims) availability.Owner {
	return availability.Owner{UserID: c.UserID, Role: c.Role}
}

func (s *Server) getAvailability(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	q := r.URL.Query()
	cal, err := s.Availability.List(r.Context(), owner(c), q.Get("venue"), q.Get("from"), q.Get("to"))
	if err != nil {
		return err
	}
	out := availabilityReply{From: cal.From, To: cal.To, MinDate: cal.MinDate, MaxDate: cal.MaxDate,
		Days: make([]availabilityDayJSON, len(cal.Days)), Venues: make([]availabilityVenueJSON, len(cal.Venues))}
	if cal.VenueID != "" {
		out.VenueID = &cal.VenueID
	}
	for i, d := range cal.Days {
		out.Days[i] = availabilityDayJSON(d)
	}
	for i, v := range cal.Venues {
		out.Venues[i] = availabilityVenueJSON(v)
	}
	if !cal.FeedSince.IsZero() {
		out.FeedSince = &cal.FeedSince
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) setAvailability(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	var in struct {
		Status  string `json:"status"`
		VenueID string `json:"venueId"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	d, err := s.Availability.Set(r.Context(), owner(c), in.VenueID, r.PathValue("date"), in.Status)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, availabilityDayJSON(d))
	return nil
}

func (s *Server) freeAvailability(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	if err := s.Availability.Free(r.Context(), owner(c), r.URL.Query().Get("venue"), r.PathValue("date")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) importAvailability(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	form, err := parseMultipart(w, r, availability.MaxImportBytes+multipartEnvelope, "availability.errors.file_too_large")
	if err != nil {
		return err
	}
	defer func() { _ = form.RemoveAll() }()
	files := form.File["file"]
	if len(files) != 1 {
		return apperr.Validation(map[string]string{"file": "availability.errors.file_required"})
	}
	if files[0].Size > availability.MaxImportBytes {
		return apperr.New(apperr.TooLarge, "availability.errors.file_too_large")
	}
	data, err := readFormFile(files[0])
	if err != nil {
		return apperr.Wrap(apperr.Malformed, "media.errors.malformed_upload", err)
	}
	res, err := s.Availability.Import(r.Context(), owner(c), formValue(form, "venue"), data, formValue(form, "status"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]int{"events": res.Events, "skipped": res.Skipped, "days": res.Days, "added": res.Added})
	return nil
}

func (s *Server) renewAvailabilityFeed(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	u, err := s.Availability.RenewFeed(r.Context(), owner(c))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, urlReply{URL: &u})
	return nil
}

// serveCalendarFeed answers /calendar/{secret}.ics, on any host and with no
// session: the secret is the credential. Nothing of it may be cached on the
// way, and a renewed secret is a 404 at once.
func (s *Server) serveCalendarFeed(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		s.fail(w, r, notAllowed(w, http.MethodGet, http.MethodHead))
		return
	}
	w.Header().Set("Cache-Control", "private, no-store")
	w.Header().Set("X-Robots-Tag", "noindex")
	name := strings.TrimPrefix(r.URL.Path, "/calendar/")
	body, err := s.Availability.Feed(r.Context(), name, clientip.Of(r))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	w.Header().Set("Content-Disposition", `inline; filename="noces.ics"`)
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodGet {
		_, _ = w.Write(body)
	}
}
