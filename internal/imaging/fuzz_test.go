package imaging

import (
	"bytes"
	"context"
	"errors"
	"image/jpeg"
	"testing"
	"time"
)

// fuzzBudget keeps every input under 64 MiB of decoded pixels: larger ones
// are refused by their header, as uploads are above MaxImageBytes.
var fuzzBudget = NewBudget(64<<20, time.Minute)

// FuzzProcess feeds Process any bytes: it must never panic, refuse with one
// of its errors, or give a JPEG of the size it says, within the bounds asked.
// The seed corpus (testdata/fuzz/FuzzProcess) holds small valid images of
// every format and layout, truncated ones, and bomb headers.
func FuzzProcess(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		out, size, err := Process(context.Background(), b, Options{MinWidth: 2, MinHeight: 2, MaxSide: 64, Quality: 80, Budget: fuzzBudget})
		if err != nil {
			if !errors.Is(err, ErrFormat) && !errors.Is(err, ErrTooSmall) && !errors.Is(err, ErrTooBig) && !errors.Is(err, ErrBusy) {
				t.Fatalf("unexpected error %v", err)
			}
			if out != nil {
				t.Fatal("bytes with an error")
			}
			return
		}
		if size.X < 1 || size.Y < 1 || size.X > 64 || size.Y > 64 {
			t.Fatalf("size %v", size)
		}
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(out))
		if err != nil || cfg.Width != size.X || cfg.Height != size.Y {
			t.Fatalf("output %v %v, said %v", cfg, err, size)
		}
	})
}
