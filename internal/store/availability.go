package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"
)

// Availability statuses and sources (migration 00028's CHECKs).
const (
	AvailabilityBooked      = "booked"
	AvailabilityUnavailable = "unavailable"
	AvailabilityManual      = "manual"
	AvailabilityImport      = "import"
)

// AvailabilityDay is one taken day of a calendar: the company's own
// (VenueID "") or one of its venues'. Day is YYYY-MM-DD; the store does not
// check it, the availability service does.
type AvailabilityDay struct {
	UserID    string    `db:"user_id"`
	VenueID   string    `db:"venue_id"`
	Day       string    `db:"day"`
	Status    string    `db:"status"`
	Source    string    `db:"source"`
	CreatedAt time.Time `db:"created_at"`
}

// availabilityColumns reads venue_id NULL as "".
const availabilityColumns = `user_id, COALESCE(venue_id, '') AS venue_id, day, status, source, created_at`

// calendarWhere selects one calendar: the company's own when venueID is "",
// otherwise the venue's (and only if the company owns it). The two forms
// read the two partial unique indexes of 00028. Arguments $1 and $2.
func calendarWhere(venueID string) (string, []any) {
	if venueID == "" {
		return `user_id = $1 AND venue_id IS NULL`, nil
	}
	return `user_id = $1 AND venue_id = $2`, []any{venueID}
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// ListAvailability returns the taken days of one calendar of company userID
// (venueID "" for the company itself) from from to to, both included
// (YYYY-MM-DD), by day.
func (s *Store) ListAvailability(ctx context.Context, userID, venueID, from, to string) ([]AvailabilityDay, error) {
	where, extra := calendarWhere(venueID)
	n := 1 + len(extra)
	args := append(append([]any{userID}, extra...), from, to)
	out := []AvailabilityDay{}
	err := s.q.SelectContext(ctx, &out, fmt.Sprintf(`SELECT `+availabilityColumns+` FROM availability_days
		WHERE %s AND day >= $%d AND day <= $%d ORDER BY day`, where, n+1, n+2), args...)
	if err != nil {
		return nil, fmt.Errorf("store: list availability: %w", err)
	}
	return out, nil
}

// ListCompanyAvailability returns the taken days of all the calendars of
// company userID (its own and each of its venues') from from to to, by day
// then venue: what its private feed lists.
func (s *Store) ListCompanyAvailability(ctx context.Context, userID, from, to string) ([]AvailabilityDay, error) {
	out := []AvailabilityDay{}
	err := s.q.SelectContext(ctx, &out, `SELECT `+availabilityColumns+` FROM availability_days
		WHERE user_id = $1 AND day >= $2 AND day <= $3 ORDER BY day, COALESCE(venue_id, '')`, userID, from, to)
	if err != nil {
		return nil, fmt.Errorf("store: list company availability: %w", err)
	}
	return out, nil
}

// upsertAvailability writes one day through its calendar's partial unique
// index (00028): a day already taken gets d's status and source when update
// is true and stays as it was otherwise. True when a row was written.
func (s *Store) upsertAvailability(ctx context.Context, d AvailabilityDay, update bool) (bool, error) {
	target := `(user_id, day) WHERE venue_id IS NULL`
	if d.VenueID != "" {
		target = `(user_id, venue_id, day) WHERE venue_id IS NOT NULL`
	}
	action := `DO NOTHING`
	if update {
		action = `DO UPDATE SET status = excluded.status, source = excluded.source`
	}
	res, err := s.exec(ctx, `INSERT INTO availability_days (user_id, venue_id, day, status, source, created_at)
		VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT `+target+` `+action,
		d.UserID, nullable(d.VenueID), d.Day, d.Status, d.Source, d.CreatedAt.UTC())
	if err != nil {
		return false, err
	}
	return affected(res) == 1, nil
}

// SetAvailabilityDay marks one day of a calendar taken with d.Status and
// d.Source, replacing the status of a day already taken (CreatedAt then
// stays the first one). The caller checked that d.VenueID, if any, is
// d.UserID's.
func (s *Store) SetAvailabilityDay(ctx context.Context, d AvailabilityDay) error {
	if _, err := s.upsertAvailability(ctx, d, true); err != nil {
		return fmt.Errorf("store: set availability: %w", err)
	}
	return nil
}

// AddAvailabilityDays marks many days taken in one transaction (an .ics
// import) and returns how many were free before. A day already taken keeps
// its status and source: an import never overrides what the provider set by
// hand.
func (s *Store) AddAvailabilityDays(ctx context.Context, days []AvailabilityDay) (int, error) {
	added := 0
	err := s.InTx(ctx, func(tx *Store) error {
		for _, d := range days {
			ok, err := tx.upsertAvailability(ctx, d, false)
			if err != nil {
				return fmt.Errorf("store: add availability: %w", err)
			}
			if ok {
				added++
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return added, nil
}

// DeleteAvailabilityDay frees one day of a calendar; false when it was
// already free.
func (s *Store) DeleteAvailabilityDay(ctx context.Context, userID, venueID, day string) (bool, error) {
	where, extra := calendarWhere(venueID)
	args := append(append([]any{userID}, extra...), day)
	res, err := s.exec(ctx, fmt.Sprintf(`DELETE FROM availability_days WHERE %s AND day = $%d`, where, len(args)), args...)
	if err != nil {
		return false, fmt.Errorf("store: delete availability: %w", err)
	}
	return affected(res) == 1, nil
}

// IsBusy reports whether one calendar (company userID's own when venueID is
// "", otherwise its venue venueID) has day taken, booked or unavailable
// alike. A venue's days and its owner's own days are separate calendars:
// a venue owner away on a day does not close its venues.
func (s *Store) IsBusy(ctx context.Context, userID, venueID, day string) (bool, error) {
	where, extra := calendarWhere(venueID)
	args := append(append([]any{userID}, extra...), day)
	var n int
	err := s.q.GetContext(ctx, &n, fmt.Sprintf(`SELECT COUNT(*) FROM availability_days WHERE %s AND day = $%d`, where, len(args)), args...)
	if err != nil {
		return false, fmt.Errorf("store: is busy: %w", err)
	}
	return n > 0, nil
}

// Calendar names one calendar: a company's own (VenueID "") or one of its
// venues'.
type Calendar struct {
	UserID  string `db:"user_id"`
	VenueID string `db:"venue_id"`
}

// BusyCalendars returns which of cals have day taken, as IsBusy tells of
// each, in one query however many there are: it reads the day's rows of
// the calendars' companies (a row per calendar at most) and keeps those of
// cals. A venue's days and its owner's own days stay separate calendars.
func (s *Store) BusyCalendars(ctx context.Context, day string, cals []Calendar) (map[Calendar]bool, error) {
	out := make(map[Calendar]bool, len(cals))
	if len(cals) == 0 {
		return out, nil
	}
	asked := make(map[Calendar]bool, len(cals))
	var users []string
	for _, c := range cals {
		asked[c] = true
		users = append(users, c.UserID)
	}
	slices.Sort(users)
	list, args := inList(slices.Compact(users), 1)
	var rows []Calendar
	err := s.q.SelectContext(ctx, &rows, `SELECT user_id, COALESCE(venue_id, '') AS venue_id FROM availability_days
		WHERE day = $1 AND user_id IN (`+list+`)`, append([]any{day}, args...)...)
	if err != nil {
		return nil, fmt.Errorf("store: busy calendars: %w", err)
	}
	for _, r := range rows {
		if asked[r] {
			out[r] = true
		}
	}
	return out, nil
}

// CompaniesBusyOn returns the ids of the companies whose own calendar
// (venue NULL) has day taken, read through the (day, ...) index of 00028.
// Matching drops them from a request for that day; SQL that filters in the
// query instead can say
//
//	NOT EXISTS (SELECT 1 FROM availability_days a
//	            WHERE a.day = <date> AND a.user_id = <company> AND a.venue_id IS NULL)
func (s *Store) CompaniesBusyOn(ctx context.Context, day string) ([]string, error) {
	out := []string{}
	err := s.q.SelectContext(ctx, &out, `SELECT user_id FROM availability_days WHERE day = $1 AND venue_id IS NULL ORDER BY user_id`, day)
	if err != nil {
		return nil, fmt.Errorf("store: companies busy: %w", err)
	}
	return out, nil
}

// VenuesBusyOn returns the ids of the venues whose calendar has day taken
// (a.venue_id = <venue> in the NOT EXISTS form of CompaniesBusyOn).
func (s *Store) VenuesBusyOn(ctx context.Context, day string) ([]string, error) {
	out := []string{}
	err := s.q.SelectContext(ctx, &out, `SELECT venue_id FROM availability_days WHERE day = $1 AND venue_id IS NOT NULL ORDER BY venue_id`, day)
	if err != nil {
		return nil, fmt.Errorf("store: venues busy: %w", err)
	}
	return out, nil
}

// SetAvailabilityFeed makes tokenHash the only secret of company userID's
// feed: the previous one, if any, opens nothing any more.
func (s *Store) SetAvailabilityFeed(ctx context.Context, userID, tokenHash string, now time.Time) error {
	_, err := s.exec(ctx, `INSERT INTO availability_feeds (user_id, token_hash, created_at) VALUES ($1, $2, $3)
		ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at`,
		userID, tokenHash, now.UTC())
	if err != nil {
		return fmt.Errorf("store: set availability feed: %w", err)
	}
	return nil
}

// AvailabilityFeedOwner returns the company whose feed secret hashes to
// tokenHash, or ErrNotFound.
func (s *Store) AvailabilityFeedOwner(ctx context.Context, tokenHash string) (string, error) {
	var id string
	err := s.q.GetContext(ctx, &id, `SELECT user_id FROM availability_feeds WHERE token_hash = $1`, tokenHash)
	if err != nil {
		return "", fmt.Errorf("store: availability feed: %w", notFound(err))
	}
	return id, nil
}

// HasAvailabilityFeed reports whether company userID has a feed, and since
// when (its URL itself cannot be shown again: only its hash is kept).
func (s *Store) HasAvailabilityFeed(ctx context.Context, userID string) (time.Time, bool, error) {
	var at time.Time
	err := s.q.GetContext(ctx, &at, `SELECT created_at FROM availability_feeds WHERE user_id = $1`, userID)
	if err == sql.ErrNoRows {
		return time.Time{}, false, nil
	}
	if err != nil {
		return time.Time{}, false, fmt.Errorf("store: has availability feed: %w", err)
	}
	return at, true, nil
}

// VenueName is a venue's id and name, for the calendar's venue selector and
// the feed's event titles.
type VenueName struct {
	ID   string `db:"id"`
	Name string `db:"name"`
}

// ListOwnedVenueNames returns the venues of ownerID by name.
func (s *Store) ListOwnedVenueNames(ctx context.Context, ownerID string) ([]VenueName, error) {
	out := []VenueName{}
	err := s.q.SelectContext(ctx, &out, `SELECT id, name FROM venues WHERE owner_id = $1 ORDER BY name, id`, ownerID)
	if err != nil {
		return nil, fmt.Errorf("store: venue names: %w", err)
	}
	return out, nil
}
