package imaging

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"image/png"
	"testing"

	xdraw "golang.org/x/image/draw"
)

func encoded(t *testing.T, format string, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 128, 255})
		}
	}
	var b bytes.Buffer
	var err error
	switch format {
	case "png":
		err = png.Encode(&b, img)
	case "jpeg":
		err = jpeg.Encode(&b, img, nil)
	case "gif":
		err = gif.Encode(&b, img, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestProcess(t *testing.T) {
	ctx := context.Background()
	opts := Options{MinWidth: 360, MinHeight: 360, MaxSide: 1200, Quality: 90}
	for _, format := range []string{"png", "jpeg", "gif"} {
		t.Run(format+" is scaled down to 1200 on its longer side", func(t *testing.T) {
			out, size, err := Process(ctx, encoded(t, format, 2400, 1600), opts)
			if err != nil {
				t.Fatal(err)
			}
			if size != image.Pt(1200, 800) {
				t.Errorf("size %v", size)
			}
			if Format(out) != "jpeg" {
				t.Error("the output is not JPEG")
			}
		})
	}
	t.Run("a small image is refused", func(t *testing.T) {
		if _, _, err := Process(ctx, encoded(t, "png", 359, 800), opts); !errors.Is(err, ErrTooSmall) {
			t.Errorf("got %v", err)
		}
	})
	t.Run("a text file named .jpg is refused by its bytes", func(t *testing.T) {
		if _, _, err := Process(ctx, []byte("GIF? no: just text pretending"), opts); !errors.Is(err, ErrFormat) {
			t.Errorf("got %v", err)
		}
	})
	t.Run("a truncated PNG is refused", func(t *testing.T) {
		b := encoded(t, "png", 400, 400)
		if _, _, err := Process(ctx, b[:len(b)/2], opts); !errors.Is(err, ErrFormat) {
			t.Errorf("got %v", err)
		}
	})
	t.Run("an image within bounds keeps its size", func(t *testing.T) {
		_, size, err := Process(ctx, encoded(t, "jpeg", 500, 400), opts)
		if err != nil || size != image.Pt(500, 400) {
			t.Errorf("%v %v", size, err)
		}
	})
	t.Run("EXIF metadata does not survive", func(t *testing.T) {
		src := encoded(t, "jpeg", 400, 400)
		// An APP1 Exif segment right after SOI, as cameras write it.
		exif := append([]byte{0xff, 0xe1, 0x00, 0x16}, []byte("Exif\x00\x00GPS-48.85N-2.35E")...)
		withExif := append(append([]byte{}, src[:2]...), append(exif, src[2:]...)...)
		out, _, err := Process(ctx, withExif, opts)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(out, []byte("Exif")) || bytes.Contains(out, []byte("GPS")) {
			t.Error("metadata survived the re-encoding")
		}
	})
}

func TestFormatSniffsWebP(t *testing.T) {
	if Format([]byte("RIFF\x00\x00\x00\x00WEBPVP8 ")) != "webp" {
		t.Error("WebP not recognised")
	}
}

// TestYCbCrReductionMatchesRGB checks that averaging a JPEG's planes before
// converting them (the fast path of scale) gives the picture the RGBA path
// gives, for every subsampling and sizes that do not divide evenly.
func TestYCbCrReductionMatchesRGB(t *testing.T) {
	for _, ratio := range []image.YCbCrSubsampleRatio{image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio422,
		image.YCbCrSubsampleRatio420} {
		const w, h = 1001, 757
		src := image.NewYCbCr(image.Rect(0, 0, w, h), ratio)
		for y := range h {
			for x := range w {
				// A photograph's range: gradients and grain, colours within
				// the RGB gamut (clamping out-of-gamut colours is not linear).
				src.Y[src.YOffset(x, y)] = uint8(50 + x*100/w + y*40/h + (x*31+y*17)%24)
				src.Cb[src.COffset(x, y)] = uint8(110 + x*30/w + (x*13)%8)
				src.Cr[src.COffset(x, y)] = uint8(140 - y*30/h + (y*11)%8)
			}
		}
		rgba := image.NewRGBA(src.Bounds())
		draw.Draw(rgba, rgba.Bounds(), src, image.Point{}, draw.Src)
		fast, slow := scale(src, 300, 227, false), scale(rgba, 300, 227, false)
		var diff, worst int
		for i := range fast.Pix {
			d := int(fast.Pix[i]) - int(slow.Pix[i])
			if d < 0 {
				d = -d
			}
			diff += d
			worst = max(worst, d)
		}
		if mean := float64(diff) / float64(len(fast.Pix)); mean > 1 || worst > 12 {
			t.Errorf("%v: mean difference %.2f, worst %d", ratio, mean, worst)
		}
	}
}

// BenchmarkScale12MP times the scaling of a decoded 4000x3000 JPEG to
// 1200x900: through RGBA (the path before the YCbCr one) and plane by plane.
func BenchmarkScale12MP(b *testing.B) {
	src := image.NewYCbCr(image.Rect(0, 0, 4000, 3000), image.YCbCrSubsampleRatio420)
	for i := range src.Y {
		src.Y[i] = uint8(60 + i%97)
	}
	for i := range src.Cb {
		src.Cb[i], src.Cr[i] = uint8(110+i%13), uint8(140-i%11)
	}
	b.Run("rgba", func(b *testing.B) {
		for b.Loop() {
			dst := image.NewRGBA(image.Rect(0, 0, 1200, 900))
			r := boxReduce(src, 3)
			xdraw.CatmullRom.Scale(dst, dst.Bounds(), r, r.Bounds(), xdraw.Over, nil)
		}
	})
	b.Run("ycbcr", func(b *testing.B) {
		for b.Loop() {
			scale(src, 1200, 900, false)
		}
	})
}
