// Command upload measures one large photo upload through the real noces
// binary: a JPEG of 4000x3000 pixels just under 10 MB, sent to
// POST /api/images/upload as the demo premium planner.
//
// Two figures, each next to a baseline taken in the same run:
//   - the server's time to check, re-encode and make the thumbnail: the
//     latency of the real upload minus that of the same 10 MB body refused
//     for its title (read and parsed the same way, never decoded);
//   - the peak extra memory of the server process: its VmHWM during the
//     upload minus its VmRSS just before (the high-water mark is reset
//     through /proc/<pid>/clear_refs before each request), next to the same
//     figure for the refused upload.
//
// In process, it also times imaging.Process on the same bytes, against the
// raw jpeg.Decode of them, to say where the time goes. See bench/README.md.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image/jpeg"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"runtime"
	"strings"
	"time"

	"noces/bench/benchserve"
	"noces/internal/imaging"
	"noces/internal/media"
)

func main() {
	bin := flag.String("bin", "./bin/noces", "the noces binary to start")
	runs := flag.Int("runs", 7, "measured uploads of each kind (the median is reported)")
	out := flag.String("out", "", "also write the Markdown report to this file")
	flag.Parse()
	if err := run(*bin, *runs, *out); err != nil {
		fmt.Fprintln(os.Stderr, "upload:", err)
		os.Exit(1)
	}
}

func form(data []byte, title string) ([]byte, string) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	_ = w.WriteField("title", title)
	_ = w.WriteField("description", "Un grand tirage de 12 mégapixels, tel qu'un appareil le donne.")
	fw, _ := w.CreateFormFile("image", "grand.jpg")
	_, _ = fw.Write(data)
	_ = w.Close()
	return b.Bytes(), w.FormDataContentType()
}

type sample struct {
	d     time.Duration
	extra int // KiB over the RSS before the request
}

// upload sends one body and returns its latency and the server's peak
// extra memory; the status must be want.
func upload(s *benchserve.Server, token string, body []byte, ct string, want int) (sample, error) {
	// A collection first, so garbage from the previous request does not
	// count in this one's peak.
	runtime.GC()
	time.Sleep(300 * time.Millisecond)
	if err := s.ResetPeak(); err != nil {
		return sample{}, fmt.Errorf("reset the peak: %w", err)
	}
	before := s.MemKB("VmRSS")
	req, _ := http.NewRequest("POST", s.Base+"/api/images/upload", bytes.NewReader(body))
	req.Header.Set("Content-Type", ct)
	req.Header.Set("Authorization", "Bearer "+token)
	t0 := time.Now()
	r, err := http.DefaultClient.Do(req)
	if err != nil {
		return sample{}, err
	}
	reply, _ := io.ReadAll(r.Body)
	r.Body.Close()
	d := time.Since(t0)
	if r.StatusCode != want {
		return sample{}, fmt.Errorf("status %d, want %d: %s", r.StatusCode, want, reply)
	}
	return sample{d: d, extra: s.MemKB("VmHWM") - before}, nil
}

func timeIt(runs int, f func() error) (time.Duration, error) {
	var ds []time.Duration
	for range runs {
		t0 := time.Now()
		if err := f(); err != nil {
			return 0, err
		}
		ds = append(ds, time.Since(t0))
	}
	return benchserve.Median(ds), nil
}

func run(bin string, runs int, outPath string) error {
	data, q, err := benchserve.Photo(media.PhotoMaxBytes - 64<<10)
	if err != nil {
		return err
	}
	cfg, _ := jpeg.DecodeConfig(bytes.NewReader(data))
	s, err := benchserve.Start(bin)
	if err != nil {
		return err
	}
	defer s.Stop()
	token, err := benchserve.Login(s.Base, "premium@noces.test")
	if err != nil {
		return err
	}
	good, ct := form(data, "Grand tirage")
	bad, badCT := form(data, "x") // refused for its title, after the body is read
	// Warm-up: one of each, unmeasured.
	if _, err := upload(s, token, bad, badCT, http.StatusUnprocessableEntity); err != nil {
		return err
	}
	if _, err := upload(s, token, good, ct, http.StatusCreated); err != nil {
		return err
	}
	var base, real []sample
	for range runs {
		b, err := upload(s, token, bad, badCT, http.StatusUnprocessableEntity)
		if err != nil {
			return err
		}
		r, err := upload(s, token, good, ct, http.StatusCreated)
		if err != nil {
			return err
		}
		base, real = append(base, b), append(real, r)
	}
	pick := func(v []sample, f func(sample) int64) int64 {
		var xs []int
		for _, x := range v {
			xs = append(xs, int(f(x)))
		}
		return int64(benchserve.Median(xs))
	}
	baseD := time.Duration(pick(base, func(x sample) int64 { return int64(x.d) }))
	realD := time.Duration(pick(real, func(x sample) int64 { return int64(x.d) }))
	baseM := pick(base, func(x sample) int64 { return int64(x.extra) })
	realM := pick(real, func(x sample) int64 { return int64(x.extra) })
	rss := s.MemKB("VmRSS")

	// In process: where the time goes.
	ctx := context.Background()
	decodeD, err := timeIt(runs, func() error { _, err := jpeg.Decode(bytes.NewReader(data)); return err })
	if err != nil {
		return err
	}
	var large []byte
	largeD, err := timeIt(runs, func() error {
		var err error
		large, _, err = imaging.Process(ctx, data, imaging.Options{MinWidth: media.MinSide, MinHeight: media.MinSide, MaxSide: media.MaxSide, Quality: media.JPEGQuality})
		return err
	})
	if err != nil {
		return err
	}
	thumbD, err := timeIt(runs, func() error {
		_, _, err := imaging.Process(ctx, large, imaging.Options{MaxSide: media.ThumbSide, Quality: 82})
		return err
	})
	if err != nil {
		return err
	}

	processing := realD - baseD
	var rep strings.Builder
	fmt.Fprintf(&rep, "## Upload of a 10 MB photo (%s)\n\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Fprintf(&rep, "Load average when done (other work on the machine): %s.\n\n", strings.Join(strings.Fields(string(load))[:3], " "))
	fmt.Fprintf(&rep, "%d CPUs, %s, `%s`; the photo: %dx%d JPEG, %d bytes (quality %d); median of %d uploads of each kind, after one unmeasured.\n\n",
		runtime.NumCPU(), runtime.Version(), bin, cfg.Width, cfg.Height, len(data), q, runs)
	fmt.Fprintf(&rep, "| figure | value | baseline | ratio | target |\n|---|---|---|---|---|\n")
	fmt.Fprintf(&rep, "| upload latency (201) | %s | %s (same body, refused for its title) | %.2f | |\n", benchserve.Ms(realD), benchserve.Ms(baseD), float64(realD)/float64(baseD))
	fmt.Fprintf(&rep, "| server time to check, re-encode, thumbnail and store | %s | | | < 400 ms %s |\n", benchserve.Ms(processing), benchserve.Mark(processing < 400*time.Millisecond))
	fmt.Fprintf(&rep, "| peak extra memory of the server (VmHWM − VmRSS before) | %.1f MiB | %.1f MiB (refused upload) | %.2f | < 96 MB %s |\n",
		float64(realM)/1024, float64(baseM)/1024, float64(realM)/float64(max(baseM, 1)), benchserve.Mark(float64(realM)*1024 < 96e6))
	fmt.Fprintf(&rep, "| in process: imaging.Process to 1200 px | %s | %s (jpeg.Decode alone) | %.2f | |\n", benchserve.Ms(largeD), benchserve.Ms(decodeD), float64(largeD)/float64(decodeD))
	fmt.Fprintf(&rep, "| in process: the 480 px thumbnail from it | %s | | | |\n", benchserve.Ms(thumbD))
	fmt.Fprintf(&rep, "\nServer RSS at the end: %.1f MiB.\n", float64(rss)/1024)
	fmt.Print(rep.String())
	if outPath != "" {
		f, err := os.OpenFile(outPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = f.WriteString(rep.String() + "\n")
		return err
	}
	return nil
}
