package jpegscale

import (
	"bytes"
	"image"
	"image/jpeg"
	"runtime"
	"testing"
)

// FuzzDecodeScaled feeds DecodeScaled any bytes at every denominator: it
// must never panic, give an image of the announced size reduced (rounded
// up), never allocate more than the size DecodeConfig announces allows, and
// fail or decode exactly as the reference does (image/jpeg at full size,
// the package before its entropy decoder was rewritten when reduced).
// The seeds are Go's test JPEGs (every subsampling, baseline and
// progressive, grey, RGB, CMYK, restart intervals) and small ones made here.
func FuzzDecodeScaled(f *testing.F) {
	for _, b := range corpus(f) {
		f.Add(b)
	}
	for _, m := range []image.Image{image.NewGray(image.Rect(0, 0, 9, 17)), image.NewRGBA(image.Rect(0, 0, 23, 5))} {
		var b bytes.Buffer
		if err := jpeg.Encode(&b, m, &jpeg.Options{Quality: 75}); err != nil {
			f.Fatal(err)
		}
		f.Add(b.Bytes())
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		cfg, err := DecodeConfig(bytes.NewReader(b))
		if err != nil {
			return
		}
		// As image/jpeg's own fuzz test: a valid header may announce 4 GB.
		if cfg.Width*cfg.Height > 1e6 {
			return
		}
		// The most a decoding may hold: 4 components of planes rounded up to
		// MCUs of 32 x 32 pixels, 1 byte each decoded and 4 (64 int32 per
		// 8 x 8 block) kept by a progressive decoding, an RGBA or CMYK copy,
		// and the decoder's own tables.
		w, h := uint64(cfg.Width), uint64(cfg.Height)
		bound := 4*(w+32)*(h+32)*(1+4) + 4*w*h + 1<<20
		for _, denom := range []int{1, 2, 4, 8} {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			m, err := DecodeScaled(bytes.NewReader(b), denom)
			runtime.ReadMemStats(&after)
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > bound {
				t.Fatalf("1/%d: allocated %d bytes for a %dx%d image (bound %d)", denom, alloc, w, h, bound)
			}
			ref, refErr := reference(b, denom)
			if (err == nil) != (refErr == nil) || (err != nil && err.Error() != refErr.Error()) {
				t.Fatalf("1/%d: error %v, the reference's %v", denom, err, refErr)
			}
			if err != nil {
				continue
			}
			if !sameImage(m, ref) {
				t.Fatalf("1/%d: the image differs from the reference's", denom)
			}
			want := image.Rect(0, 0, (cfg.Width+denom-1)/denom, (cfg.Height+denom-1)/denom)
			if m.Bounds() != want {
				t.Fatalf("1/%d: bounds %v, want %v", denom, m.Bounds(), want)
			}
		}
	})
}
