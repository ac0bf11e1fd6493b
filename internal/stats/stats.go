// Package stats computes a provider's statistics from real counts: request
// outcomes and public profile views.
package stats

import (
	"context"
	"math"
	"time"

	"noces/internal/apperr"
	"noces/internal/clock"
	"noces/internal/store"
)

// Service computes statistics.
type Service struct {
	store *store.Store
	clock clock.Clock
}

// NewService returns the statistics service.
func NewService(s *store.Store, c clock.Clock) *Service { return &Service{store: s, clock: c} }

// Rates are percentages (0-100, one decimal) over all of a provider's requests.
type Rates struct {
	AnsweredRate             float64
	SeenOpenRate             float64
	UnlockedRate             float64
	RejectedRate             float64
	LastMonthlyMessagesCount int
	ViewsTotal               int
}

// Rates computes the dashboard rates. Answered means a first message to the
// couple within 48 hours of the request (event_requests.first_answer_at),
// the answer rate docs/leads.md describes.
func (s *Service) Rates(ctx context.Context, userID string) (Rates, error) {
	c, err := s.store.CountEventRequests(ctx, userID, s.clock.Now().AddDate(0, 0, -30))
	if err != nil {
		return Rates{}, err
	}
	views, err := s.store.CountProfileViews(ctx, userID)
	if err != nil {
		return Rates{}, err
	}
	pct := func(n int) float64 {
		if c.Total == 0 {
			return 0
		}
		return math.Round(float64(n)*1000/float64(c.Total)) / 10
	}
	return Rates{AnsweredRate: pct(c.Answered), SeenOpenRate: pct(c.Seen), UnlockedRate: pct(c.Unlocked),
		RejectedRate: pct(c.Rejected), LastMonthlyMessagesCount: c.SinceFrom, ViewsTotal: views}, nil
}

// DayViews is one point of the views chart.
type DayViews struct {
	Date  string `json:"date"`
	Views int    `json:"views"`
}

// periodDays maps the chart's periods to their number of days, today included.
var periodDays = map[string]int{"today": 1, "7days": 7, "30days": 30}

// Views returns one point per day of the period, zero for days without
// views, oldest first. Days are UTC days. The chart is a premium feature.
func (s *Service) Views(ctx context.Context, userID, period string) ([]DayViews, error) {
	n, ok := periodDays[period]
	if !ok {
		return nil, apperr.Validation(map[string]string{"period": "validation.period_invalid"})
	}
	u, err := s.store.GetUser(ctx, userID)
	if err != nil {
		return nil, err
	}
	if !u.IsPremium(s.clock.Now()) {
		return nil, apperr.New(apperr.Forbidden, "statistics.errors.premium_required")
	}
	today := s.clock.Now().UTC().Truncate(24 * time.Hour)
	from := today.AddDate(0, 0, -(n - 1))
	counts, err := s.store.CountProfileViewsByDay(ctx, userID, from.Format(time.DateOnly))
	if err != nil {
		return nil, err
	}
	byDay := make(map[string]int, len(counts))
	for _, c := range counts {
		byDay[c.Day] = c.Count
	}
	out := make([]DayViews, n)
	for i := range out {
		d := from.AddDate(0, 0, i).Format(time.DateOnly)
		out[i] = DayViews{Date: d, Views: byDay[d]}
	}
	return out, nil
}
