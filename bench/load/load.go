package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"noces/internal/account"
	"noces/internal/directory/index"
	"noces/internal/store"
)

// endpoint is one row of the benchmark. To measure a new route, add a row to
// the table in endpoints: makeRequest builds each request (a worker's own RNG
// lets it vary the user, the query or the body).
type endpoint struct {
	name        string
	method      string
	path        string
	desc        string // what the row requests, for the report; method and path when empty
	want        int    // the status every answer must have
	makeRequest func(rng *rand.Rand) (*http.Request, error)
	// direct, when set, does the row's database work in process through the
	// store, without HTTP: the -direct table.
	direct func(ctx context.Context, rng *rand.Rand) error
}

// describe is the row's request as the report shows it.
func (ep endpoint) describe() string {
	if ep.desc != "" {
		return ep.desc
	}
	return ep.method + " " + ep.path
}

// targets are the servers under test.
type targets struct {
	hello string // the in-process hello-world baseline, http://host:port
	noces string // the real binary
}

// fixtures are what the rows draw their users and places from.
type fixtures struct {
	tokens *tokenPool            // random users, for /api/me
	logins []subject             // random users, signing in
	bands  map[string]*tokenPool // providers by number of event requests; a band without providers is absent
	cities []city
	store  *store.Store // for the direct calls; nil when they are not measured
	index  *index.Index // the search's direct calls, over store
	now    func() time.Time
}

// baselineName names the row every other row is compared with.
const baselineName = "hello (baseline)"

// endpoints is the benchmark table. Rows whose data was not generated (the
// event-request rows without -requests) are left out.
func endpoints(t targets, f fixtures) []endpoint {
	eps := []endpoint{
		{name: baselineName, method: http.MethodGet, path: "/", want: http.StatusOK,
			makeRequest: plain(http.MethodGet, t.hello+"/")},
		{name: "healthz", method: http.MethodGet, path: "/healthz", want: http.StatusOK,
			makeRequest: plain(http.MethodGet, t.noces+"/healthz")},
		{name: "me", method: http.MethodGet, path: "/api/me", want: http.StatusOK,
			makeRequest: bearer(f.tokens, plain(http.MethodGet, t.noces+"/api/me"))},
	}
	if len(f.logins) > 0 {
		eps = append(eps, loginEndpoint(t.noces, f.logins))
	}
	for _, m := range searchMixes {
		mix := m.mix
		ep := endpoint{name: m.name, method: http.MethodGet, path: "/search", desc: m.desc, want: http.StatusOK,
			makeRequest: func(rng *rand.Rand) (*http.Request, error) {
				req, err := http.NewRequest(http.MethodGet, t.noces+"/search?"+mix(rng, f.cities).query(), nil)
				if err != nil {
					return nil, err
				}
				req.Host = publicHost
				req.Header.Set("Accept", "text/html")
				req.Header.Set("Accept-Language", "fr-FR,fr;q=0.9")
				return req, nil
			}}
		if f.index != nil {
			ep.direct = func(ctx context.Context, rng *rand.Rand) error {
				return mix(rng, f.cities).run(ctx, f.index, f.now())
			}
		}
		eps = append(eps, ep)
	}
	for _, b := range requestBands {
		pool := f.bands[b.Name]
		if pool == nil {
			continue
		}
		for _, sort := range []store.RequestSort{store.SortCreatedAt, store.SortEventDate} {
			for _, deep := range []bool{false, true} {
				eps = append(eps, requestsEndpoint(t.noces, f, b, pool, sort, deep))
			}
		}
	}
	return eps
}

// loginEndpoint signs in as a random generated user.
func loginEndpoint(base string, users []subject) endpoint {
	return endpoint{name: "login", method: http.MethodPost, path: "/api/login_check", want: http.StatusOK,
		desc: "POST /api/login_check (argon2id)",
		makeRequest: func(rng *rand.Rand) (*http.Request, error) {
			body, err := json.Marshal(map[string]string{"username": users[rng.IntN(len(users))].Email, "password": BenchPassword})
			if err != nil {
				return nil, err
			}
			req, err := http.NewRequest(http.MethodPost, base+"/api/login_check", bytes.NewReader(body))
			if err != nil {
				return nil, err
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json")
			return req, nil
		}}
}

// requestsPageSize is the list's default page size.
const requestsPageSize = 25

// requestsEndpoint lists the requests of a random provider of a band, sorted
// by one field in either direction; deep asks for a page in the second half
// of the list.
func requestsEndpoint(base string, f fixtures, b requestBand, pool *tokenPool, sort store.RequestSort, deep bool) endpoint {
	name := "requests-" + b.Name
	if sort == store.SortEventDate {
		name += "-event"
	}
	page := "page 1"
	if deep {
		name += "-deep"
		page = "a page in the second half"
	}
	bounds := fmt.Sprintf("%d-%d", b.Min, b.Max)
	if b.Max == math.MaxInt {
		bounds = fmt.Sprintf("%d+", b.Min)
	}
	desc := fmt.Sprintf("GET /api/event-requests?sortField=%s, %s, providers with %s requests", sort, page, bounds)
	pick := func(rng *rand.Rand) (subject, string, int, bool) {
		s, token := pool.pick(rng)
		p := 1
		if deep {
			pages := (s.Requests + requestsPageSize - 1) / requestsPageSize
			p = max(1, pages/2+1+rng.IntN(max(1, pages-pages/2)))
		}
		return s, token, p, rng.IntN(2) == 0
	}
	ep := endpoint{name: name, method: http.MethodGet, path: "/api/event-requests", desc: desc, want: http.StatusOK,
		makeRequest: func(rng *rand.Rand) (*http.Request, error) {
			_, token, p, desc := pick(rng)
			dir := "asc"
			if desc {
				dir = "desc"
			}
			u := fmt.Sprintf("%s/api/event-requests?page=%d&pageSize=%d&sortField=%s&sortDirection=%s", base, p, requestsPageSize, sort, dir)
			req, err := http.NewRequest(http.MethodGet, u, nil)
			if err != nil {
				return nil, err
			}
			req.Header.Set("Accept", "application/json")
			req.Header.Set("Authorization", "Bearer "+token)
			return req, nil
		}}
	if f.store != nil {
		ep.direct = func(ctx context.Context, rng *rand.Rand) error {
			s, _, p, desc := pick(rng)
			_, _, _, err := f.store.ListEventRequests(ctx, s.ID, sort, desc, requestsPageSize, (p-1)*requestsPageSize)
			return err
		}
	}
	return ep
}

// plain makes the same body-less request every time.
func plain(method, url string) func(*rand.Rand) (*http.Request, error) {
	return func(*rand.Rand) (*http.Request, error) {
		req, err := http.NewRequest(method, url, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Accept", "application/json")
		return req, nil
	}
}

// bearer signs each request made by next as a random generated user.
func bearer(tokens *tokenPool, next func(*rand.Rand) (*http.Request, error)) func(*rand.Rand) (*http.Request, error) {
	return func(rng *rand.Rand) (*http.Request, error) {
		req, err := next(rng)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Authorization", "Bearer "+tokens.random(rng))
		return req, nil
	}
}

// tokenPool holds access tokens for a sample of generated users. Tokens last
// account.AccessTTL; keepFresh re-mints them well before, so a long run never
// sends an expired one.
type tokenPool struct {
	signer   *account.Signer
	subjects []subject
	tokens   atomic.Pointer[[]string]
}

func newTokenPool(signer *account.Signer, subjects []subject) (*tokenPool, error) {
	if len(subjects) == 0 {
		return nil, errors.New("no users to mint tokens for")
	}
	p := &tokenPool{signer: signer, subjects: subjects}
	return p, p.mint(time.Now())
}

func (p *tokenPool) mint(now time.Time) error {
	out := make([]string, len(p.subjects))
	for i, s := range p.subjects {
		// A session id, as every token the server issues carries one: the
		// server checks it against its revoked sessions on each request.
		t, err := p.signer.Sign(account.Claims{UserID: s.ID, Role: s.Role, SessionID: "bench-" + s.ID}, now)
		if err != nil {
			return err
		}
		out[i] = t
	}
	p.tokens.Store(&out)
	return nil
}

// keepFresh re-mints every third of a token's life until ctx ends.
func (p *tokenPool) keepFresh(ctx context.Context) {
	tick := time.NewTicker(account.AccessTTL / 3)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			_ = p.mint(now) // signing with a valid key does not fail; the old tokens stay valid a while
		}
	}
}

func (p *tokenPool) random(rng *rand.Rand) string {
	_, t := p.pick(rng)
	return t
}

// pick returns a random user of the pool with its token.
func (p *tokenPool) pick(rng *rand.Rand) (subject, string) {
	ts := *p.tokens.Load()
	i := rng.IntN(len(ts))
	return p.subjects[i], ts[i]
}

// loadOptions are the shape of every run.
type loadOptions struct {
	concurrency int
	warmup      time.Duration
	duration    time.Duration
	seed        uint64
	timeout     time.Duration // per request
}

// newClient returns a keep-alive client with one idle connection per worker,
// so connections are reused, never re-dialled, during a run.
func newClient(o loadOptions) (*http.Client, *http.Transport) {
	tr := &http.Transport{
		Proxy:               nil, // loopback only; never through a proxy from the environment
		MaxIdleConns:        o.concurrency * 2,
		MaxIdleConnsPerHost: o.concurrency,
		IdleConnTimeout:     90 * time.Second,
		ForceAttemptHTTP2:   false,
	}
	return &http.Client{Transport: tr, Timeout: o.timeout}, tr
}

// check makes one request and says why it is not what the run expects, so a
// misconfiguration stops the bench instead of measuring error pages.
func check(ctx context.Context, client *http.Client, ep endpoint, rng *rand.Rand) error {
	req, err := ep.makeRequest(rng)
	if err != nil {
		return err
	}
	resp, err := client.Do(req.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("%s %s: %w", ep.method, ep.path, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 2048))
	if resp.StatusCode != ep.want {
		return fmt.Errorf("%s %s: status %d, want %d: %s", ep.method, ep.path, resp.StatusCode, ep.want, body)
	}
	return nil
}

// phase runs the workers against ep for d and returns what they measured.
// Workers start no request after d but let the ones in flight finish: cutting
// them would make the server log cancelled requests and skew the tail.
// Latencies are kept only when record is set (not during the warm-up).
func phase(ctx context.Context, client *http.Client, ep endpoint, o loadOptions, d time.Duration, record bool) (result, []time.Duration, error) {
	type tally struct {
		lat    []time.Duration
		errs   int
		first  []string
		reqErr error
	}
	tallies := make([]tally, o.concurrency)
	start := time.Now()
	deadline := start.Add(d)
	var wg sync.WaitGroup
	for w := range o.concurrency {
		wg.Go(func() {
			t := &tallies[w]
			if record {
				t.lat = make([]time.Duration, 0, 1<<14)
			}
			rng := rand.New(rand.NewPCG(o.seed, uint64(w)+1))
			for time.Now().Before(deadline) && ctx.Err() == nil {
				req, err := ep.makeRequest(rng)
				if err != nil {
					t.reqErr = err
					return
				}
				t0 := time.Now()
				resp, err := client.Do(req.WithContext(ctx))
				if err == nil {
					_, err = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if err == nil && resp.StatusCode != ep.want {
						err = fmt.Errorf("status %d", resp.StatusCode)
					}
				}
				lat := time.Since(t0)
				if err != nil && ctx.Err() != nil {
					return // cut by Ctrl-C: neither a request nor an error
				}
				if record {
					t.lat = append(t.lat, lat)
				}
				if err != nil {
					t.errs++
					if len(t.first) < 3 {
						t.first = append(t.first, err.Error())
					}
				}
			}
		})
	}
	wg.Wait()
	r := result{Name: ep.name, Method: ep.method, Path: ep.path, Desc: ep.describe(), Start: start, Elapsed: time.Since(start)}
	var all []time.Duration
	for _, t := range tallies {
		if t.reqErr != nil {
			return r, nil, fmt.Errorf("%s: make request: %w", ep.name, t.reqErr)
		}
		r.Requests += len(t.lat)
		r.Errors += t.errs
		all = append(all, t.lat...)
		if len(r.FirstErrors) < 5 {
			r.FirstErrors = append(r.FirstErrors, t.first...)
		}
	}
	return r, all, nil
}

// measure checks ep, warms it up, then measures it; serverPID is sampled for
// the CPU columns.
func measure(ctx context.Context, ep endpoint, o loadOptions, serverPID int) (result, error) {
	client, tr := newClient(o)
	defer tr.CloseIdleConnections()
	if err := check(ctx, client, ep, rand.New(rand.NewPCG(o.seed, 0))); err != nil {
		return result{}, err
	}
	if o.warmup > 0 {
		if _, _, err := phase(ctx, client, ep, o, o.warmup, false); err != nil {
			return result{}, err
		}
	}
	if err := ctx.Err(); err != nil {
		return result{}, err
	}
	before := sampleCPU()
	r, lat, err := phase(ctx, client, ep, o, o.duration, true)
	if err != nil {
		return r, err
	}
	r.CPU = sampleCPU().since(before, serverPID)
	if err := ctx.Err(); err != nil {
		return r, err
	}
	summarize(&r, lat)
	return r, nil
}

// measureDirect runs ep.direct one call at a time, for o.warmup unmeasured
// then o.duration: the database's share of the row, without HTTP, the
// template and the load generator competing for the CPU.
func measureDirect(ctx context.Context, ep endpoint, o loadOptions) (result, error) {
	rng := rand.New(rand.NewPCG(o.seed, 0xd1ec7))
	run := func(d time.Duration, record bool) (result, []time.Duration, error) {
		r := result{Name: ep.name, Method: ep.method, Path: ep.path, Desc: ep.describe(), Start: time.Now()}
		var lat []time.Duration
		deadline := r.Start.Add(d)
		for time.Now().Before(deadline) {
			if err := ctx.Err(); err != nil {
				return r, nil, err
			}
			t0 := time.Now()
			if err := ep.direct(ctx, rng); err != nil {
				return r, nil, fmt.Errorf("%s: %w", ep.name, err)
			}
			if record {
				lat = append(lat, time.Since(t0))
			}
		}
		r.Elapsed = time.Since(r.Start)
		r.Requests = len(lat)
		return r, lat, nil
	}
	if o.warmup > 0 {
		if _, _, err := run(o.warmup, false); err != nil {
			return result{}, err
		}
	}
	before := sampleCPU()
	r, lat, err := run(o.duration, true)
	if err != nil {
		return r, err
	}
	r.CPU = sampleCPU().since(before, 0)
	summarize(&r, lat)
	return r, nil
}
