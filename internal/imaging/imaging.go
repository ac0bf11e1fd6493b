// Package imaging checks uploaded images by their bytes and re-encodes them:
// the re-encoding drops every metadata block (EXIF with GPS positions, ...)
// and anything that is not pixels.
//
// Decoding is bounded before it starts: the header gives the dimensions and
// the pixel layout, from which the memory the decoder, the scaling and the
// encoder will allocate is computed (cost.go). An image costing more than
// MaxImageBytes is refused with a *DimensionsError without decoding; the
// others are decoded under a process-wide Budget, so concurrent uploads
// cannot hold more than DecodeBudgetBytes of pixels at once.
package imaging

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"image/png"
	"runtime/debug"
	"sync/atomic"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/math/f64"
	"golang.org/x/image/webp"

	"noces/internal/imaging/jpegscale"
)

// Errors a caller maps to the user's messages; see also ErrTooBig
// (*DimensionsError) and ErrBusy.
var (
	ErrFormat   = errors.New("imaging: not a PNG, JPEG, GIF or WebP image")
	ErrTooSmall = errors.New("imaging: image too small")
)

// Format names the decoder chosen by sniffing the bytes, never the file name.
func Format(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return "png"
	case bytes.HasPrefix(b, []byte("\xff\xd8\xff")):
		return "jpeg"
	case bytes.HasPrefix(b, []byte("GIF87a")), bytes.HasPrefix(b, []byte("GIF89a")):
		return "gif"
	case len(b) >= 12 && string(b[0:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return "webp"
	}
	return ""
}

// Options of Process.
type Options struct {
	MinWidth, MinHeight int // smaller images are refused
	MaxSide             int // the longer side is scaled down to this
	Quality             int // JPEG quality
	// Budget is the decoding budget to run under; nil is the process-wide
	// one (DecodeBudgetBytes).
	Budget *Budget
	// ThumbSide, when above 0, asks Process for a thumbnail too, its longer
	// side scaled down to this from the output's pixels (not from the
	// output's JPEG: decoding it again cost a 1-megapixel decode per
	// upload), encoded at ThumbQuality (90 when 0).
	ThumbSide, ThumbQuality int
}

// Result is what Process made: the image re-encoded, and its thumbnail when
// Options.ThumbSide asked for one.
type Result struct {
	Image, Thumb    []byte
	Size, ThumbSize image.Point
}

// Process checks b's header, decodes it under the decoding budget, scales it
// down and re-encodes it as JPEG on a white background (JPEG has no
// transparency). Refusals, cheapest first: ErrFormat, ErrTooSmall, a
// *DimensionsError (errors.Is ErrTooBig), then ErrBusy or ctx's error when
// the budget had no room in time.
func Process(ctx context.Context, b []byte, o Options) ([]byte, image.Point, error) {
	r, err := ProcessAll(ctx, b, o)
	return r.Image, r.Size, err
}

// ProcessAll is Process with the thumbnail of Options.ThumbSide, made from
// the scaled pixels under the same budget.
func ProcessAll(ctx context.Context, b []byte, o Options) (Result, error) {
	large, size, thumb, tsize, err := process(ctx, b, o)
	return Result{Image: large, Size: size, Thumb: thumb, ThumbSize: tsize}, err
}

func process(ctx context.Context, b []byte, o Options) ([]byte, image.Point, []byte, image.Point, error) {
	format := Format(b)
	if format == "" {
		return nil, image.Point{}, nil, image.Point{}, ErrFormat
	}
	cfg, err := decodeConfig(format, b)
	if err != nil || cfg.Width < 1 || cfg.Height < 1 {
		return nil, image.Point{}, nil, image.Point{}, ErrFormat
	}
	if cfg.Width < o.MinWidth || cfg.Height < o.MinHeight {
		return nil, image.Point{}, nil, image.Point{}, ErrTooSmall
	}
	budget := o.Budget
	if budget == nil {
		budget = defaultBudget
	}
	p, err := checkDimensions(format, b, cfg.Width, cfg.Height, o.MaxSide, min(MaxImageBytes, budget.size))
	if err != nil {
		return nil, image.Point{}, nil, image.Point{}, err
	}
	cost := p.cost
	tw, th := 0, 0
	if o.ThumbSide > 0 {
		w, h := scaledSize(cfg.Width, cfg.Height, o.MaxSide)
		tw, th = scaledSize(w, h, o.ThumbSide)
		fast, _ := resizeBytes(w, h, tw, th, false)
		cost += fast
	}
	if err := budget.acquire(ctx, cost); err != nil {
		return nil, image.Point{}, nil, image.Point{}, err
	}
	defer budget.release(cost)
	if cost >= returnAbove {
		defer returnMemory()
	}
	src, err := decode(format, b, p.denom)
	if err != nil {
		return nil, image.Point{}, nil, image.Point{}, ErrFormat
	}
	// The size from the header's: a JPEG decoded reduced is larger than it
	// (jpegDenom) and only scaled down.
	w, h := scaledSize(cfg.Width, cfg.Height, o.MaxSide)
	dst := scale(src, w, h, p.transform)
	q := o.Quality
	if q <= 0 {
		q = 90
	}
	var out bytes.Buffer
	if err := jpeg.Encode(&out, dst, &jpeg.Options{Quality: q}); err != nil {
		return nil, image.Point{}, nil, image.Point{}, fmt.Errorf("imaging: encode: %w", err)
	}
	if o.ThumbSide <= 0 {
		return out.Bytes(), image.Pt(w, h), nil, image.Point{}, nil
	}
	tq := o.ThumbQuality
	if tq <= 0 {
		tq = 90
	}
	var thumb bytes.Buffer
	if err := jpeg.Encode(&thumb, scale(dst, tw, th, false), &jpeg.Options{Quality: tq}); err != nil {
		return nil, image.Point{}, nil, image.Point{}, fmt.Errorf("imaging: encode: %w", err)
	}
	return out.Bytes(), image.Pt(w, h), thumb.Bytes(), image.Pt(tw, th), nil
}

// returnAbove is the cost from which the memory of a decoded image is handed
// back to the system once done: without it, the heap stays at its highest
// after a burst of large photos. A 12-megapixel JPEG decoded reduced is
// charged about 37 MiB with its thumbnail and stays under it, so it no
// longer pays for a background FreeOSMemory (a full collection and scavenge
// taking one of the 2 cores): in the upload bench, the server's RSS after
// the runs was 116-128 MiB with it and 113-135 MiB without, and the server
// time did not clearly differ at that load (401-570 ms either way). It
// still runs after the 48-megapixel photos and large PNGs.
const returnAbove = 64 << 20

var returning atomic.Bool

// returnMemory runs a collection that returns freed memory to the system,
// in the background and one at a time.
func returnMemory() {
	if !returning.CompareAndSwap(false, true) {
		return
	}
	go func() {
		defer returning.Store(false)
		debug.FreeOSMemory()
	}()
}

// scale draws src on a white dw x dh image. A source much larger than the
// output is first divided by a box filter (averaging k x k blocks), which
// keeps the Catmull-Rom scaler's buffer small (see resizeBytes); with
// transform, the scaler is Kernel.Transform, about twice slower but without
// that buffer.
func scale(src image.Image, dw, dh int, transform bool) *image.RGBA {
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	draw.Draw(dst, dst.Bounds(), &image.Uniform{C: color.White}, image.Point{}, draw.Src)
	sb := src.Bounds()
	if sb.Dx() == dw && sb.Dy() == dh {
		draw.Draw(dst, dst.Bounds(), src, sb.Min, draw.Over)
		return dst
	}
	k := boxFactor(sb.Dx(), sb.Dy(), dw, dh)
	if y, ok := src.(*image.YCbCr); ok && k > 1 && !transform && planar(y) {
		// A JPEG is averaged plane by plane before any conversion to RGB:
		// a quarter of the bytes to read (4:2:0) and no 12-megapixel RGBA
		// pass; the scaler then reads YCbCr on its own fast path. Averaging
		// is linear, so this is the same picture as averaging in RGB.
		xdraw.CatmullRom.Scale(dst, dst.Bounds(), boxReduceYCbCr(y, k), image.Rect(0, 0, (sb.Dx()+k-1)/k, (sb.Dy()+k-1)/k), xdraw.Src, nil)
		return dst
	}
	if y, ok := src.(*image.YCbCr); ok && k == 1 && !transform && planar(y) {
		// A JPEG decoded reduced (jpegscale) is between one and two times
		// the output: Catmull-Rom from 2000 x 1500 to 1200 x 900 took
		// 300 ms (converting, then weighing ~7 x 7 source pixels per output
		// pixel in float64); averaging each plane over the output pixel's
		// area takes a few milliseconds and keeps the picture (see
		// TestScaledDecodingKeepsQuality).
		draw.Draw(dst, dst.Bounds(), areaReduceYCbCr(y, dw, dh), image.Point{}, draw.Src)
		return dst
	}
	if k > 1 || transform {
		src = boxReduce(src, k)
	}
	if transform {
		// boxReduce's output starts at (0, 0).
		sx, sy := float64(dw)/float64(src.Bounds().Dx()), float64(dh)/float64(src.Bounds().Dy())
		xdraw.CatmullRom.Transform(dst, f64.Aff3{sx, 0, 0, 0, sy, 0}, src, src.Bounds(), xdraw.Over, nil)
		return dst
	}
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), xdraw.Over, nil)
	return dst
}

// boxReduce averages src's k x k blocks (the last ones may be smaller) into
// a premultiplied RGBA image, reading k rows at a time.
func boxReduce(src image.Image, k int) *image.RGBA {
	sb := src.Bounds()
	w, h := sb.Dx(), sb.Dy()
	rw, rh := (w+k-1)/k, (h+k-1)/k
	out := image.NewRGBA(image.Rect(0, 0, rw, rh))
	band := image.NewRGBA(image.Rect(0, 0, w, k))
	sums := make([]uint64, rw*4)
	for ry := range rh {
		y0 := sb.Min.Y + ry*k
		rows := min(k, sb.Max.Y-y0)
		draw.Draw(band, image.Rect(0, 0, w, rows), src, image.Pt(sb.Min.X, y0), draw.Src)
		clear(sums)
		for y := range rows {
			row := band.Pix[y*band.Stride : y*band.Stride+w*4]
			for rx := range rw {
				s := sums[rx*4 : rx*4+4]
				for x := rx * k; x < min(w, rx*k+k); x++ {
					p := row[x*4 : x*4+4]
					s[0] += uint64(p[0])
					s[1] += uint64(p[1])
					s[2] += uint64(p[2])
					s[3] += uint64(p[3])
				}
			}
		}
		o := out.Pix[ry*out.Stride:]
		for rx := range rw {
			n := uint64(min(k, w-rx*k) * rows)
			for c := range 4 {
				o[rx*4+c] = uint8((sums[rx*4+c] + n/2) / n)
			}
		}
	}
	return out
}

// planar says whether boxReduceYCbCr can read y: its origin at (0, 0) and
// the subsamplings of JPEG cameras and encoders (4:4:0, rare, takes the RGBA
// path: the scaler's reading of it differed by up to 47 levels on edges).
func planar(y *image.YCbCr) bool {
	switch y.SubsampleRatio {
	case image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio422, image.YCbCrSubsampleRatio420:
		return y.Rect.Min == image.Point{}
	}
	return false
}

// chromaSize is the size of the chroma planes of a w x h image.
func chromaSize(r image.YCbCrSubsampleRatio, w, h int) (int, int) {
	switch r {
	case image.YCbCrSubsampleRatio422:
		return (w + 1) / 2, h
	case image.YCbCrSubsampleRatio420:
		return (w + 1) / 2, (h + 1) / 2
	}
	return w, h
}

// boxReduceYCbCr averages each plane of src by k x k blocks into an image
// with the same subsampling, (w+k-1)/k x (h+k-1)/k pixels.
func boxReduceYCbCr(src *image.YCbCr, k int) *image.YCbCr {
	w, h := src.Rect.Dx(), src.Rect.Dy()
	rw, rh := (w+k-1)/k, (h+k-1)/k
	out := image.NewYCbCr(image.Rect(0, 0, rw, rh), src.SubsampleRatio)
	reducePlane(out.Y, out.YStride, rw, rh, src.Y, src.YStride, w, h, k)
	cw, ch := chromaSize(src.SubsampleRatio, w, h)
	ocw, och := chromaSize(src.SubsampleRatio, rw, rh)
	reducePlane(out.Cb, out.CStride, ocw, och, src.Cb, src.CStride, cw, ch, k)
	reducePlane(out.Cr, out.CStride, ocw, och, src.Cr, src.CStride, cw, ch, k)
	return out
}

// reducePlane writes into the dw x dh plane dst the averages of the k x k
// blocks of the sw x sh plane src; a block past src's edge (the rounding of
// a subsampled plane) repeats src's last row or column.
func reducePlane(dst []byte, dstStride, dw, dh int, src []byte, srcStride, sw, sh, k int) {
	sums := make([]uint32, dw)
	for oy := range dh {
		y0 := min(oy*k, sh-1)
		y1 := min(y0+k, sh)
		clear(sums)
		for y := y0; y < y1; y++ {
			row := src[y*srcStride : y*srcStride+sw]
			for ox := range dw {
				x0 := min(ox*k, sw-1)
				var sum uint32
				for _, v := range row[x0:min(x0+k, sw)] {
					sum += uint32(v)
				}
				sums[ox] += sum
			}
		}
		d := dst[oy*dstStride : oy*dstStride+dw]
		for ox := range dw {
			x0 := min(ox*k, sw-1)
			n := uint32((min(x0+k, sw) - x0) * (y1 - y0))
			d[ox] = uint8((sums[ox] + n/2) / n)
		}
	}
}

// areaReduceYCbCr reduces each plane of src (planar, at least dw x dh) to
// dw x dh, each output pixel the average of the source area it covers
// (pixels cut by its edges weighing their covered part).
func areaReduceYCbCr(src *image.YCbCr, dw, dh int) *image.YCbCr {
	w, h := src.Rect.Dx(), src.Rect.Dy()
	out := image.NewYCbCr(image.Rect(0, 0, dw, dh), src.SubsampleRatio)
	areaPlane(out.Y, out.YStride, dw, dh, src.Y, src.YStride, w, h)
	cw, ch := chromaSize(src.SubsampleRatio, w, h)
	ocw, och := chromaSize(src.SubsampleRatio, dw, dh)
	areaPlane(out.Cb, out.CStride, ocw, och, src.Cb, src.CStride, cw, ch)
	areaPlane(out.Cr, out.CStride, ocw, och, src.Cr, src.CStride, cw, ch)
	return out
}

// areaSpans maps s inputs onto d <= s outputs: output o reads the n inputs
// from first[o] on, with the weights w[o*n:o*n+n] (their overlaps with it,
// in 1/d of an input, zero past its last input), which add up to s. A fixed
// n keeps the inner loops free of slice headers: areaPlane took 60 ms of a
// 12-megapixel upload with a slice per output.
func areaSpans(s, d int) (first []int, w []uint32, n int) {
	n = min((s+d-1)/d+1, s)
	first = make([]int, d)
	w = make([]uint32, d*n)
	for o := range d {
		lo, hi := o*s, (o+1)*s
		first[o] = min(lo/d, s-n)
		for i := range n {
			x := first[o] + i
			if a, b := max(lo, x*d), min(hi, (x+1)*d); b > a {
				w[o*n+i] = uint32(b - a)
			}
		}
	}
	return first, w, n
}

// areaPlane writes into the dw x dh plane dst the area averages of the
// sw x sh plane src (sw >= dw, sh >= dh): rows first, into a dw x sh buffer
// of sums, then columns.
func areaPlane(dst []byte, dstStride, dw, dh int, src []byte, srcStride, sw, sh int) {
	if dw > sw || dh > sh || dw < 1 || dh < 1 {
		// Not a reduction (a plane rounded up): nearest pixel.
		for y := range dh {
			for x := range dw {
				dst[y*dstStride+x] = src[min(y*sh/dh, sh-1)*srcStride+min(x*sw/dw, sw-1)]
			}
		}
		return
	}
	xf, xw, xn := areaSpans(sw, dw)
	yf, yw, yn := areaSpans(sh, dh)
	rows := make([]uint32, dw*sh)
	for y := range sh {
		row := src[y*srcStride : y*srcStride+sw]
		r := rows[y*dw : y*dw+dw]
		for ox := range r {
			in := row[xf[ox] : xf[ox]+xn]
			ws := xw[ox*xn : ox*xn+xn]
			var sum uint32
			for i, v := range in {
				sum += ws[i] * uint32(v)
			}
			r[ox] = sum
		}
	}
	n := uint64(sw) * uint64(sh)
	sums := make([]uint64, dw)
	for oy := range dh {
		clear(sums)
		for i, w := range yw[oy*yn : oy*yn+yn] {
			if w == 0 {
				continue
			}
			y := yf[oy] + i
			for ox, v := range rows[y*dw : y*dw+dw] {
				sums[ox] += uint64(w) * uint64(v)
			}
		}
		d := dst[oy*dstStride : oy*dstStride+dw]
		for ox, v := range sums {
			d[ox] = uint8((v + n/2) / n)
		}
	}
}

func decodeConfig(format string, b []byte) (image.Config, error) {
	r := bytes.NewReader(b)
	switch format {
	case "png":
		return png.DecodeConfig(r)
	case "jpeg":
		return jpeg.DecodeConfig(r)
	case "gif":
		return gif.DecodeConfig(r)
	default:
		return webp.DecodeConfig(r)
	}
}

// decode decodes b, a JPEG reduced by denom (1, 2, 4 or 8) in the DCT
// domain: a 12-megapixel photo scaled to 1200 px is decoded at 2000 x 1500,
// skipping three quarters of the inverse DCT and of the planes.
func decode(format string, b []byte, denom int) (image.Image, error) {
	r := bytes.NewReader(b)
	switch format {
	case "png":
		return png.Decode(r)
	case "jpeg":
		if denom > 1 {
			return jpegscale.DecodeScaled(r, denom)
		}
		return jpeg.Decode(r)
	case "gif":
		return gif.Decode(r) // the first frame
	default:
		return webp.Decode(r)
	}
}
