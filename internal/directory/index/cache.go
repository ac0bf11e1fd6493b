package index

import (
	"container/list"
	"math"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultCache is how many answers the index keeps by default: the pages
// people ask for most (a city's first page, a service's) are a few
// thousand, and one takes about a kilobyte.
const DefaultCache = 4096

// answers keeps the index's answers to recent searches (the page's
// listings and the count, and the cards once their rows are read): under
// load the same first pages are asked for again and again. An answer is
// tied to the version of the tables it was computed on, so any change to
// the directory drops them all, and to the span of time in which no
// premium begins or ends.
type answers struct {
	mu      sync.Mutex
	size    int // 0: no cache
	version int64
	entries map[string]*list.Element // of *answer
	lru     list.List                // most recent first
	// last numbers the answers kept (answer.id).
	last uint64
}

// answer is one search's answer.
type answer struct {
	key      string
	from, to int64 // Unix nanoseconds: the answer holds for searches at times in [from, to)
	planners []*plannerFacts
	venues   []*venueFacts
	hits     []hit
	total    int
	// id is the answer's number once kept (Page.Answer), 0 until then and
	// for an answer not kept; set before the answer is shared.
	id uint64
	// The page's cards, once a search has read their rows: every write
	// that changes one raises the feed (migration 19), which drops the
	// answer. Rows read after the counter are as new as it or newer, so a
	// search sharing them sees every write committed before it started.
	plannerCards atomic.Pointer[[]PlannerCard]
	venueCards   atomic.Pointer[[]VenueCard]
}

// get returns the answer to the search of key at now on the given version.
func (c *answers) get(version int64, key []byte, now int64) *answer {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.size <= 0 || c.version != version {
		return nil
	}
	e := c.entries[string(key)]
	if e == nil {
		return nil
	}
	p := e.Value.(*answer)
	if now < p.from || now >= p.to {
		return nil
	}
	c.lru.MoveToFront(e)
	return p
}

// put keeps an answer computed on the given version, and numbers it; one
// on an older version than the cache's is dropped, and a newer one
// empties it.
func (c *answers) put(version int64, p *answer) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.size <= 0 || version < c.version:
		return
	case version > c.version || c.entries == nil:
		c.version = version
		c.empty()
	}
	c.last++
	p.id = c.last
	if e := c.entries[p.key]; e != nil {
		e.Value = p
		c.lru.MoveToFront(e)
		return
	}
	c.entries[p.key] = c.lru.PushFront(p)
	for c.lru.Len() > c.size {
		e := c.lru.Back()
		delete(c.entries, e.Value.(*answer).key)
		c.lru.Remove(e)
	}
}

// empty drops every answer; the caller holds mu.
func (c *answers) empty() {
	c.entries = make(map[string]*list.Element, min(c.size, 1024))
	c.lru.Init()
}

// resize sets how many answers are kept (0: none), and empties the cache.
func (c *answers) resize(size int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.size = max(size, 0)
	c.empty()
}

// appendFloat adds the exact bits of a float to a cache key.
func appendFloat(b []byte, f float64) []byte {
	return strconv.AppendUint(append(b, ','), math.Float64bits(f), 36)
}

// key is the cache's key of a search, all of it but the time.
func (q *PlannerQuery) key(b []byte) []byte {
	b = append(b, "p,"...)
	b = append(b, q.Country...)
	b = append(b, ',')
	b = append(b, q.ServiceType...)
	for _, l := range q.Languages {
		b = append(b, ',')
		b = append(b, l...)
	}
	b = append(b, ';')
	b = strconv.AppendInt(b, q.MaxBudget, 10)
	b = strconv.AppendInt(append(b, ','), int64(q.MinRating), 10)
	b = append(append(b, ','), q.Date...)
	b = strconv.AppendBool(append(b, ','), q.Near)
	if q.Near {
		b = appendFloat(appendFloat(appendFloat(b, q.Lat), q.Lng), q.RadiusKm)
	}
	b = strconv.AppendInt(append(b, ','), int64(q.Limit), 10)
	return strconv.AppendInt(append(b, ','), int64(q.Offset), 10)
}

// key is the cache's key of a search, all of it but the time.
func (q *VenueQuery) key(b []byte) []byte {
	b = append(b, "v,"...)
	b = append(b, q.Country...)
	b = append(b, ',')
	b = append(b, q.Type...)
	for _, f := range q.Features {
		b = append(b, ',')
		b = append(b, f...)
	}
	b = append(b, ';')
	b = strconv.AppendInt(b, int64(q.Guests), 10)
	b = strconv.AppendInt(append(b, ','), int64(q.MaxPrice), 10)
	b = strconv.AppendBool(append(b, ','), q.Accommodation)
	b = append(append(b, ','), q.Date...)
	b = strconv.AppendBool(append(b, ','), q.Near)
	if q.Near {
		b = appendFloat(appendFloat(appendFloat(b, q.Lat), q.Lng), q.RadiusKm)
	}
	b = strconv.AppendInt(append(b, ','), int64(q.Limit), 10)
	return strconv.AppendInt(append(b, ','), int64(q.Offset), 10)
}

// searchPlanners answers q from the cache, or from t and keeps the answer.
func (x *Index) searchPlanners(t *snapshot, q PlannerQuery) *answer {
	var buf [128]byte
	return x.answered(t, q.key(buf[:0]), q.Now, func(a *answer) {
		a.planners, a.hits, a.total, a.from, a.to = t.searchPlanners(q)
	})
}

// searchVenues answers q from the cache, or from t and keeps the answer.
func (x *Index) searchVenues(t *snapshot, q VenueQuery) *answer {
	var buf [128]byte
	return x.answered(t, q.key(buf[:0]), q.Now, func(a *answer) {
		a.venues, a.hits, a.total, a.from, a.to = t.searchVenues(q)
	})
}

// answered returns the kept answer to key for t's version, or fills a new
// one with search and keeps it.
func (x *Index) answered(t *snapshot, key []byte, now time.Time, search func(*answer)) *answer {
	if p := x.cache.get(t.version, key, now.UnixNano()); p != nil {
		return p
	}
	p := &answer{key: string(key)}
	search(p)
	x.cache.put(t.version, p)
	return p
}
