package httpapi

// The dashboard's statistics of a planner or venue.

import (
	"net/http"

	"noces/internal/account"
)

type ratesReply struct {
	Success bool `json:"success"`
	Data    struct {
		AnsweredRate float64 `json:"answeredRate"`
		SeenOpenRate float64 `json:"seenOpenRate"`
		UnlockedRate float64 `json:"unlockedRate"`
		RejectedRate float64 `json:"rejectedRate"`
	} `json:"data"`
	LastMonthlyMessagesCount int `json:"lastMonthlyMessagesCount"`
	ViewsTotal               int `json:"viewsTotal"`
}

func (s *Server) statisticsRates(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	rates, err := s.Stats.Rates(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	out := ratesReply{Success: true, LastMonthlyMessagesCount: rates.LastMonthlyMessagesCount, ViewsTotal: rates.ViewsTotal}
	out.Data.AnsweredRate, out.Data.SeenOpenRate = rates.AnsweredRate, rates.SeenOpenRate
	out.Data.UnlockedRate, out.Data.RejectedRate = rates.UnlockedRate, rates.RejectedRate
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) statisticsViews(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	period := r.URL.Query().Get("period")
	if period == "" {
		period = "7days"
	}
	days, err := s.Stats.Views(r.Context(), c.UserID, period)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "data": days})
	return nil
}

type portfolioViewsPoint struct {
	PortfolioID string `json:"portfolioId"`
	Title       string `json:"title"`
	Date        string `json:"date"`
	Views       int    `json:"views"`
}

func (s *Server) statisticsPortfolioViews(w http.ResponseWriter, r *http.Request, c account.Claims) error {
	period := r.URL.Query().Get("period")
	if period == "" {
		period = "7days"
	}
	points, err := s.MediaService.PortfolioViews(r.Context(), c.UserID, period)
	if err != nil {
		return err
	}
	data := make([]portfolioViewsPoint, len(points))
	for i, p := range points {
		data[i] = portfolioViewsPoint(p)
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "data": data})
	return nil
}
