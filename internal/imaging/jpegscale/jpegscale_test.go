package jpegscale

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// samples are Go's own test JPEGs (from $GOROOT/src/image/testdata, under
// the same licence): every subsampling image/jpeg reads, baseline and
// progressive, grey, RGB, CMYK, restart intervals.
func samples(t testing.TB) map[string][]byte {
	files, err := filepath.Glob("testdata/*.jpeg")
	if err != nil || len(files) == 0 {
		t.Fatal("no test JPEGs", err)
	}
	m := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m[filepath.Base(f)] = b
	}
	return m
}

// TestDenominatorOneIsImageJPEG: without reduction, the fork decodes
// exactly as image/jpeg does.
func TestDenominatorOneIsImageJPEG(t *testing.T) {
	for name, b := range samples(t) {
		want, err := jpeg.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(name, err)
		}
		got, err := DecodeScaled(bytes.NewReader(b), 1)
		if err != nil {
			t.Fatal(name, err)
		}
		if got.Bounds() != want.Bounds() {
			t.Fatalf("%s: bounds %v, want %v", name, got.Bounds(), want.Bounds())
		}
		r := want.Bounds()
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if got.At(x, y) != want.At(x, y) {
					t.Fatalf("%s: at %d,%d: %v, want %v", name, x, y, got.At(x, y), want.At(x, y))
				}
			}
		}
	}
}

// boxRGB averages the n x n blocks of m (the last ones may be smaller) into
// RGB bytes, the reference a reduced decoding is compared with.
func boxRGB(m image.Image, n int) (pix []float64, w, h int) {
	r := m.Bounds()
	w, h = (r.Dx()+n-1)/n, (r.Dy()+n-1)/n
	pix = make([]float64, w*h*3)
	count := make([]float64, w*h)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := color.NRGBAModel.Convert(m.At(x, y)).(color.NRGBA)
			i := (y-r.Min.Y)/n*w + (x-r.Min.X)/n
			pix[3*i] += float64(c.R)
			pix[3*i+1] += float64(c.G)
			pix[3*i+2] += float64(c.B)
			count[i]++
		}
	}
	for i := range count {
		for c := range 3 {
			pix[3*i+c] /= count[i]
		}
	}
	return pix, w, h
}

// psnr is the peak signal-to-noise ratio of a against b, in dB.
func psnr(a, b []float64) float64 {
	var se float64
	for i := range a {
		d := a[i] - b[i]
		se += d * d
	}
	if se == 0 {
		return math.Inf(1)
	}
	return 10 * math.Log10(255*255/(se/float64(len(a))))
}

// luma is m's luma (or grey) plane as an image, or m itself for the RGB
// and CMYK JPEGs.
func luma(m image.Image) image.Image {
	if y, ok := m.(*image.YCbCr); ok {
		return &image.Gray{Pix: y.Y, Stride: y.YStride, Rect: y.Rect}
	}
	return m
}

// TestScaledDecodingIsTheReducedPicture compares each reduced decoding with
// the full decoding averaged by blocks of the same size: the reduced IDCT
// keeps the low frequencies, which is close to (not exactly) that average.
// The comparison is on luma: a subsampled plane is reduced as much, so its
// resolution stays half the luma's (as libjpeg's when it cannot scale the
// IDCT up), while the full decoding's average holds twice as much of it;
// the RGB sample, whose G and B are subsampled, is compared as a whole with
// a lower bar for that reason.
func TestScaledDecodingIsTheReducedPicture(t *testing.T) {
	for name, b := range samples(t) {
		full, err := jpeg.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(name, err)
		}
		for _, denom := range []int{2, 4, 8} {
			m, err := DecodeScaled(bytes.NewReader(b), denom)
			if err != nil {
				t.Fatal(name, denom, err)
			}
			want, w, h := boxRGB(luma(full), denom)
			if m.Bounds() != image.Rect(0, 0, w, h) {
				t.Fatalf("%s /%d: bounds %v, want %dx%d", name, denom, m.Bounds(), w, h)
			}
			got, _, _ := boxRGB(luma(m), 1)
			p := psnr(got, want)
			t.Logf("%s /%d: %T, PSNR %.1f dB", name, denom, m, p)
			bar := 30.0
			switch m.(type) {
			case *image.RGBA, *image.CMYK:
				bar = 18
			}
			if p < bar {
				t.Errorf("%s /%d: PSNR %.1f dB against the averaged full decoding", name, denom, p)
			}
		}
	}
}

// TestBadDenominator: only 1, 2, 4 and 8 are libjpeg's reductions here.
func TestBadDenominator(t *testing.T) {
	b := samples(t)["video-001.jpeg"]
	for _, d := range []int{0, 3, 16, -2} {
		if _, err := DecodeScaled(bytes.NewReader(b), d); err == nil {
			t.Errorf("denominator %d accepted", d)
		}
	}
}
