package index

import (
	"slices"
)

// hit is one match of a search: its rank without a place, whether it is
// premium at the time of the search, and its squared distance.
type hit struct {
	rank    int
	premium bool
	dist2   float64
}

// before is the order of a page: premium first, then nearest (dist2 is 0
// without a place), then by rank.
func (a hit) before(b hit) bool {
	if a.premium != b.premium {
		return a.premium
	}
	if a.dist2 != b.dist2 {
		return a.dist2 < b.dist2
	}
	return a.rank < b.rank
}

// topK keeps the k first hits in page order among those offered, in a heap
// whose root is the last kept: a page needs k = offset+limit of them, not
// a sort of the tens of thousands of matches near a large city.
type topK struct {
	k    int
	heap []hit
}

func (h *topK) offer(x hit) {
	switch {
	case len(h.heap) < h.k:
		h.heap = append(h.heap, x)
		for i := len(h.heap) - 1; i > 0; { // sift up
			parent := (i - 1) / 2
			if !h.heap[parent].before(h.heap[i]) {
				break
			}
			h.heap[parent], h.heap[i] = h.heap[i], h.heap[parent]
			i = parent
		}
	case h.k > 0 && x.before(h.heap[0]):
		h.heap[0] = x
		for i, n := 0, len(h.heap); ; { // sift down
			last, l := i, 2*i+1
			if l < n && h.heap[last].before(h.heap[l]) {
				last = l
			}
			if r := l + 1; r < n && h.heap[last].before(h.heap[r]) {
				last = r
			}
			if last == i {
				break
			}
			h.heap[i], h.heap[last] = h.heap[last], h.heap[i]
			i = last
		}
	}
}

// sorted returns the kept hits in page order.
func (h *topK) sorted() []hit {
	slices.SortFunc(h.heap, func(a, b hit) int {
		if a.before(b) {
			return -1
		}
		return 1 // no two hits are equal: ranks differ
	})
	return h.heap
}

// cut returns the page of hits in page order.
func cut(hits []hit, limit, offset int) []hit {
	if offset >= len(hits) || limit <= 0 || offset < 0 {
		return nil
	}
	return hits[offset:min(offset+limit, len(hits))]
}

// ranked gathers the matches of a search without a place as its pass meets
// them, in rank order: the first premium matches and the first others,
// enough for the page, and the count.
type rankedHits struct {
	need          int
	premium, rest []hit
	total         int
}

func (c *rankedHits) add(rank int32, premium bool) {
	c.total++
	switch {
	case premium && len(c.premium) < c.need:
		c.premium = append(c.premium, hit{rank: int(rank), premium: true})
	case !premium && len(c.rest) < c.need:
		c.rest = append(c.rest, hit{rank: int(rank)})
	}
}

func (c *rankedHits) page(limit, offset int) []hit {
	return cut(append(c.premium, c.rest...), limit, offset)
}
