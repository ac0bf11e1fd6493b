package httpapi

import (
	"sync"

	"noces/internal/i18n"
)

// langCache keeps the languages negotiated per locale cookie,
// Accept-Language and domain: parsing and matching a browser's
// Accept-Language costs about 14 allocations (golang.org/x/text/language)
// on every request it sends, and browsers send a handful of distinct
// values. Values longer than langKeyMax are negotiated every time, and
// at most langCacheEntries are kept, arbitrary ones dropped beyond, so
// a client sending a new value per request costs memory no more than
// it costs time.
type langCache struct {
	mu sync.RWMutex
	m  map[langKey]string
}

// langKey is what the negotiation reads.
type langKey struct{ cookie, accept, domain string }

const (
	langCacheEntries = 1024
	langKeyMax       = 256
)

func newLangCache() *langCache { return &langCache{m: map[langKey]string{}} }

// negotiate is i18n.Negotiate, remembered.
func (c *langCache) negotiate(cookie, accept, domain string) string {
	if accept == "" || len(cookie)+len(accept) > langKeyMax {
		return i18n.Negotiate(cookie, accept, domain) // nothing to parse, or not kept
	}
	k := langKey{cookie: cookie, accept: accept, domain: domain}
	c.mu.RLock()
	lang, ok := c.m[k]
	c.mu.RUnlock()
	if ok {
		return lang
	}
	lang = i18n.Negotiate(cookie, accept, domain)
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= langCacheEntries {
		for old := range c.m { // from a random place: an arbitrary entry
			delete(c.m, old)
			break
		}
	}
	c.m[k] = lang
	return lang
}
