package index

import (
	"cmp"
	"math"
	"slices"
	"sort"
)

// area keeps the listings within a radius of a place: the squared
// distance in degrees of latitude, by the equirectangular approximation
// (under 1% off at these radii), at most the radius squared.
type area struct {
	lat, lng, cos2, max2 float64
}

func newArea(lat, lng, radiusKm float64) area {
	cos := math.Cos(lat * math.Pi / 180)
	d := radiusKm / kmPerDegree
	return area{lat: lat, lng: lng, cos2: cos * cos, max2: d * d}
}

// dist2 returns the squared distance to a point and whether it is within
// the area; a listing without coordinates (NaN) is not.
func (a *area) dist2(lat, lng float64) (float64, bool) {
	dy, dx := lat-a.lat, lng-a.lng
	d := dy*dy + dx*dx*a.cos2
	return d, d <= a.max2
}

// bandDeg is the height of the grid's bands of latitude, about 5.6 km: a
// search within 100 km reads some 37 bands, each from the first longitude
// its circle can reach to the last, so it tests few listings beyond the
// circle.
const bandDeg = 0.05

// place is a listing's position, to build a grid.
type place struct {
	lat, lng float64
	rank     int32
}

// grid orders the listings with a place for searches near a place: by band
// of latitude, then by longitude, so that the listings of one band within
// a range of longitude are one run of the arrays, found by two binary
// searches. Every listing within the radius is visited, nearest or not:
// the count of matches needs them all, so visiting cells by distance would
// stop no sooner.
type grid struct {
	first  int     // the band of start[0]
	start  []int32 // band first+i holds entries start[i] to start[i+1]
	banded int     // the entries beyond are strays, visited by every search
	lngs   []float64
	ranks  []int32
}

// band returns the band of a latitude in [-90, 90].
func band(lat float64) int { return int(math.Floor(lat / bandDeg)) }

func newGrid(places []place) grid {
	var g grid
	inBands := func(p place) bool { return p.lat >= -90 && p.lat <= 90 && !math.IsInf(p.lng, 0) && !math.IsNaN(p.lng) }
	// Latitudes out of range (a bad import) make strays, tested by every
	// search as before: the grid changes no answer.
	slices.SortFunc(places, func(a, b place) int {
		ia, ib := inBands(a), inBands(b)
		switch {
		case ia != ib:
			if ia {
				return -1
			}
			return 1
		case !ia:
			return cmp.Compare(a.rank, b.rank)
		}
		if c := cmp.Compare(band(a.lat), band(b.lat)); c != 0 {
			return c
		}
		if c := cmp.Compare(a.lng, b.lng); c != 0 {
			return c
		}
		return cmp.Compare(a.rank, b.rank)
	})
	g.lngs = make([]float64, len(places))
	g.ranks = make([]int32, len(places))
	for i, p := range places {
		g.lngs[i], g.ranks[i] = p.lng, p.rank
		if inBands(p) {
			g.banded = i + 1
		}
	}
	if g.banded == 0 {
		return g
	}
	g.first = band(places[0].lat)
	last := band(places[g.banded-1].lat)
	g.start = make([]int32, last-g.first+2)
	b := g.first
	for i := range g.banded {
		for pb := band(places[i].lat); b < pb; b++ {
			g.start[b-g.first+1] = int32(i)
		}
	}
	for ; b <= last; b++ {
		g.start[b-g.first+1] = int32(g.banded)
	}
	return g
}

// visit calls fn with the runs of entries [lo, hi) that may lie within a:
// every entry within it is in one of them.
func (g *grid) visit(a *area, fn func(lo, hi int)) {
	if g.banded < len(g.ranks) {
		fn(g.banded, len(g.ranks))
	}
	if g.banded == 0 {
		return
	}
	r := math.Sqrt(a.max2)
	if math.IsNaN(a.lat) || math.IsNaN(a.lng) || math.IsInf(a.lat, 0) || math.IsInf(a.lng, 0) || !(r <= 180) ||
		!(a.cos2 > 1e-12) || a.lat < -270 || a.lat > 270 {
		fn(0, g.banded) // a place no band bounds (or near a pole): every entry
		return
	}
	// A margin of a millionth of a degree (a tenth of a metre) keeps
	// rounding from leaving out a listing on the edge.
	const eps = 1e-6
	last := g.first + len(g.start) - 2
	for b := max(band(a.lat-r-eps), g.first); b <= min(band(a.lat+r+eps), last); b++ {
		lo, hi := int(g.start[b-g.first]), int(g.start[b-g.first+1])
		if lo == hi {
			continue
		}
		south, north := float64(b)*bandDeg, float64(b+1)*bandDeg
		dy := 0.0 // from the centre to the band's nearest latitude
		if a.lat < south {
			dy = south - a.lat
		} else if a.lat > north {
			dy = a.lat - north
		}
		dy = max(dy-eps, 0)
		rem := a.max2 - dy*dy
		if rem < 0 {
			continue
		}
		w := math.Sqrt(rem/a.cos2)*(1+eps) + eps
		west, east := a.lng-w, a.lng+w
		run := g.lngs[lo:hi]
		i, _ := slices.BinarySearch(run, west)
		j := i + sort.Search(len(run)-i, func(k int) bool { return run[i+k] > east })
		if i < j {
			fn(lo+i, lo+j)
		}
	}
}

// spot is a row's place, its premium's end and its rank: what a search
// near a place reads of every row it meets.
func (r *plannerRow) spot() (lat, lng float64, until int64, rank int32) {
	return r.lat, r.lng, r.until, r.rank
}
func (r *venueRow) spot() (lat, lng float64, until int64, rank int32) {
	return r.lat, r.lng, r.until, r.rank
}

// nearHits pages the rows within radiusKm of (lat, lng) that pass match,
// premium first then nearest, with their count: near holds a table's rows
// in g's order. Planners and venues share it.
func nearHits[R any, P interface {
	*R
	spot() (lat, lng float64, until int64, rank int32)
}](g *grid, near []R, lat, lng, radiusKm float64, now int64, limit, offset int, match func(P) bool) ([]hit, int) {
	need := max(offset+limit, 0)
	a := newArea(lat, lng, radiusKm)
	top := topK{k: need}
	total := 0
	g.visit(&a, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			r := P(&near[i])
			rLat, rLng, until, rank := r.spot()
			d, in := a.dist2(rLat, rLng)
			if !in || !match(r) {
				continue
			}
			total++
			top.offer(hit{rank: int(rank), premium: now < until, dist2: d})
		}
	})
	return cut(top.sorted(), limit, offset), total
}
