package directory

import "context"

// BadgeRating is what a badge says of a provider's reviews: the number of
// approved reviews and their average rating out of 5 (0 when there is none).
type BadgeRating struct {
	Count   int
	Average float64
}

// BadgeRating returns the approved reviews' count and average of a provider,
// for its embeddable badge; pending and rejected reviews do not count.
func (s *Service) BadgeRating(ctx context.Context, userID string) (BadgeRating, error) {
	n, avg, err := s.store.ReviewStats(ctx, userID)
	if err != nil {
		return BadgeRating{}, err
	}
	return BadgeRating{Count: n, Average: avg}, nil
}
