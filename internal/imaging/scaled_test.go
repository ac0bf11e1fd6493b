package imaging

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// photoJPEG makes a w x h photograph-like JPEG (gradients and grain, as
// bench/upload's photo) at quality q, 4:2:0 as Go's encoder writes.
func photoJPEG(t testing.TB, w, h, q int) []byte {
	img := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio420)
	r := rand.New(rand.NewPCG(1, 2))
	for y := range h {
		for x := range w {
			img.Y[y*img.YStride+x] = uint8(min(255, 60+(x*120)/w+(y*60)/h+r.IntN(48)))
		}
	}
	for y := range (h + 1) / 2 {
		for x := range (w + 1) / 2 {
			img.Cb[y*img.CStride+x] = uint8(100 + (x*40)/(w/2) + r.IntN(16))
			img.Cr[y*img.CStride+x] = uint8(140 - (y*30)/(h/2) + r.IntN(16))
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: q}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// rgbDiff is the PSNR of a against b on R, G and B, in dB, and their mean
// absolute difference in levels.
func rgbDiff(a, b *image.RGBA) (psnr, mean float64) {
	var se, ae float64
	n := 0
	for i := range a.Pix {
		if i%4 == 3 {
			continue
		}
		d := float64(a.Pix[i]) - float64(b.Pix[i])
		se += d * d
		ae += math.Abs(d)
		n++
	}
	if se == 0 {
		return math.Inf(1), 0
	}
	return 10 * math.Log10(255*255/(se/float64(n))), ae / float64(n)
}

// TestScaledDecodingKeepsQuality compares the scaled picture of the reduced
// decoding with the one of the full decoding (the path before jpegscale):
// Go's test JPEGs of every subsampling, baseline and progressive, grey, RGB
// and CMYK, and a 12-megapixel photo to 1200 px.
func TestScaledDecodingKeepsQuality(t *testing.T) {
	files, _ := filepath.Glob("jpegscale/testdata/*.jpeg")
	if len(files) == 0 {
		t.Fatal("no test JPEGs")
	}
	type sample struct {
		name    string
		b       []byte
		maxSide int
	}
	var samples []sample
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// 150 x 103 to 70 px decodes at 1/2, as a 12-megapixel photo to
		// 1200 px. (At 1/4 and 1/8, to 36 and 18 px, these small frames
		// full of detail differ by 3 to 8 levels: their chroma, reduced as
		// much as their luma, is half as fine as the full decoding's.)
		samples = append(samples, sample{filepath.Base(f), b, 70})
	}
	if !testing.Short() {
		samples = append(samples, sample{"photo 4000x3000", photoJPEG(t, 4000, 3000, 90), 1200},
			sample{"photo 4000x3000", photoJPEG(t, 4000, 3000, 90), 480})
	}
	for _, s := range samples {
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(s.b))
		if err != nil {
			t.Fatal(err)
		}
		w, h := scaledSize(cfg.Width, cfg.Height, s.maxSide)
		denom := jpegDenom(cfg.Width, cfg.Height, w, h)
		if denom == 1 {
			t.Fatalf("%s to %d: not reduced", s.name, s.maxSide)
		}
		full, err := decode("jpeg", s.b, 1)
		if err != nil {
			t.Fatal(err)
		}
		reduced, err := decode("jpeg", s.b, denom)
		if err != nil {
			t.Fatal(err)
		}
		p, mean := rgbDiff(scale(reduced, w, h, false), scale(full, w, h, false))
		t.Logf("%s to %dx%d (1/%d): PSNR %.1f dB, mean difference %.2f", s.name, w, h, denom, p, mean)
		// The photo must be as good as the full decoding; Go's small video
		// frames, all edges and detail, lose a little more, and the RGB
		// one most: its G and B are subsampled, so reduced with its
		// resolution (see jpegscale's tests).
		psnrBar, meanBar := 35.0, 2.0
		if s.maxSide == 70 {
			psnrBar, meanBar = 30, 4
			if s.name == "video-001.rgb.jpeg" {
				psnrBar, meanBar = 24, 8
			}
		}
		if p < psnrBar && mean >= meanBar {
			t.Errorf("%s to %d px (1/%d): PSNR %.1f dB, mean difference %.2f levels against the full decoding", s.name, s.maxSide, denom, p, mean)
		}
	}
}

// BenchmarkProcessPhoto times Process on a 12-megapixel photo to 1200 px,
// as an upload does, then the thumbnail from its result.
func BenchmarkProcessPhoto(b *testing.B) {
	data := photoJPEG(b, 4000, 3000, 97)
	b.Logf("%d bytes", len(data))
	ctx := context.Background()
	for b.Loop() {
		large, _, err := Process(ctx, data, Options{MaxSide: 1200, Quality: 90})
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := Process(ctx, large, Options{MaxSide: 480, Quality: 82}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestAreaPlaneAverages checks areaPlane against the area average computed
// in float64, for sizes that do not divide, down to one pixel.
func TestAreaPlaneAverages(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, c := range [][4]int{{200, 150, 120, 90}, {7, 5, 3, 2}, {1, 1, 1, 1}, {5, 1, 2, 1}, {3, 3, 1, 1}, {101, 67, 100, 66}} {
		sw, sh, dw, dh := c[0], c[1], c[2], c[3]
		src := make([]byte, sw*sh)
		for i := range src {
			src[i] = uint8(r.IntN(256))
		}
		dst := make([]byte, dw*dh)
		areaPlane(dst, dw, dw, dh, src, sw, sw, sh)
		for oy := range dh {
			for ox := range dw {
				var sum, area float64
				for y := range sh {
					cy := max(0, min(float64(oy+1)*float64(sh)/float64(dh), float64(y+1))-max(float64(oy)*float64(sh)/float64(dh), float64(y)))
					for x := range sw {
						cx := max(0, min(float64(ox+1)*float64(sw)/float64(dw), float64(x+1))-max(float64(ox)*float64(sw)/float64(dw), float64(x)))
						sum += cx * cy * float64(src[y*sw+x])
						area += cx * cy
					}
				}
				if want := sum / area; math.Abs(float64(dst[oy*dw+ox])-want) > 0.51 {
					t.Fatalf("%v at %d,%d: %d, want %.2f", c, ox, oy, dst[oy*dw+ox], want)
				}
			}
		}
	}
}
