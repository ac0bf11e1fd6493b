// Package orig is package jpegscale as it was at commit 95dbf13, before its
// entropy decoder was rewritten: image/jpeg's 32-bit bit reader and 8-bit
// Huffman look-up table, byte by byte. It is imported only by jpegscale's
// tests, as the reference the new decoder must match pixel for pixel at
// every scale (image/jpeg itself has no reduced decoding) and as the "old"
// side of the benchmark's ratio, timed in the same run.
package orig
