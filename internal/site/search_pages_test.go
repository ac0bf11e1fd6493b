package site

import "testing"

// TestSearchPagesAreBoundedAndFollowTheAnswer checks the kept search
// pages: a page is given only for the answer it was made from, another
// answer replaces it, the bytes kept stay within the bound (the least
// recently asked leave first), and nothing is kept for an answer the
// index does not keep or under a bound of 0.
func TestSearchPagesAreBoundedAndFollowTheAnswer(t *testing.T) {
	var c searchPages
	c.resize(100)
	page := func(n int) *keptPage { return &keptPage{gz: make([]byte, n)} }
	check := func(step string, want int) {
		t.Helper()
		sum := 0
		for e := c.lru.Front(); e != nil; e = e.Next() {
			sum += len(e.Value.(*searchPageEntry).page.gz)
		}
		if c.bytes != want || sum != want || len(c.entries) != c.lru.Len() {
			t.Errorf("%s: %d bytes counted, %d kept, want %d", step, c.bytes, sum, want)
		}
	}
	c.put("fr", 1, page(60))
	if got := c.get("fr", 1); got == nil || len(got.gz) != 60 {
		t.Fatalf("the same search and answer got %v, want the 60 bytes kept", got)
	}
	if c.get("fr", 2) != nil {
		t.Error("a page was given for another answer")
	}
	if c.get("de", 1) != nil {
		t.Error("a page was given under another key")
	}
	check("one kept", 60)
	c.put("fr", 1, page(10)) // rendered twice at once: the first stays
	if got := c.get("fr", 1); len(got.gz) != 60 {
		t.Errorf("a second page of the same answer replaced the first: %d bytes", len(got.gz))
	}
	c.put("fr", 2, page(30)) // the answer changed: its page replaces the old one
	if got := c.get("fr", 2); got == nil || len(got.gz) != 30 || c.get("fr", 1) != nil {
		t.Errorf("after a new answer: %v", got)
	}
	check("replaced", 30)
	c.put("de", 3, page(50))
	c.get("fr", 2)           // fr is now the most recently asked
	c.put("nl", 4, page(40)) // past 100 bytes: de, the least recently asked, leaves
	if c.get("de", 3) != nil || c.get("fr", 2) == nil || c.get("nl", 4) == nil {
		t.Error("the least recently asked page did not leave first")
	}
	check("evicted", 70)
	c.put("big", 5, page(101))
	if c.get("big", 5) != nil {
		t.Error("a page larger than the bound is kept")
	}
	c.put("none", 0, page(1))
	if c.get("none", 0) != nil {
		t.Error("a page of an answer the index does not keep is kept")
	}
	check("nothing more", 70)
	c.resize(0)
	c.put("fr", 6, page(1))
	if c.get("fr", 6) != nil {
		t.Error("a bound of 0 bytes keeps pages")
	}
	check("none", 0)
}
