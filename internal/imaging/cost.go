package imaging

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
)

// Decoding limits, chosen so that a 48-megapixel 8-bit phone photo (JPEG)
// is accepted while a 49-megapixel RGBA or 16-bit PNG is refused (MiB with
// the scaling to 1200 px, and to 1600 px for the review photo):
//
//   - 8000 x 6000 JPEG, 4:2:0 (phones): 1.5 B/px decoded = 69 MiB, 116 MiB
//     in all (145); 4:4:4: 3 B/px, 185 MiB (155). Accepted.
//   - 7000 x 7000 PNG, 8-bit RGB(A): 4 B/px = 187 MiB decoded, 202 MiB in
//     all (212); 16-bit: 8 B/px, 389 MiB (399). Refused.
//
// The figures are what Go's decoders allocate (see decodeBytes) plus what
// the scaling and the JPEG encoder allocate (see resizeBytes): the fast
// scaler's buffer (32 bytes per scaled column per source row after the box
// filter) when it fits, else a slower scaler without it.
const (
	// MaxImageBytes is the most memory one image may cost to decode, scale
	// and encode.
	MaxImageBytes = 192 << 20
	// MaxSourceSide is the longest side accepted, whatever the pixel count
	// (WebP's own limit is 16383).
	MaxSourceSide = 16384
)

// ErrTooBig is matched (errors.Is) by every *DimensionsError.
var ErrTooBig = errors.New("imaging: image dimensions too large")

// DimensionsError refuses an image by its header, before decoding: its
// pixels would cost more memory than MaxImageBytes, or a side is longer than
// MaxSourceSide.
type DimensionsError struct {
	Width, Height int
	// Bytes is what decoding and scaling it would have cost.
	Bytes int64
	// MaxPixels is the largest pixel count accepted for an image of this
	// kind (format, bit depth, colour layout) and shape; 0 when the side
	// limit refused it.
	MaxPixels int64
	// MaxSide is set when a side is longer than MaxSourceSide.
	MaxSide int
}

func (e *DimensionsError) Error() string {
	return "imaging: image dimensions too large"
}

// Is makes errors.Is(err, ErrTooBig) hold.
func (e *DimensionsError) Is(target error) bool { return target == ErrTooBig }

// decodeBytes is the memory the decoder of format allocates for a w x h
// image whose header is b, a JPEG being decoded reduced by denom (see
// jpegDenom; 1 for the other formats). It reads the header only; a header
// it cannot read is ErrFormat.
func decodeBytes(format string, b []byte, w, h, denom int) (int64, error) {
	W, H := int64(w), int64(h)
	switch format {
	case "png":
		return pngBytes(b, W, H)
	case "jpeg":
		return jpegBytes(b, W, H, int64(denom))
	case "gif":
		// One paletted frame (1 B/px) no larger than the logical screen.
		return W*H + 64<<10, nil
	default: // webp
		if len(b) >= 16 && string(b[12:16]) == "VP8 " {
			// Lossy: YCbCr 4:2:0 in 16 x 16 macroblocks.
			return (W + 15) / 16 * 16 * ((H + 15) / 16 * 16) * 3 / 2, nil
		}
		// Lossless (NRGBA, 4 B/px, and as much again when colour-indexed
		// pixels are unpacked) or extended (a lossy or lossless image and an
		// alpha plane, itself decoded losslessly as NRGBA): 8 B/px at most.
		return W*H*8 + 64<<10, nil
	}
}

// pngBytes reads IHDR and the chunks before the image data.
func pngBytes(b []byte, W, H int64) (int64, error) {
	if len(b) < 33 || string(b[12:16]) != "IHDR" {
		return 0, ErrFormat
	}
	depth, ctype, interlace := b[24], b[25], b[28]
	trns := false
	for i := 33; i+8 <= len(b); {
		n := int(binary.BigEndian.Uint32(b[i : i+4]))
		name := string(b[i+4 : i+8])
		if name == "IDAT" || n < 0 || n > len(b) {
			break
		}
		if name == "tRNS" {
			trns = true
		}
		i += 12 + n
	}
	var bpp int64
	switch ctype {
	case 0: // grey: Gray or Gray16, NRGBA(64) with a transparent colour
		switch {
		case depth == 16 && trns:
			bpp = 8
		case depth == 16:
			bpp = 2
		case trns:
			bpp = 4
		default:
			bpp = 1
		}
	case 3: // paletted
		bpp = 1
	case 2, 4, 6: // RGB, grey with alpha, RGBA: (N)RGBA or (N)RGBA64
		bpp = 4
		if depth == 16 {
			bpp = 8
		}
	default:
		return 0, ErrFormat
	}
	n := W * H * bpp
	if interlace == 1 {
		n *= 2
	}
	// Two rows of raw bytes for the filters.
	return n + 2*(W*8+1) + 64<<10, nil
}

// jpegHeader is what jpegBytes needs of a JPEG's markers.
type jpegHeader struct {
	progressive bool
	comps       []struct{ id, h, v int }
	adobeRGB    bool // APP14 "Adobe" with transform 0: RGB or CMYK
}

func readJPEGHeader(b []byte) (jpegHeader, error) {
	var hd jpegHeader
	sof := false
	for i := 2; i+4 <= len(b); {
		if b[i] != 0xff {
			// Bytes between segments: image/jpeg skips them, as libjpeg does.
			i++
			continue
		}
		m := b[i+1]
		if m == 0xff { // fill byte
			i++
			continue
		}
		if m == 0xd8 || m == 0x01 || (m >= 0xd0 && m <= 0xd7) { // no length
			i += 2
			continue
		}
		if m == 0xd9 || m == 0xda { // EOI, SOS: the header is over
			break
		}
		n := int(binary.BigEndian.Uint16(b[i+2 : i+4]))
		if n < 2 || i+2+n > len(b) {
			return hd, ErrFormat
		}
		seg := b[i+4 : i+2+n]
		switch {
		case m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc:
			if sof || len(seg) < 6 {
				return hd, ErrFormat
			}
			sof = true
			hd.progressive = m == 0xc2
			nc := int(seg[5])
			if nc == 0 || len(seg) < 6+3*nc {
				return hd, ErrFormat
			}
			for c := 0; c < nc; c++ {
				hv := seg[6+3*c+1]
				hd.comps = append(hd.comps, struct{ id, h, v int }{int(seg[6+3*c]), int(hv >> 4), int(hv & 0x0f)})
			}
		case m == 0xee && len(seg) >= 12 && bytes.HasPrefix(seg, []byte("Adobe")):
			hd.adobeRGB = seg[11] == 0
		}
		i += 2 + n
	}
	if !sof {
		return hd, ErrFormat
	}
	return hd, nil
}

// jpegBytes follows image/jpeg and its fork jpegscale (decoding reduced by
// denom: each 8 x 8 block gives 8/denom x 8/denom pixels): planes rounded up
// to whole MCUs, chroma planes by their subsampling, a black plane and a
// CMYK or RGBA copy for 4 components, an RGBA copy for RGB JPEGs, and 64
// int32 per 8 x 8 block of every component for progressive ones (they are
// kept until the last scan, whatever the reduction).
func jpegBytes(b []byte, W, H, denom int64) (int64, error) {
	hd, err := readJPEGHeader(b)
	if err != nil {
		return 0, err
	}
	hmax, vmax := int64(1), int64(1)
	for _, c := range hd.comps {
		if c.h < 1 || c.v < 1 {
			return 0, ErrFormat
		}
		hmax, vmax = max(hmax, int64(c.h)), max(vmax, int64(c.v))
	}
	mxx, myy := (W+8*hmax-1)/(8*hmax), (H+8*vmax-1)/(8*vmax)
	fullW, fullH := 8*hmax*mxx, 8*vmax*myy
	var n int64
	for _, c := range hd.comps {
		// Each plane at its resolution; image/jpeg never stores a plane
		// smaller than its subsampling gives.
		n += fullW / denom * int64(c.h) / hmax * (fullH / denom) * int64(c.v) / vmax
		if hd.progressive {
			n += mxx * myy * int64(c.h) * int64(c.v) * 64 * 4
		}
	}
	rgb := len(hd.comps) == 3 && (hd.adobeRGB || (hd.comps[0].id == 'R' && hd.comps[1].id == 'G' && hd.comps[2].id == 'B'))
	if len(hd.comps) == 4 || rgb {
		n += (W + denom - 1) / denom * ((H + denom - 1) / denom) * 4
	}
	return n + 64<<10, nil
}

// scaledSize is the size the image is scaled down to.
func scaledSize(w, h, maxSide int) (int, int) {
	if maxSide <= 0 || (w <= maxSide && h <= maxSide) {
		return w, h
	}
	if w >= h {
		return maxSide, max(1, h*maxSide/w)
	}
	return max(1, w*maxSide/h), maxSide
}

// boxFactor is the factor of the box filter that first divides the image,
// keeping it at least as large as the scaled size in both directions: the
// scaler's buffer holds 32 bytes per scaled column per source row.
func boxFactor(w, h, dw, dh int) int {
	return max(1, min(w/dw, h/dh))
}

// jpegDenom is the largest reduction (1, 2, 4 or 8) a w x h JPEG can be
// decoded with (jpegscale.DecodeScaled, sides rounded up) while keeping
// both sides at least dw x dh: the scaler then only ever reduces, as it did
// from the full image.
func jpegDenom(w, h, dw, dh int) int {
	for _, d := range []int{8, 4, 2} {
		if (w+d-1)/d >= dw && (h+d-1)/d >= dh {
			return d
		}
	}
	return 1
}

// resizeBytes is what scaling a w x h decoded image to dw x dh and encoding
// it allocate: the box filter's band and output, the output image and the
// JPEG bytes, plus, for the fast scaler (x/image/draw's Kernel.Scale), its
// buffer of [4]float64 per scaled column per source row. The slower scaler
// (Kernel.Transform) needs no buffer but reads an RGBA source, made by the
// box filter even at factor 1. transform is the cost without the fast
// scaler's buffer. area says the source is a planar YCbCr image (planar),
// which scale averages by areas when it is less than twice the output: a
// buffer of uint32 per output column per source row, for each plane.
func resizeBytes(w, h, dw, dh int, area bool) (fast, transform int64) {
	// The output image, its JPEG bytes and the encoder's own buffers.
	out := int64(dw)*int64(dh)*(4+1) + 1<<20
	if dw == w && dh == h {
		return out, out
	}
	k := boxFactor(w, h, dw, dh)
	rw, rh := int64((w+k-1)/k), int64((h+k-1)/k)
	box := int64(w)*int64(k)*4 + rw*rh*4 + rw*32
	transform = out + box
	if k == 1 && area {
		// Luma's rows, chroma's at most as much again, the reduced planes.
		return out + 2*int64(dw)*int64(h)*4 + int64(dw)*int64(dh)*3 + int64(dw)*8, transform
	}
	if k == 1 {
		return out + int64(dw)*rh*32, transform
	}
	return out + box + int64(dw)*rh*32, transform
}

// plan is how an image is processed and what it costs.
type plan struct {
	cost int64
	// denom is the reduction a JPEG is decoded with (jpegDenom), 1 for the
	// other formats.
	denom int
	// transform: scale with Kernel.Transform, slower but without the fast
	// scaler's buffer, for images whose buffer would pass the limit.
	transform bool
}

// planImage is the cheapest way to process a w x h image of this header
// within limit bytes: the fast scaler when it fits, else the slow one; the
// cost returned is above limit when neither fits. reduce lets a JPEG be
// decoded reduced (jpegDenom); without it, the cost is that of the full
// decoding, which decides what is accepted.
func planImage(format string, b []byte, w, h, maxSide int, limit int64, reduce bool) (plan, error) {
	dw, dh := scaledSize(w, h, maxSide)
	denom, area := 1, false
	if format == "jpeg" && reduce {
		denom = jpegDenom(w, h, dw, dh)
		area = jpegPlanar(b)
	}
	d, err := decodeBytes(format, b, w, h, denom)
	if err != nil {
		return plan{}, err
	}
	fast, transform := resizeBytes((w+denom-1)/denom, (h+denom-1)/denom, dw, dh, area)
	if d+fast <= limit {
		return plan{cost: d + fast, denom: denom}, nil
	}
	return plan{cost: d + transform, transform: true, denom: denom}, nil
}

// jpegPlanar says whether the JPEG with header b decodes to a YCbCr image
// that scale reads plane by plane (planar): 4:4:4, 4:2:2 or 4:2:0.
func jpegPlanar(b []byte) bool {
	hd, err := readJPEGHeader(b)
	if err != nil || len(hd.comps) != 3 || hd.adobeRGB {
		return false
	}
	c := hd.comps
	if c[0].id == 'R' && c[1].id == 'G' && c[2].id == 'B' {
		return false
	}
	if c[1].h != 1 || c[1].v != 1 || c[2].h != 1 || c[2].v != 1 {
		return false
	}
	switch c[0].h<<4 | c[0].v {
	case 0x11, 0x21, 0x22:
		return true
	}
	return false
}

// checkDimensions refuses an image whose processing would cost more than
// limit bytes, or with a side longer than MaxSourceSide. It returns how to
// process it.
func checkDimensions(format string, b []byte, w, h, maxSide int, limit int64) (plan, error) {
	if w > MaxSourceSide || h > MaxSourceSide {
		return plan{}, &DimensionsError{Width: w, Height: h, MaxSide: MaxSourceSide}
	}
	p, err := planImage(format, b, w, h, maxSide, limit, false)
	if err != nil {
		return plan{}, err
	}
	if p.cost <= limit {
		// What is accepted is decided on the full decoding's cost, as
		// before JPEGs were decoded reduced; the reduced one is charged.
		if r, err := planImage(format, b, w, h, maxSide, limit, true); err == nil && r.cost <= p.cost {
			return r, nil
		}
		return p, nil
	}
	// The largest image of the same kind and shape that fits: the cost
	// grows with the scale, so a bisection finds it.
	lo, hi := 0.0, 1.0
	for range 40 {
		mid := (lo + hi) / 2
		q, err := planImage(format, b, max(1, int(float64(w)*mid)), max(1, int(float64(h)*mid)), maxSide, limit, false)
		if err == nil && q.cost <= limit {
			lo = mid
		} else {
			hi = mid
		}
	}
	maxPixels := int64(math.Floor(float64(w)*lo)) * int64(math.Floor(float64(h)*lo))
	return p, &DimensionsError{Width: w, Height: h, Bytes: p.cost, MaxPixels: maxPixels}
}
