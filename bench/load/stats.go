package main

import (
	"math"
	"slices"
	"time"
)

// percentile returns the nearest-rank p-th percentile (0 < p <= 100) of
// sorted latencies: the smallest value that at least p% of the samples do
// not exceed. It returns 0 for no samples.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	rank = max(1, min(rank, len(sorted)))
	return sorted[rank-1]
}

// result is what one endpoint's measured run gives.
type result struct {
	Name, Method, Path string
	Desc               string // the request, as endpoint.describe gives it
	Requests, Errors   int
	// Refused counts the 429s with Retry-After among Requests (background
	// sign-ins only): asked to come back later, not failed.
	Refused            int
	Start              time.Time // of the measured phase
	Elapsed            time.Duration
	P50, P90, P95, P99 time.Duration
	CPU                cpuShare
	// RSSMax is the server's largest VmRSS seen during the row (warm-up
	// and background sign-ins included), in bytes; 0 when unknown.
	RSSMax      int64
	FirstErrors []string
	// Background is what the background sign-ins did during the measured
	// phase, when -logins is set.
	Background *result
}

// summarize sorts the latencies in place and fills the percentiles.
func summarize(r *result, latencies []time.Duration) {
	slices.Sort(latencies)
	r.P50 = percentile(latencies, 50)
	r.P90 = percentile(latencies, 90)
	r.P95 = percentile(latencies, 95)
	r.P99 = percentile(latencies, 99)
}

// Throughput is completed requests (failed ones included) per second.
func (r result) Throughput() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Requests) / r.Elapsed.Seconds()
}

// ratio returns a/b, or NaN when b is zero (no baseline).
func ratio(a, b float64) float64 {
	if b == 0 {
		return math.NaN()
	}
	return a / b
}
