package jpegscale

import (
	"bytes"
	"sync"
	"testing"
	"time"

	"noces/bench/benchserve"
	"noces/internal/imaging/jpegscale/internal/orig"
)

// benchPhoto is the upload bench's photo (bench/upload: 4000x3000, 4:2:0,
// grain on gradients, the highest quality under 10 MB less 64 KB, 97), made
// once per test binary: committing 10 MB of JPEG is not worth it.
var benchPhoto = sync.OnceValues(func() ([]byte, error) {
	b, _, err := benchserve.Photo(10<<20 - 64<<10)
	return b, err
})

// BenchmarkDecodePhoto decodes the bench photo with the package before its
// entropy decoder was rewritten (orig) and with the package, alternately in
// each iteration so that both meet the same load, at 1/2 (the upload's
// scale), 1/8 (its thumbnail's, were it made from the file) and 1. It
// reports each side's milliseconds per decoding and their ratio.
func BenchmarkDecodePhoto(b *testing.B) {
	data, err := benchPhoto()
	if err != nil {
		b.Fatal(err)
	}
	for _, denom := range []int{2, 8, 1} {
		b.Run(map[int]string{1: "1", 2: "1/2", 8: "1/8"}[denom], func(b *testing.B) {
			var before, after time.Duration
			n := 0
			for b.Loop() {
				t0 := time.Now()
				if _, err := orig.DecodeScaled(bytes.NewReader(data), denom); err != nil {
					b.Fatal(err)
				}
				t1 := time.Now()
				if _, err := DecodeScaled(bytes.NewReader(data), denom); err != nil {
					b.Fatal(err)
				}
				after += time.Since(t1)
				before += t1.Sub(t0)
				n++
			}
			ms := func(d time.Duration) float64 { return float64(d) / float64(n) / 1e6 }
			b.ReportMetric(ms(before), "orig-ms")
			b.ReportMetric(ms(after), "new-ms")
			b.ReportMetric(float64(after)/float64(before), "new/orig")
		})
	}
}
