package site

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkSearchPage times the search page over a directory small enough
// to seed quickly: with the index's answers cached, what a request costs
// besides the index (the feed's counter, the page's rows, the template)
// does not grow with the directory. The uncached rows are a search asked
// for the first time: the index, the rows and the template every time.
// -cpuprofile shows where it goes.
func BenchmarkSearchPage(b *testing.B) {
	e := newEnv(b)
	for i := range 60 {
		e.seedPlanner(planner{name: fmt.Sprintf("Planner %03d", i), slug: fmt.Sprintf("planner-%03d", i), city: "Lyon",
			lat: 45.76 + float64(i)/1000, lng: 4.83, premium: i%10 == 0})
	}
	targets := []string{"/search?kind=planner", "/search?kind=planner&city=Lyon", "/search?kind=venue"}
	for _, target := range targets {
		b.Run(target, func(b *testing.B) { benchmarkPage(b, e, target) })
	}
	e.uncached()
	for _, target := range targets {
		b.Run("uncached"+target, func(b *testing.B) { benchmarkPage(b, e, target) })
	}
}

// benchmarkPage asks for target on all the benchmark's goroutines.
func benchmarkPage(b *testing.B, e *env, target string) {
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			r := httptest.NewRequest(http.MethodGet, target, nil)
			r.Host = "fr.localhost"
			w := httptest.NewRecorder()
			e.handler.ServeHTTP(w, r)
			if w.Code != http.StatusOK {
				b.Fatalf("%s: status %d", target, w.Code)
			}
		}
	})
}
