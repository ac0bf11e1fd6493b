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
	"path"
	"path/filepath"
	"runtime"
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
	requests  int
	batch     int
	tokens    int
	logins    int
	direct    bool
	seed      uint64
	out       string
	appendOut bool
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
	flag.IntVar(&o.requests, "requests", 0, "event requests to generate, with the couples' projects they come from")
	flag.IntVar(&o.batch, "batch", 5000, "providers inserted per transaction")
	flag.IntVar(&o.logins, "logins", 0, "sign-ins kept running in the background while each row is measured (0: none)")
	flag.BoolVar(&o.direct, "direct", false, "also time the database work of the search and event-request rows in process, one call at a time, before the HTTP load")
	flag.IntVar(&o.tokens, "tokens", 1000, "random users that authenticated requests are spread over")
	flag.Uint64Var(&o.seed, "seed", 1, "seed of the data generator and of the workers")
	flag.StringVar(&o.out, "out", "", "also write the Markdown report to this file (e.g. bench/results-sqlite.md)")
	flag.BoolVar(&o.appendOut, "append", false, "add the report to the end of the -out file instead of replacing it (several runs in one file)")
	flag.StringVar(&o.only, "endpoints", "", "comma-separated endpoint names or patterns (search*) to run (the baseline always runs); all when empty")
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
			if werr := writeReport(o.out, md, o.appendOut); werr != nil {
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

// writeReport writes md to path, or adds it after a blank line when appending.
func writeReport(path, md string, appending bool) error {
	if !appending {
		return os.WriteFile(path, []byte(md), 0o644)
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if fi, err := f.Stat(); err == nil && fi.Size() > 0 {
		md = "\n" + md
	}
	if _, err := f.WriteString(md); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func (o options) validate() error {
	switch {
	case o.users < 1:
		return errors.New("-users must be at least 1")
	case o.requests < 0:
		return errors.New("-requests must not be negative")
	case o.logins < 0:
		return errors.New("-logins must not be negative")
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

	// 1. Schema (through the store's migrations) and data.
	logf("database: %s; generating %d providers and %d event requests", db.engine, o.users, o.requests)
	t0 := time.Now()
	s, err := store.Open(ctx, db.url)
	if err != nil {
		return rep, err
	}
	storeOpen := true
	closeStore := func() {
		if storeOpen {
			s.Close()
			storeOpen = false
		}
	}
	defer closeStore()
	if err := s.Migrate(ctx); err != nil {
		return rep, err
	}
	migrate := time.Since(t0)
	rep.Engine = engineVersion(ctx, s)
	rep.Postgres = db.engine == "postgres"
	t0 = time.Now()
	// One hash for everyone: argon2id costs ~125 ms by design, 20 minutes for 10,000 users.
	hash, err := account.NewHasher(account.DefaultHashParams, account.HasherOptions{}).Hash(ctx, BenchPassword)
	if err != nil {
		return rep, err
	}
	hashTime := time.Since(t0)
	cities, err := gazetteerCities()
	if err != nil {
		return rep, err
	}
	gen := newGenerator(o.seed, time.Now(), hash, model.NewID, cities)
	subjects, st, err := populate(ctx, s, gen, o.users, o.batch)
	if err != nil {
		return rep, err
	}
	st.Migrate, st.Hash = migrate, hashTime
	logf("generated %d providers (%d planners, %d searchable; %d venues) in %s (%.0f providers/s); migrations %s, hash %s",
		st.Users, st.Planners, st.Searchable, st.Venues, round(st.Insert), perSecond(st.Users, st.Insert), round(st.Migrate), round(st.Hash))
	if o.requests > 0 {
		t0 = time.Now()
		st.Projects, err = populateRequests(ctx, s, gen, subjects, o.requests)
		if err != nil {
			return rep, err
		}
		st.Requests, st.InsertRequests = o.requests, time.Since(t0)
		logf("generated %d event requests from %d projects in %s (%.0f requests/s)",
			st.Requests, st.Projects, round(st.InsertRequests), perSecond(st.Requests, st.InsertRequests))
	}
	rep.Gen = st
	t0 = time.Now()
	if err := settle(ctx, s); err != nil {
		return rep, err
	}
	logf("settled in %s", round(time.Since(t0)))

	// 2. The token key the server reads from its data folder, and tokens for
	// a random sample of the users and for providers by number of requests.
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
	fx := fixtures{tokens: tokens, logins: sample, bands: map[string]*tokenPool{}, cities: cities, now: time.Now}
	pools := []*tokenPool{tokens}
	if o.requests > 0 {
		for _, b := range requestBands {
			members := inBand(subjects, b)
			rep.Bands = append(rep.Bands, describeBand(b, members))
			if len(members) == 0 {
				logf("no provider has %d to %d requests: the %s rows are left out", b.Min, b.Max, b.Name)
				continue
			}
			pool, err := newTokenPool(signer, sampleSubjects(members, o.tokens, o.seed))
			if err != nil {
				return rep, err
			}
			fx.bands[b.Name] = pool
			pools = append(pools, pool)
		}
	}
	freshCtx, stopFresh := context.WithCancel(ctx)
	defer stopFresh()
	for _, p := range pools {
		go p.keepFresh(freshCtx)
	}

	// 3. The database work alone, in process, before any server runs.
	if o.direct {
		fx.store, fx.index = s, newSearchIndex(s)
		eps, err := selectEndpoints(endpoints(targets{}, fx), o.only)
		if err != nil {
			return rep, err
		}
		rep.IdleBusy = waitQuiet(ctx, 30*time.Second)
		for _, ep := range eps {
			if ep.direct == nil {
				continue
			}
			logf("%s (in process): %s warm-up, %s measured, one call at a time", ep.name, o.load.warmup, o.load.duration)
			res, err := measureDirect(ctx, ep, o.load)
			if err != nil {
				rep.Interrupted = ctx.Err() != nil
				return rep, err
			}
			logf("%s (in process): %d calls, %.0f/s, p50 %s, p95 %s, p99 %s", ep.name, res.Requests, res.Throughput(),
				ms(res.P50), ms(res.P95), ms(res.P99))
			rep.Direct = append(rep.Direct, res)
		}
		fx.store, fx.index = nil, nil
	}
	closeStore()

	// 4. The servers: the baseline in this process, the real binary beside it.
	helloURL, stopHello, err := startHello()
	if err != nil {
		return rep, err
	}
	defer stopHello()
	addr, err := freeAddr()
	if err != nil {
		return rep, err
	}
	srv, err := startServer(ctx, o.bin, addr, append([]string{
		"NOCES_ADDR=" + addr,
		"NOCES_DATA_DIR=" + dir,
		"NOCES_DATABASE_URL=" + db.url,
		"NOCES_LOG_LEVEL=" + o.logLevel,
	}, searchCacheEnv()...))
	if err != nil {
		return rep, err
	}
	defer srv.stop()
	logf("noces serving on %s (pid %d), baseline on %s", srv.url, srv.pid(), helloURL)

	// 5. The load, one endpoint after the other.
	tg := targets{hello: helloURL, noces: srv.url}
	eps, err := selectEndpoints(endpoints(tg, fx), o.only)
	if err != nil {
		return rep, err
	}
	rep.Logins = o.logins
	busy := waitQuiet(ctx, 30*time.Second)
	if rep.IdleBusy < 0 || busy > rep.IdleBusy {
		rep.IdleBusy = busy
	}
	if rep.IdleBusy > busyThreshold {
		logf("warning: %.2f cores were busy with other work before the load; the figures will be skewed", rep.IdleBusy)
	}
	if rep.IdleMemory = readMemory(srv.pid()); rep.IdleMemory.OK {
		logf("server memory, idle: VmRSS %s, VmHWM %s", mib(rep.IdleMemory.RSS), mib(rep.IdleMemory.HWM))
	}
	for _, ep := range eps {
		var bg *background
		if o.logins > 0 && ep.name != baselineName {
			bg = startBackground(ctx, loginEndpoint(srv.url, sample), o.logins, o.load)
			logf("%s: with %d sign-ins running in the background", ep.name, o.logins)
		}
		logf("%s: %s warm-up, %s measured, %d workers", ep.name, o.load.warmup, o.load.duration, o.load.concurrency)
		stopRSS := watchRSS(srv.pid(), 100*time.Millisecond)
		res, err := measure(ctx, ep, o.load, srv.pid())
		res.RSSMax = stopRSS()
		if bg != nil {
			done := bg.stop()
			if err == nil {
				b := bg.within(done, res.Start, res.Elapsed)
				res.Background = &b
				logf("%s: background sign-ins: %d answers, %.1f/s, %d refused (429), %d errors, p50 %s, p99 %s", ep.name, b.Requests, b.Throughput(),
					b.Refused, b.Errors, ms(b.P50), ms(b.P99))
				for _, e := range b.FirstErrors {
					logf("%s: background error: %s", ep.name, e)
				}
			}
		}
		if err != nil {
			rep.Interrupted = ctx.Err() != nil
			return rep, fmt.Errorf("%s: %w", ep.name, err)
		}
		logf("%s: %d requests, %d errors, %.0f req/s, p50 %s, p95 %s, p99 %s; server RSS up to %s",
			ep.name, res.Requests, res.Errors, res.Throughput(), ms(res.P50), ms(res.P95), ms(res.P99), mib(res.RSSMax))
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
// (comma-separated names or path.Match patterns such as search*); all of
// them when only is empty.
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
		found := false
		for _, name := range names {
			if ok, err := path.Match(n, name); err != nil {
				return nil, fmt.Errorf("-endpoints: %q: %w", n, err)
			} else if ok {
				want[name], found = true, true
			}
		}
		if !found {
			return nil, fmt.Errorf("-endpoints: unknown %q; known: %s", n, strings.Join(names, ", "))
		}
	}
	var out []endpoint
	for _, ep := range all {
		if ep.name == baselineName || want[ep.name] {
			out = append(out, ep)
		}
	}
	return out, nil
}
