// Package availability holds the providers' calendars, so that no one is
// sent a request for a day already taken: the days
// a planner, or each venue of a venue owner, is booked or unavailable, set
// by hand or imported from an .ics file, and the private .ics feed that
// lists them in the provider's own calendar app.
//
// Choices:
//   - A planner has one calendar, its company's. A venue owner has one per
//     venue; with no venue yet it has its company's, like a planner. With
//     one venue the venue is implied; with several a write must name it.
//   - One feed per company, listing all its calendars (a venue's days say
//     the venue's name): one URL to subscribe to, one to renew.
//   - Writes are limited to [today-1y, today+3y]; a read spans at most
//     MaxRangeDays. An import keeps the days of that window and never
//     overrides a day set by hand.
package availability

import (
	"context"
	"errors"
	"fmt"
	"time"
	_ "time/tzdata" // TZIDs of imported files, on a bare image too

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/hosts"
	"noces/internal/i18n"
	"noces/internal/model"
	"noces/internal/ratelimit"
	"noces/internal/store"
)

// Rate limits. A month of clicks is a few dozen writes; an import or a
// renewal is rare; calendar apps poll a feed every 15 minutes to a day.
var (
	writeRule  = ratelimit.Rule{Max: 600, Window: time.Hour}
	importRule = ratelimit.Rule{Max: 20, Window: time.Hour}
	renewRule  = ratelimit.Rule{Max: 20, Window: time.Hour}
	feedRule   = ratelimit.Rule{Max: 240, Window: time.Hour}
)

// MaxRangeDays is the longest range one read returns (a year and a month
// of slack around a month grid).
const MaxRangeDays = 400

// Deps are what the service needs; app builds them.
type Deps struct {
	Store *store.Store
	Clock clock.Clock
	Links hosts.ProLinks
	Texts *i18n.Bundle
	// Limiter bounds writes, imports and renewals per company and feed
	// reads per address.
	Limiter *ratelimit.Limiter
	// Zone is the time zone imported UTC times are read in and "today" is
	// taken in; nil is Europe/Paris, the platform's.
	Zone *time.Location
	// Gate bounds the imports running at once; nil is the process's.
	Gate *Gate
}

// Service runs the calendars.
type Service struct {
	Deps
}

// NewService returns the availability service.
func NewService(d Deps) (*Service, error) {
	if d.Store == nil || d.Links == nil || d.Texts == nil || d.Limiter == nil {
		return nil, errors.New("availability: store, links, texts and limiter are required")
	}
	if d.Clock == nil {
		d.Clock = clock.System{}
	}
	if d.Gate == nil {
		d.Gate = defaultGate
	}
	if d.Zone == nil {
		z, err := time.LoadLocation("Europe/Paris")
		if err != nil {
			return nil, err
		}
		d.Zone = z
	}
	return &Service{Deps: d}, nil
}

// Owner is who asks: the company and its role.
type Owner struct {
	UserID string
	Role   string
}

// Day is one taken day of a calendar.
type Day struct {
	Date   string
	Status string
	Source string
}

// Calendar is one calendar's days over a range, with what the screen needs
// around them.
type Calendar struct {
	// VenueID is the calendar read: "" for the company's own.
	VenueID string
	From    string
	To      string
	Days    []Day
	// MinDate and MaxDate bound the days that may be changed.
	MinDate, MaxDate string
	// Venues are the owner's venues, for a venue owner's selector.
	Venues []store.VenueName
	// FeedSince is when the feed's secret was made; zero without a feed.
	FeedSince time.Time
}

// ImportResult tells how an import went.
type ImportResult struct {
	Events  int
	Skipped int
	Days    int
	Added   int
}

func (s *Service) today() time.Time {
	n := s.Clock.Now().In(s.Zone)
	return time.Date(n.Year(), n.Month(), n.Day(), 0, 0, 0, 0, time.UTC)
}

// writeWindow is the range of days that may be set, both included.
func (s *Service) writeWindow() (string, string) {
	t := s.today()
	return t.AddDate(-1, 0, 0).Format(time.DateOnly), t.AddDate(3, 0, 0).Format(time.DateOnly)
}

// parseDate reads a YYYY-MM-DD date; only the canonical form is accepted,
// so the text stored compares as the date.
func parseDate(v string) (time.Time, bool) {
	t, err := time.Parse(time.DateOnly, v)
	return t, err == nil && t.Format(time.DateOnly) == v
}

// calendar resolves the venue asked for to a calendar of o: "" (the
// company's) or one of its venues. Another company's venue, or any venue
// for a planner, is NotFound. An owner of several venues must name one to
// write; a read without one shows the first (by name), so the screen opens
// on a calendar and learns the venues to choose from.
func (s *Service) calendar(ctx context.Context, o Owner, venueID string, read bool) (string, []store.VenueName, error) {
	if o.Role != model.RoleVenue {
		if venueID != "" {
			return "", nil, apperr.New(apperr.NotFound, "availability.errors.venue_not_found")
		}
		return "", nil, nil
	}
	venues, err := s.Store.ListOwnedVenueNames(ctx, o.UserID)
	if err != nil {
		return "", nil, err
	}
	if venueID == "" {
		switch len(venues) {
		case 0:
			return "", venues, nil
		case 1:
			return venues[0].ID, venues, nil
		}
		if read {
			return venues[0].ID, venues, nil
		}
		return "", venues, apperr.Validation(map[string]string{"venue": "availability.errors.venue_required"})
	}
	for _, v := range venues {
		if v.ID == venueID {
			return venueID, venues, nil
		}
	}
	return "", nil, apperr.New(apperr.NotFound, "availability.errors.venue_not_found")
}

// List returns one calendar of o from from to to (YYYY-MM-DD, both
// included, at most MaxRangeDays apart).
func (s *Service) List(ctx context.Context, o Owner, venueID, from, to string) (Calendar, error) {
	f, okF := parseDate(from)
	t, okT := parseDate(to)
	fields := apperr.Fields{}
	if !okF {
		fields.Add("from", "availability.errors.date_invalid")
	}
	if !okT {
		fields.Add("to", "availability.errors.date_invalid")
	}
	if okF && okT && (t.Before(f) || t.Sub(f) > (MaxRangeDays-1)*24*time.Hour) {
		fields.Add("to", "availability.errors.range_invalid")
	}
	if err := fields.Err(); err != nil {
		return Calendar{}, &apperr.Error{Kind: apperr.Invalid, Code: "errors.validation", Fields: fields,
			Args: []string{"max", fmt.Sprint(MaxRangeDays)}}
	}
	venue, venues, err := s.calendar(ctx, o, venueID, true)
	if err != nil {
		return Calendar{}, err
	}
	rows, err := s.Store.ListAvailability(ctx, o.UserID, venue, from, to)
	if err != nil {
		return Calendar{}, err
	}
	c := Calendar{VenueID: venue, From: from, To: to, Days: make([]Day, 0, len(rows)), Venues: venues}
	if c.Venues == nil {
		c.Venues = []store.VenueName{}
	}
	c.MinDate, c.MaxDate = s.writeWindow()
	for _, r := range rows {
		c.Days = append(c.Days, Day{Date: r.Day, Status: r.Status, Source: r.Source})
	}
	if since, ok, err := s.Store.HasAvailabilityFeed(ctx, o.UserID); err != nil {
		return Calendar{}, err
	} else if ok {
		c.FeedSince = since
	}
	return c, nil
}

// checkDay validates a day to change: its form and the write window.
func (s *Service) checkDay(day string) error {
	if _, ok := parseDate(day); !ok {
		return apperr.Validation(map[string]string{"date": "availability.errors.date_invalid"})
	}
	lo, hi := s.writeWindow()
	if day < lo || day > hi {
		return &apperr.Error{Kind: apperr.Invalid, Code: "errors.validation",
			Fields: map[string]string{"date": "availability.errors.date_out_of_range"}, Args: []string{"from", lo, "to", hi}}
	}
	return nil
}

// Set marks one day of a calendar booked or unavailable.
func (s *Service) Set(ctx context.Context, o Owner, venueID, day, status string) (Day, error) {
	if err := s.checkDay(day); err != nil {
		return Day{}, err
	}
	if status != store.AvailabilityBooked && status != store.AvailabilityUnavailable {
		return Day{}, apperr.Validation(map[string]string{"status": "availability.errors.status_invalid"})
	}
	venue, _, err := s.calendar(ctx, o, venueID, false)
	if err != nil {
		return Day{}, err
	}
	if err := s.Limiter.Allow(ctx, "availability:write:"+o.UserID, writeRule); err != nil {
		return Day{}, err
	}
	d := store.AvailabilityDay{UserID: o.UserID, VenueID: venue, Day: day, Status: status,
		Source: store.AvailabilityManual, CreatedAt: s.Clock.Now()}
	if err := s.Store.SetAvailabilityDay(ctx, d); err != nil {
		return Day{}, err
	}
	return Day{Date: day, Status: status, Source: store.AvailabilityManual}, nil
}

// Free makes one day of a calendar free again; freeing a free day is no
// error (the calendar is as asked).
func (s *Service) Free(ctx context.Context, o Owner, venueID, day string) error {
	if err := s.checkDay(day); err != nil {
		return err
	}
	venue, _, err := s.calendar(ctx, o, venueID, false)
	if err != nil {
		return err
	}
	if err := s.Limiter.Allow(ctx, "availability:write:"+o.UserID, writeRule); err != nil {
		return err
	}
	_, err = s.Store.DeleteAvailabilityDay(ctx, o.UserID, venue, day)
	return err
}

// Import marks the days of an .ics file's events taken with status, within
// the write window. A day already taken keeps what it had. Only a provider
// who finished onboarding imports; imports wait for a slot of the Gate and
// are refused with 503 when none frees in time.
func (s *Service) Import(ctx context.Context, o Owner, venueID string, data []byte, status string) (ImportResult, error) {
	if len(data) > MaxImportBytes {
		return ImportResult{}, apperr.New(apperr.TooLarge, "availability.errors.file_too_large")
	}
	if status == "" {
		status = store.AvailabilityBooked
	}
	if status != store.AvailabilityBooked && status != store.AvailabilityUnavailable {
		return ImportResult{}, apperr.Validation(map[string]string{"status": "availability.errors.status_invalid"})
	}
	u, err := s.Store.GetUser(ctx, o.UserID)
	if err != nil {
		return ImportResult{}, err
	}
	if !u.HasFinishedOnboarding {
		return ImportResult{}, apperr.New(apperr.Forbidden, "availability.errors.onboarding_required")
	}
	venue, _, err := s.calendar(ctx, o, venueID, false)
	if err != nil {
		return ImportResult{}, err
	}
	if err := s.Limiter.Allow(ctx, "availability:import:"+o.UserID, importRule); err != nil {
		return ImportResult{}, err
	}
	release, err := s.Gate.Enter(ctx)
	if errors.Is(err, ErrBusy) {
		return ImportResult{}, &apperr.Error{Kind: apperr.Unavailable, Code: "availability.errors.busy", RetryAfter: BusyRetryAfter, Err: err}
	} else if err != nil {
		return ImportResult{}, err
	}
	lo, hi := s.writeWindow()
	p, err := ParseICS(ctx, data, lo, hi, s.Zone)
	release()
	switch {
	case ctx.Err() != nil:
		return ImportResult{}, ctx.Err()
	case errors.Is(err, ErrTooManyEvents):
		return ImportResult{}, &apperr.Error{Kind: apperr.Invalid, Code: "errors.validation",
			Fields: map[string]string{"file": "availability.errors.too_many_events"}, Args: []string{"max", fmt.Sprint(MaxImportEvents)}}
	case errors.Is(err, ErrTooManyRepeats):
		return ImportResult{}, apperr.Validation(map[string]string{"file": "availability.errors.too_many_repeats"})
	case err != nil:
		return ImportResult{}, &apperr.Error{Kind: apperr.Invalid, Code: "errors.validation",
			Fields: map[string]string{"file": "availability.errors.not_calendar"}, Err: err}
	}
	now := s.Clock.Now()
	rows := make([]store.AvailabilityDay, len(p.Days))
	for i, d := range p.Days {
		rows[i] = store.AvailabilityDay{UserID: o.UserID, VenueID: venue, Day: d, Status: status,
			Source: store.AvailabilityImport, CreatedAt: now}
	}
	added, err := s.Store.AddAvailabilityDays(ctx, rows)
	if err != nil {
		return ImportResult{}, err
	}
	return ImportResult{Events: p.Events, Skipped: p.Skipped, Days: len(p.Days), Added: added}, nil
}
