package httpapi

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"noces/internal/i18n"
)

// TestLangCacheAgreesWithNegotiate: the language kept is the one
// i18n.Negotiate gives, on the first request with a header and the next,
// and after many distinct headers have churned the cache, which stays
// within its bound.
func TestLangCacheAgreesWithNegotiate(t *testing.T) {
	c := newLangCache()
	cases := []langKey{
		{"", "fr-FR,fr;q=0.9,en;q=0.8", "fr"},
		{"", "de-CH,de;q=0.9", "fr"},
		{"", "ja,zh;q=0.8", "it"},
		{"", "ja,zh;q=0.8", "nl"},
		{"en", "de-DE", "fr"},
		{"xx", "pt-BR", "es"},
		{"", "not a header", "de"},
		{"", "*", "pt"},
	}
	check := func(round string) {
		t.Helper()
		for _, k := range cases {
			for range 2 {
				if got, want := c.negotiate(k.cookie, k.accept, k.domain), i18n.Negotiate(k.cookie, k.accept, k.domain); got != want {
					t.Errorf("%s: %+v gives %q, want %q", round, k, got, want)
				}
			}
		}
	}
	check("first")
	for i := range 5 * langCacheEntries {
		accept := fmt.Sprintf("en-%d,fr;q=0.5", i)
		if got, want := c.negotiate("", accept, "de"), i18n.Negotiate("", accept, "de"); got != want {
			t.Fatalf("%q gives %q, want %q", accept, got, want)
		}
		if len(c.m) > langCacheEntries {
			t.Fatalf("%d languages kept, bound %d", len(c.m), langCacheEntries)
		}
	}
	check("after churn")
}

// TestChainAllocationsWithAcceptLanguage: a browser's request, which sends
// Accept-Language, costs the chain no more allocations than the bench's,
// which does not (TestChainAllocations): parsing the header allocated
// about 14 times per request.
func TestChainAllocationsWithAcceptLanguage(t *testing.T) {
	body := []byte(`{"ok":true}`)
	h := quietChain(t, func(w http.ResponseWriter, r *http.Request) {
		nameRoute(r, "GET /api/me")
		_, _ = w.Write(body)
	})
	r := httptest.NewRequest("GET", "http://localhost:8080/api/me", nil)
	r.Header.Set("Accept-Encoding", "gzip")
	r.Header.Set("Authorization", "Bearer x")
	r.Header.Set("Accept-Language", "fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7")
	w := &discardWriter{}
	n := testing.AllocsPerRun(200, func() {
		w.h = make(http.Header, 16)
		h.ServeHTTP(w, r)
	})
	t.Logf("allocations per request with Accept-Language: %.0f", n)
	if n > 24 {
		t.Errorf("the chain allocates %.0f times per request with Accept-Language, want at most 24", n)
	}
}
