package jpegscale

import (
	"math"
	"math/rand/v2"
	"testing"
)

// idctFactors is the table of 1/2 C(u) cos((2x+1)uπ / (2n)) in fixed point,
// for output x and frequency u, computed from the formula.
func idctFactors(n int) (t [4][4]int64) {
	for x := range n {
		for u := range n {
			c := 0.5 * math.Cos(float64((2*x+1)*u)*math.Pi/float64(2*n))
			if u == 0 {
				c /= math.Sqrt2
			}
			t[x][u] = int64(math.Round(c * (1 << idctBits)))
		}
	}
	return t
}

// plainIDCT is the scaled IDCT as the sums over the factor table, the form
// the package had before idct4 and idct2.
func plainIDCT(b *block, bs int) {
	t := idctFactors(bs)
	var tmp [4][4]int64
	for v := range bs {
		for x := range bs {
			var s int64
			for u := range bs {
				s += t[x][u] * int64(b[v*8+u])
			}
			tmp[v][x] = s
		}
	}
	const round = 1 << (2*idctBits - 1)
	for y := range bs {
		for x := range bs {
			var s int64
			for v := range bs {
				s += t[y][v] * tmp[v][x]
			}
			b[y*8+x] = int32((s + round) >> (2 * idctBits))
		}
	}
}

// TestIDCTFactors: c0, c1 and c3 are the formula's factors, with the signs
// idct4 and idct2 give them.
func TestIDCTFactors(t *testing.T) {
	want4 := [4][4]int64{
		{c0, c1, c0, c3},
		{c0, c3, -c0, -c1},
		{c0, -c3, -c0, c1},
		{c0, -c1, c0, -c3},
	}
	if got := idctFactors(4); got != want4 {
		t.Errorf("4-point factors %v, want %v", got, want4)
	}
	if got, want := idctFactors(2), [4][4]int64{{c0, c0}, {c0, -c0}}; got != want {
		t.Errorf("2-point factors %v, want %v", got, want)
	}
}

// TestIDCTSameAsSums: idct4 and idct2 give the sums' bits, on coefficients
// of every magnitude up to the int32 extremes a hostile file can make.
func TestIDCTSameAsSums(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for i := range 20000 {
		var b block
		for j := range b {
			switch i % 4 {
			case 0:
				b[j] = int32(r.IntN(2048)) - 1024
			case 1:
				b[j] = int32(r.IntN(1<<17)) - 1<<16
			case 2:
				b[j] = int32(r.Uint32())
			case 3:
				b[j] = []int32{math.MinInt32, math.MaxInt32, 0, -1}[r.IntN(4)]
			}
		}
		for _, bs := range []int{1, 2, 4} {
			got, want := b, b
			scaledIDCT(&got, bs)
			if bs == 1 {
				want[0] = (want[0] + 4) >> 3
			} else {
				plainIDCT(&want, bs)
			}
			for y := range bs {
				for x := range bs {
					if got[y*8+x] != want[y*8+x] {
						t.Fatalf("bs %d, input %v: at %d,%d %d, want %d", bs, b, x, y, got[y*8+x], want[y*8+x])
					}
				}
			}
		}
	}
}
