package httpapi

import (
	"time"

	"noces/internal/eventreq"
)

// requestRefund says whether the credit spent on a request came back by
// itself, when and why (bounced, unopened, booked); both null
// otherwise. The web app words the reason in the reader's language.
type requestRefund struct {
	RefundedAt   *time.Time `json:"refundedAt"`
	RefundReason *string    `json:"refundReason"`
}

func toRequestRefund(v eventreq.View) requestRefund {
	if !v.RefundedAt.Valid {
		return requestRefund{}
	}
	return requestRefund{RefundedAt: &v.RefundedAt.Time, RefundReason: &v.RefundReason.String}
}
