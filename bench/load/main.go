// Command load measures the real noces binary under HTTP load, next to a
// hello-world net/http server in the same run as the baseline.
//
// It creates a database (SQLite in a temp folder, or a fresh schema in the
// PostgreSQL database given with -db), generates users with a seeded RNG,
// starts `noces serve` on a free loopback port, runs every endpoint of the
// table in load.go with keep-alive workers, and prints a Markdown table.
// See bench/README.md.
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"noces/internal/account"
	"noces/internal/model"
	"noces/internal/store"
)

type options struct {
	bin       string
	db        string
	users     int
	batch     int
	tokens    int
	seed      uint64
	out       string
	only      string
	load      loadOptions
	logLevel  string
	keepFiles bool
}

func main() {
	var o options
	flag.StringVar(&o.bin, "bin", "./bin/noces", "the noces binary to start")
	flag.StringVar(&o.db, "db", "", "a postgres:// URL to run on PostgreSQL (a fresh schema is created and dropped); SQLite in a temp folder when empty")
	flag.IntVar(&o.users, "users", 10000, "provider accounts to generate")
	flag.IntVar(&o.batch, "batch", 500, "users inserted per transaction")
	flag.IntVar(&o.tokens, "tokens", 1000, "random users that authenticated requests are spread over")
	flag.Uint64Var(&o.seed, "seed", 1, "seed of the data generator and of the workers")
	flag.StringVar(&o.out, "out", "", "also write the Markdown report to this file (e.g. bench/results-sqlite.md)")
	flag.StringVar(&o.only, "endpoints", "", "comma-separated endpoint names to run (the baseline always runs); all when empty")
	flag.IntVar(&o.load.concurrency, "c", 32, "concurrent workers (and keep-alive connections)")
	flag.DurationVar(&o.load.duration, "d", 10*time.Second, "measured duration per endpoint")
	flag.DurationVar(&o.load.warmup, "warmup", 2*time.Second, "unmeasured warm-up per endpoint")
	flag.DurationVar(&o.load.timeout, "timeout", 10*time.Second, "timeout of one request")
	flag.StringVar(&o.logLevel, "log-level", "error", "NOCES_LOG_LEVEL of the server; info logs every request, which then dominates")
	flag.BoolVar(&o.keepFiles, "keep", false, "keep the temp folder and the PostgreSQL schema, to inspect them")
	flag.Parse()
	o.load.seed = o.seed

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := run(ctx, o, os.Stderr)
	if len(rep.Results) > 0 {
		md := rep.markdown()
		fmt.Print(md)
		if o.out != "" {
			if werr := os.WriteFile(o.out, []byte(md), 0o644); werr != nil {
				fmt.Fprintln(os.Stderr, "bench:", werr)
				os.Exit(1)
			}
			fmt.Fprintln(os.Stderr, "bench: wrote", o.out)
		}
	}
	switch {
	case err != nil && ctx.Err() != nil:
		fmt.Fprintln(os.Stderr, "bench: interrupted")
		os.Exit(130)
	case err != nil:
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func (o options) validate() error {
	switch {
	case o.users < 1:
		return errors.New("-users must be at least 1")
	case o.batch < 1:
		return errors.New("-batch must be at least 1")
	case o.tokens < 1:
		return errors.New("-tokens must be at least 1")
	case o.load.concurrency < 1:
		return errors.New("-c must be at least 1")
	case o.load.duration <= 0:
		return errors.New("-d must be positive")
	case o.load.warmup < 0:
		return errors.New("-warmup must not be negative")
	}
	if fi, err := os.Stat(o.bin); err != nil || fi.IsDir() {
		return fmt.Errorf("no binary at %s: build it with `make go` or `go build -o bin/noces ./cmd/noces`", o.bin)
	}
	return nil
}

// run does the whole benchmark and cleans up after itself on every path,
// Ctrl-C included. The report holds whatever was measured before an error.
func run(ctx context.Context, o options, log io.Writer) (rep report, err error) {
	logf := func(format string, args ...any) { fmt.Fprintf(log, "bench: "+format+"\n", args...) }
	rep = report{Date: time.Now(), IdleBusy: -1, CPUs: runtime.NumCPU(), GoVersion: runtime.Version(),
		Platform: runtime.GOOS + "/" + runtime.GOARCH, Load: o.load}
	if err := o.validate(); err != nil {
		return rep, err
	}
	rep.Binary = describeBinary(o.bin)
	// Cleanup must run even after Ctrl-C cancelled ctx.
	cleanupCtx := func() (context.Context, context.CancelFunc) {
		return context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	}

	dir, err := os.MkdirTemp("", "noces-bench-")
	if err != nil {
		return rep, err
	}
	defer func() {
		if o.keepFiles {
			logf("kept %s", dir)
			return
		}
		_ = os.RemoveAll(dir)
	}()

	db, err := prepareDatabase(ctx, o.db, dir)
	if err != nil {
		return rep, err
	}
	defer func() {
		if o.keepFiles {
			return
		}
		cctx, cancel := cleanupCtx()
		defer cancel()
		if derr := db.drop(cctx); derr != nil {
			logf("%v", derr)
		}
	}()

	// 1. Schema and data, through the store like the product.
	logf("database: %s; generating %d users", db.engine, o.users)
	t0 := time.Now()
	s, err := store.Open(ctx, db.url)
	if err != nil {
		return rep, err
	}
	if err := s.Migrate(ctx); err != nil {
		s.Close()
		return rep, err
	}
	rep.Gen.Migrate = time.Since(t0)
	rep.Engine = engineVersion(ctx, s)
	rep.Postgres = db.engine == "postgres"
	t0 = time.Now()
	// One hash for everyone: argon2id costs ~125 ms by design, 20 minutes for 10,000 users.
	hash, err := account.NewHasher(account.DefaultHashParams, 0).Hash(ctx, BenchPassword)
	if err != nil {
		s.Close()
		return rep, err
	}
	rep.Gen.Hash = time.Since(t0)
	gen := newGenerator(o.seed, time.Now(), hash, model.NewID)
	subjects, st, err := populate(ctx, s, gen, o.users, o.batch)
	if err == nil {
		err = settle(ctx, s)
	}
	s.Close()
	if err != nil {
		return rep, err
	}
	st.Migrate, st.Hash = rep.Gen.Migrate, rep.Gen.Hash
	rep.Gen = st
	logf("generated %d users (%d planners, %d venues) in %s (%.0f users/s); migrations %s, hash %s",
		st.Users, st.Planners, st.Venues, round(st.Insert), perSecond(st.Users, st.Insert), round(st.Migrate), round(st.Hash))

	// 2. The token key the server reads from its data folder, and tokens for
	// a random sample of the users.
	keyBytes := make([]byte, 32)
	_, _ = rand.Read(keyBytes)
	key := hex.EncodeToString(keyBytes)
	if err := os.WriteFile(filepath.Join(dir, "token.key"), []byte(key+"\n"), 0o600); err != nil {
		return rep, err
	}
	signer, err := account.NewSigner([]byte(key))
	if err != nil {
		return rep, err
	}
	sample := sampleSubjects(subjects, o.tokens, o.seed)
	tokens, err := newTokenPool(signer, sample)
	if err != nil {
		return rep, err
	}
	rep.TokenUsers = len(sample)
	freshCtx, stopFresh := context.WithCancel(ctx)
	defer stopFresh()
	go tokens.keepFresh(freshCtx)

	// 3. The servers: the baseline in this process, the real binary beside it.
	helloURL, stopHello, err := startHello()
	if err != nil {
		return rep, err
	}
	defer stopHello()
	addr, err := freeAddr()
	if err != nil {
		return rep, err
	}
	srv, err := startServer(ctx, o.bin, addr, []string{
		"NOCES_ADDR=" + addr,
		"NOCES_DATA_DIR=" + dir,
		"NOCES_DATABASE_URL=" + db.url,
		"NOCES_LOG_LEVEL=" + o.logLevel,
	})
	if err != nil {
		return rep, err
	}
	defer srv.stop()
	logf("noces serving on %s (pid %d), baseline on %s", srv.url, srv.pid(), helloURL)

	// 4. The load, one endpoint after the other.
	eps, err := selectEndpoints(endpoints(targets{hello: helloURL, noces: srv.url}, tokens), o.only)
	if err != nil {
		return rep, err
	}
	rep.IdleBusy = waitQuiet(ctx, 30*time.Second)
	if rep.IdleBusy > busyThreshold {
		logf("warning: %.2f cores were busy with other work before the load; the figures will be skewed", rep.IdleBusy)
	}
	for _, ep := range eps {
		logf("%s: %s warm-up, %s measured, %d workers", ep.name, o.load.warmup, o.load.duration, o.load.concurrency)
		res, err := measure(ctx, ep, o.load, srv.pid())
		if err != nil {
			rep.Interrupted = ctx.Err() != nil
			return rep, fmt.Errorf("%s: %w", ep.name, err)
		}
		logf("%s: %d requests, %d errors, %.0f req/s, p50 %s, p99 %s",
			ep.name, res.Requests, res.Errors, res.Throughput(), ms(res.P50), ms(res.P99))
		if res.CPU.Others > busyThreshold {
			logf("%s: other programs used %.2f cores: %s", ep.name, res.CPU.Others, strings.Join(res.CPU.TopOthers, ", "))
		}
		for _, e := range res.FirstErrors {
			logf("%s: error: %s", ep.name, e)
		}
		rep.Results = append(rep.Results, res)
	}
	return rep, nil
}

// sampleSubjects picks n distinct users at random (all of them when fewer).
func sampleSubjects(all []subject, n int, seed uint64) []subject {
	rng := mrand.New(mrand.NewPCG(seed, 0x5eed))
	idx := rng.Perm(len(all))
	out := make([]subject, 0, min(n, len(all)))
	for _, i := range idx[:min(n, len(all))] {
		out = append(out, all[i])
	}
	return out
}

// selectEndpoints keeps the baseline and the endpoints named in only
// (comma-separated); all of them when only is empty.
func selectEndpoints(all []endpoint, only string) ([]endpoint, error) {
	if strings.TrimSpace(only) == "" {
		return all, nil
	}
	var names []string
	for _, ep := range all {
		names = append(names, ep.name)
	}
	want := map[string]bool{}
	for _, n := range strings.Split(only, ",") {
		n = strings.TrimSpace(n)
		if n == "" {
			continue
		}
		if !slices.Contains(names, n) {
			return nil, fmt.Errorf("-endpoints: unknown %q; known: %s", n, strings.Join(names, ", "))
		}
		want[n] = true
	}
	var out []endpoint
	for _, ep := range all {
		if ep.name == baselineName || want[ep.name] {
			out = append(out, ep)
		}
	}
	return out, nil
}
