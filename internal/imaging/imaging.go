// Package imaging checks uploaded images by their bytes and re-encodes them:
// the re-encoding drops every metadata block (EXIF with GPS positions, ...)
// and anything that is not pixels.
package imaging

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"image/png"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/webp"
)

// Errors a caller maps to the user's messages.
var (
	ErrFormat   = errors.New("imaging: not a PNG, JPEG, GIF or WebP image")
	ErrTooSmall = errors.New("imaging: image too small")
	ErrTooBig   = errors.New("imaging: image dimensions too large")
)

// maxPixels bounds decoding: a small file can declare a huge canvas
// (a "decompression bomb") and exhaust memory once decoded.
const maxPixels = 50_000_000

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
}

// Process decodes b, checks its size, scales it down and re-encodes it as JPEG
// on a white background (JPEG has no transparency).
func Process(b []byte, o Options) ([]byte, image.Point, error) {
	format := Format(b)
	if format == "" {
		return nil, image.Point{}, ErrFormat
	}
	cfg, err := decodeConfig(format, b)
	if err != nil {
		return nil, image.Point{}, ErrFormat
	}
	if cfg.Width*cfg.Height > maxPixels {
		return nil, image.Point{}, ErrTooBig
	}
	if cfg.Width < o.MinWidth || cfg.Height < o.MinHeight {
		return nil, image.Point{}, ErrTooSmall
	}
	src, err := decode(format, b)
	if err != nil {
		return nil, image.Point{}, ErrFormat
	}
	w, h := src.Bounds().Dx(), src.Bounds().Dy()
	if o.MaxSide > 0 && (w > o.MaxSide || h > o.MaxSide) {
		if w >= h {
			w, h = o.MaxSide, max(1, h*o.MaxSide/w)
		} else {
			w, h = max(1, w*o.MaxSide/h), o.MaxSide
		}
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(dst, dst.Bounds(), &image.Uniform{C: color.White}, image.Point{}, draw.Src)
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), xdraw.Over, nil)
	q := o.Quality
	if q <= 0 {
		q = 90
	}
	var out bytes.Buffer
	if err := jpeg.Encode(&out, dst, &jpeg.Options{Quality: q}); err != nil {
		return nil, image.Point{}, fmt.Errorf("imaging: encode: %w", err)
	}
	return out.Bytes(), image.Pt(w, h), nil
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

func decode(format string, b []byte) (image.Image, error) {
	r := bytes.NewReader(b)
	switch format {
	case "png":
		return png.Decode(r)
	case "jpeg":
		return jpeg.Decode(r)
	case "gif":
		return gif.Decode(r) // the first frame
	default:
		return webp.Decode(r)
	}
}
