package main

import (
	"math"
	"testing"
	"time"
)

func TestPercentile(t *testing.T) {
	ms := func(ns ...int) []time.Duration {
		var out []time.Duration
		for _, n := range ns {
			out = append(out, time.Duration(n)*time.Millisecond)
		}
		return out
	}
	hundred := make([]time.Duration, 100)
	for i := range hundred {
		hundred[i] = time.Duration(i+1) * time.Millisecond
	}
	tests := []struct {
		name   string
		sorted []time.Duration
		p      float64
		want   time.Duration
	}{
		{"no samples give zero", nil, 50, 0},
		{"one sample is every percentile", ms(7), 99, 7 * time.Millisecond},
		{"the median of an odd count is the middle", ms(1, 2, 3, 4, 5), 50, 3 * time.Millisecond},
		{"the median of an even count is the lower middle (nearest rank)", ms(1, 2, 3, 4), 50, 2 * time.Millisecond},
		{"p90 of 1..100 is 90", hundred, 90, 90 * time.Millisecond},
		{"p99 of 1..100 is 99", hundred, 99, 99 * time.Millisecond},
		{"p100 is the maximum", hundred, 100, 100 * time.Millisecond},
		{"a tiny percentile is the minimum", hundred, 0.001, 1 * time.Millisecond},
		{"p99 of ten samples is the maximum", ms(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 99, 10 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := percentile(tt.sorted, tt.p); got != tt.want {
				t.Errorf("percentile(%v, %v) = %v, want %v", tt.sorted, tt.p, got, tt.want)
			}
		})
	}
}

func TestSummarizeSortsAndFillsPercentiles(t *testing.T) {
	var lat []time.Duration
	for i := 100; i >= 1; i-- { // reversed on purpose
		lat = append(lat, time.Duration(i)*time.Microsecond)
	}
	var r result
	summarize(&r, lat)
	if r.P50 != 50*time.Microsecond || r.P90 != 90*time.Microsecond || r.P99 != 99*time.Microsecond {
		t.Errorf("got p50 %v p90 %v p99 %v, want 50µs 90µs 99µs", r.P50, r.P90, r.P99)
	}
}

func TestThroughputAndRatio(t *testing.T) {
	r := result{Requests: 5000, Elapsed: 2 * time.Second}
	if got := r.Throughput(); got != 2500 {
		t.Errorf("throughput = %v, want 2500", got)
	}
	if got := (result{Requests: 10}).Throughput(); got != 0 {
		t.Errorf("throughput without elapsed time = %v, want 0", got)
	}
	if got := ratio(1, 4); got != 0.25 {
		t.Errorf("ratio(1, 4) = %v, want 0.25", got)
	}
	if got := ratio(1, 0); !math.IsNaN(got) {
		t.Errorf("ratio(1, 0) = %v, want NaN", got)
	}
}
