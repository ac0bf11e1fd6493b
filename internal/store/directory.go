package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/jmoiron/sqlx"

	"noces/internal/model"
)

// The reads the directory's search index (internal/directory/index) is
// built from: the visible listings with what a search filters and sorts
// on, the reference codes, and the rows of one page's cards. What the
// rows mean to a search is the index's business: these return them as
// the tables hold them.

// DirectoryRows are the rows of some users' listings, as ListDirectoryRows
// reads them. The planners and venues are the visible ones only; the
// other rows are those of the users asked for, whether their listings
// are visible or not.
type DirectoryRows struct {
	Planners  []DirectoryPlanner
	Venues    []DirectoryVenue
	Services  []DirectoryService
	Languages []DirectoryLanguage
	Features  []DirectoryVenueFeature
	Reviews   []DirectoryReviews
	Busy      []DirectoryBusyDay
}

// DirectoryPlanner is a visible planner's company and premium.
type DirectoryPlanner struct {
	UserID    string           `db:"user_id"`
	Name      string           `db:"name"`
	Country   string           `db:"country_code"`
	Latitude  sql.NullFloat64  `db:"latitude"`
	Longitude sql.NullFloat64  `db:"longitude"`
	Score     int              `db:"profile_score"`
	Premium   DirectoryPremium `db:"u"`
}

// DirectoryVenue is a visible venue and its owner's premium.
type DirectoryVenue struct {
	ID        string           `db:"id"`
	OwnerID   string           `db:"owner_id"`
	Name      string           `db:"name"`
	Type      string           `db:"type"`
	Country   string           `db:"country_code"`
	Latitude  sql.NullFloat64  `db:"latitude"`
	Longitude sql.NullFloat64  `db:"longitude"`
	Seated    int              `db:"seated_capacity"`
	MinPrice  int              `db:"min_price"`
	Bedrooms  sql.NullInt64    `db:"bedrooms"`
	Premium   DirectoryPremium `db:"u"`
}

// DirectoryPremium is a listing's owner's premium status and its end.
type DirectoryPremium struct {
	Status string       `db:"premium_status"`
	End    sql.NullTime `db:"premium_end_at"`
}

// DirectoryService is one of a planner's services (company_prestations).
type DirectoryService struct {
	UserID string        `db:"user_id"`
	ID     int           `db:"prestation_id"`
	Budget sql.NullInt64 `db:"budget_starting_from"`
	Shown  bool          `db:"is_budget_visible"`
}

// DirectoryLanguage is a langue a planner speaks (company_langues).
type DirectoryLanguage struct {
	UserID string `db:"user_id"`
	ID     int    `db:"langue_id"`
}

// DirectoryVenueFeature is a feature a venue offers (venue_features).
type DirectoryVenueFeature struct {
	VenueID string `db:"venue_id"`
	Feature string `db:"feature"`
}

// DirectoryReviews are the approved reviews of a provider: their count
// and the sum of their ratings.
type DirectoryReviews struct {
	UserID string `db:"user_id"`
	Count  int64  `db:"n"`
	Sum    int64  `db:"total"`
}

// DirectoryBusyDay is a day a calendar has taken (availability_days): a
// planner's own (VenueID null) or a venue's.
type DirectoryBusyDay struct {
	UserID  string         `db:"user_id"`
	VenueID sql.NullString `db:"venue_id"`
	Day     string         `db:"day"`
}

// premiumColumns read into a row's Premium field.
const premiumColumns = `u.premium_status AS "u.premium_status", u.premium_end_at AS "u.premium_end_at"`

// ListDirectoryRows reads the listings of the given users, or of every
// user when users is nil, on the pool: the change feed's counter is read
// there too, and rows read after it are at least as new.
func (s *Store) ListDirectoryRows(ctx context.Context, users []string) (DirectoryRows, error) {
	var out DirectoryRows
	if users != nil && len(users) == 0 {
		return out, nil
	}
	// A few hundred users a query: placeholders are limited, and a long
	// list gains nothing.
	const chunk = 500
	for start := 0; start == 0 || start < len(users); start += chunk {
		var args []any
		in := func(col string) string { return "" }
		if users != nil {
			var list string
			list, args = inList(users[start:min(start+chunk, len(users))], 0)
			in = func(col string) string { return " AND " + col + " IN (" + list + ")" }
		}
		for _, read := range []func() error{
			func() error {
				return appendRows(ctx, s.db, &out.Planners, "", `SELECT c.user_id, c.name, c.country_code, c.latitude, c.longitude,
					c.profile_score, `+premiumColumns+` FROM companies c JOIN users u ON u.id = c.user_id
					WHERE `+visibleProvider+in("c.user_id"), args)
			},
			func() error {
				return appendRows(ctx, s.db, &out.Services, " services", `SELECT x.user_id, x.prestation_id, x.budget_starting_from,
					x.is_budget_visible FROM company_prestations x WHERE TRUE`+in("x.user_id"), args)
			},
			func() error {
				return appendRows(ctx, s.db, &out.Languages, " languages", `SELECT x.user_id, x.langue_id
					FROM company_langues x WHERE TRUE`+in("x.user_id"), args)
			},
			func() error {
				return appendRows(ctx, s.db, &out.Venues, " venues", `SELECT v.id, v.owner_id, v.name, v.type, v.country_code,
					v.latitude, v.longitude, v.seated_capacity, v.min_price, v.bedrooms, `+premiumColumns+`
					FROM venues v JOIN users u ON u.id = v.owner_id WHERE `+visibleVenue+in("v.owner_id"), args)
			},
			func() error {
				return appendRows(ctx, s.db, &out.Features, " venue features", `SELECT f.venue_id, f.feature FROM venue_features f
					JOIN venues v ON v.id = f.venue_id WHERE TRUE`+in("v.owner_id"), args)
			},
			func() error {
				return appendRows(ctx, s.db, &out.Reviews, " reviews", `SELECT x.provider_id AS user_id, COUNT(*) AS n,
					SUM(x.rating) AS total FROM reviews x WHERE x.status = 'approved'`+in("x.provider_id")+` GROUP BY x.provider_id`, args)
			},
			// The taken days (migration 28), a change-feed table since 32.
			func() error {
				return appendRows(ctx, s.db, &out.Busy, " availability", `SELECT x.user_id, x.venue_id, x.day
					FROM availability_days x WHERE TRUE`+in("x.user_id"), args)
			},
		} {
			if err := read(); err != nil {
				return DirectoryRows{}, err
			}
		}
		if users == nil {
			break
		}
	}
	return out, nil
}

// appendRows appends the rows of query to the slice dest points to:
// ListDirectoryRows reads in chunks.
func appendRows[T any](ctx context.Context, db *sqlx.DB, dest *[]T, what, query string, args []any) error {
	var rows []T
	if err := db.SelectContext(ctx, &rows, query, args...); err != nil {
		return fmt.Errorf("store: read directory%s: %w", what, err)
	}
	*dest = append(*dest, rows...)
	return nil
}

// DirectoryCodes are the reference tables a search names its filters by:
// prestation types and langue codes, to their ids.
type DirectoryCodes struct {
	Services, Languages map[string]int
}

// ListDirectoryCodes reads the prestation types and langue codes.
func (s *Store) ListDirectoryCodes(ctx context.Context) (DirectoryCodes, error) {
	out := DirectoryCodes{Services: map[string]int{}, Languages: map[string]int{}}
	for _, ref := range []struct {
		query string
		ids   map[string]int
	}{{`SELECT type AS code, id FROM prestations`, out.Services}, {`SELECT code, id FROM langues`, out.Languages}} {
		var rows []struct {
			Code string `db:"code"`
			ID   int    `db:"id"`
		}
		if err := s.db.SelectContext(ctx, &rows, ref.query); err != nil {
			return DirectoryCodes{}, fmt.Errorf("store: read directory codes: %w", err)
		}
		for _, r := range rows {
			ref.ids[r.Code] = r.ID
		}
	}
	return out, nil
}

// ProviderCardRow is what a planner's search card shows of its rows.
type ProviderCardRow struct {
	UserID       string   `db:"user_id"`
	Name         string   `db:"name"`
	Slug         string   `db:"slug"`
	City         string   `db:"city"`
	CountryCode  string   `db:"country_code"`
	Latitude     *float64 `db:"latitude"`
	Longitude    *float64 `db:"longitude"`
	AvatarKey    string   `db:"avatar_key"`
	ProfileScore int      `db:"profile_score"`
	// Photo is the first visible photo of the planner's gallery, the
	// card's picture when there is no AvatarKey; nil without one.
	Photo *CardPhoto `db:"-"`
}

// CardPhoto is a gallery photo as a card shows it: its two files with
// their sizes (the search does not read byte_size), and its title.
type CardPhoto struct {
	model.ImageFile
	Title string `db:"title"`
}

// ListProviderCardRows reads the card rows of the given planners, in no
// particular order; a planner deleted meanwhile has none.
func (s *Store) ListProviderCardRows(ctx context.Context, ids []string) ([]ProviderCardRow, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	list, args := inList(ids, 0)
	type row struct {
		ProviderCardRow
		Photo sql.NullString `db:"photo_key"`
		CardPhoto
	}
	var rows []row
	// One query for the page: the planners' rows, each with its first
	// visible gallery photo (gallery order, as its page shows them),
	// found through images_owner. Its text is the same for every full
	// page: prepared once (selectHot), it is not parsed again for each
	// new page, which cost as much as running it.
	query := `SELECT c.user_id, c.name, c.slug, c.city, c.country_code, c.latitude, c.longitude,
		u.avatar_key, c.profile_score, i.image_key AS photo_key, COALESCE(i.image_key, '') AS image_key, COALESCE(i.width, 0) AS width,
		COALESCE(i.height, 0) AS height, COALESCE(i.thumb_key, '') AS thumb_key, COALESCE(i.thumb_width, 0) AS thumb_width,
		COALESCE(i.thumb_height, 0) AS thumb_height, COALESCE(i.title, '') AS title
		FROM companies c JOIN users u ON u.id = c.user_id
		LEFT JOIN images i ON i.id = (SELECT x.id FROM images x WHERE x.owner_id = c.user_id AND x.venue_id IS NULL
			AND x.is_visible = TRUE ORDER BY ` + galleryOrder + ` LIMIT 1)
		WHERE c.user_id IN (` + list + `)`
	if err := s.selectHot(ctx, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("store: search directory: %w", err)
	}
	out := make([]ProviderCardRow, len(rows))
	for i, r := range rows {
		out[i] = r.ProviderCardRow
		if r.Photo.Valid && r.AvatarKey == "" {
			photo := r.CardPhoto
			out[i].Photo = &photo
		}
	}
	return out, nil
}

// selectHot is SelectContext through the statement of query prepared once
// on the pool (prepared.go), for a query run for many requests with a few
// texts; inside a transaction it is a plain query on its connection.
func (s *Store) selectHot(ctx context.Context, dest any, query string, args ...any) error {
	if s.inTx {
		return s.q.SelectContext(ctx, dest, query, args...)
	}
	stmt, err := s.stmts.get(ctx, s.db.DB, query)
	if err != nil {
		return err
	}
	rows, err := stmt.QueryContext(ctx, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	return sqlx.StructScan(&sqlx.Rows{Rows: rows, Mapper: s.db.Mapper}, dest)
}
