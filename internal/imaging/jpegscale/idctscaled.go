package jpegscale

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
//
// The sums are exact integers (64-bit fixed point, no overflow even on the
// absurd coefficients of a hostile file), so the even/odd split below gives
// the bits the plain sums over the cosine table give.
func scaledIDCT(b *block, bs int) {
	switch bs {
	case 1:
		// 1/8 · F(0,0), rounded.
		b[0] = (b[0] + 4) >> 3
	case 2:
		idct2(b)
	case 4:
		idct4(b)
	}
}

// idctBits is the fixed-point precision of the scaled IDCT's factors.
const idctBits = 13

// The factors 1/2 C(u) cos((2x+1)uπ / (2n)) of the 4- and 2-point IDCTs,
// rounded to idctBits bits: every one is ±c0, ±c1 or ±c3 (TestIDCTFactors
// checks them against the formula).
const (
	c0 = 2896 // 1/2 · 1/√2 = 1/2 cos(π/4)
	c1 = 3784 // 1/2 cos(π/8)
	c3 = 1567 // 1/2 cos(3π/8)
)

// idct4 is the 4x4 IDCT: rows, then columns. In one dimension the outputs
// are (e0+o0, e1+o1, e1-o1, e0-o0), the factors of outputs x and 3-x being
// equal on the even frequencies and opposite on the odd ones.
func idct4(b *block) {
	var tmp [16]int64
	for v := range 4 {
		r := (*[4]int32)(b[v*8 : v*8+4])
		f0, f1, f2, f3 := int64(r[0]), int64(r[1]), int64(r[2]), int64(r[3])
		e0, e1 := c0*(f0+f2), c0*(f0-f2)
		o0, o1 := c1*f1+c3*f3, c3*f1-c1*f3
		t := (*[4]int64)(tmp[v*4 : v*4+4])
		t[0], t[1], t[2], t[3] = e0+o0, e1+o1, e1-o1, e0-o0
	}
	const round = 1 << (2*idctBits - 1)
	for x := range 4 {
		g0, g1, g2, g3 := tmp[x], tmp[4+x], tmp[8+x], tmp[12+x]
		e0, e1 := c0*(g0+g2)+round, c0*(g0-g2)+round
		o0, o1 := c1*g1+c3*g3, c3*g1-c1*g3
		b[x] = int32((e0 + o0) >> (2 * idctBits))
		b[8+x] = int32((e1 + o1) >> (2 * idctBits))
		b[16+x] = int32((e1 - o1) >> (2 * idctBits))
		b[24+x] = int32((e0 - o0) >> (2 * idctBits))
	}
}

// idct2 is the 2x2 IDCT, whose factors are all ±c0.
func idct2(b *block) {
	f00, f01, f10, f11 := int64(b[0]), int64(b[1]), int64(b[8]), int64(b[9])
	t00, t01 := c0*(f00+f01), c0*(f00-f01)
	t10, t11 := c0*(f10+f11), c0*(f10-f11)
	const round = 1 << (2*idctBits - 1)
	b[0] = int32((c0*(t00+t10) + round) >> (2 * idctBits))
	b[1] = int32((c0*(t01+t11) + round) >> (2 * idctBits))
	b[8] = int32((c0*(t00-t10) + round) >> (2 * idctBits))
	b[9] = int32((c0*(t01-t11) + round) >> (2 * idctBits))
}
