// Command export measures the memory a provider's data export takes, since
// an account of any size must export on a small server: a planner with 10,000 requests (half unlocked, each with its
// conversation) and 500 photos, exported the way the job does it (the zip
// streamed to a temporary file, then put in the media storage). A sampler
// reads the Go heap every few milliseconds during the export; the figure is
// the peak of live heap above what was live before it started, and the same
// for the process's resident memory. Goal: under 64 MB extra.
//
//	go run ./bench/export [-db postgres://...] [-requests 10000] [-photos 500] [-photo-bytes 300000] [-out bench/results-export-sqlite.md]
package main

import (
	"archive/zip"
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"noces/internal/export"
	"noces/internal/export/exporttest"
	"noces/internal/i18n"
	"noces/internal/platform/blob"
	"noces/internal/store"
)

func main() {
	dbURL := flag.String("db", "", "a postgres:// URL (the bench adds two planners); SQLite in a temp folder when empty")
	requests := flag.Int("requests", 10_000, "the provider's requests")
	messages := flag.Int("messages", 4, "messages of each unlocked request")
	photos := flag.Int("photos", 500, "the provider's photos")
	photoBytes := flag.Int("photo-bytes", 300_000, "bytes of each photo")
	out := flag.String("out", "", "write the result as markdown to this file too")
	flag.Parse()
	ctx := context.Background()

	dir, err := os.MkdirTemp("", "noces-bench-export-")
	check(err)
	defer os.RemoveAll(dir)
	url := *dbURL
	engine := "PostgreSQL"
	if url == "" {
		url, engine = "sqlite:"+filepath.Join(dir, "noces.db"), "SQLite"
	}
	s, err := store.Open(ctx, url)
	check(err)
	defer s.Close()
	check(s.Migrate(ctx))
	blobs, err := blob.NewLocal(filepath.Join(dir, "media"), "/media/")
	check(err)

	tag := strconv.FormatInt(time.Now().UnixNano()%1e9, 36)
	t0 := time.Now()
	owned, err := exporttest.Seed(ctx, s, blobs, "a"+tag, exporttest.Sizes{Requests: *requests, MessagesPer: *messages,
		Photos: *photos, PhotoBytes: *photoBytes}, time.Now().UTC().Add(-24*time.Hour))
	check(err)
	_, err = exporttest.Seed(ctx, s, blobs, "b"+tag, exporttest.Sizes{Requests: 100, MessagesPer: 2, Photos: 5, PhotoBytes: 1000},
		time.Now().UTC().Add(-24*time.Hour))
	check(err)
	log.Printf("seeded %d requests, %d messages, %d photos in %s", owned.Requests, owned.Messages, owned.Photos, time.Since(t0).Round(time.Millisecond))

	texts := i18n.MustLoad()
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	baseHeap := ms.HeapAlloc
	baseRSS := rss()

	var mu sync.Mutex
	peakHeap, peakRSS := baseHeap, baseRSS
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
				r := rss()
				mu.Lock()
				peakHeap = max(peakHeap, m.HeapAlloc)
				peakRSS = max(peakRSS, r)
				mu.Unlock()
			}
		}
	}()

	start := time.Now()
	tmp, err := os.CreateTemp(dir, "export-*.zip")
	check(err)
	counts, err := export.Write(ctx, tmp, export.Source{Store: s, Blobs: blobs, Texts: texts}, owned.User, time.Now().UTC())
	check(err)
	size, err := tmp.Seek(0, io.SeekCurrent)
	check(err)
	_, err = tmp.Seek(0, io.SeekStart)
	check(err)
	check(blobs.Put(ctx, export.Prefix+owned.User.ID+"/bench.zip", tmp))
	check(tmp.Close())
	elapsed := time.Since(start)
	close(stop)
	<-done

	// The zip holds what the provider owns.
	zr, err := zip.OpenReader(tmp.Name())
	check(err)
	inZip := 0
	for _, f := range zr.File {
		if strings.HasPrefix(f.Name, "photos/") {
			inZip++
		}
	}
	zr.Close()
	if counts.Rows["requests"] != owned.Requests || counts.Rows["conversations"] != owned.Messages || inZip != owned.Photos {
		log.Fatalf("the zip holds %d requests, %d messages, %d photos; the provider owns %d, %d, %d",
			counts.Rows["requests"], counts.Rows["conversations"], inZip, owned.Requests, owned.Messages, owned.Photos)
	}

	heapMB := float64(peakHeap-baseHeap) / 1e6
	rssMB := float64(peakRSS-baseRSS) / 1e6
	met := "yes"
	if heapMB >= 64 || rssMB >= 64 {
		met = "NO"
	}
	report := fmt.Sprintf("| %s | %d | %d | %d | %.1f MB | %.1f MB | %.1f MB | %s | %s |\n", engine, owned.Requests, owned.Messages,
		owned.Photos, float64(size)/1e6, heapMB, rssMB, elapsed.Round(10*time.Millisecond), met)
	fmt.Print("| engine | requests | messages | photos | zip | peak extra heap | peak extra RSS | time | under 64 MB |\n|---|--:|--:|--:|--:|--:|--:|--:|---|\n" + report)
	if *out != "" {
		check(os.WriteFile(*out, []byte(report), 0o644))
	}
}

// rss is the process's resident memory in bytes (Linux), 0 elsewhere.
func rss() uint64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb * 1024
		}
	}
	return 0
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
