package site

import (
	"container/list"
	"sync"
)

// DefaultSearchPageBytes is the default bound of the rendered search pages
// kept (NOCES_SEARCH_HTML_CACHE): 32 MiB holds about three thousand pages
// of the public search (about 10 KB each before compression, without the
// style sheet every page shares), more than the first pages people ask
// for most.
const DefaultSearchPageBytes = 32 << 20

// searchPages keeps the rendered search pages for the visitors who ask
// the same search again, under the key of what the page shows besides the
// results (domain, form, place: searchWith). A page is given again only
// while the directory's index gives the same answer
// (directory.Results.Answer): an answer lasts until any change to the
// directory (the change feed) or to a premium, so a kept page is that of a
// fresh search. Past maxBytes of pages, the least recently asked leave.
type searchPages struct {
	mu              sync.Mutex
	maxBytes, bytes int
	entries         map[string]*list.Element // of *searchPageEntry
	lru             list.List                // most recent first
}

// searchPageEntry is one kept page and the answer it was made from.
type searchPageEntry struct {
	key    string
	answer uint64
	page   *keptPage
}

// resize sets the bytes of pages kept (0: none) and drops them all.
func (c *searchPages) resize(maxBytes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.maxBytes, c.bytes = max(maxBytes, 0), 0
	c.entries = map[string]*list.Element{}
	c.lru.Init()
}

// get returns the page kept under key if it was made from answer, or nil.
func (c *searchPages) get(key string, answer uint64) *keptPage {
	if answer == 0 {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[key]
	if e == nil || e.Value.(*searchPageEntry).answer != answer {
		return nil
	}
	c.lru.MoveToFront(e)
	return e.Value.(*searchPageEntry).page
}

// put keeps page, made from answer, under key, in place of a page of
// another answer; nothing is kept for an answer the index does not keep
// (0) or a page larger than the bound. page must not change afterwards.
func (c *searchPages) put(key string, answer uint64, page *keptPage) {
	size := len(page.gz)
	c.mu.Lock()
	defer c.mu.Unlock()
	if answer == 0 || size > c.maxBytes {
		return
	}
	if e := c.entries[key]; e != nil {
		old := e.Value.(*searchPageEntry)
		if old.answer == answer {
			return // rendered twice at once: the first stays
		}
		c.bytes += size - len(old.page.gz)
		old.answer, old.page = answer, page
		c.lru.MoveToFront(e)
	} else {
		c.entries[key] = c.lru.PushFront(&searchPageEntry{key: key, answer: answer, page: page})
		c.bytes += size
	}
	for c.bytes > c.maxBytes {
		e := c.lru.Back()
		old := e.Value.(*searchPageEntry)
		delete(c.entries, old.key)
		c.lru.Remove(e)
		c.bytes -= len(old.page.gz)
	}
}
