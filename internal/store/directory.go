package store

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
)

// kmPerDegree is the length of a degree of latitude.
const kmPerDegree = 111.2

// DirectoryQuery filters and pages the public directory.
type DirectoryQuery struct {
	Country     string
	ServiceType string   // a prestation type; "" for any
	Languages   []string // speaks at least one of these codes; empty for any
	MaxBudget   int64    // a starting budget at most this, in euros; 0 for any
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
}

// visibleProvider is the condition for a planner to be public: moderated,
// not deleted, and in France a SIRET the register (or an admin) confirmed.
const visibleProvider = `u.role = 'ROLE_PRESTATAIRE' AND u.is_moderated = TRUE AND u.deleted_at IS NULL
	AND (c.country_code <> 'FR' OR c.siret_status = 'active')`

// premiumRank is 1 for a premium listing at now (a placeholder), else 0.
func premiumRank(now string) string {
	return `CASE WHEN ` + premiumCond(now) + ` THEN 1 ELSE 0 END`
}

// SearchProviders returns one page of visible planners, premium first, then
// nearest (when a place is given), then most complete, with the total.
//
// Distance uses the equirectangular approximation, under 1% off at these
// radii, written in plain arithmetic so both engines run the same SQL and an
// index on (country_code, latitude) narrows the scan to a band first.
//
// With 100,000 providers a search must read as few rows as it can, from
// indexes made for it (migration 00008; figures in bench/README.md):
//
//   - Near a place, the matches are the band's: one query reads them once,
//     counts them with window functions and sorts them for the page.
//   - Elsewhere, one query counts the matches and the premium ones among them,
//     and the page is cut from the premium matches and from the others
//     separately, each ordered by profile_score DESC, name, user_id. When
//     matches are common that order is an index the engine walks from the
//     top, stopping once the page is full; when they are rare (a language, a
//     budget, deep pages of the few premium listings) it gathers them and
//     sorts them instead.
//
// SQLite plans without statistics, so the join order is written out with
// CROSS JOIN, which it keeps; PostgreSQL reads it as the inner join it is and
// plans by cost.
func (s *Store) SearchProviders(ctx context.Context, q DirectoryQuery) ([]ProviderCard, int, error) {
	args := []any{q.Country}
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	where := []string{`u.role = 'ROLE_PRESTATAIRE'`, `u.is_moderated = TRUE`, `u.deleted_at IS NULL`, `c.country_code = $1`}
	if q.Country == "FR" {
		// visibleProvider's SIRET rule, as an equality an index can use.
		where = append(where, `c.siret_status = 'active'`)
	}
	// Each filter comes in two forms with the same placeholders. "in" gathers
	// the matching providers from the filter's own index first, which pays
	// when most of them are read; "exists" looks one row up when it comes,
	// which pays when few rows are read.
	var exists, in []string
	filter := func(from string) {
		exists = append(exists, `EXISTS (SELECT 1 `+from+` AND x.user_id = u.id)`)
		in = append(in, `u.id IN (SELECT x.user_id `+from+`)`)
	}
	if q.ServiceType != "" {
		filter(`FROM company_prestations x JOIN prestations p ON p.id = x.prestation_id WHERE p.type = ` + arg(q.ServiceType) +
			budgetCond(q.MaxBudget, arg))
	} else if q.MaxBudget > 0 {
		// prestation_id > 0 holds for every row: it gives the budget a WHERE to follow.
		filter(`FROM company_prestations x WHERE x.prestation_id > 0` + budgetCond(q.MaxBudget, arg))
	}
	if len(q.Languages) > 0 {
		codes := make([]string, len(q.Languages))
		for i, code := range q.Languages {
			codes[i] = arg(code)
		}
		filter(`FROM company_langues x JOIN langues l ON l.id = x.langue_id WHERE l.code IN (` + strings.Join(codes, ", ") + `)`)
	}
	cond := func(filters []string) string { return strings.Join(append(slices.Clip(where), filters...), " AND ") }
	const columns = `c.user_id, c.name, c.slug, c.city, c.country_code, c.latitude, c.longitude, u.avatar_key, c.profile_score`
	if q.Near {
		return s.searchProvidersNear(ctx, q, &args, where, exists, columns)
	}
	premium := premiumCond(arg(q.Now))
	n := len(args) // the placeholders every query below uses; a page adds its limit and offset

	var counts struct {
		Total   int `db:"total"`
		Premium int `db:"premium"`
	}
	err := s.q.GetContext(ctx, &counts, `SELECT COUNT(*) AS total, COALESCE(SUM(CASE WHEN `+premium+` THEN 1 ELSE 0 END), 0) AS premium
		FROM users u CROSS JOIN companies c WHERE u.id = c.user_id AND `+cond(in), args...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: count directory: %w", err)
	}
	// page reads limit rows from offset of the premium matches or of the others.
	page := func(isPremium bool, limit, offset, size int) ([]ProviderCard, error) {
		// The walk reads about (offset+limit)*total/size rows to fill the
		// page, gathering and sorting about size: walk when that is less than half.
		walk := 2*int64(offset+limit)*int64(counts.Total) <= int64(size)*int64(size)
		from, filters := "users u CROSS JOIN companies c", in
		if walk {
			from, filters = "companies c CROSS JOIN users u", exists
		}
		match, flag := premium, "TRUE"
		if !isPremium {
			match, flag = "NOT ("+premium+")", "FALSE"
		}
		// The page's ids come from indexes alone; only its rows are read in full.
		var cards []ProviderCard
		err := s.q.SelectContext(ctx, &cards, `SELECT `+columns+`, `+flag+` AS is_premium FROM (SELECT c.user_id FROM `+from+`
			WHERE u.id = c.user_id AND `+cond(filters)+` AND `+match+`
			ORDER BY c.profile_score DESC, c.name, c.user_id`+fmt.Sprintf(" LIMIT $%d OFFSET $%d", n+1, n+2)+`) pg
			JOIN companies c ON c.user_id = pg.user_id JOIN users u ON u.id = c.user_id
			ORDER BY c.profile_score DESC, c.name, c.user_id`, append(slices.Clip(args), limit, offset)...)
		return cards, err
	}
	var cards []ProviderCard
	if q.Limit > 0 && q.Offset < counts.Premium {
		cards, err = page(true, min(q.Limit, counts.Premium-q.Offset), q.Offset, counts.Premium)
		if err != nil {
			return nil, 0, fmt.Errorf("store: search directory: %w", err)
		}
	}
	others := counts.Total - counts.Premium
	if need, offset := q.Limit-len(cards), max(0, q.Offset-counts.Premium); need > 0 && offset < others {
		more, err := page(false, need, offset, others)
		if err != nil {
			return nil, 0, fmt.Errorf("store: search directory: %w", err)
		}
		cards = append(cards, more...)
	}
	return cards, counts.Total, nil
}

// searchProvidersNear is SearchProviders near a place: the matches are
// those of a band around it, read once, counted with window functions and
// sorted for the page.
func (s *Store) searchProvidersNear(ctx context.Context, q DirectoryQuery, argp *[]any,
	where, exists []string, columns string) ([]ProviderCard, int, error) {
	arg := func(v any) string {
		*argp = append(*argp, v)
		return fmt.Sprintf("$%d", len(*argp))
	}
	distance := nearWhere(&where, "c", q.Lat, q.Lng, q.RadiusKm, arg)
	filterArgs := len(*argp) // the placeholders of the conditions; now comes after
	rank := premiumRank(arg(q.Now))
	args := *argp
	from := ` FROM companies c CROSS JOIN users u WHERE u.id = c.user_id AND ` + strings.Join(append(where, exists...), " AND ")
	n := len(args)
	var rows []struct {
		ProviderCard
		Total int `db:"total"`
	}
	// The page's ids, ranks and distances come from indexes alone; only its
	// rows are read in full.
	err := s.q.SelectContext(ctx, &rows, `SELECT `+columns+`, pg.prem = 1 AS is_premium, pg.total FROM (
		SELECT c.user_id, c.profile_score, c.name, `+rank+` AS prem, `+distance+` AS dist, COUNT(*) OVER () AS total`+from+`
		ORDER BY prem DESC, dist, c.profile_score DESC, c.name, c.user_id`+fmt.Sprintf(" LIMIT $%d OFFSET $%d", n+1, n+2)+`) pg
		JOIN companies c ON c.user_id = pg.user_id JOIN users u ON u.id = c.user_id
		ORDER BY pg.prem DESC, pg.dist, pg.profile_score DESC, pg.name, pg.user_id`,
		append(slices.Clip(args), max(q.Limit, 0), q.Offset)...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: search directory: %w", err)
	}
	var total int
	if len(rows) > 0 {
		total = rows[0].Total
	} else if q.Offset > 0 || q.Limit <= 0 {
		// A page past the end has no row to carry the count.
		if err := s.q.GetContext(ctx, &total, `SELECT COUNT(*)`+from, args[:filterArgs]...); err != nil {
			return nil, 0, fmt.Errorf("store: count directory: %w", err)
		}
	}
	cards := make([]ProviderCard, len(rows))
	for i, r := range rows {
		cards[i] = r.ProviderCard
		if c := &cards[i]; c.Latitude != nil && c.Longitude != nil {
			d := DistanceKm(q.Lat, q.Lng, *c.Latitude, *c.Longitude)
			c.DistanceKm = &d
		}
	}
	return cards, total, nil
}

// premiumCond is true for a listing whose owner is premium at now (a
// placeholder); premiumRank's condition.
func premiumCond(now string) string {
	return `u.premium_status IN ('active', 'cancellation') AND (u.premium_end_at IS NULL OR u.premium_end_at > ` + now + `)`
}

// nearWhere adds to where the conditions keeping rows of table alias t
// within radiusKm of (lat, lng) and returns the squared distance expression
// to order by. The latitude and longitude bands come first so the
// (country_code, latitude) index narrows the scan; the distance uses the
// equirectangular approximation, in plain arithmetic both engines run.
func nearWhere(where *[]string, t string, lat, lng, radiusKm float64, arg func(any) string) string {
	dLat := radiusKm / kmPerDegree
	cos := math.Cos(lat * math.Pi / 180)
	dLng := radiusKm / (kmPerDegree * math.Max(cos, 0.01))
	la, lo, c2 := arg(lat), arg(lng), arg(cos*cos)
	*where = append(*where, t+`.latitude BETWEEN `+arg(lat-dLat)+` AND `+arg(lat+dLat),
		t+`.longitude BETWEEN `+arg(lng-dLng)+` AND `+arg(lng+dLng))
	// Squared distance in degrees of latitude.
	distance := `((` + t + `.latitude - ` + la + `) * (` + t + `.latitude - ` + la + `) + (` + t + `.longitude - ` + lo + `) * (` +
		t + `.longitude - ` + lo + `) * ` + c2 + `)`
	*where = append(*where, distance+` <= `+arg(dLat*dLat))
	return distance
}

// budgetCond keeps services of table alias x starting at most max euros.
func budgetCond(max int64, arg func(any) string) string {
	if max <= 0 {
		return ""
	}
	return ` AND x.budget_starting_from IS NOT NULL AND x.budget_starting_from <= ` + arg(max)
}

// DistanceKm is the great-circle distance between two points.
func DistanceKm(lat1, lng1, lat2, lng2 float64) float64 {
	const r = 6371.0
	p1, p2 := lat1*math.Pi/180, lat2*math.Pi/180
	dp, dl := (lat2-lat1)*math.Pi/180, (lng2-lng1)*math.Pi/180
	a := math.Sin(dp/2)*math.Sin(dp/2) + math.Cos(p1)*math.Cos(p2)*math.Sin(dl/2)*math.Sin(dl/2)
	return 2 * r * math.Asin(math.Sqrt(a))
}
