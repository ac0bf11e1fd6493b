package httpapi

import (
	"sync"
	"time"
)

// meCache keeps the encoded answers of GET /api/me, each with the version
// of the rows it was read from (store.MeVersion). An answer is served
// again only while the user's version is still that one, which a read of
// one column by primary key tells: every write to a row the answer comes
// from raises the version in its own transaction (database triggers), so
// the check sees it on this server and on every other server sharing the
// database. The read replaces the answer's query of four tables and 30
// columns, and the profile's assembly and JSON encoding.
//
// Answers are keyed by the user and the impersonating admin, the two
// things of the token the answer shows; the cache holds at most maxBytes
// of answers, dropping arbitrary ones beyond.
type meCache struct {
	mu       sync.Mutex
	entries  map[meKey]*meEntry
	bytes    int
	maxBytes int
}

// meKey is whose answer an entry is.
type meKey struct{ user, impersonator string }

// meEntry is one encoded answer. It is never changed once in the map:
// a newer answer replaces it.
type meEntry struct {
	version int64
	// until is when the answer changes with no write (a premium's end);
	// zero when it does not.
	until time.Time
	body  []byte
}

// meEntryOverhead is what an entry costs besides its body and key: the
// map's slot, the entry and the slice header, roughly.
const meEntryOverhead = 128

// defaultMeCacheBytes bounds the answers kept: about 9,000 users of the
// fullest kind (about 900 bytes each).
const defaultMeCacheBytes = 8 << 20

func newMeCache(maxBytes int) *meCache {
	return &meCache{entries: map[meKey]*meEntry{}, maxBytes: maxBytes}
}

// get returns the answer kept for k, nil when there is none or it has
// expired at now. The caller still has to check its version.
func (c *meCache) get(k meKey, now time.Time) *meEntry {
	c.mu.Lock()
	e := c.entries[k]
	c.mu.Unlock()
	if e == nil || (!e.until.IsZero() && !now.Before(e.until)) {
		return nil
	}
	return e
}

// put keeps e as k's answer, dropping others to stay within maxBytes.
func (c *meCache) put(k meKey, e *meEntry) {
	size := entrySize(k, e)
	if size > c.maxBytes {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.entries[k]; old != nil {
		c.bytes -= entrySize(k, old)
		delete(c.entries, k)
	}
	// Go's map iteration starts at a random place: the entries dropped
	// are arbitrary, which costs nothing to track and cannot be gamed
	// into dropping one user's answer more than another's.
	for other, old := range c.entries {
		if c.bytes+size <= c.maxBytes {
			break
		}
		c.bytes -= entrySize(other, old)
		delete(c.entries, other)
	}
	c.entries[k] = e
	c.bytes += size
}

// drop forgets k's answer.
func (c *meCache) drop(k meKey) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.entries[k]; old != nil {
		c.bytes -= entrySize(k, old)
		delete(c.entries, k)
	}
}

func entrySize(k meKey, e *meEntry) int {
	return len(k.user) + len(k.impersonator) + len(e.body) + meEntryOverhead
}
