package orig

import "math"

// scaledIDCT reconstructs the bs x bs pixels (bs 4, 2 or 1) of a block
// reduced by 8/bs, as libjpeg's jpeg_idct_4x4, 2x2 and 1x1 do: the picture
// the 8-point IDCT would give, sampled at the centres of the 8/bs x 8/bs
// pixel groups, keeping only the bs x bs lowest frequencies (the others
// cannot be represented at that size). In one dimension:
//
//	f(x) = 1/2 Σ_{u<bs} C(u) F(u) cos((2x+1)uπ / (2bs)),  C(0) = 1/√2, else 1
//
// which is the 8-point IDCT's formula at x8 = (2x+1)·8/bs/2 - 1/2. The
// inputs are b's dequantized coefficients in natural order; the outputs are
// left in b[y*8+x] for x, y < bs, not yet level-shifted, as idct leaves them.
func scaledIDCT(b *block, bs int) {
	if bs == 1 {
		// 1/8 · F(0,0), rounded.
		b[0] = (b[0] + 4) >> 3
		return
	}
	t := &idct4Table
	if bs == 2 {
		t = &idct2Table
	}
	// Columns, then rows, in 64-bit fixed point: no overflow even on the
	// absurd coefficients of a hostile file.
	var tmp [4][4]int64
	for v := 0; v < bs; v++ {
		for x := 0; x < bs; x++ {
			var s int64
			for u := 0; u < bs; u++ {
				s += t[x][u] * int64(b[v*8+u])
			}
			tmp[v][x] = s
		}
	}
	const round = 1 << (2*idctBits - 1)
	for y := 0; y < bs; y++ {
		for x := 0; x < bs; x++ {
			var s int64
			for v := 0; v < bs; v++ {
				s += t[y][v] * tmp[v][x]
			}
			b[y*8+x] = int32((s + round) >> (2 * idctBits))
		}
	}
}

// idctBits is the fixed-point precision of the scaled IDCT's tables.
const idctBits = 13

// idct4Table and idct2Table hold, for output x and frequency u,
// 1/2 C(u) cos((2x+1)uπ / (2n)) in fixed point; unused cells are zero.
var idct4Table, idct2Table = idctTable(4), idctTable(2)

func idctTable(n int) (t [4][4]int64) {
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
