package httpapi

import (
	"net/http"
	"strings"
	"time"

	"noces/internal/i18n"
)

type creditLogItem struct {
	ID          string    `json:"id"`
	CreatedAt   time.Time `json:"createdAt"`
	Description string    `json:"description"`
	Deposited   int       `json:"deposited"`
	Withdrawn   int       `json:"withdrawn"`
}

func (s *Server) creditLogs(w http.ResponseWriter, r *http.Request) error {
	c, _ := claimsOf(r.Context())
	logs, err := s.Billing.Logs(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	lang := i18n.LangFrom(r.Context())
	out := make([]creditLogItem, len(logs))
	for i, l := range logs {
		desc := l.Description
		// Rows the product writes carry a text key; an admin's adjustment
		// carries the admin's own words.
		if strings.HasPrefix(desc, "credits.log.") {
			desc = s.Texts.T(lang, desc)
		}
		out[i] = creditLogItem{ID: l.ID, CreatedAt: l.CreatedAt, Description: desc, Deposited: l.Deposited, Withdrawn: l.Withdrawn}
	}
	writeJSON(w, http.StatusOK, map[string]any{"logs": out})
	return nil
}
