package index

import (
	"database/sql"
	"testing"
	"time"

	"noces/internal/model"
)

// The directory's index turns the premium rule into one end time per
// listing (premiumFacts.settle) instead of asking model.PremiumInForce for
// each listing at each search: both must answer alike for every status, end
// and moment.
func TestDirectoryPremiumIsTheModelRule(t *testing.T) {
	base := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	ends := []sql.NullTime{{}, model.NullTime(base.Add(-time.Hour)), model.NullTime(base), model.NullTime(base.Add(time.Hour)),
		model.NullTime(time.Date(2300, 1, 1, 0, 0, 0, 0, time.UTC))}
	nows := []time.Time{base.Add(-2 * time.Hour), base.Add(-time.Nanosecond), base, base.Add(time.Nanosecond), base.Add(2 * time.Hour)}
	for _, status := range []string{model.PremiumNone, model.PremiumActive, model.PremiumCancellation, model.PremiumCanceled, ""} {
		for _, end := range ends {
			p := premiumFacts{Status: status, End: end}
			p.settle()
			for _, now := range nows {
				if got, want := p.at(now.UnixNano()), model.PremiumInForce(status, end, now); got != want {
					t.Errorf("%q ending %v at %v: index says %v, model says %v", status, end, now, got, want)
				}
			}
		}
	}
}
