// Package imagingtest makes test images: decompression bombs and small
// valid images, cheaply.
package imagingtest

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"sync"
)

type bombKey struct {
	w, h int
	deep bool
}

var bombs sync.Map // bombKey -> []byte

// BombPNG is a valid w x h PNG of transparent black pixels: 16-bit RGBA when
// deep, 8-bit RGBA otherwise. Its rows are streamed through zlib one at a
// time, so a 7000 x 7000 16-bit bomb (392 MB decoded) is made in a few
// hundred KB of memory (and under a second, once per test binary); the file
// is about 480 KB. Callers must not modify the bytes.
func BombPNG(w, h int, deep bool) []byte {
	k := bombKey{w, h, deep}
	if b, ok := bombs.Load(k); ok {
		return b.([]byte)
	}
	b, _ := bombs.LoadOrStore(k, makeBomb(w, h, deep))
	return b.([]byte)
}

func makeBomb(w, h int, deep bool) []byte {
	depth, bpp := byte(8), 4
	if deep {
		depth, bpp = 16, 8
	}
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = depth, 6 // RGBA
	chunk(&out, "IHDR", ihdr)
	var idat bytes.Buffer
	z, _ := zlib.NewWriterLevel(&idat, zlib.BestSpeed)
	row := make([]byte, 1+w*bpp) // filter 0, then zeros
	for range h {
		_, _ = z.Write(row)
	}
	_ = z.Close()
	chunk(&out, "IDAT", idat.Bytes())
	chunk(&out, "IEND", nil)
	return out.Bytes()
}

func chunk(out *bytes.Buffer, name string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	out.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(name))
	crc.Write(data)
	out.WriteString(name)
	out.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	out.Write(n[:])
}

// PNG is a small w x h 8-bit RGBA PNG with a gradient.
func PNG(w, h int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.NRGBA{uint8(x), uint8(y), 128, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}
