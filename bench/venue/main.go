// Command venue measures the creation of a venue with ten photos of 5 MB
// through the real noces binary: one POST /api/venues carrying the form
// and the ten JPEGs (4000x3000, photograph-like, just under 5 MB each), as
// the demo venue owner.
//
// Two figures, each next to a baseline taken in the same run:
//   - the server's time: the latency of the create over loopback, next to
//     the same venue created without photos and then given the same ten
//     photos one POST /api/venues/{id}/images at a time;
//   - the peak extra memory of the server process: its VmHWM during the
//     request minus its VmRSS just before (the high-water mark is reset
//     through /proc/<pid>/clear_refs), next to the same figure for the ten
//     single uploads.
//
// Each run deletes its venue, so the free owner may create the next. See
// bench/README.md.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"image/jpeg"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"runtime"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sync/errgroup"

	"noces/bench/benchserve"
	"noces/internal/imaging"
	"noces/internal/media"
	"noces/internal/venue"
)

func main() {
	bin := flag.String("bin", "./bin/noces", "the noces binary to start")
	runs := flag.Int("runs", 5, "measured runs of each kind (the median is reported)")
	photos := flag.Int("photos", 10, "photos of the venue")
	out := flag.String("out", "", "also write the Markdown report to this file")
	flag.Parse()
	if err := run(*bin, *runs, *photos, *out); err != nil {
		fmt.Fprintln(os.Stderr, "venue:", err)
		os.Exit(1)
	}
}

// clearVenues deletes the demo owner's venues (the demo gives two), so that
// the free plan's one venue is the bench's own.
func clearVenues(s *benchserve.Server, token string) error {
	reply, err := send(s, token, "GET", "/api/venues", nil, "", http.StatusOK)
	if err != nil {
		return err
	}
	var list struct {
		Venues []struct {
			ID string `json:"id"`
		} `json:"venues"`
	}
	if err := json.Unmarshal(reply, &list); err != nil {
		return fmt.Errorf("venue list: %w", err)
	}
	for _, v := range list.Venues {
		if _, err := send(s, token, "DELETE", "/api/venues/"+v.ID, nil, "", http.StatusNoContent); err != nil {
			return err
		}
	}
	return nil
}

// fields are a venue form's text fields.
var fields = map[string]string{
	"name": "Château du Banc d'Essai", "type": "castle", "email": "bench@noces.test", "phone": "01 23 45 67 89",
	"address": "1 allée du Parc", "zipcode": "37000", "city": "Tours", "countryCode": "FR",
	"description": "Un château du XVIIIe siècle au bord de la Loire, pour les mesures.", "seatedCapacity": "180",
	"standingCapacity": "250", "minPrice": "4000", "maxPrice": "12000", "prestations": `["venue_hire","catering"]`,
	"features": `{"garden":true,"parking":true}`,
}

// form is a venue form with n copies of data as its photos.
func form(data []byte, n int) ([]byte, string) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	for i := range n {
		_ = w.WriteField(fmt.Sprintf("images[%d][alt]", i), fmt.Sprintf("Vue %d", i+1))
		fw, _ := w.CreateFormFile(fmt.Sprintf("images[%d][file]", i), fmt.Sprintf("vue-%d.jpg", i+1))
		_, _ = fw.Write(data)
	}
	_ = w.Close()
	return b.Bytes(), w.FormDataContentType()
}

// upload is the single-photo form.
func upload(data []byte) ([]byte, string) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	fw, _ := w.CreateFormFile("file", "vue.jpg")
	_, _ = fw.Write(data)
	_ = w.Close()
	return b.Bytes(), w.FormDataContentType()
}

// send makes one request; the status must be want. It returns the reply.
func send(s *benchserve.Server, token, method, path string, body []byte, ct string, want int) ([]byte, error) {
	req, _ := http.NewRequest(method, s.Base+path, bytes.NewReader(body))
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	r, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	reply, _ := io.ReadAll(r.Body)
	r.Body.Close()
	if r.StatusCode != want {
		return nil, fmt.Errorf("%s %s: status %d, want %d: %s", method, path, r.StatusCode, want, reply)
	}
	return reply, nil
}

type sample struct {
	d     time.Duration
	extra int           // KiB over the RSS before
	cpu   time.Duration // the server's CPU time (user and system)
}

// measure runs f after a collection and a reset of the high-water mark.
func measure(s *benchserve.Server, f func() error) (sample, error) {
	runtime.GC()
	time.Sleep(300 * time.Millisecond)
	if err := s.ResetPeak(); err != nil {
		return sample{}, fmt.Errorf("reset the peak: %w", err)
	}
	before, cpu := s.MemKB("VmRSS"), s.CPUTime()
	t0 := time.Now()
	if err := f(); err != nil {
		return sample{}, err
	}
	return sample{d: time.Since(t0), extra: s.MemKB("VmHWM") - before, cpu: s.CPUTime() - cpu}, nil
}

func venueID(reply []byte) (string, error) {
	var v struct {
		ID     string `json:"id"`
		Images []any  `json:"images"`
	}
	if err := json.Unmarshal(reply, &v); err != nil || v.ID == "" {
		return "", fmt.Errorf("reply without an id: %v", err)
	}
	return v.ID, nil
}

// oneCreate creates the venue with its photos in one request.
func oneCreate(s *benchserve.Server, token string, body []byte, ct string) (sample, error) {
	var id string
	smp, err := measure(s, func() error {
		reply, err := send(s, token, "POST", "/api/venues", body, ct, http.StatusCreated)
		if err == nil {
			id, err = venueID(reply)
		}
		return err
	})
	if err != nil {
		return sample{}, err
	}
	_, err = send(s, token, "DELETE", "/api/venues/"+id, nil, "", http.StatusNoContent)
	return smp, err
}

// singles creates the venue without photos, then adds them one by one.
func singles(s *benchserve.Server, token string, data []byte, n int) (sample, error) {
	empty, ect := form(nil, 0)
	one, oct := upload(data)
	var id string
	smp, err := measure(s, func() error {
		reply, err := send(s, token, "POST", "/api/venues", empty, ect, http.StatusCreated)
		if err == nil {
			id, err = venueID(reply)
		}
		for i := 0; err == nil && i < n; i++ {
			_, err = send(s, token, "POST", "/api/venues/"+id+"/images", one, oct, http.StatusCreated)
		}
		return err
	})
	if err != nil {
		return sample{}, err
	}
	_, err = send(s, token, "DELETE", "/api/venues/"+id, nil, "", http.StatusNoContent)
	return smp, err
}

func run(bin string, runs, n int, outPath string) error {
	data, q, err := benchserve.Photo(venue.MaxImageBytes - 8<<10)
	if err != nil {
		return err
	}
	cfg, _ := jpeg.DecodeConfig(bytes.NewReader(data))
	s, err := benchserve.Start(bin)
	if err != nil {
		return err
	}
	defer s.Stop()
	token, err := benchserve.Login(s.Base, "venue@noces.test")
	if err != nil {
		return err
	}
	if err := clearVenues(s, token); err != nil {
		return err
	}
	body, ct := form(data, n)
	// Warm-up: one of each, unmeasured.
	if _, err := singles(s, token, data, n); err != nil {
		return err
	}
	if _, err := oneCreate(s, token, body, ct); err != nil {
		return err
	}
	var base, real []sample
	for range runs {
		b, err := singles(s, token, data, n)
		if err != nil {
			return err
		}
		r, err := oneCreate(s, token, body, ct)
		if err != nil {
			return err
		}
		base, real = append(base, b), append(real, r)
	}
	pickD := func(v []sample) time.Duration {
		var xs []time.Duration
		for _, x := range v {
			xs = append(xs, x.d)
		}
		return benchserve.Median(xs)
	}
	pickM := func(v []sample) int {
		var xs []int
		for _, x := range v {
			xs = append(xs, x.extra)
		}
		return benchserve.Median(xs)
	}
	baseD, realD, baseM, realM := pickD(base), pickD(real), pickM(base), pickM(real)
	pickC := func(v []sample) time.Duration {
		var xs []time.Duration
		for _, x := range v {
			xs = append(xs, x.cpu)
		}
		return benchserve.Median(xs)
	}
	baseC, realC := pickC(base), pickC(real)
	worstD, worstM := time.Duration(0), 0
	for _, x := range real {
		worstD, worstM = max(worstD, x.d), max(worstM, x.extra)
	}
	// In process: what one photo costs, alone and ten of them two at a
	// time, as the server's workers do; the server's figure is compared to
	// these.
	ctx := context.Background()
	opts := imaging.Options{MinWidth: media.MinSide, MinHeight: media.MinSide, MaxSide: media.MaxSide, Quality: media.JPEGQuality,
		ThumbSide: media.ThumbSide, ThumbQuality: 82}
	var oneD []time.Duration
	for range runs {
		t0 := time.Now()
		if _, err := imaging.ProcessAll(ctx, data, opts); err != nil {
			return err
		}
		oneD = append(oneD, time.Since(t0))
	}
	var pairD, pairC []time.Duration
	for range runs {
		var ru0, ru1 syscall.Rusage
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
		t0 := time.Now()
		var g errgroup.Group
		g.SetLimit(2)
		for range n {
			g.Go(func() error { _, err := imaging.ProcessAll(ctx, data, opts); return err })
		}
		if err := g.Wait(); err != nil {
			return err
		}
		pairD = append(pairD, time.Since(t0))
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
		pairC = append(pairC, time.Duration(ru1.Utime.Nano()-ru0.Utime.Nano()+ru1.Stime.Nano()-ru0.Stime.Nano()))
	}
	var rep strings.Builder
	fmt.Fprintf(&rep, "## Creating a venue with %d photos of 5 MB (%s)\n\n", n, time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Fprintf(&rep, "Load average when done (other work on the machine): %s.\n\n", strings.Join(strings.Fields(string(load))[:3], " "))
	fmt.Fprintf(&rep, "%d CPUs, %s, `%s`; each photo: %dx%d JPEG, %d bytes (quality %d); one form of %d bytes; median of %d runs of each kind, after one unmeasured.\n\n",
		runtime.NumCPU(), runtime.Version(), bin, cfg.Width, cfg.Height, len(data), q, len(body), runs)
	fmt.Fprintf(&rep, "| figure | value (median; worst) | baseline | ratio | target |\n|---|---|---|---|---|\n")
	fmt.Fprintf(&rep, "| server time of POST /api/venues with the %d photos (201) | %s; %s | %s (the venue without photos, then %d single uploads) | %.2f | < 3 s %s |\n",
		n, benchserve.Ms(realD), benchserve.Ms(worstD), benchserve.Ms(baseD), n, float64(realD)/float64(baseD), benchserve.Mark(worstD < 3*time.Second))
	fmt.Fprintf(&rep, "| peak extra memory of the server (VmHWM − VmRSS before) | %.1f MiB; %.1f MiB | %.1f MiB (the single uploads) | %.2f | < 128 MB %s |\n",
		float64(realM)/1024, float64(worstM)/1024, float64(baseM)/1024, float64(realM)/float64(max(baseM, 1)), benchserve.Mark(float64(worstM)*1024 < 128e6))
	fmt.Fprintf(&rep, "| server CPU time of the create (user + system) | %s | %s (the single uploads) | %.2f | |\n", benchserve.Ms(realC), benchserve.Ms(baseC),
		float64(realC)/float64(max(baseC, 1)))
	fmt.Fprintf(&rep, "| in process: one photo through imaging.ProcessAll (1200 px and thumbnail) | %s | | | |\n", benchserve.Ms(benchserve.Median(oneD)))
	fmt.Fprintf(&rep, "| in process: the %d photos, two at a time | %s (CPU %s) | %s (%d × one photo) | %.2f | |\n", n, benchserve.Ms(benchserve.Median(pairD)),
		benchserve.Ms(benchserve.Median(pairC)), benchserve.Ms(time.Duration(n)*benchserve.Median(oneD)), n, float64(benchserve.Median(pairD))/float64(time.Duration(n)*benchserve.Median(oneD)))
	fmt.Fprintf(&rep, "\nServer RSS at the end: %.1f MiB.\n", float64(s.MemKB("VmRSS"))/1024)
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
