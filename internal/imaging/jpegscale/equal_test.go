package jpegscale

import (
	"bytes"
	"image"
	"image/jpeg"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"testing/iotest"

	"noces/internal/imaging/jpegscale/internal/orig"
)

// reference decodes b as the package must: image/jpeg's Decode at
// denominator 1, the package before its entropy decoder was rewritten
// (orig) at the others.
func reference(b []byte, denom int) (image.Image, error) {
	if denom == 1 {
		return jpeg.Decode(bytes.NewReader(b))
	}
	return orig.DecodeScaled(bytes.NewReader(b), denom)
}

// sameImage reports whether a and b have the same type, bounds and pixels.
func sameImage(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	switch a := a.(type) {
	case *image.Gray:
		b, ok := b.(*image.Gray)
		return ok && samePlane(a.Pix, a.Stride, b.Pix, b.Stride, a.Rect.Dx(), a.Rect.Dy())
	case *image.YCbCr:
		b, ok := b.(*image.YCbCr)
		if !ok || a.SubsampleRatio != b.SubsampleRatio {
			return false
		}
		r := a.Rect
		c := a.COffset(r.Max.X-1, r.Max.Y-1) - a.COffset(r.Min.X, r.Min.Y)
		cw, ch := c%a.CStride+1, c/a.CStride+1
		return samePlane(a.Y, a.YStride, b.Y, b.YStride, r.Dx(), r.Dy()) &&
			samePlane(a.Cb, a.CStride, b.Cb, b.CStride, cw, ch) &&
			samePlane(a.Cr, a.CStride, b.Cr, b.CStride, cw, ch)
	case *image.RGBA:
		b, ok := b.(*image.RGBA)
		return ok && samePlane(a.Pix, a.Stride, b.Pix, b.Stride, 4*a.Rect.Dx(), a.Rect.Dy())
	case *image.CMYK:
		b, ok := b.(*image.CMYK)
		return ok && samePlane(a.Pix, a.Stride, b.Pix, b.Stride, 4*a.Rect.Dx(), a.Rect.Dy())
	}
	return false
}

// samePlane compares the w x h bytes of two planes, row by row.
func samePlane(a []byte, as int, b []byte, bs int, w, h int) bool {
	for y := range h {
		if !bytes.Equal(a[y*as:y*as+w], b[y*bs:y*bs+w]) {
			return false
		}
	}
	return true
}

// checkSame decodes b at every denominator with the package and with the
// reference, and fails unless both fail with the same error or both give
// the same image.
func checkSame(t testing.TB, name string, b []byte) {
	t.Helper()
	for _, denom := range []int{1, 2, 4, 8} {
		got, err := DecodeScaled(bytes.NewReader(b), denom)
		want, wantErr := reference(b, denom)
		switch {
		case (err == nil) != (wantErr == nil):
			t.Fatalf("%s at 1/%d: error %v, the reference's %v", name, denom, err, wantErr)
		case err != nil:
			if err.Error() != wantErr.Error() {
				t.Errorf("%s at 1/%d: error %q, the reference's %q", name, denom, err, wantErr)
			}
		case !sameImage(got, want):
			t.Fatalf("%s at 1/%d: the image differs from the reference's", name, denom)
		}
	}
}

// corpus is the package's test JPEGs, Go's own ones that are not among
// them (such as a truncated progressive one) and ones made here whose
// entropy-coded data holds long codes, large values and many stuffed 0xff
// bytes: grain at qualities 97 and 100, grey and every chroma subsampling
// image/jpeg encodes.
func corpus(t testing.TB) map[string][]byte {
	m := samples(t)
	// The test binary runs where it was built, so the build's GOROOT holds
	// the standard library's test images.
	goFiles, _ := filepath.Glob(filepath.Join(runtime.GOROOT(), "src", "image", "testdata", "*.jpeg")) //nolint:staticcheck // SA1019: see above
	for _, f := range goFiles {
		if _, ok := m[filepath.Base(f)]; ok {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m["go:"+filepath.Base(f)] = b
	}
	r := rand.New(rand.NewPCG(5, 6))
	for _, q := range []int{97, 100} {
		for _, ratio := range []image.YCbCrSubsampleRatio{image.YCbCrSubsampleRatio420, image.YCbCrSubsampleRatio444} {
			img := image.NewYCbCr(image.Rect(0, 0, 203, 117), ratio)
			for i := range img.Y {
				img.Y[i] = uint8(40 + i%160 + r.IntN(56))
			}
			for i := range img.Cb {
				img.Cb[i] = uint8(100 + r.IntN(60))
				img.Cr[i] = uint8(120 + r.IntN(60))
			}
			var buf bytes.Buffer
			if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: q}); err != nil {
				t.Fatal(err)
			}
			m["grain."+ratio.String()+"."+string(rune('0'+q/10))+string(rune('0'+q%10))] = buf.Bytes()
		}
		gray := image.NewGray(image.Rect(0, 0, 61, 45))
		for i := range gray.Pix {
			gray.Pix[i] = uint8(r.IntN(256))
		}
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, gray, &jpeg.Options{Quality: q}); err != nil {
			t.Fatal(err)
		}
		m["noise.gray."+string(rune('0'+q/10))+string(rune('0'+q%10))] = buf.Bytes()
	}
	return m
}

// TestSameAsReference: every test JPEG decodes exactly as image/jpeg
// decodes it at full size, and as the package did before at 1/2, 1/4 and
// 1/8.
func TestSameAsReference(t *testing.T) {
	for name, b := range corpus(t) {
		checkSame(t, name, b)
	}
}

// markers finds the segments of a JPEG: for each marker, the offset of its
// 0xff and of its entropy-coded data's end for an SOS.
type segment struct {
	marker     byte
	start, end int // the marker's 0xff, and the offset after its data
}

func segments(b []byte) []segment {
	var s []segment
	for i := 2; i+4 <= len(b); {
		if b[i] != 0xff {
			return s
		}
		m := b[i+1]
		n := int(b[i+2])<<8 | int(b[i+3])
		end := i + 2 + n
		if m == sosMarker {
			// The entropy-coded data goes on to the next marker that is
			// neither stuffing nor a restart.
			for end < len(b)-1 && (b[end] != 0xff || b[end+1] == 0 || (b[end+1] >= rst0Marker && b[end+1] <= rst7Marker)) {
				end++
			}
		}
		s = append(s, segment{m, i, min(end, len(b))})
		if m == eoiMarker || end >= len(b) {
			return s
		}
		i = end
	}
	return s
}

// TestCorruptSameAsReference damages every test JPEG in the ways that meet
// the entropy decoder's edge cases, and checks that the package fails
// where the reference fails, with its error, and decodes the same image
// where it does not: truncations, bytes changed (0xff, 0x00 and any), a
// marker or a fill byte put into the entropy-coded data, and Huffman
// tables with a code moved to a shorter length (more codes than fit, which
// image/jpeg decodes in its own way).
func TestCorruptSameAsReference(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	perFile := 30
	if testing.Short() {
		perFile = 6
	}
	for name, b := range corpus(t) {
		segs := segments(b)
		var scans []segment
		for _, s := range segs {
			if s.marker == sosMarker {
				scans = append(scans, s)
			}
		}
		if len(scans) == 0 {
			t.Fatalf("%s: no scan found", name)
		}
		for k := range perFile {
			s := scans[r.IntN(len(scans))]
			at := s.start + r.IntN(s.end-s.start)
			c := bytes.Clone(b)
			switch k % 6 {
			case 0:
				c = c[:at]
			case 1:
				c[at] = 0xff
			case 2:
				c[at] = 0x00
			case 3:
				c[at] = uint8(r.IntN(256))
			case 4:
				mk := []byte{0xff, byte(rst0Marker + r.IntN(8))}
				if r.IntN(3) == 0 {
					mk = []byte{0xff, 0xff, eoiMarker}
				}
				c = append(c[:at:at], append(mk, b[at:]...)...)
			case 5:
				// Flip a few bits of one byte: the smallest damage.
				c[at] ^= 1 << r.IntN(8)
			}
			checkSame(t, name+"/"+string(rune('a'+k%6)), c)
		}
		// Moves of a code from length j to length i < j, in every table.
		var moves [][2]int
		for _, s := range segs {
			if s.marker != dhtMarker {
				continue
			}
			for p := s.start + 4; p+17 <= s.end; {
				counts := b[p+1 : p+17]
				total := 0
				for _, n := range counts {
					total += int(n)
				}
				for i := range 16 {
					for j := i + 1; j < 16; j++ {
						if counts[j] != 0 && counts[i] != 0xff {
							moves = append(moves, [2]int{p + 1 + i, p + 1 + j})
						}
					}
				}
				p += 17 + total
			}
		}
		for range perFile / 2 {
			m := moves[r.IntN(len(moves))]
			c := bytes.Clone(b)
			c[m[0]]++
			c[m[1]]--
			checkSame(t, name+"/dht", c)
		}
	}
}

// TestUninitializedTable: a scan using a Huffman table no DHT defined is an
// error, at every scale.
func TestUninitializedTable(t *testing.T) {
	b := samples(t)["video-001.jpeg"]
	for _, s := range segments(b) {
		if s.marker == sosMarker {
			c := bytes.Clone(b)
			c[s.start+6] = 0x33 // DC and AC tables 3 for the first component
			checkSame(t, "table3", c)
			if _, err := DecodeScaled(bytes.NewReader(c), 2); err == nil {
				t.Fatal("decoded with an undefined table")
			}
			return
		}
	}
	t.Fatal("no SOS")
}

// TestReaders: readers that give few bytes at a time (the buffer is then
// never full enough for the fast path), give the end of the input with the
// last bytes, or fail once and then go on, lead to the reference's image or
// error.
func TestReaders(t *testing.T) {
	readers := map[string]func(io.Reader) io.Reader{
		"one byte": iotest.OneByteReader,
		"half":     iotest.HalfReader,
		"data+EOF": iotest.DataErrReader,
		"timeout":  iotest.TimeoutReader,
	}
	for name, b := range corpus(t) {
		for rname, wrap := range readers {
			for _, denom := range []int{1, 2} {
				got, err := DecodeScaled(wrap(bytes.NewReader(b)), denom)
				var want image.Image
				var wantErr error
				if denom == 1 {
					want, wantErr = jpeg.Decode(wrap(bytes.NewReader(b)))
				} else {
					want, wantErr = orig.DecodeScaled(wrap(bytes.NewReader(b)), denom)
				}
				if (err == nil) != (wantErr == nil) || (err != nil && err.Error() != wantErr.Error()) {
					t.Fatalf("%s at 1/%d, %s reader: error %v, the reference's %v", name, denom, rname, err, wantErr)
				}
				if err == nil && !sameImage(got, want) {
					t.Fatalf("%s at 1/%d, %s reader: the image differs from the reference's", name, denom, rname)
				}
			}
		}
	}
}
