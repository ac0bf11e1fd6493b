package store

import (
	"context"
	"fmt"
	"math"
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
	return `CASE WHEN u.premium_status IN ('active', 'cancellation') AND (u.premium_end_at IS NULL OR u.premium_end_at > ` + now + `) THEN 1 ELSE 0 END`
}

// SearchProviders returns one page of visible planners, premium first, then
// nearest (when a place is given), then most complete, with the total.
//
// Distance uses the equirectangular approximation, under 1% off at these
// radii, written in plain arithmetic so both engines run the same SQL and the
// (country_code, latitude) index narrows the scan to a band first.
func (s *Store) SearchProviders(ctx context.Context, q DirectoryQuery) ([]ProviderCard, int, error) {
	args := []any{q.Country}
	where := []string{visibleProvider, `c.country_code = $1`}
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	if q.ServiceType != "" {
		where = append(where, `EXISTS (SELECT 1 FROM company_prestations cp JOIN prestations p ON p.id = cp.prestation_id
			WHERE cp.user_id = u.id AND p.type = `+arg(q.ServiceType)+budgetCond(q.MaxBudget, arg)+`)`)
	} else if q.MaxBudget > 0 {
		where = append(where, `EXISTS (SELECT 1 FROM company_prestations cp WHERE cp.user_id = u.id`+budgetCond(q.MaxBudget, arg)+`)`)
	}
	if len(q.Languages) > 0 {
		in := make([]string, len(q.Languages))
		for i, code := range q.Languages {
			in[i] = arg(code)
		}
		where = append(where, `EXISTS (SELECT 1 FROM company_langues cl JOIN langues l ON l.id = cl.langue_id
			WHERE cl.user_id = u.id AND l.code IN (`+strings.Join(in, ", ")+`))`)
	}
	order := ""
	if q.Near {
		order = nearWhere(&where, "c", q.Lat, q.Lng, q.RadiusKm, arg) + ", "
	}
	from := ` FROM companies c JOIN users u ON u.id = c.user_id WHERE ` + strings.Join(where, " AND ")
	var total int
	if err := s.q.GetContext(ctx, &total, `SELECT COUNT(*)`+from, args...); err != nil {
		return nil, 0, fmt.Errorf("store: count directory: %w", err)
	}
	// now is bound after the count so the count's parameters are all used.
	rank := premiumRank(arg(q.Now))
	limit, offset := arg(q.Limit), arg(q.Offset)
	var cards []ProviderCard
	err := s.q.SelectContext(ctx, &cards, `SELECT c.user_id, c.name, c.slug, c.city, c.country_code, c.latitude, c.longitude,
		u.avatar_key, `+rank+` = 1 AS is_premium, c.profile_score`+from+`
		ORDER BY `+rank+` DESC, `+order+`c.profile_score DESC, c.name, c.user_id LIMIT `+limit+` OFFSET `+offset, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: search directory: %w", err)
	}
	if q.Near {
		for i := range cards {
			if cards[i].Latitude != nil && cards[i].Longitude != nil {
				d := DistanceKm(q.Lat, q.Lng, *cards[i].Latitude, *cards[i].Longitude)
				cards[i].DistanceKm = &d
			}
		}
	}
	return cards, total, nil
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

func budgetCond(max int64, arg func(any) string) string {
	if max <= 0 {
		return ""
	}
	return ` AND cp.budget_starting_from IS NOT NULL AND cp.budget_starting_from <= ` + arg(max)
}

// DistanceKm is the great-circle distance between two points.
func DistanceKm(lat1, lng1, lat2, lng2 float64) float64 {
	const r = 6371.0
	p1, p2 := lat1*math.Pi/180, lat2*math.Pi/180
	dp, dl := (lat2-lat1)*math.Pi/180, (lng2-lng1)*math.Pi/180
	a := math.Sin(dp/2)*math.Sin(dp/2) + math.Cos(p1)*math.Cos(p2)*math.Sin(dl/2)*math.Sin(dl/2)
	return 2 * r * math.Asin(math.Sqrt(a))
}
