package imaging

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"noces/internal/imaging/imagingtest"
)

// jpegHeader is the start of a baseline (or progressive) JPEG of w x h with
// the given sampling factors of its components: what decoding looks at first.
func jpegHeaderOf(w, h int, progressive bool, sampling ...byte) []byte {
	b := []byte{0xff, 0xd8}
	sof := []byte{0xff, 0xc0}
	if progressive {
		sof[1] = 0xc2
	}
	seg := []byte{8, byte(h >> 8), byte(h), byte(w >> 8), byte(w), byte(len(sampling))}
	for i, hv := range sampling {
		seg = append(seg, byte(i+1), hv, 0)
	}
	n := len(seg) + 2
	b = append(b, sof...)
	b = append(b, byte(n>>8), byte(n))
	b = append(b, seg...)
	return append(b, 0xff, 0xda)
}

func TestDimensionsAreCheckedBeforeDecoding(t *testing.T) {
	tests := []struct {
		name    string
		format  string
		header  []byte
		w, h    int
		ok      bool
		maxSide int // 1200 when 0
	}{
		{"a 48-megapixel phone photo (JPEG 4:2:0)", "jpeg", jpegHeaderOf(8000, 6000, false, 0x22, 0x11, 0x11), 8000, 6000, true, 0},
		{"a 48-megapixel JPEG without subsampling (4:4:4)", "jpeg", jpegHeaderOf(8000, 6000, false, 0x11, 0x11, 0x11), 8000, 6000, true, 0},
		{"a 48-megapixel progressive JPEG (64 int32 per block kept)", "jpeg", jpegHeaderOf(8000, 6000, true, 0x22, 0x11, 0x11), 8000, 6000, false, 0},
		{"a 48-megapixel CMYK JPEG", "jpeg", jpegHeaderOf(8000, 6000, false, 0x11, 0x11, 0x11, 0x11), 8000, 6000, false, 0},
		{"a 49-megapixel 8-bit RGBA PNG", "png", imagingtest.BombPNG(7000, 7000, false)[:64], 7000, 7000, false, 0},
		{"a 49-megapixel 16-bit RGBA PNG", "png", imagingtest.BombPNG(7000, 7000, true)[:64], 7000, 7000, false, 0},
		{"a 24-megapixel 8-bit RGBA PNG", "png", imagingtest.BombPNG(6000, 4000, false)[:64], 6000, 4000, true, 0},
		{"a 100-megapixel GIF", "gif", []byte("GIF89a"), 10000, 10000, true, 0},
		{"a 9-megapixel 16-bit PNG scaled to 1600 (without the fast scaler's buffer)", "png", imagingtest.BombPNG(3000, 3000, true)[:64], 3000, 3000, true, 1600},
		{"a 49-megapixel 16-bit PNG scaled to 1600", "png", imagingtest.BombPNG(7000, 7000, true)[:64], 7000, 7000, false, 1600},
		{"a 20000 x 2000 GIF: the side is too long", "gif", []byte("GIF89a"), 20000, 2000, false, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			side := tc.maxSide
			if side == 0 {
				side = 1200
			}
			p, err := checkDimensions(tc.format, tc.header, tc.w, tc.h, side, MaxImageBytes)
			if tc.ok {
				if err != nil || p.cost <= 0 || p.cost > MaxImageBytes {
					t.Fatalf("cost %d MiB, %v", p.cost>>20, err)
				}
				return
			}
			var de *DimensionsError
			if !errors.As(err, &de) || !errors.Is(err, ErrTooBig) {
				t.Fatalf("got %v", err)
			}
			if de.Width != tc.w || de.Height != tc.h {
				t.Errorf("dimensions %d x %d", de.Width, de.Height)
			}
			if de.MaxSide == 0 {
				if de.MaxPixels <= 0 || de.MaxPixels >= int64(tc.w*tc.h) {
					t.Errorf("max pixels %d", de.MaxPixels)
				}
				// The largest image of its kind said to be accepted is.
				s := float64(de.MaxPixels) / float64(tc.w*tc.h)
				w, h := int(float64(tc.w)*sqrt(s))-1, int(float64(tc.h)*sqrt(s))-1
				if _, err := checkDimensions(tc.format, tc.header, w, h, side, MaxImageBytes); err != nil {
					t.Errorf("%d x %d refused: %v", w, h, err)
				}
			}
		})
	}
}

func sqrt(x float64) float64 {
	z := x
	for range 50 {
		z = (z + x/z) / 2
	}
	return z
}

// TestTheEstimateBoundsTheAllocations decodes real images and compares what
// was allocated with what the budget was charged.
func TestTheEstimateBoundsTheAllocations(t *testing.T) {
	gradient := func(w, h int) *image.NRGBA {
		img := image.NewNRGBA(image.Rect(0, 0, w, h))
		for i := range img.Pix {
			img.Pix[i] = uint8(i * 7)
		}
		return img
	}
	enc := func(f func(*bytes.Buffer) error) []byte {
		var b bytes.Buffer
		if err := f(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	deep := image.NewNRGBA64(image.Rect(0, 0, 900, 700))
	for i := range deep.Pix {
		deep.Pix[i] = uint8(i * 3)
	}
	gray := image.NewGray(image.Rect(0, 0, 2000, 1500))
	for i := range gray.Pix {
		gray.Pix[i] = uint8(i)
	}
	images := map[string][]byte{
		"JPEG 3000 x 2000": enc(func(b *bytes.Buffer) error { return jpeg.Encode(b, gradient(3000, 2000), nil) }),
		"grey JPEG":        enc(func(b *bytes.Buffer) error { return jpeg.Encode(b, gray, nil) }),
		"RGBA PNG":         enc(func(b *bytes.Buffer) error { return png.Encode(b, gradient(1600, 1300)) }),
		"16-bit PNG":       enc(func(b *bytes.Buffer) error { return png.Encode(b, deep) }),
		"grey PNG":         enc(func(b *bytes.Buffer) error { return png.Encode(b, gray) }),
		"small PNG":        enc(func(b *bytes.Buffer) error { return png.Encode(b, gradient(800, 600)) }),
	}
	// Under a 40 MiB budget, the fast scaler's buffer of a 2000 x 1500 image
	// (1200 x 1500 x 32 bytes) does not fit: the slow scaler does it.
	images["RGBA PNG, slow scaler"] = enc(func(b *bytes.Buffer) error { return png.Encode(b, gradient(2000, 1500)) })
	for name, b := range images {
		t.Run(name, func(t *testing.T) {
			cfg, err := decodeConfig(Format(b), b)
			if err != nil {
				t.Fatal(err)
			}
			budget := NewBudget(MaxImageBytes, time.Minute)
			if strings.HasSuffix(name, "slow scaler") {
				budget = NewBudget(40<<20, time.Minute)
			}
			p, err := checkDimensions(Format(b), b, cfg.Width, cfg.Height, 1200, budget.Size())
			if err != nil {
				t.Fatal(err)
			}
			if p.transform != strings.HasSuffix(name, "slow scaler") {
				t.Errorf("transform %v", p.transform)
			}
			cost := p.cost
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			if _, _, err := Process(context.Background(), b, Options{MaxSide: 1200, Budget: budget}); err != nil {
				t.Fatal(err)
			}
			runtime.ReadMemStats(&after)
			alloc := int64(after.TotalAlloc - before.TotalAlloc)
			t.Logf("charged %d KiB, allocated %d KiB", cost>>10, alloc>>10)
			if alloc > cost {
				t.Errorf("allocated %d KiB, more than the %d KiB charged", alloc>>10, cost>>10)
			}
			if alloc < cost/3 {
				t.Errorf("allocated %d KiB, far less than the %d KiB charged", alloc>>10, cost>>10)
			}
		})
	}
}

func TestConcurrentDecodesStayWithinTheBudget(t *testing.T) {
	img := imagingtest.PNG(900, 700)
	cfg, _ := decodeConfig("png", img)
	p, err := checkDimensions("png", img, cfg.Width, cfg.Height, 600, MaxImageBytes)
	if err != nil {
		t.Fatal(err)
	}
	cost := p.cost
	// Room for two and a half images: at most two are decoded at once.
	budget := NewBudget(cost*5/2, 30*time.Second)
	var wg sync.WaitGroup
	errs := make(chan error, 12)
	for range 12 {
		wg.Go(func() {
			_, _, err := Process(context.Background(), img, Options{MaxSide: 600, Budget: budget})
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if budget.Peak() > budget.Size() {
		t.Errorf("%d bytes held at once, over the budget of %d", budget.Peak(), budget.Size())
	}
	if budget.Peak() < cost || budget.Peak() > 2*cost {
		t.Errorf("peak %d for images of %d each", budget.Peak(), cost)
	}
}

func TestAFullBudgetRefusesAfterItsWait(t *testing.T) {
	img := imagingtest.PNG(400, 400)
	budget := NewBudget(10<<20, 50*time.Millisecond)
	if err := budget.acquire(context.Background(), 10<<20); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, _, err := Process(context.Background(), img, Options{MaxSide: 300, Budget: budget})
	if !errors.Is(err, ErrBusy) {
		t.Fatalf("got %v", err)
	}
	if d := time.Since(start); d < 50*time.Millisecond || d > 2*time.Second {
		t.Errorf("refused after %v", d)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Process(ctx, img, Options{MaxSide: 300, Budget: budget}); !errors.Is(err, context.Canceled) {
		t.Errorf("a request gone: %v", err)
	}
	budget.release(10 << 20)
	if _, _, err := Process(context.Background(), img, Options{MaxSide: 300, Budget: budget}); err != nil {
		t.Errorf("with room again: %v", err)
	}
}

func TestBoxReductionKeepsColoursAndTransparency(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 4000, 3000))
	for y := range 3000 {
		for x := range 4000 {
			c := color.NRGBA{200, 30, 60, 255}
			if x >= 2000 {
				c = color.NRGBA{0, 0, 0, 0} // transparent: white once flattened
			}
			src.SetNRGBA(x, y, c)
		}
	}
	for _, transform := range []bool{false, true} {
		out := scale(src, 1200, 900, transform)
		if got := out.RGBAAt(300, 450); got != (color.RGBA{200, 30, 60, 255}) {
			t.Errorf("transform %v: left half %v", transform, got)
		}
		if got := out.RGBAAt(900, 450); got != (color.RGBA{255, 255, 255, 255}) {
			t.Errorf("transform %v: right half %v", transform, got)
		}
	}
	// Both scalers give the same picture.
	grad := image.NewNRGBA(image.Rect(0, 0, 1900, 1100))
	for i := range grad.Pix {
		grad.Pix[i] = uint8(i * 7 / 3)
	}
	a, b := scale(grad, 1200, 694, false), scale(grad, 1200, 694, true)
	var diff int
	for i := range a.Pix {
		diff = max(diff, int(a.Pix[i])-int(b.Pix[i]), int(b.Pix[i])-int(a.Pix[i]))
	}
	if diff > 2 {
		t.Errorf("the scalers differ by up to %d", diff)
	}
}
