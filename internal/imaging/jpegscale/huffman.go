// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package jpegscale

import (
	"encoding/binary"
	"io"
)

// maxCodeLength is the maximum (inclusive) number of bits in a Huffman code.
const maxCodeLength = 16

// maxNCodes is the maximum (inclusive) number of codes in a Huffman tree.
const maxNCodes = 256

// lutSize is the log-2 size of image/jpeg's Huffman look-up table. That
// table is still derived, as image/jpeg does, only to build the larger one
// below: for a table whose codes overflow their lengths (a DHT that lists
// more codes than fit, which image/jpeg accepts), image/jpeg's result
// depends on whether its 8-bit table or its bit-by-bit search decodes the
// code, and the large table reproduces that choice.
const lutSize = 8

// lookBits is the number of bits the decoder looks ahead in one table
// look-up: libjpeg-turbo's 8 resolve most codes, 10 also resolve most
// codes with their extra bits (a coefficient's value) in the same step.
const lookBits = 10

// A fast-table entry packs, for the next lookBits bits of the stream:
//
//	bits 0-7    the decoded symbol
//	bits 8-12   the code's length, 0 if the code is longer than lookBits
//	            (or the bits start no code: the bit-by-bit search decides)
//	bits 13-17  the code's length plus the symbol's extra bits when they
//	            fit in lookBits too, else 0
//	bits 18-31  then, the value those extra bits give (signed)
//
// For a DC table the extra bits are the symbol (the difference's size);
// for an AC table, the symbol's low nibble, its high nibble being the run
// of zeros before the coefficient.
const (
	fastCodeShift  = 8
	fastTotalShift = 13
	fastValueShift = 18
)

// huffman is a Huffman decoder, specified in section C.
type huffman struct {
	// nCodes is the number of codes in the tree, 0 if the table was never
	// defined (using it is an error).
	nCodes int32
	// fast is the look-up table for the next lookBits bits of the stream
	// (see lookBits for its entries).
	fast [1 << lookBits]uint32
	// vals are the decoded values, sorted by their encoding.
	vals [maxNCodes]uint8
	// minCodes[i] is the minimum code of length i, or -1 if there are no
	// codes of that length.
	minCodes [maxCodeLength]int32
	// maxCodes[i] is the maximum code of length i, or -1 if there are no
	// codes of that length.
	maxCodes [maxCodeLength]int32
	// valsIndices[i] is the index into vals of minCodes[i].
	valsIndices [maxCodeLength]int32
}

// errShortHuffmanData means that an unexpected EOF occurred while decoding
// Huffman data.
var errShortHuffmanData = FormatError("short Huffman data")

// errUninitializedHuffman is the use of a Huffman table no DHT defined.
var errUninitializedHuffman = FormatError("uninitialized Huffman table")

// errBadHuffmanCode is 16 bits that start no code of the table.
var errBadHuffmanCode = FormatError("bad Huffman code")

// hasFF reports whether any byte of v is 0xff (the classic test for a zero
// byte, applied to ^v).
func hasFF(v uint64) bool {
	x := ^v
	return (x-0x0101010101010101)&^x&0x8080808080808080 != 0
}

// fillBits tops the bit buffer up to more than 56 bits, or to the end of
// the entropy-coded segment: a marker, or the end of the input. At that
// end it sets d.bits.eod, keeps the reason in d.bits.err for the read that
// will need more bits, and leaves the bytes of the marker unread, so that
// the marker is where the caller looks for it.
//
// Bytes are taken eight at a time when the eight hold no 0xff (no stuffing
// and no marker to look at), else one at a time.
func (d *decoder) fillBits() {
	if d.bits.eod {
		return
	}
	for d.bits.n <= 56 {
		if i := d.bytes.i; i+8 <= d.bytes.j {
			v := binary.BigEndian.Uint64(d.bytes.buf[i : i+8])
			if !hasFF(v) {
				// Whole bytes only; the bits below them are the start of
				// the next byte, which the next fill writes again.
				k := (64 - d.bits.n) >> 3
				d.bits.a |= v >> d.bits.n
				d.bits.n += 8 * k
				d.bytes.i = i + int(k)
				continue
			}
		}
		c, err := d.readByteStuffedByte()
		if err != nil {
			// A marker's (or fill byte's) 0xff, or a 0xff at the end of
			// the input, goes back to the byte stream.
			d.bytes.i -= d.bytes.nUnreadable
			d.bytes.nUnreadable = 0
			if err == io.ErrUnexpectedEOF {
				err = errShortHuffmanData
			}
			d.bits.eod, d.bits.err = true, err
			// Clear the bits below the valid ones, which the eight-byte
			// reads may have filled: a look-up past the end reads zeros.
			d.bits.a &^= ^uint64(0) >> d.bits.n
			return
		}
		d.bytes.nUnreadable = 0
		d.bits.a |= uint64(c) << (56 - d.bits.n)
		d.bits.n += 8
	}
}

// fillBitsFast is fillBits for decodeBlockFast: it takes its bytes from
// d.bytes.buf only and reports false instead of meeting a marker or the
// buffer's end, whereupon the block is decoded again by the careful path.
// The caller has made sure the buffer holds more than a block can use, so
// that false means a marker.
func (d *decoder) fillBitsFast(a uint64, n uint32) (uint64, uint32, bool) {
	i := d.bytes.i
	for n <= 56 {
		if i+8 > len(d.bytes.buf) || i+8 > d.bytes.j {
			return a, n, false
		}
		v := binary.BigEndian.Uint64(d.bytes.buf[i : i+8])
		if !hasFF(v) {
			k := (64 - n) >> 3
			a |= v >> n
			n += 8 * k
			i += int(k)
			break
		}
		// Byte by byte, up to and including the first 0xff.
		for n <= 56 {
			c := d.bytes.buf[i]
			if c == 0xff {
				if i+1 >= d.bytes.j || d.bytes.buf[i+1] != 0 {
					return a, n, false // a marker
				}
				a |= 0xff << (56 - n)
				n += 8
				i += 2
				break
			}
			a |= uint64(c) << (56 - n)
			n += 8
			i++
		}
	}
	d.bytes.i = i
	return a, n, true
}

// decodeLong decodes the code at the top of a, at least 16 valid bits, bit
// by bit, as image/jpeg does for a code its look-up table does not hold.
func (h *huffman) decodeLong(a uint64) (value uint8, length uint32, err error) {
	if h.nCodes == 0 {
		return 0, 0, errUninitializedHuffman
	}
	code := int32(0)
	for i := range maxCodeLength {
		code = code<<1 | int32(a>>63)
		a <<= 1
		if code <= h.maxCodes[i] {
			return h.vals[h.valsIndices[i]+code-h.minCodes[i]], uint32(i + 1), nil
		}
	}
	return 0, 0, errBadHuffmanCode
}

// extend is EXTEND of section F.2.2.1: the s-bit field x (s from 0 to 16)
// as the signed value it codes. Shifts by unsigned counts make s == 0 give
// 0 without a branch.
func extend(x uint32, s uint32) int32 {
	v := int32(x)
	return v - ((v>>(s-1))-1)&(1<<s-1)
}

// errAtEnd is the error of a read past the segment's last bit.
func (d *decoder) errAtEnd() error {
	if d.bits.err != nil {
		return d.bits.err
	}
	return errShortHuffmanData
}

// receiveExtend is the composition of RECEIVE and EXTEND, specified in section
// F.2.2.1.
func (d *decoder) receiveExtend(t uint8) (int32, error) {
	s := uint32(t)
	if d.bits.n < s {
		d.fillBits()
		if d.bits.n < s {
			return 0, d.errAtEnd()
		}
	}
	x := uint32(d.bits.a >> (64 - s))
	d.bits.a <<= s
	d.bits.n -= s
	return extend(x, s), nil
}

// processDHT processes a Define Huffman Table marker, and initializes a huffman
// struct from its contents. Specified in section B.2.4.2.
func (d *decoder) processDHT(n int) error {
	for n > 0 {
		if n < 17 {
			return FormatError("DHT has wrong length")
		}
		if err := d.readFull(d.tmp[:17]); err != nil {
			return err
		}
		tc := d.tmp[0] >> 4
		if tc > maxTc {
			return FormatError("bad Tc value")
		}
		th := d.tmp[0] & 0x0f
		// The baseline th <= 1 restriction is specified in table B.5.
		if th > maxTh || (d.baseline && th > 1) {
			return FormatError("bad Th value")
		}
		h := &d.huff[tc][th]

		// Read nCodes and h.vals (and derive h.nCodes).
		// nCodes[i] is the number of codes with code length i.
		// h.nCodes is the total number of codes.
		h.nCodes = 0
		var nCodes [maxCodeLength]int32
		for i := range nCodes {
			nCodes[i] = int32(d.tmp[i+1])
			h.nCodes += nCodes[i]
		}
		if h.nCodes == 0 {
			return FormatError("Huffman table has zero length")
		}
		if h.nCodes > maxNCodes {
			return FormatError("Huffman table has excessive length")
		}
		n -= int(h.nCodes) + 17
		if n < 0 {
			return FormatError("DHT has wrong length")
		}
		if err := d.readFull(h.vals[:h.nCodes]); err != nil {
			return err
		}

		// Derive image/jpeg's look-up table, exactly as it does.
		var lut [1 << lutSize]uint16
		var x, code uint32
		for i := uint32(0); i < lutSize; i++ {
			code <<= 1
			for j := int32(0); j < nCodes[i]; j++ {
				// The codeLength is 1+i, so shift code by 8-(1+i) to
				// calculate the high bits for every 8-bit sequence
				// whose codeLength's high bits matches code.
				// The high 8 bits of lutValue are the encoded value.
				// The low 8 bits are 1 plus the codeLength.
				base := uint8(code << (7 - i))
				lutValue := uint16(h.vals[x])<<8 | uint16(2+i)
				for k := uint8(0); k < 1<<(7-i); k++ {
					lut[base|k] = lutValue
				}
				code++
				x++
			}
		}

		// Derive minCodes, maxCodes, and valsIndices.
		var c, index int32
		for i, n := range nCodes {
			if n == 0 {
				h.minCodes[i] = -1
				h.maxCodes[i] = -1
				h.valsIndices[i] = -1
			} else {
				h.minCodes[i] = c
				h.maxCodes[i] = c + n - 1
				h.valsIndices[i] = index
				c += n
				index += n
			}
			c <<= 1
		}

		h.buildFast(&lut, tc)
	}
	return nil
}

// buildFast derives h.fast from image/jpeg's 8-bit table lut and h's
// canonical codes: for each lookBits-bit pattern, the code image/jpeg
// decodes when 8 bits or more remain (its table's entry, else its
// bit-by-bit search), and the value of the extra bits that follow when
// they fit (tc tells whether the symbols are DC sizes or AC run/sizes).
func (h *huffman) buildFast(lut *[1 << lutSize]uint16, tc uint8) {
	for p := range uint32(1 << lookBits) {
		var sym, length uint32
		if v := lut[p>>(lookBits-lutSize)]; v != 0 {
			sym, length = uint32(v>>8), uint32(v&0xff)-1
		} else {
			code := int32(0)
			for i := range lookBits {
				code = code<<1 | int32(p>>(lookBits-1-i))&1
				if code <= h.maxCodes[i] {
					sym, length = uint32(h.vals[h.valsIndices[i]+code-h.minCodes[i]]), uint32(i+1)
					break
				}
			}
		}
		if length == 0 {
			h.fast[p] = 0
			continue
		}
		e := sym | length<<fastCodeShift
		size := sym & 0x0f
		if tc == dcTable {
			size = sym
		}
		if size <= 16 && length+size <= lookBits {
			x := (p >> (lookBits - length - size)) & (1<<size - 1)
			e |= (length+size)<<fastTotalShift | uint32(extend(x, size))<<fastValueShift
		}
		h.fast[p] = e
	}
}

// decodeHuffman returns the next Huffman-coded value from the bit-stream,
// decoded according to h. As image/jpeg: when 8 bits or more remain in the
// segment, its table's result; else, and for longer codes, the bit-by-bit
// search, an error if the segment ends first.
func (d *decoder) decodeHuffman(h *huffman) (uint8, error) {
	if h.nCodes == 0 {
		return 0, errUninitializedHuffman
	}
	if d.bits.n < 32 {
		d.fillBits()
	}
	if d.bits.n < 8 && d.bits.eod && d.bits.err != errMissingFF00 && d.bits.err != errShortHuffmanData {
		// image/jpeg stops at a read error (not at the segment's end)
		// before looking at the bits it has.
		return 0, d.bits.err
	}
	if d.bits.n >= 8 {
		e := h.fast[d.bits.a>>(64-lookBits)]
		if length := e >> fastCodeShift & 0x1f; length != 0 {
			if length > d.bits.n {
				return 0, d.errAtEnd()
			}
			d.bits.a <<= length
			d.bits.n -= length
			return uint8(e), nil
		}
	}
	code := int32(0)
	for i := range uint32(maxCodeLength) {
		if i >= d.bits.n {
			return 0, d.errAtEnd()
		}
		code = code<<1 | int32(d.bits.a>>(63-i))&1
		if code <= h.maxCodes[i] {
			d.bits.a <<= i + 1
			d.bits.n -= i + 1
			return h.vals[h.valsIndices[i]+code-h.minCodes[i]], nil
		}
	}
	return 0, errBadHuffmanCode
}

func (d *decoder) decodeBit() (bool, error) {
	if d.bits.n == 0 {
		d.fillBits()
		if d.bits.n == 0 {
			return false, d.errAtEnd()
		}
	}
	ret := d.bits.a>>63 != 0
	d.bits.a <<= 1
	d.bits.n--
	return ret, nil
}

func (d *decoder) decodeBits(n int32) (uint32, error) {
	s := uint32(n)
	if d.bits.n < s {
		d.fillBits()
		if d.bits.n < s {
			return 0, d.errAtEnd()
		}
	}
	ret := uint32(d.bits.a >> (64 - s))
	d.bits.a <<= s
	d.bits.n -= s
	return ret, nil
}
