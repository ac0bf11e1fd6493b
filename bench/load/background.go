package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// background keeps workers making one endpoint's requests while another row
// is measured (-logins: sign-ins while /api/me is measured). It records when
// each answer came and how long it took, so what happened during the other
// row's measured phase can be told apart from its warm-up.
type background struct {
	ep       endpoint
	stopping atomic.Bool
	wg       sync.WaitGroup
	mu       sync.Mutex
	done     []completion
	stopTr   func()
}

type completion struct {
	end time.Time
	lat time.Duration
	err string // empty when the answer had the wanted status
	// refused is a 429 with Retry-After: the server asked to come back
	// later, which the worker did; not an error.
	refused bool
}

// sleep waits d, or less when the background stops.
func (b *background) sleep(ctx context.Context, d time.Duration) {
	end := time.Now().Add(d)
	for time.Now().Before(end) && !b.stopping.Load() && ctx.Err() == nil {
		time.Sleep(min(50*time.Millisecond, time.Until(end)))
	}
}

// startBackground starts workers workers on ep. They share one keep-alive
// client of their own, so they do not take the measured row's connections.
func startBackground(ctx context.Context, ep endpoint, workers int, o loadOptions) *background {
	bo := o
	bo.concurrency = workers
	client, tr := newClient(bo)
	b := &background{ep: ep, stopTr: tr.CloseIdleConnections}
	for w := range workers {
		b.wg.Go(func() {
			rng := rand.New(rand.NewPCG(o.seed^0xb4c6, uint64(w)+1))
			for !b.stopping.Load() && ctx.Err() == nil {
				req, err := ep.makeRequest(rng)
				if err != nil {
					b.record(completion{end: time.Now(), err: err.Error()})
					return
				}
				t0 := time.Now()
				resp, err := client.Do(req.WithContext(ctx))
				var retryAfter time.Duration
				refused := false
				if err == nil {
					_, err = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if s, aerr := strconv.Atoi(resp.Header.Get("Retry-After")); aerr == nil && resp.StatusCode == http.StatusTooManyRequests {
						refused, retryAfter = true, time.Duration(s)*time.Second
					} else if err == nil && resp.StatusCode != ep.want {
						err = fmt.Errorf("status %d", resp.StatusCode)
					}
				}
				if err != nil && ctx.Err() != nil {
					return
				}
				c := completion{end: time.Now(), lat: time.Since(t0), refused: refused}
				if err != nil {
					c.err = err.Error()
				}
				b.record(c)
				// A person told to come back later does; hammering the
				// server would only measure how fast it says no.
				b.sleep(ctx, retryAfter)
			}
		})
	}
	return b
}

func (b *background) record(c completion) {
	b.mu.Lock()
	b.done = append(b.done, c)
	b.mu.Unlock()
}

// stop starts no new request, lets the ones in flight finish (cutting them
// would make the server log cancelled requests), and returns every answer.
func (b *background) stop() []completion {
	b.stopping.Store(true)
	b.wg.Wait()
	b.stopTr()
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.done
}

// within summarizes the answers that came during [from, from+d].
func (b *background) within(done []completion, from time.Time, d time.Duration) result {
	r := result{Name: b.ep.name, Method: b.ep.method, Path: b.ep.path, Desc: b.ep.describe(), Start: from, Elapsed: d}
	to := from.Add(d)
	var lat []time.Duration
	for _, c := range done {
		if c.end.Before(from) || c.end.After(to) {
			continue
		}
		r.Requests++
		if c.refused {
			r.Refused++
			continue // the latencies are those of the answers that were not "later"
		}
		lat = append(lat, c.lat)
		if c.err != "" {
			r.Errors++
			if len(r.FirstErrors) < 5 {
				r.FirstErrors = append(r.FirstErrors, c.err)
			}
		}
	}
	summarize(&r, lat)
	return r
}
