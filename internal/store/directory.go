package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync/atomic"
	"time"

	"github.com/jmoiron/sqlx"

	"noces/internal/model"
)

// kmPerDegree is the length of a degree of latitude.
const kmPerDegree = 111.2

// DirectoryQuery filters and pages the public directory.
type DirectoryQuery struct {
	Country     string
	ServiceType string   // a prestation type; "" for any
	Languages   []string // speaks at least one of these codes; empty for any
	MaxBudget   int64    // a starting budget at most this, in euros; 0 for any
	// MinRating keeps the planners whose approved reviews average this
	// many tenths of a star or more (45 for 4.5), rounded to a tenth as
	// the card shows it; 0 for any.
	MinRating int
	// Date (YYYY-MM-DD), when set, leaves out the planners whose own
	// calendar has it booked or unavailable (availability_days); a text
	// that is no date filters nothing.
	Date string
	// Near, when set, keeps listings within RadiusKm of (Lat, Lng).
	Near     bool
	Lat, Lng float64
	RadiusKm float64
	Limit    int
	Offset   int
	Now      time.Time
}

// ProviderCard is one planner in the directory's results.
type ProviderCard struct {
	UserID       string   `db:"user_id"`
	Name         string   `db:"name"`
	Slug         string   `db:"slug"`
	City         string   `db:"city"`
	CountryCode  string   `db:"country_code"`
	Latitude     *float64 `db:"latitude"`
	Longitude    *float64 `db:"longitude"`
	AvatarKey    string   `db:"avatar_key"`
	IsPremium    bool     `db:"is_premium"`
	ProfileScore int      `db:"profile_score"`
	DistanceKm   *float64 `db:"-"`
	// Photo is the first visible photo of the planner's gallery, the
	// card's picture when there is no AvatarKey; nil without one.
	Photo *CardPhoto `db:"-"`
	// What the index holds of the planner (directory_index.go), read from
	// it rather than from rows: the prestation types and langue codes, in
	// the order of their ids; the lowest starting budget shown (0: none);
	// the approved reviews' count and rounded average (ReviewFacts).
	Services  []string    `db:"-"`
	Languages []string    `db:"-"`
	MinBudget int64       `db:"-"`
	Reviews   ReviewFacts `db:"-"`
}

// CardPhoto is a gallery photo as a card shows it: its two files with
// their sizes (the search does not read byte_size), and its title.
type CardPhoto struct {
	model.ImageFile
	Title string `db:"title"`
}

// ReviewFacts are a listing's approved reviews as its card shows them.
type ReviewFacts struct {
	Count int
	// Tenths is the average rating in tenths of a star, rounded (47 for
	// 4.66): the figure the rating filter compares too.
	Tenths int
}

// SearchPage is one page of a directory search: its cards, the total, and
// what callers keep of this answer (nil when it is not kept).
type SearchPage[C any] struct {
	Cards      []C
	Total      int
	Renderings *Renderings
}

// SearchProviders is SearchProvidersPage's cards and total.
func (s *Store) SearchProviders(ctx context.Context, q DirectoryQuery) ([]ProviderCard, int, error) {
	p, err := s.SearchProvidersPage(ctx, q)
	return p.Cards, p.Total, err
}

// SearchProvidersPage returns one page of visible planners, premium first,
// then nearest (when a place is given), then most complete, with the
// total. The matches come from the directory's index (directory_index.go);
// only the page's rows are read from the database, and kept with the
// index's answer for the searches that ask it again before the directory
// changes. The cards are shared: callers must not change them.
func (s *Store) SearchProvidersPage(ctx context.Context, q DirectoryQuery) (SearchPage[ProviderCard], error) {
	x, err := s.directory(ctx)
	if err != nil {
		return SearchPage[ProviderCard]{}, err
	}
	page := s.dir.searchPlanners(x, q)
	return answerPage(s, page, len(page.planners), &page.plannerCards, func() ([]ProviderCard, error) {
		ids := make([]string, len(page.planners))
		for i, p := range page.planners {
			ids[i] = p.UserID
		}
		list, args := inList(ids, 0)
		type row struct {
			ProviderCard
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
		err := s.selectHot(ctx, &rows, query, args...)
		if err != nil {
			return nil, fmt.Errorf("store: search directory: %w", err)
		}
		byID := make(map[string]ProviderCard, len(rows))
		for _, r := range rows {
			c := r.ProviderCard
			if r.Photo.Valid && c.AvatarKey == "" {
				photo := r.CardPhoto
				c.Photo = &photo
			}
			byID[c.UserID] = c
		}
		cards := make([]ProviderCard, 0, len(page.planners))
		for i, p := range page.planners {
			c, ok := byID[p.UserID]
			if !ok {
				continue // deleted since the index was read
			}
			c.IsPremium = page.hits[i].premium
			c.Services, c.Languages = x.codes(x.serviceIDs, p.services), x.codes(x.languageIDs, p.languages)
			c.MinBudget, c.Reviews = p.shownBudget, ReviewFacts{Count: int(p.reviews.count), Tenths: int(p.reviews.rating)}
			if q.Near && c.Latitude != nil && c.Longitude != nil {
				d := DistanceKm(q.Lat, q.Lng, *c.Latitude, *c.Longitude)
				c.DistanceKm = &d
			}
			cards = append(cards, c)
		}
		return cards, nil
	})
}

// answerPage is the SearchPage of an answer of the index that found
// listings on its page: its cards are those kept in it, else those read,
// which it then keeps. Inside a transaction the rows may hold its writes,
// uncommitted: they are read and not kept.
func answerPage[C any](s *Store, page *cachedPage, found int, kept *atomic.Pointer[[]C], read func() ([]C, error)) (SearchPage[C], error) {
	out := SearchPage[C]{Total: page.total, Renderings: s.renderings(page)}
	switch cards := kept.Load(); {
	case found == 0:
	case cards != nil && !s.inTx:
		out.Cards = *cards
	default:
		cards, err := read()
		if err != nil {
			return SearchPage[C]{}, err
		}
		if !s.inTx {
			kept.Store(&cards)
		}
		out.Cards = cards
	}
	return out, nil
}

// DistanceKm is the great-circle distance between two points.
func DistanceKm(lat1, lng1, lat2, lng2 float64) float64 {
	const r = 6371.0
	p1, p2 := lat1*math.Pi/180, lat2*math.Pi/180
	dp, dl := (lat2-lat1)*math.Pi/180, (lng2-lng1)*math.Pi/180
	a := math.Sin(dp/2)*math.Sin(dp/2) + math.Cos(p1)*math.Cos(p2)*math.Sin(dl/2)*math.Sin(dl/2)
	return 2 * r * math.Asin(math.Sqrt(a))
}

// codes returns the codes of ids whose bit is set in set, in the order of
// their ids (the order of the reference tables).
func (t *directoryTables) codes(ids map[string]int, set uint64) []string {
	if set == 0 {
		return nil
	}
	out := make([]string, 0, bits.OnesCount64(set))
	for code, id := range ids {
		if set&(1<<id) != 0 {
			out = append(out, code)
		}
	}
	slices.SortFunc(out, func(a, b string) int { return cmp.Compare(ids[a], ids[b]) })
	return out
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
