// Copyright 2017 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package argon2id is golang.org/x/crypto/argon2's Argon2id (v0.58.0, its
// portable Go code) changed in two ways the server needs, and in nothing it
// computes (the tests compare every output with x/crypto's):
//
//   - the lanes of a hash are computed one after the other in the calling
//     goroutine. x/crypto starts one goroutine per lane, so a hash made with
//     p=2 takes two cores whatever the caller's bound, and on a 2-core server
//     every other request then waits for Go's 10 ms preemption. Here a hash
//     is one thread, so a bound on concurrent hashes is a bound on cores.
//   - the memory is the caller's: a Buffer is reused from hash to hash
//     instead of 64 MiB allocated (and collected) per sign-in.
//
// The SSE4.1 assembly is left out: on the machines measured the portable
// code is about 10% slower, not worth 55 KB of generated assembly here.
package argon2id

import (
	"encoding/binary"

	"golang.org/x/crypto/blake2b"
)

// Version is the Argon2 version computed (0x13, as x/crypto/argon2.Version).
const Version = 0x13

const (
	blockLength = 128
	syncPoints  = 4
	argon2id    = 2
)

type block [blockLength]uint64

// Buffer is the memory of one hash at a time; Key grows it as needed and
// overwrites it entirely, so it can be reused without clearing.
type Buffer struct{ blocks []block }

// Bytes is the memory the buffer holds.
func (b *Buffer) Bytes() int { return len(b.blocks) * blockLength * 8 }

// Key derives keyLen bytes from password and salt with Argon2id: the same
// bytes as x/crypto/argon2.IDKey with the same arguments, computed in the
// calling goroutine in buf's memory. time and threads must be at least 1.
func Key(buf *Buffer, password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte {
	if time < 1 {
		panic("argon2id: number of rounds too small")
	}
	if threads < 1 {
		panic("argon2id: parallelism degree too low")
	}
	h0 := initHash(password, salt, nil, nil, time, memory, uint32(threads), keyLen, argon2id)

	memory = memory / (syncPoints * uint32(threads)) * (syncPoints * uint32(threads))
	if memory < 2*syncPoints*uint32(threads) {
		memory = 2 * syncPoints * uint32(threads)
	}
	if uint32(cap(buf.blocks)) < memory {
		buf.blocks = make([]block, memory)
	}
	B := buf.blocks[:memory]
	initBlocks(&h0, B, memory, uint32(threads))
	processBlocks(B, time, memory, uint32(threads), argon2id)
	return extractKey(B, memory, uint32(threads), keyLen)
}

func initHash(password, salt, key, data []byte, time, memory, threads, keyLen uint32, mode int) [blake2b.Size + 8]byte {
	var (
		h0     [blake2b.Size + 8]byte
		params [24]byte
		tmp    [4]byte
	)

	b2, _ := blake2b.New512(nil)
	binary.LittleEndian.PutUint32(params[0:4], threads)
	binary.LittleEndian.PutUint32(params[4:8], keyLen)
	binary.LittleEndian.PutUint32(params[8:12], memory)
	binary.LittleEndian.PutUint32(params[12:16], time)
	binary.LittleEndian.PutUint32(params[16:20], uint32(Version))
	binary.LittleEndian.PutUint32(params[20:24], uint32(mode))
	b2.Write(params[:])
	binary.LittleEndian.PutUint32(tmp[:], uint32(len(password)))
	b2.Write(tmp[:])
	b2.Write(password)
	binary.LittleEndian.PutUint32(tmp[:], uint32(len(salt)))
	b2.Write(tmp[:])
	b2.Write(salt)
	binary.LittleEndian.PutUint32(tmp[:], uint32(len(key)))
	b2.Write(tmp[:])
	b2.Write(key)
	binary.LittleEndian.PutUint32(tmp[:], uint32(len(data)))
	b2.Write(tmp[:])
	b2.Write(data)
	b2.Sum(h0[:0])
	return h0
}

// initBlocks writes the first two blocks of each lane (x/crypto allocates B
// here; the caller's buffer is used instead).
func initBlocks(h0 *[blake2b.Size + 8]byte, B []block, memory, threads uint32) {
	var block0 [1024]byte
	for lane := uint32(0); lane < threads; lane++ {
		j := lane * (memory / threads)
		binary.LittleEndian.PutUint32(h0[blake2b.Size+4:], lane)

		binary.LittleEndian.PutUint32(h0[blake2b.Size:], 0)
		blake2bHash(block0[:], h0[:])
		for i := range B[j+0] {
			B[j+0][i] = binary.LittleEndian.Uint64(block0[i*8:])
		}

		binary.LittleEndian.PutUint32(h0[blake2b.Size:], 1)
		blake2bHash(block0[:], h0[:])
		for i := range B[j+1] {
			B[j+1][i] = binary.LittleEndian.Uint64(block0[i*8:])
		}
	}
}

// processBlocks fills the memory. Two changes from x/crypto: the segments of
// one slice run one after the other instead of in a goroutine each (they
// only read blocks of earlier slices of other lanes, so the order does not
// change the result), and the first pass overwrites blocks instead of
// XOR-ing into them, which x/crypto can do because its memory is freshly
// zeroed and a reused buffer is not.
func processBlocks(B []block, time, memory, threads uint32, mode int) {
	lanes := memory / threads
	segments := lanes / syncPoints

	processSegment := func(n, slice, lane uint32) {
		var addresses, in, zero block
		if n == 0 && slice < syncPoints/2 {
			in[0] = uint64(n)
			in[1] = uint64(lane)
			in[2] = uint64(slice)
			in[3] = uint64(memory)
			in[4] = uint64(time)
			in[5] = uint64(mode)
		}

		index := uint32(0)
		if n == 0 && slice == 0 {
			index = 2 // we have already generated the first two blocks
			in[6]++
			processBlock(&addresses, &in, &zero, false)
			processBlock(&addresses, &addresses, &zero, false)
		}

		offset := lane*lanes + slice*segments + index
		var random uint64
		for index < segments {
			prev := offset - 1
			if index == 0 && slice == 0 {
				prev += lanes // last block in lane
			}
			if n == 0 && slice < syncPoints/2 {
				if index%blockLength == 0 {
					in[6]++
					processBlock(&addresses, &in, &zero, false)
					processBlock(&addresses, &addresses, &zero, false)
				}
				random = addresses[index%blockLength]
			} else {
				random = B[prev][0]
			}
			newOffset := indexAlpha(random, lanes, segments, threads, n, slice, lane, index)
			processBlock(&B[offset], &B[prev], &B[newOffset], n > 0)
			index, offset = index+1, offset+1
		}
	}

	for n := uint32(0); n < time; n++ {
		for slice := uint32(0); slice < syncPoints; slice++ {
			for lane := uint32(0); lane < threads; lane++ {
				processSegment(n, slice, lane)
			}
		}
	}
}

func extractKey(B []block, memory, threads, keyLen uint32) []byte {
	lanes := memory / threads
	for lane := uint32(0); lane < threads-1; lane++ {
		for i, v := range B[(lane*lanes)+lanes-1] {
			B[memory-1][i] ^= v
		}
	}

	var block [1024]byte
	for i, v := range B[memory-1] {
		binary.LittleEndian.PutUint64(block[i*8:], v)
	}
	key := make([]byte, keyLen)
	blake2bHash(key, block[:])
	return key
}

func indexAlpha(rand uint64, lanes, segments, threads, n, slice, lane, index uint32) uint32 {
	refLane := uint32(rand>>32) % threads
	if n == 0 && slice == 0 {
		refLane = lane
	}
	m, s := 3*segments, ((slice+1)%syncPoints)*segments
	if lane == refLane {
		m += index
	}
	if n == 0 {
		m, s = slice*segments, 0
		if slice == 0 || lane == refLane {
			m += index
		}
	}
	if index == 0 || lane == refLane {
		m--
	}
	return phi(rand, uint64(m), uint64(s), refLane, lanes)
}

func phi(rand, m, s uint64, lane, lanes uint32) uint32 {
	p := rand & 0xFFFFFFFF
	p = (p * p) >> 32
	p = (p * m) >> 32
	return lane*lanes + uint32((s+m-(p+1))%uint64(lanes))
}
